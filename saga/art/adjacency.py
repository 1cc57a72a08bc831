"""Which areas the map shows as neighbours, against the links the game uses.

Two areas look adjacent when some pixel of one lies within two pixels of
some pixel of the other: across a one-pixel border line, or meeting at a
corner.  Anything wider (a compass rose, the map's edge) keeps them apart.

The map the game loads gives lines and the rose to the nearest area, for the
pointer; the check is on the map as drawn, where they part the areas.

``python -m saga.art.adjacency`` checks the map built from its data.
"""

from __future__ import annotations

import numpy as np

from saga.art import NONE
from saga.art.topology import Pair, link_pairs
from saga.engine import tables as T

REACH = 2


def shown_pairs(regions: np.ndarray) -> frozenset[Pair]:
    """Every pair of areas whose pixels come within :data:`REACH` of each other."""
    found: set[Pair] = set()
    height, width = regions.shape
    offsets = [
        (dy, dx)
        for dy in range(0, REACH + 1)
        for dx in range(-REACH, REACH + 1)
        if dy > 0 or dx > 0
    ]
    for dy, dx in offsets:
        a = regions[: height - dy, max(0, -dx) : width - max(0, dx)]
        b = regions[dy:, max(0, dx) : width - max(0, -dx)]
        hit = (a != b) & (a != NONE) & (b != NONE)
        low = np.minimum(a[hit], b[hit]).astype(np.int32)
        codes = np.unique(low * 256 + np.maximum(a[hit], b[hit]))
        found.update((int(c) // 256, int(c) % 256) for c in codes)
    return frozenset(found)


def mismatches(regions: np.ndarray) -> tuple[list[Pair], list[Pair]]:
    """(links the map fails to show, neighbours the map shows without a link)."""
    shown = shown_pairs(regions)
    links = link_pairs()
    return sorted(links - shown), sorted(shown - links)


def describe(pair: Pair) -> str:
    a, b = pair
    return f"{a} {_name(a)} / {b} {_name(b)}"


def _name(area: int) -> str:
    name = T.AREA_TABLE[area].name
    return name.removeprefix("MSG_").replace("_", " ").title() if name.startswith("MSG_") else name


def main() -> int:
    from saga.art.paint import build_map

    missing, spurious = mismatches(build_map().regions)
    for title, pairs in (("missing", missing), ("spurious", spurious)):
        print(f"{len(pairs)} {title}")
        for p in pairs:
            print(f"  {describe(p)}")
    return 1 if missing or spurious else 0


if __name__ == "__main__":
    raise SystemExit(main())
