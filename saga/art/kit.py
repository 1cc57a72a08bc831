"""The pictures the screens draw with, as one object: ours, or the original's.

Every screen asks :class:`Art` for the map, the counters and the colours,
so the player's own copy of the original (:mod:`saga.original`) can stand
in for ours wherever ours would appear, part by part.  Nothing here
decides anything in the game: which art is shown changes no answer, no
save and no replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Protocol

import numpy as np

from amiga.display import Image
from saga.engine import tables as T
from saga.look import pens as P


@dataclass(frozen=True)
class BoardPicture:
    """The map on the whole screen: its pens, the area under each pixel (255: none),
    and the colours of the pens it is drawn in."""

    pixels: np.ndarray  # 512x640 screen pens
    regions: np.ndarray  # 512x640 areas
    colours: dict[int, P.RGB]


class Art(Protocol):
    """What the screens draw with."""

    def fixed_colours(self) -> dict[int, P.RGB]:
        """The colours of the pens every screen uses (the interface's and the counters'),
        the title screen included: those that do not come with the map."""
        ...

    def board(self) -> BoardPicture:
        """The map: fresh arrays, which the caller may draw on."""
        ...

    def counter(
        self,
        kind: T.Kind,
        number: int,
        *,
        pen: int | None = None,
        selected: bool = False,
        face_down: bool = False,
    ) -> Image:
        """Counter ``number`` of ``kind``; ``pen``, a hero's pen, for a jarl in that
        hero's service; a selected counter or the back of a face-down one."""
        ...

    def land(self, area: int, king: int, ice: bool) -> P.RGB:
        """A land's colour in play: under ice, in ``king``'s kingdom (a hero, -1 for none),
        or as the map shows it."""
        ...

    def frame(self, hero: int | None) -> list[P.RGB]:
        """The screen frame's four shades, dark to light, for a hero's turn (None: nobody's)."""
        ...


class OwnArt:
    """Saga's own map, counters and colours."""

    def fixed_colours(self) -> dict[int, P.RGB]:
        return P.fixed_colours()

    def board(self) -> BoardPicture:
        from saga.art import load_map  # the map file and its reader wait for the first game

        pixels, regions, palette = load_map()
        return BoardPicture(pixels, regions, dict(enumerate(palette[: P.BORDER[0]])))

    def counter(
        self,
        kind: T.Kind,
        number: int,
        *,
        pen: int | None = None,
        selected: bool = False,
        face_down: bool = False,
    ) -> Image:
        from saga.art.counters import counter_image

        return counter_image(kind, number, pen=pen, selected=selected, face_down=face_down)

    def land(self, area: int, king: int, ice: bool) -> P.RGB:
        return P.land_in_play(_map_colours()[P.FIRST_LAND + area], king, ice)

    def frame(self, hero: int | None) -> list[P.RGB]:
        return P.frame_shades(P.NEUTRAL_FRAME if hero is None else P.HERO_COLOURS[hero])


@cache
def _map_colours() -> tuple[P.RGB, ...]:
    from saga.art import load_map

    return tuple(load_map()[2])
