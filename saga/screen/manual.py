"""The rulebook, read in a window that works like an AmigaGuide viewer.

The text is ours, one file per language in :mod:`saga.manual`, in the
format :mod:`saga.screen.guide` describes.  The window shows one section at
a time under a row of buttons (Contents, Back, previous and next section);
links are drawn as buttons in the text and followed with a click.

Keys: the cursor keys up and down, Page Up/Down, Home, End, Space and the
wheel scroll; left and right go to the previous and next section; Tab and
Shift+Tab pick a link and Return follows it; Backspace goes back; letters
jump to the first link, or else the first section, whose words start with
what was typed (accents aside; Latin letters also find the Greek ones a
Greek keyboard has on their keys).  Esc, Return (with no link picked) and
the right button close the window; Shift+Esc quits.  A click on the bar at the right scrolls
by a page, or drags the knob.
"""

from __future__ import annotations

import time
from importlib import resources

from amiga.display.box import Box
from amiga.input import IDCMP, IntuiMessage, MouseCode, Qualifier, RawKey
from amiga.input.keymap import greek_for, typed_as
from amiga.intuition import Button
from saga.look.text import Lookup
from saga.screen import guide as G
from saga.screen import pens as P
from saga.screen.panel import LINE_HEIGHT as P_LINE_HEIGHT
from saga.screen.panel import Panel
from saga.screen.ui import DRAW_INFO, FONT, Ui

WIDTH, HEIGHT = 624, 470
MARGIN = 8
BAR = 14  # the scroll bar's width
BUTTONS = 18  # the row of buttons at the top
TEXT_TOP = BUTTONS + 4
LINE_HEIGHT = P_LINE_HEIGHT + 1  # a pixel more than the other windows', for the links' buttons
COLUMNS = (WIDTH - 2 * MARGIN - BAR) // FONT
ROWS = (HEIGHT - TEXT_TOP - 4) // LINE_HEIGHT
TYPING_PAUSE = 1.0  # seconds after which typed letters start a new search


def manual_text(language: str | None) -> str:
    """The rulebook in a language, English when there is none in it."""
    folder = resources.files("saga.manual")
    for name in (language or "english", "english"):
        page = folder.joinpath(f"{name.lower()}.txt")
        if page.is_file():
            return page.read_text(encoding="utf-8")
    raise FileNotFoundError("saga/manual/english.txt")


