"""Online games by code, of real processes, through a mailbox server and transit relay
of our own on loopback, checked against the original's traces.

Nothing here reaches magic-wormhole's public servers: every Saga process runs
with ``SAGA_WORMHOLE_LOOPBACK``, under which it refuses any server that is not
on this machine and offers direct connections on 127.0.0.1 only, and the
first test shows that it does refuse.
"""

from __future__ import annotations

import queue
import re
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.netgames import (
    ORACLE,
    Machine,
    answers_for,
    environment,
    game_args,
    replays_the_original,
)
from tests.wormholes import Local, local_servers, loopback_env, wrong_try

TWO = ORACLE / "4_20_1_110200.trace"  # Beowulf and Brunhild are human
THREE = ORACLE / "items" / "2067283218_30_1_011212.trace"  # Brunhild, Egil, Siegfried
CODE_LINE = re.compile(r"code for (\w+): (\d+(?:-[a-z]+)+)")
HANG = 120.0  # seconds: only a guard against a hang, never a measure of speed
# What players of other languages are told (catalogs/deutsch.ct, italiano.ct).
GERMAN, ITALIAN = ("--language", "deutsch"), ("--language", "italiano")
NOBODY_DE = "Niemand wartet auf diesen Code; er wurde schon benutzt oder falsch eingegeben:"
NOBODY_IT = "Nessuno aspetta questo codice"
NO_PATH_DE = "Der Rechner des Spielleiters ist nicht erreichbar, weder direkt noch über das Relay:"


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Local]:
    with local_servers(tmp_path_factory.mktemp("wormhole")) as servers:
        assert urlsplit(servers.mailbox).hostname == "127.0.0.1"
        assert servers.relay.startswith("tcp:127.0.0.1:")
        yield servers


def _told(failing: dict[Machine, str]) -> None:
    """Each machine stops with its one line, no traceback."""
    for machine, said in failing.items():
        assert machine.finish(HANG) == 2
        assert said in machine.stderr, machine.stderr
        assert len(machine.stderr.splitlines()) == 1, machine.stderr


def _number(code: str) -> str:
    """The mailbox's number at the head of a code."""
    return code.split("-")[0]


class Host(Machine):
    """A host of an online game, with its codes file."""

    def __init__(self, folder: Path, trace: Path, seats: str, local: Local, *extra: str) -> None:
        self.codes_file = folder / "codes.txt"
        args = ["--host", "online", "--codes", str(self.codes_file), *local.options(), *extra]
        args += ["--answers", str(trace), *game_args(trace)]
        if seats:
            args += ["--seat", seats]
        super().__init__(folder, args, env=environment(**loopback_env()))

    def codes(self) -> dict[str, str]:
        """The codes file's lines: a hero's name, or watch, and its code."""
        if not self.codes_file.exists():
            return {}
        return dict(line.split() for line in self.codes_file.read_text().splitlines())

    def code(self, who: str, other_than: str = "") -> str:
        """``who``'s code, once there is one (and it is not ``other_than``)."""
        _until(lambda: self.codes().get(who, other_than) != other_than, self)
        return self.codes()[who]


def _joiner(
    folder: Path,
    code: str,
    local: Local,
    trace: Path | None,
    seats: str = "",
    *extra: str,
    typed: bool = False,
) -> Machine:
    args = ["--join", code, *local.options(), *extra]
    if seats:
        args += ["--seat", seats]
    if trace is not None and not typed:
        args += ["--answers", str(trace)]
    return Machine(folder, args, typed=typed, env=environment(**loopback_env()))


def _until(condition: Callable[[], bool], machine: Machine) -> None:
    end = time.monotonic() + HANG
    while not condition():
        assert time.monotonic() < end, f"timed out: {machine.stderr}"
        time.sleep(0.05)


def _same_game(machines: list[Machine], trace: Path) -> None:
    statuses = [m.finish(HANG) for m in machines]
    assert statuses == [0] * len(machines), [m.stderr for m in machines]
    replays = {m.record.read_bytes() for m in machines}
    assert len(replays) == 1, "the machines' replays differ"
    checked = replays_the_original(machines[0].record, trace)
    assert checked.returncode == 0, checked.stderr


