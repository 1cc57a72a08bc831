"""Network games of real processes on loopback, checked against the original's traces.

Every machine plays the same game from the same start; at the end each
machine's replay must be the same bytes, and replaying it must give the
original's trace line for line.
"""

from __future__ import annotations

import re
import socket
import time
from pathlib import Path

import pytest

from saga.net import protocol as P
from tests.guards import HANG
from tests.netgames import (
    CODE,
    HOSTING,
    ORACLE,
    Machine,
    answers_for,
    environment,
    game_args,
    host,
    join,
    same_game,
    until,
)

TWO = ORACLE / "4_20_1_110200.trace"  # Beowulf and Brunhild are human
THREE = ORACLE / "items" / "2067283218_30_1_011212.trace"  # Brunhild, Egil, Siegfried
SIX = ORACLE / "items" / "2114790430_30_1_111111.trace"  # all six
TAKE_OVER = 10  # seconds a seat stays empty before the host plays it


def test_two_machines_play_the_originals_game(tmp_path: Path) -> None:
    server, port = host(tmp_path / "host", TWO, "beowulf")
    joiner = join(tmp_path / "join", port, TWO, "brunhild")
    same_game([server, joiner], TWO)


def test_three_machines_one_seat_each_the_host_plays_none(tmp_path: Path) -> None:
    server, port = host(tmp_path / "host", THREE, "")
    joiners = [
        join(tmp_path / name, port, THREE, name) for name in ("brunhild", "egil", "siegfried")
    ]
    same_game([server, *joiners], THREE)


def test_six_machines_with_spectators(tmp_path: Path) -> None:
    server, port = host(tmp_path / "host", SIX, "beowulf,brunhild")
    machines = [
        server,
        join(tmp_path / "j1", port, SIX, "egil,ragnar"),
        join(tmp_path / "j2", port, SIX, "siegfried"),
        join(tmp_path / "j3", port, SIX, "starkad"),
        join(tmp_path / "watch1", port, None),
        join(tmp_path / "watch2", port, None),
    ]
    same_game(machines, SIX)


def test_a_killed_joiner_starts_again_and_takes_its_seat_back(tmp_path: Path) -> None:
    server, port = host(tmp_path / "host", TWO, "beowulf")
    first = join(tmp_path / "join", port, TWO, "brunhild", typed=True)
    mine = answers_for(TWO, {1})
    first.type(mine[:40])  # then it waits at its 41st question, as a thinking player does
    until(lambda: first.answered() >= 60)
    first.kill()
    again = join(tmp_path / "join", port, TWO, "brunhild")  # the same command, the script whole
    same_game([server, again], TWO)
    assert "left" in server.stderr and server.stderr.count("joined") == 2


def test_a_joiner_waiting_at_its_own_question_sees_the_host_go(tmp_path: Path) -> None:
    """The joiner's player is thinking (its terminal has no answer yet) when the
    host's machine dies: the joiner says so and stops, rather than wait for its
    player for ever (how soon: benchmarks/network.py)."""
    server, port = host(tmp_path / "host", TWO, "beowulf")
    joiner = join(tmp_path / "join", port, TWO, "brunhild", typed=True)
    mine = answers_for(TWO, {1})
    joiner.type(mine[:10])  # then it waits at its 11th question
    until(lambda: _asked(joiner, "(Brunhild)? ") > 10)
    time.sleep(0.3)  # it is waiting for its player, not for the host
    assert joiner.process.poll() is None and _asked(joiner, "(Brunhild)? ") == 11
    server.kill()
    assert joiner.finish() == 1
    assert "stopped: The connection to the host was lost." in joiner.stderr


def _asked(machine: Machine, prompt: str) -> int:
    """How often its terminal has put this prompt, if it is waiting at one now (else 0)."""
    shown = (machine.folder / "stdout.txt").read_text()
    return shown.count(prompt) if shown.endswith(prompt) else 0


