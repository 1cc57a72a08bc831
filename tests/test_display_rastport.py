"""RastPort drawing: pixels, lines, rectangles, text modes, blits; all clipped."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from amiga.display import BitMap, Box, DrawMode, Image, RastPort, default_font, line_points


def rastport(width: int = 64, height: int = 48, depth: int = 7) -> RastPort:
    rp = RastPort(BitMap(width, height, depth))
    rp.bitmap.dirty.take()
    return rp


# -- pixels and rectangles ---------------------------------------------------


def test_write_and_read_pixel_with_clipping() -> None:
    rp = rastport()
    rp.apen = 5
    assert rp.write_pixel(3, 4)
    assert rp.read_pixel(3, 4) == 5
    assert not rp.write_pixel(-1, 4)
    assert not rp.write_pixel(64, 0)
    assert rp.read_pixel(64, 0) == -1
    assert rp.bitmap.dirty.take() == [Box(3, 4, 4, 5)]


def test_rect_fill_is_inclusive_and_clipped() -> None:
    rp = rastport()
    rp.apen = 2
    rp.rect_fill(60, 40, 70, 50)
    assert np.count_nonzero(rp.bitmap.pixels) == 4 * 8
    assert (rp.bitmap.pixels[40:, 60:] == 2).all()
    assert rp.bitmap.dirty.take() == [Box(60, 40, 64, 48)]
    rp.rect_fill(-20, -20, -1, -1)  # wholly outside: nothing, not even dirt
    assert np.count_nonzero(rp.bitmap.pixels) == 32
    assert not rp.bitmap.dirty


def test_rect_fill_in_complement_inverts_the_planes() -> None:
    rp = rastport(depth=7)
    rp.bitmap.pixels[:] = 0b0000101
    rp.draw_mode = DrawMode.COMPLEMENT
    rp.rect_fill(0, 0, 1, 0)
    assert rp.bitmap.pixels[0, :3].tolist() == [0b1111010, 0b1111010, 0b0000101]


def test_pens_must_be_bytes() -> None:
    rp = rastport()
    with pytest.raises(ValueError):
        rp.apen = 256
    with pytest.raises(ValueError):
        rp.bpen = -1


# -- lines -------------------------------------------------------------------


def reference_line(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The textbook integer Bresenham, stepping along the major axis."""
    dx, dy = abs(x1 - x0), abs(y1 - y0)
    sx, sy = (1 if x1 >= x0 else -1), (1 if y1 >= y0 else -1)
    swap = dy > dx
    if swap:
        dx, dy = dy, dx
    points, minor, error = [], 0, 0
    for i in range(dx + 1):
        points.append((x0 + sx * minor, y0 + sy * i) if swap else (x0 + sx * i, y0 + sy * minor))
        error += 2 * dy
        if error > dx:
            minor += 1
            error -= 2 * dx
    return points


coordinate = st.integers(-300, 300)
SMALL = Box(0, 0, 40, 30)
HUGE = Box(-1000, -1000, 1000, 1000)


@given(coordinate, coordinate, coordinate, coordinate)
def test_lines_match_the_textbook_algorithm(x0: int, y0: int, x1: int, y1: int) -> None:
    xs, ys = line_points(x0, y0, x1, y1, HUGE)
    assert list(zip(xs.tolist(), ys.tolist(), strict=True)) == reference_line(x0, y0, x1, y1)


@given(coordinate, coordinate, coordinate, coordinate)
def test_clipping_keeps_exactly_the_visible_pixels(x0: int, y0: int, x1: int, y1: int) -> None:
    xs, ys = line_points(x0, y0, x1, y1, HUGE)
    inside = (xs >= 0) & (xs < 40) & (ys >= 0) & (ys < 30)
    clipped = line_points(x0, y0, x1, y1, SMALL)
    assert clipped[0].tolist() == xs[inside].tolist()
    assert clipped[1].tolist() == ys[inside].tolist()


def test_move_and_draw_include_both_ends_and_advance() -> None:
    rp = rastport()
    rp.apen = 3
    rp.move(2, 2)
    rp.draw(12, 7)
    rp.draw(12, 20)
    assert (rp.cp_x, rp.cp_y) == (12, 20)
    for x, y in ((2, 2), (12, 7), (12, 20)):
        assert rp.read_pixel(x, y) == 3
    assert np.count_nonzero(rp.bitmap.pixels) == 11 + 14 - 1
    assert rp.bitmap.dirty.take() == [Box(2, 2, 13, 21)]


def test_a_line_through_the_corner_of_the_bitmap_is_clipped() -> None:
    rp = rastport()
    rp.apen = 1
    rp.move(-100, -75)
    rp.draw(100, 75)
    drawn = np.argwhere(rp.bitmap.pixels)
    assert drawn.min(axis=0).tolist() == [0, 0]
    assert drawn[:, 1].max() == 63
    (top, left), (bottom, right) = drawn.min(axis=0), drawn.max(axis=0) + 1
    assert rp.bitmap.dirty.take() == [Box(left, top, right, bottom)]


def test_a_line_wholly_outside_draws_nothing() -> None:
    rp = rastport()
    rp.move(-10, -10)
    rp.draw(-1, 100)
    assert not rp.bitmap.pixels.any()
    assert not rp.bitmap.dirty


# -- text --------------------------------------------------------------------


def glyph(ch: str) -> np.ndarray:
    return default_font().glyph(ch)


