"""The application icon: Siegfried's counter, as the About window shows it.

One picture in pens, 32x32 with the counter in the middle and a transparent
margin, is the window's icon at 1x and the desktop's icon at 8x (256x256),
so the two can never disagree.  ``python -m saga.art.build`` writes both as
indexed PNGs beside the map; the window and ``saga --install-desktop`` read
those files.
"""

from __future__ import annotations

import numpy as np

from amiga.iff.png import encode_png
from saga.art import WINDOW_ICON
from saga.art.counters import COUNTER_SIZE, counter_image
from saga.art.palette import default_palette
from saga.engine import tables as T

ICON_SIZE = 32  # the window icon's size; the desktop's are whole multiples
ICON_SCALES = {WINDOW_ICON: 1, "icon-256.png": 8}
HERO = 4  # Siegfried, who stands for the game in the About window too


def icon_pens() -> tuple[np.ndarray, int]:
    """The 32x32 icon in pens, and the pen that stands for transparency."""
    counter = counter_image(T.HERO, HERO)
    used = set(np.unique(counter.pixels[counter.mask]).tolist())
    clear = min(set(range(len(default_palette()))) - used)
    pixels = np.full((ICON_SIZE, ICON_SIZE), clear, np.uint8)
    at = (ICON_SIZE - COUNTER_SIZE) // 2
    np.copyto(
        pixels[at : at + COUNTER_SIZE, at : at + COUNTER_SIZE], counter.pixels, where=counter.mask
    )
    return pixels, clear


def icon_png(scale: int) -> bytes:
    """The icon as an indexed PNG, ``scale`` screen pixels to a pixel."""
    pixels, clear = icon_pens()
    big = pixels.repeat(scale, 0).repeat(scale, 1)
    return encode_png(big, list(default_palette()), transparent=clear)