def test_a_headless_host_takes_over_a_seat_left_empty(tmp_path: Path) -> None:
    """Brunhild's machine dies at her 11th question; the host's terminal plays
    her seat after --take-over-after, and the game ends as the original's.

    The host takes over a seat still empty that long at the start too, so the
    joiner, a process that starts under whatever load the machine has, is
    given TAKE_OVER seconds to take its seat first (with 1 s it sometimes
    came too late on a busy machine, and the host played her from the start).
    """
    folder = tmp_path / "host"
    args = ["--host", "127.0.0.1:0", "--code", CODE, "--seat", "beowulf"]
    after = ["--take-over-after", str(TAKE_OVER)]
    server = Machine(folder, [*args, *after, *game_args(TWO)], typed=True)
    port = int(server.wait_for(HOSTING)[1])
    joiner = join(tmp_path / "join", port, TWO, "brunhild", typed=True)
    hers = answers_for(TWO, {1})
    joiner.type(hers[:10])
    # The host's terminal answers Beowulf, and Brunhild from her 11th question on.
    brunhilds = 0
    mine = []
    for q in answers_for(TWO, {0, 1}):
        if q.split()[2] == "7":
            brunhilds += 1
            if brunhilds <= 10:
                continue
        mine.append(q)
    server.type(mine)
    until(lambda: _asked(joiner, "(Brunhild)? ") > 10)
    joiner.kill()
    same_game([server], TWO)
    assert (
        f"playing Brunhild here from now on: no answer came within {TAKE_OVER} s" in server.stderr
    )
    assert "nobody came to play it" not in server.stderr  # not at the start


def test_a_seat_watch_counts_only_the_wait_for_an_answer_still_to_come() -> None:
    # Once Brunhild's answer has come, the engine's short wait for an answer
    # of the host's own (sent through the server's thread) is nobody's
    # lateness, however long ago her wait began.
    from saga.net.play import SeatWatch

    answers = [0]
    watch = SeatWatch(0.0, lambda: answers[0])  # late at once
    assert watch.overdue() is None  # waiting for nobody
    watch.waiting(1)
    assert watch.overdue() == 1
    answers[0] += 1  # her answer came
    assert watch.overdue() is None
    watch.waiting(1)  # her next question
    assert watch.overdue() == 1


def test_a_spectator_joins_late_and_catches_up(tmp_path: Path) -> None:
    server, port = host(tmp_path / "host", TWO, "beowulf", typed=True)
    joiner = join(tmp_path / "join", port, TWO, "brunhild")
    server.type(answers_for(TWO, {0})[:30])
    until(lambda: server.answered() >= 40)
    late = join(tmp_path / "late", port, None)
    late.wait_for(re.compile("joined"))
    server.type(answers_for(TWO, {0})[30:])
    same_game([server, joiner, late], TWO)


def test_a_spectator_joining_a_long_game_late_takes_it_all_at_once(tmp_path: Path) -> None:
    """More answers than a peer may send in a burst come to a late joiner at once."""
    everyone = "beowulf,brunhild,egil,ragnar,siegfried,starkad"
    server, port = host(tmp_path / "host", SIX, everyone, typed=True)
    answers = answers_for(SIX, set(range(6)))
    server.type(answers[:-1])
    until(lambda: server.answered() >= len(answers) - 1, timeout=60)
    late = join(tmp_path / "late", port, None)
    late.wait_for(re.compile("joined"))
    server.type(answers[-1:])
    same_game([server, late], SIX)


def test_a_wrong_code_is_refused(tmp_path: Path) -> None:
    server, port = host(tmp_path / "host", TWO, "beowulf")
    wrong = join(tmp_path / "wrong", port, TWO, "brunhild", code="W9RNGX")
    assert wrong.finish() == 2
    assert "The join code is wrong" in wrong.stderr
    joiner = join(tmp_path / "join", port, TWO, "brunhild")
    same_game([server, joiner], TWO)


# A Saga of another version, as a process: the same program saying it is 0.0.1.
OTHER_VERSION = (
    "-c",
    "import sys, saga; saga.__version__ = '0.0.1'; "
    "from saga.cli import main; sys.exit(main(sys.argv[1:]))",
)


def test_a_machine_of_another_version_is_refused_naming_both_while_the_game_goes_on(
    tmp_path: Path,
) -> None:
    server, port = host(tmp_path / "host", TWO, "beowulf")
    joiner = join(tmp_path / "join", port, TWO, "brunhild", typed=True)
    hers = answers_for(TWO, {1})
    joiner.type(hers[:20])
    until(lambda: joiner.answered() >= 20, timeout=HANG)
    args = ["--join", f"127.0.0.1:{port}", "--code", CODE]
    other = Machine(tmp_path / "other", args, program=OTHER_VERSION)
    assert other.finish() == 2
    said = other.stderr
    assert f"Saga {P.version()}" in said and "Saga 0.0.1" in said, said
    assert len(said.splitlines()) == 1, said  # one sentence, no traceback
    joiner.type(hers[20:])
    same_game([server, joiner], TWO)


