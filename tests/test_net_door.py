"""The host's door, the keepalive and bounded output: their rules with a made-up
clock, and the server's door on loopback (in this process, real sockets)."""

from __future__ import annotations

import select
import socket
import time

import pytest

from saga.net import door as D
from saga.net import protocol as P
from saga.net.keepalive import Keepalive, Liveness
from saga.net.notices import Notices
from saga.net.server import Server
from tests.guards import HANG

HEADER = ["SAGA-REPLAY 1 4 20 1 1 1 0 2 0 0"]
CODE = "R7GHTX"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_half_open_connections_cost_their_own_address_its_places() -> None:
    door = D.Door(Clock())
    for n in range(50):  # one address holds the door open
        door.enter(("a", n), "10.0.0.1")
    assert door.at_door() == D.PER_ADDRESS
    assert door.enter("player", "10.0.0.2") == []  # another gets in without a fuss
    assert door.enter("player 2", "10.0.0.1") == [("a", 46)]  # at the same address: the oldest goes
    crowd = [door.enter(("b", n), f"10.1.{n // 250}.{n % 250}") for n in range(200)]
    assert door.at_door() == D.AT_DOOR
    assert all(len(gone) <= 1 for gone in crowd)
    assert door.enter("late", "10.9.9.9") != []  # full: still a place for a newcomer


def test_ipv6_addresses_are_counted_by_their_64() -> None:
    assert (
        D.address_group("2001:db8::1") == D.address_group("2001:db8::ffff:1") == ("2001:db8::/64")
    )
    assert D.address_group("::ffff:10.0.0.1") == "10.0.0.1"
    assert D.address_group("127.0.0.7") == "127.0.0.7"


def test_many_addresses_guess_no_faster_than_the_shared_limit() -> None:
    clock = Clock()
    door = D.Door(clock)
    checked = 0
    for second in range(600):  # ten minutes of guessing from a thousand addresses
        for n in range(5):
            address = f"10.{second % 4}.{n}.{second // 4 % 250}"
            door.enter((second, n), address)
            door.wait((second, n), address)
        for key in door.checks():
            door.checked(f"10.{key[0] % 4}.{key[1]}.{key[0] // 4 % 250}", right=False)
            checked += 1
        for key in door.overdue():
            door.leave(key)
        clock.now += 1
    assert checked <= D.ALL_BURST + 10 * D.ALL_PER_MINUTE
    assert door.alarm() is not None and door.alarm() is None  # said once a minute


def test_the_right_code_waits_its_turn_but_gets_in_and_goes_first() -> None:
    clock = Clock()
    door = D.Door(clock)

    def knock(key: object, address: str) -> float:
        """A HELLO, waiting for its check; the seconds it waited."""
        door.enter(key, address)
        door.wait(key, address)
        start = clock.now
        while key not in door.checks():
            assert door.overdue() == []
            wait = door.next_event()
            assert wait is not None and wait > 0
            clock.now += wait
        door.leave(key)
        return clock.now - start

    for n in range(12):  # twenty seconds of wrong codes from one address, one after another
        knock(n, "10.0.0.1")
        door.checked("10.0.0.1", right=False)
    assert knock("friend", "10.0.0.1") <= 60 / D.ADDRESS_PER_MINUTE  # behind the same router
    door.checked("10.0.0.1", right=True)
    # Many addresses waiting: one that never gave a wrong code is checked first.
    for n in range(30):
        door.enter(("g", n), f"10.2.0.{n}")
        door.wait(("g", n), f"10.2.0.{n}")
        door.checked(f"10.2.0.{n}", right=False)
    clock.now += 600
    door.enter("player", "10.3.0.1")
    door.wait("player", "10.3.0.1")
    assert door.checks()[0] == "player"


def test_when_the_door_is_full_those_that_failed_leave_first() -> None:
    """Guessers on a hundred addresses hold every place at the door and keep
    coming as they are refused or turned away (before, each newcomer turned
    the oldest away, so they soon turned the player's waiting HELLO away): the
    player, who has failed nowhere, keeps its place and is checked first."""
    clock = Clock()
    door = D.Door(clock)
    guessers = [f"10.5.0.{n}" for n in range(100)]
    for address in guessers:  # each has guessed wrong before
        door.checked(address, right=False)
    for n in range(D.AT_DOOR):
        door.enter(("g", n), guessers[n % 100])
        door.wait(("g", n), guessers[n % 100])
    door.enter("player", "10.6.0.1")
    door.wait("player", "10.6.0.1")
    for n in range(D.AT_DOOR, D.AT_DOOR + 1000):
        assert "player" not in door.enter(("g", n), guessers[n % 100])
        door.wait(("g", n), guessers[n % 100])
    assert door.checks()[0] == "player"


