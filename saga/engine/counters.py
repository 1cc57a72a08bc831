"""Questions about single counters: how strong, how far, whether a move is allowed."""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.state import Counter, Hero, Jarl, Monster

_SEA_KINDS = (T.SEA, T.ISLE)
_SEA_MONSTERS = (T.SERPENT, T.KRAKEN)
_KIND = tuple(a.kind for a in T.AREA_TABLE)


def strengths(g: Game) -> tuple[list[int], list[int]]:
    """Every hero's and every jarl's defending strength as the Amiga estimates it.

    Swords never count here: in the original the sword bonus sits in an
    ``else`` branch that only an impossible counter kind reaches.
    The Magic Shirt and the Mail Coat add to their wearer's defence.
    """
    ogal = T.OGAL
    heroes = [h.strength + (h.rune == ogal) - h.hagall for h in g.heroes]
    jarls = [j.strength - j.hagall for j in g.jarls]
    for treasure, bonus in ((T.MAGIC_SHIRT, 1), (T.MAIL_COAT, 2)):
        item = g.treasures[treasure]
        if item.possessortype == T.HERO:
            heroes[item.possessor] += bonus
        elif item.possessortype == T.JARL:
            jarls[item.possessor] += bonus
    return heroes, jarls


def usual_moves(g: Game, kind: T.Kind, counter: int) -> int:
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


def may_enter(piece: Hero | Jarl | Monster, area: int) -> bool:
    """Whether the sea lets a piece into an area: no sea or isle for one
    barred from the sea this turn, no land for a sea monster."""
    kind = _KIND[area]
    if kind == T.LAND:
        return not (isinstance(piece, Monster) and piece.species in _SEA_MONSTERS)
    return not (piece.sea == T.SEA_BAD and kind in _SEA_KINDS)


def is_legal(g: Game, c: Counter, area: int, human: bool) -> bool:
    """Whether a counter may enter an area; humans are told why not at sea."""
    piece = g.piece(c)
    if may_enter(piece, area):
        return True
    if human and piece.sea == T.SEA_BAD and _KIND[area] in _SEA_KINDS:
        text = g.who(*c) + g.t("MSG_NO_SEA_THIS_TURN") + "."
        g.tell(text, g.who_pen(*c))
    return False


def moves(g: Game, c: Counter, frey_faxi: bool) -> int:
    """How many areas a counter may move this turn."""
    piece = g.piece(c)
    n = piece.moves * 2 if frey_faxi else piece.moves
    # Monsters never use treasures, even a dragon sitting on the Magic Shirt.
    if not isinstance(piece, Monster):
        shirt = g.treasures[T.MAGIC_SHIRT]
        if shirt.possessor == c.number and shirt.possessortype == c.kind:
            n += 1
        if isinstance(piece, Hero) and piece.rune == T.EON:
            n += 1
        if piece.loseturn:
            n = 0
    # Stuck at sea or on an island without sea travel: no moving at all.
    if not may_enter(piece, piece.where):
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
