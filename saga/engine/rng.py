"""The single source of randomness that every game outcome draws from.

The original draws each random number from one function, ``goodrand()``,
which yields a non-negative 31-bit integer that callers reduce with ``% n``.
The port keeps that shape exactly, so that a seeded game here makes the same
draws, in the same order, as the original compiled with the same generator.
"""

from __future__ import annotations

import functools
import operator
import time
from collections.abc import Callable, Iterator
from itertools import chain
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407
_MASK = (1 << 64) - 1
# Draws worked out at a time: a game makes about 4,400.
_BATCH = 512


class RandomSource(Protocol):
    def goodrand(self) -> int:
        """Return the next value in 0 .. 2**31 - 1."""
        ...


def _step(state: int) -> int:
    return (state * _MULTIPLIER + _INCREMENT) & _MASK


class Lcg64:
    """The reference generator: a 64-bit LCG whose top 31 bits are the draw.

    A game draws thousands of times, one at a time, and a Python call that
    multiplies 64-bit numbers was the engine's costliest line.  So the
    states are worked out a batch ahead with numpy's wrapping 64-bit
    arithmetic (state n+k = A_k * state n + C_k), and each ``goodrand()``
    is a C-level ``next`` over the batch.  The draws are the very same, in
    the same order; working ahead decides nothing.  numpy is imported with
    the first generator: the window has imported it already, and a
    one-game tool (a trace, a headless game) pays its 70 ms once.

    It also counts its draws, because comparing the count with the original's
    is the quickest way to see that two games went different ways.
    """

    goodrand: Callable[[], int]

    def __init__(self, seed: int) -> None:
        if seed < 0:
            raise ValueError("the seed must not be negative")
        self._last = seed & _MASK  # the state after the last batch's last draw
        self._base = self._last  # the state before the batch being drawn
        self._batches = 0
        self._batch: Iterator[int] = iter(())
        # Got ready here, not at the first draw: an error while drawing would
        # end the batches for good, and every draw after it.
        self._jumps = _jumps()
        self.goodrand = chain.from_iterable(self._batches_ahead()).__next__

    def _batches_ahead(self) -> Iterator[Iterator[int]]:
        factors, offsets = self._jumps
        shift = factors.dtype.type(33)
        while True:
            self._base = self._last
            states = factors * factors.dtype.type(self._base) + offsets  # wraps mod 2**64
            self._last = int(states[-1])
            self._batches += 1
            self._batch = iter((states >> shift).tolist())
            yield self._batch

    def _taken(self) -> int:
        """How many draws of the batch being drawn are gone."""
        return _BATCH - operator.length_hint(self._batch) if self._batches else 0

    @property
    def calls(self) -> int:
        """How many numbers have been drawn."""
        return max(self._batches - 1, 0) * _BATCH + self._taken()

    @property
    def state(self) -> int:
        """The generator's state now: a seed that would go on with the same draws."""
        state = self._base
        for _ in range(self._taken()):
            state = _step(state)
        return state


@functools.cache
def _jumps() -> tuple[np.ndarray, np.ndarray]:
    """A_k and C_k for k = 1 .. _BATCH (numpy waits until a generator is made)."""
    import numpy as np

    factors, offsets = [], []
    factor, offset = 1, 0
    for _ in range(_BATCH):
        factor, offset = factor * _MULTIPLIER & _MASK, _step(offset)
        factors.append(factor)
        offsets.append(offset)
    return np.array(factors, dtype=np.uint64), np.array(offsets, dtype=np.uint64)


def clock_seed() -> int:
    """A seed for ordinary play, where no one needs to repeat the game."""
    return time.time_ns() & _MASK
