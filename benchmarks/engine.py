"""Milliseconds per all-Amiga six-hero 20-turn game, in-process.

    python benchmarks/engine.py [GAMES] [RUNS]

Each game autosaves every turn as a real one does (the bytes are encoded,
not written).  Every game is played RUNS times (default 3) and its fastest
run counts, as ``timeit`` advises: other work on the machine only ever adds
time, so the fastest run is the truest figure of the code.  Prints the
median over the games, the median of all runs beside it, and the same games
without the autosave, so that the engine's share and the encoder's can be
told apart; the target is 8 ms with the autosave.
"""

from __future__ import annotations

import statistics
import sys
import time

from saga.engine import tables as T
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files import savefile
from saga.look.text import english
from saga.play.hosts import QuietHost


class _Host(QuietHost):
    def autosave(self, state: GameState) -> None:
        savefile.encode(state)


def one_game(seed: int, autosave: bool = True) -> float:
    setup = Setup(seed, (T.AMIGA,) * len(T.HERO_NAMES), 20)
    session = Session(setup, english(), _Host() if autosave else QuietHost())
    start = time.perf_counter()
    session.play()
    return (time.perf_counter() - start) * 1000


def _timings(games: int, runs: int, autosave: bool) -> tuple[list[float], list[float]]:
    """Each game's fastest run, and every run."""
    every = [[one_game(seed, autosave) for seed in range(1, games + 1)] for _ in range(runs)]
    return [min(times) for times in zip(*every, strict=True)], [t for r in every for t in r]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    one_game(0)  # warm up imports and caches
    best, every = _timings(games, runs, autosave=True)
    bare, _ = _timings(games, runs, autosave=False)
    print(
        f"all-Amiga 6 heroes, 20 turns: median {statistics.median(best):.1f} ms/game "
        f"(each game's best of {runs} runs; min {min(best):.1f}, max {max(best):.1f}, "
        f"{games} games; all runs: median {statistics.median(every):.1f}); target 8 ms; "
        f"without the autosave {statistics.median(bare):.1f} ms/game"
    )


if __name__ == "__main__":
    main()
