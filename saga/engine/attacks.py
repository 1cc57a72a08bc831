"""Phase 2: choosing battles, for humans by question and for the Amiga by rule."""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.assess import Sides
from saga.engine.combat import battle
from saga.engine.game import Game
from saga.engine.host import BACKSPACE, DONE, WHITE, Ask, hero_pen
from saga.engine.state import Counter, Jarl, Monster

# How many battles one counter can remember fighting in a turn.
ATTACKS = len(T.HERO_NAMES) + len(T.JARL_TABLE) + len(T.MONSTER_TABLE) + T.LAND_AREAS + 1


def _remember(fought: list[Counter], victim: Counter) -> None:
    if len(fought) < ATTACKS:
        fought.append(victim)


def _record_attack(g: Game, attackhero: int, victim: Counter) -> None:
    """Turn a face-down jarl up, and note the battle for every attacker."""
    if victim.kind == T.JARL and g.jarls[victim.number].face == T.FACE_DOWN:
        j = g.jarls[victim.number]
        j.face = T.FACE_UP
        j.recruitable = True
    h = g.heroes[attackhero]
    if h.attacking:
        _remember(h.fought, victim)
    for j in g.jarls:
        if j.attacking:
            _remember(j.fought, victim)


class Fighters:
    """The monsters and jarls that may fight in a combat phase, in board order.

    Battles kill, wound, rout and recruit, but nobody is placed or comes
    back until the turn ends, so those alive as the phase begins are all
    that its battles can involve.  Scans look through them only, still
    asking of each whether it is alive when its turn comes.
    """

    def __init__(self, g: Game) -> None:
        self.monsters = [m for m in g.monsters[: g.state.monster_count] if m.alive]
        self.jarls = [j for j in g.jarls if j.alive]


def attack_phase(g: Game, hero: int, fighters: Fighters | None = None) -> None:
    h = g.heroes[hero]
    if not h.alive:
        return
    fighters = fighters or Fighters(g)
    # A hero must fight a monster sharing his area; the Amiga picks the
    # weakest, the first of equals.
    weakest: Monster | None = None
    where = h.where
    for m in fighters.monsters:
        if m.where == where and m.alive and (weakest is None or m.strength < weakest.strength):
            weakest = m
    must = weakest is not None
    if h.control == T.HUMAN:
        _human_attacks(g, hero, must)
    elif h.control == T.AMIGA:
        _amiga_attacks(g, hero, weakest.index if weakest else -1, fighters)


# -- humans --------------------------------------------------------------------

# Who may attack here: the original asks four ways, each kept as it is, and
# they disagree about counters that lost their turn or were routed:
#
#   can_attack       the side may still attack a victim: the LAST eligible
#                    counter's answer stands; lost turns count (not with fixes)
#   any_attack       the autosense that keeps a human's attack prompt open:
#                    can_attack over every foe on the map, so lost turns count
#   _human_attacks   a human's picked area enlists counters not routed and
#                    whose turn is not lost
#   attackers        the Amiga enlists every counter not routed, lost turn or not
#
# A paralysed hero beside a monster is offered attacks by any_attack that
# _human_attacks can never make: the paralysed-hero trap (docs/design.md).


def can_attack(g: Game, player: int, area: int, victim: Counter) -> bool:
    """Whether the player's side in an area may still attack a victim.

    Quirk kept: each eligible counter overwrites the answer, so the last one
    decides, even if an earlier one could attack.  With the bug fixes on,
    counters that lost their turn are not eligible (as for a human's choice
    of attackers), which springs the paralysed-hero trap.
    """
    can = False
    h = g.heroes[player]
    fixes = g.fixes
    if h.alive and h.where == area and not h.routed and not (fixes and h.loseturn):
        can = victim not in h.fought
    for j in g.jarls:
        if (
            j.alive
            and j.hero == player
            and j.where == area
            and not j.routed
            and not (fixes and j.loseturn)
        ):
            can = victim not in j.fought
    return can


def any_attack(g: Game, player: int) -> bool:
    """Whether the player has any battle left to offer (the original's autosense).

    It ignores lost turns, which is how a paralysed hero sharing an area
    with a monster gets asked to attack forever (the paralysed-hero trap,
    kept unless the bug fixes are on; see docs/design.md).
    """
    heroes, jarls = g.heroes, g.jarls
    monsters = g.monsters[: g.state.monster_count]
    for area in range(T.AREAS):
        if (
            g.king[area] != player
            and T.AREA_TABLE[area].tax
            and not g.ice[area]
            and can_attack(g, player, area, Counter(T.KINGDOM, area))
        ):
            return True
        for m in monsters:
            if m.alive and m.where == area and can_attack(g, player, area, m.counter):
                return True
        for rival in heroes:
            if (
                rival.index != player
                and rival.alive
                and rival.where == area
                and can_attack(g, player, area, rival.counter)
            ):
                return True
        for j in jarls:
            if (
                j.alive
                and j.where == area
                and j.hero != player
                and can_attack(g, player, area, j.counter)
            ):
                return True
    return False