def test_checks_that_waited_too_long_count_against_their_address() -> None:
    """HELLOs refused because their check waited too long are failures of their
    addresses, as wrong codes are: their next connections leave the door before
    a newcomer's, and are checked after it."""
    clock = Clock()
    door = D.Door(clock)
    crowd = [f"10.7.0.{n}" for n in range(D.AT_DOOR)]
    for n, address in enumerate(crowd):  # fresh addresses, none has guessed yet
        door.enter(n, address)
        door.wait(n, address)
    clock.now += D.CHECK_WAIT
    assert sorted(door.overdue()) == list(range(D.AT_DOOR))  # never checked: refused
    for n in range(D.AT_DOOR):
        door.leave(n)
    for n, address in enumerate(crowd):
        door.enter(("again", n), address)
        door.wait(("again", n), address)
    door.enter("player", "10.8.0.1")
    door.wait("player", "10.8.0.1")
    for n in range(500):
        assert "player" not in door.enter(("more", n), crowd[n % len(crowd)])
    assert door.checks()[0] == "player"


def test_online_codes_burned_by_wrong_tries_are_made_again_at_a_pace() -> None:
    clock = Clock()
    renewals = D.Renewals(clock)
    waits = [renewals.wait("Brunhild") for _ in range(int(D.RENEW_BURST) + 3)]
    assert waits[: int(D.RENEW_BURST)] == [0.0] * int(D.RENEW_BURST)
    assert waits[int(D.RENEW_BURST) :] == [D.RENEW_EVERY, 2 * D.RENEW_EVERY, 3 * D.RENEW_EVERY]
    assert renewals.wait(None) == 0.0  # the spectators' codes have a pace of their own
    clock.now += 10 * D.RENEW_EVERY
    assert renewals.wait("Brunhild") == 0.0


def test_liveness_pings_by_what_it_sent_and_gives_up_by_what_it_heard() -> None:
    clock = Clock()
    live = Liveness(Keepalive(10, 90), clock)
    for _ in range(20):  # hearing all the time: it still says PING every 10 s
        clock.now += live.timeout()
        live.heard()
        due = live.due()
        if due == "ping":
            live.sent()
        assert due != "gone"
    assert clock.now - 1000 >= 150
    clock.now += live.timeout()
    assert live.due() is None or live.due() == "ping"
    live.sent()
    while (due := live.due()) != "gone":  # nothing heard
        clock.now += live.timeout()
        if due == "ping":
            live.sent()
    assert clock.now - live.last_heard >= 90


def test_a_machine_that_was_stopped_does_not_blame_the_other_side() -> None:
    clock = Clock()
    live = Liveness(Keepalive(10, 90), clock)
    clock.now += live.timeout() + 300  # its own wait ended five minutes late
    assert live.due() is None  # it reads what came meanwhile first
    assert clock.now - live.last_heard < 90  # a fresh while to hear the other side
    clock.now += live.timeout()
    assert live.due() == "ping"


def test_a_machine_stopped_between_its_waits_reads_what_came_before_it_blames() -> None:
    """Stopped after one wait and before the next (handling what it read), a
    machine waits again, for what the other side sent meanwhile, rather than
    give it up at once: the host's word that it let this machine go came
    second to "the host went quiet" (CI, once)."""
    clock = Clock()
    live = Liveness(Keepalive(1, 5), clock)
    clock.now += live.timeout() / 2
    live.heard()  # a message read; then this machine is stopped for 10 s
    clock.now += 10
    listen = live.timeout()
    assert listen > 0  # it reads what came meanwhile before it says anything
    clock.now += listen
    assert live.due() == "ping"  # not "gone": it says it is there, and waits again
    assert clock.now - live.last_heard < 5


