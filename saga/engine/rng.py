"""The single source of randomness that every game outcome draws from.

The original draws each random number from one function, ``goodrand()``,
which yields a non-negative 31-bit integer that callers reduce with ``% n``.
The port keeps that shape exactly, so that a seeded game here makes the same
draws, in the same order, as the original compiled with the same generator.
"""

from __future__ import annotations

import functools
import operator
import sys
import time
from array import array
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Protocol

_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407
_MASK = (1 << 64) - 1
# Draws worked out at a time: a game makes about 4,500.
_BATCH = 512
# Each state of a batch has 128 bits of a big integer to itself (see Lcg64).
_SLOT = 128


# The draws are read as 32-bit words of a little-endian number.
assert array("I").itemsize == 4
_BIG_ENDIAN = sys.byteorder == "big"


class RandomSource(Protocol):
    def goodrand(self) -> int:
        """Return the next value in 0 .. 2**31 - 1."""
        ...


def _step(state: int) -> int:
    return (state * _MULTIPLIER + _INCREMENT) & _MASK


class Lcg64:
    """The reference generator: a 64-bit LCG whose top 31 bits are the draw.

    A game draws thousands of times, and one 64-bit step in Python costs
    as much as a tenth of a game's turn logic altogether, so the states are
    worked out a batch ahead, in a handful of operations on big integers:

    * state n+k = A_k * state n + C_k (mod 2**64) for k = 1 .. 512, and the
      A_k and C_k are worked out once;
    * the A_k lie side by side in one big integer, 128 bits apart, and the
      C_k in another, so one multiplication by state n and one addition
      give every A_k * state n + C_k at once, each in its own 128 bits (it
      is below 2**128, so none spills into the next);
    * keeping the low 64 bits of every slot (one AND) leaves the 512 states;
    * shifted 31 bits up, each state's top 31 bits, its draw, fill bits
      64..94 of its slot: the third of the slot's four 32-bit words.  So the
      draws are every fourth 32-bit word of the big integer's bytes, read
      from the third on, which the :mod:`array` module does in C.

    Each ``goodrand()`` is then a C-level ``next`` over the batch.  The
    draws are the very same, in the same order; working ahead decides
    nothing.  (numpy could do the same, but a one-game tool would spend
    longer importing numpy than playing.)

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
        factors, offsets, low_halves = self._jumps
        last_slot = _SLOT * (_BATCH - 1)
        size = _SLOT // 8 * _BATCH
        while True:
            self._base = self._last
            states = (factors * self._base + offsets) & low_halves
            self._last = states >> last_slot
            self._batches += 1
            words = array("I", (states << 31).to_bytes(size, "little"))
            if _BIG_ENDIAN:
                words.byteswap()
            self._batch = iter(words[2::4].tolist())
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
def _jumps() -> tuple[int, int, int]:
    """Every A_k, every C_k (k = 1 .. _BATCH) and every slot's low 64 bits, each
    packed into one big integer, slot k at bit 128 (k - 1)."""
    factors, offsets = [], []
    factor, offset = 1, 0
    for _ in range(_BATCH):
        factor, offset = factor * _MULTIPLIER & _MASK, _step(offset)
        factors.append(factor)
        offsets.append(offset)
    low_half = _MASK.to_bytes(_SLOT // 8, "little")
    return _packed(factors), _packed(offsets), int.from_bytes(low_half * _BATCH, "little")


def _packed(numbers: list[int]) -> int:
    """Numbers side by side in one big integer, one a slot, the first lowest."""
    return int.from_bytes(b"".join(n.to_bytes(_SLOT // 8, "little") for n in numbers), "little")


def clock_seed() -> int:
    """A seed for ordinary play, where no one needs to repeat the game."""
    return time.time_ns() & _MASK
