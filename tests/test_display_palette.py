"""Pens, SetRGB4/SetRGB32, LoadRGB32 tables, half-brite shadows, recolouring."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from amiga.display import Palette, Screen, rgb32_table


def test_set_rgb_and_read_back() -> None:
    palette = Palette()
    palette.set_rgb(3, 10, 20, 30)
    assert palette[3] == (10, 20, 30)
    assert len(palette) == 128


def test_set_rgb4_stretches_nibbles_to_full_range() -> None:
    palette = Palette()
    palette.set_rgb4(1, 0xF, 0xA, 0x0)
    assert palette[1] == (0xFF, 0xAA, 0x00)
    with pytest.raises(ValueError):
        palette.set_rgb4(1, 16, 0, 0)


def test_set_rgb32_keeps_the_top_byte() -> None:
    palette = Palette()
    palette.set_rgb32(2, 0xFFFFFFFF, 0x80000000, 0x12FFFFFF)
    assert palette[2] == (0xFF, 0x80, 0x12)
    with pytest.raises(ValueError):
        palette.set_rgb32(2, 1 << 32, 0, 0)


def test_pens_outside_the_palette_are_refused() -> None:
    palette = Palette(pens=16)
    with pytest.raises(IndexError):
        palette.set_rgb(16, 0, 0, 0)
    with pytest.raises(IndexError):
        palette[16]
    with pytest.raises(ValueError):
        Palette(pens=257)


def test_load_rgb32_runs_and_terminator() -> None:
    palette = Palette()
    table = [
        2 << 16 | 4,  # two pens from pen 4
        0xFF000000, 0x00000000, 0x00000000,
        0x00000000, 0xFFFFFFFF, 0x00000000,
        1 << 16 | 100,  # one pen at 100
        0x12345678, 0x9ABCDEF0, 0x0F0F0F0F,
        0,  # end
        1 << 16 | 7, 0xFF000000, 0xFF000000, 0xFF000000,  # after the end: ignored
    ]  # fmt: skip
    palette.load_rgb32(table)
    assert palette[4] == (255, 0, 0)
    assert palette[5] == (0, 255, 0)
    assert palette[100] == (0x12, 0x9A, 0x0F)
    assert palette[7] == (0, 0, 0)


@pytest.mark.parametrize(
    "table",
    [[], [1 << 16 | 0, 0xFF000000, 0xFF000000], [1 << 16 | 0, 0, 0, 0]],
    ids=["empty", "cut short", "no terminator"],
)
def test_malformed_load_rgb32_tables_are_refused(table: list[int]) -> None:
    with pytest.raises(ValueError):
        Palette().load_rgb32(table)


@given(
    st.integers(0, 127).flatmap(
        lambda first: st.tuples(
            st.just(first),
            st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=1, max_size=128 - first),
        )
    )
)
def test_rgb32_table_round_trips(case: tuple[int, list[tuple[int, int, int]]]) -> None:
    first, colours = case
    table = rgb32_table(colours, first)
    assert table[-1] == 0
    assert all(word >> 24 == (word & 0xFF) for word in table[1:-1])  # replicated bytes
    palette = Palette()
    palette.load_rgb32(table)
    assert palette.colours()[first : first + len(colours)] == colours


def test_version_moves_only_when_a_colour_changes() -> None:
    palette = Palette()
    palette.set_rgb(1, 1, 2, 3)
    version = palette.version
    palette.set_rgb(1, 1, 2, 3)
    assert palette.version == version
    palette.set_rgb(1, 1, 2, 4)
    assert palette.version == version + 1


def test_halfbrite_shadows_follow_their_pens() -> None:
    palette = Palette(128, halfbrite=True)
    assert len(palette) == 256
    palette.set_rgb(5, 200, 101, 7)
    assert palette[5 + 128] == (100, 50, 3)
    palette.load([(255, 255, 255)] * 128)
    assert palette[255] == (127, 127, 127)
    with pytest.raises(IndexError):
        palette.set_rgb(133, 0, 0, 0)  # shadows are not pens of their own
    with pytest.raises(ValueError):
        Palette(256, halfbrite=True)


def test_changing_a_pen_recolours_everything_drawn_with_it() -> None:
    screen = Screen()
    screen.palette.set_rgb(9, 10, 20, 30)
    rp = screen.rastport
    rp.apen = 9
    rp.rect_fill(0, 0, 9, 9)
    rp.move(20, 20)
    rp.text("Kingdom")
    shown = screen.palette.rgb[screen.pixels]
    assert (shown[screen.pixels == 9] == (10, 20, 30)).all()
    screen.palette.set_rgb(9, 250, 0, 0)
    shown = screen.palette.rgb[screen.pixels]
    assert (shown[screen.pixels == 9] == (250, 0, 0)).all()
    assert np.count_nonzero(screen.pixels == 9) > 100


def test_the_rgb_table_is_read_only() -> None:
    with pytest.raises(ValueError):
        Palette().rgb[0] = (1, 2, 3)
