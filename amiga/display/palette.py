"""The colour table of an indexed screen: pens mapped to 24-bit colours.

Pixels hold pen numbers, never colours, so that changing one pen recolours
everything drawn with it at the next presentation -- the way an Amiga program
flashes a country or highlights the current player without redrawing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

MAX_PENS = 256

RGB = tuple[int, int, int]


class Palette:
    """Up to 256 pens of 8 bits per gun, as AGA colour registers hold them.

    With ``halfbrite`` the palette also carries a shadow copy of every pen at
    half brightness, ``pens`` further on (pen ``n + pens`` is pen ``n``
    halved).  This generalises the Amiga's Extra-Half-Brite mode: one extra
    bitplane selects the dim copy, so a rectangle can be dimmed, and undimmed,
    by flipping one bit per pixel while every pen can still be recoloured.
    The shadow pens follow their originals and cannot be set directly.
    """

    def __init__(self, pens: int = 128, *, halfbrite: bool = False) -> None:
        if not 1 <= pens <= MAX_PENS:
            raise ValueError(f"a palette has 1 to {MAX_PENS} pens, not {pens}")
        if halfbrite and (pens * 2 > MAX_PENS or pens & (pens - 1)):
            raise ValueError("half-brite needs a power of two of at most 128 pens")
        self.pens = pens
        self.halfbrite = halfbrite
        self.version = 0
        self._rgb = np.zeros((MAX_PENS, 3), np.uint8)

    def __len__(self) -> int:
        """How many colours a pixel may show: the pens, and their shadows."""
        return self.pens * 2 if self.halfbrite else self.pens

    def __getitem__(self, pen: int) -> RGB:
        if not 0 <= pen < len(self):
            raise IndexError(f"pen {pen} is outside this {len(self)}-colour palette")
        r, g, b = self._rgb[pen]
        return int(r), int(g), int(b)

    @property
    def rgb(self) -> np.ndarray:
        """All 256 colour registers as a read-only (256, 3) array.

        Presentation looks every pixel up in this table, so it always has
        256 rows: pixels beyond the palette show black rather than failing.
        """
        view = self._rgb.view()
        view.flags.writeable = False
        return view

    def colours(self) -> list[RGB]:
        """The displayable colours in pen order, for image writers."""
        return [self[pen] for pen in range(len(self))]

    def set_rgb(self, pen: int, r: int, g: int, b: int) -> None:
        """Set a pen from 8-bit guns (0-255)."""
        self.load([(r, g, b)], first=pen)

    def set_rgb4(self, pen: int, r: int, g: int, b: int) -> None:
        """Set a pen from 4-bit guns (0-15), as graphics.library's SetRGB4.

        A 4-bit gun is stretched by repeating it (0xA becomes 0xAA) so that
        15 is full white, the same as the hardware's 12-bit palette shows it.
        """
        for gun in (r, g, b):
            if not 0 <= gun <= 15:
                raise ValueError(f"a SetRGB4 gun is 0-15, not {gun}")
        self.set_rgb(pen, r * 0x11, g * 0x11, b * 0x11)

    def set_rgb32(self, pen: int, r: int, g: int, b: int) -> None:
        """Set a pen from left-justified 32-bit guns, as SetRGB32.

        AGA keeps the top eight bits of each gun; the rest are precision the
        hardware does not have.
        """
        self.set_rgb(pen, *_top_bytes((r, g, b)))

    def load_rgb32(self, table: Sequence[int]) -> None:
        """Load runs of pens from a LoadRGB32 table.

        The table is a list of 32-bit words: a header ``count << 16 | first``,
        then ``count`` red, green, blue triples of left-justified 32-bit guns,
        repeated, and ended by a header whose count is 0.
        """
        i = 0
        while True:
            if i >= len(table):
                raise ValueError("LoadRGB32 table has no terminating zero count")
            count, first = table[i] >> 16, table[i] & 0xFFFF
            if count == 0:
                return
            guns = table[i + 1 : i + 1 + 3 * count]
            if len(guns) != 3 * count:
                raise ValueError(f"LoadRGB32 run at word {i} is cut short")
            self.load(np.array(_top_bytes(guns)).reshape(count, 3), first=first)
            i += 1 + 3 * count

    def load(self, colours: Iterable[RGB] | np.ndarray, first: int = 0) -> None:
        """Set consecutive pens from 8-bit colours, e.g. from an ILBM CMAP."""
        rgb = np.asarray(colours, dtype=np.int64).reshape(-1, 3)
        last = first + len(rgb)
        if first < 0 or last > self.pens:
            raise IndexError(f"pens {first}..{last - 1} are outside 0..{self.pens - 1}")
        if rgb.size and (rgb.min() < 0 or rgb.max() > 255):
            raise ValueError("colour guns are 0-255")
        if np.array_equal(self._rgb[first:last], rgb):
            return  # unchanged pens must not force a full-screen repaint
        self._rgb[first:last] = rgb
        if self.halfbrite:
            self._rgb[first + self.pens : last + self.pens] = self._rgb[first:last] >> 1
        self.version += 1


def rgb32_table(colours: Iterable[RGB], first: int = 0) -> list[int]:
    """Build a LoadRGB32 table for 8-bit colours starting at pen ``first``.

    Each byte is replicated through the 32-bit word (0xAB becomes 0xABABABAB),
    the convention that keeps full intensity at full intensity on any depth.
    """
    guns = [gun * 0x01010101 for colour in colours for gun in colour]
    return [(len(guns) // 3) << 16 | first, *guns, 0]


def _top_bytes(guns: Iterable[int]) -> list[int]:
    out = []
    for gun in guns:
        if not 0 <= gun <= 0xFFFFFFFF:
            raise ValueError(f"a 32-bit gun is 0-0xFFFFFFFF, not {gun:#x}")
        out.append(gun >> 24)
    return out
