"""The borders of the map as polylines: straight skeletons, then roughened.

Each linked pair of areas gets one border.  It runs from the meeting point of
the face on one side of the link to that of the face on the other, crossing
the link at a gate between the two areas; the outer face meets the frame.
Points are chosen so that each area keeps room for a stack of counters:
distances are measured from the middle of the stack in a metric stretched to
the stack's shape.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

import numpy as np

from saga.art import mapdata as D
from saga.art.topology import Pair, embedding, link_pairs, pair
from saga.engine import tables as T

# A stack of four counters covers x-12..x+11, y-33..y+11 around an area's centre.
STACK_HALF_WIDTH = 12.0
STACK_HALF_HEIGHT = 22.5
STACK_LIFT = 11.0
BASE_CLEARANCE = 14  # from a centre down to below its bottom counter
_SQUASH = STACK_HALF_WIDTH / STACK_HALF_HEIGHT

LAND_KINDS = (T.LAND, T.PENINSULA, T.ISLE)


def is_land(area: int) -> bool:
    """Isles and peninsulas are land too: they meet the sea with a coast."""
    return T.AREA_TABLE[area].kind in LAND_KINDS


# Border styles.
COAST, BORDER, STRAIT, DIVIDER = range(4)


def style(a: int, b: int) -> int:
    """How a border is drawn: coast, land border, strait to an isle, or sea divider."""
    land_a, land_b = is_land(a), is_land(b)
    if land_a != land_b:
        return COAST
    if not land_a:
        return DIVIDER
    isle = T.AREA_TABLE[a].kind == T.ISLE or T.AREA_TABLE[b].kind == T.ISLE
    return STRAIT if isle else BORDER


def _stack_middle(area: int) -> np.ndarray:
    """An area's stack middle in squashed space, where the stack is a square."""
    x, y = T.AREA_TABLE[area][:2]
    return np.array([x, (y - STACK_LIFT) * _SQUASH])


def _unsquash(p: np.ndarray) -> tuple[float, float]:
    return float(p[0]), float(p[1] / _SQUASH)


def junction(tri: tuple[int, int, int]) -> tuple[float, float]:
    """Where the three borders of a triangular face meet.

    The point equally far from the three stacks (their circumcentre in
    squashed space) when it lies inside the face, else the nearest point of
    the face to it; moved onto the shore where the face has land and sea of
    one land mass.
    """
    key = tuple(sorted(tri))
    if key in D.JUNCTIONS:
        return D.JUNCTIONS[key]
    point = _balanced_point(tri)
    masses = {_landmass(i) for i in tri if is_land(i)}
    if len(masses) == 1 and not all(is_land(i) for i in tri):
        return _coast(masses.pop()).nearest(point)[1]
    return point


def _balanced_point(tri: tuple[int, int, int]) -> tuple[float, float]:
    a, b, c = (_stack_middle(i) for i in tri)
    d = 2 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]))
    sa, sb, sc = a @ a, b @ b, c @ c
    centre = np.array(
        [
            (sa * (b[1] - c[1]) + sb * (c[1] - a[1]) + sc * (a[1] - b[1])) / d,
            (sa * (c[0] - b[0]) + sb * (a[0] - c[0]) + sc * (b[0] - a[0])) / d,
        ]
    )
    if _inside(centre, a, b, c, margin=4.0):
        return _unsquash(centre)
    # An obtuse face: take the nearest point of the face, a little way in.
    nearest = min(
        (_nearest_on_segment(centre, u, v) for u, v in ((a, b), (b, c), (c, a))),
        key=lambda q: _norm(q - centre),
    )
    inward = (a + b + c) / 3 - nearest
    return _unsquash(nearest + inward * min(1.0, 4.0 / _norm(inward)))


def _nearest_on_segment(p: np.ndarray, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    t = float(np.clip((p - u) @ (v - u) / ((v - u) @ (v - u)), 0.0, 1.0))
    nearest: np.ndarray = u + (v - u) * t
    return nearest


def _inside(p: np.ndarray, a: np.ndarray, b: np.ndarray, c: np.ndarray, margin: float) -> bool:
    def side(u: np.ndarray, v: np.ndarray) -> float:
        cross = (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0])
        return float(cross / _norm(v - u))

    sides = [side(a, b), side(b, c), side(c, a)]
    return all(s > margin for s in sides) or all(s < -margin for s in sides)


def gate(a: int, b: int) -> tuple[float, float]:
    """Where the border of two linked areas crosses the line between them."""
    if pair(a, b) in D.GATES:
        return D.GATES[pair(a, b)]
    gx, gy = _unsquash((_stack_middle(a) + _stack_middle(b)) / 2)
    upper, lower = sorted((T.AREA_TABLE[a], T.AREA_TABLE[b]), key=lambda area: area.y)
    if abs(upper.x - lower.x) < 2 * STACK_HALF_WIDTH:
        # One above the other: spare both bottom counters before the stacks.
        lo, hi = upper.y + BASE_CLEARANCE, lower.y - BASE_CLEARANCE
        gy = float(np.clip(gy, lo, hi)) if lo <= hi else (lo + hi) / 2
    return gx, gy