def test_the_tests_never_reach_the_public_servers(tmp_path: Path) -> None:
    """Without --mailbox, a Saga in the tests' loopback mode refuses to go online
    at all (magic-wormhole's public servers are the default), before sending anything."""
    machine = Machine(
        tmp_path / "join",
        ["--join", "7-crossover-clockwork", "--seat", "brunhild"],
        env=environment(**loopback_env()),
    )
    assert machine.finish(HANG) == 2
    assert "is not on this machine" in machine.stderr


def test_two_machines_play_the_originals_game_by_code(tmp_path: Path, local: Local) -> None:
    host = Host(tmp_path / "host", TWO, "beowulf", local)
    code, watch = host.code("Brunhild"), host.code("watch")
    assert f"code for Brunhild: {code}" in host.stderr
    assert f"code for spectators: {watch}" in host.stderr
    joiner = _joiner(tmp_path / "join", code, local, TWO, "brunhild")
    _same_game([host, joiner], TWO)
    assert "hosting on port" not in host.stderr  # online, it listens on no port


def test_three_machines_and_a_spectator_by_code(tmp_path: Path, local: Local) -> None:
    host = Host(tmp_path / "host", THREE, "", local)
    joiners = [
        _joiner(tmp_path / name, host.code(name.capitalize()), local, THREE, name)
        for name in ("brunhild", "egil", "siegfried")
    ]
    watch = host.code("watch")
    spectator = _joiner(tmp_path / "watch", watch, local, None)
    assert host.code("watch", other_than=watch) != watch  # a spectators' code is used once
    _same_game([host, *joiners, spectator], THREE)


def test_a_killed_joiner_comes_back_with_its_seats_fresh_code(tmp_path: Path, local: Local) -> None:
    host = Host(tmp_path / "host", TWO, "beowulf", local)
    first_code = host.code("Brunhild")
    first = _joiner(tmp_path / "join", first_code, local, TWO, "brunhild", typed=True)
    first.type(answers_for(TWO, {1})[:40])  # then it waits at its 41st question
    _until(lambda: first.answered() >= 60, first)
    first.kill()
    fresh = host.code("Brunhild", other_than=first_code)  # once its machine is out of reach
    again = _joiner(tmp_path / "join", fresh, local, TWO, "brunhild")  # its script whole
    _same_game([host, again], TWO)
    assert host.stderr.count("joined") == 2 and "left" in host.stderr


def test_wrong_burned_and_unreachable_codes_are_told_while_the_game_goes_on(
    tmp_path: Path,
) -> None:
    """Every way a code leads nowhere, each a sentence in its player's
    language, while Brunhild's machine and the host play on.  The host keeps
    to the relay (--relay-only); Brunhild's machine offers a direct
    connection, so that the relay may stop mid-game."""
    with local_servers(tmp_path / "servers") as own:
        host = Host(tmp_path / "host", TWO, "beowulf", own, "--relay-only")
        # A seat's code lets in that seat only, once: here a machine asking for
        # another seat uses it up.
        code = host.code("Brunhild")
        other = _joiner(tmp_path / "other", code, own, None, "beowulf")
        assert other.finish(HANG) == 2
        assert "This code is for Brunhild, not for Beowulf." in other.stderr
        # The fresh code alone, no --seat: it says whose seat it is.
        fresh = host.code("Brunhild", other_than=code)
        joiner = _joiner(tmp_path / "join", fresh, own, TWO, typed=True)
        hers = answers_for(TWO, {1})
        joiner.type(hers[:20])
        _until(lambda: joiner.answered() >= 20, joiner)
        # A wrong guess, mid-game: the right number with the wrong words.
        watch = host.code("watch")
        wrong = _joiner(tmp_path / "wrong", _number(watch) + "-wrong-guess", own, None)
        assert wrong.finish(HANG) == 2
        assert "The code is wrong, or was used already" in wrong.stderr, wrong.stderr
        burned = watch
        watch = host.code("watch", other_than=watch)  # burned, and renewed
        assert "A wrong code was tried, and a new one made, for spectators" in host.stderr
        # The mailbox gives a freed number out again, so a code the host makes
        # may carry the number of a burned one: a machine trying that burned
        # code then meets the host there, and is told the code is wrong or
        # used.  So a burned code is tried while the host makes none (before
        # the late spectator below uses the spectators' code, and the host
        # makes the next), one whose number no code of the host's carries.
        if _number(burned) == _number(watch):
            burned = code
        assert _number(burned) not in {_number(made) for made in host.codes().values()}
        # At once: a burned code, and a code nobody made.
        failing = {
            _joiner(tmp_path / "burned", burned, own, None, "brunhild", *GERMAN): NOBODY_DE,
            _joiner(tmp_path / "nobody", "99-nobody-home", own, None, "", *ITALIAN): NOBODY_IT,
        }
        joiner.type(hers[20:30])
        _told(failing)
        # With the relay stopped, a spectator that keeps to it.
        own.stop_relay()
        late = _joiner(tmp_path / "late", watch, own, None, "", "--relay-only", *GERMAN)
        joiner.type(hers[30:40])
        _told({late: f"{NO_PATH_DE} {own.relay}"})
        assert joiner.process.poll() is None and host.process.poll() is None
        joiner.type(hers[40:])
        _same_game([host, joiner], TWO)


