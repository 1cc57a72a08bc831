"""How the Amiga players judge an area when deciding where to move.

Each area gets a score from what it offers (items, recruits, weak foes,
kingdoms) and what it threatens (strong foes), plus a random 0..3.  The
estimates keep the original's mistakes, which shape every Amiga move:

* Loose items score nothing: dropped items belong to the "kingdom"
  (possessortype KINGDOM), while the test looks for items owned by nobody.
* A jarl's side is estimated by adding the *wrong* jarl's strength once per
  ally, and dead jarls still count.
* Swords never count (see :func:`saga.engine.counters.strength`).
* Every one of the side's own jarls adds its strength to every area
  ("stay with friends"), wherever the jarl is.

While one counter walks, nothing else on the board changes, so a
:class:`Survey` taken when it sets out serves every step of the walk.
"""

from __future__ import annotations

from collections import defaultdict

from saga.engine import tables as T
from saga.engine.counters import strength
from saga.engine.game import Game
from saga.engine.state import Hero, Jarl

_TAX = tuple(a.tax for a in T.AREA_TABLE)
RECRUIT, WEAK_HERO, WEAK_JARL, WEAK_MONSTER, WEAK_KINGDOM, ITEM = 6, 5, 3, 4, 3, 9


class Sides:
    """The Amiga's estimates of how strong each side is where it stands."""

    def __init__(self, g: Game) -> None:
        self.g = g
        self.hero_strength = [strength(g, T.HERO, h.index, True) for h in g.heroes]
        self.jarl_strength = [strength(g, T.JARL, j.index, True) for j in g.jarls]
        # Every jarl ever sworn to each hero, living or dead (see jarl_side).
        self.sworn: list[list[Jarl]] = [[] for _ in g.heroes]
        for j in g.jarls:
            if j.hero != -1:
                self.sworn[j.hero].append(j)

    def hero_side(self, hero: int, area: int) -> int:
        """A hero's strength plus his jarls' in an area, living or not."""
        jarl_strength = self.jarl_strength
        return self.hero_strength[hero] + sum(
            jarl_strength[j.index] for j in self.sworn[hero] if j.where == area
        )

    def jarl_side(self, jarl: int, area: int) -> int:
        """A jarl's side: himself, his hero if present, and one copy of *his own*
        strength per ally in the area (the original's slip)."""
        own = self.jarl_strength[jarl]
        hero = self.g.jarls[jarl].hero
        if hero == -1:
            return own
        total = own
        if self.g.heroes[hero].where == area:
            total += self.hero_strength[hero]
        for j in self.sworn[hero]:
            if j.index != jarl and j.where == area:
                total += own
        return total


class Survey(Sides):
    """The board as one Amiga counter (a hero, or one of his jarls) sees it."""

    def __init__(self, g: Game, kind: int, counter: int) -> None:
        super().__init__(g)
        heroes, jarls = g.heroes, g.jarls
        side = counter if kind == T.HERO else jarls[counter].hero
        me = counter if kind == T.JARL else -1  # the walking jarl, if it is one
        self.own = (self.hero_strength if kind == T.HERO else self.jarl_strength)[counter]
        living = [j for j in jarls if j.alive]
        self.constant = sum(self.jarl_strength[j.index] for j in living
                            if j.hero == side and j.index != me)
        self.heroes_at: dict[int, list[Hero]] = defaultdict(list)
        for h in heroes:
            if h.alive and h.index != (counter if kind == T.HERO else -1):
                self.heroes_at[h.where].append(h)
        self.rival_jarls_at: dict[int, list[Jarl]] = defaultdict(list)
        for j in living:
            if j.face == T.FACE_UP and j.hero != side and j.index != me:
                self.rival_jarls_at[j.where].append(j)
        self.monsters_at: dict[int, list[int]] = defaultdict(list)
        for m in g.monsters[: g.state.monster_count]:
            if m.alive:
                self.monsters_at[m.where].append(m.strength)
        self.recruits_at: dict[int, int] = defaultdict(int)
        if (
            kind == T.HERO
            and sum(1 for j in living if j.hero == side) < T.MAX_JARLS_PER_HERO
            and heroes[side].luck >= 1
        ):
            for j in living:
                if j.hero == -1 and j.face == T.FACE_DOWN:
                    self.recruits_at[j.where] += 1
        # Where someone of the side keeps a kingdom running.
        self.attended = {j.where for j in living if j.hero == side and j.index != me}
        if kind == T.JARL:
            self.attended.add(heroes[side].where)
        # Items owned by nobody at all (never, in practice; see above).
        holds_sword = any(s.held_by(kind, counter) for s in g.swords)
        self.items = {t.where for t in g.treasures[: g.state.treasure_count]
                      if t.possessortype == -1}
        if not holds_sword:
            self.items.update(s.where for s in g.swords if s.possessortype == -1)
        self.side = side

    def score(self, area: int) -> int:
        """The walking counter's score for moving to (or staying in) an area."""
        if area == -1:
            return -100
        g = self.g
        own, side = self.own, self.side
        good = self.constant
        if area in self.items:
            good += ITEM
        good += RECRUIT * self.recruits_at.get(area, 0)
        for h in self.heroes_at.get(area, ()):
            if h.index == side:
                good += self.hero_strength[side]  # a jarl stays with his hero
            else:
                rival = self.hero_side(h.index, area)
                good += WEAK_HERO if own > rival + h.luck else -rival
        heroes = g.heroes
        for j in self.rival_jarls_at.get(area, ()):
            if j.hero == -1 or heroes[j.hero].where != area:
                rival = self.jarl_side(j.index, area)
                good += WEAK_JARL if own > rival + 1 else -rival
        for monster in self.monsters_at.get(area, ()):
            good += WEAK_MONSTER if own > monster + 1 else -monster
        if area < T.LAND_AREAS and not g.ice[area]:
            if g.king[area] != side:
                good += WEAK_KINGDOM if own > _TAX[area] + 2 else 0
            elif area not in self.attended:
                good += _TAX[area]  # his own kingdom, with nobody running it
        return good + g.goodrand() % 4
