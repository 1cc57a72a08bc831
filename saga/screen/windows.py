"""Requesters over the map: a message, or a question, in a box.

A requester dims the screen behind it, shows its lines in a bevelled box
over a row of buttons, as EasyRequest does, and goes away when one is
chosen, leaving the screen as it was.  (The Help windows, which any click
or key closes, live in info, summary, pages, manual and about.)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace

from amiga.display.box import Box
from amiga.input import IDCMP, IntuiMessage, MouseCode, RawKey
from amiga.input.keymap import greek_for, typed_as
from amiga.intuition import Button, DrawInfo, Window
from saga.screen import pens as P
from saga.screen.ui import DRAW_INFO, HEIGHT, WIDTH, Ui

Line = tuple[str, int]  # text and pen
LINE_HEIGHT = 10  # 8 of the font, 1 of its shadow, 1 between lines so they never touch


# Info requesters: the lines on dark grey under a black title bar.
INFO_LOOK = replace(DRAW_INFO, background=P.DARK_GREY, fill=P.BLACK)
SCREEN = Box(0, 0, WIDTH, HEIGHT)


def wrap(text: str, width: int) -> list[str]:
    """Fill lines of at most ``width`` characters, breaking only between words.

    A single "word" longer than a line (a long path) is broken after one
    of its slashes where it can be, since it cannot fit whole, its first
    piece filling what is left of the line before it.  No line starts with
    a space: each goes flush left, as EasyRequest sets its text.
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        while True:
            room = width - len(line) - 1 if line else width
            if len(word) <= room:
                line = f"{line} {word}" if line else word
                break
            cut = 0
            if len(word) > width:  # too long for any line: break it
                cut = word.rfind(os.sep, 0, max(room, 0)) + 1 or (0 if line else width)
            if cut:
                line = f"{line} {word[:cut]}" if line else word[:cut]
                word = word[cut:]
            lines.append(line)
            line = ""
    if line:
        lines.append(line)
    return lines


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


def requester(
    ui: Ui, title: str, lines: Sequence[Line], *, ok: str, title_pen: int = P.WHITE
) -> None:
    """A message with an OK button over the dimmed screen, as EasyRequest shows one.

    The button, Return, Esc, the button's first letter, or the right or
    middle mouse button close it; a click beside the button does nothing.
    """
    _choose(ui, title, lines, [ok], INFO_LOOK, title_pen, shadow=True)


def ask_yes_no(ui: Ui, title: str, lines: Sequence[Line], *, yes: str, no: str) -> bool:
    """A requester with two buttons; True for the left one.

    Return or the left button's first letter says yes; Esc, the right
    button's letter, or the right or middle mouse button say no.  A click
    beside the buttons does nothing.
    """
    return _choose(ui, title, lines, [yes, no], DRAW_INFO, P.WHITE, shadow=False) == 0


def _choose(
    ui: Ui,
    title: str,
    lines: Sequence[Line],
    labels: Sequence[str],
    di: DrawInfo,
    title_pen: int,
    *,
    shadow: bool,
) -> int:
    """Lines over a row of buttons, the first on the left, the last on the
    right (one alone in the middle); returns the index of the one chosen.
    Return and the first button's letter choose the first; Esc, the last
    button's letter and the other mouse buttons the last."""
    width = max(len(label) for label in labels) * 8 + 24
    window = _window(title, lines, 24, di, title_pen, min_width=len(labels) * (width + 12))
    b = window.box
    top = b.bottom - 22
    lefts = (
        [b.left + 10, b.right - 10 - width]
        if len(labels) > 1
        else [b.left + (b.width - width) // 2]
    )
    buttons = [
        Button(Box(left, top, left + width, top + 14), label)
        for left, label in zip(lefts, labels, strict=True)
    ]
    for button in buttons:
        window.gadgets.add(button)
    last = len(labels) - 1
    keys = {"\r": 0, "\x1b": last, typed_as(labels[0][:1]): 0, typed_as(labels[-1][:1]): last}
    with ui.requester_layer():
        window.draw(ui.rp)
        _draw_lines(ui, window, lines, shadow=shadow)
        while True:
            window.gadgets.draw(ui.rp, DRAW_INFO)
            message = ui.next_message(None)
            if message is None:
                continue
            chosen = window.handle(message)
            if chosen is not None:
                return next(i for i, button in enumerate(buttons) if button is chosen)
            if message.idcmp == IDCMP.VANILLAKEY:
                # Greek buttons' letters come from a Latin keyboard too (n for Ναι).
                for char in (message.char, greek_for(message.char)):
                    if char is not None and typed_as(char) in keys:
                        return keys[typed_as(char)]
            if message.idcmp == IDCMP.MOUSEBUTTONS and message.code in _OTHER_BUTTONS:
                return last


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
