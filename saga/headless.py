"""Watching the Amiga play in a terminal: every message as a line of text."""

from __future__ import annotations

from typing import TextIO

from saga.engine import tables as T
from saga.engine.session import Session
from saga.look.text import printable


def watch(session: Session, out: TextIO) -> list[int]:
    """Play the game out and print the final scores to ``out``; returns them."""
    session.play()
    scores = session.scores()
    playing = [h for h in session.state.heroes if h.control != T.NONE]
    out.write(f"\n{printable(session.game_over_line())}\n")  # catalog words: shown, not obeyed
    for h in playing:
        mark = "  Valhalla" if scores[h.index] >= T.VALHALLA else ""
        out.write(f"  {printable(h.name):<12}{scores[h.index]:>4}{mark}\n")
    return scores
