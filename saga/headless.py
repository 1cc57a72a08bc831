"""Watching the Amiga play in a terminal: every message as a line of text."""

from __future__ import annotations

from typing import TextIO

from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.turn import final_scores, game_over_line, play


def watch(g: Game, out: TextIO | None = None) -> list[int]:
    """Play the game out and print the final scores (to the host's ``out``); returns them."""
    play(g)
    scores = final_scores(g)
    if out is None:
        out = g.host.out  # type: ignore[attr-defined]
    playing = [h for h in g.heroes if h.control != T.NONE]
    out.write(f"\n{game_over_line(g)}\n")
    for h in playing:
        mark = "  Valhalla" if scores[h.index] >= T.VALHALLA else ""
        out.write(f"  {h.name:<12}{scores[h.index]:>4}{mark}\n")
    return scores