class ManualWindow:
    """The open rulebook: which section, how far down, and the way back."""

    def __init__(self, ui: Ui, t: Lookup, language: str | None) -> None:
        self.t = t
        self.guide = G.parse(manual_text(language))
        self.section = 0
        self.lines: list[G.Line] = []
        self.top = 0
        self.history: list[tuple[int, int]] = []  # (section, top) to go back to
        self.picked: tuple[int, int] | None = None  # (line, span) of the picked link
        self.typed = ""
        self.typed_at = 0.0
        self.panel = Panel(ui, t("MSG_MENU_MANUAL").rstrip(".").rstrip("\u2026"), WIDTH, HEIGHT)
        panel = self.panel
        width = (WIDTH - 2 * MARGIN - 3 * 4) // 4
        self.buttons: list[Button] = []
        for n, name in enumerate(self.guide.buttons):
            left = panel.x0 + MARGIN + n * (width + 4)
            box = Box(left, panel.y0 + 2, left + width, panel.y0 + 2 + BUTTONS - 2)
            self.buttons.append(Button(box, name))
        for button in self.buttons:
            panel.window.gadgets.add(button)
        self.show(0)

    # -- where we are ------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.guide.sections[self.section].title

    @property
    def last_top(self) -> int:
        return max(0, len(self.lines) - ROWS)

    def show(self, section: int, top: int = 0, *, remember: bool = False) -> None:
        """Open a section (at a line), keeping the one left for Back if asked."""
        if remember:
            self.history.append((self.section, self.top))
        self.section = section
        self.lines = G.layout(self.guide, section, self.t, COLUMNS)
        self.top = max(0, min(top, self.last_top))
        self.picked = None
        self.draw()

    def follow(self, target: str) -> None:
        self.show(self.guide.index(target), remember=True)

    def back(self) -> None:
        if self.history:
            self.show(*self.history.pop())

    def browse(self, step: int) -> None:
        """The previous or next section, in the file's order."""
        section = self.section + step
        if 0 <= section < len(self.guide.sections):
            self.show(section, remember=True)

    def scroll_to(self, top: int) -> None:
        top = max(0, min(top, self.last_top))
        if top != self.top:
            self.top = top
            if self.picked is not None and not self.top <= self.picked[0] < self.top + ROWS:
                self.picked = None
            self.draw()

    def links(self) -> list[tuple[int, int]]:
        """Every link in the section, as (line, span), in reading order."""
        return [
            (row, n)
            for row, line in enumerate(self.lines)
            for n, span in enumerate(line)
            if span.is_link
        ]

    def pick(self, link: tuple[int, int]) -> None:
        self.picked = link
        row = link[0]
        if not self.top <= row < self.top + ROWS:
            self.top = max(0, min(row - ROWS // 2, self.last_top))
        self.draw()

    def pick_next(self, step: int) -> None:
        """Tab: the next link (Shift+Tab the one before), from the one picked
        or from the top of the window."""
        links = self.links()
        if not links:
            return
        if self.picked in links:
            at = links.index(self.picked) + step
        else:
            shown = [n for n, (row, _) in enumerate(links) if row >= self.top]
            at = shown[0] if shown and step > 0 else (len(links) - 1 if step < 0 else 0)
        self.pick(links[at % len(links)])

    def search(self, char: str) -> None:
        """Typed letters: the first link, else the first section, that
        starts with them, or else has a word that does (a pause starts a
        new search)."""
        now = time.monotonic()
        if now - self.typed_at > TYPING_PAUSE:
            self.typed = ""
        self.typed_at = now
        self.typed += typed_as(char)
        # Typed on a keyboard without Greek letters, the letters a Greek
        # keyboard has on the same keys are looked for too.
        for typed in dict.fromkeys((self.typed, typed_as(_greek_places(self.typed)))):
            if self._find(typed):
                return

    def _find(self, typed: str) -> bool:
        """Pick the first link, else show the first section, that ``typed`` starts."""

        def whole(text: str) -> bool:
            return typed_as(text).startswith(typed)

        def word(text: str) -> bool:
            return any(w.startswith(typed) for w in typed_as(text).split())

        for starts in (whole, word):
            for row, n in self.links():
                if starts(self.lines[row][n].text.strip()):
                    self.pick((row, n))
                    return True
            for number, section in enumerate(self.guide.sections):
                if starts(section.title):
                    if number != self.section:
                        self.show(number, remember=True)
                    return True
        return False

    # -- drawing -----------------------------------------------------------------

    def draw(self) -> None:
        panel = self.panel
        panel.clear()
        ui = panel.ui
        self.buttons[1].enabled = bool(self.history)
        self.buttons[2].enabled = self.section > 0
        self.buttons[3].enabled = self.section < len(self.guide.sections) - 1
        self.draw_buttons()
        for row, line in enumerate(self.lines[self.top : self.top + ROWS]):
            x = MARGIN
            baseline = TEXT_TOP + 9 + row * LINE_HEIGHT
            for n, span in enumerate(line):
                if span.is_link:
                    picked = self.picked == (self.top + row, n)
                    self._link(x, baseline, span.text, picked)
                elif span.style in (G.HEADING, G.TABLE_HEAD):
                    panel.text(x, baseline, span.text, P.GOLD, bold=span.style == G.HEADING)
                else:
                    panel.text(x, baseline, span.text, P.WHITE)
                x += len(span.text) * FONT
        x0, x1 = WIDTH - BAR, WIDTH - 2
        panel.fill(x0, TEXT_TOP, x1, HEIGHT - 2, P.MEDIUM_GREY)
        knob_top, knob_bottom = self.knob()
        panel.fill(x0 + 2, knob_top, x1 - 2, knob_bottom, P.LIGHT_GREY)
        ui.box(panel.x0 + x0 + 2, panel.y0 + knob_top, panel.x0 + x1 - 2, panel.y0 + knob_bottom)

    def draw_buttons(self) -> None:
        for button in self.buttons:
            button.draw(self.panel.ui.rp, DRAW_INFO)

    def _link(self, x: int, baseline: int, text: str, picked: bool) -> None:
        """A link as AmigaGuide draws one: a small raised button round its
        words, light when picked."""
        panel = self.panel
        lead = len(text) - len(text.lstrip())
        word = text.strip()
        left = x + lead * FONT - 1
        right = left + len(word) * FONT + 1
        top, bottom = baseline - 7, baseline + 2
        panel.fill(left, top, right, bottom, P.WHITE if picked else P.MEDIUM_GREY)
        panel.ui.box(panel.x0 + left, panel.y0 + top, panel.x0 + right, panel.y0 + bottom)
        panel.text(left + 1, baseline, word, P.BLACK, shadow=False)

    def knob(self) -> tuple[int, int]:
        """The knob's top and bottom in the bar, in proportion to what shows."""
        track = HEIGHT - TEXT_TOP - 6
        total = max(len(self.lines), ROWS)
        size = max(8, track * ROWS // total)
        top = TEXT_TOP + 2 + (track - size) * self.top // max(1, self.last_top)
        return top, top + size - 1

    # -- input ---------------------------------------------------------------------

    def run(self) -> None:
        ui = self.panel.ui
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
                if m.raw_key in closing and not self._follow_picked(m.raw_key):
                    pressed.add(m.raw_key)
                else:
                    self._key(m)
            elif m.idcmp == IDCMP.VANILLAKEY:
                if m.char.isalnum():
                    self.search(m.char)
            elif m.idcmp == IDCMP.MOUSEBUTTONS:
                if m.code in (MouseCode.MENUDOWN, MouseCode.MIDDLEDOWN):
                    break
                self._mouse(m)
        self.panel.close()

    def _follow_picked(self, raw_key: int) -> bool:
        """Return on a picked link follows it (and does not close)."""
        if raw_key == RawKey.ESC or self.picked is None:
            return False
        row, n = self.picked
        target = self.lines[row][n].target
        if target is None:
            return False
        self.follow(target)
        return True

    def _key(self, m: IntuiMessage) -> None:
        raw = m.raw_key
        steps: dict[int, int] = {
            RawKey.UP: -1,
            RawKey.DOWN: 1,
            RawKey.WHEEL_UP: -3,
            RawKey.WHEEL_DOWN: 3,
            RawKey.PAGE_UP: -ROWS + 1,
            RawKey.PAGE_DOWN: ROWS - 1,
            RawKey.SPACE: ROWS - 1,
            RawKey.HOME: -len(self.lines),
            RawKey.END: len(self.lines),
        }
        step = steps.get(raw)
        if step is not None:
            if raw in (RawKey.UP, RawKey.DOWN) and m.qualifier & Qualifier.SHIFT:
                step *= ROWS - 1  # Shift+cursor: a page, as in MultiView
            self.scroll_to(self.top + step)
        elif raw == RawKey.LEFT:
            self.browse(-1)
        elif raw == RawKey.RIGHT:
            self.browse(1)
        elif raw == RawKey.BACKSPACE:
            self.back()
        elif raw == RawKey.TAB:
            self.pick_next(-1 if m.qualifier & Qualifier.SHIFT else 1)

    def _mouse(self, m: IntuiMessage) -> None:
        window = self.panel.window
        held = window.gadgets.active
        chosen = window.handle(m)
        if held is not None or window.gadgets.active is not None:
            self.draw_buttons()  # pushed in while held, out when let go
        if chosen is not None:
            self._button(self.buttons.index(chosen))  # type: ignore[arg-type]
            return
        if m.code != MouseCode.SELECTDOWN:
            return
        panel = self.panel
        x, y = m.mouse_x - panel.x0, m.mouse_y - panel.y0
        if WIDTH - BAR <= x < WIDTH and TEXT_TOP <= y < HEIGHT:
            self._bar(y)
            return
        target = self.link_at(x, y)
        if target is not None:
            self.follow(target)

    def _button(self, number: int) -> None:
        if number == 0:
            if self.section != 0:
                self.show(0, remember=True)
        elif number == 1:
            self.back()
        else:
            self.browse(-1 if number == 2 else 1)

    def link_at(self, x: int, y: int) -> str | None:
        """The section a link at (x, y) in the window leads to, if there is one."""
        row = (y - TEXT_TOP - 2) // LINE_HEIGHT
        if not 0 <= row < ROWS or self.top + row >= len(self.lines):
            return None
        at = MARGIN
        for span in self.lines[self.top + row]:
            end = at + len(span.text) * FONT
            if at <= x < end and span.is_link:
                return span.target
            at = end
        return None

    def _bar(self, y: int) -> None:
        """A click on the scroll bar scrolls by a page, or drags the knob."""
        top, bottom = self.knob()
        if y < top:
            self.scroll_to(self.top - ROWS + 1)
        elif y > bottom:
            self.scroll_to(self.top + ROWS - 1)
        else:
            self._drag(y - top)

    def _drag(self, grip: int) -> None:
        ui = self.panel.ui
        track = HEIGHT - TEXT_TOP - 6
        size = self.knob()[1] - self.knob()[0] + 1
        while True:
            m = ui.next_message(None)
            if m is None:
                continue
            if m.idcmp == IDCMP.MOUSEBUTTONS and m.code == MouseCode.SELECTUP:
                return
            if m.idcmp in (IDCMP.MOUSEMOVE, IDCMP.INTUITICKS):
                offset = m.mouse_y - self.panel.y0 - grip - TEXT_TOP - 2
                room = max(1, track - size)
                self.scroll_to(round(offset * self.last_top / room))


def manual_window(ui: Ui, t: Lookup, language: str | None = None) -> ManualWindow:
    """Read the rulebook in the catalog's language (the text's, if not given)."""
    window = ManualWindow(ui, t, language or getattr(t, "language", None))
    window.run()
    return window


def _greek_places(typed: str) -> str:
    """Latin letters as the Greek letters on their keys of a Greek keyboard ("kan": "καν")."""
    return "".join(greek_for(char) or char for char in typed)
