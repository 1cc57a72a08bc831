"""Requesters over the map: a message in a box until a click or a key.

A requester dims the screen behind it, shows its lines in a bevelled box,
and goes away at the next click or key, leaving the screen as it was.  (The
Help windows live in info, summary, pages, manual and about.)
"""

from __future__ import annotations

from collections.abc import Sequence

from amiga.input import IDCMP, IntuiMessage, MouseCode, RawKey
from saga.screen import pens as P
from saga.screen.ui import HEIGHT, WIDTH, Ui

Line = tuple[str, int]  # text and pen
LINE_HEIGHT = 9


def requester(ui: Ui, title: str, lines: Sequence[Line], *, title_pen: int = P.WHITE) -> None:
    """Show lines in a box over the dimmed screen until a click or a key."""
    width = max([len(title), *(len(text) for text, _ in lines)]) * 8 + 24
    height = (len(lines) + 2) * LINE_HEIGHT + 14
    x0 = max(0, (WIDTH - width) // 2)
    y0 = max(0, (HEIGHT - height) // 2)
    x1, y1 = min(WIDTH - 1, x0 + width), min(HEIGHT - 1, y0 + height)
    saved = ui.save_area(0, 0, WIDTH - 1, HEIGHT - 1)
    ui.screen.dim(0, 0, WIDTH - 1, HEIGHT - 1)
    ui.fill(x0, y0, x1, y1, P.DARK_GREY)
    ui.box(x0, y0, x1, y1)
    ui.fill(x0 + 2, y0 + 2, x1 - 2, y0 + 11, P.BLACK)
    ui.text(x0 + 12, y0 + 9, title, title_pen)
    for row, (text, pen) in enumerate(lines):
        ui.text(x0 + 12, y0 + 24 + row * LINE_HEIGHT, text, pen, shadow=True)
    ui.wait_for(dismisses)
    ui.restore_area(0, 0, saved)


# Keys that send no character; any other key is taken as its character,
# so that one press never closes a requester and answers a question too.
_SILENT_KEYS = frozenset((RawKey.HELP, RawKey.UP, RawKey.DOWN, RawKey.LEFT, RawKey.RIGHT,
                          *range(RawKey.F1, RawKey.F10 + 1)))


def dismisses(m: IntuiMessage) -> bool:
    """A click, a character, or a key that has no character."""
    if m.idcmp == IDCMP.MOUSEBUTTONS:
        return m.code == MouseCode.SELECTDOWN
    if m.idcmp == IDCMP.RAWKEY:
        return not m.key_up and m.raw_key in _SILENT_KEYS
    return m.idcmp == IDCMP.VANILLAKEY
