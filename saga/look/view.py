"""The game as the screens may see it: read-only, and nothing that rolls dice.

The screens draw the board, the hover line and the Help windows from a
:class:`GameView`.  It hands out the engine's records behind proxies that
refuse every assignment, lists as tuples, and the figures the windows print
(combat strength as the combat counts it, usual moves, tax, scores) worked
out by the engine's own read-only helpers.  It holds no random source and no
rule that changes the state, so no screen can quietly alter a faithful game.
"""

from __future__ import annotations

from typing import Protocol, TypeVar, cast

from saga.engine import tables as T
from saga.engine.combat import strength
from saga.engine.counters import usual_moves
from saga.engine.game import Game
from saga.engine.state import Counter, Hero, Item, Jarl, Monster
from saga.engine.turn import score
from saga.look.text import Lookup

# What the screens may read of each kind of record.  Every member is a
# read-only property, so mypy refuses a screen that assigns one; at run time
# ReadOnly refuses it too.  GameView hands the engine's records out as these,
# and mypy checks that each record really has every member, with its type.


class PieceView(Protocol):
    """What heroes, jarls and monsters all have."""

    @property
    def index(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def alive(self) -> bool: ...
    @property
    def where(self) -> int: ...
    @property
    def strength(self) -> int: ...
    @property
    def moves(self) -> int: ...
    @property
    def wealth(self) -> int: ...
    @property
    def hagall(self) -> bool: ...
    @property
    def sea(self) -> int:
        """Sea travel this move: ``T.SEA_NORMAL``, ``T.SEA_GOOD`` or ``T.SEA_BAD``."""


class SideView(PieceView, Protocol):
    """What heroes and jarls, who fight for a side, have besides."""

    @property
    def homewhere(self) -> int: ...
    @property
    def loseturn(self) -> bool: ...
    @property
    def routed(self) -> bool: ...
    @property
    def attacking(self) -> bool: ...
    @property
    def passenger(self) -> bool: ...


class HeroView(SideView, Protocol):
    """A hero, as :class:`saga.engine.state.Hero` keeps him."""

    @property
    def control(self) -> T.Control: ...
    @property
    def wounded(self) -> bool: ...
    @property
    def glory(self) -> int: ...
    @property
    def luck(self) -> int: ...
    @property
    def maidens(self) -> int: ...
    @property
    def promoted(self) -> int:
        """The jarl carrying on as this hero, or -1."""

    @property
    def rune(self) -> int:
        """The rune he holds, or -1."""

    @property
    def god(self) -> int: ...


class JarlView(SideView, Protocol):
    """A jarl, as :class:`saga.engine.state.Jarl` keeps him."""

    @property
    def hero(self) -> int:
        """The hero he serves, or -1."""

    @property
    def face(self) -> int: ...
    @property
    def taken(self) -> bool: ...
    @property
    def defending(self) -> bool: ...


class MonsterView(PieceView, Protocol):
    """A monster, as :class:`saga.engine.state.Monster` keeps it."""

    @property
    def taken(self) -> bool: ...
    @property
    def glory(self) -> int: ...
    @property
    def luck(self) -> int: ...


class ItemView(Protocol):
    """A sword or treasure, as :class:`saga.engine.state.Item` keeps it."""

    @property
    def taken(self) -> bool: ...
    @property
    def possessor(self) -> int: ...
    @property
    def possessortype(self) -> int:
        """A :class:`T.Kind` (KINGDOM: lying in ``where``), or -1 out of play."""

    @property
    def where(self) -> int: ...
    def held_by(self, countertype: T.Kind, counter: int) -> bool: ...


_Record = TypeVar("_Record", Hero, Jarl, Monster, Item)


class ReadOnly:
    """One record of the game (a hero, jarl, monster or item), for reading.

    Lists come out as tuples, and every assignment is refused.
    """

    __slots__ = ("_record",)
    _record: object

    def __init__(self, record: object) -> None:
        object.__setattr__(self, "_record", record)

    def __getattr__(self, name: str) -> object:
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(self._record, name)
        return tuple(value) if isinstance(value, list) else value

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the screens may not change the game ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the screens may not change the game ({name})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ReadOnly) and other._record is self._record

    def __hash__(self) -> int:
        return id(self._record)


