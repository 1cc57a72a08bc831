"""The screens' pens, and how the game screen gets its colours.

Pen numbers and colours are defined once, in :mod:`saga.look.pens`; the screens
name them through this module, which adds what only the screen does with
them: load the map's palette and shade the frame.
"""

from __future__ import annotations

from amiga.display import Palette
from saga.look.pens import (
    BLACK,
    BORDER,
    DARK_GREY,
    FIRST_HERO,
    FIRST_LAND,
    GOLD,
    GREEN,
    HERO_COLOURS,
    LIGHT_GREY,
    MEDIUM_GREY,
    MENU_BACK,
    MENU_SELECT,
    MENU_TEXT,
    NEUTRAL_FRAME,
    RED_TEXT,
    RGB,
    WHITE,
    fixed_colours,
    hero_pen,
    land_in_play,
)

__all__ = [
    "BLACK",
    "BORDER",
    "DARK_GREY",
    "FIRST_HERO",
    "FIRST_LAND",
    "GOLD",
    "GREEN",
    "HERO_COLOURS",
    "LIGHT_GREY",
    "MEDIUM_GREY",
    "MENU_BACK",
    "MENU_SELECT",
    "MENU_TEXT",
    "NEUTRAL_FRAME",
    "RED_TEXT",
    "WHITE",
    "frame_shades",
    "hero_pen",
    "install",
    "install_fixed",
    "land_in_play",
]


def install_fixed(palette: Palette) -> None:
    """Give the pens that do not depend on the map their colours: all a
    screen without the map (the title screen, a chart) draws with."""
    for pen, colour in fixed_colours().items():
        palette.set_rgb(pen, *colour)


def install(palette: Palette, map_colours: list[RGB]) -> None:
    """Give every pen below the frame its colour: the map file's palette,
    which is built from :mod:`saga.look.pens` (a test keeps the two equal)."""
    palette.load(map_colours[: BORDER[0]])


def frame_shades(colour: RGB) -> list[RGB]:
    """Four shades of a colour, dark to light, for a bevelled frame."""
    r, g, b = colour
    return [
        (min(255, int(r * f)), min(255, int(g * f)), min(255, int(b * f)))
        for f in (0.55, 0.75, 0.95, 1.15)
    ]
