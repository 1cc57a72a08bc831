"""Our map artwork: up to date, true to the links, one pen per area, room for
counters, and an area under every pixel of land or sea."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from saga.art import NONE, load_map
from saga.art.adjacency import main as adjacency_main
from saga.art.adjacency import mismatches
from saga.art.build import main as build_main
from saga.art.mapdata import FRAME
from saga.art.paint import MapArt, build_map
from saga.art.palette import default_palette
from saga.art.preview import write_previews
from saga.engine import tables as T
from saga.look import pens as P


@pytest.fixture(scope="module")
def art() -> tuple[np.ndarray, np.ndarray, list[tuple[int, int, int]]]:
    return load_map()


@pytest.fixture(scope="module")
def drawn() -> MapArt:
    """The map as built, with the lines that part its areas."""
    return build_map()


def _inside_the_frame(regions: np.ndarray) -> np.ndarray:
    left, top, right, bottom = FRAME
    inside = np.zeros_like(regions, bool)
    inside[top + 1 : bottom, left + 1 : right] = True
    return inside


def test_committed_files_match_their_source(capsys: pytest.CaptureFixture[str]) -> None:
    """Rebuilding from the data gives the committed bytes (else: python -m saga.art.build)."""
    assert build_main(["--check"]) == 0, capsys.readouterr().out


def test_adjacency_command_finds_no_mismatch(capsys: pytest.CaptureFixture[str]) -> None:
    assert adjacency_main() == 0
    assert capsys.readouterr().out == "0 missing\n0 spurious\n"


def test_previews_are_written(tmp_path: Path) -> None:
    paths = write_previews(tmp_path)
    assert {p.name for p in paths} >= {"map.png", "counters-3x.png", "in-play.png"}
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in paths)


def test_shapes_and_palette(art) -> None:
    pixels, regions, palette = art
    assert pixels.shape == regions.shape == (512, 640)
    assert pixels.dtype == regions.dtype == np.uint8
    assert int(pixels.max()) < P.PENS
    assert palette == list(default_palette())


def test_the_map_shows_exactly_the_links(drawn: MapArt) -> None:
    assert mismatches(drawn.regions) == ([], [])


def test_the_game_loads_the_pointers_map(art, drawn: MapArt) -> None:
    assert (art[1] == drawn.areas).all()


def test_nothing_outside_the_frame_is_an_area(art) -> None:
    regions = art[1]
    assert (regions[~_inside_the_frame(regions)] == NONE).all()


def test_every_pixel_of_land_or_sea_is_an_area(art) -> None:
    """Borders, coasts, straits, dividers and the rose included: nowhere
    inside the frame is a click lost."""
    regions = art[1]
    assert (regions[_inside_the_frame(regions)] < T.AREAS).all()


def test_lines_go_to_the_nearest_area(drawn: MapArt) -> None:
    """Each pixel drawn on no area (a line, the rose) answers an area that no
    other lies nearer than, and the lowest-numbered of those: a coast is its land's."""
    lines = _inside_the_frame(drawn.regions) & (drawn.regions == NONE)
    assert lines.sum() > 5000
    owned_y, owned_x = np.nonzero(drawn.regions != NONE)
    owner = drawn.regions[owned_y, owned_x]
    ys, xs = np.nonzero(lines)
    for k in np.linspace(0, len(ys) - 1, 200).astype(int):
        y, x = ys[k], xs[k]
        far = (owned_y - y) ** 2 + (owned_x - x) ** 2
        nearest = owner[far == far.min()]
        assert drawn.areas[y, x] == nearest.min(), (x, y)


def test_every_area_pen_is_that_area(art) -> None:
    """Recolouring an area's pen must recolour that area and nothing else."""
    pixels, regions, _ = art
    for area in range(T.AREAS):
        shown = pixels == P.area_pen(area)
        assert shown.sum() > 300, area
        assert (regions[shown] == area).all(), area


@pytest.mark.parametrize("which", ["regions", "areas"])
def test_each_area_is_one_piece(drawn: MapArt, which: str) -> None:
    regions = getattr(drawn, which)
    reached = np.zeros_like(regions, bool)
    for i, area in enumerate(T.AREA_TABLE):
        reached[area.y, area.x] = regions[area.y, area.x] == i
    frontier = reached.copy()
    while frontier.any():
        grown = np.zeros_like(frontier)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                source = np.roll(np.roll(frontier, dy, 0), dx, 1)
                labels = np.roll(np.roll(regions, dy, 0), dx, 1)
                grown |= source & ~reached & (labels == regions)
        reached |= grown
        frontier = grown
    assert reached[regions != NONE].all()


def test_bottom_counters_sit_inside_their_areas(drawn: MapArt) -> None:
    """The first counter of a stack, 24x24 about the centre, is the area's
    own but for a few pixels where a border grazes it."""
    regions = drawn.regions
    for i, area in enumerate(T.AREA_TABLE):
        base = regions[area.y - 12 : area.y + 12, area.x - 12 : area.x + 12]
        others = ((base != i) & (base != NONE)).sum()
        assert others <= 20, (area.name, others)
        assert (base == i).mean() > 0.9, area.name


def test_lands_grow_greener_with_tax() -> None:
    palette = default_palette()

    def greenness(area: int) -> int:
        r, g, _ = palette[P.area_pen(area)]
        return g - r

    lands = sorted(range(T.LAND_AREAS), key=lambda a: T.AREA_TABLE[a].tax)
    poorest, richest = lands[0], lands[-1]
    assert greenness(richest) > greenness(poorest) + 60


def test_seas_are_blue_and_the_deeps_darker() -> None:
    palette = default_palette()
    seas = [palette[P.area_pen(a)] for a in range(T.LAND_AREAS, T.AREAS)]
    assert all(b > g > r for r, g, b in seas)
    deep = sum(palette[P.area_pen(50)])
    assert all(deep < sum(palette[P.area_pen(a)]) for a in (45, 46, 49, 51))
