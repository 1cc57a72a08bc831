"""Window <-> screen pixel mapping at each scale, windowed and letterboxed."""

from __future__ import annotations

import pytest

from amiga.display import Box, Viewport, fit_scale


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_windowed_mapping_at_each_scale(scale: int) -> None:
    view = Viewport.windowed(640, 512, scale)
    assert (view.window_width, view.window_height) == (640 * scale, 512 * scale)
    assert view.offset == (0, 0)
    assert view.to_screen(0, 0) == (0, 0)
    assert view.to_screen(scale - 1, scale - 1) == (0, 0)  # still the first pixel
    assert view.to_screen(scale, 2 * scale) == (1, 2)
    assert view.to_screen(640 * scale - 1, 512 * scale - 1) == (639, 511)
    assert view.to_window(Box(1, 2, 3, 4)) == Box(scale, 2 * scale, 3 * scale, 4 * scale)


@pytest.mark.parametrize(
    ("window", "scale", "offset"),
    [((1920, 1080), 2, (320, 28)), ((1024, 768), 1, (192, 128)), ((2560, 1600), 3, (320, 32))],
)
def test_letterboxed_mapping(window: tuple[int, int], scale: int, offset: tuple[int, int]) -> None:
    view = Viewport(640, 512, scale, *window)
    assert view.offset == offset
    ox, oy = offset
    assert view.to_screen(ox, oy) == (0, 0)
    assert view.to_screen(ox + 5 * scale + scale - 1, oy + 7 * scale) == (5, 7)
    assert view.to_window(Box(0, 0, 640, 512)) == Box(ox, oy, ox + 640 * scale, oy + 512 * scale)


def test_positions_in_the_border_clamp_to_the_screen_edge() -> None:
    view = Viewport(640, 512, 2, 1920, 1080)
    assert view.to_screen(0, 0) == (0, 0)
    assert view.to_screen(1919, 1079) == (639, 511)
    assert view.to_screen(-50, 600) == (0, (600 - 28) // 2)


def test_fit_scale_picks_the_largest_whole_scale() -> None:
    assert fit_scale(640, 512, 1920, 1080 - 48) == 2
    assert fit_scale(640, 512, 1920, 1535) == 2
    assert fit_scale(640, 512, 1920, 1536) == 3
    assert fit_scale(640, 512, 800, 400) == 1  # never below 1
    with pytest.raises(ValueError):
        Viewport(640, 512, 0, 640, 512)
