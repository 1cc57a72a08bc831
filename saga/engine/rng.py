"""The single source of randomness that every game outcome draws from.

The original draws each random number from one function, ``goodrand()``,
which yields a non-negative 31-bit integer that callers reduce with ``% n``.
The port keeps that shape exactly, so that a seeded game here makes the same
draws, in the same order, as the original compiled with the same generator.
"""

from __future__ import annotations

import time
from typing import Protocol

_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407
_MASK = (1 << 64) - 1


class RandomSource(Protocol):
    def goodrand(self) -> int:
        """Return the next value in 0 .. 2**31 - 1."""
        ...


class Lcg64:
    """The reference generator: a 64-bit LCG whose top 31 bits are the draw.

    It also counts its draws, because comparing the count with the original's
    is the quickest way to see that two games went different ways.
    """

    __slots__ = ("calls", "state")

    def __init__(self, seed: int) -> None:
        if seed < 0:
            raise ValueError("the seed must not be negative")
        self.state = seed & _MASK
        self.calls = 0

    def goodrand(self) -> int:
        self.state = state = (self.state * _MULTIPLIER + _INCREMENT) & _MASK
        self.calls += 1
        return state >> 33


def clock_seed() -> int:
    """A seed for ordinary play, where no one needs to repeat the game."""
    return time.time_ns() & _MASK
