"""The game-over screen: the title, each hero's final score and the closing line.

A score that earns Valhalla stands on green, any other on red, as the
original's table shows them.
"""

from __future__ import annotations

from saga.engine import tables as T
from saga.look.text import Lookup
from saga.screen import pens as P
from saga.screen.title import big_text
from saga.screen.ui import LOWER_Y, WIDTH, Ui

LEFT, RIGHT, TOP = 250, 390, 198  # the score table
ROW = 13


def draw_game_over(ui: Ui, t: Lookup, scores: list[tuple[str, int]], line: str) -> None:
    """Draw the final ``scores`` (each playing hero's name and score) and ``line``."""
    ui.clear()
    ui.frame_colour(None)
    ui.draw_frame()
    ui.set_title("Saga")
    big_text(ui, "SAGA", (WIDTH - 4 * 8 * 8) // 2, 60, 8, P.GOLD, P.RED_TEXT)
    ui.fill(LEFT, TOP, RIGHT, TOP + 11, P.LIGHT_GREY)
    ui.text(LEFT + 4, TOP + 8, t("MSG_HERO_NAME"), P.BLACK)
    label = t("MSG_SCORE")
    ui.text(RIGHT - 4 - 8 * len(label), TOP + 8, label, P.BLACK)
    for row, (name, score) in enumerate(scores, 1):
        top = TOP + row * ROW
        ui.fill(LEFT, top, RIGHT, top + 11, P.GREEN if score >= T.VALHALLA else P.RED_TEXT)
        ui.text(LEFT + 4, top + 8, name, P.BLACK)
        ui.text(RIGHT - 4 - 8 * len(str(score)), top + 8, str(score), P.BLACK)
    ui.text((WIDTH - 8 * len(line)) // 2, LOWER_Y, line, P.WHITE, shadow=True)
