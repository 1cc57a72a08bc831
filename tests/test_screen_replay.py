"""Human answers given through the real screens reproduce the original's games.

Each recorded answer of the oracle's human traces is given as the click or
key that produces it (a click on an area, on a counter, on the message
line, off the map; Backspace; a letter), so the whole input path is tested
against the original engine, state by state.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import oracle_traces
from screen_player import ScreenPlayer

from saga.art.kit import Art
from saga.engine.game import Game
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files import savefile
from saga.files.config import Config
from saga.look.text import english
from saga.screen.board import Board
from saga.screen.ui import Ui
from saga.trace import first_difference, read_answers
from saga.window.host import ScreenHost


class RecordingScreenHost(ScreenHost):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lines: list[str] = []

    def autosave(self, state: GameState) -> None:
        self.lines.append(f"T {state.turn} {savefile.encode(state).hex()}")


# The item traces' scripted player also picks counters that no map shows
# (a sword in a hero's hands, say), answers only a script can give; the
# engine tests replay those, the screens the games a player could click.
HUMAN_TRACES = [
    (name, p)
    for name, p in oracle_traces()
    if p.parent.name not in ("load", "items") and "1" in p.stem.split("_")[3]
]


def play_through_screens(trace: Path, art: Art | None = None) -> RecordingScreenHost:
    """Give a human trace's answers through the screens drawn with ``art`` (ours
    by default): the host, which noted each start-of-turn save; every answer
    is used and every save matches the trace's."""
    seed, turns, advanced, controls = trace.stem.split("_")
    lines = trace.read_text().splitlines()
    player = ScreenPlayer(read_answers(lines))
    ui = Ui(player, art=art)

    def hosting(g: Game) -> RecordingScreenHost:
        host = RecordingScreenHost(
            ui, Board(ui), english(), Config(delay=0), g, None, print, summary=lambda: None
        )
        player.host = host
        return host

    setup = Setup(int(seed), tuple(int(c) for c in controls), int(turns), advanced == "1")
    session = Session(setup, english(), hosting)
    session.play()
    host = session.game.host
    assert isinstance(host, RecordingScreenHost)
    assert not player.answers
    expected = [line for line in lines if line.startswith("T ")]
    assert not first_difference(host.lines, expected), trace.name
    return host


@pytest.mark.parametrize("trace", [p for _, p in HUMAN_TRACES], ids=[n for n, _ in HUMAN_TRACES])
def test_human_game_through_the_screens(trace: Path) -> None:
    play_through_screens(trace)
