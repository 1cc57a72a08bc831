"""Liveness on loopback with real processes: quiet machines stay, paused ones
come back, a machine gone quiet too long is let go with words that say which
side went quiet, and rejoins.

The suite shrinks the keepalive (``SAGA_NET_KEEPALIVE``: PING after 1 s of
saying nothing, gone after 5 s of hearing nothing) so that "90 s of answers"
and "a pause of 60 s" take seconds; the ``soak`` tests run the real defaults
(10 s and 90 s).
"""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pytest

from saga.net.keepalive import Keepalive
from tests.netgames import (
    ORACLE,
    Machine,
    answers_for,
    environment,
    host,
    join,
    same_game,
    until,
)

TWO = ORACLE / "4_20_1_110200.trace"  # Beowulf and Brunhild are human
# All six human; Brunhild is not asked from the 11th answer to the 181st, all in turn 1.
SIX = ORACLE / "items" / "244722294_25_1_111111.trace"
QUIET = range(10, 181)
SCALED = Keepalive(1.0, 5.0)
NOISE = ("Traceback", "Warning", "Error:")


def _env(keepalive: Keepalive) -> dict[str, str]:
    return environment(SAGA_NET_KEEPALIVE=f"{keepalive.ping_every},{keepalive.idle}")


def _quiet_machines_stay(tmp_path: Path, keepalive: Keepalive, seconds: float) -> None:
    """The host's player answers steadily for ``seconds`` while a seated joiner
    (Brunhild, not asked meanwhile) and a spectator have nothing to say."""
    env = _env(keepalive)
    others = "beowulf,egil,ragnar,siegfried,starkad"
    server, port = host(tmp_path / "host", SIX, others, typed=True, env=env)
    joiner = join(tmp_path / "join", port, SIX, "brunhild", env=env)
    spectator = join(tmp_path / "watch", port, None, env=env)
    spectator.wait_for(re.compile("joined"))
    questions = [q for q in SIX.read_text().splitlines() if q.startswith("Q ")]
    mine = [(seq, q) for seq, q in enumerate(questions) if q.split()[2] != "7"]
    server.type([q for seq, q in mine if seq < QUIET.start])
    steady = [q for seq, q in mine if seq in QUIET]
    for answer in steady:
        time.sleep(seconds / len(steady))
        server.type([answer])
    server.type([q for seq, q in mine if seq >= QUIET.stop])
    same_game([server, joiner, spectator], SIX, timeout=300)
    for machine in (server, joiner, spectator):
        assert "quiet" not in machine.stderr and "let go" not in machine.stderr


def test_a_quiet_spectator_and_a_quiet_player_stay_through_steady_answers(
    tmp_path: Path,
) -> None:
    _quiet_machines_stay(tmp_path, SCALED, 3 * SCALED.idle)  # 90 s is 1 idle limit


@pytest.mark.soak
def test_a_quiet_spectator_and_a_quiet_player_stay_through_90_s_of_answers(
    tmp_path: Path,
) -> None:
    _quiet_machines_stay(tmp_path, Keepalive(), 90)


def _stopped(machine: Machine, seconds: float) -> None:
    """The machine's process stops (a laptop's lid, ^Z) for that long, then goes on."""
    os.kill(machine.process.pid, signal.SIGSTOP)
    try:
        time.sleep(seconds)
    finally:
        os.kill(machine.process.pid, signal.SIGCONT)


def test_a_pause_is_survived_and_a_longer_one_lets_the_machine_go(tmp_path: Path) -> None:
    """A joiner stopped for less than the idle limit plays on; stopped for
    longer, the host lets it go, both say which side went quiet (no Python
    noise), and the same command takes the seat back."""
    env = _env(SCALED)
    server, port = host(tmp_path / "host", TWO, "beowulf", typed=True, env=env)
    joiner = join(tmp_path / "join", port, TWO, "brunhild", env=env)
    joiner.wait_for(re.compile("joined"))
    mine = answers_for(TWO, {0})
    server.type(mine[:20])
    until(lambda: server.answered() >= 10, timeout=60)
    _stopped(joiner, SCALED.idle / 2)
    server.type(mine[20:60])
    until(lambda: server.answered() >= 80, timeout=60)
    assert joiner.process.poll() is None and "quiet" not in server.stderr
    _stopped(joiner, SCALED.idle * 2)
    assert joiner.finish() == 1
    quiet = f"nothing heard from it for {SCALED.idle:g} s; let go"
    assert f"the machine of Brunhild (127.0.0.1) went quiet: {quiet}" in server.stderr
    told = f"The host let this machine go: nothing was heard from it for {SCALED.idle:g} s."
    assert told in joiner.stderr, joiner.stderr
    assert not any(word in joiner.stderr + server.stderr for word in NOISE)
    again = join(tmp_path / "again", port, TWO, "brunhild", env=env)
    server.type(mine[60:])
    same_game([server, again], TWO, timeout=300)


def test_a_host_gone_quiet_is_named(tmp_path: Path) -> None:
    env = _env(SCALED)
    server, port = host(tmp_path / "host", TWO, "beowulf", typed=True, env=env)
    joiner = join(tmp_path / "join", port, TWO, "brunhild", env=env)
    joiner.wait_for(re.compile("joined"))
    server.type(answers_for(TWO, {0})[:10])
    until(lambda: server.answered() >= 10, timeout=60)
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        assert joiner.finish(timeout=60) == 1
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
        server.kill()
    said = f"stopped: The host went quiet: nothing was heard from it for {SCALED.idle:g} s."
    assert said in joiner.stderr, joiner.stderr
    assert not any(word in joiner.stderr for word in NOISE)


@pytest.mark.soak
def test_a_joiner_stopped_for_a_minute_plays_on(tmp_path: Path) -> None:
    """The documented limit with the real keepalive: a minute's pause is survived."""
    server, port = host(tmp_path / "host", TWO, "beowulf", typed=True)
    joiner = join(tmp_path / "join", port, TWO, "brunhild")
    joiner.wait_for(re.compile("joined"))
    mine = answers_for(TWO, {0})
    server.type(mine[:30])
    until(lambda: server.answered() >= 20, timeout=60)
    _stopped(joiner, 60)
    server.type(mine[30:])
    same_game([server, joiner], TWO, timeout=300)
    assert "quiet" not in server.stderr + joiner.stderr