def frame_point(u: int, v: int) -> tuple[float, float]:
    """Where the border between two areas on the outer face meets the frame.

    Halfway along the frame between the two areas' own nearest points of
    it, going the way the outer face goes round (anticlockwise on screen).
    """
    if (u, v) in D.FRAME_POINTS:
        return D.FRAME_POINTS[(u, v)]
    if style(u, v) == COAST:
        # A shore that runs off the map leaves it at its own end.
        line = _coast(_landmass(u if is_land(u) else v))
        return min(line.ends, key=lambda p: _dist(p, _perimeter_point(_halfway(u, v))))
    return _perimeter_point(_halfway(u, v))


def _halfway(u: int, v: int) -> float:
    su, sv = _perimeter_position(u), _perimeter_position(v)
    length = _perimeter_length()
    return (su + ((sv - su) % length) / 2) % length


def _perimeter_length() -> float:
    left, top, right, bottom = D.FRAME
    return 2.0 * ((right - left) + (bottom - top))


def _perimeter_position(area: int) -> float:
    """Where an area's centre projects onto the frame, as a distance along it
    from the top right corner, leftwards."""
    left, top, right, bottom = D.FRAME
    x, y = T.AREA_TABLE[area][:2]
    w, h = right - left, bottom - top
    sides = [
        (y - top, right - x),  # top edge, running left
        (x - left, w + (y - top)),  # left edge, running down
        (bottom - y, w + h + (x - left)),  # bottom edge, running right
        (right - x, 2 * w + h + (bottom - y)),  # right edge, running up
    ]
    return float(min(sides)[1])


def _perimeter_point(s: float) -> tuple[float, float]:
    left, top, right, bottom = D.FRAME
    w, h = right - left, bottom - top
    if s < w:
        return (right - s, top)
    if s < w + h:
        return (left, top + s - w)
    if s < 2 * w + h:
        return (left + s - w - h, bottom)
    return (right, bottom - (s - 2 * w - h))


@dataclass(frozen=True)
class Border:
    """One border: the two areas it parts, how it is drawn, and its points."""

    areas: Pair
    style: int
    points: tuple[tuple[float, float], ...]


def _end(u: int, v: int) -> tuple[float, float]:
    """Where the border across link (u, v) ends on the side of the face left of it."""
    face = embedding().face_of[(u, v)]
    if face < 0:
        return frame_point(u, v)
    return junction(embedding().triangles[face])


@cache
def skeleton() -> tuple[Border, ...]:
    """Every border as a polyline: along the shore for coasts, else straight
    through its junctions, gate and waypoints.  A border whose two ends meet
    (the middle of a four-way corner) is left out."""
    corners = {pair(*c) for c in D.CORNERS}
    out = []
    for a, b in sorted(link_pairs() - corners):
        start, end = _end(a, b), _end(b, a)
        if _dist(start, end) < 1:
            continue
        kind = style(a, b)
        if kind == COAST:
            land = a if is_land(a) else b
            middle = _coast(_landmass(land)).between(start, end)
        else:
            middle = [gate(a, b), *D.WAYPOINTS.get((a, b), ())]
            axis = np.subtract(end, start)
            middle.sort(key=lambda p: float(np.dot(np.subtract(p, start), axis)))
        inner = [p for p in middle if min(_dist(p, start), _dist(p, end)) >= 0.5]
        out.append(Border((a, b), kind, tuple(_dedupe([start, *inner, end]))))
    return tuple(out)