def _human_attacks(g: Game, hero: int, must: bool) -> None:
    h = g.heroes[hero]
    pen = hero_pen(hero)
    t = g.t
    while any_attack(g, hero):
        g.say(g.who(T.HERO, hero, comma=True) + t("MSG_SELECT_ATTACKERS") + "?", pen)
        g.hint(t("MSG_SELECT"), t("MSG_CANCEL"))
        area = g.ask(Ask.COUNTRY, pen)
        if area >= 0:
            attackers = 0
            if h.alive and h.where == area and not h.routed and not h.loseturn:
                attackers = 1
                h.attacking = True
            for j in g.jarls:
                if (
                    j.alive
                    and j.where == area
                    and j.hero == hero
                    and not j.routed
                    and not j.loseturn
                ):
                    attackers += 1
                    j.attacking = True
            if attackers:
                _choose_defender(g, hero, area)
        elif area == DONE:
            if must and h.alive and not h.routed:
                if any(kind == T.MONSTER for kind, _ in h.fought):
                    return
                g.tell(g.who(T.HERO, hero, comma=True) + t("MSG_MUST_FIGHT_MONSTER") + ".", pen)
            else:
                return


def _valid_pick(g: Game, pick: Counter) -> bool:
    """Whether an answer names a real counter of its kind."""
    limits = {
        T.HERO: len(g.heroes),
        T.JARL: len(g.jarls),
        T.MONSTER: len(g.monsters),
        T.KINGDOM: T.AREAS,
    }
    return 0 <= pick.number < limits.get(pick.kind, 0)


def _choose_defender(g: Game, hero: int, here: int) -> None:
    h = g.heroes[hero]
    pen = hero_pen(hero)
    t = g.t
    while True:
        g.say(g.who(T.HERO, hero, comma=True) + t("MSG_SELECT_DEFENDER") + "?", pen)
        g.hint(t("MSG_SELECT"), t("MSG_CANCEL"))
        counter = g.ask(Ask.COUNTER, pen)
        if counter in (BACKSPACE, DONE):
            h.attacking = False
            for j in g.jarls:
                if j.alive and j.attacking:
                    j.attacking = False
            return
        victim = Counter(g.countertype, counter)
        if _can_defend(g, hero, here, victim) and not _fought_already(g, hero, victim):
            break
    _record_attack(g, hero, victim)
    battle(g, victim, hero)


def _can_defend(g: Game, hero: int, here: int, victim: Counter) -> bool:
    """Whether a human's pick is a foe in the attackers' area (ice is explained)."""
    if not _valid_pick(g, victim):
        return False
    kind, counter = victim
    if kind == T.HERO:
        return counter != hero and g.heroes[counter].where == here
    if kind == T.JARL:
        return g.jarls[counter].hero != hero and g.jarls[counter].where == here
    if kind == T.MONSTER:
        return g.monsters[counter].where == here
    if kind == T.KINGDOM and g.king[counter] != hero and counter == here < T.LAND_AREAS:
        if g.ice[counter]:
            g.tell(g.who(T.KINGDOM, counter) + g.t("MSG_COVERED_WITH_ICE") + ".", WHITE)
            return False
        return True
    return False


def _fought_already(g: Game, hero: int, victim: Counter) -> bool:
    """Whether any attacker fought the victim this turn; each one says so."""
    t = g.t
    pen = hero_pen(hero)
    fought, this_turn = t("MSG_ALREADY_FOUGHT"), t("MSG_THIS_TURN")
    already = False
    h = g.heroes[hero]
    if h.attacking and victim in h.fought:
        already = True
        g.tell(g.who(T.HERO, hero) + fought + g.who(*victim, lower=True) + f" {this_turn}.", pen)
    for j in g.jarls:
        if j.attacking and victim in j.fought:
            already = True
            g.tell(
                g.who(T.JARL, j.index) + fought + g.who(*victim, lower=True) + f" {this_turn}.",
                pen,
            )
    return already


# -- the Amiga ---------------------------------------------------------------


def attackers(g: Game, hero: int, area: int, enlist: bool) -> int:
    """The strength the hero's side has in an area; ``enlist`` sends them in.

    Unlike a human's choice, lost turns are not checked.
    """
    total = 0
    h = g.heroes[hero]
    if h.alive and not h.routed and h.where == area:
        if enlist:
            h.attacking = True
        total += h.strength
    for j in g.jarls:
        if j.where == area and j.hero == hero and j.alive and not j.routed:
            if enlist:
                j.attacking = True
            total += j.strength
    return total


