"""A window over the map for the Help screens: information, summary, pages.

Like the Amiga original's sub-windows it opens centred on the screen with a
title bar, shows white text with a black shadow and small counters, and
closes at the next key or mouse button; Shift+Esc quits Saga at once.  The
screen behind is dimmed while it is open and comes back as it was; the
menus rest meanwhile, as under any requester.
"""

from __future__ import annotations

from contextlib import ExitStack

from amiga.display import Image
from amiga.input import IDCMP, IntuiMessage, MouseCode, RawKey
from amiga.intuition.window import TITLE_HEIGHT, Window
from saga.art import COUNTER_SIZE
from saga.screen import pens as P
from saga.screen.ui import FONT, HEIGHT, WIDTH, Ui
from saga.screen.windows import INFO_LOOK, SCREEN

LINE_HEIGHT = 10  # pixels from one text line to the next
# Keys that close no window: the qualifiers, and the wheel (a key on the Amiga).
_IGNORED_KEYS = frozenset(
    (*range(RawKey.LSHIFT, RawKey.RAMIGA + 1), RawKey.WHEEL_UP, RawKey.WHEEL_DOWN)
)
_BUTTONS = (MouseCode.SELECTDOWN, MouseCode.MIDDLEDOWN, MouseCode.MENUDOWN)
# The room an Intuition window takes around its inner area.
_SIDES, _BOTTOM = 4, 2
_TOP = TITLE_HEIGHT + 2


def text_width(text: str) -> int:
    return len(text) * FONT


class Panel:
    """One open window: draw into its inner area with window coordinates.

    The window is an Intuition window in the requesters' look, opened in the
    screen's requester layer (dimmed behind, no menus or shortcuts) until
    :meth:`close`.  Every text line drawn is kept in :attr:`lines` as
    (x, baseline, text), in inner coordinates, so tests can read a window as
    a player would.
    """

    def __init__(self, ui: Ui, title: str, width: int, height: int) -> None:
        self.ui = ui
        self.title = title
        self.width = min(width, WIDTH - 2 * _SIDES)
        self.height = min(height, HEIGHT - _TOP - _BOTTOM)
        self.window = Window.centred(
            self.width + 2 * _SIDES, self.height + _TOP + _BOTTOM, SCREEN, title, INFO_LOOK
        )
        inner = self.window.inner
        self.x0, self.y0 = inner.left, inner.top  # the inner area's corner
        self.lines: list[tuple[int, int, str]] = []
        self._layer = ExitStack()
        self._layer.enter_context(ui.requester_layer())
        self.window.draw(ui.rp)
        self.clear()

    def clear(self) -> None:
        """Blank the inner area (for windows that scroll)."""
        x1, y1 = self.x0 + self.width - 1, self.y0 + self.height - 1
        self.ui.fill(self.x0, self.y0, x1, y1, P.DARK_GREY)
        self.ui.box(self.x0 - 1, self.y0 - 1, x1 + 1, y1 + 1, raised=False)
        self.lines = []

    # -- drawing, in inner coordinates --------------------------------------

    def text(
        self,
        x: int,
        baseline: int,
        text: str,
        pen: int = P.WHITE,
        *,
        bold: bool = False,
        shadow: bool = True,
    ) -> None:
        """Text (shadowed unless told), cut at the inner area's right edge."""
        room = (self.width - x - (1 if bold else 0) - 1) // FONT
        text = text[: max(0, room)]
        if not text:
            return
        self.lines.append((x, baseline, text))
        ui = self.ui
        ui.text(self.x0 + x, self.y0 + baseline, text, pen, shadow=shadow)
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
        self._layer.close()

    def wait(self) -> None:
        """Until any key or mouse button, then close."""
        pressed: set[int] = set()
        while next_input(self.ui, pressed) is None:
            pass
        self.close()


def next_input(ui: Ui, pressed: set[int]) -> IntuiMessage | None:
    """The next button press or whole key stroke; None for anything else.

    A key counts when it is let go, so its character never reaches the
    question behind the window; ``pressed`` holds the keys gone down since
    the window opened (one opened by Help must not close as Help goes up).
    (Shift+Esc has already quit, in :meth:`Ui.next_message`.)
    """
    message = ui.next_message(None)
    if message is None:
        return None
    if message.idcmp == IDCMP.MOUSEBUTTONS:
        return message if message.code in _BUTTONS else None
    if message.idcmp != IDCMP.RAWKEY or message.raw_key in _IGNORED_KEYS:
        return None
    if not message.key_up:
        pressed.add(message.raw_key)
        return None
    if message.raw_key in pressed:
        pressed.discard(message.raw_key)
        return message
    return None
