"""Phase 1 movement of one hero's side, and routs after a battle."""

from __future__ import annotations

from collections.abc import Callable

from saga.engine import tables as T
from saga.engine.assess import STAY, Camp, Phase, Survey
from saga.engine.counters import is_legal, may_enter, moves, sea_step
from saga.engine.game import Game
from saga.engine.host import BACKSPACE, DONE, Ask, hero_pen
from saga.engine.items import (
    ask_treasure,
    hand_over_gold,
    offer_necklace,
    pick_up_sword,
    pick_up_treasures,
    vanish,
)
from saga.engine.state import Counter, Monster

LINKS = T.LINKS
_NOWHERE = [False] * T.AREAS


def _reset_passengers(g: Game) -> None:
    """Put everyone down from Frey Faxi.

    Passengers are only ever chosen for a rider, once ``g.rider`` names
    him, so with no rider (nearly always) there is nobody to put down, and
    callers need not call.
    """
    g.rider = None
    for h in g.heroes:
        h.passenger = False
    for j in g.jarls:
        j.passenger = False


def _start_visit(g: Game, area: int) -> None:
    g.visited = visited = _NOWHERE.copy()  # quicker than clearing the old one
    visited[area] = True


def move_side(g: Game, hero: int, phase: Phase) -> None:
    """Move a hero, then each of his jarls, asking humans and deciding for the Amiga."""
    if g.rider is not None:
        _reset_passengers(g)
    h = g.heroes[hero]
    if h.alive:
        camp = Camp(g, hero, phase) if h.control == T.AMIGA else None
        g.mover = h.counter
        _move_hero(g, hero, phase, camp)
        for j in phase.jarls_of.get(hero, ()):
            g.mover = j.counter
            _move_jarl(g, hero, j.index, phase, camp)
        g.mover = None
    if g.rider is not None:
        _reset_passengers(g)


def _move_hero(g: Game, hero: int, phase: Phase, camp: Camp | None) -> None:
    h = g.heroes[hero]
    me = h.counter
    n = moves(g, me, False)
    g.movearray[0] = h.where
    g.whichrealmove = g.whichmove = 1
    start = h.where
    g.freemove = False
    _start_visit(g, h.where)
    if n >= 1:
        if h.control == T.HUMAN:
            _human_moves_hero(g, hero, n, start)
        else:
            _amiga_moves_hero(g, hero, n, camp)
    # Taxes his jarls collected pass to him wherever his path met theirs.
    paying = []
    for j in phase.carrying:
        if j.wealth and j.hero == hero:
            paying.append(j)
    if paying:
        for area in g.movearray[: g.whichrealmove]:
            for j in paying:
                if j.where == area:
                    hand_over_gold(g, hero, j.index)
    if h.where in phase.lying:
        pick_up_treasures(g, me, h.where, h.control)
        pick_up_sword(g, me, h.where, h.control)
    if h.control != T.AMIGA:  # (only a human is offered a trade)
        offer_necklace(g, me, h.control)
    if g.whichmove == 1 and h.wounded and (h.where == h.homewhere or h.rune == T.ING):
        h.wounded = False
        g.tell(g.who(T.HERO, hero) + g.t("MSG_HEALS") + ".", hero_pen(hero))
    elif h.wounded and g.treasures[T.HEALING_POTION].held_by(T.HERO, hero):
        if h.control == T.AMIGA:
            h.wounded = False
            vanish(g, T.HEALING_POTION)
            name = g.item_name(T.TREASURE, T.HEALING_POTION)
            g.tell(g.who(T.HERO, hero) + f"{g.t('MSG_DRINKS_THE')} {name}.", hero_pen(hero))
        elif ask_treasure(g, me, T.HEALING_POTION):
            h.wounded = False
            vanish(g, T.HEALING_POTION)


def _move_prompt(g: Game, c: Counter, area: int, n: int, pen: int) -> None:
    t = g.t
    text = (
        g.who(*c)
        + f"{t('MSG_IN')} {g.area_name(area)}, {t('MSG_MOVE')} {g.whichmove} {t('MSG_OF')} {n}?"
    )
    if g.whichmove >= 2:
        text += f" ({t('MSG_BACKSPACE_TO_REDO')})"
    g.say(text, pen)
    g.hint(t("MSG_MOVE_BUTTON"), t("MSG_FINISH"))


def _ask_step(g: Game, pen: int) -> int:
    """An area, Backspace or Done; other answers are ignored."""
    while True:
        area = g.ask(Ask.COUNTRY, pen)
        if -3 <= area <= T.AREAS - 1 and area != -1:
            return area


def _ask_destination(g: Game, c: Counter, pen: int) -> int:
    """Where the Teleport Scroll should take its reader."""
    g.say(g.who(*c, comma=True) + g.t("MSG_SELECT_DESTINATION") + "?", pen)
    g.hint(g.t("MSG_SELECT"), "-")
    while True:
        area = g.ask(Ask.COUNTRY, pen)
        if 0 <= area < T.AREAS:
            return area


