"""Milliseconds per all-Amiga six-hero 20-turn game, in-process.

    python benchmarks/engine.py [GAMES]

Each game autosaves every turn as a real one does (the bytes are encoded,
not written).  Prints the median and the spread, and the same games without
the autosave, so that the engine's share and the encoder's can be told
apart; the target is 8 ms with the autosave.
"""

from __future__ import annotations

import statistics
import sys
import time

from saga import savefile
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.placement import start_game
from saga.engine.rng import Lcg64
from saga.engine.state import GameState
from saga.engine.turn import play
from saga.host import QuietHost
from saga.text import english


class _Host(QuietHost):
    def autosave(self, state: GameState) -> None:
        savefile.encode(state)


def one_game(seed: int, autosave: bool = True) -> float:
    text = english()
    g = Game(GameState(), Lcg64(seed), _Host() if autosave else QuietHost(), text)
    start = time.perf_counter()
    start_game(g, [T.AMIGA] * 6, 20, False)
    play(g)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    one_game(0)  # warm up imports and caches
    times = [one_game(seed) for seed in range(1, games + 1)]
    bare = [one_game(seed, autosave=False) for seed in range(1, games + 1)]
    print(
        f"all-Amiga 6 heroes, 20 turns: median {statistics.median(times):.1f} ms/game "
        f"(min {min(times):.1f}, max {max(times):.1f}, {games} games; target 8 ms); "
        f"without the autosave {statistics.median(bare):.1f} ms/game"
    )


if __name__ == "__main__":
    main()
