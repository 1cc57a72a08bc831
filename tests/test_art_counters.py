"""Counters: 24x24 tiles with factors, an emblem and a name; re-pened and selected."""

from __future__ import annotations

import numpy as np
import pytest

from saga import pens as P
from saga.art import COUNTER_SIZE, counter_image, minifont
from saga.art import emblems as E
from saga.art import glyphs as G
from saga.art.counters import ROLES, TREASURE_TAGS
from saga.engine import tables as T

EVERY_COUNTER = (
    [(T.HERO, n) for n in range(len(T.HERO_NAMES))]
    + [(T.JARL, n) for n in range(len(T.JARL_TABLE))]
    + [(T.MONSTER, n) for n in range(len(T.MONSTER_TABLE))]
    + [(T.SWORD, n) for n in range(len(T.SWORD_NAMES))]
    + [(T.TREASURE, n) for n in range(len(T.TREASURE_NAMES))]
)


@pytest.mark.parametrize(("kind", "number"), EVERY_COUNTER)
def test_every_counter_is_a_rounded_24_pixel_tile(kind: int, number: int) -> None:
    image = counter_image(kind, number)
    assert (image.width, image.height) == (COUNTER_SIZE, COUNTER_SIZE)
    assert image.mask is not None
    assert image.mask.sum() == COUNTER_SIZE**2 - 4
    assert int(image.pixels.max()) < P.PENS


def test_factors_are_printed_along_the_top() -> None:
    image = counter_image(T.MONSTER, 31)  # Irving the kraken, 14 4
    ink = image.pixels[2:7] == P.WHITE
    fourteen = minifont.render("14")
    assert (ink[:, 3 : 3 + fourteen.shape[1]] == fourteen).all()


def test_hero_counters_are_in_their_heroes_pens() -> None:
    for hero in range(len(T.HERO_NAMES)):
        pixels = counter_image(T.HERO, hero).pixels
        assert pixels[12, 3] == P.FIRST_HERO + hero


def test_a_recruited_jarl_takes_its_heros_pen() -> None:
    plain = counter_image(T.JARL, 4).pixels
    recruited = counter_image(T.JARL, 4, pen=P.FIRST_HERO + 3).pixels
    assert plain[12, 3] == P.JARL_TILE
    assert recruited[12, 3] == P.FIRST_HERO + 3
    assert ((plain == P.JARL_TILE) == (recruited == P.FIRST_HERO + 3)).all()


def test_selected_counters_have_a_bright_frame() -> None:
    normal = counter_image(T.HERO, 0)
    selected = counter_image(T.HERO, 0, selected=True)
    assert (selected.pixels[0, 1:-1] == P.HIGHLIGHT).all()
    assert (normal.pixels[0, 1:-1] == P.BLACK).all()
    assert (selected.pixels[8:16, 8:16] == normal.pixels[8:16, 8:16]).all()


def test_a_face_down_jarl_shows_nothing_of_who_it_is() -> None:
    backs = {counter_image(T.JARL, j, face_down=True).pixels.tobytes() for j in range(18)}
    assert len(backs) == 1


def test_counters_differ() -> None:
    faces = {counter_image(k, n).pixels.tobytes() for k, n in EVERY_COUNTER}
    assert len(faces) == len(EVERY_COUNTER)


def test_names_fit_inside_the_bevel() -> None:
    names = (
        list(T.HERO_NAMES)
        + [j.name for j in T.JARL_TABLE]
        + [m.name for m in T.MONSTER_TABLE]
        + list(TREASURE_TAGS)
    )
    for name in names:
        assert minifont.text_width(minifont.fit(name, COUNTER_SIZE - 4)) <= COUNTER_SIZE - 4


def test_fit_shortens_with_a_full_stop() -> None:
    assert minifont.fit("Siegfried", 20) == "SIEGF."
    assert minifont.fit("Hrolfwulf", 20) == "HROL."
    assert minifont.fit("Erik", 20) == "ERIK"


def test_text_art_is_rectangular_and_uses_known_pens() -> None:
    for name in dir(E):
        rows = getattr(E, name)
        if name.isupper():
            assert len({len(r) for r in rows}) == 1, name
            assert set("".join(rows)) <= set(ROLES) | {"."}, name
    for name in ("MOUNTAIN", "RANGE", "PEAK", "HILLS", "PINE", "TREE", "MARSH", "WAVE", "ROSE"):
        rows = getattr(G, name)
        assert len({len(r) for r in rows}) == 1, name
        assert set("".join(rows)) <= set(G.ROLES) | {"."}, name
    for ch, rows in minifont.GLYPHS.items():
        assert len(rows) == minifont.HEIGHT and len({len(r) for r in rows}) == 1, ch


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        counter_image(T.KINGDOM, 0)


def test_emblem_pixels_use_fixed_pens() -> None:
    """An emblem keeps its colours whatever the tile's pen."""
    a = counter_image(T.HERO, 0).pixels[7:17]
    b = counter_image(T.HERO, 1).pixels[7:17]
    differ = a != b
    assert set(np.unique(a[differ])) <= {P.FIRST_HERO}
