"""Counters: 24x24 tiles as on the board game's counter sheet.

A counter shows its short name along the top, an emblem of its kind in the
middle and its combat and movement factors at the bottom, in the 3x5 mini
font.  The top is the part that still shows when counters are stacked 7
pixels apart on the board, so a pile tells who is in it: the name, and the
tile's colour for the kind and the side.  The tile's colour is a pen, so a
recruited jarl can be drawn in its hero's pen and a hero's counter follows
its hero's colour.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from amiga.display import Image
from saga.art import emblems as E
from saga.art import minifont
from saga.engine import tables as T
from saga.engine.host import hero_pen
from saga.look import pens as P

COUNTER_SIZE = 24
_TEXT_WIDTH = COUNTER_SIZE - 4  # inside the outline and the bevel
_NAME_TOP = 2  # the band a pile leaves showing: rows 0 to 6
_EMBLEM_TOP, _EMBLEM_HEIGHT = 7, 10
_DIGITS_TOP = 17

# Emblem pen roles.
ROLES = {
    "k": P.BLACK,
    "w": P.WHITE,
    "l": P.LIGHT_GREY,
    "m": P.MEDIUM_GREY,
    "d": P.DARK_GREY,
    "s": P.STEEL,
    "g": P.GOLD,
    "r": P.DARK_RED,
    "e": P.SKIN,
    "h": P.HIGHLIGHT,
    "n": P.GREEN,
}

SPECIES_EMBLEMS = (
    E.DRAGON,
    E.DROW,
    E.GIANT,
    E.GHOST,
    E.TROLL,
    E.WITCH,
    E.HYDRA,
    E.SERPENT,
    E.KRAKEN,
)
TREASURE_EMBLEMS = (
    E.NECKLACE,
    E.HORSE,
    E.SHIRT,
    E.MAIL,
    E.POTION,
    E.RING,
    E.CROWN,
    E.SCROLL,
)
# Treasure names are catalog messages; the counters carry a short English tag.
TREASURE_TAGS = ("NECK.", "FAXI", "SHIRT", "MAIL", "HEAL.", "RING", "CROWN", "SCRL.")

_DARK_TILES = (P.JARL_BACK, P.DROW_TILE, P.KRAKEN_TILE, P.SWORD_TILE)


def _tags(names: Sequence[str]) -> tuple[str, ...]:
    """Names as the counters print them: shortened with a full stop to fit,
    or, where two would then read alike, to as many first letters as fit,
    so that Thorolf and Thorvald read THORO and THORV, not THOR. twice."""
    short = [minifont.fit(name, _TEXT_WIDTH) for name in names]
    return tuple(
        minifont.fit(name, _TEXT_WIDTH, stop=False) if short.count(tag) > 1 else tag
        for name, tag in zip(names, short, strict=True)
    )


HERO_TAGS = _tags(T.HERO_NAMES)
JARL_TAGS = _tags([jarl.name for jarl in T.JARL_TABLE])
MONSTER_TAGS = _tags([monster.name for monster in T.MONSTER_TABLE])
SWORD_TAGS = _tags([name.split(" (")[0] for name in T.SWORD_NAMES])


def counter_image(
    kind: T.Kind,
    number: int,
    *,
    pen: int | None = None,
    selected: bool = False,
    face_down: bool = False,
) -> Image:
    """The counter ``number`` of ``kind`` (``tables.HERO``, ``JARL``,
    ``MONSTER``, ``SWORD`` or ``TREASURE``).

    ``pen`` recolours the tile (a jarl in its hero's pen); ``selected`` draws
    the bright frame the game shows on counters that move or fight;
    ``face_down`` shows a jarl's or a treasure's back.
    """
    top, emblem, name, tile = _face(kind, number, face_down)
    tile = tile if pen is None else pen
    ink = P.WHITE if tile in _DARK_TILES else P.BLACK
    pixels = np.full((COUNTER_SIZE, COUNTER_SIZE), tile, np.uint8)
    _bevel(pixels, selected)
    if top:
        left, right = top
        _text(pixels, left, 3, _DIGITS_TOP, ink)
        _text(pixels, right, COUNTER_SIZE - 3 - minifont.text_width(right), _DIGITS_TOP, ink)
    _emblem(pixels, emblem)
    if name:
        text = minifont.fit(name, _TEXT_WIDTH)
        _text(pixels, text, (COUNTER_SIZE - minifont.text_width(text)) // 2, _NAME_TOP, ink)
    mask = np.ones((COUNTER_SIZE, COUNTER_SIZE), bool)
    mask[[0, 0, -1, -1], [0, -1, 0, -1]] = False  # rounded corners
    return Image(pixels, mask)


def _face(
    kind: T.Kind, number: int, face_down: bool
) -> tuple[tuple[str, str] | None, tuple[str, ...], str, int]:
    """(factors, emblem, name as printed, tile pen) of one counter."""
    if kind == T.HERO:
        return (
            (str(T.HERO_STRENGTH), str(T.HERO_MOVES)),
            E.HERO,
            HERO_TAGS[number],
            hero_pen(number),
        )
    if kind == T.JARL:
        if face_down:
            return None, E.BACK, "", P.JARL_BACK
        jarl = T.JARL_TABLE[number]
        return (str(jarl.strength), str(jarl.moves)), E.JARL, JARL_TAGS[number], P.JARL_TILE
    if kind == T.MONSTER:
        monster = T.MONSTER_TABLE[number]
        return (
            (str(monster.strength), str(monster.moves)),
            SPECIES_EMBLEMS[monster.species],
            MONSTER_TAGS[number],
            P.SPECIES_TILE[monster.species],
        )
    if kind == T.SWORD:
        return (f"+{T.SWORD_BONUS[number]}", ""), E.SWORD, SWORD_TAGS[number], P.SWORD_TILE
    if kind == T.TREASURE:
        if face_down:  # the treasure pile's backs
            return None, E.BACK, "", P.TREASURE_TILE
        return None, TREASURE_EMBLEMS[number], TREASURE_TAGS[number], P.TREASURE_TILE
    raise ValueError(f"no counters of kind {kind}")


def _bevel(pixels: np.ndarray, selected: bool) -> None:
    """A black outline, inside it a light top-left and dark bottom-right
    edge, or for a selected counter a bright frame.  The outline is black on
    every counter, selected or not: it parts the counter from any land or sea
    under it, even one in the counter's own colour."""
    if selected:
        pixels[[1, -2], 1:-1] = P.HIGHLIGHT
        pixels[1:-1, [1, -2]] = P.HIGHLIGHT
    else:
        pixels[1, 1:-1] = P.WHITE
        pixels[1:-1, 1] = P.WHITE
        pixels[-2, 1:-1] = P.DARK_GREY
        pixels[1:-1, -2] = P.DARK_GREY
    pixels[[0, -1], :] = P.BLACK
    pixels[:, [0, -1]] = P.BLACK


def _text(pixels: np.ndarray, text: str, x: int, y: int, ink: int) -> None:
    ink_mask = minifont.render(text)
    h, w = ink_mask.shape
    pixels[y : y + h, x : x + w][ink_mask] = ink


def _emblem(pixels: np.ndarray, rows: tuple[str, ...]) -> None:
    h, w = len(rows), len(rows[0])
    y = _EMBLEM_TOP + (_EMBLEM_HEIGHT - h) // 2
    x = (COUNTER_SIZE - w) // 2
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            if ch in ROLES:
                pixels[y + dy, x + dx] = ROLES[ch]
