"""Little pictures scattered on the map: mountains, hills, trees, marsh, waves.

Drawn as text: each character names a pen role, '.' is transparent.
"""

from __future__ import annotations

import numpy as np

from saga.look import pens as P

ROLES = {
    "k": P.RIDGE,
    "d": P.HILL_SHADE,
    "l": P.HILL_LIGHT,
    "w": P.SNOW,
    "f": P.FOREST,
    "F": P.FOREST_DARK,
    "t": P.HILL_SHADE,
    "~": P.WAVES,
    "o": P.ROSE_DARK,
    "g": P.ROSE_GOLD,
    "r": P.ROSE_LIGHT,
}

MOUNTAIN = (
    ".....k.....",
    "....kwk....",
    "...kwwdk...",
    "..kllwddk..",
    ".kllllddd..",
    "kllllldddd.",
)
RANGE = (
    "...k.......",
    "..kwk..k...",
    ".kwwdkkwk..",
    "klllddwwdk.",
    "llllddlldd.",
    "lllddlllddd",
)
PEAK = (
    "...k...",
    "..kwk..",
    ".kllddk",
    "kllldd.",
)
HILLS = (
    "..kk...kk..",
    ".kllk.klldk",
    "kllldkllldd",
)
PINE = (
    "..F..",
    ".FfF.",
    "FffFF",
    ".FfF.",
    "FffFF",
    "..t..",
)
TREE = (
    ".FFF.",
    "FffFF",
    "FfFFF",
    ".FFF.",
    "..t..",
)
MARSH = (
    "f.f.f",
    ".fff.",
)
WAVE = (
    ".~~...",
    "~..~~.",
)

# The compass rose that sits on the top edge of the map.
ROSE = (
    "...........ooooo...........",
    "........ooorrorrooo........",
    "......oorrrrrorrrrroo......",
    ".....oorrrgggogggrrroo.....",
    "....orrrggrroogrrggrrro....",
    "...orrrgrrrroogrrrrgrrro...",
    "..oorrorrrrroogrrrrrorroo..",
    "..orrgrorrroooggrrrorgrro..",
    ".orrgrrrogroooggroorrrgrro.",
    ".orrgrrroogoogggoogrrrgrro.",
    ".orgrrrrroggggooogrrrrrgro.",
    "orrgrrrgggggggoooooorrrgrro",
    "orrgggggggggggooooooooogrro",
    "ooooooooooooorooooooooooooo",
    "orrgooooooooooooogggggggrro",
    "orrgrrroooooooooogggrrrgrro",
    ".orgrrrrrgoooooooorrrrrgro.",
    ".orrgrrrgooggooogoorrrgrro.",
    ".orrgrrroorggooorgorrrgrro.",
    "..orrgrorrrggooorrrorgrro..",
    "..oorrorrrrrgoorrrrrorroo..",
    "...orrrgrrrrgoorrrrgrrro...",
    "....orrrggrrgoorrggrrro....",
    ".....oorrrgggogggrrroo.....",
    "......oorrrrrorrrrroo......",
    "........ooorrorrooo........",
    "...........ooooo...........",
)

# What each kind of country shows, in the order they are tried.
TERRAIN_GLYPHS: dict[str, tuple[tuple[str, ...], ...]] = {
    "mountains": (RANGE, MOUNTAIN, PEAK),
    "hills": (HILLS, PEAK),
    "pines": (PINE, PINE, MOUNTAIN),
    "forest": (TREE, TREE, PINE),
    "marsh": (MARSH, MARSH, TREE),
    "plain": (HILLS, TREE),
}


def glyph(rows: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """A glyph's pens and its mask of painted pixels."""
    mask = np.array([[ch in ROLES for ch in row] for row in rows])
    pens = np.array([[ROLES.get(ch, 0) for ch in row] for row in rows], np.uint8)
    return pens, mask
