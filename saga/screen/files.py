"""The file requester for opening and saving games, after the ASL one the original uses.

A list of the drawer's saved games and drawers (a drawer opens with a
click, the parent entry goes up), scrolled by the mouse wheel, the scroll
bar or the cursor keys; under it the Pattern, Drawer and File fields, as
ASL has them, which Tab steps through.  The pattern is AmigaDOS's
(``#?.saga``, the original's); Return in it filters the list, Return in the
drawer field lists the drawer typed.  A file name typed with a path (``/``)
goes to the drawer it names, so the name taken is always a file in the
drawer shown (:func:`amiga.dos.file_in`); "." and ".." are refused with a
word why, wrapped on as many lines as it takes under the fields (the
requester grows down to hold them, its buttons with it).  Return in the
file field, OK or a double click take the name; Escape, Cancel or the right
button give up.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from amiga.display.box import Box
from amiga.dos import file_in
from amiga.input import IDCMP, IntuiMessage, MouseCode, Qualifier, RawKey
from amiga.intuition import Button, Scroller, StringGadget, Window
from amiga.pattern import PatternError, compile_pattern, matches
from saga.look.text import Lookup
from saga.screen import pens as P
from saga.screen.ui import DRAW_INFO, HEIGHT, WIDTH, Ui
from saga.screen.windows import wrap

PATTERN = "#?.saga"  # the original's ASL pattern
ROWS = 18
ROW = 10
X0, Y0 = 100, 56
X1 = WIDTH - 101
LIST_TOP = Y0 + 18
SCROLL_W = 14
LIST_RIGHT = X1 - 10 - SCROLL_W  # the list's box; the scroll bar beside it
FIELD_TOP = LIST_TOP + ROWS * ROW + 8  # the first of the three fields
FIELD_STEP = 16
MESSAGE_Y = FIELD_TOP + 3 * FIELD_STEP + 7  # baseline of the line saying what was refused
Y1 = MESSAGE_Y + 30  # the bottom, with one line of it
MESSAGE_COLUMNS = (X1 - X0 - 16) // 8
MESSAGE_LINES = (HEIGHT - 4 - Y1) // ROW + 1  # as many as the screen has room for
PATH_MAX = 1024
DOUBLE_CLICK = 0.4  # seconds
WHEEL_ROWS = 3
SEPARATORS = "/" + (os.sep if os.sep != "/" else "") + (os.altsep or "")


@dataclass(frozen=True)
class Entry:
    """A line of the list: the parent drawer, a drawer, or a file with its size."""

    name: str
    kind: str  # "parent", "drawer" or "file"
    size: int = 0


def entries(folder: Path, pattern: str) -> list[Entry]:
    """What the list shows: the parent (unless at the top), the drawers, then
    the files the pattern matches, each by name without regard to case.
    Hidden names (a leading dot) are left out, as icons are by the original."""
    wanted = compile_pattern(pattern)
    shown = [Entry("/", "parent")] if folder.parent != folder else []
    drawers: list[Entry] = []
    files: list[Entry] = []
    try:
        with os.scandir(folder) as listing:
            for item in listing:
                if item.name.startswith("."):
                    continue
                try:
                    if item.is_dir():
                        drawers.append(Entry(item.name, "drawer"))
                    elif matches(wanted, item.name):
                        files.append(Entry(item.name, "file", item.stat().st_size))
                except OSError:
                    continue  # gone, or not ours to look at
    except OSError:
        pass  # an unreadable drawer lists nothing but its parent
    return shown + sorted(drawers, key=_by_name) + sorted(files, key=_by_name)


def _by_name(entry: Entry) -> str:
    return entry.name.lower()


def choose_file(
    ui: Ui,
    t: Lookup,
    title: str,
    folder: Path,
    name: str = "",
    *,
    pattern: str = PATTERN,
    drawers: bool = False,
) -> Path | None:
    """Ask for a file; returns its path, or None if the player gives up.

    A name given beforehand is shown selected: typing replaces it, the
    cursor keys keep it for editing.  With ``drawers``, OK with no file
    named takes the drawer shown.
    """
    return FileRequester(ui, t, title, folder, name, pattern, drawers).run()


def _expanded(text: str) -> Path:
    """A typed path, with ``~`` for the home folder where there is one."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # no home folder to be found
        return Path(text)