def _read_only(record: _Record) -> _Record:
    """A record behind a :class:`ReadOnly`, typed as the record itself.

    Its callers hand it out as one of the views above, which is where mypy
    checks the record against the view.  The proxy answers every member the
    record has (a list as a tuple: no view names a list), so the cast holds.
    """
    return cast(_Record, ReadOnly(record))


class GameView:
    """What the screens need of a game in progress, computed from its state."""

    __slots__ = ("_game",)
    _game: Game

    def __init__(self, game: Game) -> None:
        object.__setattr__(self, "_game", game)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the screens may not change the game ({name})")

    # -- the records ---------------------------------------------------------

    @property
    def heroes(self) -> tuple[HeroView, ...]:
        return tuple(_read_only(h) for h in self._game.heroes)

    @property
    def jarls(self) -> tuple[JarlView, ...]:
        return tuple(_read_only(j) for j in self._game.jarls)

    @property
    def monsters(self) -> tuple[MonsterView, ...]:
        return tuple(_read_only(m) for m in self._game.monsters)

    @property
    def treasures(self) -> tuple[ItemView, ...]:
        return tuple(_read_only(i) for i in self._game.treasures)

    @property
    def swords(self) -> tuple[ItemView, ...]:
        return tuple(_read_only(i) for i in self._game.swords)

    @property
    def kings(self) -> tuple[int, ...]:
        """The hero whose kingdom each area is, or -1."""
        return tuple(self._game.king)

    @property
    def ice(self) -> tuple[bool, ...]:
        return tuple(self._game.ice)

    @property
    def turn(self) -> int:
        return self._game.state.turn

    @property
    def turns(self) -> int:
        return self._game.state.turns

    @property
    def faxirides(self) -> int:
        return self._game.state.faxirides

    @property
    def mover(self) -> tuple[T.Kind, int] | None:
        """The counter being moved, as (kind, number)."""
        return self._game.mover

    @property
    def turn_of(self) -> int:
        """The hero whose phase it is, or -1."""
        return self._game.turn_of

    @property
    def t(self) -> Lookup:
        return self._game.t

    # -- figures as the windows print them ----------------------------------

    def attack(self, kind: T.Kind, number: int) -> int:
        """Combat strength when attacking, as a battle adds it up."""
        return strength(self._game, kind, number, defending=False)

    def defence(self, kind: T.Kind, number: int) -> int:
        """Combat strength when defending: magic armour counts too."""
        return strength(self._game, kind, number, defending=True)

    def usual_moves(self, kind: T.Kind, number: int) -> int:
        return usual_moves(self._game, kind, number)

    def printed(self, kind: T.Kind, number: int) -> tuple[int, int]:
        """The strength and moves printed on a hero, jarl or monster (without extras)."""
        piece = self._game.piece(Counter(kind, number))
        return piece.strength, piece.moves

    @staticmethod
    def tax(area: int) -> int:
        return T.AREA_TABLE[area].tax

    def score(self, hero: int) -> int:
        return score(self._game, hero)

    def score_history(self, hero: int) -> tuple[int, ...]:
        """Scores at the end of each turn, and this turn's when the summary
        opened (see :func:`saga.engine.turn.mark_scores`)."""
        return tuple(self._game.heroes[hero].score)

    def where(self, kind: T.Kind, number: int) -> int:
        """Where a counter on the board is: a piece, or an item lying loose."""
        g = self._game
        if kind == T.TREASURE:
            return g.treasures[number].where
        if kind == T.SWORD:
            return g.swords[number].where
        return g.piece(Counter(kind, number)).where

    # -- names, as the messages spell them ------------------------------------

    def area_name(self, area: int) -> str:
        return self._game.area_name(area)

    def item_name(self, kind: T.Kind, number: int) -> str:
        return self._game.item_name(kind, number)

    def monster_name(self, monster: int) -> str:
        return self._game.monster_name(monster)

    def species_name(self, monster: int) -> str:
        return self.t(T.SPECIES_NAMES[self._game.monsters[monster].species])

    def who(self, kind: T.Kind, counter: int) -> str:
        return self._game.who(kind, counter)
