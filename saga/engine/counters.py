"""Questions about single counters: how strong, how far, whether a move is allowed."""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.game import Game

_SEA_KINDS = (T.SEA, T.ISLE)
_KIND = tuple(a.kind for a in T.AREA_TABLE)


def strength(g: Game, kind: int, counter: int, defending: bool) -> int:
    """A counter's strength as the Amiga players estimate it.

    Swords never count here: in the original the sword bonus sits in an
    ``else`` branch that only an impossible counter kind reaches.
    """
    if kind == T.HERO:
        c = g.heroes[counter]
        value = c.strength
    elif kind == T.JARL:
        c = g.jarls[counter]
        value = c.strength
    else:
        c = g.monsters[counter]
        value = c.strength
    if kind != T.MONSTER and defending:
        if g.treasures[T.MAGIC_SHIRT].held_by(kind, counter):
            value += 1
        if g.treasures[T.MAIL_COAT].held_by(kind, counter):
            value += 2
    if kind == T.HERO and c.rune == T.OGAL:
        value += 1
    if c.hagall:
        value -= 1
    return value


def usual_moves(g: Game, kind: int, counter: int) -> int:
    """The movement factor shown to players (the Eon rune never shows: as in
    the original, its check sits in an unreachable ``else`` branch)."""
    if kind == T.HERO:
        moves = g.heroes[counter].moves
    elif kind == T.JARL:
        moves = g.jarls[counter].moves
    else:
        return g.monsters[counter].moves
    if g.treasures[T.MAGIC_SHIRT].held_by(kind, counter):
        moves += 1
    return moves


def is_legal(g: Game, kind: int, counter: int, area: int, human: bool) -> bool:
    """Whether a counter may enter an area; humans are told why not."""
    if kind == T.HERO:
        c = g.heroes[counter]
    elif kind == T.JARL:
        c = g.jarls[counter]
    else:
        c = g.monsters[counter]
    if c.sea == T.SEA_BAD and _KIND[area] in _SEA_KINDS:
        if human:
            text = g.who(kind, counter) + g.t("MSG_NO_SEA_THIS_TURN") + "."
            g.tell(text, g.who_pen(kind, counter))
        return False
    return not (
        kind == T.MONSTER and c.species in (T.SERPENT, T.KRAKEN) and _KIND[area] == T.LAND
    )


def moves(g: Game, kind: int, counter: int, frey_faxi: bool) -> int:
    """How many areas a counter may move this turn."""
    if kind == T.HERO:
        c = g.heroes[counter]
    elif kind == T.JARL:
        c = g.jarls[counter]
    else:
        c = g.monsters[counter]
    n = c.moves * 2 if frey_faxi else c.moves
    # Monsters never use treasures, even a dragon sitting on the Magic Shirt.
    if kind != T.MONSTER and g.treasures[T.MAGIC_SHIRT].held_by(kind, counter):
        n += 1
    if kind == T.HERO and c.rune == T.EON:
        n += 1
    if kind != T.MONSTER and c.loseturn:
        n = 0
    # Stuck at sea or on an island without sea travel: no moving at all.
    if not is_legal(g, kind, counter, c.where, False):
        n = 0
    return n


def sea_step(g: Game, hero: int, under_way: bool) -> tuple[bool, bool]:
    """Njord's passage: after the first sea area, sea moves cost nothing.

    Given whether the hero was already under way at sea, returns whether
    the step just taken was free and whether he is under way now.
    """
    h = g.heroes[hero]
    if h.sea != T.SEA_GOOD:
        return False, under_way
    kind = _KIND[h.where]
    if not under_way:
        return False, kind in _SEA_KINDS
    if kind == T.LAND:
        return False, False
    return True, True


def jarl_count(g: Game, hero: int) -> int:
    return sum(1 for j in g.jarls if j.alive and j.hero == hero)
