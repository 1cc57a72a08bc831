"""Replay files: any game, human answers included, as text that replays it exactly.

A game is fixed by its start (the trace tool's arguments, or a saved game)
and its seed, plus every answer a human gave; the Amiga's moves and the dice
follow from those.  So a replay is::

    SAGA-REPLAY 1 SEED TURNS ADVANCED C0 C1 C2 C3 C4 C5
    Q <MODE> <colour> <result> <countertype>
    ...

or, for a game continued from a save, ``SAGA-REPLAY 1 LOAD SEED`` and then
``S <hex of the .saga bytes>``.  The ``Q`` lines are the trace format's, so a
trace given that first line is a replay, and any other line is ignored.  A
game played with the bug fixes on says ``FIXBUGS`` at the end of the first
line, since it takes other turns than the original's.

:class:`Recorder` writes one as the game is played, around any host;
:class:`ReplayHost` plays one back into any host.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from amiga.dos import FileProblem, read_limited
from saga import savefile
from saga.engine import tables as T
from saga.engine.host import Answer, Ask, Host
from saga.engine.session import Setup
from saga.engine.state import GameState
from saga.hosts import PassOn, ScriptedHost
from saga.trace import MAX_TRACE, TraceError, parse_game, parse_seed, q_line, read_answers

MAGIC = "SAGA-REPLAY"
VERSION = "1"
LOAD = "LOAD"
FIXES = "FIXBUGS"
SAVE_LINE = "S"

Script = list[tuple[Ask, int, int, int]]


class ReplayError(TraceError):
    """A replay file that cannot be played."""


@dataclass
class Replay:
    """What a replay file holds: how the game starts, and the humans' answers."""

    seed: int
    controls: list[int] = field(default_factory=list)  # a new game's
    turns: int = 20
    advanced: bool = False
    save: bytes | None = None  # or the saved game it continues
    fixes: bool = False
    answers: Script = field(default_factory=list)

    @classmethod
    def starting(cls, setup: Setup) -> Replay:
        """The replay of a game not yet played: its start, no answers."""
        if setup.state is not None:
            return cls(setup.seed, save=savefile.encode(setup.state), fixes=setup.fixes)
        return cls(setup.seed, list(setup.controls), setup.turns, setup.advanced, fixes=setup.fixes)

    def setup(self) -> Setup:
        """The game it replays, as a session makes it."""
        return Setup(
            self.seed, tuple(self.controls), self.turns, self.advanced, self.fixes, self.state()
        )

    def state(self) -> GameState | None:
        """The saved game it continues, as loaded (None for a new game)."""
        if self.save is None:
            return None
        try:
            return savefile.decode(self.save)
        except savefile.SaveFileError as e:
            raise ReplayError(f"its saved game is not one Saga can load: {e}") from None

    def header(self) -> list[str]:
        """The lines before the answers."""
        fixes = [FIXES] if self.fixes else []
        if self.save is not None:
            return [
                " ".join([MAGIC, VERSION, LOAD, str(self.seed), *fixes]),
                f"{SAVE_LINE} {self.save.hex()}",
            ]
        words = [str(self.seed), str(self.turns), str(int(self.advanced))]
        return [" ".join([MAGIC, VERSION, *words, *map(str, self.controls), *fixes])]


def parse(lines: Sequence[str], name: str = "replay") -> Replay:
    """Read a replay's lines; :class:`ReplayError` says what is wrong."""
    words = lines[0].split() if lines else []
    if words[:1] != [MAGIC]:
        raise ReplayError(f"{name} is not a replay: it must start with {MAGIC}")
    if words[1:2] != [VERSION]:
        raise ReplayError(f"{name} is a replay of a version this Saga does not know")
    words = words[2:]
    fixes = words[-1:] == [FIXES]
    if fixes:
        words = words[:-1]
    try:
        answers = read_answers(lines, name)
        if words[:1] != [LOAD]:
            new = parse_game(words)
            return Replay(
                new.seed, list(new.controls), new.turns, new.advanced, fixes=fixes, answers=answers
            )
        if len(words) != 2:
            raise TraceError(f"after {LOAD} give only the SEED")
        seed = parse_seed(words[1])
    except ReplayError:
        raise
    except TraceError as e:
        raise ReplayError(str(e) if str(e).startswith(name) else f"{name}: {e}") from None
    saves = [line.split() for line in lines[1:] if line.startswith(SAVE_LINE + " ")]
    if not saves or len(saves[0]) != 2:
        raise ReplayError(f"{name}: a replay of a saved game needs an '{SAVE_LINE} <hex>' line")
    try:
        save = bytes.fromhex(saves[0][1])
    except ValueError:
        raise ReplayError(f"{name}: its saved game is not hexadecimal") from None
    replay = Replay(seed, save=save, fixes=fixes, answers=answers)
    try:
        replay.state()  # refuse a damaged save now, not halfway through
    except ReplayError as e:
        raise ReplayError(f"{name}: {e}") from None
    return replay


