"""saga --simulate: many Amiga games, the same figures on any number of processes."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from amiga.iff.png import decode_png
from saga import simulate
from saga.cli import main
from saga.engine import tables as T
from saga.engine.session import Session, Setup
from saga.engine.turn import all_withdrawn
from saga.screen import pens as P

ARGS = ["--simulate", "12", "--seed", "5", "--turns", "6"]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_same_seed_gives_the_same_figures_on_any_number_of_processes(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, one, err = _run([*ARGS, "--jobs", "1", "--csv", "one.csv"], capsys)
    assert status == 0 and "12 games in" in err and "1 process" in err
    status, two, err = _run([*ARGS, "--jobs", "3", "--csv", "three.csv"], capsys)
    cores = len(os.sched_getaffinity(0))  # --jobs is capped by the cores
    assert status == 0 and (f"{min(3, cores)} processes" in err or cores == 1)
    assert one == two
    assert (home / "one.csv").read_text() == (home / "three.csv").read_text()
    assert _run([*ARGS[:3], "6", "--turns", "6"], capsys)[1] != one  # another seed, other games


def test_the_report_gives_each_heros_figures(home: Path, capsys) -> None:
    status, out, _ = _run([*ARGS, "EGIL=NONE", "STARKAD=NONE"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "12 games of 6 turns, basic rules, seed 5"
    assert lines[1].split() == [
        "hero",
        "wins",
        "ties",
        "mean",
        "score",
        "spread",
        "died",
        "deaths/game",
    ]
    rows = [line.split() for line in lines[2:-1]]
    assert [r[0] for r in rows] == ["Beowulf", "Brunhild", "Ragnar", "Siegfried"]
    for row in rows:
        wins, ties = int(row[1]), int(row[2])
        assert 0 <= wins + ties <= 12
        assert float(row[3]) >= 0 and float(row[4]) >= 0
        assert row[5].endswith("%") and 0 <= float(row[5][:-1]) <= 100
    assert lines[-1].startswith("mean game length ") and "turns;" in lines[-1]


def test_the_figures_follow_from_the_games() -> None:
    plan = simulate.Plan(games=40, seed=3, turns=12, controls=(2, 2, 0, 2, 0, 2))
    results = simulate.run(plan, jobs=1)
    assert [r.index for r in results] == list(range(40))
    assert len({r.seed for r in results}) == 40
    figures = {f.hero: f for f in simulate.figures(plan, results)}
    assert sorted(figures) == [0, 1, 3, 5]
    # Every game has one winner or a tie between some of the heroes.
    ties = sum(len(r.best(plan.heroes)) > 1 for r in results)
    assert sum(f.wins for f in figures.values()) == 40 - ties
    assert all(f.ties <= ties for f in figures.values())
    for h, f in figures.items():
        scores = [r.scores[h] for r in results]
        assert f.mean == pytest.approx(sum(scores) / 40)
        assert f.spread == pytest.approx(float(np.std(scores, ddof=1)))
        assert f.died == sum(r.deaths[h] > 0 for r in results) / 40
    assert any(f.deaths for f in figures.values())  # in 12 turns somebody falls
    assert all(1 <= r.length <= 12 for r in results)


def test_deaths_and_game_length_are_read_from_the_engine() -> None:
    """Recount one game by hand: a hero lying dead at a turn's start is one death."""
    from saga.engine.state import GameState
    from saga.look.text import english
    from saga.play.hosts import QuietHost

    lonely = simulate.Plan(games=52, seed=1, turns=20, controls=(2, 0, 0, 0, 0, 0))
    crowded = simulate.Plan(games=10, seed=1, turns=20)
    early = simulate.play_game(lonely, 51)
    assert early.length == 15 and early.deaths[0] == 3  # died twice, restarted, withdrew
    bloody = max(simulate.run(crowded, jobs=1), key=lambda r: sum(r.deaths))
    assert sum(bloody.deaths) > 3
    for plan, result in ((lonely, early), (crowded, bloody)):
        starts: list[list[tuple[bool, bool]]] = []

        class Watch(QuietHost):
            def autosave(self, state: GameState, starts: list = starts) -> None:
                starts.append([(h.alive, h.verydead) for h in state.heroes])

        setup = Setup(result.seed, plan.controls, plan.turns, plan.advanced)
        session = Session(setup, english(), Watch())
        session.play()
        g = session.game
        ends = [(h.alive, h.verydead) for h in g.heroes]
        dead = [
            sum(not a and not v for a, v in (turn[h] for turn in [*starts, ends])) for h in range(6)
        ]
        assert list(result.deaths) == dead
        assert result.length == g.state.turn - 1
        if result.length < plan.turns:
            assert all_withdrawn(g) and len(starts) == result.length + 1


