"""Intuition for the emulated screen: gadgets, menus, requesters and windows.

Knows nothing of any program.  Everything draws into a RastPort in the pens
a :class:`DrawInfo` names, and hit-tests with the very box it drew, so what
the player sees is what the pointer hits.
"""

from amiga.intuition.gadgets import (
    Button,
    CheckBox,
    Cycle,
    Gadget,
    GadgetList,
    Scroller,
    Slider,
    StringGadget,
)
from amiga.intuition.look import DrawInfo, bevel, label
from amiga.intuition.menus import Menu, MenuItem, MenuStrip, bar
from amiga.intuition.window import Window

__all__ = [
    "Button",
    "CheckBox",
    "Cycle",
    "DrawInfo",
    "Gadget",
    "GadgetList",
    "Menu",
    "MenuItem",
    "MenuStrip",
    "Scroller",
    "Slider",
    "StringGadget",
    "Window",
    "bar",
    "bevel",
    "label",
]
