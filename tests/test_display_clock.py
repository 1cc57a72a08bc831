"""The metronome behind frame pacing and IntuiTicks."""

from __future__ import annotations

import pytest

from amiga.display import Metronome


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_wait_sleeps_to_each_beat() -> None:
    fake = FakeTime()
    beat = Metronome(50, fake.clock, fake.sleep)
    times = []
    for _ in range(4):
        beat.wait()
        times.append(round(fake.now, 9))
    assert times == [0.02, 0.04, 0.06, 0.08]


def test_a_late_caller_gets_one_beat_not_a_burst() -> None:
    fake = FakeTime()
    beat = Metronome(10, fake.clock, fake.sleep)
    fake.now = 1.05
    assert beat.due()
    assert not beat.due()
    assert beat.remaining() == pytest.approx(0.05)
    fake.now = 1.1
    assert beat.due()


def test_a_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        Metronome(0)


def test_skipping_lets_missed_beats_go_and_keeps_the_grid() -> None:
    now = [0.0]
    metronome = Metronome(10, clock=lambda: now[0])
    now[0] = 0.55
    metronome.skip()
    assert not metronome.due()
    assert metronome.remaining() == pytest.approx(0.05)
