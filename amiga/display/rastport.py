"""Pen drawing on a bitmap, after graphics.library's RastPort.

Everything is clipped to the bitmap and recorded as dirty, so callers can
draw anywhere and present only what changed.
"""

from __future__ import annotations

from enum import IntFlag

import numpy as np

from amiga.display.bitmap import BitMap
from amiga.display.box import Box
from amiga.display.font import Font, default_font
from amiga.display.image import Image


class DrawMode(IntFlag):
    """How set and clear bits of a pattern (glyph, line, fill) become pixels.

    The values are graphics.library's, so modes read from data keep meaning.
    """

    JAM1 = 0  # set bits in APen; clear bits leave the bitmap alone
    JAM2 = 1  # set bits in APen, clear bits in BPen
    COMPLEMENT = 2  # set bits invert the pixel's planes; pens ignored
    INVERSVID = 4  # swap set and clear bits first (inverse text)


class RastPort:
    """A drawing context: pens, mode, current position and font.

    Coordinates follow graphics.library: rectangles are inclusive
    ``(xmin, ymin, xmax, ymax)`` and text is drawn with its baseline at the
    current position's y, advancing x.
    """

    def __init__(self, bitmap: BitMap, font: Font | None = None) -> None:
        self.bitmap = bitmap
        self.font = font or default_font()
        self.draw_mode = DrawMode.JAM2
        self.cp_x = 0
        self.cp_y = 0
        self._apen = 1
        self._bpen = 0

    @property
    def apen(self) -> int:
        """The foreground pen (SetAPen)."""
        return self._apen

    @apen.setter
    def apen(self, pen: int) -> None:
        self._apen = _pen(pen)

    @property
    def bpen(self) -> int:
        """The background pen (SetBPen), used by JAM2."""
        return self._bpen

    @bpen.setter
    def bpen(self, pen: int) -> None:
        self._bpen = _pen(pen)

    # -- pixels, lines, rectangles -------------------------------------------

    def write_pixel(self, x: int, y: int) -> bool:
        """Plot one pixel in the APen; False if it fell outside the bitmap."""
        box = Box.sized(x, y, 1, 1).clip(self.bitmap.bounds)
        self._render(box.slices, np.True_, box)
        return not box.empty

    def read_pixel(self, x: int, y: int) -> int:
        """The pen at (x, y), or -1 outside the bitmap, as ReadPixel."""
        if not (0 <= x < self.bitmap.width and 0 <= y < self.bitmap.height):
            return -1
        return int(self.bitmap.pixels[y, x])

    def move(self, x: int, y: int) -> None:
        """Set the current position without drawing."""
        self.cp_x, self.cp_y = x, y

    def draw(self, x: int, y: int) -> None:
        """Draw a line from the current position to (x, y), both ends
        included, and move there."""
        xs, ys = line_points(self.cp_x, self.cp_y, x, y, self.bitmap.bounds)
        self.cp_x, self.cp_y = x, y
        if xs.size:
            box = Box(int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
            self._render((ys, xs), np.True_, box)

    def rect_fill(self, xmin: int, ymin: int, xmax: int, ymax: int) -> None:
        """Fill an inclusive rectangle in the APen (RectFill)."""
        box = Box.inclusive(xmin, ymin, xmax, ymax).clip(self.bitmap.bounds)
        self._render(box.slices, np.True_, box)

    # -- text ------------------------------------------------------------------

    def text(self, text: str) -> None:
        """Draw ``text`` at the current position (baseline) and advance.

        Characters the font does not cover show its replacement
        glyph, so unsupported text is visible rather than silently lost.
        """
        strip = self.font.render(text)
        box = Box.sized(self.cp_x, self.cp_y - self.font.baseline, strip.shape[1], self.font.height)
        self.cp_x += strip.shape[1]
        clipped = box.clip(self.bitmap.bounds)
        self._render(clipped.slices, strip[clipped.moved(-box.left, -box.top).slices], clipped)

    def text_length(self, text: str) -> int:
        """Width of ``text`` in pixels in this RastPort's font (TextLength)."""
        return self.font.text_length(text)

    # -- images ----------------------------------------------------------------

    def blit(self, image: Image, x: int, y: int) -> None:
        """Copy an image's pens to (x, y), through its mask if it has one.

        Pens and draw mode do not apply: like a blitter copy, the image's own
        pens land on the bitmap, clipped at its edges.
        """
        box = Box.sized(x, y, image.width, image.height)
        clipped = box.clip(self.bitmap.bounds)
        if clipped.empty:
            return
        source = clipped.moved(-x, -y).slices
        target = self.bitmap.pixels[clipped.slices]
        if image.mask is None:
            target[...] = image.pixels[source]
        else:
            np.copyto(target, image.pixels[source], where=image.mask[source])
        self.bitmap.touch(clipped)

    def read_image(self, xmin: int, ymin: int, xmax: int, ymax: int) -> Image:
        """Copy an inclusive rectangle out as an opaque image, e.g. to save
        what a requester will cover and blit it back afterwards."""
        box = Box.inclusive(xmin, ymin, xmax, ymax)
        if box.clip(self.bitmap.bounds) != box or box.empty:
            raise ValueError(f"{box} is not a non-empty part of the bitmap")
        return Image(self.bitmap.pixels[box.slices].copy())

    # -- the one place pens meet pixels ----------------------------------------

    def _render(
        self,
        index: tuple[slice, slice] | tuple[np.ndarray, np.ndarray],
        pattern: np.ndarray | np.bool_,
        box: Box,
    ) -> None:
        """Apply the draw mode to the pixels at ``index``.

        ``pattern`` (a boolean array shaped like the indexed pixels, or a
        scalar for solid shapes) says which pixels are set bits; every pixel
        indexed is covered, so JAM2 paints the clear ones in the BPen.
        """
        if box.empty:
            return
        pixels = self.bitmap.pixels
        old = pixels[index]
        if DrawMode.INVERSVID in self.draw_mode:
            pattern = np.logical_not(pattern)
        set_to: np.ndarray | int
        clear_to: np.ndarray | int
        if DrawMode.COMPLEMENT in self.draw_mode:
            set_to, clear_to = old ^ np.uint8((1 << self.bitmap.depth) - 1), old
        else:
            set_to, clear_to = self._apen, (self._bpen if DrawMode.JAM2 in self.draw_mode else old)
        pixels[index] = np.where(pattern, set_to, clear_to)
        self.bitmap.touch(box)


def line_points(x0: int, y0: int, x1: int, y1: int, bounds: Box) -> tuple[np.ndarray, np.ndarray]:
    """The pixels of a Bresenham line inside ``bounds``, as (xs, ys).

    Each pixel is the exact line rounded to the nearest row (or column),
    ties going toward the start, which is what the classic integer
    algorithm plots.  Computing positions directly rather than stepping lets
    clipping skip to the visible span, so clipped lines cost no more than
    visible ones and keep the same pixels as if drawn on a larger bitmap.
    """
    dx, dy = x1 - x0, y1 - y0
    if abs(dx) >= abs(dy):
        xs, ys = _steps(x0, y0, dx, dy, bounds.left, bounds.right)
        keep = (ys >= bounds.top) & (ys < bounds.bottom)
    else:
        ys, xs = _steps(y0, x0, dy, dx, bounds.top, bounds.bottom)
        keep = (xs >= bounds.left) & (xs < bounds.right)
    return xs[keep], ys[keep]


def _steps(
    major0: int, minor0: int, dmajor: int, dminor: int, lo: int, hi: int
) -> tuple[np.ndarray, np.ndarray]:
    """Positions along the major axis inside [lo, hi), and the minor ones."""
    n = abs(dmajor)
    step = -1 if dmajor < 0 else 1
    if step > 0:
        first, last = max(0, lo - major0), min(n, hi - 1 - major0)
    else:
        first, last = max(0, major0 - (hi - 1)), min(n, major0 - lo)
    i = np.arange(first, last + 1, dtype=np.int64)
    major = major0 + step * i
    if n == 0:
        return major, np.full_like(i, minor0)
    offset = (2 * i * abs(dminor) + n - 1) // (2 * n)
    return major, minor0 + (-offset if dminor < 0 else offset)


def _pen(pen: int) -> int:
    if not 0 <= pen <= 255:
        raise ValueError(f"a pen is 0-255, not {pen}")
    return pen