def _human_moves_hero(g: Game, hero: int, n: int, start: int) -> None:
    h = g.heroes[hero]
    me = h.counter
    pen = hero_pen(hero)
    horse = g.treasures[T.FREY_FAXI]
    if horse.held_by(T.HERO, hero):
        if ask_treasure(g, me, T.FREY_FAXI):
            vanish(g, T.FREY_FAXI)
            n = moves(g, me, True)
    elif (
        horse.possessortype == T.JARL
        and g.jarls[horse.possessor].hero == hero
        and ask_treasure(g, g.jarls[horse.possessor].counter, T.FREY_FAXI)
    ):
        vanish(g, T.FREY_FAXI)
    scroll = g.treasures[T.TELEPORT_SCROLL]
    if scroll.held_by(T.HERO, hero) and ask_treasure(g, me, T.TELEPORT_SCROLL):
        vanish(g, T.TELEPORT_SCROLL)
        step_hero(g, hero, _ask_destination(g, me, pen))
        return
    while True:
        _move_prompt(g, me, h.where, n, pen)
        area = _ask_step(g, pen)
        if area == DONE:
            return
        if area == BACKSPACE:
            g.whichmove = g.whichrealmove = 1
            h.where = start
            if g.rider is not None and g.rider.kind == T.HERO:
                for j in g.jarls:
                    if j.passenger:
                        j.where = start
            g.freemove = False
        elif area in LINKS[h.where] and is_legal(g, me, area, True):
            step_hero(g, hero, area)
        if g.whichmove > n:
            return


def _mounts(g: Game) -> str:
    return f"{g.t('MSG_RIDES_THE')} {g.item_name(T.TREASURE, T.FREY_FAXI)}."


def _amiga_moves_hero(g: Game, hero: int, n: int, camp: Camp | None) -> None:
    h = g.heroes[hero]
    pen = hero_pen(hero)
    s = g.state
    horse = g.treasures[T.FREY_FAXI]
    if horse.held_by(T.HERO, hero):
        if s.turn > s.turns - s.faxirides or (not h.hagall and g.goodrand() % 6 == 0):
            vanish(g, T.FREY_FAXI)
            n = moves(g, h.counter, True)
            g.tell(g.who(T.HERO, hero) + _mounts(g), pen)
    elif horse.possessortype == T.JARL and g.jarls[horse.possessor].hero == hero:
        rider = g.jarls[horse.possessor]
        if s.turn > s.turns - s.faxirides or (not rider.hagall and g.goodrand() % 8 == 0):
            # Quirk kept: the horse is used up but the jarl gets no extra
            # moves; and after its last ride the message names jarl -1.
            vanish(g, T.FREY_FAXI)
            g.tell(g.who(T.JARL, horse.possessor) + _mounts(g), pen)
    if g.listening:
        g.say(g.who(T.HERO, hero) + g.t("MSG_IS_MOVING") + "...", pen)
    if h.wounded and (h.rune == T.ING or h.where == h.homewhere):
        return  # rest to heal
    _amiga_walk(g, h.counter, n, step_hero, camp)


def _amiga_walk(
    g: Game, c: Counter, n: int, step: Callable[[Game, int, int], None], camp: Camp | None = None
) -> None:
    """Step to the best-judged neighbour until staying looks best or moves run out."""
    survey = Survey(g, c, camp)
    piece = g.piece(c)
    visited = g.visited
    while True:
        here = piece.where
        choice = survey.choose(here)
        best = here if choice == STAY else LINKS[here][choice]
        if best == -1 or best == here or visited[best] or not may_enter(piece, best):
            return
        step(g, c.number, best)
        if g.whichmove > n:
            return


def step_hero(g: Game, hero: int, area: int) -> None:
    """Move a hero one area, with any Frey Faxi passengers, counting the move."""
    h = g.heroes[hero]
    h.where = area
    if g.rider is not None and g.rider.kind == T.HERO:
        for j in g.jarls:
            if j.passenger:
                j.where = area
    g.visited[area] = True
    if g.whichrealmove <= T.AREAS - 1:
        g.movearray[g.whichrealmove] = area
        g.whichrealmove += 1
    free, g.freemove = sea_step(g, hero, g.freemove)
    if not free:
        g.whichmove += 1
    g.host.update()


