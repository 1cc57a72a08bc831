"""The link graph of the map, embedded in the plane: its faces and which side is which.

Every border on the map separates two linked areas, so the map is drawn as
the dual of the link graph: a border runs across each link, and the borders
of the (triangular) faces of the graph meet at one point inside each face.
Knowing the faces is what lets the map show exactly the links of
:data:`saga.engine.tables.AREA_TABLE` and no others.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, partial

from saga.art import mapdata as D
from saga.engine import tables as T

Pair = tuple[int, int]


def pair(a: int, b: int) -> Pair:
    """A link as a sorted pair, so each is named once."""
    return (a, b) if a < b else (b, a)


@cache
def link_pairs() -> frozenset[Pair]:
    """Every link, whichever of its two areas lists it.

    The table is not quite symmetric (Wessex lists East Anglia but not the
    reverse); a border cannot be one-way, so either listing draws it.
    """
    return frozenset(pair(i, j) for i, area in enumerate(T.AREA_TABLE) for j in area.links)


@dataclass(frozen=True)
class Embedding:
    """The planar link graph minus the corner links: its faces, and for each
    directed link the face on its left."""

    triangles: tuple[tuple[int, int, int], ...]
    outer: tuple[int, ...]  # the outer face's areas in walk order, along the map's frame
    face_of: dict[Pair, int]  # directed link -> index into triangles, or -1 for the outer face


@cache
def embedding() -> Embedding:
    """Walk the faces of the straight-line drawing of the links.

    Links that only meet at a corner (:data:`mapdata.CORNERS`) are left out:
    they cross another link and are realised by making that link's border
    shrink to a point.  Links drawn bent (:data:`mapdata.LINK_BENDS`) leave
    their areas in the direction of their first bend.
    """
    edges = link_pairs() - {pair(*c) for c in D.CORNERS}
    around: dict[int, list[int]] = {i: [] for i in range(T.AREAS)}
    for a, b in edges:
        around[a].append(b)
        around[b].append(a)
    for a, ring in around.items():
        ring.sort(key=partial(_heading, a))
    seen: set[Pair] = set()
    faces: list[list[int]] = []
    face_id: dict[Pair, int] = {}
    for a, b in sorted(edges):
        for start in ((a, b), (b, a)):
            walk: list[int] = []
            u, v = start
            while (u, v) not in seen:
                seen.add((u, v))
                face_id[(u, v)] = len(faces)
                walk.append(u)
                ring = around[v]
                u, v = v, ring[(ring.index(u) - 1) % len(ring)]
            if walk:
                faces.append(walk)
    outer = max(range(len(faces)), key=lambda f: len(faces[f]))
    if any(len(f) != 3 for k, f in enumerate(faces) if k != outer):
        raise ValueError("every inner face of the link graph must be a triangle")
    renumber: dict[int, int] = {}
    triangles: list[tuple[int, int, int]] = []
    for k, f in enumerate(faces):
        if k != outer:
            renumber[k] = len(triangles)
            triangles.append((f[0], f[1], f[2]))
    renumber[outer] = -1
    return Embedding(
        tuple(triangles), tuple(faces[outer]), {e: renumber[k] for e, k in face_id.items()}
    )


def _heading(a: int, b: int) -> float:
    ax, ay = T.AREA_TABLE[a][:2]
    bends = D.LINK_BENDS.get(pair(a, b), ())
    if bends:
        bx, by = bends[0] if a < b else bends[-1]
    else:
        bx, by = T.AREA_TABLE[b][:2]
    return math.atan2(by - ay, bx - ax)
