"""The manual, read in a window that scrolls like an AmigaGuide viewer.

The text is ours, one file per language in :mod:`saga.manual`: ``# `` starts
a heading, ``- `` an item of a list, a blank line a new paragraph.  It is
wrapped to the window when shown.  The cursor keys, Page Up/Down, Home,
End, Space, Backspace and the wheel scroll; a click on the bar at the right
scrolls by a page, or drags the knob; Esc, Return, a click in the text or
the right button close the window; Shift+Esc quits.
"""

from __future__ import annotations

import textwrap
from importlib import resources

from amiga.input import IDCMP, MouseCode, Qualifier, RawKey
from saga.screen import pens as P
from saga.screen.panel import LINE, Panel
from saga.screen.ui import FONT, Ui
from saga.text import Lookup

WIDTH, HEIGHT = 600, 420
MARGIN = 8
BAR = 14  # the scroll bar's width
COLUMNS = (WIDTH - 2 * MARGIN - BAR) // FONT
ROWS = (HEIGHT - 6) // LINE
Line = tuple[str, bool]  # text, heading


def manual_text(language: str | None) -> str:
    """The manual in a language, English when there is none in it."""
    folder = resources.files("saga.manual")
    for name in (language or "english", "english"):
        page = folder.joinpath(f"{name.lower()}.txt")
        if page.is_file():
            return page.read_text(encoding="utf-8")
    raise FileNotFoundError("saga/manual/english.txt")


def wrap(text: str, columns: int = COLUMNS) -> list[Line]:
    """Paragraphs and list items wrapped to the window, headings kept whole;
    a blank line before each heading, paragraph and list (not under a heading)."""
    lines: list[Line] = []
    previous = ""
    for block in _blocks(text):
        kind = block[:2] if block.startswith(("# ", "- ")) else "p"
        if lines and previous != "# " and (kind != "- " or previous != "- "):
            lines.append(("", False))
        previous = kind
        if kind == "# ":
            lines.append((block[2:], True))
            continue
        first, rest = ("- ", "  ") if kind == "- " else ("", "")
        body = textwrap.wrap(
            block[len(first) :],
            columns,
            initial_indent=first,
            subsequent_indent=rest,
            break_long_words=False,
            break_on_hyphens=False,
        )
        lines += [(line, False) for line in body or [first.rstrip()]]
    return lines


def _blocks(text: str) -> list[str]:
    """Headings, list items and paragraphs, each joined into one line."""
    blocks: list[str] = []
    current: list[str] = []
    for raw in [*text.splitlines(), ""]:
        line = raw.strip()
        starts = line.startswith(("# ", "- "))
        if (not line or starts) and current:
            blocks.append(" ".join(current))
            current = []
        if line.startswith("# "):
            blocks.append(line)
        elif line:
            current.append(line)
    return blocks