def test_keepalive_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Keepalive.from_environment() == Keepalive(10, 90)
    monkeypatch.setenv("SAGA_NET_KEEPALIVE", "0.5,3")
    assert Keepalive.from_environment() == Keepalive(0.5, 3)
    hostile = ("1e-9,1e-8", "0.001,0.002", "nan,5", "inf,inf", "1,1.5", "1,3601", "9" * 5000 + ",1")
    for junk in ("3,0.5", "x", "1,2,3", "0,5", "-1,2", *hostile):
        monkeypatch.setenv("SAGA_NET_KEEPALIVE", junk)
        assert Keepalive.from_environment() == Keepalive(10, 90)


def test_what_peers_make_this_machine_print_is_bounded_and_printable() -> None:
    clock = Clock()
    said: list[str] = []
    notices = Notices(said.append, clock)
    for n in range(1000):
        notices.say("10.0.0.1", f"\x1b]0;pwned\x07 line {n}")
    assert len(said) == 9 and "held back" in said[-1]
    assert all("\x1b" not in line and "\x07" not in line for line in said)
    for n in range(1000):
        notices.say(f"10.0.{n // 250}.{n % 250}", "joined")
    assert len(said) <= 9 + 32
    clock.now += 61
    notices.say("10.0.0.1", "left")
    assert said[-1].startswith("left (") and "held back" in said[-1]


# -- the server's door, on loopback ---------------------------------------------


def _hello(port: int, code: str, seats: str = "BRUNHILD") -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as peer:
        peer.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} {code} {seats}\n".encode())
        return peer.makefile("rb").readline().decode()


@pytest.fixture
def server() -> Server:
    server = Server(HEADER, (89,) * 7, frozenset({1}), CODE)
    server.listen("127.0.0.1", 0)
    yield server
    server.close()


def _port(server: Server) -> int:
    assert server._server is not None
    return int(server._server.sockets[0].getsockname()[1])


def test_a_weak_code_is_refused_by_the_host() -> None:
    with pytest.raises(ValueError, match="4 different"):
        Server(HEADER, (89,) * 7, frozenset({1}), "AAAAAA")


def test_wrong_codes_slow_an_address_down_without_locking_the_right_code_out(
    server: Server,
) -> None:
    port = _port(server)
    for _ in range(int(D.ADDRESS_BURST)):
        assert _hello(port, "W9RNGX").startswith("REFUSE CODE: wrong code")
    start = time.monotonic()
    assert _hello(port, CODE).startswith("WELCOME BRUNHILD")  # after a wait for its turn
    assert time.monotonic() - start >= 1  # it did wait: its address had guessed


def test_seats_are_checked_at_the_door(server: Server) -> None:
    port = _port(server)
    assert "Ragnar: no open seat" in _hello(port, CODE, "RAGNAR")
    assert _hello(port, "r7ghtx", "-").startswith("WELCOME -")  # a spectator
    with socket.create_connection(("127.0.0.1", port), timeout=5) as first:
        first.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} {CODE} BRUNHILD\n".encode())
        assert first.makefile("rb").readline().startswith(b"WELCOME BRUNHILD")
        assert "already played" in _hello(port, CODE)
        assert server.wait_for_players(5)


def test_a_silent_connection_is_closed_after_the_handshake_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from saga.net import server as S

    monkeypatch.setattr(S, "HANDSHAKE_TIMEOUT", 0.3)
    server = Server(HEADER, (89,) * 7, frozenset({1}), CODE)
    port = server.listen("127.0.0.1", 0)
    try:
        # The host hangs up, long before the guard against a hang (a socket
        # timeout, which raises) runs out.
        with socket.create_connection(("127.0.0.1", port), timeout=HANG) as peer:
            peer.sendall(b"HELLO SAGA 1 ")  # half a line, then nothing
            assert peer.recv(100) == b""
        assert _hello(port, CODE, "-").startswith("WELCOME")  # and still lets players in
    finally:
        server.close()


