"""Faithfulness: the port replays the original engine's traces line for line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import REPO_ORACLE, oracle_traces

from saga.engine.rng import Lcg64
from saga.engine.session import Setup
from saga.files import savefile, savelayout
from saga.trace import TraceError, first_difference, main, read_answers, run


def test_first_draws_of_seed_1_are_pinned() -> None:
    # The reference generator of docs/design.md; every game depends on it.
    rng = Lcg64(1)
    assert [rng.goodrand() for _ in range(3)] == [908834774, 1093944153, 1392341196]
    assert rng.calls == 3


def test_draws_are_31_bit() -> None:
    rng = Lcg64(2**64 - 1)
    assert all(0 <= rng.goodrand() < 2**31 for _ in range(1000))


def test_draws_worked_out_ahead_are_the_recurrence_one_step_at_a_time() -> None:
    # Across several batches: each draw, the count and the state at every step.
    mask = 2**64 - 1
    for seed in (0, 1, 2**63 + 5, mask):
        rng, state = Lcg64(seed), seed
        assert (rng.calls, rng.state) == (0, seed)
        for n in range(1, 1300):
            state = (state * 6364136223846793005 + 1442695040888963407) & mask
            assert rng.goodrand() == state >> 33
            assert (rng.calls, rng.state) == (n, state)
        assert Lcg64(rng.state).goodrand() == rng.goodrand()  # a state goes on as a seed


def _is_load(trace: Path) -> bool:
    return trace.parent.name == "load"  # SEED_NAME.trace continues NAME.saga beside it


TRACES = oracle_traces()


@pytest.mark.parametrize(
    "trace",
    [t for _, t in TRACES if not _is_load(t)],
    ids=[i for i, t in TRACES if not _is_load(t)],
)
def test_new_game_matches_original(trace: Path) -> None:
    seed, turns, advanced, controls = trace.stem.split("_")
    expected = trace.read_text()
    out = io.StringIO()
    answers = read_answers(expected.splitlines())
    run(
        Setup(int(seed), tuple(int(c) for c in controls), int(turns), advanced == "1"), answers, out
    )
    _same_lines(out.getvalue(), expected)


@pytest.mark.parametrize(
    "trace", [t for _, t in TRACES if _is_load(t)], ids=[i for i, t in TRACES if _is_load(t)]
)
def test_loaded_game_matches_original(trace: Path) -> None:
    seed, name = trace.stem.split("_", 1)
    expected = trace.read_text()
    state = savefile.load(trace.parent / f"{name}.saga")
    out = io.StringIO()
    run(Setup.continuing(int(seed), state), read_answers(expected.splitlines()), out)
    _same_lines(out.getvalue(), expected)


def test_every_clone_has_oracle_traces_to_check() -> None:
    ids = [i for i, _ in TRACES]
    assert sum(i.startswith("repo:load/") for i in ids) >= 2
    assert sum(i.startswith("repo:") and "/" not in i for i in ids) >= 10
    # Games of the original that loot, use and trade every treasure (items/README.md).
    assert sum(i.startswith("repo:items/") for i in ids) >= 15


def _same_lines(got: str, expected: str) -> None:
    differences = first_difference(got.splitlines(), expected.splitlines())
    assert not differences, "\n".join(differences[:20])


def test_a_broken_trace_names_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original = REPO_ORACLE / "7_5_0_000200.trace"
    lines = original.read_text().splitlines()
    turn, blob = lines[2].split()[1:]
    data = savelayout.parse(bytes.fromhex(blob))
    data["heroes.Egil.luck"] += 1
    lines[2] = f"T {turn} {savelayout.build(data).hex()}"
    broken = tmp_path / original.name
    broken.write_text("\n".join(lines) + "\n")
    luck = data["heroes.Egil.luck"]
    message = f"turn {turn}: heroes.Egil.luck {luck - 1} ≠ {luck}"

    with pytest.raises(AssertionError, match=message):
        test_new_game_matches_original(broken)
    assert main(["7", "5", "0", *"000200", "--expect", str(broken)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"saga.trace: {message}\n"
    assert captured.out == original.read_text()  # the trace itself, as always
    assert main(["7", "5", "0", *"000200", "--expect", str(original)]) == 0


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
        (["1", "100", "0", "2", "0", "0", "2", "0", "0"], "a game lasts 1 to 99 turns, not 100"),
        (["1", "20", "0", "3", "0", "0", "2", "0", "0"], "Beowulf's control must be"),
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
