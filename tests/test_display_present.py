"""The pygame presenter under SDL's dummy driver: scaling, recolouring, dirt."""

from __future__ import annotations

import os
from collections.abc import Iterator

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from amiga.display import Screen  # noqa: E402
from amiga.display.present import Presenter  # noqa: E402


@pytest.fixture
def presenter(screen: Screen) -> Iterator[Presenter]:
    presenter = Presenter(screen, "Test", scale=2)
    yield presenter
    presenter.close()


def window_rgb() -> np.ndarray:
    """The window's pixels as (height, width, 3)."""
    return pygame.surfarray.array3d(pygame.display.get_surface()).transpose(1, 0, 2)


def expected_rgb(screen: Screen, scale: int) -> np.ndarray:
    rgb = screen.palette.rgb[screen.pixels]
    return rgb.repeat(scale, 0).repeat(scale, 1)


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_a_frame_is_the_palette_lookup_scaled(screen: Screen, scale: int) -> None:
    presenter = Presenter(screen, "Test", scale=scale)
    try:
        assert pygame.display.get_surface().get_size() == (640 * scale, 512 * scale)
        assert pygame.display.get_caption()[0] == "Test"
        presenter.present()
        assert (window_rgb() == expected_rgb(screen, scale)).all()
    finally:
        presenter.close()


def test_a_palette_change_recolours_the_whole_window(screen: Screen, presenter: Presenter) -> None:
    presenter.present()
    screen.palette.set_rgb(5, 1, 2, 3)
    presenter.present()
    shown = window_rgb()
    assert (shown == expected_rgb(screen, 2)).all()
    assert (shown[screen.pixels.repeat(2, 0).repeat(2, 1) == 5] == (1, 2, 3)).all()


def test_only_dirty_boxes_are_converted(screen: Screen, presenter: Presenter) -> None:
    presenter.present()
    screen.pixels[100:110, 100:110] = 7  # behind the RastPort's back: not shown
    rp = screen.rastport
    rp.apen = 3
    rp.rect_fill(300, 200, 323, 223)
    presenter.present()
    shown = window_rgb()
    assert (shown[400:448, 600:648] == screen.palette[3]).all()
    assert not (shown[200:220, 200:220] == screen.palette[7]).all()
    screen.bitmap.touch(screen.bitmap.bounds)
    presenter.present()
    assert (window_rgb() == expected_rgb(screen, 2)).all()


def test_largest_scale_that_fits_the_dummy_desktop(screen: Screen) -> None:
    presenter = Presenter(screen, "Test")
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        expected = max(1, min(desktop[0] // 640, (desktop[1] - 48) // 512))
        assert presenter.scale == expected
        presenter.set_scale(3)
        assert pygame.display.get_surface().get_size() == (1920, 1536)
        assert presenter.window_to_screen(1919, 5) == (639, 1)
    finally:
        presenter.close()


def test_fullscreen_letterboxes_and_maps_the_mouse(screen: Screen, presenter: Presenter) -> None:
    presenter.toggle_fullscreen()
    assert presenter.fullscreen
    width, height = pygame.display.get_surface().get_size()
    scale = presenter.scale
    assert scale == max(1, min(width // 640, height // 512))
    ox, oy = (width - 640 * scale) // 2, (height - 512 * scale) // 2
    assert presenter.window_to_screen(ox + 3 * scale, oy + 4 * scale) == (3, 4)
    presenter.present()
    shown = window_rgb()[oy : oy + 512 * scale, ox : ox + 640 * scale]
    assert (shown == expected_rgb(screen, scale)).all()
    presenter.toggle_fullscreen()
    assert not presenter.fullscreen and presenter.scale == 2
    assert presenter.window_to_screen(7, 9) == (3, 4)


def test_frames_are_paced_at_pal_rate(presenter: Presenter) -> None:
    assert presenter.frame_clock.period == pytest.approx(1 / 50)


def test_the_click_that_brings_the_focus_is_not_lost() -> None:
    """As in Intuition, clicking into a window behind another both activates
    it and reaches it (SDL's default drops that click)."""
    assert os.environ["SDL_MOUSE_FOCUS_CLICKTHROUGH"] == "1"
