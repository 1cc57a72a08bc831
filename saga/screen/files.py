"""A file requester for opening and saving games, after the ASL one.

It lists the folder's saved games (and its subfolders), with a name to type
or click.  Return or a double click takes the name; Escape or Cancel gives
up.  Folders open with a click; ".." goes up.
"""

from __future__ import annotations

from pathlib import Path

from amiga.input import IDCMP, MouseCode, RawKey
from saga.screen import pens as P
from saga.screen.ui import HEIGHT, WIDTH, Ui

ROWS = 20
X0, Y0 = 120, 70
X1, Y1 = WIDTH - 121, Y0 + 38 + ROWS * 10 + 40
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


def choose_file(ui: Ui, title: str, folder: Path, name: str = "", *, ok: str = "OK",
                cancel: str = "Cancel") -> Path | None:
    """Ask for a file; returns its path, or None if the player cancels."""
    saved = ui.save_area(0, 0, WIDTH - 1, HEIGHT - 1)
    ui.screen.dim(0, 0, WIDTH - 1, HEIGHT - 1)
    folder = folder.resolve()
    top = 0
    selected = -1
    last_click = (-1, -10.0)
    try:
        while True:
            entries = _entries(folder)
            _draw(ui, title, folder, entries, top, selected, name, ok, cancel)
            message = ui.next_message(None)
            if message is None:
                continue
            kind = message.idcmp
            if kind == IDCMP.VANILLAKEY:
                char = message.char
                if char == "\r":
                    if name:
                        return folder / name
                elif char == "\x1b":
                    return None
                elif char == "\b":
                    name = name[:-1]
                elif char.isprintable() and char not in "/\\" and len(name) < 40:
                    name += char
            elif kind == IDCMP.RAWKEY and not message.key_up:
                if message.raw_key == RawKey.DOWN:
                    selected = min(len(entries) - 1, selected + 1)
                elif message.raw_key == RawKey.UP:
                    selected = max(0, selected - 1)
                if selected >= 0:
                    top = min(max(top, selected - ROWS + 1), selected)
                    entry = entries[selected]
                    if entry != ".." and not entry.endswith("/"):
                        name = entry
            elif kind == IDCMP.MOUSEBUTTONS and message.code == MouseCode.SELECTDOWN:
                x, y = message.mouse_x, message.mouse_y
                row = (y - (Y0 + 30)) // 10
                if X0 + 8 <= x <= X1 - 8 and 0 <= row < ROWS and top + row < len(entries):
                    index = top + row
                    entry = entries[index]
                    double = last_click[0] == index and message.time - last_click[1] < DOUBLE_CLICK
                    last_click = (index, message.time)
                    if entry == "..":
                        folder, selected, top = folder.parent, -1, 0
                    elif entry.endswith("/"):
                        folder, selected, top = folder / entry[:-1], -1, 0
                    else:
                        selected, name = index, entry
                        if double:
                            return folder / name
                elif Y1 - 18 <= y <= Y1 - 6:
                    if X0 + 8 <= x <= X0 + 8 + 8 * len(ok) + 16 and name:
                        return folder / name
                    if X1 - 24 - 8 * len(cancel) <= x <= X1 - 8:
                        return None
            elif kind == IDCMP.MOUSEBUTTONS and message.code == MouseCode.MENUDOWN:
                return None
    finally:
        ui.restore_area(0, 0, saved)


def _draw(ui: Ui, title: str, folder: Path, entries: list[str], top: int, selected: int,
          name: str, ok: str, cancel: str) -> None:
    ui.fill(X0, Y0, X1, Y1, P.MEDIUM_GREY)
    ui.box(X0, Y0, X1, Y1)
    ui.fill(X0 + 2, Y0 + 2, X1 - 2, Y0 + 11, P.MENU_SELECT)
    ui.text(X0 + 8, Y0 + 9, title, P.WHITE)
    shown = str(folder)
    width = (X1 - X0 - 16) // 8
    ui.text(X0 + 8, Y0 + 24, shown[-width:], P.BLACK)
    list_top = Y0 + 30
    ui.fill(X0 + 8, list_top - 2, X1 - 8, list_top + ROWS * 10, P.LIGHT_GREY)
    ui.box(X0 + 8, list_top - 2, X1 - 8, list_top + ROWS * 10, raised=False)
    for row in range(ROWS):
        index = top + row
        if index >= len(entries):
            break
        y = list_top + row * 10
        if index == selected:
            ui.fill(X0 + 9, y, X1 - 9, y + 9, P.MENU_SELECT)
        entry = entries[index]
        pen = P.WHITE if index == selected else (P.MENU_SELECT if entry.endswith("/") else P.BLACK)
        ui.text(X0 + 12, y + 8, entry[: width - 2], pen)
    field_y = list_top + ROWS * 10 + 6
    ui.fill(X0 + 8, field_y, X1 - 8, field_y + 11, P.WHITE)
    ui.box(X0 + 8, field_y, X1 - 8, field_y + 11, raised=False)
    ui.text(X0 + 12, field_y + 9, (name + "_")[-(width - 2):], P.BLACK)
    for x, label in ((X0 + 8, ok), (X1 - 24 - 8 * len(cancel), cancel)):
        ui.fill(x, Y1 - 18, x + 8 * len(label) + 16, Y1 - 6, P.LIGHT_GREY)
        ui.box(x, Y1 - 18, x + 8 * len(label) + 16, Y1 - 6)
        ui.text(x + 8, Y1 - 9, label, P.BLACK)
