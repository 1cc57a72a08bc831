"""The one front door to a game: make it, new or loaded, play it, and read its end.

Every front end (the window, ``saga --headless``, the trace tool, replays,
``--simulate``, the benchmarks and network play) starts its games here, so
a game is put together in one way only: its :class:`Setup` (the settings
that decide it, which is also what a replay's first lines and a network
game's start hold), its dice, its words and the host that shows it and
answers for its humans.  Nothing else constructs :class:`Game`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from saga.engine import cheats
from saga.engine import tables as T
from saga.engine.game import Game, Hosting
from saga.engine.host import Host, Lookup
from saga.engine.placement import start_game
from saga.engine.rng import Lcg64, RandomSource
from saga.engine.state import GameState
from saga.engine.turn import all_withdrawn, game_over_line, mark_scores, play, scores

SEEDS = range(2**64)  # the reference generator's states, as a replay's first line holds them
TURNS = range(1, T.MAX_TURNS + 1)  # a game's length: the score table has a slot for each turn


@dataclass(frozen=True)
class Setup:
    """Everything that decides a game before its first answer.

    A new game is its controls, length and rules; a loaded one is the saved
    ``state``, which holds those (:meth:`continuing` copies them from it).
    ``seed`` starts the dice, and ``fixes`` mends the original's one known trap,
    the paralysed hero (off: the original's game).

    Every game comes through here, so a set-up refuses what no game can be,
    with a :class:`ValueError` that names it: a seed the generator has no
    state for, a length outside :data:`TURNS`, other than one control for
    each hero, a control that is none of :class:`~saga.engine.tables.Control`,
    rules neither on nor off, or a saved state given with other controls,
    length or rules than its own.  Each front end turns that error into its
    own message (a usage error, a settings warning, a refused network game).
    """

    seed: int
    controls: tuple[T.Control, ...] = (T.NONE,) * len(T.HERO_NAMES)
    turns: int = T.DEFAULT_TURNS
    advanced: bool = False
    fixes: bool = False
    state: GameState | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.seed, int) or self.seed not in SEEDS:
            raise ValueError(f"the seed must be 0 to {SEEDS[-1]}, not {self.seed!r}")
        if not isinstance(self.turns, int) or self.turns not in TURNS:
            raise ValueError(f"a game lasts {TURNS[0]} to {TURNS[-1]} turns, not {self.turns!r}")
        controls = tuple(self.controls)
        if len(controls) != len(T.HERO_NAMES):
            raise ValueError(
                f"a game has {len(T.HERO_NAMES)} controls, one for each hero, not {len(controls)}"
            )
        for name, control in zip(T.HERO_NAMES, controls, strict=True):
            if not isinstance(control, int) or control not in _CONTROLS:
                known = ", ".join(f"{c.name} ({c.value})" for c in T.Control)
                raise ValueError(f"{name}'s control must be {known}, not {control!r}")
        object.__setattr__(self, "controls", tuple(map(T.Control, controls)))
        for rule in ("advanced", "fixes"):
            value = getattr(self, rule)
            if value not in (False, True):
                raise ValueError(f"{rule} must be on or off, not {value!r}")
            object.__setattr__(self, rule, bool(value))
        if self.state is not None:
            for what, own in _settings(self.state).items():
                if getattr(self, what) != own:
                    raise ValueError(
                        f"a saved game brings its own {what} ({_shown(own)}), "
                        f"not {_shown(getattr(self, what))}"
                    )

    @classmethod
    def continuing(cls, seed: int, state: GameState, fixes: bool = False) -> Setup:
        """The set-up that plays on from a saved ``state``, with its own controls,
        length and rules."""
        return cls(seed, fixes=fixes, state=state, **_settings(state))

    @property
    def loaded(self) -> bool:
        return self.state is not None


_CONTROLS = frozenset(T.Control)


def _settings(state: GameState) -> dict[str, Any]:
    """What a saved game holds of a set-up: its controls, length and rules."""
    return {
        "controls": tuple(hero.control for hero in state.heroes),
        "turns": state.turns,
        "advanced": bool(state.advanced),
    }


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(getattr(item, "name", str(item)) for item in value)
    return str(value)


class Session:
    """One game, from its set-up to its last score.

    ``host`` is the host itself, or (for a host that shows the game) a
    function that makes it from the new :class:`Game`.  ``dice`` defaults
    to the reference generator seeded with ``setup.seed``; a program that
    plays several games on one generator passes its own.
    """

    def __init__(
        self,
        setup: Setup,
        text: Lookup,
        host: Host | Hosting,
        dice: RandomSource | None = None,
    ) -> None:
        self.setup = setup
        self.dice = dice if dice is not None else Lcg64(setup.seed)
        state = setup.state if setup.state is not None else GameState()
        self.game = Game(state, self.dice, host, text, fixes=setup.fixes)
        self.started = setup.loaded

    @property
    def state(self) -> GameState:
        return self.game.state

    def start(self) -> None:
        """Put a new game's heroes, monsters and jarls on the board (once; a
        loaded game is on it already)."""
        if not self.started:
            self.started = True
            s = self.setup
            start_game(self.game, list(s.controls), s.turns, s.advanced)

    def play(self) -> None:
        """Start the game if it is new, then play from the current turn to the end.

        The host may stop it early (the window's New or Quit); ``over`` then
        says whether the game had in fact ended.
        """
        self.start()
        play(self.game)

    def note_scores(self) -> None:
        """Note each playing hero's score for the turn in progress, as the
        original's summary window does when it opens (a game saved after
        keeps them, as the original's would)."""
        mark_scores(self.game)

    def luck_cheat(self) -> None:
        """The original's hidden cheat, its keys pressed in order at a key prompt."""
        cheats.luck_cheat(self.game)

    @property
    def over(self) -> bool:
        """Whether the game has ended: its last turn played, or every hero withdrawn."""
        s = self.game.state
        return s.turn > s.turns or all_withdrawn(self.game)

    def scores(self) -> list[int]:
        """Each hero's score now (at the end, the final scores)."""
        return scores(self.game)

    def game_over_line(self) -> str:
        """The line under the final scores, naming the winner if one hero won."""
        return game_over_line(self.game)
