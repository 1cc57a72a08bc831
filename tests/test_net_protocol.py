"""The network protocol: its messages and rules, and the host's defences on loopback."""

from __future__ import annotations

import socket

import pytest
from guards import HANG
from hypothesis import given
from hypothesis import strategies as st

from saga.engine import tables as T
from saga.engine.host import Ask
from saga.files.saveformat import SAVE_SIZE
from saga.net import protocol as P
from saga.net.server import CODE_TRIES, Server

answers = st.builds(
    P.Answer,
    st.integers(0, P.MAX_SEQ),
    st.sampled_from([m for m in Ask if m != Ask.ANYKEY]),
    st.integers(6, 11),
    st.integers(-4, P.MAX_KEY),
    st.integers(T.HERO, T.KINGDOM),
)


@given(answers, st.booleans())
def test_answers_travel_unchanged(answer: P.Answer, to_host: bool) -> None:
    line = P.encode(answer, to_host=to_host)
    assert line.startswith(b"A " if to_host else b"Q ")
    assert P.decode(line.decode().rstrip("\n")) == answer


@pytest.mark.parametrize(
    "message",
    [
        P.Hello(P.PROTOCOL, "1.2.3", "ABC123", frozenset({1, 4})),
        P.Hello(P.PROTOCOL, "1.2.3", "ABC123", frozenset()),
        P.Welcome(frozenset({0})),
        P.Wait(frozenset({2, 3})),
        P.GameLine("SAGA-REPLAY 1 4 20 1 1 1 0 2 0 0"),
        P.GameLine("S " + "00" * SAVE_SIZE),
        P.Keys((89, 78, 71, 76, 87, 82, 84)),
        P.Start(),
        P.Hash(7, "ab" * 32),
        P.Final("cd" * 32),
        P.Desync(3, bytes(range(256)) * 6 + bytes(SAVE_SIZE - 1536)),
        P.Save(3, bytes(SAVE_SIZE)),
        P.Ping(),
        P.Pong(),
        P.Bye(),
    ],
)
def test_messages_travel_unchanged(message: P.Message) -> None:
    line = P.encode(message, to_host=True).decode()
    assert line.endswith("\n") and len(line) <= P.MAX_LINE
    assert P.decode(line[:-1]) == message


@pytest.mark.parametrize(
    "line",
    [
        "",
        "HELLO",
        "HELLO SAGA 1 x",
        "HELLO SAGA 1 1.0 CODE LOKI",
        "A 1 COUNTRY 5 3 5",  # pen 5 is nobody's
        "A 1 COUNTRY 6 3 9",  # no such counter kind
        "A 1 ANYKEY 6 3 5",  # a pause is never an answer
        "A -1 COUNTRY 6 3 5",
        "A 1 NOSUCH 6 3 5",
        "A 1 COUNTRY 6 99999999999 5",
        "HASH 7 xyz",
        "SAVE 3 00",
        "DELETE /etc/passwd",
        "PING now",
        "Q 1 COUNTRY 6 3\x00 5",
    ],
)
def test_malformed_lines_are_refused(line: str) -> None:
    with pytest.raises(P.ProtocolError):
        P.decode(line)


def test_a_connection_refuses_long_lines_without_holding_them() -> None:
    conn = P.Connection(P.Role.HOST)
    with pytest.raises(P.ProtocolError, match="longer"):
        for _ in range(10):
            conn.receive_data(b"x" * 1000)
    assert conn.phase is P.Phase.CLOSED
    assert conn.receive_data(b"HELLO\n") == []  # closed: nothing more is read


def test_a_connection_takes_only_what_its_side_may_receive_now() -> None:
    conn = P.Connection(P.Role.HOST)
    with pytest.raises(P.ProtocolError, match="not expected"):
        conn.receive_data(b"A 0 COUNTRY 6 3 5\n")
    conn = P.Connection(P.Role.HOST)
    hello = P.encode(P.Hello(P.PROTOCOL, "v", "C0DE", frozenset({1})), to_host=True)
    assert isinstance(conn.receive_data(hello[:5])[:1] or conn.receive_data(hello[5:])[0], P.Hello)
    conn.send(P.Welcome(frozenset({1})))
    with pytest.raises(P.ProtocolError):  # answers only once the game has started
        conn.receive_data(b"A 0 COUNTRY 7 3 5\n")


def test_a_flood_is_cut_off() -> None:
    now = [0.0]
    conn = P.Connection(P.Role.JOIN, P.Limits(rate=10, burst=20), clock=lambda: now[0])
    conn.receive_data(b"WELCOME -\n")
    conn.receive_data(b"PING\n" * 19)
    now[0] += 1.0  # ten more may come in a second
    conn.receive_data(b"PING\n" * 10)
    with pytest.raises(P.ProtocolError, match="too many"):
        conn.receive_data(b"PING\n" * 5)


