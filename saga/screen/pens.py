"""Which pen is which on the game's 128-colour screen, and their colours.

Each land is painted in a pen of its own, so showing a kingdom in its
hero's colour, or a land under ice, is one palette change, as on the Amiga.
"""

from __future__ import annotations

from amiga.display import Palette
from saga.art.pens import COUNTER_COLOURS

BLACK, WHITE, LIGHT_GREY, MEDIUM_GREY, DARK_GREY, GREEN = range(6)
FIRST_HERO = 6  # 6..11
SEA = 12
MENU_SELECT = SEA  # the highlighted menu item
RED_TEXT = 15  # losing scores
GOLD = 18  # shared with the counters' gold (saga.art.pens.GOLD)
MENU_BACK, MENU_TEXT = WHITE, BLACK
# 13, 14 and 16..31 are the counters' pens, 98..113 the map's (saga.art.pens).
FIRST_LAND = 32  # lands 0..35 are pens 32..67
FIRST_SEA = 68  # seas 36..65 are pens 68..97
BORDER = (114, 115, 116, 117)  # the frame, in the current hero's colour, dark to light

UI_COLOURS: dict[int, tuple[int, int, int]] = {
    BLACK: (0, 0, 0),
    WHITE: (255, 255, 255),
    LIGHT_GREY: (187, 187, 187),
    MEDIUM_GREY: (136, 136, 136),
    DARK_GREY: (85, 85, 85),
    GREEN: (34, 187, 68),
    SEA: (51, 85, 170),
    RED_TEXT: (204, 51, 51),
}

# The heroes' own colours: their counters, messages, kingdoms and frame.
HERO_COLOURS = (
    (221, 136, 34),  # Beowulf, amber
    (204, 34, 34),  # Brunhild, red
    (221, 204, 34),  # Egil, yellow
    (34, 187, 187),  # Ragnar, teal
    (85, 102, 221),  # Siegfried, blue
    (187, 51, 187),  # Starkad, purple
)
NEUTRAL_FRAME = (153, 153, 153)
ICE = (204, 204, 204)


def install(palette: Palette, map_colours: list[tuple[int, int, int]]) -> None:
    """Give every pen its colour: the interface's, the heroes', the art's."""
    for pen in range(32, 114):
        palette.set_rgb(pen, *map_colours[pen])
    for pen, colour in COUNTER_COLOURS.items():
        palette.set_rgb(pen, *colour)
    for pen, colour in UI_COLOURS.items():
        palette.set_rgb(pen, *colour)
    for hero, colour in enumerate(HERO_COLOURS):
        palette.set_rgb(FIRST_HERO + hero, *colour)


def frame_shades(colour: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """Four shades of a colour, dark to light, for a bevelled frame."""
    return [tuple(min(255, int(c * f)) for c in colour) for f in (0.55, 0.75, 0.95, 1.15)]