class ManualWindow:
    """The open manual and how far down it is scrolled."""

    def __init__(self, ui: Ui, t: Lookup, language: str | None) -> None:
        self.lines = wrap(manual_text(language))
        self.top = 0
        self.panel = Panel(ui, t("MSG_MENU_MANUAL").rstrip(".").rstrip("\u2026"), WIDTH, HEIGHT)
        self.draw()

    @property
    def last_top(self) -> int:
        return max(0, len(self.lines) - ROWS)

    def scroll_to(self, top: int) -> None:
        top = max(0, min(top, self.last_top))
        if top != self.top:
            self.top = top
            self.draw()

    def draw(self) -> None:
        panel = self.panel
        panel.clear()
        for row, (text, heading) in enumerate(self.lines[self.top : self.top + ROWS]):
            panel.text(MARGIN, 11 + row * LINE, text, P.GOLD if heading else P.WHITE, bold=heading)
        x0, x1 = WIDTH - BAR, WIDTH - 2
        panel.fill(x0, 1, x1, HEIGHT - 2, P.MEDIUM_GREY)
        knob_top, knob_bottom = self.knob()
        panel.fill(x0 + 2, knob_top, x1 - 2, knob_bottom, P.LIGHT_GREY)
        panel.ui.box(
            panel.x0 + x0 + 2, panel.y0 + knob_top, panel.x0 + x1 - 2, panel.y0 + knob_bottom
        )

    def knob(self) -> tuple[int, int]:
        """The knob's top and bottom in the bar, in proportion to what shows."""
        track = HEIGHT - 6
        total = max(len(self.lines), ROWS)
        size = max(8, track * ROWS // total)
        top = 3 + (track - size) * self.top // max(1, self.last_top)
        return top, top + size - 1

    def run(self) -> None:
        ui = self.panel.ui
        keys: dict[int, int] = {
            RawKey.UP: -1,
            RawKey.DOWN: 1,
            RawKey.WHEEL_UP: -3,
            RawKey.WHEEL_DOWN: 3,
            RawKey.PAGE_UP: -ROWS + 1,
            RawKey.PAGE_DOWN: ROWS - 1,
            RawKey.SPACE: ROWS - 1,
            RawKey.BACKSPACE: -ROWS + 1,
            RawKey.HOME: -len(self.lines),
            RawKey.END: len(self.lines),
        }
        closing = {RawKey.ESC, RawKey.RETURN, RawKey.KP_ENTER}
        # A closing key closes as it goes up, so the question behind never sees its character.
        pressed: set[int] = set()
        while True:
            m = ui.next_message(None)
            if m is None:
                continue
            if m.idcmp == IDCMP.RAWKEY and m.key_up:
                if m.raw_key in pressed:
                    break
            elif m.idcmp == IDCMP.RAWKEY:
                if m.raw_key in closing:
                    pressed.add(m.raw_key)
                step = keys.get(m.raw_key)
                if step is not None:
                    if m.raw_key in (RawKey.UP, RawKey.DOWN) and m.qualifier & Qualifier.SHIFT:
                        step *= ROWS - 1  # Shift+cursor: a page, as in MultiView
                    self.scroll_to(self.top + step)
            elif m.idcmp == IDCMP.MOUSEBUTTONS:
                if m.code in (MouseCode.MENUDOWN, MouseCode.MIDDLEDOWN):
                    break
                if m.code == MouseCode.SELECTDOWN and not self._click(m.mouse_x, m.mouse_y):
                    break
        self.panel.close()

    def _click(self, x: int, y: int) -> bool:
        """A click on the scroll bar scrolls (or drags); False anywhere else."""
        panel = self.panel
        bx, by = x - panel.x0, y - panel.y0
        if not (WIDTH - BAR <= bx < WIDTH and 0 <= by < HEIGHT):
            return False
        top, bottom = self.knob()
        if by < top:
            self.scroll_to(self.top - ROWS + 1)
        elif by > bottom:
            self.scroll_to(self.top + ROWS - 1)
        else:
            self._drag(by - top)
        return True

    def _drag(self, grip: int) -> None:
        ui = self.panel.ui
        track = HEIGHT - 6
        size = self.knob()[1] - self.knob()[0] + 1
        while True:
            m = ui.next_message(None)
            if m is None:
                continue
            if m.idcmp == IDCMP.MOUSEBUTTONS and m.code == MouseCode.SELECTUP:
                return
            if m.idcmp in (IDCMP.MOUSEMOVE, IDCMP.INTUITICKS):
                offset = m.mouse_y - self.panel.y0 - grip - 3
                room = max(1, track - size)
                self.scroll_to(round(offset * self.last_top / room))


def manual_window(ui: Ui, t: Lookup, language: str | None = None) -> ManualWindow:
    """Read the manual in the catalog's language (the text's, if not given)."""
    window = ManualWindow(ui, t, language or getattr(t, "language", None))
    window.run()
    return window