def test_a_host_offering_a_game_no_game_can_be_is_refused(tmp_path: Path) -> None:
    """A host (a hostile or broken program) sends the start of a 150-turn game:
    the joiner says why it will not play it and stops, and plays nothing."""
    import threading

    from saga.net.server import Server

    server = Server(["SAGA-REPLAY 1 4 150 1 1 1 0 2 0 0"], (89,) * 7, frozenset({1}), CODE)
    port = server.listen("127.0.0.1", 0)
    try:
        threading.Thread(target=server.wait_for_players, args=(60,), daemon=True).start()
        joiner = join(tmp_path / "join", port, None, "brunhild")
        assert joiner.finish() == 2
        assert "the host's game: a game lasts 1 to 99 turns, not 150" in joiner.stderr
        assert "Traceback" not in joiner.stderr and not joiner.record.exists()
    finally:
        server.close()


def test_a_machine_out_of_step_stops_alone_and_may_rejoin(tmp_path: Path) -> None:
    """The host's game is the reference: the altered joiner stops with its
    files and words that say so; the host and a spectator play on; the
    joiner's player joins again (unaltered) and the game ends as the original's."""
    server, port = host(tmp_path / "host", TWO, "beowulf")
    spectator = join(tmp_path / "watch", port, None)
    altered = environment(SAGA_NET_TEST_DESYNC="3")
    joiner = join(tmp_path / "join", port, TWO, "brunhild", env=altered)
    assert joiner.finish() == 3, joiner.stderr
    assert "This machine's game differs from the host's at turn 3" in joiner.stderr
    assert "this machine stops and the others play on" in joiner.stderr
    assert "heroes.Beowulf.luck 1 ≠ 0  (here ≠ host)" in joiner.stderr, joiner.stderr
    kept = sorted(p.name for p in joiner.folder.glob("Desync-*"))
    assert kept == ["Desync-3-here.saga", "Desync-3-host.saga", "Desync-3.replay"]
    server.wait_for(re.compile(r"Brunhild \(127.0.0.1\) is out of step at turn 3"))
    again = join(tmp_path / "again", port, TWO, "brunhild")
    same_game([server, spectator, again], TWO)
    assert not list(server.folder.glob("Desync-*")) and not list(spectator.folder.glob("Desync-*"))
    assert server.stderr.count("out of step") == 1


@pytest.mark.parametrize("address", ["::1"])
def test_ipv6_loopback(tmp_path: Path, address: str) -> None:
    try:
        socket.create_server(("::1", 0), family=socket.AF_INET6).close()
    except OSError:
        pytest.skip("no IPv6 loopback here")
    args = ["--host", "[::1]:0", "--code", CODE, "--seat", "beowulf", "--answers", str(TWO)]
    server = Machine(tmp_path / "host", [*args, *game_args(TWO)])
    port = int(server.wait_for(HOSTING)[1])
    joiner = join(tmp_path / "join", port, TWO, "brunhild", address=address)
    same_game([server, joiner], TWO)


def test_a_loaded_game_is_hosted_and_joined(tmp_path: Path) -> None:
    trace = ORACLE / "load" / "12_s4-t8of20-adv-r110200.trace"  # Beowulf and Brunhild
    save = ORACLE / "load" / "s4-t8of20-adv-r110200.saga"
    args = ["--host", "127.0.0.1:0", "--code", CODE, "--seat", "beowulf", "--answers", str(trace)]
    server = Machine(tmp_path / "host", [*args, "--seed", "12", f"FILE={save}"])
    port = int(server.wait_for(HOSTING)[1])
    joiner = join(tmp_path / "join", port, trace, "brunhild")
    same_game([server, joiner], trace)
    assert server.record.read_text().splitlines()[0] == "SAGA-REPLAY 1 LOAD 12"


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--host", "127.0.0.1:0", "--code", "K7QXP", *game_args(TWO)], "6 to 32 characters"),
        (["--host", "127.0.0.1:0", "--code", "TEST77", *game_args(TWO)], "not 'S'"),
        (["--join", "127.0.0.1:9", "--code", "AAAAAA"], "4 different"),
    ],
)
def test_weak_codes_are_refused_on_the_command_line(args: list[str], why: str) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "saga", "--headless", *args],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and why in done.stderr, done.stderr
