"""The original's art in the screens' place: each part from the player's copy if it was
whole there, ours otherwise.

The original's map keeps 1.95's pens where the two games give a pen the
same role (the interface's pens 0..12, the lands 32..67), and the frame's
pens (1.95's 110..113) become ours; its other pens are given pens our own
map would use, which are free while it is not shown.  Its counters take
pens 20..27, as in 1.95, in 1.95's colours or, without them, in colours
of our own for each kind.  With the original's colours, lands are coloured
by their tax, kingdoms in their hero's colour and the seas in the one sea
colour, on whichever map is shown.
"""

from __future__ import annotations

import numpy as np

from amiga.display import Image
from saga.art.kit import BoardPicture, OwnArt
from saga.engine import tables as T
from saga.look import pens as P
from saga.look.text import Notice
from saga.original import pictures as O

_SPARE_PENS = (*range(P.FIRST_SEA, P.BORDER[0] - 4), *range(P.BORDER[-1] + 1, P.PENS))
_FRAME_PENS = dict(zip(O.FRAME_PENS, P.BORDER, strict=True))

# The counters' colours when the copy gave none: ours, the selected ones lighter.
_OWN_TILES: dict[int, P.RGB] = {
    20: P.NEUTRAL_FRAME,
    22: P.COUNTER_COLOURS[P.JARL_TILE],
    24: P.COUNTER_COLOURS[P.DRAGON_TILE],
    26: P.COUNTER_COLOURS[P.SWORD_TILE],
    27: P.COUNTER_COLOURS[P.TREASURE_TILE],
}
for _pen in (20, 22, 24):
    _OWN_TILES[_pen + 1] = tuple((c + 255) // 2 for c in _OWN_TILES[_pen])  # type: ignore[assignment]


class OriginalArt:
    """The screens' :class:`~saga.art.kit.Art`, from what :mod:`saga.original.pictures` read."""

    def __init__(self, original: O.Original, own: OwnArt | None = None) -> None:
        self.original = original
        self.own = own or OwnArt()
        self._counters: dict[tuple[int, int], Image] = {}
        if original.map is not None and len(_other_pens(original.map)) > len(_SPARE_PENS):
            original.map = None
            english = "the map uses more pens than the screen has free"
            original.problems.append(Notice(english, "themap.c", "MSG_ORIGINAL_MAP_PENS"))

    @property
    def colours(self) -> O.Colours:
        return self.original.colours

    def fixed_colours(self) -> dict[int, P.RGB]:
        colours = self.own.fixed_colours()
        ui_pens = {p: c for p, c in self.colours.pens.items() if p <= O.SEA}
        colours.update(ui_pens)
        if self.original.counters is not None:
            tiles = {p: self.colours.pens.get(p, own) for p, own in _OWN_TILES.items()}
            colours.update(tiles)
        return colours

    def board(self) -> BoardPicture:
        if self.original.map is None:
            picture = self.own.board()
            colours = {**picture.colours, **self.fixed_colours()}
            if self.colours.pens:  # the original's colours on our map: 1.95's sea
                sea = self.colours.pens.get(O.SEA, colours[P.SEA])
                seas = range(P.FIRST_SEA, P.FIRST_SEA + T.AREAS - T.LAND_AREAS)
                colours.update(dict.fromkeys(seas, sea))
            colours.update(self._land_colours())
            return BoardPicture(picture.pixels, picture.regions, colours)
        return self._original_board(self.original.map)

    def _original_board(self, picture: O.OriginalMap) -> BoardPicture:
        table = np.arange(256, dtype=np.uint8)
        colours: dict[int, P.RGB] = {}
        table[list(_FRAME_PENS)] = list(_FRAME_PENS.values())
        for pen, mine in zip(_other_pens(picture), _SPARE_PENS, strict=False):
            table[pen] = mine
            colours[mine] = self.colours.pens.get(pen, (0, 0, 0))
        colours.update(self._land_colours())
        return BoardPicture(table[picture.pens], picture.areas.copy(), colours)

    def _land_colours(self) -> dict[int, P.RGB]:
        return {P.FIRST_LAND + a: self.land(a, -1, False) for a in range(T.LAND_AREAS)}

    def counter(
        self,
        kind: T.Kind,
        number: int,
        *,
        pen: int | None = None,
        selected: bool = False,
        face_down: bool = False,
    ) -> Image:
        pictures = self.original.counters
        if pictures is None:
            return self.own.counter(kind, number, pen=pen, selected=selected, face_down=face_down)
        # As 1.95 draws them: every jarl in the jarls' colour, whoever it serves.
        index, tile = _picture(kind, number, face_down)
        if selected and kind in (T.HERO, T.JARL, T.MONSTER):
            tile += 1
        image = self._counters.get((index, tile))
        if image is None:
            pixels = np.where(pictures[index], np.uint8(O.BLACK), np.uint8(tile))
            image = self._counters[(index, tile)] = Image(pixels.astype(np.uint8))
        return image

    def land(self, area: int, king: int, ice: bool) -> P.RGB:
        c = self.colours
        if c.lands is None or c.kingdoms is None or c.ice is None:
            return self.own.land(area, king, ice)
        if ice:
            return c.ice
        if king >= 0:
            return c.kingdoms[king]
        return c.lands[min(max(T.AREA_TABLE[area].tax, 0), len(c.lands) - 1)]

    def frame(self, hero: int | None) -> list[P.RGB]:
        frames = self.colours.frames
        if frames is None:
            return self.own.frame(hero)
        return list(frames[-1 if hero is None else hero])


def _other_pens(picture: O.OriginalMap) -> list[int]:
    """The map's pens that have no pen of the same role on our screen."""
    return [
        int(p)
        for p in np.unique(picture.pens)
        if not (p <= O.SEA or P.FIRST_LAND <= p < P.FIRST_SEA or p in _FRAME_PENS)
    ]


def _picture(kind: T.Kind, number: int, face_down: bool) -> tuple[int, int]:
    """(which of the 72 pictures, the pen of its kind) for a counter."""
    first = O.FIRST_IMAGE
    if kind == T.HERO:
        return first["hero"] + number, O.COUNTER_TILE["hero"]
    if kind == T.JARL:
        index = first["face_down_jarl"] if face_down else first["jarl"] + number
        return index, O.COUNTER_TILE["jarl"]
    if kind == T.MONSTER:
        return first["monster"] + number, O.COUNTER_TILE["monster"]
    if kind == T.SWORD:
        return first["sword"] + number, O.COUNTER_TILE["sword"]
    if kind == T.TREASURE:
        index = first["face_down_treasure"] if face_down else first["treasure"] + number
        return index, O.COUNTER_TILE["treasure"]
    raise ValueError(f"no counters of kind {kind}")
