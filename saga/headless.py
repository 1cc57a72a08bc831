"""Watching the Amiga play in a terminal: every message as a line of text."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from saga import savefile
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.state import GameState
from saga.engine.turn import final_scores, game_over_line, play
from saga.host import FIRST_HERO_PEN, QuietHost
from saga.pens import HERO_COLOURS
from saga.text import Lookup

# The heroes' pens in their own colours (24-bit terminal colours).
_ANSI = {FIRST_HERO_PEN + h: "38;2;{};{};{}".format(*rgb) for h, rgb in enumerate(HERO_COLOURS)}
VALHALLA = 15  # the glory that earns a place in Valhalla


class TerminalHost(QuietHost):
    listening = True

    def __init__(
        self,
        out: TextIO,
        text: Lookup,
        autosave_path: Path | None,
        colour: bool,
    ) -> None:
        self.out = out
        self.t = text
        self.autosave_path = autosave_path
        self.colour = colour

    def say(self, text: str, pen: int) -> None:
        code = _ANSI.get(pen) if self.colour else None
        self.out.write(f"\x1b[{code}m{text}\x1b[0m\n" if code else text + "\n")

    def autosave(self, state: GameState) -> None:
        if self.autosave_path is None:
            return
        problem = savefile.try_save(self.autosave_path, state)
        if problem:
            print(f"saga: can't autosave to {self.autosave_path}: {problem}", file=sys.stderr)
            self.autosave_path = None  # say it once, and play on


def watch(g: Game, out: TextIO | None = None) -> list[int]:
    """Play the game out and print the final scores (to the host's ``out``); returns them."""
    play(g)
    scores = final_scores(g)
    if out is None:
        out = g.host.out  # type: ignore[attr-defined]
    playing = [h for h in g.heroes if h.control != T.NONE]
    out.write(f"\n{game_over_line(g)}\n")
    for h in playing:
        mark = "  Valhalla" if scores[h.index] >= VALHALLA else ""
        out.write(f"  {h.name:<12}{scores[h.index]:>4}{mark}\n")
    return scores
