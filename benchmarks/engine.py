"""Milliseconds per all-Amiga six-hero 20-turn game, in-process, beside the original.

    python benchmarks/engine.py [GAMES] [RUNS] [--native PATH]

Games 1 .. GAMES (seeds; basic rules, default 40) are each played RUNS
times (default 3), and each game's fastest run counts, as ``timeit``
advises: other work on the machine only ever adds time, so the fastest run
is the truest figure of the code.  A game is timed as the trace tool plays
it (``saga.trace.run``): its dice made, every turn's autosave encoded and
written out in hex, and the final state and scores; and once more as the
bare engine, without autosaves.

``--native PATH`` names the original Saga built natively as a headless
trace program (``PATH SEED TURNS ADVANCED C0 .. C5`` prints the trace;
``--repeat N`` plays the game N times in one process; benchmarks/README
says how to build one).  Each run then plays the same game there too,
interleaved with the port's so that both share whatever else the machine
is doing, and prints the original's time per game beside the port's, as a
process (its start included) and within one process, and the ratios.  The
original's trace must equal the port's: the figures compare the same game.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import time

from saga.engine import tables as T
from saga.engine.session import Session, Setup
from saga.look.text import english
from saga.play.hosts import QuietHost
from saga.trace import run

TURNS = 20
TEXT = english()
# The native original plays a game this many times over to give its time in one process.
NATIVE_REPEAT = 101


def _setup(seed: int) -> Setup:
    return Setup(seed, (T.AMIGA,) * len(T.HERO_NAMES), TURNS)


def traced_game(seed: int) -> tuple[float, str]:
    """Milliseconds for one game played as the trace tool plays it, and its trace."""
    out = io.StringIO()
    start = time.perf_counter()
    run(_setup(seed), [], out, TEXT)
    return (time.perf_counter() - start) * 1000, out.getvalue()


def bare_game(seed: int) -> float:
    """Milliseconds for the engine alone: no autosaves, nothing written."""
    session = Session(_setup(seed), TEXT, QuietHost())
    start = time.perf_counter()
    session.play()
    return (time.perf_counter() - start) * 1000


class Native:
    """The original, run as a process for each timing."""

    def __init__(self, path: str) -> None:
        self.path = path

    def _run(self, seed: int, *extra: str) -> tuple[float, str]:
        controls = [str(int(T.AMIGA))] * len(T.HERO_NAMES)
        command = [self.path, str(seed), str(TURNS), "0", *controls, *extra]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60)
        return (time.perf_counter() - start) * 1000, done.stdout

    def game(self, seed: int) -> tuple[float, str]:
        """Milliseconds for one game as a process of its own, and its trace."""
        return self._run(seed)

    def in_process(self, seed: int) -> float:
        """Milliseconds per game within one process: the difference a process
        playing the game NATIVE_REPEAT times makes over one playing it once."""
        once, _ = self._run(seed)
        many, _ = self._run(seed, "--repeat", str(NATIVE_REPEAT))
        return max(many - once, 0.0) / (NATIVE_REPEAT - 1)


def _best(times: dict[int, list[float]]) -> list[float]:
    """Each game's fastest run."""
    return [min(runs) for runs in times.values()]


def _line(label: str, times: dict[int, list[float]]) -> str:
    best = _best(times)
    return (
        f"  {label:<48} median {statistics.median(best):6.2f} ms/game "
        f"(min {min(best):.2f}, max {max(best):.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=40, help="seeds 1 .. GAMES")
    parser.add_argument("runs", nargs="?", type=int, default=3, help="runs of each game")
    parser.add_argument("--native", metavar="PATH", help="the original, built as a trace program")
    options = parser.parse_args()
    native = Native(options.native) if options.native else None
    seeds = range(1, options.games + 1)
    timed: dict[str, dict[int, list[float]]] = {}

    def note(what: str, seed: int, ms: float) -> None:
        timed.setdefault(what, {}).setdefault(seed, []).append(ms)

    traced_game(0)  # warm up imports and caches
    differ = []
    for r in range(options.runs):
        for seed in seeds:
            port_ms, trace = traced_game(seed)
            note("port", seed, port_ms)
            note("bare", seed, bare_game(seed))
            if native:
                native_ms, native_trace = native.game(seed)
                note("native", seed, native_ms)
                note("native in-process", seed, native.in_process(seed))
                if r == 0 and native_trace != trace:
                    differ.append(seed)
    print(
        f"all-Amiga 6 heroes, {TURNS} turns, basic rules, games 1..{options.games}; "
        f"each game's best of {options.runs} runs, interleaved"
    )
    print(_line("port, traced, in-process:", timed["port"]))
    print(_line("port, engine alone (no autosave):", timed["bare"]))
    if not native:
        return
    print(_line("native original, as a process (start included):", timed["native"]))
    print(_line("native original, within one process:", timed["native in-process"]))
    port = statistics.median(_best(timed["port"]))
    for label, what in (("start included", "native"), ("within one process", "native in-process")):
        ratio = port / statistics.median(_best(timed[what]))
        print(f"  ratio port/native, {label}: {ratio:.1f}x")
    print("  goal: a traced game in-process <= 3x the native original per game")
    if differ:
        print(f"  WARNING: the native trace differs from the port's for games {differ}")


if __name__ == "__main__":
    main()
