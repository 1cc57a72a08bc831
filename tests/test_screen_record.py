"""Recording and replaying games in the window, through the real screens.

A game is played in the window by clicks and keys (the oracle's human
answers, given as input by :class:`ScreenPlayer`), recorded by ``saga
--record``, and replayed in the window, headless and by the trace tool,
all to the original's trace.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from replays import human_traces, load_traces, needed, replay_text
from screen_player import ScreenPlayer

from amiga.input import IntuiMessage, ScriptedEventSource
from saga import cli
from saga.engine.host import Ask, Host
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files import replayfile, savefile
from saga.files.config import Config
from saga.look.text import english
from saga.play.hosts import PassOn, QuietHost
from saga.trace import main as trace_main
from saga.trace import read_answers
from saga.window import app
from saga.window.host import FAST_KEY


class _Player(ScreenPlayer):
    """Also starts the game on the title screen, and leaves after the game is over."""

    def __init__(self, answers: list[tuple[Ask, int, int, int]]) -> None:
        super().__init__(answers)
        self.games_over = 0

    def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
        if timeout is not None and not self.queue:
            return None  # a poll: like a real player, act only when the game waits
        return super().next_event(timeout)

    def _plan(self) -> None:
        if self.host is None:  # the title screen: start a game, or quit after one
            self._key(" " if not self.games_over else "\x1b")
        elif self.host.asking is None:  # the game-over screen
            self.games_over += 1
            self.host = None
            self._click(300, 300)
        else:
            super()._plan()


class _Autosaves(PassOn):
    """Notes each start-of-turn state as a trace's T line."""

    def __init__(self, host: Host, lines: list[str]) -> None:
        super().__init__(host)
        self.lines = lines

    def autosave(self, state: GameState) -> None:
        self.lines.append(f"T {state.turn} {savefile.encode(state).hex()}")
        self.host.autosave(state)


@pytest.fixture
def home(home: Path) -> Path:
    (home / "Saga.config").write_text("DELAY=0\n")  # no waiting in the window
    return home


def _q_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("Q ")]


def _t_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("T ")]


def _watch(path: Path, source: ScriptedEventSource | ScreenPlayer, delay: int = 0) -> list[str]:
    """Replay a file in the window; the trace's T lines of the game shown."""
    game = replayfile.read(path)
    lines: list[str] = []

    def note(host: Host, setup: Setup) -> Host:
        if isinstance(source, ScreenPlayer):
            source.host = host.host  # type: ignore[attr-defined]  # the ScreenHost under the replay
        return _Autosaves(host, lines)

    start = game.start
    config = Config(
        delay=delay, controls=list(start.controls), turns=start.turns, advanced=start.advanced
    )
    assert cli.watch_replay(game, config, english(), note, source) == 0
    return lines


