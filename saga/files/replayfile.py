"""The text of traces and replays: the ``Q`` lines, the replay's first lines, and reading them.

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

The trace tool (:mod:`saga.trace`) and the recorder and player of replays
(:mod:`saga.play.replay`) both build on this module, and its errors are defined
here once.  Files are read line by line and the answers kept packed, so a
replay of the largest size allowed (:data:`MAX_TRACE`) reads in a few tens
of megabytes.  A recording cut short (a full disk, a crash) ends in a
partial line: that last line is left out with a warning, and the whole
answers before it still replay.
"""

from __future__ import annotations

import array
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import cast, overload

from amiga.dos import FileProblem, limited_lines
from saga.engine import tables as T
from saga.engine.host import Ask
from saga.engine.session import Setup
from saga.engine.state import GameState
from saga.files import savefile

# A 99-turn trace (or replay) with many questions stays well under this;
# the recorder stops at it too, so what it writes can always be read.
MAX_TRACE = 16 << 20

MAGIC = "SAGA-REPLAY"
VERSION = "1"
LOAD = "LOAD"
FIXES = "FIXBUGS"
SAVE_LINE = "S"

Answer = tuple[Ask, int, int, T.Kind]  # mode, pen, result, countertype


class TraceError(ValueError):
    """A trace argument, answers file or trace that cannot be used."""


class ReplayError(TraceError):
    """A replay file that cannot be played."""


class Script(Sequence[Answer]):
    """Scripted answers, packed as four 32-bit numbers each (tuples take five times more)."""

    def __init__(self, answers: Iterable[Answer] = ()) -> None:
        self._packed = array.array("i")
        for answer in answers:
            self.append(answer)

    def append(self, answer: Answer) -> None:
        """Add one answer; OverflowError for a number no answer holds."""
        self._packed.extend(answer)

    def __len__(self) -> int:
        return len(self._packed) // 4

    @overload
    def __getitem__(self, index: int) -> Answer: ...
    @overload
    def __getitem__(self, index: slice) -> Script: ...
    def __getitem__(self, index: int | slice) -> Answer | Script:
        if isinstance(index, slice):
            return Script(self[i] for i in range(*index.indices(len(self))))
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        at = 4 * (index % len(self))
        mode, pen, result, countertype = self._packed[at : at + 4]
        return Ask(mode), pen, result, T.Kind(countertype)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Script({list(self)!r})"


def q_line(mode: Ask, pen: int, result: int, countertype: T.Kind) -> str:
    """One question put to a human, as traces and replays write it."""
    return f"Q {mode.name} {pen} {result} {countertype}"


def _q_answer(fields: list[str]) -> Answer:
    if len(fields) != 5:
        raise ValueError("it needs MODE, colour, result and countertype")
    try:
        mode = Ask[fields[1]]
    except KeyError:
        raise ValueError(f"no question {fields[1]!r}") from None
    pen, result = int(fields[2]), int(fields[3])
    return mode, pen, result, T.Kind(int(fields[4]))


def read_answers(lines: Iterable[str], name: str = "answers") -> Script:
    """The ``Q`` lines of a trace, as scripted answers; other lines are ignored."""
    answers = Script()
    for number, line in enumerate(lines, 1):
        fields = line.split()
        if fields and fields[0] == "Q":
            _add_answer(answers, fields, name, number)
    return answers


def _add_answer(answers: Script, fields: list[str], name: str, number: int) -> None:
    try:
        answers.append(_q_answer(fields))
    except (ValueError, OverflowError) as e:
        raise TraceError(f"{name}, line {number}: not a Q line I understand ({e})") from None


def file_lines(path: str | os.PathLike[str]) -> Iterator[str]:
    """A trace's or replay's lines, with their line ends, read as they are asked for.

    :class:`TraceError` if the file cannot be read (at once) or turns out too
    large (when read that far).
    """
    try:
        raw = limited_lines(path, MAX_TRACE)
    except FileProblem as e:
        raise TraceError(f"{e.path}: can't read it: it {e.problem.value}") from None
    return _decoded(raw, os.fspath(path))


def _decoded(raw: Iterator[bytes], name: str) -> Iterator[str]:
    try:
        for line in raw:
            yield line.decode("latin-1")
    except FileProblem as e:
        raise TraceError(f"{name}: can't read it: it {e.problem.value}") from None


# -- the replay's first lines ---------------------------------------------------------


_GAME_ARGS = ("SEED", "TURNS", "ADVANCED", *(f"the control of {n}" for n in T.HERO_NAMES))


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise TraceError(f"{what} must be a whole number, not {text!r}") from None


def _game(make: Callable[[], Setup]) -> Setup:
    """The set-up made; what no game can be is the door's to say (see :class:`Setup`)."""
    try:
        return make()
    except ValueError as e:
        raise TraceError(str(e)) from None


def parse_seed(text: str) -> int:
    """A SEED argument: any state of the 64-bit generator."""
    seed = _whole(text, "SEED")
    return _game(lambda: Setup(seed)).seed