def _dedupe(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = [points[0]]
    for p in points[1:]:
        if _dist(p, out[-1]) >= 0.5:
            out.append(p)
    return out


def _landmass(area: int) -> str:
    for name, line in D.COASTLINES.items():
        if area in line.lands:
            return name
    raise KeyError(f"land {area} is on no coastline")


@cache
def _coast(name: str) -> Shore:
    line = D.COASTLINES[name]
    return Shore(np.array(line.points, float), line.closed)


class Shore:
    """A hand-drawn coastline, to find points on and walk along."""

    def __init__(self, points: np.ndarray, closed: bool) -> None:
        self.points = np.vstack([points, points[:1]]) if closed else points
        self.closed = closed
        steps = np.sqrt((np.diff(self.points, axis=0) ** 2).sum(1))
        self.at = np.concatenate([[0.0], np.cumsum(steps)])

    @property
    def length(self) -> float:
        return float(self.at[-1])

    @property
    def ends(self) -> tuple[tuple[float, float], tuple[float, float]]:
        return tuple(self.points[0]), tuple(self.points[-1])

    def nearest(self, p: tuple[float, float]) -> tuple[float, tuple[float, float]]:
        """The distance along the shore of its nearest point to ``p``, and that point."""
        a, b = self.points[:-1], self.points[1:]
        d = b - a
        t = np.clip(((np.array(p) - a) * d).sum(1) / np.maximum((d * d).sum(1), 1e-9), 0, 1)
        q = a + d * t[:, None]
        k = int(np.argmin(((q - np.array(p)) ** 2).sum(1)))
        return float(self.at[k] + t[k] * (self.at[k + 1] - self.at[k])), (
            float(q[k][0]),
            float(q[k][1]),
        )

    def between(
        self, start: tuple[float, float], end: tuple[float, float]
    ) -> list[tuple[float, float]]:
        """The shore's points from nearest ``start`` to nearest ``end``; round an
        island, the shorter way."""
        s0, p0 = self.nearest(start)
        s1, p1 = self.nearest(end)
        if not self.closed:
            return [p0, *self._run(s0, s1), p1]
        forward = [p0, *self._run(s0, s1 if s1 >= s0 else s1 + self.length), p1]
        backward = [p0, *self._run(s0, s1 if s1 <= s0 else s1 - self.length), p1]
        return min(forward, backward, key=_run_length)

    def _run(self, s0: float, s1: float) -> list[tuple[float, float]]:
        """The shore's own vertices strictly between two distances along it
        (beyond the ends of a closed shore, round again)."""
        if self.closed:
            base = self.at[:-1]
            at = np.concatenate([base - self.length, base, base + self.length])
            pts = np.vstack([self.points[:-1]] * 3)
        else:
            at, pts = self.at, self.points
        lo, hi = min(s0, s1), max(s0, s1)
        inside = (at > lo) & (at < hi)
        run = [(float(x), float(y)) for x, y in pts[inside]]
        return run if s0 <= s1 else run[::-1]


def _run_length(run: list[tuple[float, float]]) -> float:
    return sum(_dist(p, q) for p, q in pairwise(run))


# How far a border may wander from its skeleton, as a fraction of each
# segment's length at every halving: coasts are ragged, land borders wind a
# little, sea dividing lines are ruled straight as on the board.
ROUGHNESS = {COAST: 0.1, BORDER: 0.08, STRAIT: 0.06, DIVIDER: 0.0}
FINEST = 2.5  # stop halving below this segment length, in pixels


def roughen(
    points: tuple[tuple[float, float], ...], roughness: float, seed: int
) -> list[tuple[float, float]]:
    """Midpoint displacement: halve every segment, push the middle sideways.

    The sideways pushes come from the standard library's generator, whose
    ``random()`` sequence Python promises never to change, so the committed
    map can be rebuilt byte for byte on any machine.
    """
    rng = random.Random(seed)
    out = [points[0]]
    for a, b in pairwise(points):
        out.extend(_halve(np.array(a), np.array(b), roughness, rng)[1:])
    return [(float(x), float(y)) for x, y in out]


def _halve(a: np.ndarray, b: np.ndarray, roughness: float, rng: random.Random) -> list:
    d = b - a
    length = _norm(d)
    if roughness == 0 or length < FINEST:
        return [a, b]
    normal = np.array([-d[1], d[0]]) / length
    push = rng.random() + rng.random() + rng.random() - 1.5  # a rounded bell, -1.5..1.5
    mid = (a + b) / 2 + normal * length * roughness * push
    return _halve(a, mid, roughness, rng)[:-1] + _halve(mid, b, roughness, rng)


def _norm(v: np.ndarray) -> float:
    """A vector's length from correctly rounded operations only."""
    return math.sqrt(float(v[0]) * float(v[0]) + float(v[1]) * float(v[1]))


def _dist(p: tuple[float, float], q: tuple[float, float]) -> float:
    return _norm(np.subtract(p, q))


@cache
def borders() -> tuple[Border, ...]:
    """Every border roughened by its style, without any two crossing.

    A border that would cross another is tried again with the next seed, and
    then more gently, so the result is the same on every run.
    """
    done: list[Border] = []
    for bone in skeleton():
        roughness = 0.0 if bone.areas in D.STRAIGHT else ROUGHNESS[bone.style]
        a, b = bone.areas
        for attempt in range(12):
            points = roughen(bone.points, roughness * (1 - attempt / 12), a * 100 + b + attempt)
            if not any(_crosses(points, other.points) for other in done):
                break
        else:
            raise ValueError(f"the border of areas {a} and {b} cannot avoid the others")
        done.append(Border(bone.areas, bone.style, tuple(points)))
    return tuple(done)


def _crosses(p: list[tuple[float, float]], q: tuple[tuple[float, float], ...]) -> bool:
    """Whether two polylines cross anywhere but at shared end points."""
    pa, qa = np.array(p), np.array(q)
    lo = np.maximum(pa.min(0), qa.min(0))
    hi = np.minimum(pa.max(0), qa.max(0))
    if (lo > hi + 1).any():
        return False
    a0, a1 = pa[:-1, None], pa[1:, None]
    b0, b1 = qa[None, :-1], qa[None, 1:]

    def orient(u: np.ndarray, v: np.ndarray, w: np.ndarray) -> np.ndarray:
        turn: np.ndarray = (v[..., 0] - u[..., 0]) * (w[..., 1] - u[..., 1]) - (
            v[..., 1] - u[..., 1]
        ) * (w[..., 0] - u[..., 0])
        return turn

    hit = (orient(a0, a1, b0) * orient(a0, a1, b1) < 0) & (
        orient(b0, b1, a0) * orient(b0, b1, a1) < 0
    )
    return bool(hit.any())
