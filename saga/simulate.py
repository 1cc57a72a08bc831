"""Many games of Amiga heroes at once: who wins, by how much, and who dies.

    saga --simulate N [--seed S] [--turns T] [--advanced] [--jobs J]
         [--csv FILE] [--chart FILE.png] [HERO=AMIGA|NONE ...]

Game ``i`` is seeded from S and i alone (:meth:`Plan.game_seed`) and the
results are taken in the order of i, so a run gives the same figures on one
process or many; each game's seed is in the CSV, to replay it alone with
``saga --headless --seed``.

The figures, from the engine's state:

* **won**: the game's highest final score was the hero's alone; **tied**:
  shared with another hero.
* **died**: killed in battle.  A killed hero lies dead (not ``alive``, not
  yet ``verydead``) until the start of the next turn, where he restarts,
  promotes a jarl or withdraws; so every death is seen exactly once, at the
  next start-of-turn autosave or at the game's end.  Reported as the share
  of games in which the hero died at least once, and deaths per game.
* **game length**: the turns played: all T, unless every hero has withdrawn
  (after dying in the second half), which ends the game at the start of the
  next turn; the trace's ``END`` turn.
"""

from __future__ import annotations

import csv
import io
import multiprocessing
import signal
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from amiga.dos import FileProblem, check_writable, reason, write_atomic
from saga.engine import tables as T
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.look.text import Lookup, decimal, english, warn
from saga.play.hosts import QuietHost

if TYPE_CHECKING:
    from saga.chart import Panel

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # splitmix64's step: spreads neighbouring indices apart


@dataclass(frozen=True)
class Plan:
    games: int
    seed: int
    turns: int = T.DEFAULT_TURNS
    advanced: bool = False
    controls: tuple[T.Control, ...] = (T.AMIGA,) * len(T.HERO_NAMES)
    fixes: bool = False

    def __post_init__(self) -> None:
        # Every game's set-up is refused at the door before any is played;
        # the games' own seeds, worked out from this one, are always in range.
        Setup(self.seed, self.controls, self.turns, self.advanced, self.fixes)

    def game_seed(self, index: int) -> int:
        """Game ``index``'s seed: splitmix64 of S and the index, so nearby games differ."""
        z = (self.seed + (index + 1) * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    @property
    def heroes(self) -> list[int]:
        return [h for h, control in enumerate(self.controls) if control != T.NONE]


@dataclass(frozen=True)
class Result:
    index: int
    seed: int
    length: int  # turns played
    scores: tuple[int, ...]
    deaths: tuple[int, ...]

    def best(self, heroes: list[int]) -> list[int]:
        """The heroes with the highest final score."""
        top = max(self.scores[h] for h in heroes)
        return [h for h in heroes if self.scores[h] == top]


class _DeathCount(QuietHost):
    """Counts the heroes lying dead at each turn's start (see the module's notes)."""

    def __init__(self) -> None:
        self.deaths = [0] * len(T.HERO_NAMES)

    def autosave(self, state: GameState) -> None:
        self.count(state)

    def count(self, state: GameState) -> None:
        for h in state.heroes:
            if not h.alive and not h.verydead:
                self.deaths[h.index] += 1


@cache
def _text() -> Lookup:
    return english()


def play_game(plan: Plan, index: int) -> Result:
    seed = plan.game_seed(index)
    host = _DeathCount()
    setup = Setup(seed, plan.controls, plan.turns, plan.advanced, plan.fixes)
    session = Session(setup, _text(), host)
    session.play()
    # Whoever fell in the last turn; after an early end nobody lies dead.
    host.count(session.state)
    return Result(index, seed, session.state.turn - 1, tuple(session.scores()), tuple(host.deaths))


_worker_plan: Plan | None = None


def _start_worker(plan: Plan) -> None:
    global _worker_plan
    _worker_plan = plan
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle


def _play_in_worker(index: int) -> Result:
    assert _worker_plan is not None
    return play_game(_worker_plan, index)


def _workers() -> BaseContext:
    """How worker processes start: each a fork of one fresh process that has
    imported the game (a fork server), or spawned afresh where the system has
    none; never a fork of this process, whose other threads (a network game's,
    a window's) a fork would copy in the middle of what they were doing."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


def run(plan: Plan, jobs: int, progress: Callable[[int], None] = lambda done: None) -> list[Result]:
    """Play every game of the plan on ``jobs`` processes; results in game order."""
    jobs = max(1, min(jobs, plan.games))
    results: list[Result] = []
    if jobs == 1:
        for index in range(plan.games):
            results.append(play_game(plan, index))
            progress(len(results))
        return results
    chunk = max(1, min(25, plan.games // (jobs * 8)))
    with _workers().Pool(jobs, _start_worker, (plan,)) as pool:
        for result in pool.imap(_play_in_worker, range(plan.games), chunk):
            results.append(result)
            progress(len(results))
    return results


@dataclass(frozen=True)
class Figures:
    """One hero's figures over a run."""

    hero: int
    wins: int
    ties: int
    mean: float
    spread: float  # the standard deviation of the final score
    died: float  # the share of games in which the hero died at least once
    deaths: float  # deaths per game


def figures(plan: Plan, results: list[Result]) -> list[Figures]:
    heroes = plan.heroes
    table = []
    for h in heroes:
        scores = [r.scores[h] for r in results]
        best = [r.best(heroes) for r in results]
        table.append(
            Figures(
                hero=h,
                wins=sum(b == [h] for b in best),
                ties=sum(h in b and len(b) > 1 for b in best),
                mean=statistics.fmean(scores),
                spread=statistics.stdev(scores) if len(scores) > 1 else 0.0,
                died=sum(r.deaths[h] > 0 for r in results) / len(results),
                deaths=sum(r.deaths[h] for r in results) / len(results),
            )
        )
    return table


def report(plan: Plan, results: list[Result], out: TextIO) -> None:
    rules = "advanced" if plan.advanced else "basic"
    out.write(
        f"{len(results)} games of {plan.turns} turns, {rules} rules, seed {plan.seed}"
        f"{', bug fixes on' if plan.fixes else ''}\n"
    )
    out.write(
        f"{'hero':<10}{'wins':>7}{'ties':>7}{'mean score':>12}{'spread':>8}"
        f"{'died':>8}{'deaths/game':>13}\n"
    )
    for f in figures(plan, results):
        out.write(
            f"{T.HERO_NAMES[f.hero]:<10}{f.wins:>7}{f.ties:>7}{decimal(f.mean):>12}"
            f"{decimal(f.spread):>8}{f.died:>8.1%}{f.deaths:>13.2f}\n"
        )
    lengths = [r.length for r in results]
    early = sum(length < plan.turns for length in lengths)
    out.write(
        f"mean game length {statistics.fmean(lengths):.2f} turns; {early} of "
        f"{len(results)} games ended early (every hero withdrawn)\n"
    )


def write_csv(plan: Plan, results: list[Result], out: TextIO) -> None:
    heroes = plan.heroes
    names = [T.HERO_NAMES[h].lower() for h in heroes]
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "game",
            "seed",
            "turns_played",
            "winner",
            *(f"{n}_score" for n in names),
            *(f"{n}_deaths" for n in names),
        ]
    )
    for r in results:
        best = r.best(heroes)
        writer.writerow(
            [
                r.index,
                r.seed,
                r.length,
                T.HERO_NAMES[best[0]] if len(best) == 1 else "tie",
                *(r.scores[h] for h in heroes),
                *(r.deaths[h] for h in heroes),
            ]
        )