def test_a_spectator_out_of_step_is_let_go_and_the_game_goes_on() -> None:
    said: list[str] = []
    server = Server(HEADER, (89,) * 7, frozenset(), CODE, tell=said.append)
    port = server.listen("127.0.0.1", 0)
    try:
        assert server.wait_for_players(5)
        server.autosaved(1, bytes(P.SAVE_SIZE))
        with socket.create_connection(("127.0.0.1", port), timeout=5) as peer:
            peer.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} {CODE} -\n".encode())
            received = peer.makefile("rb")
            lines = [received.readline().decode()]
            while lines[-1] != "START\n":
                lines.append(received.readline().decode())
            peer.sendall(b"HASH 1 " + b"0" * 64 + b"\n" * 1 + (b"HASH 1 " + b"1" * 64 + b"\n") * 50)
            lines += received.read().decode().splitlines()
        assert lines[0] == "WELCOME -\n"
        assert lines[-1].startswith("DESYNC 1 ")
        assert server.stream.stopped is None
        assert len([line for line in said if "out of step" in line]) == 1
    finally:
        server.close()


def test_more_answers_in_a_turn_than_any_player_gives_let_the_seat_go() -> None:
    """Answers the engine only ignores (a click off the map, again and again)
    are plausible, but a seat's thousand-and-first in one turn lets it go:
    the replay does not grow without end."""
    from saga.engine.host import Ask
    from saga.net.protocol import MAX_TURN_ANSWERS

    said: list[str] = []
    fast = P.Limits(rate=100_000, burst=100_000)  # here the rate is not what is tested
    server = Server(HEADER, (89,) * 7, frozenset({1}), CODE, tell=said.append, limits=fast)
    port = server.listen("127.0.0.1", 0)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as peer:
            peer.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} {CODE} BRUNHILD\n".encode())
            received = peer.makefile("rb")
            assert server.wait_for_players(5)
            while received.readline() != b"START\n":
                pass
            server.autosaved(1, bytes(P.SAVE_SIZE))
            for seq in range(MAX_TURN_ANSWERS + 10):
                server.expect(seq, Ask.COUNTRY, 7)
                peer.sendall(f"A {seq} COUNTRY 7 -1 5\n".encode())
                if server.stream.get(seq, 5) is None:
                    break
            lines = received.read().decode().splitlines()
        assert len(server.stream) == MAX_TURN_ANSWERS
        assert lines[-1] == "DROP FLOOD: it sent more answers in one turn than any player gives"
        assert [line for line in said if "answers for Brunhild in one turn" in line]
    finally:
        server.close()


def test_a_seat_taken_back_after_a_flood_starts_afresh_a_few_times_a_turn() -> None:
    """Each machine's answers are counted apart, so the player who takes a seat
    back from a flooding machine may answer; but a seat's answers in one turn
    stay bounded (machines rejoining to flood again are let go at once), below
    what a joiner accepts, and the next turn starts afresh."""
    from saga.engine.host import Ask

    fast = P.Limits(rate=100_000, burst=100_000)
    server = Server(HEADER, (89,) * 7, frozenset({1}), CODE, limits=fast)
    port = server.listen("127.0.0.1", 0)
    seq = 0
    started: list[bool] = []

    def flood(limit: int) -> int:
        """A machine takes Brunhild's seat and answers until let go: how many were taken."""
        nonlocal seq
        taken = 0
        with socket.create_connection(("127.0.0.1", port), timeout=10) as peer:
            peer.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} {CODE} BRUNHILD\n".encode())
            received = peer.makefile("rb")
            if not started:
                assert server.wait_for_players(5)
                started.append(True)
            while received.readline() != b"START\n":
                pass
            for _ in range(limit):
                server.expect(seq, Ask.COUNTRY, 7)
                peer.sendall(f"A {seq} COUNTRY 7 -1 5\n".encode())
                end = time.monotonic() + HANG
                while server.stream.get(seq, 0.1) is None:
                    if select.select([peer], [], [], 0)[0]:  # only DROP and the end come now
                        assert received.read().decode().splitlines()[-1].startswith("DROP")
                        return taken
                    assert time.monotonic() < end, "timed out"
                seq += 1
                taken += 1
        return taken

    try:
        server.autosaved(1, bytes(P.SAVE_SIZE))
        taken = [flood(P.MAX_TURN_ANSWERS + 10) for _ in range(4)]
        assert taken == [P.MAX_TURN_ANSWERS] * 3 + [0]
        assert len(server.stream) == P.REMOTE_SEAT_TURN_ANSWERS < P.MAX_SEAT_TURN_ANSWERS
        server.autosaved(2, bytes(P.SAVE_SIZE))
        assert flood(5) == 5  # a new turn
    finally:
        server.close()
