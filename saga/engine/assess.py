"""How the Amiga players judge an area when deciding where to move.

Each area gets a score from what it offers (items, recruits, weak foes,
kingdoms) and what it threatens (strong foes), plus a random 0..3.  The
estimates keep the original's mistakes, which shape every Amiga move:

* Loose items score nothing: dropped items belong to the "kingdom"
  (possessortype KINGDOM), while the test looks for items owned by nobody.
* A jarl's side is estimated by adding the *wrong* jarl's strength once per
  ally, and dead jarls still count.
* Swords never count (see :func:`saga.engine.counters.strengths`).
* Every one of the side's own jarls adds its strength to every area
  ("stay with friends"), wherever the jarl is.

While one counter walks, nothing else on the board changes, so a
:class:`Survey` taken when it sets out serves every step of the walk, and
what it makes of an area (all but the random part) is worked out once.
While one side moves, nobody else does, so what it sees of the others is
gathered once for all its walks (a :class:`Camp`), and some of that holds
for the whole movement phase (a :class:`Phase`).
"""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.counters import strengths
from saga.engine.game import Game
from saga.engine.state import Counter, Hero, Jarl

_TAX = tuple(a.tax for a in T.AREA_TABLE)
_LAND_AREAS = T.LAND_AREAS
STAY = T.LINK_SLOTS  # the Amiga's ninth option: stay put
# Each area, then its links in their slots (T.LINKS pads them with empty
# ones): what a walker standing there judges, staying first.
_AROUND = tuple((here, *area.links) for here, area in enumerate(T.AREA_TABLE))
RECRUIT, WEAK_HERO, WEAK_JARL, WEAK_MONSTER, WEAK_KINGDOM, ITEM = 6, 5, 3, 4, 3, 9
_NOTHING: dict[int, int] = {}  # what an area offers, when no area offers anything


class Sides:
    """The Amiga's estimates of how strong each side is where it stands.

    ``allies`` holds each hero's jarls, living or dead, when the caller has
    them to hand; else every jarl is looked at.
    """

    # Slots: each Amiga walk makes a Survey, and reads it at every step.
    __slots__ = ("allies", "g", "hero_strength", "jarl_strength")

    def __init__(
        self,
        g: Game,
        counted: tuple[list[int], list[int]] | None = None,
        allies: dict[int, list[Jarl]] | None = None,
    ) -> None:
        self.g = g
        self.hero_strength, self.jarl_strength = counted or strengths(g)
        self.allies = allies

    def hero_side(self, hero: int, area: int) -> int:
        """A hero's strength plus his jarls' in an area, living or not."""
        jarl_strength = self.jarl_strength
        total = self.hero_strength[hero]
        allies = self.allies  # (looked up here: a method for it cost a call)
        for j in self.g.jarls if allies is None else allies.get(hero, ()):
            if j.hero == hero and j.where == area:
                total += jarl_strength[j.index]
        return total

    def jarl_side(self, jarl: int, area: int) -> int:
        """A jarl's side: himself, his hero if present, and one copy of *his own*
        strength per ally in the area, living or not (the original's slip)."""
        own = self.jarl_strength[jarl]
        hero = self.g.jarls[jarl].hero
        if hero == -1:
            return own
        total = own
        if self.g.heroes[hero].where == area:
            total += self.hero_strength[hero]
        allies = self.allies
        for j in self.g.jarls if allies is None else allies.get(hero, ()):
            if j.hero == hero and j.index != jarl and j.where == area:
                total += own
        return total


