"""What every input source offers, and the bookkeeping they share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator

from amiga.input.codes import IDCMP, IECODE_UP_PREFIX, MouseCode, Qualifier
from amiga.input.keymap import key_qualifier
from amiga.input.message import IntuiMessage

# Which qualifier bit each button holds down while pressed.
BUTTON_QUALIFIERS = {
    MouseCode.SELECTDOWN: Qualifier.LEFTBUTTON,
    MouseCode.MENUDOWN: Qualifier.RBUTTON,
    MouseCode.MIDDLEDOWN: Qualifier.MIDBUTTON,
}


def _never(message: IntuiMessage) -> bool:
    return False


class EndOfInput(EOFError):
    """A source that can never deliver another message was asked to wait."""


class EventSource(ABC):
    """A window's message port: the program asks for the next message.

    ``next_event(0)`` polls, ``next_event(t)`` waits up to ``t`` seconds,
    ``next_event(None)`` or :meth:`wait` waits for as long as it takes, and
    iterating yields the messages already pending, like a GetMsg() loop.
    The source also keeps the pointer position and held buttons, because
    every message carries them.
    """

    def __init__(self) -> None:
        self.mouse_x = 0
        self.mouse_y = 0
        self._buttons = Qualifier(0)
        # The window's IDCMP INTUITICKS flag: a source that makes ticks
        # makes them only while it is set (a scripted one has them written in).
        self.want_ticks = True
        # Messages the program must see at once, whatever is waiting before
        # them (a quit): they go first and are never dropped from a full queue.
        self.urgent: Callable[[IntuiMessage], bool] = _never

    @abstractmethod
    def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
        """The next message, or None if none came within ``timeout``."""

    @abstractmethod
    def now(self) -> float:
        """This source's time in seconds, stamped on its messages."""

    def wait(self) -> IntuiMessage:
        """Block until a message arrives (WaitPort + GetMsg)."""
        message = self.next_event(None)
        if message is None:
            raise EndOfInput("the source has no more messages")
        return message

    def __iter__(self) -> Iterator[IntuiMessage]:
        while (message := self.next_event(0.0)) is not None:
            yield message

    def take_pending(self) -> list[IntuiMessage]:
        """Every message that has arrived and not been read, taken off the port
        (GetMsg until it is empty), for a program to throw away stale input.

        Polling does it for a source whose messages come from outside; a
        source that makes its messages up when asked has none pending and
        says so by overriding this.
        """
        return list(self)

    def _message(self, idcmp: IDCMP, code: int = 0, qualifier: int = 0) -> IntuiMessage:
        qualifier = Qualifier(qualifier) | self._buttons
        return IntuiMessage(idcmp, code, qualifier, self.mouse_x, self.mouse_y, self.now())

    def _rawkey(self, raw: int, *, up: bool, qualifier: int = 0) -> IntuiMessage:
        code = raw | (IECODE_UP_PREFIX if up else 0)
        return self._message(IDCMP.RAWKEY, code, qualifier | key_qualifier(raw))

    def _button(self, code: MouseCode, qualifier: int = 0) -> IntuiMessage:
        """A button press or release, which also changes the held buttons."""
        bit = BUTTON_QUALIFIERS[MouseCode(code & ~IECODE_UP_PREFIX)]
        if code & IECODE_UP_PREFIX:
            self._buttons &= ~bit
        else:
            self._buttons |= bit
        return self._message(IDCMP.MOUSEBUTTONS, code, qualifier)
