"""The narrow interface through which the engine talks to the player.

The original funnels every question through one function, ``getevent()``,
whose *mode* says what kind of answer it wants.  The engine here does the
same: it calls :meth:`Host.ask` with a :class:`Ask` mode and the pen of the
hero being asked, and gets back what ``getevent()`` would have returned,
plus the counter kind that the original left in its ``countertype`` global.
Screens implement this with the mouse and keyboard; tests and replays
implement it with a script.  The engine never learns which.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple, Protocol

from saga.engine.state import GameState
from saga.pens import FIRST_HERO
from saga.pens import WHITE as WHITE  # plain messages, for the engine


class Ask(IntEnum):
    """Question kinds, numbered as the original's ``getevent()`` modes."""

    MULTIKEYBOARD = 0  # a digit key; the answer is its character code
    COUNTRY = 1  # an area: moves, attackers, rout destinations
    COUNTER = 2  # a counter (or an area): defenders, passengers, promotions
    ANYKEY = 3  # only ever a pause, see Host.pause
    YNKEYBOARD = 4  # Y or N (as localised); the answer is the key code
    GLKEYBOARD = 5  # Glory or Luck
    WRKEYBOARD = 6  # Withdraw, Restart or Transfer


# Answers other than an area, a counter number or a key code.
OFF_MAP = -1
BACKSPACE = -2
DONE = -3  # Space, the middle or right button, or a click on the message bar
ABORT = -4  # New game / Quit to title from the menu

FIRST_HERO_PEN = FIRST_HERO  # hero h's messages are in pen FIRST_HERO_PEN + h


class Answer(NamedTuple):
    result: int
    countertype: int | None = None  # None leaves the engine's value alone


class Host(Protocol):
    """What the engine needs from whoever shows the game and answers for humans."""

    def say(self, text: str, pen: int) -> None:
        """Show a message on the message line, in a hero's pen or WHITE."""

    def hint(self, left: str, right: str) -> None:
        """Say what the left and right buttons do at the coming question."""

    def pause(self) -> None:
        """Let the player read the last message (the message delay)."""

    def ask(self, mode: Ask, pen: int) -> Answer:
        """Put a question to a human hero and return the original's answer."""

    def turn_starts(self, state: GameState) -> bool:
        """The wait at the "Turn n of N..." prompt (said, then autosaved); False ends the game."""

    def autosave(self, state: GameState) -> None:
        """Keep the state as the start-of-turn autosave does."""

    def update(self) -> None:
        """The board changed mid-move (a step); screens may show it at once."""


class QuietHost:
    """A host for all-Amiga games that nobody watches: it shows nothing.

    Subclasses override what they need; asking it a question is a bug,
    because only human heroes are asked.
    """

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


class ScriptError(RuntimeError):
    """A scripted answer that does not fit the question the engine asked."""


class ScriptedHost(QuietHost):
    """Answers human questions from a list, checking each fits its question.

    Each scripted answer is ``(mode, pen, result, countertype)``; the mode
    and pen must be what the engine asks, which is how a replay notices the
    moment it and the recording part ways.
    """

    def __init__(self, answers: list[tuple[Ask, int, int, int]]) -> None:
        self._answers = list(answers)
        self._next = 0
        self.asked: list[tuple[Ask, int, int, int]] = []

    @property
    def remaining(self) -> int:
        return len(self._answers) - self._next

    def ask(self, mode: Ask, pen: int) -> Answer:
        if self._next >= len(self._answers):
            raise ScriptError(f"the script has no answer left for {mode.name} (pen {pen})")
        want_mode, want_pen, result, countertype = self._answers[self._next]
        if (want_mode, want_pen) != (mode, pen):
            raise ScriptError(
                f"answer {self._next + 1} is for {Ask(want_mode).name} pen {want_pen}, "
                f"but the game asks {mode.name} pen {pen}"
            )
        self._next += 1
        self.asked.append((mode, pen, result, countertype))
        return Answer(result, countertype)