class Phase:
    """What holds for a whole movement phase, for the walks and the Amiga's judgement.

    Monsters move, fight and die only in battles and between turns, so
    where they stand holds for the phase, and so do the few items owned by
    nobody.  So do strengths, runes and Hagall's curse, which leaves only
    the Magic Shirt and the Mail Coat to change what
    :func:`~saga.engine.counters.strengths` counts (a walker may pick one
    up, or a human trade for one with a dragon): that count is kept for as
    long as both stay with whoever held them.  Nobody changes the lists.
    """

    def __init__(self, g: Game) -> None:
        # (The lists here are filed by hand, an area's first one made on the
        # spot: quicker than setdefault(), whose fresh list is mostly wasted.)
        self.monsters_at: dict[int, list[int]] = {}
        monsters_at = self.monsters_at
        for m in g.monsters[: g.state.monster_count]:
            if m.alive:
                if m.where in monsters_at:
                    monsters_at[m.where].append(m.strength)
                else:
                    monsters_at[m.where] = [m.strength]
        self.monster_areas = set(self.monsters_at)  # each Camp adds the other sides' to these
        # Where items owned by nobody lie: in a movement phase an item only
        # passes to nobody when it is used up, and then it lies nowhere (-1),
        # where no walk looks, so these hold for the phase.
        self.ownerless_treasures = {
            t.where for t in g.treasures[: g.state.treasure_count] if t.possessortype == -1
        } - {-1}
        self.loose_swords = {s.where for s in g.swords if s.possessortype == -1} - {-1}
        # Nobody is killed or placed while counters move: the living stay so.
        # Nor does a jarl change sides or turn over, and free jarls stay put.
        self.living_heroes = [h for h in g.heroes if h.alive]
        self.jarls_of: dict[int, list[Jarl]] = {}  # the living, by hero (-1: free)
        self.allies: dict[int, list[Jarl]] = {}  # living or dead, as Sides counts them
        self.face_up: list[Jarl] = []
        # What the free face-down jarls offer a hero who may recruit, by area.
        self.recruits: dict[int, int] = {}
        jarls_of, allies, recruits = self.jarls_of, self.allies, self.recruits
        for j in g.jarls:
            hero = j.hero
            if hero in allies:
                allies[hero].append(j)
            else:
                allies[hero] = [j]
            if j.alive:
                if hero in jarls_of:
                    jarls_of[hero].append(j)
                else:
                    jarls_of[hero] = [j]
                if j.face == T.FACE_UP:
                    self.face_up.append(j)
                elif hero == -1:
                    recruits[j.where] = recruits.get(j.where, 0) + RECRUIT
        # Items fall loose only in battles, and walkers only pick them up, so
        # these are the only areas where a walk may end on one.
        self.lying = {
            item.where
            for item in (*g.treasures[: g.state.treasure_count], *g.swords)
            if item.possessortype == T.KINGDOM
        }
        # Jarls collect taxes only in phase 3, and hand them over as they move.
        self.carrying = [j for j in g.jarls if j.wealth]
        self._strengths_key: tuple[int, int, int, int] | None = None
        self._strengths: tuple[list[int], list[int]] = ([], [])

    def strengths(self, g: Game) -> tuple[list[int], list[int]]:
        """Everyone's strength as the Amiga estimates it, now."""
        shirt, coat = g.treasures[T.MAGIC_SHIRT], g.treasures[T.MAIL_COAT]
        key = (shirt.possessortype, shirt.possessor, coat.possessortype, coat.possessor)
        if key != self._strengths_key:
            self._strengths_key = key
            self._strengths = strengths(g)
        return self._strengths


class Camp:
    """What a moving Amiga side sees of everyone else.

    While one side moves nobody else moves, fights or trades, so where the
    other heroes and the other sides' jarls stand is gathered once for the
    hero's walk and the walks of all his jarls after it.  The rest (his
    own jarls, the free jarls, the monsters) comes from the :class:`Phase`.
    """

    def __init__(self, g: Game, side: int, phase: Phase) -> None:
        self.side = side
        self.phase = phase
        # (Filed by hand, as in Phase.)
        self.heroes_at: dict[int, list[Hero]] = {}
        heroes_at = self.heroes_at
        for h in phase.living_heroes:
            if h.index != side:
                if h.where in heroes_at:
                    heroes_at[h.where].append(h)
                else:
                    heroes_at[h.where] = [h]
        self.own_jarls = phase.jarls_of.get(side, [])
        self.rival_jarls_at: dict[int, list[Jarl]] = {}
        rival_jarls_at = self.rival_jarls_at
        for j in phase.face_up:
            if j.hero != side:
                if j.where in rival_jarls_at:
                    rival_jarls_at[j.where].append(j)
                else:
                    rival_jarls_at[j.where] = [j]
        self.monsters_at = phase.monsters_at
        # Most areas hold nobody of another side: those need no closer look.
        self.occupied = phase.monster_areas.union(self.heroes_at, self.rival_jarls_at)


