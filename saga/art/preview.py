"""PNG previews of our artwork, for people to look at (not used by the game).

The map alone at 1x and 2x, every counter on one sheet at 3x, and the map in
play: counters stacked on areas, three kingdoms in their heroes' colours and
one land under ice.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from amiga.display import Image, Screen
from amiga.iff.png import encode_png
from saga.art import COUNTER_SIZE, counter_image, load_map
from saga.engine import tables as T
from saga.look import pens as P

SHEET_SCALE = 3


def write_previews(folder: Path) -> list[Path]:
    """Write the previews into ``folder`` and return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    pixels, _, palette = load_map()
    written = []

    def save(name: str, picture: np.ndarray, colours: list[tuple[int, int, int]]) -> None:
        path = folder / name
        path.write_bytes(encode_png(picture, colours))
        written.append(path)

    save("map.png", pixels, palette)
    save("map-2x.png", _scale(pixels, 2), palette)
    save("counters-3x.png", _scale(counter_sheet(), SHEET_SCALE), palette)
    screen, colours = in_play()
    save("in-play.png", screen, colours)
    save("in-play-2x.png", _scale(screen, 2), colours)
    return written


def counter_sheet() -> np.ndarray:
    """Every counter in rows by kind, with selected and re-pened examples."""
    rows: list[list[Image]] = [
        [counter_image(T.HERO, h) for h in range(len(T.HERO_NAMES))]
        + [counter_image(T.HERO, 0, selected=True)],
        [counter_image(T.JARL, j) for j in range(len(T.JARL_TABLE))]
        + [
            counter_image(T.JARL, 0, face_down=True),
            counter_image(T.JARL, 3, pen=P.hero_pen(2)),
        ],
        [counter_image(T.MONSTER, m) for m in range(len(T.MONSTER_TABLE))],
        [counter_image(T.SWORD, s) for s in range(len(T.SWORD_NAMES))]
        + [counter_image(T.TREASURE, t) for t in range(len(T.TREASURE_NAMES))],
    ]
    gap = 4
    width = max(len(r) for r in rows) * (COUNTER_SIZE + gap) + gap
    sheet = np.full((len(rows) * (COUNTER_SIZE + gap) + gap, width), P.MEDIUM_GREY, np.uint8)
    for r, row in enumerate(rows):
        for c, image in enumerate(row):
            y, x = gap + r * (COUNTER_SIZE + gap), gap + c * (COUNTER_SIZE + gap)
            target = sheet[y : y + COUNTER_SIZE, x : x + COUNTER_SIZE]
            np.copyto(target, image.pixels, where=image.mask)
    return sheet


# (area, counters) stacked bottom first, for the in-play preview.
_STACKS = (
    (4, ((T.HERO, 0), (T.JARL, 2), (T.MONSTER, 0), (T.JARL, 11))),
    (13, ((T.HERO, 3), (T.JARL, 5))),
    (27, ((T.MONSTER, 18), (T.JARL, -1), (T.HERO, 4))),
    (45, ((T.MONSTER, 29),)),
    (33, ((T.HERO, 1), (T.MONSTER, 24), (T.JARL, 7))),
    (23, ((T.MONSTER, 9), (T.HERO, 2))),
    (50, ((T.MONSTER, 31), (T.HERO, 5))),
    (63, ((T.MONSTER, 30),)),
    (17, ((T.JARL, -1),)),
)
_KINGDOMS = {0: (2, 3, 4, 5), 3: (13, 15, 16), 1: (33, 34)}
_ICE = 32


def in_play() -> tuple[np.ndarray, list[tuple[int, int, int]]]:
    """The map as the game might show it mid-game."""
    pixels, _, palette = load_map()
    screen = Screen()
    screen.palette.load(palette)
    screen.pixels[...] = pixels
    kings = {area: hero for hero, areas in _KINGDOMS.items() for area in areas}
    for area in [*kings, _ICE]:
        drawn = palette[P.area_pen(area)]
        colour = P.land_in_play(drawn, kings.get(area, -1), area == _ICE)
        screen.palette.load([colour], first=P.area_pen(area))
    for area, stack in _STACKS:
        a = T.AREA_TABLE[area]
        for k, (kind, number) in enumerate(stack):
            image = (
                counter_image(kind, 0, face_down=True)
                if number < 0
                else counter_image(kind, number, selected=(area == 4 and k == 3))
            )
            screen.rastport.blit(image, a.x - 12, a.y - 12 - 7 * k)
    return screen.pixels.copy(), screen.palette.colours()


def _scale(picture: np.ndarray, factor: int) -> np.ndarray:
    return picture.repeat(factor, 0).repeat(factor, 1)
