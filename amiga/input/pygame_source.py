"""Input from a pygame window, translated into Intuition messages.

RAWKEY comes from the key's position (its SDL scancode), so it is the same
on every host layout, as raw keys are on the Amiga.  VANILLAKEY comes from
SDL's text input, i.e. after the host's keymap, so a German keyboard types
'ä', a Greek one 'ω', and dead keys work; the keys that type control characters (Return,
Backspace, Tab, Esc, Del) add theirs from the key press, as SDL sends no
text for them.  Keys pressed with Ctrl or an Amiga (GUI) key, the menu
shortcuts, get their VANILLAKEY from the key press too, with the qualifier:
SDL types no text for most of them, or a control character, and the text it
does type for some would arrive without knowing the key was a command.
Unlike Intuition, which sends a key as either VANILLAKEY or
RAWKEY, every key press arrives as RAWKEY and printable ones also as
VANILLAKEY, so a program listens to whichever it wants.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
import select
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pygame

from amiga.codesets import machine_characters
from amiga.display.clock import Metronome
from amiga.display.present import Presenter
from amiga.input.codes import IDCMP, IECODE_UP_PREFIX, MouseCode, Qualifier, RawKey
from amiga.input.keymap import CONTROL_CHARS, HID_TO_RAWKEY, US_KEYMAP, us_vanilla
from amiga.input.message import IntuiMessage
from amiga.input.source import EventSource

TICKS_HZ = 10.0  # IntuiTicks: about ten a second, whichever window the desktop has in front

# Messages waiting to be read, at most (besides urgent ones): a flood of
# input beyond what the program keeps up with is dropped, oldest first.
QUEUE_LIMIT = 64

# The longest sleep, which Python's signal handlers wait for: a SIGTERM
# turned into a close message is seen within this.
WAKE_SECONDS = 0.25

# How often the queue is looked at where the program cannot sleep until an event:
# pygame's own wait looks every millisecond, which alone costs 1% of a core.
POLL_SECONDS = 0.01

# Key repeat as Input preferences set it by default: delay and interval, ms.
KEY_REPEAT = (500, 100)

_MODIFIERS = (
    (pygame.KMOD_LSHIFT, Qualifier.LSHIFT),
    (pygame.KMOD_RSHIFT, Qualifier.RSHIFT),
    (pygame.KMOD_CAPS, Qualifier.CAPSLOCK),
    (pygame.KMOD_CTRL, Qualifier.CONTROL),
    (pygame.KMOD_LALT, Qualifier.LALT),
    (pygame.KMOD_RALT | pygame.KMOD_MODE, Qualifier.RALT),  # AltGr is the right Alt
    (pygame.KMOD_LGUI, Qualifier.LCOMMAND),
    (pygame.KMOD_RGUI, Qualifier.RCOMMAND),
)

# Qualifiers that make a key a command (a menu shortcut) rather than typing.
COMMAND = Qualifier.CONTROL | Qualifier.AMIGA

# What the window system does to the window, after which it is shown again.
_WINDOW_CHANGES = frozenset(
    (
        pygame.VIDEORESIZE,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWRESTORED,
        pygame.WINDOWDISPLAYCHANGED,
    )
)

_BUTTONS = {1: MouseCode.SELECTDOWN, 2: MouseCode.MIDDLEDOWN, 3: MouseCode.MENUDOWN}


class PygameEventSource(EventSource):
    """Messages from the window a :class:`Presenter` opened.

    Pointer positions are mapped through the presenter to screen pixels.
    INTUITICKS are generated from ``clock`` at ``tick_hz`` while
    :attr:`want_ticks` is set, and never queue up: a program that is busy for
    a second gets one tick, not ten.  They come whether or not the desktop
    has the window in front.  Intuition sends them to the active window
    only, and a program on its own screen in front, as Saga's was, always
    had them; here the whole window is that screen, and a player who looks
    at another window of the desktop has not stopped the Amiga's clock: a
    message delay that counts ticks runs out all the same (ACTIVEWINDOW and
    INACTIVEWINDOW still say where the desktop's focus went).

    Waiting sleeps until the window system has an event or the next tick
    is due, so a window with nothing to do costs nothing.  However fast
    input comes, the queue stays short: pointer motion not yet read is
    merged into its latest position, and past ``QUEUE_LIMIT`` messages the
    oldest are dropped (counted in :attr:`dropped`, which no player needs
    to hear of), except the :attr:`urgent` ones, which also go before the
    rest.
    """

    def __init__(
        self,
        presenter: Presenter,
        *,
        tick_hz: float = TICKS_HZ,
        clock: Callable[[], float] = time.monotonic,
        key_repeat: tuple[int, int] | None = KEY_REPEAT,
    ) -> None:
        super().__init__()
        self._presenter = presenter
        self._clock = clock
        self._ticks = Metronome(tick_hz, clock)
        self._ticking = True  # ticks were wanted at the last look
        self._queue: deque[IntuiMessage] = deque()
        self._urgent = 0  # how many messages at the front of the queue are urgent
        self.dropped = 0
        self._modifiers = Qualifier(0)
        self._held: set[int] = set()
        self._text_qualifier = Qualifier(0)
        self._sleep = _sleeper()
        pygame.key.set_repeat(*(key_repeat or (0, 0)))
        pygame.key.start_text_input()

    def now(self) -> float:
        return self._clock()

    def __len__(self) -> int:
        """Messages read from SDL and not yet delivered."""
        return len(self._queue)

    def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
        deadline = None if timeout is None else self._clock() + timeout
        while True:
            for event in pygame.event.get():
                self._translate(event)
            if self._queue:
                self._urgent = max(0, self._urgent - 1)
                return self._queue.popleft()
            if self.want_ticks and not self._ticking:
                self._ticks.skip()  # beats missed while ticks were off are not owed
            self._ticking = self.want_ticks
            if self.want_ticks and self._ticks.due():
                return self._message(IDCMP.INTUITICKS, 0, self._modifiers)
            waits = [WAKE_SECONDS]
            if self.want_ticks:
                waits.append(self._ticks.remaining())
            if deadline is not None:
                if self._clock() >= deadline:
                    return None
                waits.append(deadline - self._clock())
            self._wait(min(waits))

    def _wait(self, seconds: float) -> None:
        """Sleep until the window system has an event or ``seconds`` have passed.

        Where it cannot sleep so (a driver without a window system), and
        while a key is held down (pygame repeats it from a timer the sleep
        does not hear), the queue is looked at every POLL_SECONDS instead.
        """
        if self._sleep is not None and not self._held:
            self._sleep(seconds)
        else:
            time.sleep(min(seconds, POLL_SECONDS))

    def _queue_message(self, message: IntuiMessage) -> None:
        """Queue a message: an urgent one after the urgent ones already there,
        any other at the end, dropping the oldest others past the limit."""
        queue = self._queue
        if self.urgent(message):
            queue.insert(self._urgent, message)
            self._urgent += 1
            if self._urgent > QUEUE_LIMIT:  # even a flood of quits is bounded
                del queue[0]
                self._urgent -= 1
                self.dropped += 1
            return
        queue.append(message)
        while len(queue) - self._urgent > QUEUE_LIMIT:
            del queue[self._urgent]
            self.dropped += 1

    def _translate(self, event: pygame.event.Event) -> None:
        """Queue the messages one pygame event stands for (often none)."""
        kind = event.type
        queue = self._queue_message
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            self._key(event, down=kind == pygame.KEYDOWN)
        elif kind == pygame.TEXTINPUT:
            if _is_command(self._text_qualifier):
                return  # the key press already gave this key's character
            for char in event.text:
                if char in machine_characters():  # what an Amiga keymap can type
                    queue(self._message(IDCMP.VANILLAKEY, ord(char), self._text_qualifier))
        elif kind == pygame.MOUSEMOTION:
            if self._point(event.pos):
                if len(self._queue) > self._urgent and self._queue[-1].idcmp == IDCMP.MOUSEMOVE:
                    self._queue.pop()  # motion not yet read: only where it ended counts
                queue(self._message(IDCMP.MOUSEMOVE, 0, self._modifiers))
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.button in _BUTTONS:  # 4 and up are the wheel, seen as MOUSEWHEEL
                self._point(event.pos)
                up = IECODE_UP_PREFIX if kind == pygame.MOUSEBUTTONUP else 0
                code = MouseCode(_BUTTONS[event.button] | up)
                queue(self._button(code, self._modifiers))
        elif kind == pygame.MOUSEWHEEL:
            if event.y:
                wheel = RawKey.WHEEL_UP if event.y > 0 else RawKey.WHEEL_DOWN
                for up in (False, True):
                    queue(self._rawkey(wheel, up=up, qualifier=self._modifiers))
        elif kind == pygame.QUIT:
            queue(self._message(IDCMP.CLOSEWINDOW, 0, self._modifiers))
        elif kind == pygame.WINDOWFOCUSGAINED:
            queue(self._message(IDCMP.ACTIVEWINDOW, 0, self._modifiers))
        elif kind == pygame.WINDOWFOCUSLOST:
            self._held.clear()
            queue(self._message(IDCMP.INACTIVEWINDOW, 0, self._modifiers))
        elif kind == pygame.VIDEORESIZE:
            self._presenter.resized(event.w, event.h)
        elif kind == pygame.WINDOWEXPOSED:
            self._presenter.invalidate()
        elif kind in (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED):
            self._presenter.minimised(kind == pygame.WINDOWMINIMIZED)
        elif kind == pygame.WINDOWDISPLAYCHANGED:
            self._presenter.display_changed()
        if kind in _WINDOW_CHANGES:
            self._presenter.present()  # at once: a waiting program presents nothing

    def _key(self, event: pygame.event.Event, *, down: bool) -> None:
        self._modifiers = Qualifier(0)
        for mask, bit in _MODIFIERS:
            if event.mod & mask:
                self._modifiers |= bit
        raw = HID_TO_RAWKEY.get(getattr(event, "scancode", 0))
        if raw is None:
            return
        qualifier = self._modifiers
        if down:
            if raw in self._held:
                qualifier |= Qualifier.REPEAT
            self._held.add(raw)
        else:
            self._held.discard(raw)
        message = self._rawkey(raw, up=not down, qualifier=qualifier)
        self._queue_message(message)
        if down:
            # Text that SDL sends for this key carries the key's qualifier.
            self._text_qualifier = message.qualifier
            char = CONTROL_CHARS.get(raw)
            if char is None and _is_command(qualifier):
                char = _command_char(event, raw, qualifier)
            if char is not None:
                self._queue_message(self._message(IDCMP.VANILLAKEY, ord(char), message.qualifier))

    def _point(self, pos: tuple[int, int]) -> bool:
        """Move the pointer to a window position; True if its screen pixel changed."""
        x, y = self._presenter.window_to_screen(*pos)
        moved = (x, y) != (self.mouse_x, self.mouse_y)
        self.mouse_x, self.mouse_y = x, y
        return moved


def _sleeper() -> Callable[[float], None] | None:
    """A sleep until the window system has something for SDL, else None.

    pygame's ``event.wait`` looks for events every millisecond, which keeps
    an idle window awake a thousand times a second.  SDL itself (2.0.22 and
    later) sleeps until its window system has something, or another thread
    posts an event, on the drivers named here; asked with no event to fill,
    it leaves the event queued for pygame to read.  The library is the one
    pygame loaded if SDL_WasInit says its video is running.

    On X11 the program sleeps on SDL's connection itself instead (see
    :func:`_x11_sleeper`).
    """
    driver = pygame.display.get_driver() if pygame.display.get_init() else ""
    if driver not in SLEEPING_DRIVERS or pygame.get_sdl_version() < (2, 0, 22):
        return None
    if driver == "x11":
        return _x11_sleeper()
    package = Path(pygame.__file__).parent
    candidates: list[str] = [
        str(path)
        for folder in (package.parent / "pygame.libs", package / ".dylibs", package)
        for path in sorted(folder.glob("*SDL2-2*")) + sorted(folder.glob("SDL2.dll"))
    ]
    candidates += filter(None, [ctypes.util.find_library("SDL2")])
    for name in candidates:
        try:
            sdl = ctypes.CDLL(name)
            if not sdl.SDL_WasInit(SDL_INIT_VIDEO):
                continue  # another copy of SDL than pygame's
        except (OSError, AttributeError):
            continue
        wait = sdl.SDL_WaitEventTimeout
        wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
        wait.restype = ctypes.c_int
        return lambda seconds: wait(None, max(1, math.ceil(seconds * 1000)))
    return None


def _x11_sleeper() -> Callable[[float], None] | None:
    """A sleep on the X server connection SDL reads its window's events from.

    SDL's own wait is not used on X11: every event it wakes to has it send
    its window a wake-up message over a second connection of its own, and
    the X server keeps no order between two connections.  A window closed
    just after one (a player's Escape, the focus moving on at once) can be
    destroyed before the server reads the message; the error comes back as
    SDL closes that connection, and Xlib's handler ends the program with
    status 1.  Sleeping here sends nothing: the wait is over when the
    server has written something (or Xlib already holds unread events), and
    pygame's next look reads it.
    """
    display = pygame.display.get_wm_info().get("display")
    if display is None:
        return None
    try:
        xlib = ctypes.CDLL("libX11.so.6")  # the one SDL loaded
        pending, number = xlib.XPending, xlib.XConnectionNumber
    except (OSError, AttributeError):
        return None
    unwrap = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)
    capsule_pointer = unwrap(("PyCapsule_GetPointer", ctypes.pythonapi))
    connection = ctypes.c_void_p(capsule_pointer(display, b"display"))
    pending.argtypes = number.argtypes = [ctypes.c_void_p]
    pending.restype = number.restype = ctypes.c_int
    _forgive_messages_to_gone_windows(xlib)
    readable = select.poll()
    readable.register(number(connection), select.POLLIN)

    def sleep(seconds: float) -> None:
        if not pending(connection):  # which also sends what Xlib has buffered
            readable.poll(max(1, math.ceil(seconds * 1000)))

    return sleep


class _XErrorEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("resourceid", ctypes.c_ulong),
        ("serial", ctypes.c_ulong),
        ("error_code", ctypes.c_ubyte),
        ("request_code", ctypes.c_ubyte),
        ("minor_code", ctypes.c_ubyte),
    ]


_XErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(_XErrorEvent))
BAD_WINDOW, X_SEND_EVENT = 3, 25  # X's error and request codes
_handlers: list[object] = []  # the handlers Xlib holds: they must outlive their making


def _forgive_messages_to_gone_windows(xlib: ctypes.CDLL) -> None:
    """Let a message sent to a window that is no longer there pass as nothing.

    SDL sends other programs' windows messages of its own (the clipboard's
    answer to a paste, for one), and that window may close before the server
    reads it; Xlib's handler would end this program with status 1 for it.
    Every other error goes on to the handler that was there (SDL's, then
    Xlib's), as before.
    """
    install = xlib.XSetErrorHandler
    install.argtypes = [_XErrorHandler]
    install.restype = ctypes.c_void_p
    before: list[Callable[[int, object], int]] = []

    def handle(display: int, error: ctypes._Pointer[_XErrorEvent]) -> int:
        said = error.contents
        if (said.error_code, said.request_code) == (BAD_WINDOW, X_SEND_EVENT):
            return 0
        return before[0](display, error) if before else 0

    handler = _XErrorHandler(handle)
    previous = install(handler)
    if previous:
        before.append(_XErrorHandler(previous))
    _handlers.append(handler)


SDL_INIT_VIDEO = 0x20
# SDL's video drivers whose wait sleeps on the window system's connection.
SLEEPING_DRIVERS = ("x11", "wayland", "windows", "cocoa")


def _is_command(qualifier: int) -> bool:
    """Ctrl or an Amiga key held, but not AltGr (which Windows reports as Ctrl+Alt)."""
    return bool(qualifier & COMMAND) and not qualifier & Qualifier.RALT


def _command_char(event: pygame.event.Event, raw: int, qualifier: int) -> str | None:
    """The character a key types without its command modifier.

    SDL's key code is the unshifted character of the host layout's key; with
    Shift, a key that types the same as on a US keyboard takes its US
    shifted character (Shift+/ is ?), letters their capital.
    """
    plain = Qualifier(qualifier) & ~(COMMAND | Qualifier.ALT)
    code = getattr(event, "key", 0)
    if not 32 < code < 256 or not chr(code).isprintable():
        return us_vanilla(raw, plain)  # no layout character; go by position
    char = chr(code)
    if plain & Qualifier.SHIFT:
        if US_KEYMAP.get(raw, ("",))[0] == char:
            return US_KEYMAP[raw][1]
        return char.upper()
    return char
