"""Requesters over the map: a message, or a question, in a box.

A requester dims the screen behind it, shows its lines in a bevelled box,
and goes away at the next click or key, leaving the screen as it was.  (The
Help windows live in info, summary, pages, manual and about.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from amiga.display.box import Box
from amiga.input import IDCMP, IntuiMessage, MouseCode, RawKey
from amiga.intuition import Button, DrawInfo, Window
from saga.screen import pens as P
from saga.screen.ui import DRAW_INFO, HEIGHT, WIDTH, Ui

Line = tuple[str, int]  # text and pen
LINE_HEIGHT = 9


# Info requesters: the lines on dark grey under a black title bar.
INFO_LOOK = replace(DRAW_INFO, background=P.DARK_GREY, fill=P.BLACK)
SCREEN = Box(0, 0, WIDTH, HEIGHT)


def _window(
    title: str, lines: Sequence[Line], extra: int, di: DrawInfo, title_pen: int, min_width: int = 0
) -> Window:
    width = max([min_width, len(title) * 8, *(len(text) * 8 for text, _ in lines)]) + 24
    height = (len(lines) + 2) * LINE_HEIGHT + 14 + extra
    return Window.centred(width, height, SCREEN, title, di, title_pen=title_pen)


def _draw_lines(ui: Ui, window: Window, lines: Sequence[Line], *, shadow: bool = True) -> None:
    inner = window.inner
    for row, (text, pen) in enumerate(lines):
        ui.text(inner.left + 8, inner.top + 8 + row * LINE_HEIGHT, text, pen, shadow=shadow)


def requester(ui: Ui, title: str, lines: Sequence[Line], *, title_pen: int = P.WHITE) -> None:
    """Show lines in a box over the dimmed screen until a click or a key."""
    window = _window(title, lines, 0, INFO_LOOK, title_pen)
    with ui.requester_layer():
        window.draw(ui.rp)
        _draw_lines(ui, window, lines)
        ui.wait_for(dismisses)


def ask_yes_no(ui: Ui, title: str, lines: Sequence[Line], *, yes: str, no: str) -> bool:
    """A requester with two buttons; True for the left one.

    Return or the left button's first letter says yes; Esc, the right
    button's letter, or the right or middle mouse button say no.  A click
    beside the buttons does nothing.
    """
    width = max(len(yes), len(no)) * 8 + 24
    window = _window(title, lines, 24, DRAW_INFO, P.WHITE, min_width=2 * width + 24)
    b = window.box
    top = b.bottom - 22
    yes_button = Button(Box(b.left + 10, top, b.left + 10 + width, top + 14), yes)
    no_button = Button(Box(b.right - 10 - width, top, b.right - 10, top + 14), no)
    window.gadgets.add(yes_button)
    window.gadgets.add(no_button)
    keys = {"\r": True, "\x1b": False, yes[:1].upper(): True, no[:1].upper(): False}
    with ui.requester_layer():
        window.draw(ui.rp)
        _draw_lines(ui, window, lines, shadow=False)
        while True:
            window.gadgets.draw(ui.rp, DRAW_INFO)
            message = ui.next_message(None)
            if message is None:
                continue
            chosen = window.handle(message)
            if chosen is not None:
                return chosen is yes_button
            if message.idcmp == IDCMP.VANILLAKEY and message.char.upper() in keys:
                return keys[message.char.upper()]
            if message.idcmp == IDCMP.MOUSEBUTTONS and message.code in _OTHER_BUTTONS:
                return False


_OTHER_BUTTONS = (MouseCode.MIDDLEDOWN, MouseCode.MENUDOWN)

# Keys that send no character; any other key is taken as its character,
# so that one press never closes a requester and answers a question too.
_SILENT_KEYS = frozenset(
    (
        RawKey.HELP,
        RawKey.UP,
        RawKey.DOWN,
        RawKey.LEFT,
        RawKey.RIGHT,
        *range(RawKey.F1, RawKey.F10 + 1),
    )
)


def dismisses(m: IntuiMessage) -> bool:
    """Any mouse button, a character, or a key that has no character."""
    if m.idcmp == IDCMP.MOUSEBUTTONS:
        return m.code in (MouseCode.SELECTDOWN, *_OTHER_BUTTONS)
    if m.idcmp == IDCMP.RAWKEY:
        return not m.key_up and m.raw_key in _SILENT_KEYS
    return m.idcmp == IDCMP.VANILLAKEY
