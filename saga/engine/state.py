"""Everything a game of Saga remembers, as the original laid it out.

The fields mirror the original's records closely, including ones the rules
would not need (``verydead``, the sea flags, the per-turn score table),
because the save file stores them byte for byte and later turns read them.
A fresh :class:`GameState` holds what a freshly started original holds
before its first game: zeros, except where start-up sets a value.
"""

from __future__ import annotations

from typing import NamedTuple

from saga.engine import tables as T


class Counter(NamedTuple):
    """One counter of the board, as the original names it: a kind and a number.

    ``kind`` is the original's ``countertype`` (HERO, JARL, MONSTER, or
    KINGDOM for an area) and ``number`` indexes that kind's table.  Being a
    tuple, it compares equal to a plain ``(kind, number)`` pair.
    """

    kind: T.Kind
    number: int


# Every piece's counter, made once for every game: a tuple never changes.
_COUNTERS = {
    kind: tuple(Counter(kind, number) for number in range(count))
    for kind, count in (
        (T.HERO, len(T.HERO_NAMES)),
        (T.JARL, len(T.JARL_TABLE)),
        (T.MONSTER, len(T.MONSTER_TABLE)),
    )
}


class Hero:
    __slots__ = (
        "alive",
        "attacking",
        "control",
        "counter",
        "defending",
        "fought",
        "glory",
        "god",
        "hagall",
        "homewhere",
        "index",
        "loseturn",
        "luck",
        "maidens",
        "moved",
        "moves",
        "name",
        "passenger",
        "promoted",
        "routed",
        "rune",
        "score",
        "sea",
        "strength",
        "verydead",
        "wealth",
        "where",
        "wounded",
    )

    def __init__(self, index: int) -> None:
        self.index = index
        self.counter = _COUNTERS[T.HERO][index]
        self.name = T.HERO_NAMES[index]
        self.strength = T.HERO_STRENGTH
        self.moves = T.HERO_MOVES
        self.control = T.NONE
        self.alive = False
        self.verydead = True
        self.wounded = False
        self.where = 0
        self.homewhere = 0
        self.glory = 0
        self.luck = 0
        self.wealth = 0
        # A hero who never played reads as "promoted from jarl 0": the
        # original never sets this field for them, and it starts at zero.
        self.promoted = 0
        self.rune = -1
        self.god = 0
        self.sea = T.SEA_NORMAL
        self.maidens = 0
        self.loseturn = False
        self.hagall = False
        self.routed = False
        self.moved = False
        self.attacking = False
        self.defending = False
        self.passenger = False
        # The counters fought this turn, at most ATTACKS.
        self.fought: list[Counter] = []
        # score[t] is the score at the end of turn t; slot 0 is unused.
        self.score = [0] * (T.MAX_TURNS + 1)


class Jarl:
    __slots__ = (
        "alive",
        "attacking",
        "counter",
        "defending",
        "face",
        "fought",
        "hagall",
        "hero",
        "homewhere",
        "index",
        "loseturn",
        "moves",
        "name",
        "passenger",
        "recruitable",
        "routed",
        "sea",
        "strength",
        "taken",
        "wealth",
        "where",
    )

    def __init__(self, index: int) -> None:
        spec = T.JARL_TABLE[index]
        self.index = index
        self.counter = _COUNTERS[T.JARL][index]
        self.strength = spec.strength
        self.moves = spec.moves
        self.name = spec.name
        self.taken = False  # on the board or dead, not in the pile
        self.alive = False
        self.recruitable = False
        self.loseturn = False
        self.hagall = False
        self.routed = False
        self.attacking = False
        self.defending = False
        self.passenger = False
        self.where = 0
        self.homewhere = 0
        self.wealth = 0  # taxes carried for the hero; not saved
        self.face = T.FACE_UP
        self.hero = -1
        self.sea = T.SEA_NORMAL
        self.fought: list[Counter] = []


class Monster:
    __slots__ = (
        "alive",
        "counter",
        "glory",
        "hagall",
        "index",
        "luck",
        "moves",
        "name",
        "sea",
        "species",
        "strength",
        "taken",
        "wealth",
        "where",
    )

    def __init__(self, index: int) -> None:
        spec = T.MONSTER_TABLE[index]
        self.index = index
        self.counter = _COUNTERS[T.MONSTER][index]
        self.species = spec.species
        self.strength = spec.strength
        self.moves = spec.moves
        self.name = spec.name
        self.glory = spec.glory
        self.luck = spec.luck
        self.taken = False
        self.alive = False
        self.hagall = False
        self.where = 0
        self.wealth = 0
        self.sea = T.SEA_NORMAL


class Item:
    """A sword or a treasure: who holds it, or where it lies.

    ``possessortype`` is HERO, JARL or MONSTER for a holder, KINGDOM for an
    item lying loose in area ``where``, and -1 for an item out of play.
    """

    __slots__ = ("possessor", "possessortype", "taken", "where")

    def __init__(self) -> None:
        self.taken = False
        self.possessor = -1
        self.possessortype: int = -1  # a T.Kind, or -1: not a kind, so a plain int
        self.where = -1

    def held_by(self, countertype: T.Kind, counter: int) -> bool:
        # The number first: it rules out most items, and plain ints compare
        # faster than T.Kind members (Python 3.11 specialises exact ints only).
        return self.possessor == counter and self.possessortype == countertype


class GameState:
    """The whole game: counters, kingdoms, ice, and the turn counters."""

    def __init__(self) -> None:
        self.heroes = [Hero(i) for i in range(len(T.HERO_NAMES))]
        self.jarls = [Jarl(i) for i in range(len(T.JARL_TABLE))]
        self.monsters = [Monster(i) for i in range(len(T.MONSTER_TABLE))]
        self.treasures = [Item() for _ in T.TREASURE_NAMES]
        self.swords = [Item() for _ in T.SWORD_NAMES]
        self.king = [-1] * T.AREAS  # the hero whose kingdom an area is
        self.ice = [False] * T.AREAS  # an Is spell forbids kingdoms there
        self.turn = 1
        self.turns = T.DEFAULT_TURNS
        self.faxirides = T.FREY_FAXI_RIDES
        self.advanced = False

    def piece(self, c: Counter) -> Hero | Jarl | Monster:
        """The record of a hero, jarl or monster (a kingdom has none)."""
        if c.kind == T.HERO:
            return self.heroes[c.number]
        if c.kind == T.JARL:
            return self.jarls[c.number]
        if c.kind == T.MONSTER:
            return self.monsters[c.number]
        raise ValueError(f"counter kind {c.kind} has no record")

    def side(self, c: Counter) -> int:
        """The hero a counter fights for: -1 for free jarls, monsters and kingdoms."""
        if c.kind == T.HERO:
            return c.number
        if c.kind == T.JARL:
            return self.jarls[c.number].hero
        return -1

    @property
    def monster_count(self) -> int:
        """How many monsters this mode puts in play (the rest never appear)."""
        return T.ADVANCED_MONSTERS if self.advanced else T.BASIC_MONSTERS

    @property
    def treasure_count(self) -> int:
        return T.ADVANCED_TREASURES if self.advanced else T.BASIC_TREASURES
