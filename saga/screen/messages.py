"""The message area under the map: two lines of text and the buttons' hint.

The upper line names what is under the pointer; the lower one, which may
wrap onto a second line, holds the engine's last message; at the right of
the last line the hint says what the left and right buttons do at the
question being put.  This module only draws them: the driver of the game
(:mod:`saga.window.host`) decides what they say.
"""

from __future__ import annotations

from saga.look.text import Lookup
from saga.screen import pens as P
from saga.screen.ui import FONT, LOWER_Y, LOWER_Y2, MESSAGE_TOP, UPPER_Y, WIDTH, Ui

LEFT = 4  # pixels left of the messages
WRAP = (WIDTH - LEFT) // FONT  # characters of the lower message on its first line (79)
Line = tuple[str, int]  # a text and its pen


class MessageBar:
    """What the message area shows, and the drawing of it."""

    def __init__(self, ui: Ui, text: Lookup) -> None:
        self.ui = ui
        self.t = text
        self.upper: Line = ("", P.WHITE)
        self.lower: Line = ("", P.WHITE)
        self.hints: tuple[str, str] = ("", "")
        self.note: Line | None = None  # shown instead of the hint (whose answer is awaited)

    def draw(self) -> None:
        ui = self.ui
        ui.fill(0, MESSAGE_TOP, WIDTH - 1, MESSAGE_TOP + 29, P.BLACK)
        text, pen = self.upper
        ui.text(LEFT, UPPER_Y, text[: WIDTH // FONT], pen)  # the whole width: no hint beside it
        text, pen = self.lower
        ui.text(LEFT, LOWER_Y, text[:WRAP], pen)
        if len(text) > WRAP:
            ui.text(LEFT, LOWER_Y2, text[WRAP:], pen)
        left, right = self.hints
        if self.note is not None:
            note, pen = self.note
            ui.text(WIDTH - LEFT - FONT * len(note), LOWER_Y2, note, pen)
            return
        hint = f"{self.t('MSG_LMB')}{left},{self.t('MSG_RMB')}{right}"
        ui.text(WIDTH - LEFT - FONT * len(hint), LOWER_Y2, hint, P.LIGHT_GREY)