def _amiga_battle(g: Game, hero: int, victim: Counter, area: int) -> None:
    attackers(g, hero, area, True)
    _record_attack(g, hero, victim)
    if g.listening:
        g.tell(
            g.who(T.HERO, hero) + g.t("MSG_ATTACKS") + g.who(*victim, lower=True) + ".",
            hero_pen(hero),
        )
    battle(g, victim, hero)


def _amiga_attacks(g: Game, hero: int, must_fight: int, fighters: Fighters) -> None:
    """The Amiga attacks, area by area, whatever it judges it can beat.

    Strength is judged once per kind of victim: a battle that weakens the
    side does not stop further attacks on the same kind in that area.
    """
    if g.listening:
        g.say(g.who(T.HERO, hero) + g.t("MSG_CONSIDERS_ATTACKS") + "...", hero_pen(hero))
    war = _Campaign(g, hero, must_fight, fighters)
    area = -1
    while True:
        # The next area, in board order, where the side still stands: a
        # battle may rout some of it out of areas not yet reached.
        after = area
        area = T.AREAS
        for a in war.stands:
            if after < a < area:
                area = a
        if area == T.AREAS:
            break
        for attack in _ATTACKS:
            total = war.stands.get(area, 0)
            if not total:
                break
            attack(war, area, total)


class _Campaign:
    """One Amiga hero's attacks in a turn, and what his side knows of the board.

    Only battles change the board, so where the side stands, its strength
    there and how strong everyone looks are worked out afresh after each.
    The scans of the board test the area first: it rules out most counters.
    """

    def __init__(self, g: Game, hero: int, must_fight: int, fighters: Fighters) -> None:
        self.g = g
        self.hero = hero
        self.must_fight = must_fight  # the monster he must fight, or -1
        self.fighters = fighters
        self._look()

    def _look(self) -> None:
        # Where the side stands, and what :func:`attackers` would send in there.
        self.stands = _standing(self.g, self.hero, self.fighters.jarls)
        self._sides: Sides | None = None

    def fight(self, victim: Counter, area: int) -> None:
        _amiga_battle(self.g, self.hero, victim, area)
        self._look()

    def sides(self) -> Sides:
        if self._sides is None:
            self._sides = Sides(self.g)
        return self._sides

    def on_jarls(self, area: int, total: int) -> None:
        """Face-down jarls while he has luck to recruit them, else weaker sides."""
        g, hero = self.g, self.hero
        for j in self.fighters.jarls:
            if (
                j.where == area
                and j.alive
                and j.hero != hero
                and (
                    (j.face == T.FACE_DOWN and g.heroes[hero].luck >= 1)
                    or total >= self.sides().jarl_side(j.index, area)
                )
            ):
                self.fight(j.counter, area)

    def on_heroes(self, area: int, total: int) -> None:
        """Rival heroes whose side and luck are at most one stronger."""
        for rival in self.g.heroes:
            if (
                rival.where == area
                and rival.alive
                and rival.index != self.hero
                and total + 1 >= self.sides().hero_side(rival.index, area) + rival.luck
            ):
                self.fight(rival.counter, area)

    def on_monsters(self, area: int, total: int) -> None:
        """Monsters no stronger than the side, and the one he must fight."""
        for m in self.fighters.monsters:
            if m.where == area and m.alive and (m.index == self.must_fight or total >= m.strength):
                self.fight(m.counter, area)

    def on_kingdom(self, area: int, total: int) -> None:
        """Someone else's kingdom (or a free one) that pays less than his strength."""
        g = self.g
        if (
            area < T.LAND_AREAS
            and g.king[area] != self.hero
            and not g.ice[area]
            and total > T.AREA_TABLE[area].tax
        ):
            self.fight(Counter(T.KINGDOM, area), area)


# What the Amiga attacks in each area, in this order.
_ATTACKS = (_Campaign.on_jarls, _Campaign.on_heroes, _Campaign.on_monsters, _Campaign.on_kingdom)


def _standing(g: Game, hero: int, jarls: list[Jarl]) -> dict[int, int]:
    """The areas where the hero's side has counters able to attack, and
    their strength there, as :func:`attackers` counts it; ``jarls`` are
    the :class:`Fighters`'."""
    strengths: dict[int, int] = {}
    h = g.heroes[hero]
    if h.alive and not h.routed:
        strengths[h.where] = h.strength
    for j in jarls:
        if j.hero == hero and j.alive and not j.routed:
            strengths[j.where] = strengths.get(j.where, 0) + j.strength
    return strengths
