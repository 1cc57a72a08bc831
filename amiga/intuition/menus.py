"""The menu strip: menus in the screen's title bar, under the right button.

Items may be check items (a tick when on; picking one toggles it, as
MENUTOGGLE does), disabled (ghosted, never picked), separated by bars, and
have a Right-Amiga shortcut, shown at the right with the Amiga key's mark.
The strip lays itself out once, and the same boxes draw and hit-test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from amiga.display.box import Box
from amiga.display.rastport import RastPort
from amiga.input.codes import IDCMP, MouseCode
from amiga.input.message import IntuiMessage
from amiga.intuition.look import DrawInfo, fill, label

ITEM_HEIGHT = 10
BAR_HEIGHT = 6
CHECK_WIDTH = 14  # room for the tick, in menus that have check items
COMMAND_WIDTH = 26  # the Amiga key's mark and the shortcut letter
CHAR = 8


@dataclass
class MenuItem:
    key: str  # what the program calls it; empty for a separator bar
    label: str = ""
    shortcut: str = ""  # the Right-Amiga key
    enabled: bool = True
    checked: bool | None = None  # None: not a check item

    @property
    def is_bar(self) -> bool:
        return not self.key


def bar() -> MenuItem:
    """A separator between groups of items (NM_BARLABEL)."""
    return MenuItem("")


@dataclass
class Menu:
    label: str
    items: list[MenuItem] = field(default_factory=list)


class MenuStrip:
    """A screen's menus, laid out along a title bar ``bar_height`` high."""

    def __init__(
        self, menus: list[Menu], di: DrawInfo, *, bar_height: int = 11, width: int = 640
    ) -> None:
        self.menus = menus
        self.di = di
        self.bar_height = bar_height
        self.width = width
        self.titles: list[Box] = []
        x = 6
        for menu in menus:
            w = (len(menu.label) + 2) * CHAR
            self.titles.append(Box(x, 0, x + w, bar_height - 1))
            x += w

    # -- the items -------------------------------------------------------------

    def items(self) -> list[MenuItem]:
        return [item for menu in self.menus for item in menu.items if not item.is_bar]

    def item(self, key: str) -> MenuItem:
        for item in self.items():
            if item.key == key:
                return item
        raise KeyError(key)

    def enable(self, *keys: str, on: bool = True) -> None:
        for item in self.items():
            if item.key in keys:
                item.enabled = on

    def shortcut(self, char: str) -> MenuItem | None:
        """The enabled item whose Right-Amiga key is ``char`` (any case)."""
        for item in self.items():
            if item.enabled and item.shortcut and item.shortcut.upper() == char.upper():
                return item
        return None

    @staticmethod
    def pick(item: MenuItem) -> str:
        """Choose an item: a check item toggles.  Returns its key."""
        if item.checked is not None:
            item.checked = not item.checked
        return item.key

    # -- layout ----------------------------------------------------------------

    def _check_room(self, menu: Menu) -> int:
        return CHECK_WIDTH if any(i.checked is not None for i in menu.items) else 0

    def layout(self, index: int) -> tuple[Box, list[tuple[Box, MenuItem]]]:
        """The box a menu opens into, and each item's box within it."""
        menu = self.menus[index]
        text = max((len(i.label) for i in menu.items), default=0) * CHAR
        width = 8 + self._check_room(menu) + text + COMMAND_WIDTH + 8
        left = min(self.titles[index].left, self.width - width - 1)
        y = self.bar_height + 2
        rows = []
        for item in menu.items:
            height = BAR_HEIGHT if item.is_bar else ITEM_HEIGHT
            rows.append((Box(left + 2, y, left + width - 2, y + height), item))
            y += height
        return Box(left, self.bar_height, left + width, y + 2), rows

    def _title_at(self, x: int, y: int) -> int | None:
        if y >= self.bar_height:
            return None
        return next((i for i, b in enumerate(self.titles) if b.left <= x < b.right), None)

    def hit(self, x: int, y: int, open_menu: int | None) -> tuple[int | None, MenuItem | None]:
        """The menu to have open and the item under the pointer."""
        title = self._title_at(x, y)
        if title is not None:
            return title, None
        if open_menu is None:
            return None, None
        box, rows = self.layout(open_menu)
        if not (box.left <= x < box.right and box.top <= y < box.bottom):
            return open_menu, None
        for row, item in rows:
            if row.left <= x < row.right and row.top <= y < row.bottom and not item.is_bar:
                return open_menu, item
        return open_menu, None

    # -- drawing ---------------------------------------------------------------

    def draw_bar(self, rp: RastPort, title: str = "") -> None:
        """The title bar with the menus' titles (while the right button is held)."""
        di = self.di
        fill(rp, Box(0, 0, self.width, self.bar_height - 1), di.bar_block)
        fill(rp, Box(0, self.bar_height - 1, self.width, self.bar_height), di.shadow)
        if title:
            label(rp, 4, 1, title, di.bar_detail)
            return
        for box, menu in zip(self.titles, self.menus, strict=True):
            label(rp, box.left + CHAR, 1, menu.label, di.bar_detail)

    def draw_menu(self, rp: RastPort, index: int, over: MenuItem | None) -> None:
        di = self.di
        title = self.titles[index]
        fill(rp, title, di.bar_detail)
        label(rp, title.left + CHAR, 1, self.menus[index].label, di.bar_block)
        box, rows = self.layout(index)
        fill(rp, box, di.bar_block)
        _outline(rp, box, di.bar_detail)
        check = self._check_room(self.menus[index])
        for row, item in rows:
            if item.is_bar:
                middle = row.top + BAR_HEIGHT // 2 - 1
                fill(rp, Box(row.left + 2, middle, row.right - 2, middle + 1), di.shadow)
                fill(rp, Box(row.left + 2, middle + 1, row.right - 2, middle + 2), di.shine)
                continue
            lit = item is over and item.enabled
            if lit:
                fill(rp, row, di.bar_detail)
            pen = di.bar_block if lit else di.bar_detail
            if not item.enabled:
                pen = di.disabled
            top = row.top + 1
            if item.checked:
                _tick(rp, row.left + 3, top, pen)
            label(rp, row.left + 4 + check, top, item.label, pen)
            if item.shortcut:
                mark = Box(row.right - COMMAND_WIDTH, top, row.right - COMMAND_WIDTH + 9, top + 8)
                _outline(rp, mark, pen)
                label(rp, mark.left + 1, top, "A", pen)
                label(rp, row.right - 12, top, item.shortcut.upper(), pen)

    # -- tracking the right button ---------------------------------------------

    def track(
        self,
        rp: RastPort,
        receive: Callable[[], IntuiMessage],
        present: Callable[[], None],
        start: tuple[int, int],
    ) -> MenuItem | None:
        """Show the menus while the right button is held; the item let go on.

        The screen is left as it was.  A disabled item or a bar picks
        nothing.  ``receive`` gives the next input message.
        """
        bitmap = rp.bitmap
        saved = bitmap.pixels.copy()
        open_menu: int | None = None
        over: MenuItem | None = None
        x, y = start
        while True:
            bitmap.pixels[...] = saved
            bitmap.touch(bitmap.bounds)
            open_menu, over = self.hit(x, y, open_menu)
            self.draw_bar(rp)
            if open_menu is not None:
                self.draw_menu(rp, open_menu, over)
            present()
            message = receive()
            x, y = message.mouse_x, message.mouse_y
            if message.idcmp == IDCMP.MOUSEBUTTONS and message.code == MouseCode.MENUUP:
                open_menu, over = self.hit(x, y, open_menu)
                break
        bitmap.pixels[...] = saved
        bitmap.touch(bitmap.bounds)
        if over is None or not over.enabled:
            return None
        return over


def _outline(rp: RastPort, box: Box, pen: int) -> None:
    rp.apen = pen
    x0, y0, x1, y1 = box.left, box.top, box.right - 1, box.bottom - 1
    rp.move(x0, y0)
    rp.draw(x1, y0)
    rp.draw(x1, y1)
    rp.draw(x0, y1)
    rp.draw(x0, y0)


def _tick(rp: RastPort, x: int, top: int, pen: int) -> None:
    rp.apen = pen
    for dy in (0, 1):
        rp.move(x, top + 3 + dy)
        rp.draw(x + 2, top + 5 + dy)
        rp.draw(x + 7, top + dy)