def test_the_relay_carries_a_game_when_direct_connections_are_off(
    tmp_path: Path, local: Local
) -> None:
    before = local.relayed()
    host = Host(tmp_path / "host", TWO, "beowulf", local, "--relay-only")
    code = host.code("Brunhild")
    joiner = _joiner(tmp_path / "join", code, local, TWO, "brunhild", "--relay-only")
    _same_game([host, joiner], TWO)
    _until(lambda: local.relayed() > before + 10_000, host)  # the whole game went through it


class _Streams:
    """A stand-in for the host's server that keeps the streams its codes bring."""

    def __init__(self) -> None:
        self.streams: queue.Queue[socket.socket] = queue.Queue()

    def open_seats(self) -> frozenset[int]:
        return frozenset({1})

    def accept(self, sock: socket.socket, address: str, seats: frozenset[int]) -> None:
        self.streams.put(sock)


def _unread(writer: socket.socket, most: int) -> int:
    """Write to ``writer`` until it has been held back for a while (or ``most`` bytes)."""
    writer.setblocking(False)
    sent, chunk = 0, b"PING\n" * 13_000
    held = time.monotonic()
    while sent < most and time.monotonic() - held < 2.0:
        try:
            sent += writer.send(chunk)
            held = time.monotonic()
        except BlockingIOError:
            time.sleep(0.01)
    return sent


def test_a_machine_that_reads_nothing_holds_the_other_back(local: Local) -> None:
    """A code's stream, host and joiner in this process: each side in turn
    writes as fast as it can while the other reads nothing.  The writer is
    held back after a few megabytes (the sockets' buffers), as over TCP, and
    then everything arrives.  Before, the reading machine kept whatever came
    in its memory (200 MB sent grew it by 405 MB), or the stream broke."""
    from saga.look.text import english
    from saga.net import tunnel
    from saga.net.online import Servers

    servers, streams = Servers(local.mailbox, local.relay), _Streams()
    invitations = tunnel.Invitations(
        streams, servers, english(), tell=lambda line: None, shown=lambda codes: None
    )
    invitations.open()
    joined = tunnel.dial(invitations.current()[1], servers, english(), tell=lambda line: None)
    hosted = streams.streams.get(timeout=HANG)
    try:
        for writer, reader in ((hosted, joined.sock), (joined.sock, hosted)):
            sent = _unread(writer, 64 * 2**20)
            assert sent < 32 * 2**20, f"{sent} bytes went to a machine that reads nothing"
            reader.settimeout(HANG)
            received = 0
            while received < sent:
                data = reader.recv(2**20)
                assert data, "the stream broke"
                received += len(data)
            assert received == sent
    finally:
        joined.close()
        invitations.close(wait=1)
        hosted.close()


