"""Which pen draws what on the game's 128-colour screen, and its colour.

The one table of pens and colours: the engine names message pens from it,
the artwork is drawn in its pens and the game shows its colours.  Pixels
hold pens, not colours, so the game recolours an area by setting one pen:
every land and every sea has a pen of its own, and showing a kingdom in a
shade of its hero's colour, or a land under ice, is one palette change, as
on the Amiga.
The colours of the areas themselves are worked out from the map's data
(:mod:`saga.art.palette`); every other colour is here.
"""

from __future__ import annotations

from saga.engine.host import FIRST_HERO_PEN, WHITE, hero_pen
from saga.engine.tables import LAND_AREAS

PENS = 128
RGB = tuple[int, int, int]

# The interface's pens (0-12, 15).
# WHITE (plain messages) and the heroes' pens are the engine's, which names them.
BLACK, LIGHT_GREY, MEDIUM_GREY, DARK_GREY, GREEN = 0, 2, 3, 4, 5
FIRST_HERO = FIRST_HERO_PEN  # hero h (0 Beowulf .. 5 Starkad): counters, messages, kingdoms
SEA = 12
MENU_SELECT = SEA  # the highlighted menu item
MENU_BACK, MENU_TEXT = WHITE, BLACK
RED_TEXT = 15  # losing scores

# The counters' pens (13, 14, 16-31).
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

FIRST_LAND = 32  # lands 0..35 are pens 32..67
FIRST_SEA = 68  # seas 36..65 are pens 68..97

# The map's detail pens (98-113).
(
    COAST,
    LAND_BORDER,
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

BORDER = (114, 115, 116, 117)  # the screen's frame, in the current hero's colour, dark to light


def area_pen(area: int) -> int:
    """The pen an area is painted in."""
    return FIRST_LAND + area if area < LAND_AREAS else FIRST_SEA + area - LAND_AREAS


UI_COLOURS: dict[int, RGB] = {
    BLACK: (0, 0, 0),
    WHITE: (255, 255, 255),
    LIGHT_GREY: (187, 187, 187),
    MEDIUM_GREY: (136, 136, 136),
    DARK_GREY: (85, 85, 85),
    GREEN: (34, 187, 68),
    SEA: (51, 85, 170),
    RED_TEXT: (204, 51, 51),
}

# The heroes' own colours: their counters, messages and the frame.
HERO_COLOURS: tuple[RGB, ...] = (
    (221, 136, 34),  # Beowulf, amber
    (204, 34, 34),  # Brunhild, red
    (221, 204, 34),  # Egil, yellow
    (34, 187, 187),  # Ragnar, teal
    (85, 102, 221),  # Siegfried, blue
    (187, 51, 187),  # Starkad, purple
)
# Kingdoms are filled in a paler shade of their hero's colour, this far
# towards white: the hero's counter and recruited jarls, in the full colour,
# stand out on the hero's own lands instead of melting into them.
KINGDOM_TINT = 0.35
KINGDOM_COLOURS: tuple[RGB, ...] = tuple(
    (
        round(r + (255 - r) * KINGDOM_TINT),
        round(g + (255 - g) * KINGDOM_TINT),
        round(b + (255 - b) * KINGDOM_TINT),
    )
    for r, g, b in HERO_COLOURS
)
NEUTRAL_FRAME: RGB = (153, 153, 153)  # the frame when no hero is moving
ICE: RGB = (204, 204, 204)  # a land under the Is spell

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
    LAND_BORDER: (104, 86, 56),
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


def fixed_colours() -> dict[int, RGB]:
    """Every pen's colour that does not depend on the map: 0-31 and 98-113."""
    heroes = {hero_pen(h): rgb for h, rgb in enumerate(HERO_COLOURS)}
    return {**UI_COLOURS, **heroes, **COUNTER_COLOURS, **DETAIL_COLOURS}


def land_in_play(drawn: RGB, king: int, ice: bool) -> RGB:
    """A land's colour during a game: pale under ice, else its king's
    kingdom shade (a hero number, or -1 for none), else as the map draws it."""
    if ice:
        return ICE
    return KINGDOM_COLOURS[king] if king >= 0 else drawn


def frame_shades(colour: RGB) -> list[RGB]:
    """Four shades of a colour, dark to light, for a bevelled frame."""
    r, g, b = colour
    return [
        (min(255, int(r * f)), min(255, int(g * f)), min(255, int(b * f)))
        for f in (0.55, 0.75, 0.95, 1.15)
    ]