def test_a_game_played_in_the_window_records_and_replays_three_ways(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    traces = needed(human_traces())
    trace = next(t for t in traces if t.stem == "1_20_0_100200")
    expected = trace.read_text()
    player = _Player(read_answers(expected.splitlines()))

    def run_window(*args: object, record: app.HostWrapper, **kwargs: object) -> int:
        def wrap(host: Host, setup: Setup) -> Host:
            player.host = host  # type: ignore[assignment]  # a local game's: the ScreenHost
            return record(host, setup)

        return real(*args, source=player, record=wrap, **kwargs)  # type: ignore[arg-type]

    real = app.run_window
    monkeypatch.setattr(app, "run_window", run_window)
    argv = [
        "--seed",
        "1",
        "--record",
        "mine.replay",
        "BEOWULF=HUMAN",
        "BRUNHILD=NONE",
        "EGIL=NONE",
        "RAGNAR=AMIGA",
        "SIEGFRIED=NONE",
        "STARKAD=NONE",
    ]
    assert cli.main(argv) == 0
    assert player.games_over == 1 and not player.answers
    recorded = (home / "mine.replay").read_text()
    assert recorded.splitlines()[0] == "SAGA-REPLAY 1 1 20 0 1 0 0 2 0 0"
    assert _q_lines(recorded) == _q_lines(expected)
    assert (home / "Autosave.replay").read_text() == recorded  # kept beside the autosave
    # Replayed by the trace tool: the original's trace, line for line.
    assert trace_main(["--replay", "mine.replay"]) == 0
    assert capsys.readouterr().out == expected
    # Headless: the same game to its end.
    assert cli.main(["--headless", "--replay", "mine.replay"]) == 0
    assert "Ragnar wins!" in capsys.readouterr().out
    # In the window: the same states, turn by turn.
    monkeypatch.setattr(app, "run_window", real)
    assert _watch(home / "mine.replay", ScriptedEventSource()) == _t_lines(expected)


@pytest.mark.parametrize("trace", human_traces() + load_traces(), ids=lambda p: p.stem)
def test_the_originals_games_replay_to_themselves_in_the_window(trace: Path, home: Path) -> None:
    path = home / "game.replay"
    path.write_text(replay_text(trace))
    assert _watch(path, ScriptedEventSource()) == _t_lines(trace.read_text())


def test_tab_runs_a_replay_at_full_speed(home: Path) -> None:
    traces = needed(load_traces())
    path = home / "game.replay"
    path.write_text(replay_text(traces[-1]))
    # With a message delay, every pause waits for ticks; this script has none,
    # so the game reaches its end only because Tab stops the pauses.
    source = ScriptedEventSource().key(FAST_KEY)
    assert _watch(path, source, delay=1) == _t_lines(traces[-1].read_text())


def test_tab_again_brings_the_message_delay_back(home: Path) -> None:
    from saga.screen.board import Board
    from saga.screen.ui import Ui
    from saga.window.host import ScreenHost

    source = ScriptedEventSource().key(FAST_KEY).ticks(7)
    ui = Ui(source)
    g = Session(Setup(1), english(), QuietHost()).game
    config = Config(delay=1)
    host = ScreenHost(ui, Board(ui), english(), config, g, None, print, summary=print, autoplay=1)
    host.fast = True
    host.pause()  # at full speed it only looks at the keyboard
    assert not host.fast
    host.pause()  # then waits its seven ticks again
    assert not len(source)


def test_a_replay_that_ends_early_hands_the_game_to_the_player(home: Path) -> None:
    traces = needed(human_traces())
    trace = traces[-1]
    lines = replay_text(trace).splitlines()
    questions = [i for i, line in enumerate(lines) if line.startswith("Q ")]
    half = questions[len(questions) // 2]
    path = home / "left.replay"
    path.write_text("\n".join(lines[:half]))  # its player left the game here
    player = _Player(read_answers(lines[half:]))
    assert _watch(path, player) == _t_lines(trace.read_text())
    assert not player.answers  # the rest was answered in the window
    assert (home / "Autosave.saga").exists()  # from there on, the player's own game


def test_watching_a_replay_keeps_no_settings(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (home / "r.replay").write_text("SAGA-REPLAY 1 3 2 1 0 0 2 0 0 2\n")
    seen: list[tuple[Config, Setup]] = []
    stores: list[object] = []

    def run_window(
        config: Config, *args: object, watch: replayfile.Replay, **kwargs: object
    ) -> int:
        seen.append((config, watch.setup()))
        stores.append(kwargs.get("store"))
        return 0

    monkeypatch.setattr(app, "run_window", run_window)
    assert cli.main(["--replay", "r.replay"]) == 0
    config, setup = seen[0]
    assert stores == [None]  # no settings store: nothing reaches Saga.config
    # The window plays the replay's game, whatever the settings say.
    assert (setup.seed, setup.controls, setup.turns, setup.advanced) == (
        3,
        (0, 0, 2, 0, 0, 2),
        2,
        True,
    )
    assert config.delay == 0  # the player's message delay is kept


def test_a_mismatch_in_the_window_stops_with_the_message(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    traces = needed(human_traces())
    lines = replay_text(traces[0]).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("Q "))
    lines[first] = "Q WRKEYBOARD 9 87 0"
    (home / "bad.replay").write_text("\n".join(lines))
    real = app.run_window
    monkeypatch.setattr(
        app, "run_window", lambda *a, **k: real(*a, **{**k, "source": ScriptedEventSource()})
    )
    assert cli.main(["--replay", "bad.replay"]) == 1
    assert capsys.readouterr().err == (
        "saga: the replay stops: turn 1: answer 1 is for WRKEYBOARD pen 9 (Ragnar), "
        "but the game asks COUNTRY pen 6 (Beowulf)\n"
    )


def test_a_replay_without_message_delay_still_answers_the_window(home: Path) -> None:
    (home / "amiga.replay").write_text("SAGA-REPLAY 1 8 5 0 2 0 0 2 0 0\n")
    assert len(_watch(home / "amiga.replay", ScriptedEventSource())) == 5
    # Closing the window at once ends the replay at its first pause: a sword
    # handed out before the first turn starts.
    assert _watch(home / "amiga.replay", ScriptedEventSource().close()) == []
