"""A window over the map for the Help screens: information, summary, pages.

Like the Amiga original's sub-windows it opens centred on the screen with a
title bar, shows white text with a black shadow and small counters, and
closes at the next key or mouse button; Shift+Esc quits Saga at once.  The
screen behind is dimmed while it is open and comes back as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from amiga.display import Image
from amiga.input import IDCMP, IntuiMessage, MouseCode, Qualifier, RawKey
from saga.art import COUNTER_SIZE
from saga.screen import pens as P
from saga.screen.ui import FONT, HEIGHT, WIDTH, QuitProgram, Ui

LINE = 10  # pixels from one text line to the next
TITLE_BAR = 11
BORDER = 4  # the frame's width at the sides and the bottom
# Keys that close no window: the qualifiers, and the wheel (a key on the Amiga).
_IGNORED_KEYS = frozenset((*range(RawKey.LSHIFT, RawKey.RAMIGA + 1), RawKey.WHEEL_UP,
                           RawKey.WHEEL_DOWN))
_BUTTONS = (MouseCode.SELECTDOWN, MouseCode.MIDDLEDOWN, MouseCode.MENUDOWN)


def text_width(text: str) -> int:
    return len(text) * FONT


class Panel:
    """One open window: draw into its inner area with window coordinates.

    Every text line drawn is kept in :attr:`lines` as (x, baseline, text),
    in inner coordinates, so tests can read a window as a player would.
    """

    def __init__(self, ui: Ui, title: str, width: int, height: int) -> None:
        self.ui = ui
        self.title = title
        self.width = min(width, WIDTH - 2 * BORDER)
        self.height = min(height, HEIGHT - TITLE_BAR - BORDER)
        outer_w = self.width + 2 * BORDER
        outer_h = self.height + TITLE_BAR + BORDER
        self.left = (WIDTH - outer_w) // 2
        self.top = (HEIGHT - outer_h) // 2
        self.box = (self.left, self.top, self.left + outer_w - 1, self.top + outer_h - 1)
        self.x0 = self.left + BORDER  # the inner area's corner
        self.y0 = self.top + TITLE_BAR
        self.lines: list[tuple[int, int, str]] = []
        self._saved = ui.save_area(0, 0, WIDTH - 1, HEIGHT - 1)
        self._draw_frame()

    def _draw_frame(self) -> None:
        ui = self.ui
        x0, y0, x1, y1 = self.box
        ui.screen.dim(0, 0, WIDTH - 1, HEIGHT - 1)
        ui.fill(x0, y0, x1, y1, P.MEDIUM_GREY)
        ui.box(x0, y0, x1, y1)
        ui.fill(x0 + 1, y0 + 1, x1 - 1, y0 + TITLE_BAR - 2, P.MENU_BACK)
        ui.text(x0 + 6, y0 + 8, self.title, P.MENU_TEXT)
        self.clear()

    def clear(self) -> None:
        """Blank the inner area (for windows that scroll)."""
        x1, y1 = self.x0 + self.width - 1, self.y0 + self.height - 1
        self.ui.fill(self.x0, self.y0, x1, y1, P.DARK_GREY)
        self.ui.box(self.x0 - 1, self.y0 - 1, x1 + 1, y1 + 1, raised=False)
        self.lines = []

    # -- drawing, in inner coordinates --------------------------------------

    def text(self, x: int, baseline: int, text: str, pen: int = P.WHITE, *,
             bold: bool = False) -> None:
        """Shadowed text, cut at the inner area's right edge."""
        room = (self.width - x - (1 if bold else 0) - 1) // FONT
        text = text[: max(0, room)]
        if not text:
            return
        self.lines.append((x, baseline, text))
        ui = self.ui
        ui.text(self.x0 + x, self.y0 + baseline, text, pen, shadow=True)
        if bold:  # the Amiga's algorithmic bold: the same text a pixel right
            ui.text(self.x0 + x + 1, self.y0 + baseline, text, pen)

    def counter(self, x: int, y: int, image: Image) -> None:
        """A counter with a shadow on its right and bottom edges."""
        self.ui.rp.blit(image, self.x0 + x, self.y0 + y)
        self.line(x + COUNTER_SIZE, y + 1, x + COUNTER_SIZE, y + COUNTER_SIZE, P.BLACK)
        self.line(x + 1, y + COUNTER_SIZE, x + COUNTER_SIZE, y + COUNTER_SIZE, P.BLACK)

    def line(self, x0: int, y0: int, x1: int, y1: int, pen: int) -> None:
        rp = self.ui.rp
        rp.apen = pen
        rp.move(self.x0 + x0, self.y0 + y0)
        rp.draw(self.x0 + x1, self.y0 + y1)

    def fill(self, x0: int, y0: int, x1: int, y1: int, pen: int) -> None:
        self.ui.fill(self.x0 + x0, self.y0 + y0, self.x0 + x1, self.y0 + y1, pen)

    # -- showing --------------------------------------------------------------

    def close(self) -> None:
        self.ui.restore_area(0, 0, self._saved)

    def wait(self) -> None:
        """Until any key or mouse button, then close."""
        pressed: set[int] = set()
        with no_menus(self.ui):
            while next_input(self.ui, pressed) is None:
                pass
        self.close()


@contextmanager
def no_menus(ui: Ui) -> Iterator[None]:
    """Keep the menu strip shut while a window is open, as on the Amiga."""
    menus, ui.menus = ui.menus, []
    try:
        yield
    finally:
        ui.menus = menus


def next_input(ui: Ui, pressed: set[int]) -> IntuiMessage | None:
    """The next button press or whole key stroke; None for anything else.

    A key counts when it is let go, so its character never reaches the
    question behind the window; ``pressed`` holds the keys gone down since
    the window opened (one opened by Help must not close as Help goes up).
    Shift+Esc quits at once.
    """
    message = ui.next_message(None)
    if message is None:
        return None
    if message.idcmp == IDCMP.MOUSEBUTTONS:
        return message if message.code in _BUTTONS else None
    if message.idcmp != IDCMP.RAWKEY or message.raw_key in _IGNORED_KEYS:
        return None
    if not message.key_up:
        if message.raw_key == RawKey.ESC and message.qualifier & Qualifier.SHIFT:
            raise QuitProgram
        pressed.add(message.raw_key)
        return None
    if message.raw_key in pressed:
        pressed.discard(message.raw_key)
        return message
    return None

