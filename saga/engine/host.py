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

from collections.abc import Callable
from enum import IntEnum
from typing import NamedTuple, Protocol

from saga.engine import tables as T
from saga.engine.state import GameState

# The game's words: a message's catalog ID to its text in the player's language.
Lookup = Callable[[str], str]

# The pens the engine names for its messages; the palette (saga.look.pens) builds on these.
WHITE = 1  # plain messages
FIRST_HERO_PEN = 6  # hero h's messages, counters and kingdoms are in pen FIRST_HERO_PEN + h


def hero_pen(hero: int) -> int:
    """The pen of a hero's messages, counters and kingdoms.

    Plain arithmetic, as the original's: for nobody (-1) it is the pen
    below the first hero's, which a few of its messages do use.
    """
    return FIRST_HERO_PEN + hero


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
ABORT = -4  # Esc at the turn prompt: the player leaves the game (turn_starts says False)


def key_code(char: str) -> int:
    """The code of a key answer: a letter in upper case, as the original's toupper().

    A letter whose upper case is two letters (``ß``) stays itself, so any
    catalog's answer keys can be compared with what the player typed.
    """
    upper = char.upper()
    return ord(upper if len(upper) == 1 else char)


def answer_key(t: Lookup, name: str) -> int:
    """The key code of a one-letter answer, as the catalog spells it."""
    return key_code(t(name)[:1] or "?")


# The catalog's keys for the two- and three-way choices: the first is also
# what the left button answers, the second the other buttons.
CHOICE_KEYS = {
    Ask.YNKEYBOARD: ("MSG_KEY_YES", "MSG_KEY_NO"),
    Ask.GLKEYBOARD: ("MSG_KEY_GLORY", "MSG_KEY_LUCK"),
    Ask.WRKEYBOARD: ("MSG_KEY_WITHDRAW", "MSG_KEY_RESTART"),
}


class Answer(NamedTuple):
    result: int
    countertype: T.Kind | None = None  # None leaves the engine's value alone


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
