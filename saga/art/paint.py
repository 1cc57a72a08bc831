"""The map picture: areas in their own pens, lines, shallows, and little pictures.

Everything here is decoration over the region map made by :mod:`raster`:
it may paint over an area's pixels (the area still owns them for clicks),
but every pixel that shows an area's colour belongs to that area, so a
recoloured pen recolours exactly that area.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from saga.art import NONE
from saga.art import borders as B
from saga.art import glyphs as G
from saga.art import mapdata as D
from saga.art.raster import (
    HEIGHT,
    WIDTH,
    fill_areas,
    inside_frame,
    line_pixels,
    nearest_areas,
)
from saga.engine import tables as T
from saga.look import pens as P

DASH = 3  # a sea divider is drawn DASH pixels on, GAP off
GAP = 2


@dataclass(frozen=True, eq=False)
class MapArt:
    """The finished map.

    ``pixels`` holds screen pens; ``regions`` the area each pixel is drawn
    for, :data:`NONE` on lines, the rose and off the map (the map's shape,
    which shows the links); ``areas`` the area the pointer finds there,
    :data:`NONE` only off the map.
    """

    pixels: np.ndarray
    regions: np.ndarray
    areas: np.ndarray


def build_map() -> MapArt:
    """Draw the whole map from the borders and the hand-made data."""
    borders = B.borders()
    paths = [_clip(line_pixels(b.points)) for b in borders]
    lines = np.zeros((HEIGHT, WIDTH), np.uint8)
    for border, xy in zip(borders, paths, strict=True):
        lines[xy[:, 1], xy[:, 0]] = border.style + 1
    frame = _frame_ring()
    rose_pens, rose_mask = G.glyph(G.ROSE)
    rose = _at(rose_mask, *D.ROSE_AT)
    void = ~inside_frame() | frame | rose
    regions = fill_areas(~void & (lines == 0))
    lost = ~void & (lines == 0) & (regions == NONE)
    if lost.any():
        ys, xs = np.nonzero(lost)
        raise ValueError(f"{lost.sum()} pixels reach no area centre, e.g. at {xs[0]},{ys[0]}")

    pen_of_area = np.zeros(256, np.uint8)
    for area in range(T.AREAS):
        pen_of_area[area] = P.area_pen(area)
    pixels = pen_of_area[regions]
    is_sea = (regions >= T.LAND_AREAS) & (regions != NONE)
    is_land = regions < T.LAND_AREAS

    _shallows(pixels, is_sea, lines)
    for border, xy in zip(borders, paths, strict=True):
        _draw_border(pixels, regions, border, xy)
    _drop_lone_dashes(pixels, regions)
    _straits(pixels, is_land, lines)
    free = _free_space(regions, lines)
    _scatter_terrain(pixels, regions, free & is_land)
    _scatter_waves(pixels, regions, free & is_sea & (_distance(~is_sea | (lines > 0), 6) >= 6))
    pixels[frame] = P.FRAME
    pixels[rose] = _at(rose_pens, *D.ROSE_AT)[rose]
    pixels[~inside_frame()] = P.BLACK
    return MapArt(pixels, regions, nearest_areas(regions, inside_frame() & ~frame))


def _clip(xy: np.ndarray) -> np.ndarray:
    left, top, right, bottom = D.FRAME
    xy[:, 0] = xy[:, 0].clip(left, right)
    xy[:, 1] = xy[:, 1].clip(top, bottom)
    return xy


def _at(picture: np.ndarray, x: int, y: int) -> np.ndarray:
    """A small picture placed at (x, y) on an empty screen-sized array."""
    out = np.zeros((HEIGHT, WIDTH), picture.dtype)
    h, w = picture.shape
    out[y : y + h, x : x + w] = picture
    return out


def _frame_ring() -> np.ndarray:
    left, top, right, bottom = D.FRAME
    ring = np.zeros((HEIGHT, WIDTH), bool)
    ring[top, left : right + 1] = ring[bottom, left : right + 1] = True
    ring[top : bottom + 1, left] = ring[top : bottom + 1, right] = True
    return ring


def _shift(a: np.ndarray, dy: int, dx: int, fill: object = False) -> np.ndarray:
    """``a`` moved by (dy, dx), what comes in from outside set to ``fill``."""
    out = np.full_like(a, fill)
    h, w = a.shape
    out[max(dy, 0) : h + min(dy, 0), max(dx, 0) : w + min(dx, 0)] = a[
        max(-dy, 0) : h + min(-dy, 0), max(-dx, 0) : w + min(-dx, 0)
    ]
    return out


_N4 = ((1, 0), (-1, 0), (0, 1), (0, -1))
_N8 = (*_N4, (1, 1), (1, -1), (-1, 1), (-1, -1))


def _distance(source: np.ndarray, limit: int) -> np.ndarray:
    """Octagonal distance from ``source`` pixels, capped at ``limit``.

    Growing by 4- and 8-neighbours in turn rounds the rings off, so the
    shallows follow the coast as evenly as a hand-drawn contour.
    """
    dist = np.where(source, 0, limit).astype(np.uint8)
    reached = source.copy()
    for step in range(1, limit):
        grown = reached.copy()
        for dy, dx in _N8 if step % 2 == 0 else _N4:
            grown |= _shift(reached, dy, dx)
        dist[grown & ~reached] = step
        reached = grown
    return dist


def _shallows(pixels: np.ndarray, is_sea: np.ndarray, lines: np.ndarray) -> None:
    """A light contour two pixels off every coast, and a dotted one further out."""
    coast = (lines == B.COAST + 1) | (lines == B.STRAIT + 1)
    dist = _distance(coast | ~(is_sea | (lines > 0)), 6)
    ys, xs = np.mgrid[0:HEIGHT, 0:WIDTH]
    pixels[is_sea & (dist == 2)] = P.SHALLOWS
    pixels[is_sea & (dist == 4) & ((xs + ys) % 2 == 0)] = P.SHALLOWS


def _straits(pixels: np.ndarray, is_land: np.ndarray, lines: np.ndarray) -> None:
    """Widen each strait into a sound of water with a shore on both sides.

    The water and the shore are painted over the lands' own pixels, which
    still belong to them: a click beside a strait finds the land there.
    """
    dist = _distance(lines == B.STRAIT + 1, 3)
    pixels[is_land & (dist == 1)] = P.STRAIT
    pixels[is_land & (dist == 2)] = P.COAST


def _draw_border(pixels: np.ndarray, regions: np.ndarray, border: B.Border, xy: np.ndarray) -> None:
    """Paint one border's line.  The gaps of a dashed sea divider are given
    to one of its two seas, in the region map too, so every pixel in a sea's
    pen belongs to that sea."""
    xs, ys = xy[:, 0], xy[:, 1]
    if border.style == B.COAST:
        pixels[ys, xs] = P.COAST
    elif border.style == B.BORDER:
        pixels[ys, xs] = P.LAND_BORDER
    elif border.style == B.STRAIT:
        pixels[ys, xs] = P.STRAIT
    else:
        on = np.arange(len(xs)) % (DASH + GAP) < DASH
        pixels[ys[on], xs[on]] = P.DIVIDER
        for y, x in zip(ys[~on], xs[~on], strict=True):
            sea = _beside(regions, int(y), int(x), border.areas)
            if sea is None or regions[y, x] != NONE:
                pixels[y, x] = P.DIVIDER
            else:
                pixels[y, x] = P.area_pen(sea)
                regions[y, x] = sea


def _drop_lone_dashes(pixels: np.ndarray, regions: np.ndarray) -> None:
    """A dash cut down to one pixel where a divider meets a coast looks like a
    stray pixel: give it to the sea beside it, like a gap."""
    dash = pixels == P.DIVIDER
    company = np.zeros_like(dash)
    for dy, dx in _N8:
        company |= _shift(dash, dy, dx)
    for y, x in zip(*np.nonzero(dash & ~company), strict=True):
        around = regions[y - 1 : y + 2, x - 1 : x + 2]
        seas = around[(around >= T.LAND_AREAS) & (around != NONE)]
        if len(seas):
            regions[y, x] = seas.min()
            pixels[y, x] = P.area_pen(int(seas.min()))


def _beside(regions: np.ndarray, y: int, x: int, areas: tuple[int, int]) -> int | None:
    """The first of ``areas`` found among a pixel's eight neighbours."""
    around = regions[max(y - 1, 0) : y + 2, max(x - 1, 0) : x + 2]
    for area in areas:
        if (around == area).any():
            return area
    return None


