"""Faithfulness: the port replays the original engine's traces line for line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import oracle_dir

from saga import savefile
from saga.engine.rng import Lcg64
from saga.trace import TraceError, main, read_answers, run


def test_first_draws_of_seed_1_are_pinned() -> None:
    # The reference generator of DESIGN.md; every game depends on it.
    rng = Lcg64(1)
    assert [rng.goodrand() for _ in range(3)] == [908834774, 1093944153, 1392341196]
    assert rng.calls == 3


def test_draws_are_31_bit() -> None:
    rng = Lcg64(2**64 - 1)
    assert all(0 <= rng.goodrand() < 2**31 for _ in range(1000))


def _new_game_traces() -> list[Path]:
    base = oracle_dir()
    return sorted(base.glob("*.trace")) if base else []


def _load_traces() -> list[Path]:
    base = oracle_dir()
    return sorted((base / "load").glob("*.trace")) if base else []


def replay_new_game(trace: Path) -> None:
    """Replay SEED_TURNS_ADVANCED_CONTROLS.trace (its own answers) and compare every line."""
    seed, turns, advanced, controls = trace.stem.split("_")
    expected = trace.read_text()
    out = io.StringIO()
    answers = read_answers(expected.splitlines())
    run(None, int(seed), answers, out,
        ([int(c) for c in controls], int(turns), advanced == "1"))
    _same_lines(out.getvalue(), expected)


def replay_loaded_game(trace: Path) -> None:
    """Replay SEED_NAME.trace, continuing NAME.saga beside it, and compare every line."""
    seed, name = trace.stem.split("_", 1)
    expected = trace.read_text()
    state = savefile.load(trace.parent / f"{name}.saga")
    out = io.StringIO()
    run(state, int(seed), read_answers(expected.splitlines()), out)
    _same_lines(out.getvalue(), expected)


@pytest.mark.parametrize("trace", _new_game_traces(), ids=lambda p: p.stem)
def test_new_game_matches_original(trace: Path) -> None:
    replay_new_game(trace)


@pytest.mark.parametrize("trace", _load_traces(), ids=lambda p: p.stem)
def test_loaded_game_matches_original(trace: Path) -> None:
    replay_loaded_game(trace)


def test_there_are_oracle_traces_to_check(oracle: Path) -> None:
    assert _new_game_traces() and _load_traces()


def _same_lines(got: str, expected: str) -> None:
    got_lines, want_lines = got.splitlines(), expected.splitlines()
    for number, (a, b) in enumerate(zip(got_lines, want_lines, strict=False), 1):
        assert a == b, f"line {number} differs:\n got  {a[:120]}\n want {b[:120]}"
    assert len(got_lines) == len(want_lines)


def test_trace_cli_prints_the_trace(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["7", "5", "0", "0", "0", "0", "2", "0", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["T"] * 5 + ["FINAL", "END"] + ["SCORE"] * 6
    assert lines[0].startswith("T 1 5341474120312e383000")
    assert lines[5].startswith("FINAL 6 ")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["1", "20", "0", "1", "0", "0", "2", "0", "0"], "needs --answers"),
        (["x", "20", "0", "2", "0", "0", "2", "0", "0"], "SEED must be a whole number"),
        (["1", "100", "0", "2", "0", "0", "2", "0", "0"], "TURNS must be 1..99"),
        (["1", "20", "0", "3", "0", "0", "2", "0", "0"], "control of Beowulf"),
        (["1", "20"], "six controls"),
        (["--load", "/nonexistent.saga", "1"], "can't read it"),
    ],
)
def test_trace_cli_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_answers_must_fit_the_questions(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trace"
    bad.write_text("Q COUNTRY 6 10\n")
    with pytest.raises(TraceError, match="line 1"):
        read_answers(bad.read_text().splitlines(), str(bad))
    assert read_answers(["T 1 00", "Q GLKEYBOARD 7 71 2"]) == [(5, 7, 71, 2)]


def test_running_out_of_answers_stops_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = tmp_path / "short.trace"
    answers.write_text("Q COUNTRY 6 -3 5\n")
    assert main(["1", "20", "0", "1", "0", "0", "2", "0", "0", "--answers", str(answers)]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("T 1 ") and "no answer left" in captured.err
