"""Input from a script, so tests and replays need no window and no clock."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Self

from amiga.codesets import machine_characters
from amiga.input.codes import IDCMP, IECODE_UP_PREFIX, MouseCode
from amiga.input.keymap import greek_keystroke, us_keystroke, us_vanilla
from amiga.input.message import IntuiMessage
from amiga.input.source import EventSource

TICK_SECONDS = 0.1  # IntuiTicks come about ten times a second


class ScriptedEventSource(EventSource):
    """Messages queued in advance, delivered in order, never blocking.

    Build the script by chaining, e.g.
    ``ScriptedEventSource().click(100, 50).key("y").raw(RawKey.HELP).ticks(3)``,
    or pass ready-made messages.  Time is virtual: it starts at 0 and moves
    only with :meth:`ticks` and :meth:`pause`, so the same script always
    produces the same messages.  A message has arrived once the program has
    read one stamped at its time or later: messages scripted at the same
    moment arrive together, so :meth:`take_pending` takes those left over
    from the moment last read, and ticks or a pause keep the next ones for
    later.  Keys are typed through the US keymap and
    arrive as a real keyboard would send them: RAWKEY down, VANILLAKEY,
    RAWKEY up.  When the script runs out, polling gives None and
    :meth:`wait` raises :class:`~amiga.input.source.EndOfInput`.
    """

    def __init__(self, messages: Iterable[IntuiMessage] = ()) -> None:
        super().__init__()
        self._queue: deque[IntuiMessage] = deque(messages)
        self._time = 0.0
        self._read_until: float | None = None  # the time of the last message read

    def take_pending(self) -> list[IntuiMessage]:
        taken: list[IntuiMessage] = []
        until = self._read_until
        while until is not None and self._queue and self._queue[0].time <= until:
            taken.append(self._queue.popleft())
        return taken

    def now(self) -> float:
        return self._time

    def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
        if not self._queue:
            return None
        message = self._queue.popleft()
        self._read_until = message.time
        return message

    def __len__(self) -> int:
        """Messages still to be delivered."""
        return len(self._queue)

    def move(self, x: int, y: int, qualifier: int = 0) -> Self:
        """Move the pointer to screen pixel (x, y): one MOUSEMOVE."""
        self.mouse_x, self.mouse_y = x, y
        self._queue.append(self._message(IDCMP.MOUSEMOVE, 0, qualifier))
        return self

    def press(self, button: MouseCode = MouseCode.SELECTDOWN, qualifier: int = 0) -> Self:
        """Press a button where the pointer is (e.g. to start a drag)."""
        self._queue.append(self._button(button, qualifier))
        return self

    def release(self, button: MouseCode = MouseCode.SELECTDOWN, qualifier: int = 0) -> Self:
        """Release a button pressed with :meth:`press`."""
        self._queue.append(self._button(MouseCode(button | IECODE_UP_PREFIX), qualifier))
        return self

    def click(
        self, x: int, y: int, button: MouseCode = MouseCode.SELECTDOWN, qualifier: int = 0
    ) -> Self:
        """Press and release a button at (x, y); the pointer jumps there
        without a MOUSEMOVE, as when a click follows unreported motion."""
        self.mouse_x, self.mouse_y = x, y
        return self.press(button, qualifier).release(button, qualifier)

    def raw(self, code: int, qualifier: int = 0) -> Self:
        """Press and release a raw key, with its VANILLAKEY if the keymap
        gives it a character."""
        return self._keystroke(code, qualifier, us_vanilla(code, qualifier))

    def key(self, char: str, qualifier: int = 0) -> Self:
        """Type one character: on its US key (Shift added when needed), a
        Greek letter on the key a Greek keymap types it with, or, for
        characters no such key types such as 'ä', as a lone VANILLAKEY --
        what a foreign keymap's key would add to the message stream."""
        if len(char) != 1 or (ord(char) > 0xFF and char not in machine_characters()):
            raise ValueError(f"{char!r} is not one Latin-1 or Greek character")
        stroke = us_keystroke(char) or greek_keystroke(char)
        if stroke is None:
            self._queue.append(self._message(IDCMP.VANILLAKEY, ord(char), qualifier))
            return self
        code, shift = stroke
        return self._keystroke(code, qualifier | shift, char)

    def text(self, text: str, qualifier: int = 0) -> Self:
        """Type each character of ``text`` with :meth:`key`."""
        for char in text:
            self.key(char, qualifier)
        return self

    def ticks(self, count: int = 1) -> Self:
        """Let ``count`` tenths of a second pass, one INTUITICKS each."""
        for _ in range(count):
            self._time += TICK_SECONDS
            self._queue.append(self._message(IDCMP.INTUITICKS))
        return self

    def pause(self, seconds: float) -> Self:
        """Let time pass without ticks, e.g. to space out a double-click."""
        self._time += seconds
        return self

    def close(self) -> Self:
        """The window's close gadget: CLOSEWINDOW."""
        self._queue.append(self._message(IDCMP.CLOSEWINDOW))
        return self

    def activate(self) -> Self:
        """The window became the active one: ACTIVEWINDOW."""
        self._queue.append(self._message(IDCMP.ACTIVEWINDOW))
        return self

    def _keystroke(self, code: int, qualifier: int, char: str | None) -> Self:
        press = self._rawkey(code, up=False, qualifier=qualifier)
        self._queue.append(press)
        if char is not None:
            self._queue.append(self._message(IDCMP.VANILLAKEY, ord(char), press.qualifier))
        self._queue.append(self._rawkey(code, up=True, qualifier=qualifier))
        return self