def test_jam1_text_sets_only_ink_and_jam2_paints_the_cell() -> None:
    rp = rastport()
    rp.bitmap.pixels[:] = 9
    rp.apen, rp.bpen = 1, 2
    rp.draw_mode = DrawMode.JAM1
    rp.move(4, 10)  # baseline 10: the cell is rows 4-11
    rp.text("Ä")
    cell = rp.bitmap.pixels[4:12, 4:12]
    assert (cell == np.where(glyph("Ä"), 1, 9)).all()
    rp.draw_mode = DrawMode.JAM2
    rp.move(20, 10)
    rp.text("ß")
    assert (rp.bitmap.pixels[4:12, 20:28] == np.where(glyph("ß"), 1, 2)).all()
    assert rp.cp_x == 28
    assert (rp.bitmap.pixels[:4] == 9).all() and (rp.bitmap.pixels[12:] == 9).all()


def test_complement_text_undoes_itself() -> None:
    rp = rastport()
    rp.bitmap.pixels[:] = np.arange(64, dtype=np.uint8)[None, :]
    before = rp.bitmap.pixels.copy()
    rp.draw_mode = DrawMode.COMPLEMENT
    for _ in range(2):
        rp.move(0, 6)
        rp.text("Saga?")
    assert (rp.bitmap.pixels == before).all()


def test_inversvid_swaps_ink_and_paper() -> None:
    rp = rastport()
    rp.apen, rp.bpen = 1, 2
    rp.draw_mode = DrawMode.JAM2 | DrawMode.INVERSVID
    rp.move(0, 6)
    rp.text("x")
    assert (rp.bitmap.pixels[0:8, 0:8] == np.where(glyph("x"), 2, 1)).all()


def test_text_is_clipped_at_every_edge() -> None:
    rp = rastport(20, 10)
    rp.apen = 1
    rp.draw_mode = DrawMode.JAM1
    rp.move(-3, 3)  # cell rows -3..4, starting 3 columns off the left
    rp.text("ABC")
    expected = np.zeros((10, 20), bool)
    strip = default_font().render("ABC")
    expected[0:5, 0:20] = strip[3:8, 3:23]
    assert ((rp.bitmap.pixels == 1) == expected).all()
    assert rp.bitmap.dirty.take() == [Box(0, 0, 20, 5)]


def test_unknown_characters_show_the_replacement_glyph() -> None:
    font = default_font()
    replacement = font.glyph("\x7f")
    assert replacement.any()
    for ch in "\u0001\x85✓ж\u0387":
        assert (font.render(ch) == replacement).all()
    assert not (font.render("e") == replacement).all()


def test_text_length_is_eight_pixels_a_character() -> None:
    rp = rastport()
    assert rp.text_length("") == 0
    assert rp.text_length("Größe €") == 56


# -- blits -------------------------------------------------------------------

COUNTER = Image.from_rows(
    [
        ".11.",
        "1221",
        "1221",
        ".11.",
    ],
    {"1": 7, "2": 8},
)


def test_masked_blit_copies_only_the_mask() -> None:
    rp = rastport()
    rp.bitmap.pixels[:] = 3
    rp.blit(COUNTER, 10, 20)
    target = rp.bitmap.pixels[20:24, 10:14]
    assert target.tolist() == [[3, 7, 7, 3], [7, 8, 8, 7], [7, 8, 8, 7], [3, 7, 7, 3]]
    assert rp.bitmap.dirty.take() == [Box(10, 20, 14, 24)]


@pytest.mark.parametrize(
    ("x", "y", "visible"),
    [(-2, 0, Box(2, 0, 4, 4)), (62, 46, Box(0, 0, 2, 2)), (-1, -3, Box(1, 3, 4, 4))],
)
def test_masked_blit_is_clipped(x: int, y: int, visible: Box) -> None:
    rp = rastport()
    rp.blit(COUNTER, x, y)
    expected = np.zeros_like(rp.bitmap.pixels)
    shown = np.where(COUNTER.mask, COUNTER.pixels, 0)[visible.slices]
    expected[visible.moved(x, y).clip(rp.bitmap.bounds).slices] = shown
    assert (rp.bitmap.pixels == expected).all()


def test_a_blit_wholly_outside_does_nothing() -> None:
    rp = rastport()
    rp.blit(COUNTER, 64, 0)
    rp.blit(COUNTER, -4, -4)
    assert not rp.bitmap.pixels.any()
    assert not rp.bitmap.dirty


def test_plain_copy_blit_and_saving_what_lies_beneath() -> None:
    rp = rastport()
    rp.bitmap.pixels[:] = np.arange(48, dtype=np.uint8)[:, None]
    saved = rp.read_image(5, 5, 14, 9)
    assert saved.mask is None and (saved.width, saved.height) == (10, 5)
    rp.apen = 99
    rp.rect_fill(0, 0, 63, 47)
    rp.blit(saved, 5, 5)
    assert (rp.bitmap.pixels[5:10, 5:15] == np.arange(5, 10)[:, None]).all()
    assert (rp.bitmap.pixels[10:, :] == 99).all()
    with pytest.raises(ValueError):
        rp.read_image(60, 0, 64, 5)


def test_keyed_images_mask_out_their_transparent_pen() -> None:
    pixels = np.array([[0, 4], [4, 0]], np.uint8)
    image = Image.keyed(pixels, 0)
    assert image.mask.tolist() == [[False, True], [True, False]]
    with pytest.raises(ValueError):
        Image(pixels, np.ones((3, 3), bool))
    with pytest.raises(ValueError):
        Image.from_rows(["ab", "a"], {"a": 1})