def _free_space(regions: np.ndarray, lines: np.ndarray) -> np.ndarray:
    """Where little pictures may go: away from lines and clear of counter stacks."""
    near_line = _distance((lines > 0) | (regions == NONE), 3) < 3
    stacks = np.zeros((HEIGHT, WIDTH), bool)
    for area in T.AREA_TABLE:
        stacks[area.y - 35 : area.y + 14, area.x - 14 : area.x + 14] = True
    return ~near_line & ~stacks


def _place(
    pixels: np.ndarray,
    free: np.ndarray,
    region: np.ndarray,
    rows: tuple[str, ...],
    x: int,
    y: int,
) -> bool:
    """Stamp a glyph at (x, y) if it fits wholly in free space of one region."""
    pens, mask = G.glyph(rows)
    h, w = mask.shape
    if y < 0 or x < 0 or y + h + 1 > HEIGHT or x + w + 1 > WIDTH:
        return False
    room = free[y - 1 : y + h + 1, x - 1 : x + w + 1] & region[y - 1 : y + h + 1, x - 1 : x + w + 1]
    if not room.all():
        return False
    target = pixels[y : y + h, x : x + w]
    np.copyto(target, pens, where=mask)
    free[y - 2 : y + h + 2, x - 2 : x + w + 2] = False
    return True


