"""A custom screen: bitmap, palette and RastPort opened together."""

from __future__ import annotations

import numpy as np

from amiga.display.bitmap import BitMap
from amiga.display.box import Box
from amiga.display.palette import Palette
from amiga.display.rastport import RastPort

# graphics/modeid.h: PAL_MONITOR_ID | HIRESLACE_KEY, "PAL:High Res Laced".
PAL_MONITOR_ID = 0x00021000
HIRESLACE_KEY = 0x00008004
HIRES_LACE_PAL = PAL_MONITOR_ID | HIRESLACE_KEY


class DisplayError(RuntimeError):
    """A screen could not be shown: no display, or no usable video driver."""


# An AGA hires-interlace PAL screen's size: the default screen's.
PAL_WIDTH, PAL_HEIGHT = 640, 512


class Screen:
    """What OpenScreen would give: a ``depth``-plane bitmap, its palette of
    ``2 ** depth`` pens, and a RastPort to draw with.

    The default is an AGA hires-interlace PAL screen, 640x512 in 128 pens.
    With ``halfbrite`` the bitmap gets one more plane that shows every pen
    at half brightness, which is what :meth:`dim` uses.
    """

    def __init__(
        self,
        width: int = PAL_WIDTH,
        height: int = PAL_HEIGHT,
        depth: int = 7,
        *,
        halfbrite: bool = False,
        mode_id: int = HIRES_LACE_PAL,
    ) -> None:
        self.mode_id = mode_id
        self.palette = Palette(1 << depth, halfbrite=halfbrite)
        self.bitmap = BitMap(width, height, depth + int(halfbrite))
        self.rastport = RastPort(self.bitmap)

    @property
    def width(self) -> int:
        return self.bitmap.width

    @property
    def height(self) -> int:
        return self.bitmap.height

    @property
    def pixels(self) -> np.ndarray:
        return self.bitmap.pixels

    def dim(self, xmin: int, ymin: int, xmax: int, ymax: int) -> None:
        """Darken an inclusive rectangle to half brightness, e.g. behind a
        requester.

        On an indexed screen a darker colour has to be another pen.  Setting
        the half-brite plane picks each pixel's own shadow pen, so the dimmed
        picture keeps all its detail, still follows palette changes (a
        country recoloured while a requester is up dims correctly), dims
        twice to the same result, and comes back exactly with :meth:`undim`
        -- none of which a stipple or a remap onto a few dark pens gives.
        """
        self._halfbrite(xmin, ymin, xmax, ymax, on=True)

    def undim(self, xmin: int, ymin: int, xmax: int, ymax: int) -> None:
        """Restore full brightness to an inclusive rectangle."""
        self._halfbrite(xmin, ymin, xmax, ymax, on=False)

    def _halfbrite(self, xmin: int, ymin: int, xmax: int, ymax: int, *, on: bool) -> None:
        if not self.palette.halfbrite:
            raise RuntimeError("dimming needs a screen opened with halfbrite=True")
        box = Box.inclusive(xmin, ymin, xmax, ymax).clip(self.bitmap.bounds)
        if box.empty:
            return
        plane = np.uint8(self.palette.pens)
        region = self.bitmap.pixels[box.slices]
        if on:
            region |= plane
        else:
            region &= ~plane
        self.bitmap.touch(box)