def read(path: str | os.PathLike[str]) -> Replay:
    try:
        data = read_limited(path, MAX_TRACE)  # a replay is a trace's subset
    except FileProblem as e:
        raise ReplayError(f"can't read the replay {e}") from None
    return parse(data.decode("latin-1").splitlines(), os.fspath(path))


class ReplayHost(PassOn):
    """Answers a game's human questions from a replay; the host within shows the game.

    Each answer must fit the question asked (else :class:`ScriptError` names
    the turn and both questions).  The shown host's autosave is left alone, so
    watching a replay never overwrites the player's own.  Given ``take_over``,
    a replay that runs out of answers (its player left the game) hands the
    game to the shown host's player, calling ``take_over`` first.
    """

    def __init__(
        self, host: Host, answers: Script, take_over: Callable[[], None] | None = None
    ) -> None:
        super().__init__(host)
        self.script = ScriptedHost(answers)
        self.take_over = take_over
        self.taken_over = False

    def turn_starts(self, state: GameState) -> bool:
        self.script.turn_starts(state)  # so that a mismatch can name the turn
        return self.host.turn_starts(state)

    def autosave(self, state: GameState) -> None:
        if self.taken_over:
            self.host.autosave(state)

    def ask(self, mode: Ask, pen: int) -> Answer:
        if not self.script.remaining and self.take_over is not None:
            if not self.taken_over:
                self.taken_over = True
                self.take_over()
            return self.host.ask(mode, pen)
        return self.script.ask(mode, pen)


class Recorder(PassOn):
    """Keeps the replay of the game it hosts, around the host that shows it.

    The first line goes out at the first autosave (then the game's settings,
    or the saved game continued, are known: the ``S`` line holds the game as
    loaded, as that autosave writes it); each answer is appended the moment
    it is given, so a crash loses nothing.  ``seed`` is the generator's state
    when the game was set up.  A file that cannot be written is reported
    through ``warn`` once and dropped; the game plays on.
    """

    def __init__(
        self,
        host: Host,
        seed: int,
        loaded: bool,
        paths: Iterable[Path],
        *,
        fixes: bool = False,
        warn: Callable[[str], None] = lambda message: None,
    ) -> None:
        super().__init__(host)
        self.seed = seed
        self.loaded = loaded
        self.fixes = fixes
        self.paths = list(paths)
        self.warn = warn
        self.started = False
        self.pending: list[str] = []
        # The countertype the engine holds: a new Game's, until an answer sets it.
        self.countertype = T.HERO

    def autosave(self, state: GameState) -> None:
        if not self.started:
            self.started = True
            replay = Replay(self.seed, fixes=self.fixes)
            if self.loaded:
                replay.save = savefile.encode(state)
            else:
                replay.controls = [h.control for h in state.heroes]
                replay.turns, replay.advanced = state.turns, bool(state.advanced)
            self._write(replay.header() + self.pending, "w")
            self.pending = []
        self.host.autosave(state)

    def ask(self, mode: Ask, pen: int) -> Answer:
        answer = self.host.ask(mode, pen)
        if answer.countertype is not None:
            self.countertype = answer.countertype
        line = q_line(mode, pen, answer.result, self.countertype)
        if self.started:
            self._write([line], "a")
        else:
            self.pending.append(line)
        return answer

    def _write(self, lines: list[str], mode: str) -> None:
        for path in list(self.paths):
            try:
                with open(path, mode, encoding="latin-1") as f:
                    f.write("".join(line + "\n" for line in lines))
            except OSError as e:
                self.warn(f"can't record the game in {path}: {e.strerror or e}")
                self.paths.remove(path)