def test_addresses_and_seats() -> None:
    assert P.parse_address("4000") == ("", 4000)
    assert P.parse_address("192.168.1.20:4000") == ("192.168.1.20", 4000)
    assert P.parse_address("[::1]:4000") == ("::1", 4000)
    assert P.parse_address("saga.example.org:4000") == ("saga.example.org", 4000)
    for bad in ("", "host:", "::1:4000", "host:99999", "a b:1"):
        with pytest.raises(ValueError):
            P.parse_address(bad)
    assert P.parse_seats("beowulf, Egil") == frozenset({0, 2})
    assert P.parse_seats("-") == frozenset()
    with pytest.raises(ValueError, match="Loki"):
        P.parse_seats("Loki")
    assert P.seat_names({2, 0}) == "BEOWULF,EGIL"


def test_join_codes_are_short_and_unambiguous() -> None:
    codes = {P.new_code() for _ in range(200)}
    assert len(codes) > 190
    assert all(len(c) == P.CODE_LENGTH and set(c) <= set(P.CODE_ALPHABET) for c in codes)
    assert not set("01IOLZ25SB8") & set(P.CODE_ALPHABET)
    assert P.normal_code(" abc-def ") == "ABCDEF"


def _hello(port: int, code: str, seats: str = "BRUNHILD") -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=HANG) as peer:
        peer.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} {code} {seats}\n".encode())
        return peer.makefile("rb").readline().decode()


def test_wrong_codes_are_rate_limited_per_address() -> None:
    server = Server(["SAGA-REPLAY 1 4 20 1 1 1 0 2 0 0"], (89,) * 7, frozenset({1}), "RIGHT7")
    port = server.listen("127.0.0.1", 0)
    try:
        for _ in range(CODE_TRIES):
            assert _hello(port, "WRONG9").startswith("REFUSE wrong code")
        assert "too many wrong codes" in _hello(port, "RIGHT7")
        assert server.open_seats() == frozenset({1})
    finally:
        server.close()


def test_seats_are_checked_at_the_door() -> None:
    server = Server(["SAGA-REPLAY 1 4 20 1 1 1 0 2 0 0"], (89,) * 7, frozenset({1}), "RIGHT7")
    port = server.listen("127.0.0.1", 0)
    try:
        assert "Ragnar: no open seat" in _hello(port, "RIGHT7", "RAGNAR")
        assert _hello(port, "right7", "-").startswith("WELCOME -")  # a spectator
        with socket.create_connection(("127.0.0.1", port), timeout=HANG) as first:
            first.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} RIGHT7 BRUNHILD\n".encode())
            assert first.makefile("rb").readline().startswith(b"WELCOME BRUNHILD")
            assert "already played" in _hello(port, "RIGHT7")
            assert server.wait_for_players(HANG)
    finally:
        server.close()


def test_a_silent_connection_is_closed_after_the_handshake_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    from saga.net import server as S

    monkeypatch.setattr(S, "HANDSHAKE_TIMEOUT", 0.3)
    server = Server(["SAGA-REPLAY 1 4 20 1 1 1 0 2 0 0"], (89,) * 7, frozenset({1}), "RIGHT7")
    port = server.listen("127.0.0.1", 0)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=HANG) as peer:
            peer.sendall(b"HELLO SAGA 1 ")  # half a line, then nothing
            assert peer.recv(100) == b""  # the host hangs up (not the socket's guard)
        assert _hello(port, "RIGHT7", "-").startswith("WELCOME")  # and still lets players in
    finally:
        server.close()


def test_a_spectator_out_of_step_is_let_go_and_the_game_goes_on() -> None:
    server = Server(["SAGA-REPLAY 1 4 20 1 1 1 0 2 0 0"], (89,) * 7, frozenset(), "RIGHT7")
    port = server.listen("127.0.0.1", 0)
    try:
        assert server.wait_for_players(HANG)
        server.autosaved(1, bytes(SAVE_SIZE))
        with socket.create_connection(("127.0.0.1", port), timeout=HANG) as peer:
            peer.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} RIGHT7 -\n".encode())
            received = peer.makefile("rb")
            lines = [received.readline().decode()]
            while lines[-1] != "START\n":
                lines.append(received.readline().decode())
            peer.sendall(b"HASH 1 " + b"0" * 64 + b"\n")
            lines += received.read().decode().splitlines()
        assert lines[0] == "WELCOME -\n"
        assert lines[-1].startswith("DESYNC 1 ")
        assert server.stream.stopped is None and server.desync is None
    finally:
        server.close()


def test_a_terminal_player_types_answers() -> None:
    import io

    from saga.engine.host import Answer
    from saga.play.hosts import ScriptError, TerminalHost, read_answer

    assert read_answer("12", Ask.COUNTRY) == Answer(12)
    assert read_answer("3 1", Ask.COUNTER) == Answer(3, T.JARL)
    assert read_answer("y", Ask.YNKEYBOARD) == Answer(ord("Y"))
    assert read_answer("Q COUNTRY 6 -3 5", Ask.COUNTRY) == Answer(-3, 5)
    for bad in ("", "north", "3 9", "1 2 3", "-5"):
        assert read_answer(bad, Ask.COUNTRY) is None
    out = io.StringIO()
    host = TerminalHost(out, None, colour=False, answers=io.StringIO("what\n7\n"))
    assert host.ask(Ask.COUNTRY, 6) == Answer(7)
    assert "COUNTRY pen 6 (Beowulf)? " in out.getvalue()
    with pytest.raises(ScriptError, match="no answer on the terminal"):
        host.ask(Ask.COUNTRY, 6)
