"""The screen, the pointer and the keyboard, as the game's screens share them.

One :class:`Ui` owns the emulated screen, shows it in a window (or not, in
tests), and hands out input messages after dealing with the things every
screen does the same way: the menu strip under the right button in the
title bar, window scaling and fullscreen, and closing the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from amiga.display import Screen
from amiga.display.box import Box
from amiga.display.rastport import DrawMode
from amiga.input import IDCMP, EventSource, IntuiMessage, MouseCode, Qualifier
from saga.screen import pens as P

WIDTH, HEIGHT = 640, 512
TITLE_HEIGHT = 11  # the screen's title bar, where the menus live
MESSAGE_TOP = 481  # the message area: two lines of text and the button hint
UPPER_Y, LOWER_Y, LOWER_Y2 = 489, 499, 509  # text baselines
FONT = 8
COMMAND_KEYS = Qualifier.LCOMMAND | Qualifier.RCOMMAND | Qualifier.CONTROL


class QuitProgram(Exception):
    """The player closed the window or chose Quit: leave at once."""


class GameAborted(Exception):
    """The player left the game for the title screen (New, Open, Quit to title)."""


@dataclass
class MenuItem:
    key: str  # what the program calls it
    label: str
    shortcut: str = ""  # the Right-Amiga key (Ctrl on a PC keyboard)
    enabled: bool = True
    checked: bool | None = None  # None: not a check item


@dataclass
class Menu:
    label: str
    items: list[MenuItem] = field(default_factory=list)


class Ui:
    """The screen plus its window and input, for every screen of the game."""

    def __init__(
        self,
        source: EventSource,
        presenter: object | None = None,
        screen: Screen | None = None,
    ) -> None:
        self.screen = screen or Screen(WIDTH, HEIGHT, depth=7, halfbrite=True)
        self.rp = self.screen.rastport
        self.source = source
        self.presenter = presenter
        self.menus: list[Menu] = []
        self.title_text = ""
        self.show_title = True
        self.frame_colour(None)

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
        light, dark = (P.WHITE, P.BLACK) if raised else (P.BLACK, P.WHITE)
        rp = self.rp
        rp.apen = light
        rp.move(x0, y1)
        rp.draw(x0, y0)
        rp.draw(x1, y0)
        rp.apen = dark
        rp.draw(x1, y1)
        rp.draw(x0, y1)

    def frame_colour(self, hero: int | None) -> None:
        """Colour the screen frame for the hero whose turn it is (grey for none)."""
        colour = P.NEUTRAL_FRAME if hero is None else P.HERO_COLOURS[hero]
        for pen, shade in zip(P.BORDER, P.frame_shades(colour), strict=True):
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
        if not self.show_title:
            return
        self.fill(0, 0, WIDTH - 1, TITLE_HEIGHT - 2, P.MENU_BACK)
        self.fill(0, TITLE_HEIGHT - 1, WIDTH - 1, TITLE_HEIGHT - 1, P.BLACK)
        self.text(4, 8, self.title_text, P.MENU_TEXT)

    def set_title(self, text: str) -> None:
        self.title_text = text
        self.draw_title_bar()

    def clear(self, pen: int = P.BLACK) -> None:
        self.fill(0, 0, WIDTH - 1, HEIGHT - 1, pen)

    # -- showing --------------------------------------------------------------

    def present(self) -> None:
        if self.presenter is not None:
            self.presenter.present()

    def save_area(self, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
        return self.screen.pixels[y0 : y1 + 1, x0 : x1 + 1].copy()

    def restore_area(self, x0: int, y0: int, saved: np.ndarray) -> None:
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
        message = self.source.next_event(timeout)
        if message is not None:
            self._mouse = (message.mouse_x, message.mouse_y)
        elif timeout is None:
            raise QuitProgram  # a source that can never deliver again (a finished script)
        return message

    def next_message(self, timeout: float | None = None) -> IntuiMessage | None:
        """The next message for the screen, after the window's own business.

        Returns ("menu", item key) picks as MENUPICK messages whose code is the
        index of the item in :attr:`picked`; everything else passes through.
        """
        self.present()
        message = self._receive(timeout)
        if message is None:
            return None
        kind = message.idcmp
        if kind == IDCMP.CLOSEWINDOW:
            raise QuitProgram
        if (
            kind == IDCMP.MOUSEBUTTONS
            and message.code == MouseCode.MENUDOWN
            and message.mouse_y < TITLE_HEIGHT
            and self.menus
        ):
            return self._menu_pick(self._run_menus())
        if kind == IDCMP.VANILLAKEY and message.qualifier & COMMAND_KEYS:
            pick = self._shortcut(message.char)
            if pick:
                return self._menu_pick(pick)
            if self._window_key(message.char):
                return None
        return message

    picked: str = ""

    def _menu_pick(self, key: str | None) -> IntuiMessage | None:
        if not key:
            return None
        self.picked = key
        return IntuiMessage(IDCMP.MENUPICK, 0, Qualifier(0), *self.mouse)

    def _window_key(self, char: str) -> bool:
        """Ctrl+1/2/3 scale the window, Ctrl+0 fits it, Ctrl+F toggles fullscreen."""
        presenter = self.presenter
        if presenter is None:
            return False
        if char in "0123":
            presenter.set_scale(int(char) or None)
        elif char.upper() == "F":
            presenter.toggle_fullscreen()
        else:
            return False
        return True

    def _shortcut(self, char: str) -> str | None:
        for menu in self.menus:
            for item in menu.items:
                if item.enabled and item.shortcut and item.shortcut.upper() == char.upper():
                    if item.checked is not None:
                        item.checked = not item.checked
                    return item.key
        return None

    # -- the menu strip -----------------------------------------------------

    def _run_menus(self) -> str | None:
        """Show the menus while the right button is held; return the item let go on."""
        saved = self.save_area(0, 0, WIDTH - 1, HEIGHT - 1)
        titles = []
        x = 6
        for menu in self.menus:
            width = (len(menu.label) + 2) * FONT
            titles.append((x, x + width - 1, menu))
            x += width
        choice: MenuItem | None = None
        while True:
            self.restore_area(0, 0, saved)
            mx, my = self.mouse
            self.fill(0, 0, WIDTH - 1, TITLE_HEIGHT - 2, P.MENU_BACK)
            self.fill(0, TITLE_HEIGHT - 1, WIDTH - 1, TITLE_HEIGHT - 1, P.BLACK)
            open_menu = None
            choice = None
            for x0, x1, menu in titles:
                self.text(x0 + FONT, 8, menu.label, P.MENU_TEXT)
                if x0 <= mx <= x1 and my < TITLE_HEIGHT:
                    open_menu = (x0, menu)
            if open_menu is None and self._last_open is not None:
                x0, menu = self._last_open
                if self._menu_box(x0, menu)[0] <= mx <= self._menu_box(x0, menu)[2]:
                    open_menu = self._last_open
            if open_menu is not None:
                self._last_open = open_menu
                choice = self._draw_menu(*open_menu, mx, my)
            self.present()
            message = self._receive(None)
            if message.idcmp == IDCMP.MOUSEBUTTONS and message.code == MouseCode.MENUUP:
                break
            if message.idcmp == IDCMP.CLOSEWINDOW:
                raise QuitProgram
        self._last_open = None
        self.restore_area(0, 0, saved)
        if choice is None or not choice.enabled:
            return None
        if choice.checked is not None:
            choice.checked = not choice.checked
        return choice.key

    _last_open: tuple[int, Menu] | None = None

    def _menu_box(self, x0: int, menu: Menu) -> tuple[int, int, int, int]:
        width = max((len(i.label) + 6) * FONT for i in menu.items) + 8
        return x0, TITLE_HEIGHT, x0 + width, TITLE_HEIGHT + 4 + 10 * len(menu.items)

    def _draw_menu(self, x0: int, menu: Menu, mx: int, my: int) -> MenuItem | None:
        bx0, by0, bx1, by1 = self._menu_box(x0, menu)
        self.fill(bx0, by0, bx1, by1, P.MENU_BACK)
        self.box(bx0, by0, bx1, by1)
        choice = None
        for row, item in enumerate(menu.items):
            y = by0 + 2 + 10 * row
            over = bx0 < mx < bx1 and y <= my < y + 10
            if over:
                choice = item
                if item.enabled:
                    self.fill(bx0 + 1, y, bx1 - 1, y + 9, P.MENU_SELECT)
            pen = P.MENU_TEXT if item.enabled else P.MEDIUM_GREY
            if over and item.enabled:
                pen = P.WHITE
            mark = "*" if item.checked else " "
            self.text(bx0 + 4, y + 8, f"{mark} {item.label}", pen)
            if item.shortcut:
                self.text(bx1 - 3 * FONT, y + 8, f"^{item.shortcut}", pen)
        return choice

    def menu_item(self, key: str) -> MenuItem:
        for menu in self.menus:
            for item in menu.items:
                if item.key == key:
                    return item
        raise KeyError(key)

    def enable(self, *keys: str, on: bool = True) -> None:
        """Enable or disable menu items (those this screen's menus have)."""
        for menu in self.menus:
            for item in menu.items:
                if item.key in keys:
                    item.enabled = on

    def wait_for(self, accept: Callable[[IntuiMessage], bool]) -> IntuiMessage:
        """Wait for a message the caller wants, dropping the rest."""
        while True:
            message = self.next_message(None)
            if message is not None and accept(message):
                return message