class ProgressBar:
    """A bar on the terminal's last line, redrawn each hundredth of the way."""

    WIDTH = 40

    def __init__(self, total: int, out: TextIO) -> None:
        self.total = total
        self.out = out
        self.shown = -1

    def __call__(self, done: int) -> None:
        step = done * 100 // self.total
        if step == self.shown:
            return
        self.shown = step
        filled = done * self.WIDTH // self.total
        self.out.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total}")
        self.out.flush()

    def clear(self) -> None:
        self.out.write("\r" + " " * (self.WIDTH + 30) + "\r")
        self.out.flush()


def panels(plan: Plan, results: list[Result]) -> list[Panel]:
    """The chart's panels: each hero's figures and how often each final score came."""
    from saga.chart import Panel  # the drawing code, only for a chart

    heroes = plan.heroes
    high = max(max(r.scores[h] for h in heroes) for r in results)
    counts = {h: [0] * (high + 1) for h in heroes}
    for r in results:
        for h in heroes:
            counts[h][r.scores[h]] += 1
    return [Panel(f.hero, f.mean, f.spread, counts[f.hero]) for f in figures(plan, results)]


def chart_title(plan: Plan, results: list[Result]) -> str:
    rules = "advanced" if plan.advanced else "basic"
    return f"Final scores of {len(results)} games, {plan.turns} turns, {rules}, seed {plan.seed}"


def command(plan: Plan, jobs: int, csv_path: Path | None, chart_path: Path | None) -> int:
    """``saga --simulate``: play, print the figures, write the CSV and the chart.

    The files are checked before the first game and written, each whole or
    not at all, after the last.
    """
    for path in (csv_path, chart_path):
        if path is not None:
            try:
                check_writable(path)  # looks only: a pipe cannot block, nothing is emptied
            except FileProblem as e:
                warn(f"can't write {e}")
                return 2
    bar = ProgressBar(plan.games, sys.stderr) if sys.stderr.isatty() else None
    started = time.perf_counter()
    try:
        results = run(plan, jobs, bar or (lambda done: None))
    finally:
        if bar:
            bar.clear()
    seconds = time.perf_counter() - started
    report(plan, results, sys.stdout)
    used = max(1, min(jobs, plan.games))
    print(
        f"saga: {plan.games} games in {seconds:.1f} s on {used} process{'es' if used > 1 else ''}",
        file=sys.stderr,
    )
    outputs: list[tuple[Path, Callable[[], bytes]]] = []
    if csv_path is not None:
        outputs.append((csv_path, lambda: _csv_bytes(plan, results)))
    if chart_path is not None:
        from saga.chart import chart_png  # the drawing code, only for a chart

        outputs.append(
            (chart_path, lambda: chart_png(chart_title(plan, results), panels(plan, results)))
        )
    for path, contents in outputs:
        try:
            write_atomic(path, contents(), own=False)
        except OSError as e:
            warn(f"can't write {path}: {reason(e)}")
            return 2
    return 0


def _csv_bytes(plan: Plan, results: list[Result]) -> bytes:
    out = io.StringIO()
    write_csv(plan, results, out)
    return out.getvalue().encode("utf-8")
