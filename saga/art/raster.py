"""Borders to pixels: clean one-pixel lines, and the areas they enclose.

The lines are the truth of the region map: every pixel not on a line is
given to the area whose centre it can reach without crossing one, so a click
anywhere inside the lines finds the area the player sees; the lines
themselves then go to the nearest area, for the pointer (:func:`nearest_areas`).
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from saga.art import NONE
from saga.art import mapdata as D
from saga.engine import tables as T

WIDTH, HEIGHT = 640, 512


def line_pixels(points: tuple[tuple[float, float], ...]) -> np.ndarray:
    """The pixels of a polyline as an (n, 2) array of (x, y), in order.

    Steps are at most one pixel in each direction (8-connected), which is
    enough to stop a 4-connected fill, and elbows are cut off so the line is
    one clean pixel wide as a pixel artist would draw it.
    """
    pts = np.rint(np.array(points)).astype(np.int64)
    cells = [pts[0]]
    for a, b in pairwise(pts):
        n = int(np.abs(b - a).max())
        if n:
            t = np.arange(1, n + 1)[:, None]
            cells.extend(a + np.floor((b - a) * t / n + 0.5).astype(np.int64))
    seq = [cells[0]]
    for c in cells[1:]:
        if (c != seq[-1]).any():
            seq.append(c)
    out = [seq[0]]
    for i in range(1, len(seq) - 1):
        if np.abs(seq[i + 1] - out[-1]).max() > 1:
            out.append(seq[i])
    if len(seq) > 1:
        out.append(seq[-1])
    return np.array(out)


def inside_frame() -> np.ndarray:
    """The map's pixels, as a boolean mask of the screen."""
    left, top, right, bottom = D.FRAME
    mask = np.zeros((HEIGHT, WIDTH), bool)
    mask[top : bottom + 1, left : right + 1] = True
    return mask


def fill_areas(open_: np.ndarray) -> np.ndarray:
    """Grow every area from its centre through 4-connected open pixels.

    Returns the region map: an area number per pixel, :data:`NONE` where no
    area reached.  A pocket sealed off by lines that nearly meet joins the
    area beside it, so no open pixel is left without an area.
    """
    regions = np.full((HEIGHT, WIDTH), NONE, np.uint8)
    for i, area in enumerate(T.AREA_TABLE):
        if not open_[area.y, area.x]:
            raise ValueError(f"the centre of area {i} lies on a line")
        regions[area.y, area.x] = i
    frontier = regions != NONE
    while frontier.any():
        grown = np.zeros_like(frontier)
        for axis, step in ((0, 1), (0, -1), (1, 1), (1, -1)):
            source = np.roll(regions, step, axis)
            reach = np.roll(frontier, step, axis) & open_ & (regions == NONE)
            regions[reach] = source[reach]
            grown |= reach
        frontier = grown
        if not frontier.any():
            frontier = _adopt_pockets(regions, open_)
    return regions


def _adopt_pockets(regions: np.ndarray, open_: np.ndarray) -> np.ndarray:
    """Give each unreached open pixel touching an area (corners too) to it."""
    lost = open_ & (regions == NONE)
    adopted: np.ndarray = np.zeros_like(lost)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            source = np.roll(np.roll(regions, dy, 0), dx, 1)
            take = lost & ~adopted & (source != NONE)
            regions[take] = source[take]
            adopted |= take
    return adopted


def nearest_areas(regions: np.ndarray, within: np.ndarray, reach: int = 32) -> np.ndarray:
    """The region map with every pixel of ``within`` that has no area (a
    line, the compass rose) given to the nearest area: the map the pointer
    reads, so a click on a border or a coast finds the area beside it.

    Distance is straight-line; of equally near areas the lowest-numbered
    wins, so a coast line goes to its land (lands come before seas).
    """
    areas = regions.copy()
    ys, xs = np.nonzero(within & (regions == NONE))
    for ring in _rings(reach):
        if not len(ys):
            break
        best = np.full(len(ys), NONE, np.uint8)
        for dy, dx in ring:
            y, x = ys + dy, xs + dx
            inside = (y >= 0) & (y < HEIGHT) & (x >= 0) & (x < WIDTH)
            found = np.full(len(ys), NONE, np.uint8)
            found[inside] = regions[y[inside], x[inside]]
            np.minimum(best, found, out=best)
        done = best != NONE
        areas[ys[done], xs[done]] = best[done]
        ys, xs = ys[~done], xs[~done]
    if len(ys):
        raise ValueError(f"{len(ys)} pixels lie over {reach} pixels from any area")
    return areas


def _rings(reach: int) -> list[list[tuple[int, int]]]:
    """The offsets within ``reach``, in groups of equal distance, nearest first."""
    rings: dict[int, list[tuple[int, int]]] = {}
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            if 0 < dy * dy + dx * dx <= reach * reach:
                rings.setdefault(dy * dy + dx * dx, []).append((dy, dx))
    return [rings[d] for d in sorted(rings)]
