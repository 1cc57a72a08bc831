"""Hosts for tools and tests: nobody watching, passing on, answering from a script.

The engine's port is :class:`saga.engine.host.Host`; these are its plainest
implementations, for simulations, traces, replays and the test suite.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from saga.engine import tables as T
from saga.engine.host import ABORT, FIRST_HERO_PEN, Answer, Ask, Host, hero_pen, key_code
from saga.engine.state import GameState
from saga.files import savefile
from saga.look.pens import HERO_COLOURS
from saga.look.text import printable, warn


class QuietHost:
    """A host for all-Amiga games that nobody watches: it shows nothing.

    Subclasses override what they need; asking it a question is a bug,
    because only human heroes are asked.  A subclass that shows what is
    said must say that it listens.
    """

    listening = False

    def say(self, text: str, pen: int) -> None:
        pass

    def hint(self, left: str, right: str) -> None:
        pass

    def pause(self) -> None:
        pass

    def ask(self, mode: Ask, pen: int) -> Answer:
        raise RuntimeError(f"a human question ({mode.name}) in a game without a human host")

    def turn_starts(self, state: GameState) -> bool:
        return True

    def autosave(self, state: GameState) -> None:
        pass

    def update(self) -> None:
        pass


def question(mode: Ask, pen: int) -> str:
    """A question as messages name it: its kind and whom it is put to."""
    hero = pen - FIRST_HERO_PEN
    who = T.HERO_NAMES[hero] if 0 <= hero < len(T.HERO_NAMES) else "nobody"
    return f"{mode.name} pen {pen} ({who})"


class PassOn:
    """A host around another host, passing every call on: recorders and replays
    subclass it and change only what they are about."""

    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def listening(self) -> bool:
        return self.host.listening

    def say(self, text: str, pen: int) -> None:
        self.host.say(text, pen)

    def hint(self, left: str, right: str) -> None:
        self.host.hint(left, right)

    def pause(self) -> None:
        self.host.pause()

    def ask(self, mode: Ask, pen: int) -> Answer:
        return self.host.ask(mode, pen)

    def turn_starts(self, state: GameState) -> bool:
        return self.host.turn_starts(state)

    def autosave(self, state: GameState) -> None:
        self.host.autosave(state)

    def update(self) -> None:
        self.host.update()


class ScriptError(RuntimeError):
    """A scripted answer that does not fit the question the engine asked."""


class ScriptedHost(QuietHost):
    """Answers human questions from a list, checking each fits its question.

    Each scripted answer is ``(mode, pen, result, countertype)``; the mode
    and pen must be what the engine asks, which is how a replay notices the
    moment it and the recording part ways.
    """

    def __init__(self, answers: Sequence[tuple[Ask, int, int, T.Kind]]) -> None:
        self._answers = answers  # not copied: a long replay's are packed (replayfile.Script)
        self._next = 0
        self.turn = 0  # for messages: the turn being played

    def turn_starts(self, state: GameState) -> bool:
        self.turn = state.turn
        return True

    @property
    def remaining(self) -> int:
        return len(self._answers) - self._next

    def ask(self, mode: Ask, pen: int) -> Answer:
        if self._next >= len(self._answers):
            raise ScriptError(
                f"turn {self.turn}: the script has no answer left for {question(mode, pen)}"
            )
        want_mode, want_pen, result, countertype = self._answers[self._next]
        if (want_mode, want_pen) != (mode, pen):
            raise ScriptError(
                f"turn {self.turn}: answer {self._next + 1} is for "
                f"{question(Ask(want_mode), want_pen)}, but the game asks {question(mode, pen)}"
            )
        self._next += 1
        return Answer(result, countertype)


def read_answer(line: str, mode: Ask) -> Answer | None:
    """An answer typed at the terminal: ``RESULT [COUNTERTYPE]``, a key's letter,
    or a trace's ``Q MODE colour RESULT COUNTERTYPE`` line; None if it is none."""
    words = line.split()
    if len(words) == 5 and words[0] == "Q":
        words = words[3:]
    if len(words) == 1 and len(words[0]) == 1 and not words[0].isdigit():
        return Answer(key_code(words[0]))
    try:
        numbers = [int(w) for w in words]
    except ValueError:
        return None
    if not 1 <= len(numbers) <= 2 or not ABORT <= numbers[0] <= 0x10FFFF:
        return None
    if len(numbers) == 2 and not T.HERO <= numbers[1] <= T.KINGDOM:
        return None
    return Answer(numbers[0], T.Kind(numbers[1]) if len(numbers) == 2 else None)


INTERRUPT_EVERY = 0.2  # seconds between looks at a network game while the terminal is read

# The heroes' pens in their own colours (24-bit terminal colours).
_ANSI = {hero_pen(h): "38;2;{};{};{}".format(*rgb) for h, rgb in enumerate(HERO_COLOURS)}


class TerminalHost(QuietHost):
    """``saga --headless``: every message a line on ``out``, heroes' in their colours.

    The messages come in the game's words already, so it needs none of its
    own.  ``autosave_path`` keeps the start-of-turn autosave (None: none);
    given ``answers`` (the terminal's input), its player answers there, a
    line per question (see :func:`read_answer`).
    """

    listening = True

    def __init__(
        self,
        out: TextIO,
        autosave_path: Path | None,
        colour: bool,
        answers: TextIO | None = None,
    ) -> None:
        self.out = out
        self.autosave_path = autosave_path
        self.colour = colour
        self.answers = answers
        # Set, it is called while the player is awaited and raises to end the
        # wait (a network game whose host has gone): the terminal is then read
        # by a thread of its own, so that the wait can be given up.
        self.interrupt: Callable[[], None] | None = None
        self._lines: queue.Queue[str] | None = None

    def ask(self, mode: Ask, pen: int) -> Answer:
        if self.answers is None:
            return super().ask(mode, pen)
        while True:
            self.out.write(f"{question(mode, pen)}? ")
            self.out.flush()
            line = self._read_line()
            if not line:
                raise ScriptError(f"no answer on the terminal for {question(mode, pen)}")
            answer = read_answer(line, mode)
            if answer is not None:
                return answer
            self.out.write(
                "(a number: an area, a counter or a key's code; a letter; or a Q line)\n"
            )

    def _read_line(self) -> str:
        """The player's next line ("" at the end of the input)."""
        assert self.answers is not None
        if self.interrupt is None:
            return self.answers.readline()
        if self._lines is None:
            self._lines = queue.Queue()
            threading.Thread(target=self._reader, name="saga-terminal", daemon=True).start()
        while True:
            try:
                return self._lines.get(timeout=INTERRUPT_EVERY)
            except queue.Empty:
                self.interrupt()

    def _reader(self) -> None:
        assert self.answers is not None and self._lines is not None
        while line := self.answers.readline():
            self._lines.put(line)
        self._lines.put("")

    def say(self, text: str, pen: int) -> None:
        code = _ANSI.get(pen) if self.colour else None
        text = printable(text)  # a catalog's or a name's control characters are not obeyed
        self.out.write(f"\x1b[{code}m{text}\x1b[0m\n" if code else text + "\n")

    def autosave(self, state: GameState) -> None:
        if self.autosave_path is None:
            return
        problem = savefile.try_save(self.autosave_path, state, own=True)
        if problem:
            warn(f"can't autosave to {self.autosave_path}: {problem}")
            self.autosave_path = None  # say it once, and play on