def split_typed(text: str) -> tuple[str | None, str]:
    """A typed name as (the drawer it names, or None, and the file name)."""
    cut = max(text.rfind(sep) for sep in SEPARATORS)
    if cut < 0:
        return None, text
    return text[:cut] or text[0], text[cut + 1 :]


class FileRequester:
    """The requester's gadgets, the drawer shown and its list."""

    def __init__(
        self,
        ui: Ui,
        t: Lookup,
        title: str,
        folder: Path,
        name: str,
        pattern: str = PATTERN,
        drawers: bool = False,
    ) -> None:
        self.ui, self.t = ui, t
        self.folder = folder.resolve()
        self.pattern = pattern
        self.drawers = drawers
        self.refused = ""  # what the last thing typed was refused for
        self.window = Window(Box(X0, Y0, X1 + 1, Y1 + 1), title, DRAW_INFO)
        labels = [t("MSG_PATTERN"), t("MSG_DRAWER"), t("MSG_FILE")]
        self.field_left = X0 + 8 + 8 * max(len(label) for label in labels) + 8
        self.labels = labels
        self.pattern_field, self.drawer_field, self.file_field = (
            StringGadget(self._field_box(row), text, max_chars=PATH_MAX)
            for row, text in enumerate((pattern, str(self.folder), name))
        )
        self.fields = [self.pattern_field, self.drawer_field, self.file_field]
        self.pattern_field.selected = self.drawer_field.selected = False  # only File's name is
        ok, cancel = t("MSG_OK"), t("MSG_CANCEL")
        self.ok = Button(Box(X0 + 8, Y1 - 18, X0 + 8 + 8 * len(ok) + 24, Y1 - 5), ok)
        self.cancel = Button(Box(X1 - 31 - 8 * len(cancel), Y1 - 18, X1 - 7, Y1 - 5), cancel)
        self.backdrop: npt.NDArray[np.uint8] | None = None  # the dimmed screen behind it
        self.scroller = Scroller(
            Box(X1 - 8 - SCROLL_W, LIST_TOP - 2, X1 - 8, LIST_TOP + ROWS * ROW + 1)
        )
        for gadget in (*self.fields, self.ok, self.cancel, self.scroller):
            self.window.gadgets.add(gadget)
        self.window.gadgets.activate_string(self.file_field)
        self.selected = -1
        self.last_click = (-1, -10.0)
        self.list: list[Entry] = []
        self._list_drawer()

    def _field_box(self, row: int) -> Box:
        top = FIELD_TOP + row * FIELD_STEP
        return Box(self.field_left, top, X1 - 7, top + 13)

    # -- the drawer shown -----------------------------------------------------

    def _list_drawer(self) -> None:
        self.list = entries(self.folder, self.pattern)
        self.selected = -1
        self.scroller.total = len(self.list)
        self.scroller.visible = ROWS
        self.scroller.scroll_to(0)

    def _go(self, folder: Path) -> bool:
        """Show another drawer; False (and a word why) if there is none such."""
        try:
            found = folder.is_dir()
        except OSError:
            found = False
        if not found:
            self.refused = f"{self.t('MSG_NO_SUCH_DRAWER')} {folder}"
            return False
        self.folder = folder.resolve()
        self.drawer_field.set_text(str(self.folder))
        self.drawer_field.selected = False
        self.refused = ""
        self._list_drawer()
        return True

    def _typed_drawer(self, text: str) -> Path:
        """A drawer as typed: from the one shown, or from the top, or from ~."""
        return self.folder / _expanded(text) if text else self.folder

    def _set_pattern(self, text: str) -> None:
        try:
            compile_pattern(text)
        except PatternError:
            self.refused = f'"{text}" {self.t("MSG_NOT_A_PATTERN")}'
            return
        self.pattern, self.refused = text, ""
        self._list_drawer()

    def _take(self) -> Path | None:
        """The file the fields name, after going to its drawer; None if refused or unnamed."""
        drawer = self._typed_drawer(self.drawer_field.text)
        place, name = split_typed(self.file_field.text)
        if place is not None:
            drawer = drawer / _expanded(place)
        moved = place is not None or self.drawer_field.text != str(self.folder)
        if moved and not self._go(drawer):
            return None
        self.file_field.set_text(name)
        self.file_field.selected = False
        if not name:
            return None
        chosen = file_in(self.folder, name)
        if chosen is None:
            self.refused = f'"{name}" {self.t("MSG_NOT_A_FILE_NAME")}'
            return None
        return Path(chosen)

    # -- the loop ---------------------------------------------------------------

    def run(self) -> Path | None:
        ui = self.ui
        with ui.requester_layer():
            self.backdrop = ui.save_area(0, 0, WIDTH - 1, HEIGHT - 1)
            while True:
                self.draw()
                message = ui.next_message(None)
                if message is None:
                    continue
                done, chosen = self.handle(message)
                if done:
                    return chosen

    def handle(self, message: IntuiMessage) -> tuple[bool, Path | None]:
        """Deal with one message; (True, the path or None) when the requester is done."""
        kind = message.idcmp
        if kind == IDCMP.VANILLAKEY and message.char == "\t":
            self._next_field(back=bool(message.qualifier & Qualifier.SHIFT))
            return False, None
        gadget = self.window.handle(message)
        if gadget is self.cancel:
            return True, None
        if gadget in (self.ok, self.file_field):
            chosen = self._take()
            if chosen is None and self.drawers and not self.file_field.text and not self.refused:
                return True, self.folder
            return chosen is not None, chosen
        if gadget is self.drawer_field:
            self._go(self._typed_drawer(self.drawer_field.text))
        elif gadget is self.pattern_field:
            self._set_pattern(self.pattern_field.text)
        elif gadget is not None:
            return False, None
        elif kind == IDCMP.VANILLAKEY and message.char == "\x1b":
            return True, None
        elif kind == IDCMP.RAWKEY and not message.key_up:
            self._key(message.raw_key)
        elif kind == IDCMP.MOUSEBUTTONS and message.code == MouseCode.SELECTDOWN:
            return self._click(message)
        elif kind == IDCMP.MOUSEBUTTONS and message.code in (
            MouseCode.MENUDOWN,
            MouseCode.MIDDLEDOWN,
        ):
            return True, None
        return False, None

    def _next_field(self, back: bool) -> None:
        typing = self.window.gadgets.typing
        at = self.fields.index(typing) if isinstance(typing, StringGadget) else -1
        self.window.gadgets.activate_string(self.fields[(at + (-1 if back else 1)) % 3])

    def _key(self, raw: int) -> None:
        """The wheel scrolls; Up and Down pick the entry above or below."""
        if raw in (RawKey.WHEEL_UP, RawKey.WHEEL_DOWN):
            step = WHEEL_ROWS if raw == RawKey.WHEEL_DOWN else -WHEEL_ROWS
            self.scroller.scroll_to(self.scroller.top + step)
        elif raw in (RawKey.UP, RawKey.DOWN) and self.list:
            step = 1 if raw == RawKey.DOWN else -1
            self.selected = min(max(0, self.selected + step), len(self.list) - 1)
            top = self.scroller.top
            self.scroller.scroll_to(min(max(top, self.selected - ROWS + 1), self.selected))
            entry = self.list[self.selected]
            if entry.kind == "file":
                self.file_field.set_text(entry.name)

    def _click(self, message: IntuiMessage) -> tuple[bool, Path | None]:
        """A click in the list: a drawer opens, a file is picked (taken if clicked twice)."""
        x, y = message.mouse_x, message.mouse_y
        if not (X0 + 8 <= x < LIST_RIGHT and LIST_TOP <= y < LIST_TOP + ROWS * ROW):
            return False, None
        index = self.scroller.top + (y - LIST_TOP) // ROW
        if index >= len(self.list):
            return False, None
        entry = self.list[index]
        double = self.last_click[0] == index and message.time - self.last_click[1] < DOUBLE_CLICK
        self.last_click = (index, message.time)
        if entry.kind != "file":
            self._go(self.folder.parent if entry.kind == "parent" else self.folder / entry.name)
            self.last_click = (-1, -10.0)
            return False, None
        self.selected = index
        self.file_field.set_text(entry.name)
        if double:
            return True, self.folder / entry.name
        return False, None

    # -- drawing ----------------------------------------------------------------

    def refusal(self) -> list[str]:
        """What was refused, in lines that fit the requester (a path too long
        even for all the room there is ends in "...")."""
        lines = wrap(self.refused, MESSAGE_COLUMNS)
        if len(lines) > MESSAGE_LINES:
            lines = lines[:MESSAGE_LINES]
            lines[-1] = lines[-1][: MESSAGE_COLUMNS - 3] + "..."
        return lines

    def _fit(self, lines: int) -> None:
        """Make the requester tall enough for a refusal of so many lines,
        giving the screen behind back where it grows shorter again."""
        bottom = Y1 + ROW * max(lines - 1, 0)
        old = self.window.box.bottom - 1
        if bottom < old and self.backdrop is not None:
            self.ui.restore_area(X0, bottom + 1, self.backdrop[bottom + 1 : old + 1, X0 : X1 + 1])
        self.window.box = Box(X0, Y0, X1 + 1, bottom + 1)
        for button in (self.ok, self.cancel):
            b = button.box
            button.box = Box(b.left, bottom - 18, b.right, bottom - 5)

    def draw(self) -> None:
        ui = self.ui
        refusal = self.refusal()
        self._fit(len(refusal))
        self.window.draw(ui.rp)
        self._draw_list()
        for row, label in enumerate(self.labels):
            ui.text(X0 + 8, FIELD_TOP + row * FIELD_STEP + 10, label, P.BLACK)
        for row, line in enumerate(refusal):
            ui.text(X0 + 8, MESSAGE_Y + row * ROW, line, P.RED_TEXT)

    def _draw_list(self) -> None:
        ui, t = self.ui, self.t
        ui.fill(X0 + 8, LIST_TOP - 2, LIST_RIGHT, LIST_TOP + ROWS * ROW + 1, P.LIGHT_GREY)
        ui.box(X0 + 8, LIST_TOP - 2, LIST_RIGHT, LIST_TOP + ROWS * ROW + 1, raised=False)
        columns = (LIST_RIGHT - X0 - 16) // 8
        for row in range(ROWS):
            index = self.scroller.top + row
            if index >= len(self.list):
                break
            entry = self.list[index]
            y = LIST_TOP + row * ROW
            chosen = index == self.selected
            if chosen:
                ui.fill(X0 + 9, y, LIST_RIGHT - 1, y + ROW - 1, P.MENU_SELECT)
            pen = P.WHITE if chosen else (P.BLACK if entry.kind == "file" else P.MENU_SELECT)
            note = {"parent": t("MSG_PARENT"), "drawer": t("MSG_DRAWER")}.get(
                entry.kind, str(entry.size)
            )
            ui.text(X0 + 12, y + 8, entry.name[: columns - len(note) - 2], pen)
            ui.text(LIST_RIGHT - 4 - 8 * len(note), y + 8, note, pen)
