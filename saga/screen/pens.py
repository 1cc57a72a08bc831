"""The screens' pens, and how the game screen gets its colours.

Pen numbers and colours are defined once, in :mod:`saga.look.pens`; the screens
name them through this module, which adds what only the screen does with
them: load the map's palette and shade the frame.
"""

from __future__ import annotations

from collections.abc import Mapping

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
    frame_shades,
    hero_pen,
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
    "fixed_colours",
    "frame_shades",
    "hero_pen",
    "install",
]


def install(palette: Palette, colours: Mapping[int, RGB]) -> None:
    """Give pens their colours: the fixed ones (all a screen without the map,
    the title screen or a chart, draws with), or the map's."""
    for pen, colour in colours.items():
        if palette[pen] != colour:
            palette.set_rgb(pen, *colour)
