"""The screen, the pointer and the keyboard, as the game's screens share them.

One :class:`Ui` owns the emulated screen, shows it in a window (or not, in
tests), and hands out input messages after dealing with the things every
screen does the same way: the menu strip under the right button in the
title bar and its Right-Amiga shortcuts (Ctrl or the Windows key), the
window's own keys (Alt+Enter fullscreen, Alt+1/2/3 scale, Alt+0 fit,
Print Screen or Alt+S a screenshot, with a note in the title bar), Shift+Esc
to quit at once, and closing the window.  While a requester is up
(:meth:`Ui.requester_layer`) the menus and their shortcuts rest, as
Intuition blocks a window's menus under a requester.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from amiga.display import PAL_HEIGHT, PAL_WIDTH, Screen

if TYPE_CHECKING:
    import numpy.typing as npt

    from amiga.display.present import Presenter  # pygame only where there is a window
from amiga.display.box import Box
from amiga.display.rastport import DrawMode
from amiga.input import IDCMP, EventSource, IntuiMessage, MouseCode, Qualifier, RawKey
from amiga.intuition import DrawInfo, Menu, MenuItem, MenuStrip, bevel
from saga.art.kit import Art, OwnArt
from saga.screen import pens as P

WIDTH, HEIGHT = PAL_WIDTH, PAL_HEIGHT
TITLE_HEIGHT = 11  # the screen's title bar, where the menus live
MESSAGE_TOP = 481  # the message area: two lines of text and the button hint
UPPER_Y, LOWER_Y, LOWER_Y2 = 489, 499, 509  # text baselines
FONT = 8
COMMAND_KEYS = Qualifier.AMIGA | Qualifier.CONTROL

# The game's pens in Intuition's roles: grey gadgets, a white menu strip.
DRAW_INFO = DrawInfo(
    text=P.BLACK,
    shine=P.WHITE,
    shadow=P.BLACK,
    fill=P.MENU_SELECT,
    fill_text=P.WHITE,
    background=P.MEDIUM_GREY,
    highlight=P.WHITE,
    disabled=P.DARK_GREY,
    bar_detail=P.MENU_TEXT,
    bar_block=P.MENU_BACK,
)

# The window's own keys, with Alt (emulators' habit, clear of the shortcuts).
SCALE_KEYS: dict[int, int | None] = {RawKey.N0: None, RawKey.N1: 1, RawKey.N2: 2, RawKey.N3: 3}
FULLSCREEN_KEYS = (RawKey.RETURN, RawKey.KP_ENTER)
SCREENSHOT_KEY = RawKey.S  # with Alt, as in ScummVM; Print Screen works alone
ALT_KEYS = frozenset((*SCALE_KEYS, *FULLSCREEN_KEYS, SCREENSHOT_KEY))  # the window's, with Alt
WINDOW_TEXT = "0123sS\r"
FLASH_SECONDS = 0.12
NOTE_SECONDS = 3.0  # how long a note stays in the title bar
TITLE_COLUMNS = (WIDTH - 8) // FONT  # characters the title bar shows


@dataclass
class _Note:
    """A note in the title bar: its text, until when, what it covers and how it looks."""

    text: str
    until: float
    under: npt.NDArray[np.uint8] = field(default_factory=lambda: np.zeros(0, np.uint8))
    drawn: npt.NDArray[np.uint8] = field(default_factory=lambda: np.zeros(0, np.uint8))


class QuitProgram(Exception):
    """The player closed the window or chose Quit: leave at once."""


class GameAborted(Exception):
    """The player left the game for the title screen (New, Open, Quit to title)."""


class Ui:
    """The screen plus its window and input, for every screen of the game."""

    def __init__(
        self,
        source: EventSource,
        presenter: Presenter | None = None,
        screen: Screen | None = None,
        art: Art | None = None,
    ) -> None:
        self.screen = screen or Screen(WIDTH, HEIGHT, depth=7, halfbrite=True)
        self.art: Art = art or OwnArt()  # the map, counters and colours every screen draws with
        self.rp = self.screen.rastport
        self.source = source
        self.presenter = presenter
        self.strip: MenuStrip | None = None
        self._modal = 0
        self._kept: deque[IntuiMessage] = deque()  # what the last discard left for the window
        self.title_text = ""
        self.show_title = True
        # Saves a screenshot and returns the note saying where; the program's to set.
        self.take_screenshot: Callable[[], str] | None = None
        self._note: _Note | None = None
        self.frame_hero: int | None = None
        self.frame_colour(None)
        source.urgent = self._quits

    # -- drawing --------------------------------------------------------------

    def text(self, x: int, baseline: int, text: str, pen: int, *, shadow: bool = False) -> None:
        rp = self.rp
        rp.draw_mode = DrawMode.JAM1
        if shadow:
            rp.apen = P.BLACK
            rp.move(x + 1, baseline + 1)
            rp.text(text)
        rp.apen = pen
        rp.move(x, baseline)
        rp.text(text)

    def fill(self, x0: int, y0: int, x1: int, y1: int, pen: int) -> None:
        self.rp.apen = pen
        self.rp.rect_fill(x0, y0, x1, y1)

    def box(self, x0: int, y0: int, x1: int, y1: int, *, raised: bool = True) -> None:
        """A bevelled box, light top-left and dark bottom-right when raised."""
        bevel(self.rp, Box.inclusive(x0, y0, x1, y1), DRAW_INFO, raised=raised)

    def frame_colour(self, hero: int | None) -> None:
        """Colour the screen frame for the hero whose turn it is (grey for none)."""
        self.frame_hero = hero
        for pen, shade in zip(P.BORDER, self.art.frame(hero), strict=True):
            self.screen.palette.set_rgb(pen, *shade)

    def draw_frame(self) -> None:
        """The bevelled frame round the screen, in the four frame pens."""
        for inset, pen in enumerate(P.BORDER):
            self.rp.apen = pen
            x0, y0, x1, y1 = inset, inset, WIDTH - 1 - inset, HEIGHT - 1 - inset
            self.rp.move(x0, y1)
            self.rp.draw(x0, y0)
            self.rp.draw(x1, y0)
            self.rp.draw(x1, y1)
            self.rp.draw(x0, y1)

    def draw_title_bar(self) -> None:
        """The title bar with the screen's title, or the note of the moment."""
        if self.show_title:
            self._bar(self.title_text)
        if self._note is not None:
            self._show_note(self._note)

    def _bar(self, text: str) -> None:
        self.fill(0, 0, WIDTH - 1, TITLE_HEIGHT - 2, P.MENU_BACK)
        self.fill(0, TITLE_HEIGHT - 1, WIDTH - 1, TITLE_HEIGHT - 1, P.BLACK)
        self.text(4, 8, text[:TITLE_COLUMNS], P.MENU_TEXT)

    def set_show_title(self, on: bool) -> None:
        """Show or hide the title bar (ShowTitle); hidden, the frame shows there."""
        self.show_title = on
        if on:
            self.draw_title_bar()
        else:
            self.fill(0, 0, WIDTH - 1, TITLE_HEIGHT - 1, P.BLACK)
            self.draw_frame()

    def set_title(self, text: str) -> None:
        self.title_text = text
        self.draw_title_bar()

    @property
    def showing_note(self) -> str | None:
        """The text of the note in the title bar, if one is up."""
        return self._note.text if self._note is not None else None

    def note(self, text: str) -> None:
        """A short note in the title bar for a few seconds, shown even where the
        title bar is hidden, and never in the game's message lines: what the
        window did (a screenshot saved), not what the game says.  Screens that
        redraw their title bar draw the note again until it is over."""
        self._hide_note()
        self._show_note(_Note(text, self.source.now() + NOTE_SECONDS))

    def _show_note(self, note: _Note) -> None:
        note.under = self.save_area(0, 0, WIDTH - 1, TITLE_HEIGHT - 1)
        self._bar(note.text)
        note.drawn = self.save_area(0, 0, WIDTH - 1, TITLE_HEIGHT - 1)
        self._note = note

    def _hide_note(self, *, expired_only: bool = False) -> None:
        """Put back what the note covers, unless something has been drawn over it since."""
        note = self._note
        if note is None or (expired_only and self.source.now() < note.until):
            return
        self._note = None
        if np.array_equal(self.save_area(0, 0, WIDTH - 1, TITLE_HEIGHT - 1), note.drawn):
            self.restore_area(0, 0, note.under)

    def clear(self, pen: int = P.BLACK) -> None:
        self.fill(0, 0, WIDTH - 1, HEIGHT - 1, pen)

    def flash(self) -> None:
        """DisplayBeep: the screen's colours turn over for a moment."""
        palette = self.screen.palette
        saved = palette.rgb[: palette.pens].copy()
        palette.load(255 - saved)
        self.present()
        time.sleep(FLASH_SECONDS if self.presenter is not None else 0)
        palette.load(saved)

    def rest(self, seconds: float) -> None:
        """Show the screen and take no input for a while (the original's Delay);
        what comes meanwhile waits in the port.  No time passes without a window."""
        self.present()
        time.sleep(seconds if self.presenter is not None else 0)

    # -- showing --------------------------------------------------------------

    def present(self) -> None:
        if self.presenter is not None:
            self.presenter.present()

    def save_area(self, x0: int, y0: int, x1: int, y1: int) -> npt.NDArray[np.uint8]:
        return self.screen.pixels[y0 : y1 + 1, x0 : x1 + 1].copy()

    def restore_area(self, x0: int, y0: int, saved: npt.NDArray[np.uint8]) -> None:
        h, w = saved.shape
        self.screen.pixels[y0 : y0 + h, x0 : x0 + w] = saved
        self.screen.bitmap.touch(Box.inclusive(x0, y0, x0 + w - 1, y0 + h - 1))

    # -- input ----------------------------------------------------------------

    @property
    def mouse(self) -> tuple[int, int]:
        """Where the pointer was at the last message (each message says)."""
        return self._mouse

    _mouse: tuple[int, int] = (0, 0)

    def _receive(self, timeout: float | None) -> IntuiMessage | None:
        message = self._kept.popleft() if self._kept else self.source.next_event(timeout)
        if message is not None:
            self._mouse = (message.mouse_x, message.mouse_y)
        elif timeout is None:
            raise QuitProgram  # a source that can never deliver again (a finished script)
        return message

    def set_menus(self, menus: list[Menu]) -> None:
        self.strip = MenuStrip(menus, DRAW_INFO, bar_height=TITLE_HEIGHT, width=WIDTH)

    @contextmanager
    def requester_layer(self) -> Iterator[None]:
        """While a requester is up: the screen dimmed behind it, no menus and
        no shortcuts, no ticks; afterwards the screen as it was, and the
        input that came meanwhile thrown away (as the original empties its
        window's port when one of its windows closes), so that the key or
        click that closed it answers nothing else."""
        saved = self.save_area(0, 0, WIDTH - 1, HEIGHT - 1)
        self.screen.dim(0, 0, WIDTH - 1, HEIGHT - 1)
        self._modal += 1
        try:
            with self.ticking(False):
                yield
        finally:
            self._modal -= 1
            self.restore_area(0, 0, saved)
        self.discard_pending()

    def discard_pending(self, keep: Callable[[IntuiMessage], bool] | None = None) -> int:
        """Throw away the input that has come and not been read, as the original
        empties its window's port before each question; returns how many
        messages went.

        What is the window's stays, in order, for :meth:`next_message`:
        closing it, Shift+Esc, its Alt keys and Print Screen, the menu
        shortcuts, and a press on the menu strip with all that follows it
        (the menu is being used); so does what ``keep`` wants.
        """
        pending = [*self._kept, *self.source.take_pending()]
        self._kept.clear()
        for index, message in enumerate(pending):
            if self._opens_menu(message):
                self._kept.extend(pending[index:])
                break
            if self._is_windows(message) or (keep is not None and keep(message)):
                self._kept.append(message)
        return len(pending) - len(self._kept)

    def _opens_menu(self, message: IntuiMessage) -> bool:
        """A right-button press on the title bar, where the menus are not resting."""
        return (
            self.strip is not None
            and not self._modal
            and message.idcmp == IDCMP.MOUSEBUTTONS
            and message.code == MouseCode.MENUDOWN
            and message.mouse_y < TITLE_HEIGHT
        )

    def _is_windows(self, message: IntuiMessage) -> bool:
        """Input :meth:`next_message` deals with itself, whatever the screen asks."""
        kind, qualifier = message.idcmp, message.qualifier
        if kind == IDCMP.CLOSEWINDOW:
            return True
        if kind == IDCMP.RAWKEY and not message.key_up:
            raw = message.raw_key
            return bool(
                (raw == RawKey.ESC and qualifier & Qualifier.SHIFT)
                or raw == RawKey.PRINT_SCREEN
                or (qualifier & Qualifier.ALT and raw in ALT_KEYS)
            )
        return (
            kind == IDCMP.VANILLAKEY
            and bool(qualifier & COMMAND_KEYS)
            and self.strip is not None
            and not self._modal
        )

    @contextmanager
    def ticking(self, on: bool) -> Iterator[None]:
        """IntuiTicks on or off while the block runs, as a window's IDCMP
        flags ask for them: only what times a wait or follows the pointer
        needs them, and a window waiting without them sleeps until input."""
        was = self.source.want_ticks
        self.source.want_ticks = on
        try:
            yield
        finally:
            self.source.want_ticks = was

    def _quits(self, message: IntuiMessage) -> bool:
        """Whether a message quits at once (closing the window, Shift+Esc, the
        Quit shortcut): the source lets such messages overtake the rest."""
        kind = message.idcmp
        if kind == IDCMP.CLOSEWINDOW:
            return True
        if kind == IDCMP.RAWKEY:
            shifted = message.qualifier & Qualifier.SHIFT
            return message.raw_key == RawKey.ESC and bool(shifted) and not message.key_up
        if kind != IDCMP.VANILLAKEY or not message.qualifier & COMMAND_KEYS:
            return False
        item = self.strip.shortcut(message.char) if self.strip and not self._modal else None
        return item is not None and item.key == "quit"

    def next_message(self, timeout: float | None = None) -> IntuiMessage | None:
        """The next message for the screen, after the window's own business.

        A menu pick, by the strip or a shortcut, comes back as a MENUPICK
        message, the item's key in :attr:`picked`; everything else passes
        through.
        """
        self._hide_note(expired_only=True)
        self.present()
        message = self._receive(timeout)
        if message is None:
            return None
        kind = message.idcmp
        if kind == IDCMP.CLOSEWINDOW:
            raise QuitProgram
        if kind == IDCMP.RAWKEY and not message.key_up:
            if message.raw_key == RawKey.ESC and message.qualifier & Qualifier.SHIFT:
                raise QuitProgram
            if message.raw_key == RawKey.PRINT_SCREEN:
                self._screenshot()
                return None
            if message.qualifier & Qualifier.ALT and self._window_key(message.raw_key):
                return None
        alt = message.qualifier & Qualifier.ALT
        if kind == IDCMP.VANILLAKEY and alt and message.char in WINDOW_TEXT:
            return None  # the text some hosts type for a window key
        strip = self.strip if not self._modal else None
        if (
            strip is not None
            and kind == IDCMP.MOUSEBUTTONS
            and message.code == MouseCode.MENUDOWN
            and message.mouse_y < TITLE_HEIGHT
        ):
            item = strip.track(self.rp, self._receive_any, self.present, self.mouse)
            return self._menu_pick(strip.pick(item) if item else None)
        if kind == IDCMP.VANILLAKEY and message.qualifier & COMMAND_KEYS and not self._modal:
            item = strip.shortcut(message.char) if strip else None
            return self._menu_pick(strip.pick(item) if strip and item else None)
        return message

    def _receive_any(self) -> IntuiMessage:
        message = self._receive(None)
        if message is None or message.idcmp == IDCMP.CLOSEWINDOW:
            raise QuitProgram
        return message

    picked: str = ""

    def _menu_pick(self, key: str | None) -> IntuiMessage | None:
        if not key:
            return None
        self.picked = key
        return IntuiMessage(IDCMP.MENUPICK, 0, Qualifier(0), *self.mouse)

    def _window_key(self, raw: int) -> bool:
        """Alt+1/2/3 scale the window, Alt+0 fits it, Alt+Enter toggles
        fullscreen, Alt+S saves a screenshot."""
        if raw == SCREENSHOT_KEY:
            self._screenshot()
            return True
        presenter = self.presenter
        if presenter is None or not (raw in SCALE_KEYS or raw in FULLSCREEN_KEYS):
            return False
        if raw in SCALE_KEYS:
            presenter.set_scale(SCALE_KEYS[raw])
        else:
            presenter.toggle_fullscreen()
        return True

    def _screenshot(self) -> None:
        """The screenshot key: the screen as it is, without the last note."""
        if self.take_screenshot is not None:
            self._hide_note()
            self.note(self.take_screenshot())

    def menu_item(self, key: str) -> MenuItem:
        if self.strip is None:
            raise KeyError(key)
        return self.strip.item(key)

    def enable(self, *keys: str, on: bool = True) -> None:
        """Enable or disable menu items (those this screen's menus have)."""
        if self.strip is not None:
            self.strip.enable(*keys, on=on)

    def wait_for(self, accept: Callable[[IntuiMessage], bool]) -> IntuiMessage:
        """Wait for a message the caller wants, dropping the rest."""
        while True:
            message = self.next_message(None)
            if message is not None and accept(message):
                return message
