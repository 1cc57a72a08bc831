"""Counters: 24x24 tiles with factors, an emblem and a name; re-pened and
selected; legible on every land and sea they may stand on."""

from __future__ import annotations

import numpy as np
import pytest

from amiga.display import Image
from saga.art import COUNTER_SIZE, counter_image, minifont
from saga.art import emblems as E
from saga.art import glyphs as G
from saga.art.counters import (
    HERO_TAGS,
    JARL_TAGS,
    MONSTER_TAGS,
    ROLES,
    SWORD_TAGS,
    TREASURE_TAGS,
)
from saga.art.palette import default_palette
from saga.engine import tables as T
from saga.look import pens as P

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


def test_names_are_printed_along_the_top_and_factors_along_the_bottom() -> None:
    """The top band is what a pile leaves showing: it names the counter."""
    image = counter_image(T.MONSTER, 31)  # Irving the kraken, 14 4
    name = minifont.render("IRVING")
    left = (COUNTER_SIZE - name.shape[1]) // 2
    assert ((image.pixels[2:7] == P.WHITE)[:, left : left + name.shape[1]] == name).all()
    fourteen = minifont.render("14")
    ink = image.pixels[17:22] == P.WHITE
    assert (ink[:, 3 : 3 + fourteen.shape[1]] == fourteen).all()


def test_no_two_counters_of_a_kind_read_alike_but_namesakes() -> None:
    """Thorolf and Thorvald are THORO and THORV, not both THOR."""
    for tags, names in (
        (HERO_TAGS, T.HERO_NAMES),
        (JARL_TAGS, [jarl.name for jarl in T.JARL_TABLE]),
        (MONSTER_TAGS, [monster.name for monster in T.MONSTER_TABLE]),
        (SWORD_TAGS, T.SWORD_NAMES),
    ):
        assert len(set(tags)) == len(set(names))
        assert all(minifont.text_width(tag) <= COUNTER_SIZE - 4 for tag in tags)
    assert JARL_TAGS[14:16] == ("THORO", "THORV") and JARL_TAGS[0] == "AMLE."


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


def test_selected_counters_have_a_bright_frame_inside_the_outline() -> None:
    normal = counter_image(T.HERO, 0)
    selected = counter_image(T.HERO, 0, selected=True)
    assert (selected.pixels[1, 1:-1] == P.HIGHLIGHT).all()
    assert (selected.pixels[1:-1, -2] == P.HIGHLIGHT).all()
    assert (normal.pixels[1, 1:-2] == P.WHITE).all()
    assert (selected.pixels[0] == normal.pixels[0]).all()
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


# -- legible on every background ---------------------------------------------

RGB = tuple[int, int, int]
OUTLINE_CONTRAST = 3.0  # WCAG 2.1's least contrast for the edge of a graphical object
APART = 10.0  # CIE76 colour difference: unlike at a glance (2.3 is just noticeable)


def _luminance(rgb: RGB) -> float:
    """WCAG 2.1 relative luminance."""
    r, g, b = (c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: RGB, b: RGB) -> float:
    dark, light = sorted((_luminance(a), _luminance(b)))
    return (light + 0.05) / (dark + 0.05)


def _difference(a: RGB, b: RGB) -> float:
    """CIE76 colour difference (Delta E) of two sRGB colours, white D65."""

    def lab(rgb: RGB) -> tuple[float, float, float]:
        lin = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
        y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
        fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
        return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)

    return float(np.linalg.norm(np.subtract(lab(a), lab(b))))


def _grounds() -> dict[str, RGB]:
    """Every colour an area may show under a counter: each land as drawn,
    under ice and as each hero's kingdom, and each sea."""
    palette = default_palette()
    grounds = {f"area {a}": palette[P.area_pen(a)] for a in range(T.AREAS)}
    drawn = palette[P.area_pen(0)]
    for hero, name in enumerate(T.HERO_NAMES):
        grounds[f"{name}'s kingdom"] = P.land_in_play(drawn, hero, False)
    grounds["ice"] = P.land_in_play(drawn, -1, True)
    return grounds


def _every_look() -> list[tuple[tuple[object, ...], Image]]:
    """Every counter in every pen it is drawn in, plain and selected, and the backs."""
    looks: list[tuple[tuple[object, ...], Image]] = []
    for selected in (False, True):
        for kind, number in EVERY_COUNTER:
            image = counter_image(kind, number, selected=selected)
            looks.append(((kind, number, None, selected), image))
        for hero in range(len(T.HERO_NAMES)):
            for jarl in range(len(T.JARL_TABLE)):  # recruited, or carrying on as the hero
                image = counter_image(T.JARL, jarl, pen=P.FIRST_HERO + hero, selected=selected)
                looks.append(((T.JARL, jarl, hero, selected), image))
        for kind in (T.JARL, T.TREASURE):
            image = counter_image(kind, 0, face_down=True, selected=selected)
            looks.append(((kind, "back", selected), image))
    return looks


def test_every_counters_outline_contrasts_with_every_ground_it_may_stand_on() -> None:
    colours = P.fixed_colours()
    grounds = _grounds()
    for what, image in _every_look():
        ring = np.zeros((COUNTER_SIZE, COUNTER_SIZE), bool)
        ring[[0, -1], :] = ring[:, [0, -1]] = True
        outline = {int(pen) for pen in image.pixels[ring & image.mask]}
        for pen in outline:
            for ground, rgb in grounds.items():
                contrast = _contrast(colours[pen], rgb)
                assert contrast >= OUTLINE_CONTRAST, (what, ground, round(contrast, 2))


def test_a_heros_counters_stand_apart_from_the_heros_own_kingdoms() -> None:
    """The tile of a hero's counter and of a recruited jarl is the hero's
    colour; the kingdom under it is a shade unlike it."""
    drawn = default_palette()[P.area_pen(0)]
    for hero, colour in enumerate(P.HERO_COLOURS):
        tile = counter_image(T.JARL, 0, pen=P.FIRST_HERO + hero).pixels[12, 3]
        assert P.fixed_colours()[int(tile)] == colour
        kingdom = P.land_in_play(drawn, hero, False)
        assert _difference(colour, kingdom) >= APART, T.HERO_NAMES[hero]


def test_kingdoms_stay_unlike_free_lands_ice_and_each_other() -> None:
    palette = default_palette()
    lands = {palette[P.area_pen(a)] for a in range(T.LAND_AREAS)} | {P.ICE}
    kingdoms = [P.land_in_play(palette[P.area_pen(0)], hero, False) for hero in range(6)]
    for hero, kingdom in enumerate(kingdoms):
        assert min(_difference(kingdom, land) for land in lands) >= 2 * APART, hero
        others = [k for k in kingdoms if k != kingdom]
        assert min(_difference(kingdom, other) for other in others) >= 2 * APART, hero
