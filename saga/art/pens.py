"""Which pen draws what, and the colours our artwork expects in them.

Pixels hold pens, not colours, so the game recolours an area by setting one
pen: every land and every sea has a pen of its own.  Pens 0-31 belong to the
game's interface; the counters borrow the top half of them.  The colours
here are the defaults our pictures are drawn for; the game may change any.
Pens 13-31 are the counters' (15 is spare).
"""

from __future__ import annotations

from saga.engine import tables as T

PENS = 128
RGB = tuple[int, int, int]

# The interface's pens, with the colours the game is expected to give them.
BLACK, WHITE, LIGHT_GREY, MID_GREY, DARK_GREY, GREEN = range(6)
HERO_PEN = tuple(range(6, 12))  # Beowulf .. Starkad
SEA_UI = 12

# Counter pens (13-31).
TREASURE_TILE, SWORD_TILE = 13, 14
(
    JARL_TILE,
    JARL_BACK,
    GOLD,
    STEEL,
    DRAGON_TILE,
    DROW_TILE,
    GIANT_TILE,
    GHOST_TILE,
    TROLL_TILE,
    WITCH_TILE,
    HYDRA_TILE,
    SERPENT_TILE,
    KRAKEN_TILE,
    DARK_RED,
    SKIN,
    HIGHLIGHT,
) = range(16, 32)
SPECIES_TILE = tuple(range(DRAGON_TILE, KRAKEN_TILE + 1))  # in tables' species order

LAND_PEN0 = 32  # land n is pen 32 + n
SEA_PEN0 = 68  # sea s (36..65) is pen 68 + (s - 36)

# Map detail pens (98-127).
(
    COAST,
    BORDER,
    DIVIDER,
    SHALLOWS,
    WAVES,
    HILL_SHADE,
    HILL_LIGHT,
    SNOW,
    FOREST,
    FOREST_DARK,
    STRAIT,
    FRAME,
    ROSE_DARK,
    ROSE_LIGHT,
    ROSE_GOLD,
    RIDGE,
) = range(98, 114)


def area_pen(area: int) -> int:
    """The pen an area is painted in."""
    return LAND_PEN0 + area if area < T.LAND_AREAS else SEA_PEN0 + area - T.LAND_AREAS


UI_COLOURS: dict[int, RGB] = {
    BLACK: (0, 0, 0),
    WHITE: (255, 255, 255),
    LIGHT_GREY: (187, 187, 187),
    MID_GREY: (136, 136, 136),
    DARK_GREY: (85, 85, 85),
    GREEN: (51, 170, 68),
    HERO_PEN[0]: (204, 51, 40),  # Beowulf, red
    HERO_PEN[1]: (238, 204, 51),  # Brunhild, yellow
    HERO_PEN[2]: (204, 85, 187),  # Egil, magenta
    HERO_PEN[3]: (238, 136, 34),  # Ragnar, orange
    HERO_PEN[4]: (85, 204, 221),  # Siegfried, cyan
    HERO_PEN[5]: (136, 85, 204),  # Starkad, violet
    SEA_UI: (68, 119, 187),
}

COUNTER_COLOURS: dict[int, RGB] = {
    TREASURE_TILE: (96, 156, 120),
    SWORD_TILE: (88, 96, 112),
    JARL_TILE: (214, 196, 156),
    JARL_BACK: (92, 72, 56),
    GOLD: (238, 187, 51),
    STEEL: (200, 208, 220),
    DRAGON_TILE: (200, 72, 56),
    DROW_TILE: (96, 84, 128),
    GIANT_TILE: (176, 132, 92),
    GHOST_TILE: (196, 212, 228),
    TROLL_TILE: (122, 150, 88),
    WITCH_TILE: (150, 104, 176),
    HYDRA_TILE: (72, 160, 136),
    SERPENT_TILE: (64, 148, 176),
    KRAKEN_TILE: (112, 92, 168),
    DARK_RED: (136, 24, 24),
    SKIN: (236, 188, 150),
    HIGHLIGHT: (255, 238, 85),
}

DETAIL_COLOURS: dict[int, RGB] = {
    COAST: (36, 40, 60),
    BORDER: (104, 86, 56),
    DIVIDER: (132, 168, 218),
    SHALLOWS: (118, 164, 218),
    WAVES: (96, 144, 206),
    HILL_SHADE: (98, 88, 64),
    HILL_LIGHT: (168, 152, 112),
    SNOW: (240, 244, 250),
    FOREST: (56, 112, 56),
    FOREST_DARK: (32, 72, 40),
    STRAIT: (84, 134, 200),
    FRAME: (36, 40, 60),
    ROSE_DARK: (72, 56, 40),
    ROSE_LIGHT: (240, 228, 196),
    ROSE_GOLD: (214, 170, 72),
    RIDGE: (70, 60, 44),
}
