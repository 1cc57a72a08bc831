"""A file requester for opening and saving games, after the ASL one.

It lists the folder's saved games (and its subfolders), with a name to type
(a string gadget: cursor keys, Home, End, Backspace, Del) or click.  Return,
OK or a double click takes the name; Escape, Cancel or the right button
gives up.  Folders open with a click; ".." goes up.
"""

from __future__ import annotations

from pathlib import Path

from amiga.display.box import Box
from amiga.dos import file_in
from amiga.input import IDCMP, MouseCode, RawKey
from amiga.intuition import Button, StringGadget, Window
from saga.screen import pens as P
from saga.screen.ui import DRAW_INFO, WIDTH, Ui

ROWS = 20
X0, Y0 = 120, 70
X1, Y1 = WIDTH - 121, Y0 + 38 + ROWS * 10 + 40
LIST_TOP = Y0 + 30
FIELD_Y = LIST_TOP + ROWS * 10 + 6
NAME_MAX = 40
DOUBLE_CLICK = 0.4  # seconds


def _entries(folder: Path) -> list[str]:
    try:
        items = sorted(folder.iterdir(), key=lambda p: (not p.is_dir(), p.name.lower()))
    except OSError:
        items = []
    names = [".."]
    for p in items:
        if p.name.startswith("."):
            continue
        if p.is_dir():
            names.append(p.name + "/")
        elif p.suffix.lower() == ".saga":
            names.append(p.name)
    return names


def choose_file(
    ui: Ui, title: str, folder: Path, name: str = "", *, ok: str = "OK", cancel: str = "Cancel"
) -> Path | None:
    """Ask for a file; returns its path, or None if the player cancels.

    A name given beforehand is shown selected: typing replaces it, the
    cursor keys keep it for editing.
    """
    folder = folder.resolve()
    window = Window(Box(X0, Y0, X1 + 1, Y1 + 1), title, DRAW_INFO)
    field = StringGadget(
        Box(X0 + 8, FIELD_Y, X1 - 7, FIELD_Y + 12), name, max_chars=NAME_MAX, refuse="/\\"
    )
    ok_button = Button(Box(X0 + 8, Y1 - 18, X0 + 8 + 8 * len(ok) + 17, Y1 - 5), ok)
    cancel_button = Button(Box(X1 - 24 - 8 * len(cancel), Y1 - 18, X1 - 7, Y1 - 5), cancel)
    for each in (field, ok_button, cancel_button):
        window.gadgets.add(each)
    window.gadgets.activate_string(field)
    rows = Box(X0 + 8, LIST_TOP, X1 - 7, LIST_TOP + ROWS * 10)
    top = 0
    selected = -1
    last_click = (-1, -10.0)
    with ui.requester_layer():
        while True:
            entries = _entries(folder)
            window.draw(ui.rp)
            _draw_list(ui, folder, entries, top, selected)
            message = ui.next_message(None)
            if message is None:
                continue
            kind = message.idcmp
            gadget = window.handle(message)
            if gadget is cancel_button:
                return None
            if gadget in (ok_button, field) and file_in(folder, field.text):
                return folder / field.text
            if kind == IDCMP.VANILLAKEY and message.char == "\x1b":
                return None
            if (
                kind == IDCMP.RAWKEY
                and not message.key_up
                and message.raw_key in (RawKey.UP, RawKey.DOWN)
            ):
                step = 1 if message.raw_key == RawKey.DOWN else -1
                selected = min(max(0, selected + step), len(entries) - 1)
                top = min(max(top, selected - ROWS + 1), selected)
                entry = entries[selected]
                if entry != ".." and not entry.endswith("/"):
                    field.set_text(entry)
            elif kind == IDCMP.MOUSEBUTTONS and message.code == MouseCode.SELECTDOWN:
                x, y = message.mouse_x, message.mouse_y
                index = top + (y - LIST_TOP) // 10
                inside = rows.left <= x < rows.right and rows.top <= y < rows.bottom
                if not inside or index >= len(entries):
                    continue
                entry = entries[index]
                double = last_click[0] == index and message.time - last_click[1] < DOUBLE_CLICK
                last_click = (index, message.time)
                if entry == "..":
                    folder, selected, top = folder.parent, -1, 0
                elif entry.endswith("/"):
                    folder, selected, top = folder / entry[:-1], -1, 0
                else:
                    selected = index
                    field.set_text(entry)
                    if double:
                        return folder / entry
            elif kind == IDCMP.MOUSEBUTTONS and message.code in (
                MouseCode.MENUDOWN,
                MouseCode.MIDDLEDOWN,
            ):
                return None


def _draw_list(ui: Ui, folder: Path, entries: list[str], top: int, selected: int) -> None:
    shown = str(folder)
    width = (X1 - X0 - 16) // 8
    ui.text(X0 + 8, Y0 + 24, shown[-width:], P.BLACK)
    ui.fill(X0 + 8, LIST_TOP - 2, X1 - 8, LIST_TOP + ROWS * 10, P.LIGHT_GREY)
    ui.box(X0 + 8, LIST_TOP - 2, X1 - 8, LIST_TOP + ROWS * 10, raised=False)
    for row in range(ROWS):
        index = top + row
        if index >= len(entries):
            break
        y = LIST_TOP + row * 10
        if index == selected:
            ui.fill(X0 + 9, y, X1 - 9, y + 9, P.MENU_SELECT)
        entry = entries[index]
        pen = P.WHITE if index == selected else (P.MENU_SELECT if entry.endswith("/") else P.BLACK)
        ui.text(X0 + 12, y + 8, entry[: width - 2], pen)
