"""The game as the screens may see it: read-only, and nothing that rolls dice.

The screens draw the board, the hover line and the Help windows from a
:class:`GameView`.  It hands out the engine's records behind proxies that
refuse every assignment, lists as tuples, and the figures the windows print
(combat strength as the combat counts it, usual moves, tax, scores) worked
out by the engine's own read-only helpers.  It holds no random source and no
rule that changes the state, so no screen can quietly alter a faithful game.
"""

from __future__ import annotations

from typing import Any

from saga.engine import tables as T
from saga.engine.combat import strength
from saga.engine.counters import usual_moves
from saga.engine.game import Game
from saga.engine.turn import score
from saga.text import Lookup


class ReadOnly:
    """One record of the game (a hero, jarl, monster or item), for reading."""

    __slots__ = ("_record",)
    _record: object

    def __init__(self, record: object) -> None:
        object.__setattr__(self, "_record", record)

    def __getattr__(self, name: str) -> Any:
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
    def heroes(self) -> tuple[Any, ...]:
        return tuple(ReadOnly(h) for h in self._game.heroes)

    @property
    def jarls(self) -> tuple[Any, ...]:
        return tuple(ReadOnly(j) for j in self._game.jarls)

    @property
    def monsters(self) -> tuple[Any, ...]:
        return tuple(ReadOnly(m) for m in self._game.monsters)

    @property
    def treasures(self) -> tuple[Any, ...]:
        return tuple(ReadOnly(i) for i in self._game.treasures)

    @property
    def swords(self) -> tuple[Any, ...]:
        return tuple(ReadOnly(i) for i in self._game.swords)

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
    def mover(self) -> tuple[int, int] | None:
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

    def attack(self, kind: int, number: int) -> int:
        """Combat strength when attacking, as a battle adds it up."""
        return strength(self._game, kind, number, defending=False)

    def defence(self, kind: int, number: int) -> int:
        """Combat strength when defending: magic armour counts too."""
        return strength(self._game, kind, number, defending=True)

    def usual_moves(self, kind: int, number: int) -> int:
        return usual_moves(self._game, kind, number)

    def printed(self, kind: int, number: int) -> tuple[int, int]:
        """The strength and moves printed on a counter (without extras)."""
        record = self._record(kind, number)
        return int(record.strength), int(record.moves)

    @staticmethod
    def tax(area: int) -> int:
        return T.AREA_TABLE[area].tax

    def score(self, hero: int) -> int:
        return score(self._game, hero)

    def score_history(self, hero: int) -> tuple[int, ...]:
        """Scores at the end of each turn, and this turn's when the summary
        opened (see :func:`saga.engine.turn.mark_scores`)."""
        return tuple(self._game.heroes[hero].score)

    def where(self, kind: int, number: int) -> int:
        return int(self._record(kind, number).where)

    def _record(self, kind: int, number: int) -> Any:
        g = self._game
        records: dict[int, list[Any]] = {
            T.HERO: g.heroes,
            T.JARL: g.jarls,
            T.MONSTER: g.monsters,
            T.TREASURE: g.treasures,
            T.SWORD: g.swords,
        }
        return records[kind][number]

    # -- names, as the messages spell them ------------------------------------

    def area_name(self, area: int) -> str:
        return self._game.area_name(area)

    def item_name(self, kind: int, number: int) -> str:
        return self._game.item_name(kind, number)

    def monster_name(self, monster: int) -> str:
        return self._game.monster_name(monster)

    def species_name(self, monster: int) -> str:
        return self.t(T.SPECIES_NAMES[self._game.monsters[monster].species])

    def who(self, kind: int, counter: int) -> str:
        return self._game.who(kind, counter)
