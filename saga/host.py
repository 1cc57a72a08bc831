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

from saga.engine import tables as T
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


def key_code(char: str) -> int:
    """The code of a key answer: a letter in upper case, as the original's toupper().

    A letter whose upper case is two letters (``ß``) stays itself, so any
    catalog's answer keys can be compared with what the player typed.
    """
    upper = char.upper()
    return ord(upper if len(upper) == 1 else char)


class Answer(NamedTuple):
    result: int
    countertype: int | None = None  # None leaves the engine's value alone


class Host(Protocol):
    """What the engine needs from whoever shows the game and answers for humans."""

    @property
    def listening(self) -> bool:
        """Whether anyone reads what is said: if not, the engine may leave
        its busiest messages unsaid, and their pauses with them."""
        ...

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

    def __init__(self, answers: list[tuple[Ask, int, int, int]]) -> None:
        self._answers = list(answers)
        self._next = 0
        self.asked: list[tuple[Ask, int, int, int]] = []
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
        self.asked.append((mode, pen, result, countertype))
        return Answer(result, countertype)