def test_csv_has_a_row_per_game(home: Path, capsys) -> None:
    assert _run([*ARGS, "RAGNAR=NONE", "--csv", "games.csv"], capsys)[0] == 0
    rows = list(csv.DictReader((home / "games.csv").open()))
    assert [int(r["game"]) for r in rows] == list(range(12))
    assert set(rows[0]) == {
        "game",
        "seed",
        "turns_played",
        "winner",
        "beowulf_score",
        "brunhild_score",
        "egil_score",
        "siegfried_score",
        "starkad_score",
        "beowulf_deaths",
        "brunhild_deaths",
        "egil_deaths",
        "siegfried_deaths",
        "starkad_deaths",
    }
    plan = simulate.Plan(games=12, seed=5, turns=6, controls=(2, 2, 2, 0, 2, 2))
    assert int(rows[3]["seed"]) == plan.game_seed(3)
    assert rows[3]["winner"] in {"tie", "Beowulf", "Brunhild", "Egil", "Siegfried", "Starkad"}


def test_the_chart_shows_each_hero_in_his_colour(home: Path, capsys) -> None:
    assert _run([*ARGS, "BRUNHILD=NONE", "--chart", "scores.png"], capsys)[0] == 0
    image = decode_png((home / "scores.png").read_bytes())
    pixels, palette = image.pixels, image.palette
    assert pixels.shape == (512, 640)
    shown = {tuple(palette[pen]) for pen in np.unique(pixels)}
    for hero, colour in enumerate(P.HERO_COLOURS):
        assert (colour in shown) == (hero != 1), T.HERO_NAMES[hero]
    bars = int((pixels == P.FIRST_HERO).sum())
    assert bars > 500  # Beowulf's name and bars


def test_simulation_needs_no_pygame(tmp_path: Path) -> None:
    code = (
        "import sys; from saga.cli import main; "
        f"main(['--simulate', '4', '--seed', '2', '--turns', '2', '--jobs', '2', "
        f"'--chart', {str(tmp_path / 'c.png')!r}, '--csv', {str(tmp_path / 'c.csv')!r}]); "
        "assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "c.png").stat().st_size > 1000


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--simulate", "0"], "at least 1 game"),
        (["--simulate", "5", "--jobs", "0"], "--jobs must be at least 1"),
        (["--simulate", "5", "BEOWULF=HUMAN"], "only Amiga heroes"),
        (["--simulate", "5", *(f"{h}=NONE" for h in T.HERO_NAMES)], "at least one hero"),
        (["--simulate", "5", "--turns", "100"], "a game lasts 1 to 99 turns, not 100"),
        (["--simulate", "5", "--turns", "0"], "a game lasts 1 to 99 turns, not 0"),
        (["--simulate", "5", "--seed", "-1"], "the seed must be 0 to 18446744073709551615"),
        (["--simulate", "5", "--headless"], "--simulate plays headless"),
        (["--simulate", "5", "--replay", "x"], "records or replays nothing"),
        (["--csv", "x.csv"], "go with --simulate"),
        (["--simulate", "5", "--csv", "no/such/dir.csv"], "can't write no/such/dir.csv"),
    ],
)
def test_bad_simulations_get_a_clear_message(home: Path, capsys, argv, message) -> None:
    status, out, err = _run(argv, capsys)
    assert status == 2 and out == ""
    assert err.startswith("saga: ") and message in err and "Traceback" not in err


def test_the_progress_bar_counts_up_to_the_end() -> None:
    import io

    out = io.StringIO()
    bar = simulate.ProgressBar(200, out)
    for done in range(1, 201):
        bar(done)
    shown = out.getvalue().split("\r")[1:]
    assert len(shown) == 101  # drawn at 0%, then once a hundredth
    assert shown[-1] == f"[{'#' * 40}] 200/200"


def test_the_chart_and_the_table_round_each_figure_alike() -> None:
    """A mean of 8.45 once read 8.45 in the table and 8.4 on the chart."""
    from saga.chart import Panel, caption

    assert caption(Panel(0, 8.45, 2.005, [1])) == "mean 8.45  spread 2.00"
    plan = simulate.Plan(games=12, seed=5, turns=6, controls=(2, 2, 2, 0, 2, 2))
    results = simulate.run(plan, jobs=1)
    out = io.StringIO()
    simulate.report(plan, results, out)
    rows = {line.split()[0]: line.split() for line in out.getvalue().splitlines()[2:-1]}
    for panel in simulate.panels(plan, results):
        row = rows[T.HERO_NAMES[panel.hero]]
        assert caption(panel) == f"mean {row[3]}  spread {row[4]}"
