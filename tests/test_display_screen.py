"""Screens: the AGA default, the half-brite dim helper, screenshots."""

from __future__ import annotations

import numpy as np
import pytest

from amiga.display import HIRES_LACE_PAL, Screen
from amiga.display.screenshot import ilbm_bytes, png_bytes
from amiga.iff import read_ilbm
from amiga.iff.png import decode_png


def test_default_screen_is_hires_lace_pal_in_128_pens() -> None:
    screen = Screen()
    assert (screen.width, screen.height) == (640, 512)
    assert screen.pixels.shape == (512, 640) and screen.pixels.dtype == np.uint8
    assert len(screen.palette) == 128 and screen.bitmap.depth == 7
    assert screen.mode_id == HIRES_LACE_PAL == 0x29004


def dimmable() -> Screen:
    screen = Screen(halfbrite=True)
    screen.palette.load([(2 * i, 255 - i, 100) for i in range(128)])
    screen.pixels[:] = np.arange(640, dtype=np.uint8)[None, :] % 128
    screen.bitmap.dirty.take()
    return screen


def test_dim_halves_the_colours_of_a_rectangle_only() -> None:
    screen = dimmable()
    before = screen.palette.rgb[screen.pixels].astype(int)
    screen.dim(10, 20, 29, 39)
    after = screen.palette.rgb[screen.pixels].astype(int)
    assert (after[20:40, 10:30] == before[20:40, 10:30] // 2).all()
    outside = np.ones((512, 640), bool)
    outside[20:40, 10:30] = False
    assert (after[outside] == before[outside]).all()
    assert screen.bitmap.dirty.take()[0] == (10, 20, 30, 40)


def test_dim_is_idempotent_reversible_and_follows_recolouring() -> None:
    screen = dimmable()
    original = screen.pixels.copy()
    screen.dim(-5, -5, 700, 600)  # clipped to the screen
    dimmed = screen.pixels.copy()
    screen.dim(0, 0, 639, 511)
    assert (screen.pixels == dimmed).all()
    screen.palette.set_rgb(3, 200, 100, 50)
    assert screen.palette[screen.pixels[0, 3]] == (100, 50, 25)
    screen.undim(0, 0, 639, 511)
    assert (screen.pixels == original).all()


def test_dim_needs_a_halfbrite_screen() -> None:
    with pytest.raises(RuntimeError, match="halfbrite"):
        Screen().dim(0, 0, 10, 10)


def test_png_screenshot_keeps_pens_and_palette() -> None:
    screen = dimmable()
    screen.dim(0, 0, 99, 99)
    picture = decode_png(png_bytes(screen))
    assert (picture.pixels == screen.pixels).all()
    assert picture.palette == screen.palette.colours()


def test_ilbm_screenshot_is_what_a_screen_grabber_writes() -> None:
    screen = Screen()
    screen.palette.set_rgb(1, 255, 255, 255)
    screen.rastport.move(10, 10)
    screen.rastport.text("Grüße")
    picture = read_ilbm(ilbm_bytes(screen))
    assert picture.camg == 0x29004
    assert picture.planes == 7
    assert (picture.pixels == screen.pixels).all()
    assert picture.palette[:2] == [(0, 0, 0), (255, 255, 255)]
