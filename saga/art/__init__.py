"""Our own artwork for Saga: the map of the northern world and the counters.

Nothing here comes from the original game's pictures.  The map is generated
from hand-made data (:mod:`saga.art.mapdata`) by ``python -m saga.art.build``,
which writes ``map.ilbm`` (the picture) and ``regions.npy.gz`` (the area
under every pixel, which compresses far better than as a picture); the game
only loads those two files.  Counters are drawn on
demand from text-art emblems.
"""

from __future__ import annotations

import gzip
import io
from functools import cache
from importlib import resources

import numpy as np

from saga.art.counters import COUNTER_SIZE, counter_image
from saga.look.pens import area_pen

MAP_FILE = "map.ilbm"
REGIONS_FILE = "regions.npy.gz"
WINDOW_ICON = "icon-32.png"  # made by saga.art.icon, as is the desktop's icon
NONE = 255  # the region map's value for no area (as built: lines and decoration too)

__all__ = ["COUNTER_SIZE", "NONE", "area_pen", "counter_image", "load_map"]


def load_map() -> tuple[np.ndarray, np.ndarray, list[tuple[int, int, int]]]:
    """The committed map: (pens, regions, palette).

    ``pens`` is the 512x640 picture in screen pens, ``regions`` the area
    0-65 under each pixel (a border, a coast or the rose belongs to the
    nearest area; :data:`NONE` only on the frame and off the map), and
    ``palette`` the 128 colours the picture is drawn for.  The
    arrays are fresh copies, so the caller may draw on them.
    """
    pixels, regions, palette = _load()
    return pixels.copy(), regions.copy(), list(palette)


@cache
def _load() -> tuple[np.ndarray, np.ndarray, tuple[tuple[int, int, int], ...]]:
    from amiga.iff import read_ilbm  # the IFF reader, and construct, wait for the first game

    folder = resources.files(__package__)
    picture = read_ilbm(folder.joinpath(MAP_FILE).read_bytes(), MAP_FILE)
    packed = folder.joinpath(REGIONS_FILE).read_bytes()
    regions = np.load(io.BytesIO(gzip.decompress(packed)), allow_pickle=False)
    return picture.pixels, regions, tuple(picture.palette)
