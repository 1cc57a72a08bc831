"""A steady beat for frames and timer events."""

from __future__ import annotations

import math
import time
from collections.abc import Callable


class Metronome:
    """Beats ``hz`` times a second on a fixed grid.

    A caller that falls behind gets one beat, not a burst of the ones it
    missed: a late frame should not be followed by frames drawn back to
    back, and Intuition likewise never queues up IntuiTicks.  The clock and
    sleep are injectable so that tests can run time by hand.
    """

    def __init__(
        self,
        hz: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if hz <= 0:
            raise ValueError(f"a metronome beats a positive number of times, not {hz}")
        self.period = 1.0 / hz
        self.clock = clock
        self._sleep = sleep
        self._next = clock() + self.period

    def remaining(self) -> float:
        """Seconds until the next beat (0 if it is due)."""
        return max(0.0, self._next - self.clock())

    def due(self) -> bool:
        """Whether a beat has come; if so, consume it."""
        late = self.clock() - self._next
        if late < 0:
            return False
        self._next += self.period * (math.floor(late / self.period) + 1)
        return True

    def skip(self) -> None:
        """Let beats that have passed go unheard: the next is the first still to come."""
        self.due()

    def wait(self) -> None:
        """Sleep until the next beat and consume it."""
        while not self.due():
            self._sleep(self.remaining())
