"""How the Amiga players judge an area when deciding where to move.

Each area gets a score from what it offers (items, recruits, weak foes,
kingdoms) and what it threatens (strong foes), plus a random 0..3.  The
estimates keep the original's mistakes, which shape every Amiga move:

* Loose items score nothing: dropped items belong to the "kingdom"
  (possessortype KINGDOM), while the test looks for items owned by nobody.
* A jarl's side is estimated by adding the *wrong* jarl's strength once per
  ally, and dead jarls still count.
* Swords never count (see :func:`saga.counters.strength`).
"""

from __future__ import annotations

from collections.abc import Callable

from saga import tables as T
from saga.counters import jarl_count, strength
from saga.game import Game


def hero_side(g: Game, hero: int, area: int) -> int:
    """A hero's strength plus his jarls' in an area, living or not."""
    total = strength(g, T.HERO, hero, True)
    for j in g.jarls:
        if j.hero == hero and j.where == area:
            total += strength(g, T.JARL, j.index, True)
    return total


def jarl_side(g: Game, jarl: int, area: int) -> int:
    """A jarl's side: himself, his hero if present, and one copy of *his own*
    strength per allied jarl in the area (the original's slip)."""
    own = strength(g, T.JARL, jarl, True)
    total = own
    hero = g.jarls[jarl].hero
    if hero != -1:
        if g.heroes[hero].where == area:
            total += strength(g, T.HERO, hero, True)
        for j in g.jarls:
            if j.index != jarl and j.hero == hero and j.where == area:
                total += own
    return total


def unowned_item_at(g: Game, kind: int, counter: int, area: int) -> bool:
    """Whether an item owned by nobody lies here (in practice never)."""
    if not any(s.held_by(kind, counter) for s in g.swords):
        for s in g.swords:
            if s.possessortype == -1 and s.where == area:
                return True
    for number in range(g.state.treasure_count):
        item = g.treasures[number]
        if item.possessortype == -1 and item.where == area:
            return True
    return False


def _monsters(g: Game, own: int, area: int) -> int:
    good = 0
    for m in g.monsters[: g.state.monster_count]:
        if m.alive and m.where == area:
            good += 4 if own > m.strength + 1 else -m.strength  # weak or strong
    return good


def _kingdom(g: Game, side: int, own: int, area: int, attended: Callable[[], bool]) -> int:
    """A weak kingdom to conquer, or one's own kingdom that nobody is running."""
    if area >= T.LAND_AREAS or g.ice[area]:
        return 0
    if g.king[area] != side:
        return 3 if own > T.AREA_TABLE[area].tax + 2 else 0
    return 0 if attended() else T.AREA_TABLE[area].tax


def hero_area(g: Game, hero: int, area: int) -> int:
    """The Amiga hero's score for moving to (or staying in) an area."""
    if area == -1:
        return -100
    own = strength(g, T.HERO, hero, True)
    good = 0
    if unowned_item_at(g, T.HERO, hero, area):
        good += 9
    if jarl_count(g, hero) < T.MAX_JARLS_PER_HERO:
        for j in g.jarls:
            if (
                j.alive and j.hero == -1 and j.where == area
                and j.face == T.FACE_DOWN and g.heroes[hero].luck >= 1
            ):
                good += 6  # a jarl to recruit
    for rival in g.heroes:
        if rival.index != hero and rival.alive and rival.where == area:
            side = hero_side(g, rival.index, area)
            good += 5 if own > side + rival.luck else -side
    for j in g.jarls:
        if not j.alive:
            continue
        if (
            j.face == T.FACE_UP and j.hero != hero
            and (j.hero == -1 or g.heroes[j.hero].where != area) and j.where == area
        ):
            side = jarl_side(g, j.index, area)
            good += 3 if own > side + 1 else -side
        elif j.hero == hero:
            good += strength(g, T.JARL, j.index, True)  # stay with friends
    good += _monsters(g, own, area)
    good += _kingdom(
        g, hero, own, area,
        lambda: any(j.alive and j.hero == hero and j.where == area for j in g.jarls),
    )
    return good + g.goodrand() % 4


def jarl_area(g: Game, jarl: int, area: int) -> int:
    """The Amiga jarl's score for moving to (or staying in) an area."""
    if area == -1:
        return -100
    hero = g.jarls[jarl].hero
    own = strength(g, T.JARL, jarl, True)
    good = 0
    if unowned_item_at(g, T.JARL, jarl, area):
        good += 9
    for rival in g.heroes:
        if rival.alive and rival.where == area:
            if rival.index == hero:
                good += strength(g, T.HERO, hero, True)  # stay with his hero
            else:
                side = hero_side(g, rival.index, area)
                good += 5 if own > side + rival.luck else -side
    for j in g.jarls:
        if j.index == jarl or not j.alive:
            continue
        if (
            j.face == T.FACE_UP and j.hero != hero
            and (j.hero == -1 or g.heroes[j.hero].where != area) and j.where == area
        ):
            side = jarl_side(g, j.index, area)
            good += 3 if own > side + 1 else -side
        elif j.hero == hero:
            good += strength(g, T.JARL, j.index, True)  # stay with friends
    good += _monsters(g, own, area)
    good += _kingdom(
        g, hero, own, area,
        lambda: g.heroes[hero].where == area or any(
            j.index != jarl and j.alive and j.hero == hero and j.where == area for j in g.jarls
        ),
    )
    return good + g.goodrand() % 4