def _move_jarl(g: Game, hero: int, jarl: int, phase: Phase, camp: Camp | None) -> None:
    j = g.jarls[jarl]
    h = g.heroes[hero]
    me = j.counter
    n = moves(g, me, g.rider == me)
    g.movearray[0] = j.where
    g.whichmove = 1
    start = j.where
    _start_visit(g, j.where)
    if n >= 1 and not j.passenger:
        if h.control == T.HUMAN:
            _human_moves_jarl(g, hero, jarl, n, start)
        elif h.control == T.AMIGA:
            if g.listening:
                g.say(g.who(T.JARL, jarl) + g.t("MSG_IS_MOVING") + "...", hero_pen(hero))
            _amiga_walk(g, me, n, step_jarl, camp)
    if j.wealth and h.where in g.movearray[: g.whichmove]:
        hand_over_gold(g, hero, jarl)  # his taxes, if his path met his hero
    if j.where in phase.lying:
        pick_up_treasures(g, me, j.where, h.control)
        pick_up_sword(g, me, j.where, h.control)
    if h.control != T.AMIGA:
        offer_necklace(g, me, h.control)


def _human_moves_jarl(g: Game, hero: int, jarl: int, n: int, start: int) -> None:
    j = g.jarls[jarl]
    me = j.counter
    pen = hero_pen(hero)
    if g.treasures[T.TELEPORT_SCROLL].held_by(T.JARL, jarl) and ask_treasure(
        g, me, T.TELEPORT_SCROLL
    ):
        vanish(g, T.TELEPORT_SCROLL)
        step_jarl(g, jarl, _ask_destination(g, me, pen))
        return
    while True:
        _move_prompt(g, me, j.where, n, pen)
        area = _ask_step(g, pen)
        if area == DONE:
            return
        if area == BACKSPACE:
            g.whichmove = 1
            j.where = start
            if g.rider == me:
                h = g.heroes[hero]
                if h.passenger:
                    h.where = start
                for other in g.jarls:
                    if other.passenger:
                        other.where = start
        elif area in LINKS[j.where] and is_legal(g, me, area, True):
            step_jarl(g, jarl, area)
        if g.whichmove > n:
            return


def step_jarl(g: Game, jarl: int, area: int) -> None:
    """Move a jarl one area, carrying his Frey Faxi passengers.

    Quirk kept: when a jarl rides Frey Faxi the original reuses its jarl
    counter as a loop variable, so the area it records for the move is that
    of jarl 18, one past the last, which the reference build reads as area 0.
    """
    j = g.jarls[jarl]
    j.where = area
    riding = g.rider == j.counter
    if riding:
        h = g.heroes[j.hero]
        if h.passenger:
            h.where = area
        for other in g.jarls:
            if other.passenger:
                other.where = area
    recorded = 0 if riding else area
    g.visited[recorded] = True
    g.movearray[g.whichmove] = recorded
    g.whichmove += 1
    g.host.update()


def amiga_rout(g: Game, c: Counter) -> None:
    """Rout a counter at random, as the Amiga (or a monster or kingdom) does.

    Only the starting area counts as visited, so a routed counter may
    wander back and forth.
    """
    piece = g.piece(c)
    if not isinstance(piece, Monster):
        piece.routed = True
    n = moves(g, c, False)
    if n < 1:
        return
    if g.listening:
        g.say(g.who(*c) + g.t("MSG_IS_BEING_ROUTED") + "...", g.who_pen(*c))
    _start_visit(g, piece.where)
    visited = g.visited
    under_way = False
    step = 1
    goodrand = g.goodrand
    while step <= n:
        links = LINKS[piece.where]
        if not any(a != -1 and not visited[a] and may_enter(piece, a) for a in links):
            break
        while True:
            area = links[goodrand() % T.LINK_SLOTS]
            if area != -1 and not visited[area] and may_enter(piece, area):
                break
        piece.where = area
        if c.kind == T.HERO:
            free, under_way = sea_step(g, c.number, under_way)
            step -= free
        step += 1


def human_rout(g: Game, c: Counter, routerhero: int) -> None:
    """A human victor chooses where the routed counter flees.

    Backspace starts the rout again from where it began.  (The original
    meant that too, but never noted the starting area, so it sent the
    counter to area -1 and then crashed; there is nothing to be faithful to.)
    """
    n = moves(g, c, False)
    if n == 0:
        return
    piece = g.piece(c)
    pen = hero_pen(routerhero)
    start = piece.where
    under_way = False
    step = 1
    t = g.t
    while step <= n:
        g.say(
            g.who(T.HERO, routerhero, comma=True)
            + f"{t('MSG_ROUT')} {step} {t('MSG_OF')} {n} {t('MSG_FOR')}"
            + g.who(*c, lower=True)
            + "?",
            pen,
        )
        area = _ask_step(g, pen)
        if area == DONE:
            break
        if area == BACKSPACE:
            piece.where = start
            step = 1
            under_way = False
        elif area in LINKS[piece.where] and is_legal(g, c, area, True):
            piece.where = area
            if c.kind == T.HERO:
                free, under_way = sea_step(g, c.number, under_way)
                step -= free
            step += 1
