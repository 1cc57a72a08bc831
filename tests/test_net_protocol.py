"""The network protocol: its messages and rules, and the host's defences on loopback."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga.engine import tables as T
from saga.engine.host import Ask
from saga.files.saveformat import SAVE_SIZE
from saga.net import protocol as P
from tests.netgames import ORACLE

answers = st.builds(
    P.Answer,
    st.integers(0, P.MAX_SEQ),
    st.sampled_from([m for m in Ask if m != Ask.ANYKEY]),
    st.integers(6, 11),
    st.integers(-4, P.MAX_KEY),
    st.integers(T.HERO, T.KINGDOM),
)


@given(answers, st.booleans())
def test_answers_travel_unchanged_or_are_refused_as_implausible(
    answer: P.Answer, to_host: bool
) -> None:
    line = P.encode(answer, to_host=to_host)
    assert line.startswith(b"A " if to_host else b"Q ")
    if P.plausible(answer.mode, answer.pen, answer.result, answer.countertype):
        assert P.decode(line.decode().rstrip("\n")) == answer
    else:
        with pytest.raises(P.ProtocolError, match="no player could give"):
            P.decode(line.decode().rstrip("\n"))


def test_every_answer_of_the_originals_games_is_plausible() -> None:
    """The host's checks of range and kind refuse nothing a player of the original gave."""
    lines = [line for trace in ORACLE.rglob("*.trace") for line in trace.read_text().splitlines()]
    answers = [line.split() for line in lines if line.startswith("Q ")]
    assert len(answers) > 5000
    for _, mode, pen, result, kind in answers:
        assert P.plausible(Ask[mode], int(pen), int(result), int(kind)), (mode, result, kind)


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
        P.Stop("the host left"),
        P.HOST_LEFT,
        P.Stop("the host's answers ran out: line 7: no answer", "ANSWERS"),
        P.Drop("nothing was heard from this machine for 90 s"),
        P.Ping(),
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
        "A 1 COUNTRY 6 66 5",  # no such area
        "A 1 COUNTRY 6 -4 5",  # Esc is Done there
        "A 1 COUNTER 6 18 1",  # no such jarl
        "A 1 COUNTER 6 6 0",  # no such hero
        "A 1 YNKEYBOARD 6 -3 5",  # a key's code, not Done
        "SAVE 3 " + "00" * P.SAVE_SIZE,  # a machine's save is none of the host's business
        "PONG",
        "HASH 7 xyz",
        "SAVE 3 00",
        "DELETE /etc/passwd",
        "PING now",
        "Q 1 COUNTRY 6 3\x00 5",
        "HASH 0 " + "0" * 64,  # turns start at 1 (0 is the end's, said by FINAL)
        "KEYS 27 78 71 76 87 82 84",  # a key is a letter a player sees: no Esc ...
        "KEYS 89 78 71 76 87 82 55296",  # ... no half of a character ...
        "KEYS 32 78 71 76 87 82 84",  # ... no space
        "KEYS 89 78 71 76 87 82 8238",  # ... nor a bidirectional override
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


def test_join_codes_are_short_unambiguous_and_strong_enough() -> None:
    codes = {P.new_code() for _ in range(200)}
    assert len(codes) > 190
    assert all(len(c) == P.CODE_LENGTH and set(c) <= set(P.CODE_ALPHABET) for c in codes)
    assert sum(P.code_problem(c) is None for c in codes) > 190  # a few repeat a character
    assert not set("01IOLZ25SB8") & set(P.CODE_ALPHABET)
    assert P.normal_code(" abc-def ") == "ABCDEF"
    assert P.check_code("k7q-xpm") == "K7QXPM"  # the README's and the hooks' code
    for weak, why in [
        ("K7QXP", "6 to 32 characters"),
        ("TEST77", "not 'S'"),
        ("AAAAAA", "4 different"),
        ("7A7A7A", "4 different"),
        ("", "6 to 32"),
    ]:
        problem = P.code_problem(weak)
        assert problem is not None and why in str(problem), (weak, problem)


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


def test_a_greek_hosts_keys_travel_and_a_joiner_in_another_language_answers_with_them() -> None:
    """The host's Greek keys go as code points; a German joiner's words
    then name them, and its engine compares with them, as for any language."""
    from languages import GERMAN, GREEK

    from saga.engine.host import answer_key
    from saga.net.play import game_keys, keyed

    keys = game_keys(GREEK)
    assert keys == tuple(map(ord, "ΝΟΔΤΑΝΔ"))
    message = P.Keys(keys)
    assert P.decode(P.encode(message, to_host=False).decode()[:-1]) == message
    joiner = keyed(GERMAN, keys)
    assert joiner("MSG_KEY_YES") == "Ν" and joiner("MSG_YES") == "Ja"
    assert answer_key(joiner, "MSG_KEY_GLORY") == ord("Δ")
