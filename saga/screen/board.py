"""The map with its counters, drawn from the game, and what lies under the pointer.

Counters in one area stand in a pile, each 7 pixels above the one before,
and keep their place in it while they stay: a newcomer takes the lowest
free place, as on the Amiga.  The pile is drawn from the top down, as 1.95
draws it, so the lowest counter is seen whole and every other one shows
its top band, which carries its name (:mod:`saga.art.counters`): a pile
tells who is in it without the pointer.  The counter being moved is drawn
last, so that nothing in its new area hides it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Literal

from amiga.display import Image
from amiga.display.box import Box
from saga.art import COUNTER_SIZE, NONE
from saga.engine import tables as T
from saga.look.text import Lookup
from saga.look.view import GameView
from saga.screen import pens as P
from saga.screen.ui import MESSAGE_TOP, Ui

Key = tuple[T.Kind, int]  # (counter kind, number)
STEP = 7  # pixels between counters in a pile
# How a counter looks: kind, number (-1: a jarl face down), the hero pen of its
# border (None: none), and whether it is selected.
Look = tuple[T.Kind, int, int | None, bool]
# What the pointer can be over: ("counter", kind, number) or ("area", area).
Thing = tuple[Literal["counter"], T.Kind, int] | tuple[Literal["area"], int]


class Stacks:
    """Each counter's place in its area's pile, kept while it stays there."""

    def __init__(self) -> None:
        self.places: dict[Key, tuple[int, int]] = {}

    def update(self, present: list[tuple[Key, int]]) -> None:
        where = dict(present)
        for key, (area, _) in list(self.places.items()):
            if where.get(key) != area:
                del self.places[key]
        taken: dict[int, set[int]] = defaultdict(set)
        for area, slot in self.places.values():
            taken[area].add(slot)
        for key, area in present:
            if key not in self.places:
                slot = 0
                while slot in taken[area]:
                    slot += 1
                taken[area].add(slot)
                self.places[key] = (area, slot)

    def from_top(self) -> list[tuple[Key, int, int]]:
        """(counter, area, place), highest places first: the order to draw."""
        items = [(key, area, slot) for key, (area, slot) in self.places.items()]
        return sorted(items, key=lambda item: -item[2])


def counters_on_board(v: GameView) -> Iterator[tuple[Key, int]]:
    """Every counter showing on the map, and its area."""
    for h in v.heroes:
        if h.alive:
            yield (T.HERO, h.index), h.where
    for j in v.jarls:
        if j.alive:
            yield (T.JARL, j.index), j.where
    for m in v.monsters:
        if m.alive:
            yield (T.MONSTER, m.index), m.where
    for kind, items in ((T.TREASURE, v.treasures), (T.SWORD, v.swords)):
        for number, item in enumerate(items):
            if item.possessortype == T.KINGDOM and 0 <= item.where < T.AREAS:
                yield (kind, number), item.where


class Board:
    """The map part of the screen."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.stacks = Stacks()
        self.drawn: list[tuple[Key, int, int, Image]] = []  # bottom-most last
        self.use_art()

    def use_art(self) -> None:
        """Take the map and counters of the screen's art (again: it may have changed)."""
        picture = self.ui.art.board()
        self.map_pixels, self.regions = picture.pixels, picture.regions
        P.install(self.ui.screen.palette, picture.colours)
        self._images: dict[Look, Image] = {}

    # -- drawing ------------------------------------------------------------

    def draw(self, v: GameView) -> None:
        ui = self.ui
        pixels = ui.screen.pixels
        top, bottom = 11, MESSAGE_TOP - 1
        pixels[top:bottom] = self.map_pixels[top:bottom]
        ui.screen.bitmap.touch(Box.inclusive(0, top, 639, bottom - 1))
        self._recolour(v)
        self.stacks.update(list(counters_on_board(v)))
        self.drawn = []
        order = self.stacks.from_top()
        order.sort(key=lambda item: item[0] == v.mover)  # the mover last, on top
        for key, area, slot in order:
            image = self._image(v, key)
            spec = T.AREA_TABLE[area]
            x, y = spec.x - 12, spec.y - 12 - STEP * slot
            ui.rp.blit(image, x, y)
            self.drawn.append((key, x, y, image))
        ui.draw_frame()
        ui.draw_title_bar()

    def _recolour(self, v: GameView) -> None:
        """Kingdoms in a shade of their hero's colour, ice pale, other lands as drawn."""
        palette, art = self.ui.screen.palette, self.ui.art
        for area in range(T.LAND_AREAS):
            colour = art.land(area, v.kings[area], v.ice[area])
            if palette[P.FIRST_LAND + area] != colour:
                palette.set_rgb(P.FIRST_LAND + area, *colour)

    def _selected(self, v: GameView, key: Key) -> bool:
        kind, number = key
        if v.mover == key:
            return True
        if kind == T.HERO:
            h = v.heroes[number]
            return bool(h.attacking or h.passenger)
        if kind == T.JARL:
            j = v.jarls[number]
            return bool(j.attacking or j.defending or j.passenger)
        return False

    def _image(self, v: GameView, key: Key) -> Image:
        kind, number = key
        selected = self._selected(v, key)
        key_: Look
        if kind == T.HERO:
            h = v.heroes[number]
            pen = P.hero_pen(number)
            if h.promoted >= 0:  # a jarl carrying on as the hero
                key_ = (T.JARL, h.promoted, pen, selected)
            else:
                key_ = (kind, number, None, selected)
        elif kind == T.JARL:
            j = v.jarls[number]
            if j.face == T.FACE_DOWN:
                key_ = (T.JARL, -1, None, selected)
            else:
                key_ = (kind, number, P.hero_pen(j.hero) if j.hero >= 0 else None, selected)
        else:
            key_ = (kind, number, None, selected)
        image = self._images.get(key_)
        if image is None:
            k, n, tile, sel = key_
            image = self.ui.art.counter(k, max(n, 0), pen=tile, selected=sel, face_down=n < 0)
            self._images[key_] = image
        return image

    # -- the pointer ------------------------------------------------------------

    def counter_at(self, x: int, y: int) -> Key | None:
        """The counter seen at a screen pixel (the lowest in a pile is on top)."""
        for key, cx, cy, image in reversed(self.drawn):
            dx, dy = x - cx, y - cy
            if 0 <= dx < COUNTER_SIZE and 0 <= dy < COUNTER_SIZE:
                mask = image.mask
                if mask is None or mask[dy, dx]:
                    return key
        return None

    def area_at(self, x: int, y: int) -> int:
        if not (0 <= y < self.regions.shape[0] and 0 <= x < self.regions.shape[1]):
            return -1
        area = int(self.regions[y, x])
        return -1 if area == NONE or y >= MESSAGE_TOP else area

    def thing_at(self, x: int, y: int) -> Thing | None:
        key = self.counter_at(x, y)
        if key is not None:
            return ("counter", *key)
        area = self.area_at(x, y)
        return ("area", area) if area >= 0 else None

    def describe(self, v: GameView, thing: Thing | None, t: Lookup) -> tuple[str, int]:
        """The upper message line for what the pointer is over, with the
        factors printed on a counter, as the original's line shows them."""
        if thing is None:
            return "-", P.WHITE
        help_ = ". " + t("MSG_PRESS_HELP")
        if thing[0] == "area":
            area = thing[1]
            text = v.area_name(area)
            if area < T.LAND_AREAS:
                text += f" ({v.tax(area)})"
            king = v.kings[area]
            return text + help_, P.hero_pen(king) if king >= 0 else P.WHITE
        _, kind, number = thing
        if kind in (T.HERO, T.JARL, T.MONSTER):
            strength, moves = v.printed(kind, number)
            factors = f"({strength}-{moves})"
        if kind == T.HERO:
            return f"{v.who(T.HERO, number)}{factors}{help_}", P.hero_pen(number)
        if kind == T.JARL:
            j = v.jarls[number]
            pen = P.hero_pen(j.hero) if j.hero >= 0 else P.WHITE
            if j.face == T.FACE_DOWN:
                return f"{t('MSG_HIDDEN_JARL')} (?-?){help_}", pen
            return f"{v.who(T.JARL, number)}{factors}{help_}", pen
        if kind == T.MONSTER:
            return f"{v.monster_name(number)} {factors}{help_}", P.WHITE
        if kind == T.TREASURE:
            name = v.item_name(T.TREASURE, number)
            return f"{t('MSG_THE')} {name} {t('MSG_TREASURE_LOWER')}{help_}", P.WHITE
        return f"{t('MSG_SWORD')} {T.SWORD_NAMES[number]}{help_}", P.WHITE