def _scatter_terrain(pixels: np.ndarray, regions: np.ndarray, free: np.ndarray) -> None:
    """Give each land a few pictures of its country, in its own spare room."""
    free = free.copy()
    for area, (kind, count) in sorted(D.TERRAIN.items()):
        region = regions == area
        ys, xs = np.nonzero(region & free)
        order = np.argsort(_scramble(xs, ys, D.TERRAIN_SEED + area), kind="stable")
        placed = 0
        choices = G.TERRAIN_GLYPHS[kind]
        for k in order:
            if placed == count:
                break
            rows = choices[placed % len(choices)]
            if _place(pixels, free, region, rows, int(xs[k]), int(ys[k])):
                placed += 1


def _scramble(xs: np.ndarray, ys: np.ndarray, seed: int) -> np.ndarray:
    """A fixed pseudo-random key per pixel (integer hashing, the same on
    every machine), to visit candidate places in a scattered order."""
    h = (xs.astype(np.uint64) * np.uint64(73856093)) ^ (ys.astype(np.uint64) * np.uint64(19349663))
    h ^= np.uint64(seed)
    h *= np.uint64(0x9E3779B97F4A7C15)
    key: np.ndarray = h ^ (h >> np.uint64(29))
    return key


def _scatter_waves(pixels: np.ndarray, regions: np.ndarray, free: np.ndarray) -> None:
    """Sprinkle wave marks over open water on a loose grid."""
    free = free.copy()
    rng = random.Random(D.WAVE_SEED)
    step = D.WAVE_SPACING
    reach = step // 3
    for gy in range(D.FRAME[1], D.FRAME[3], step):
        for gx in range(D.FRAME[0] + (gy // step % 2) * step // 2, D.FRAME[2], step):
            x = gx + int(rng.random() * (2 * reach + 1)) - reach
            y = gy + int(rng.random() * (2 * reach + 1)) - reach
            if 0 <= y < HEIGHT and 0 <= x < WIDTH and free[y, x]:
                _place(pixels, free, regions == regions[y, x], G.WAVE, x, y)
