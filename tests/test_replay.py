"""Replay files: written as games are played, read back by the trace tool and
the headless game, and stopped with a clear message when they no longer fit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from replays import human_traces, load_traces, needed, replay_text, scores

from saga.cli import main as saga_main
from saga.engine import tables as T
from saga.engine.host import Answer, Ask
from saga.engine.session import Setup
from saga.files import replayfile, savefile
from saga.play import replay
from saga.play.hosts import QuietHost
from saga.trace import main as trace_main

AMIGA_ONLY = [
    "BEOWULF=AMIGA",
    "BRUNHILD=NONE",
    "EGIL=AMIGA",
    "RAGNAR=AMIGA",
    "SIEGFRIED=NONE",
    "STARKAD=NONE",
]


def _trace(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = trace_main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def _final_scores(headless_output: str) -> list[int]:
    """The scores the headless game prints after "The game is over!...", hero by hero."""
    table = headless_output.split("The game is over!")[1].splitlines()[1:]
    return [
        int(line.split()[-2 if "Valhalla" in line else -1])
        for line in table
        if line.startswith("  ")
    ]


# -- the format ------------------------------------------------------------------


def test_the_first_line_and_the_save_line_read_back() -> None:
    answers = [(Ask.COUNTRY, 6, 12, 5), (Ask.YNKEYBOARD, 7, 89, 1)]
    start = Setup(7, (1, 2, 0, 0, 2, 1), 12, True, fixes=True)
    new = replayfile.Replay(start, answers=answers)
    assert new.header() == ["SAGA-REPLAY 1 7 12 1 1 2 0 0 2 1 FIXBUGS"]
    lines = [*new.header(), "Q COUNTRY 6 12 5", "a line of anything", "Q YNKEYBOARD 7 89 1"]
    assert replayfile.parse(lines) == new
    loaded = replayfile.Replay(Setup(2**64 - 1), savefile.encode(savefile.decode(_a_save())))
    assert replayfile.parse(loaded.header()) == loaded
    assert loaded.header()[0] == f"SAGA-REPLAY 1 LOAD {2**64 - 1}"


def _a_save() -> bytes:
    status = subprocess.run(
        [sys.executable, "-m", "saga.trace", "3", "2", "0", "2", "0", "0", "2", "0", "0"],
        capture_output=True,
        text=True,
        check=True,
    )
    last_turn = [line for line in status.stdout.splitlines() if line.startswith("T ")][-1]
    return bytes.fromhex(last_turn.split()[2])


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "is not a replay: it must start with SAGA-REPLAY"),
        ("T 1 00\n", "is not a replay"),
        ("SAGA-REPLAY 2 1 20 0 1 0 0 2 0 0\n", "a version this Saga does not know"),
        ("SAGA-REPLAY 1 1 20 0 1 0 0\n", "give SEED TURNS ADVANCED and six controls"),
        ("SAGA-REPLAY 1 1 200 0 1 0 0 2 0 0\n", "a game lasts 1 to 99 turns, not 200"),
        ("SAGA-REPLAY 1 -5 20 0 1 0 0 2 0 0\n", "the seed must be 0 to"),
        ("SAGA-REPLAY 1 1 20 0 1 0 0 3 0 0\n", "Ragnar's control must be"),
        ("SAGA-REPLAY 1 1 20 2 1 0 0 2 0 0\n", "advanced must be on or off, not 2"),
        ("SAGA-REPLAY 1 1 20 0 1 0 x 2 0 0\n", "the control of Egil must be a whole number"),
        ("SAGA-REPLAY 1 1 20 0 1 0 0 2 0 0\nQ COUNTRY six 1 5\n", "line 2: not a Q line"),
        ("SAGA-REPLAY 1 1 20 0 1 0 0 2 0 0\nQ SOMETHING 6 1 5\n", "line 2: not a Q line"),
        ("SAGA-REPLAY 1 LOAD 3\n", "needs an 'S <hex>' line"),
        ("SAGA-REPLAY 1 LOAD 3 4\nS 00\n", "after LOAD give only the SEED"),
        ("SAGA-REPLAY 1 LOAD 3\nS xyz\n", "not hexadecimal"),
        ("SAGA-REPLAY 1 LOAD 3\nS 5341\n", "its saved game is not one Saga can load"),
    ],
)
def test_bad_replays_get_a_clear_message(
    home: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = home / "bad.replay"
    path.write_text(text)
    with pytest.raises(replayfile.ReplayError, match=r"bad\.replay"):
        replayfile.read(path)
    assert saga_main(["--headless", "--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("saga: ") and message in err and "Traceback" not in err
    status, _, err = _trace(["--replay", str(path)], capsys)
    assert status == 2 and message in err


def test_a_replay_that_is_not_a_file_is_refused(home: Path, capsys) -> None:
    assert saga_main(["--headless", "--replay", str(home)]) == 2
    assert "can't read the replay" in capsys.readouterr().err
    assert saga_main(["--headless", "--replay", "missing.replay"]) == 2
    assert "does not exist" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv", [["--seed", "3"], ["--turns", "3"], ["--advanced"], ["RAGNAR=AMIGA"]]
)
def test_a_replay_takes_its_game_from_its_file(home: Path, capsys, argv) -> None:
    (home / "r.replay").write_text("SAGA-REPLAY 1 1 2 0 0 0 0 2 0 0\n")
    assert saga_main(["--headless", "--replay", "r.replay", *argv]) == 2
    assert "--replay takes the game from its file" in capsys.readouterr().err


# -- the shared traces of the original, as replays --------------------------------


@pytest.mark.parametrize("trace", human_traces() + load_traces(), ids=lambda p: p.stem)
def test_the_originals_games_replay_to_themselves(
    trace: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = home / "game.replay"
    path.write_text(replay_text(trace))
    expected = trace.read_text()
    # The trace tool prints the trace itself, line for line ...
    status, out, err = _trace(["--replay", str(path)], capsys)
    assert (status, err) == (0, "")
    assert out == expected
    # ... and is the same as giving it the arguments and --answers.
    if trace.parent.name == "load":
        seed, name = trace.stem.split("_", 1)
        args = ["--load", str(trace.parent / f"{name}.saga"), seed]
    else:
        args = [*trace.stem.split("_")[:3], *trace.stem.split("_")[3]]
    assert _trace([*args, "--answers", str(trace)], capsys)[1] == out
    # The headless game plays it to the same scores, asking the same questions.
    assert saga_main(["--headless", "--replay", str(path), "--record", "again.replay"]) == 0
    game = replayfile.read(path)
    state = game.state()
    controls = [h.control for h in state.heroes] if state else game.start.controls
    final = scores(expected)
    assert _final_scores(capsys.readouterr().out) == [
        final[h] for h in range(6) if controls[h] != T.NONE
    ]
    again = (home / "again.replay").read_text().splitlines()
    assert [line for line in again if line.startswith("Q ")] == [
        line for line in expected.splitlines() if line.startswith("Q ")
    ]
    assert replayfile.read(home / "again.replay").start.seed == game.start.seed
    # Nothing of the player's own: a replay keeps no autosave.
    assert not (home / "Autosave.saga").exists() and not (home / "Autosave.replay").exists()


@pytest.mark.parametrize("trace", human_traces()[:1], ids=lambda p: p.stem)
def test_a_replay_that_no_longer_fits_stops_naming_the_turn_and_both_questions(
    trace: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = replay_text(trace).splitlines()
    questions = [i for i, line in enumerate(lines) if line.startswith("Q COUNTRY ")]
    wrong = questions[40]
    turn = [line for line in lines[:wrong] if line.startswith("T ")][-1].split()[1]
    pen = lines[wrong].split()[2]
    number = sum(line.startswith("Q ") for line in lines[: wrong + 1])
    lines[wrong] = lines[wrong].replace("Q COUNTRY", "Q GLKEYBOARD")
    path = home / "changed.replay"
    path.write_text("\n".join(lines))
    message = (
        f"turn {turn}: answer {number} is for GLKEYBOARD pen {pen} (Beowulf), "
        f"but the game asks COUNTRY pen {pen} (Beowulf)"
    )
    status, out, err = _trace(["--replay", str(path)], capsys)
    assert status == 1 and message in err
    assert out.count("\nQ ") == number - 1  # the trace up to there is kept
    assert saga_main(["--headless", "--replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f"saga: the replay stops: {message}\n"


def test_a_replay_that_runs_out_says_so(home: Path, capsys) -> None:
    traces = needed(human_traces())
    lines = replay_text(traces[0]).splitlines()
    last = max(i for i, line in enumerate(lines) if line.startswith("Q "))
    (home / "short.replay").write_text("\n".join(lines[:last]))
    assert saga_main(["--headless", "--replay", "short.replay"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("saga: the replay stops: turn ") and "no answer left for" in err


# -- recording ---------------------------------------------------------------------


def test_a_headless_game_records_its_replay(home: Path, capsys) -> None:
    argv = ["--headless", "--seed", "5", "--turns", "3", "--record", "mine.replay", *AMIGA_ONLY]
    assert saga_main(argv) == 0
    capsys.readouterr()
    recorded = (home / "mine.replay").read_text()
    assert recorded == "SAGA-REPLAY 1 5 3 0 2 0 2 2 0 0\n"
    assert (home / "Autosave.replay").read_text() == recorded  # the last game's, kept anyway
    status, out, _ = _trace(["--replay", "mine.replay"], capsys)
    assert status == 0
    assert out == _trace(["5", "3", "0", "2", "0", "2", "2", "0", "0"], capsys)[1]


def test_a_continued_game_records_the_save_it_starts_from(home: Path, capsys) -> None:
    saga_main(["--headless", "--seed", "4", "--turns", "3", *AMIGA_ONLY])
    (home / "Autosave.saga").rename(home / "game.saga")
    capsys.readouterr()
    assert saga_main(["--headless", "--seed", "9", "--record", "cont.replay", "game.saga"]) == 0
    watched = capsys.readouterr().out
    recorded = (home / "cont.replay").read_text().splitlines()
    assert recorded[0] == "SAGA-REPLAY 1 LOAD 9"
    # The game as loaded, as its first autosave writes it (see the loader's gaps).
    assert recorded[1] == "S " + savefile.encode(savefile.load(home / "game.saga")).hex()
    status, out, _ = _trace(["--replay", "cont.replay"], capsys)
    assert status == 0
    assert out == _trace(["--load", "game.saga", "9"], capsys)[1]
    assert saga_main(["--headless", "--replay", "cont.replay"]) == 0
    assert capsys.readouterr().out == watched


def test_record_to_a_file_that_cannot_be_written(home: Path, capsys) -> None:
    argv = ["--headless", "--record", str(home / "no" / "such" / "folder.replay"), *AMIGA_ONLY]
    assert saga_main(argv) == 2
    assert "can't record to" in capsys.readouterr().err


class _Answers(QuietHost):
    """Gives fixed answers, as a screen would: keys leave the countertype alone."""

    def __init__(self, answers: list[Answer]) -> None:
        self.answers = list(answers)

    def ask(self, mode: Ask, pen: int) -> Answer:
        return self.answers.pop(0)


def test_the_recorder_writes_the_countertype_the_engine_then_holds(tmp_path: Path) -> None:
    from saga.engine.state import GameState

    path = tmp_path / "r.replay"
    inner = _Answers([Answer(ord("Y")), Answer(3, T.JARL), Answer(ord("N")), Answer(-3, None)])
    recorder = replay.Recorder(inner, Setup(11, (T.HUMAN,) + (T.NONE,) * 5), [(path, True)])
    asked = [recorder.ask(Ask.YNKEYBOARD, 6)]  # before the first autosave: held back
    state = GameState()
    state.heroes[0].control = T.HUMAN
    recorder.autosave(state)
    asked += [recorder.ask(m, 6) for m in (Ask.COUNTER, Ask.YNKEYBOARD, Ask.COUNTRY)]
    assert [a.countertype for a in asked] == [None, T.JARL, None, None]  # passed on as given
    assert path.read_text().splitlines() == [
        "SAGA-REPLAY 1 11 20 0 1 0 0 0 0 0",
        "Q YNKEYBOARD 6 89 0",
        "Q COUNTER 6 3 1",
        "Q YNKEYBOARD 6 78 1",
        "Q COUNTRY 6 -3 1",
    ]


def test_a_replay_is_never_recorded_over_itself(home: Path, capsys) -> None:
    (home / "r.replay").write_text("SAGA-REPLAY 1 1 2 0 0 0 0 2 0 0\n")
    assert saga_main(["--headless", "--replay", "r.replay", "--record", "./r.replay"]) == 2
    assert "must not overwrite the replay" in capsys.readouterr().err
    assert (home / "r.replay").read_text() == "SAGA-REPLAY 1 1 2 0 0 0 0 2 0 0\n"


def test_the_trace_tool_takes_a_replay_alone(home: Path, capsys) -> None:
    (home / "r.replay").write_text("SAGA-REPLAY 1 1 2 0 0 0 0 2 0 0\n")
    status, _, err = _trace(["--replay", "r.replay", "1"], capsys)
    assert status == 2 and "--replay takes no other arguments" in err
