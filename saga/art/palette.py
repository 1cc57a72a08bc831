"""The default colours of the map's pens: lands by wealth, seas by depth.

Poor lands are pale and dry, rich lands green; neighbours of equal wealth
are told apart by a slight shift in lightness, chosen by colouring the land
graph so that no two neighbours share a shift.
"""

from __future__ import annotations

from functools import cache

from saga.art import mapdata as D
from saga.art.topology import link_pairs
from saga.engine import tables as T
from saga.look import pens as P


def _mix(a: P.RGB, b: P.RGB, t: float) -> P.RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def land_colour(area: int) -> P.RGB:
    """A land's colour: the wealth ramp at its tax, lightened or darkened a
    touch by its colour class."""
    tax = T.AREA_TABLE[area].tax
    low, high = min(D.TAX_RAMP), max(D.TAX_RAMP)
    tax = min(max(tax, low), high)
    below = max(t for t in D.TAX_RAMP if t <= tax)
    above = min(t for t in D.TAX_RAMP if t >= tax)
    t = 0.0 if above == below else (tax - below) / (above - below)
    base = _mix(D.TAX_RAMP[below], D.TAX_RAMP[above], t)
    shift = D.LIGHTNESS_SHIFTS[_colour_classes()[area]]
    return tuple(min(255, max(0, c + shift)) for c in base)  # type: ignore[return-value]


def sea_colour(area: int) -> P.RGB:
    """A sea's colour: its body of water's, darker over the deeps."""
    if area in D.DEEP_SEAS:
        return D.DEEP_SEA_COLOUR
    name = T.AREA_TABLE[area].name
    return D.SEA_COLOURS.get(name, D.SEA_COLOURS["MSG_NORTH_SEA"])


@cache
def _colour_classes() -> dict[int, int]:
    """A greedy colouring of the land graph, richest lands first."""
    lands = range(T.LAND_AREAS)
    neighbours: dict[int, set[int]] = {a: set() for a in lands}
    for a, b in link_pairs():
        if a in neighbours and b in neighbours:
            neighbours[a].add(b)
            neighbours[b].add(a)
    classes: dict[int, int] = {}
    for area in sorted(lands, key=lambda a: (-len(neighbours[a]), a)):
        taken = {classes[n] for n in neighbours[area] if n in classes}
        classes[area] = min(c for c in range(len(D.LIGHTNESS_SHIFTS)) if c not in taken)
    return classes


@cache
def default_palette() -> tuple[P.RGB, ...]:
    """All 128 pens as the game shows them at the start (the map file's palette)."""
    colours: list[P.RGB] = [(0, 0, 0)] * P.PENS
    for pen, rgb in P.fixed_colours().items():
        colours[pen] = rgb
    for area in range(T.AREAS):
        colours[P.area_pen(area)] = land_colour(area) if area < T.LAND_AREAS else sea_colour(area)
    return tuple(colours)