def parse_game(args: list[str], fixes: bool = False) -> Setup:
    """``SEED TURNS ADVANCED C0..C5`` as a new game's set-up."""
    if len(args) != len(_GAME_ARGS):
        raise TraceError("give SEED TURNS ADVANCED and six controls")
    seed, turns, advanced, *controls = map(_whole, args, _GAME_ARGS)
    # Numbers as written: the door takes 0 and 1 for off and on, and a control's number.
    known = cast(tuple[T.Control, ...], tuple(controls))
    return _game(lambda: Setup(seed, known, turns, cast(bool, advanced), fixes))


@dataclass
class Replay:
    """What a replay file holds: how the game starts, and the humans' answers.

    ``start`` is the game's :class:`Setup` without a state: for a continued
    game only its seed and fixes, the rest being the saved game's, in
    ``save``, the bytes of its ``S`` line, decoded afresh for each
    :meth:`setup` (a game played changes the state it is given).
    """

    start: Setup
    save: bytes | None = None
    answers: Sequence[Answer] = field(default_factory=Script)

    @classmethod
    def starting(cls, setup: Setup) -> Replay:
        """The replay of a game not yet played: its start, no answers."""
        if setup.state is None:
            return cls(setup)
        return cls(Setup(setup.seed, fixes=setup.fixes), savefile.encode(setup.state))

    def setup(self) -> Setup:
        """The game it replays, as a session makes it."""
        state = self.state()
        if state is None:
            return self.start
        return Setup.continuing(self.start.seed, state, self.start.fixes)

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
        start = self.start
        fixes = [FIXES] if start.fixes else []
        if self.save is not None:
            return [
                " ".join([MAGIC, VERSION, LOAD, str(start.seed), *fixes]),
                f"{SAVE_LINE} {self.save.hex()}",
            ]
        words = [str(start.seed), str(start.turns), str(int(start.advanced))]
        return [" ".join([MAGIC, VERSION, *words, *map(str, start.controls), *fixes])]


def parse(
    lines: Iterable[str], name: str = "replay", warn: Callable[[str], None] = lambda m: None
) -> Replay:
    """Read a replay's lines; :class:`ReplayError` says what is wrong.

    Lines may keep their line ends: a last line without one that is no whole
    line (a recording cut short) is left out, and ``warn`` told so.
    """
    try:
        return _parse(iter(lines), name, warn)
    except ReplayError:
        raise
    except TraceError as e:
        raise ReplayError(str(e) if str(e).startswith(name) else f"{name}: {e}") from None


def _parse(lines: Iterator[str], name: str, warn: Callable[[str], None]) -> Replay:
    words = next(lines, "").split()
    if words[:1] != [MAGIC]:
        raise ReplayError(f"{name} is not a replay: it must start with {MAGIC}")
    if words[1:2] != [VERSION]:
        raise ReplayError(f"{name} is a replay of a version this Saga does not know")
    words = words[2:]
    fixes = words[-1:] == [FIXES]
    if fixes:
        words = words[:-1]
    if words[:1] == [LOAD]:
        if len(words) != 2:
            raise TraceError(f"after {LOAD} give only the SEED")
        replay = Replay(Setup(parse_seed(words[1]), fixes=fixes))
    else:
        replay = Replay(parse_game(words, fixes))
    answers = Script()
    save_fields: list[str] | None = None
    for number, line in enumerate(lines, 2):
        fields = line.split()
        if not fields or fields[0] not in ("Q", SAVE_LINE):
            continue
        try:
            if fields[0] == "Q":
                _add_answer(answers, fields, name, number)
            elif save_fields is None:
                save_fields = fields
        except TraceError:
            if line.endswith("\n") or next(lines, None) is not None:
                raise
            warn(f"{name}, line {number}: the recording was cut short here; its end is left out")
    replay.answers = answers
    if words[:1] == [LOAD]:
        replay.save = _saved_game(save_fields, name)
    return replay


def _saved_game(fields: list[str] | None, name: str) -> bytes:
    if fields is None or len(fields) != 2:
        raise ReplayError(f"{name}: a replay of a saved game needs an '{SAVE_LINE} <hex>' line")
    try:
        save = bytes.fromhex(fields[1])
    except ValueError:
        raise ReplayError(f"{name}: its saved game is not hexadecimal") from None
    try:
        Replay(Setup(0), save).state()  # refuse a damaged save now, not halfway through
    except ReplayError as e:
        raise ReplayError(f"{name}: {e}") from None
    return save


def read(path: str | os.PathLike[str], warn: Callable[[str], None] = lambda m: None) -> Replay:
    """A replay file, read line by line within :data:`MAX_TRACE`; or :class:`ReplayError`."""
    name = os.fspath(path)
    try:
        lines = file_lines(path)
    except TraceError as e:
        raise ReplayError(f"can't read the replay {e}") from None
    return parse(lines, name, warn)