class Survey(Sides):
    """The board as one Amiga counter (a hero, or one of his jarls) sees it.

    The side's own strengths are checked afresh for every walk, since a
    counter that ends its walk on a treasure may come back stronger; the
    rest comes from the side's :class:`Camp`, gathered here when none is given.
    """

    __slots__ = ("_known", "attended", "camp", "constant", "occupied", "offers", "own", "side")

    def __init__(self, g: Game, c: Counter, camp: Camp | None = None) -> None:
        if camp is None:
            camp = Camp(g, g.side(c), Phase(g))
        self.side = side = camp.side  # the walker's: a camp is its side's
        phase = camp.phase
        # (Sides.__init__ written out: the call cost more than the three lines.)
        self.g = g
        self.hero_strength, self.jarl_strength = phase.strengths(g)
        self.allies = phase.allies
        walks_hero = c.kind == T.HERO
        number = c.number
        self.own = (self.hero_strength if walks_hero else self.jarl_strength)[number]
        self.camp = camp
        self.occupied = camp.occupied
        # The side's own jarls (but the walking one) count everywhere, and
        # keep a kingdom running where they stand, as his hero does for a jarl.
        walker = -1 if walks_hero else number
        attended = {g.heroes[side].where} if walker != -1 else set()
        jarl_strength = self.jarl_strength
        constant = 0
        for j in camp.own_jarls:
            if j.index != walker:
                constant += jarl_strength[j.index]
                attended.add(j.where)
        self.constant = constant
        self.attended = attended
        # What an area offers the walker besides its kingdom and the other
        # sides' counters: loose items, jarls to recruit (for a hero) and,
        # for a jarl, his hero.
        offers = _NOTHING  # (these dicts are only read, as long as nothing is added)
        if walks_hero:
            if len(camp.own_jarls) < T.MAX_JARLS_PER_HERO and g.heroes[side].luck >= 1:
                offers = phase.recruits
        elif side != -1 and g.heroes[side].alive:
            offers = {g.heroes[side].where: self.hero_strength[side]}  # a jarl stays with his hero
        if phase.ownerless_treasures or phase.loose_swords:  # never, in practice
            offers = dict(offers)
            for where in _ownerless_items(g, phase, c):
                offers[where] = offers.get(where, 0) + ITEM
        self.offers = offers
        self._known: list[int | None] = [None] * T.AREAS

    def choose(self, here: int) -> int:
        """The walking counter's pick: a link out of ``here`` by its slot, or
        :data:`STAY` (the ninth option).

        Each area scores what it is worth plus a random 0..3.  Staying costs
        a point, and is judged first, so it draws first; a missing link (-1)
        scores -100 and draws nothing.  Then the scores are gone through in
        slot order, staying last: a higher one takes the lead, and one equal
        to the lead takes it on a coin toss.
        """
        known = self._known
        g = self.g
        goodrand = g.goodrand
        constant, offers, occupied = self.constant, self.offers, self.occupied
        ice, king = g.ice, g.king
        side, own, attended = self.side, self.own, self.attended
        scores = []
        for area in _AROUND[here]:
            worth = known[area]
            if worth is None:
                # What the area offers the walker, less what it threatens.
                # (Worked out here rather than in methods: a call took about
                # as long as the sums.)  Each kind of counter is looked for
                # before it is read: most areas hold one kind, or none.
                worth = constant + offers[area] if area in offers else constant
                if area in occupied:  # what the other sides' counters offer, or threaten
                    camp = self.camp
                    if area in camp.heroes_at:
                        for h in camp.heroes_at[area]:
                            rival = self.hero_side(h.index, area)
                            worth += WEAK_HERO if own > rival + h.luck else -rival
                    if area in camp.rival_jarls_at:
                        heroes = g.heroes
                        for j in camp.rival_jarls_at[area]:
                            if j.hero == -1 or heroes[j.hero].where != area:
                                rival = self.jarl_side(j.index, area)
                                worth += WEAK_JARL if own > rival + 1 else -rival
                    if area in camp.monsters_at:
                        for monster in camp.monsters_at[area]:
                            worth += WEAK_MONSTER if own > monster + 1 else -monster
                if area < _LAND_AREAS and not ice[area]:
                    if king[area] != side:
                        worth += WEAK_KINGDOM if own > _TAX[area] + 2 else 0
                    elif area not in attended:
                        worth += _TAX[area]  # his own kingdom, with nobody running it
                known[area] = worth
            scores.append(worth + goodrand() % 4)
        stay = scores[0] - 1  # staying costs a point; the links' scores follow
        del scores[0]
        best = -100
        choice = 0
        option = 0  # counted by hand: enumerate()'s pairs cost more than the count
        for score in scores:
            if score > best or (score == best and not goodrand() % 2):
                choice = option
                best = score
            option += 1  # noqa: SIM113
        if best == -100:  # (it never falls below) the empty slots tie with it
            for option in range(len(scores), STAY):
                if not goodrand() % 2:
                    choice = option
        if stay > best or (stay == best and not goodrand() % 2):
            choice = STAY
        return choice


def _ownerless_items(g: Game, phase: Phase, c: Counter) -> set[int]:
    """Where items owned by nobody at all lie (never, in practice; see above).

    Swords count only for a counter without one.
    """
    items = phase.ownerless_treasures
    loose = phase.loose_swords
    if not loose:
        return items
    kind, number = c
    if not any([s.possessortype == kind and s.possessor == number for s in g.swords]):
        return items | loose
    return items