def test_a_code_renewed_twice_at_once_is_no_trouble_with_the_mailbox(local: Local) -> None:
    """A double click on Renew: the second closes a code's wormhole while it is
    still reaching the mailbox server.  The seat gets its fresh code, and the
    host says nothing (before, it said the mailbox server could not be reached,
    and the seat had no code for 5 s)."""
    from saga.look.text import english
    from saga.net import tunnel
    from saga.net.online import Servers

    said: list[str] = []
    invitations = tunnel.Invitations(
        _Streams(),
        Servers(local.mailbox, local.relay),
        english(),
        tell=said.append,
        shown=lambda codes: None,
    )
    invitations.open()
    try:
        first = invitations.current()[1]
        invitations.renew(1)
        time.sleep(0.01)  # the second click, as the first's code reaches the mailbox server
        invitations.renew(1)
        end = time.monotonic() + HANG
        while invitations.current().get(1, first) == first:
            assert time.monotonic() < end, said
            time.sleep(0.02)
    finally:
        invitations.close()
    assert said == []


def test_a_join_with_the_mailbox_server_stopped_says_so(tmp_path: Path) -> None:
    with local_servers(tmp_path / "servers") as own:
        host = Host(tmp_path / "host", TWO, "beowulf", own)
        code = host.code("Brunhild")
        own.stop_mailbox()
        joiner = _joiner(tmp_path / "join", code, own, TWO, "brunhild")
        assert joiner.finish(HANG) == 2
        assert f"The mailbox server cannot be reached: {own.mailbox}" in joiner.stderr
        assert host.process.poll() is None  # still waiting for its player
        host.kill()


def test_hosting_with_no_mailbox_server_says_so(tmp_path: Path) -> None:
    with local_servers(tmp_path / "servers") as own:
        own.stop_mailbox()
        host = Host(tmp_path / "host", TWO, "beowulf", own)
        assert host.finish(HANG) == 2
        assert f"The mailbox server cannot be reached: {own.mailbox}" in host.stderr


@pytest.mark.soak
def test_a_guesser_burning_codes_gets_them_at_a_pace(tmp_path: Path, local: Local) -> None:
    """Slow (RENEW_EVERY).  A stranger tries a wrong code on each of Brunhild's
    codes as soon as it is made (anyone may list a mailbox server's codes):
    the first few are made again at once, then one every RENEW_EVERY seconds,
    the host says one line for each, and the player still joins and plays.
    Before, each try made a code at once: 60 tries took 7 s and 122 lines."""
    from saga.net import door

    host = Host(tmp_path / "host", TWO, "beowulf", local)
    code = host.code("Brunhild")
    tries = int(door.RENEW_BURST) + 2
    for _ in range(tries):
        assert wrong_try(local.mailbox, _number(code) + "-wrong-guess") == "WrongPasswordError"
        code = host.code("Brunhild", other_than=code)
    assert host.stderr.count("A wrong code was tried, and a new one made, for Brunhild") == tries
    joiner = _joiner(tmp_path / "join", code, local, TWO, "brunhild")
    _same_game([host, joiner], TWO)


@pytest.mark.soak
def test_a_code_nobody_waits_on_says_so(tmp_path: Path, local: Local) -> None:
    """Slow (the joiner waits KEY_TIMEOUT seconds for a host that never comes)."""
    joiner = _joiner(tmp_path / "join", "99-nobody-home", local, None)
    assert joiner.finish(HANG) == 2
    assert "Nobody is waiting on this code" in joiner.stderr and "99-nobody-home" in joiner.stderr


@pytest.mark.soak
def test_a_joiner_whose_host_dies_says_so_and_stops(tmp_path: Path, local: Local) -> None:
    """Slow (the host counts as gone after LOST_GRACE seconds out of reach)."""
    host = Host(tmp_path / "host", TWO, "beowulf", local)
    joiner = _joiner(tmp_path / "join", host.code("Brunhild"), local, TWO, "brunhild", typed=True)
    joiner.type(answers_for(TWO, {1})[:10])
    _until(lambda: joiner.answered() >= 10, joiner)
    host.kill()
    assert joiner.finish(HANG) == 1
    assert "The host's machine is out of reach." in joiner.stderr
    assert "stopped:" in joiner.stderr
