"""What a joining machine's player reads when a network game fails: one
sentence in the player's language, whatever the host's language or version.

The host words a refusal or a drop in English and names its kind first
(``REFUSE CODE: wrong code``); a joiner that knows the kind words it from its
catalogs, one that does not shows the host's words after a sentence of its own.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from saga.look.text import Unfit, english, load_text
from saga.net import protocol as P
from saga.net.client import _DROPS, _REFUSALS, _STOPS, dropped, ended, refused
from saga.net.server import Server
from tests.guards import HANG
from tests.netgames import CODE, ORACLE, Machine, answers_for, host, join, same_game, until
from tests.test_network import OTHER_VERSION

TWO = ORACLE / "4_20_1_110200.trace"  # Beowulf and Brunhild are human
LANGUAGES = ("english", "deutsch", "italiano", "greek")


def _text(language: str):  # type: ignore[no-untyped-def]
    if language == "english":
        return english()
    return load_text(language, None, {}, Path("/nonexistent"))[0]


def _joiner(folder: Path, port: int, language: str, *args: str, **kw: object) -> Machine:
    argv = ["--join", f"127.0.0.1:{port}", "--language", language, *args]
    return Machine(folder, argv, **kw)  # type: ignore[arg-type]


def test_a_german_joiner_reads_a_wrong_code_and_another_version_in_german(
    tmp_path: Path,
) -> None:
    """The host (English) refuses a wrong code and a Saga of another version:
    the German joiners say so in German, naming both versions, one line each;
    the game goes on and ends as the original's."""
    server, port = host(tmp_path / "host", TWO, "beowulf")
    wrong = _joiner(tmp_path / "wrong", port, "deutsch", "--code", "W9RNGX", "--seat", "brunhild")
    assert wrong.finish() == 2
    assert (
        wrong.stderr
        == "saga: Der Beitrittscode ist falsch: Der Spielleiter nennt ihn noch einmal.\n"
    )
    other = Machine(
        tmp_path / "other",
        ["--join", f"127.0.0.1:{port}", "--code", CODE, "--language", "deutsch"],
        program=OTHER_VERSION,
    )
    assert other.finish() == 2
    said = (
        f"saga: Beim Spielleiter läuft Saga {P.version()} (Netzwerkprotokoll {P.PROTOCOL}), "
        f"auf diesem Rechner Saga 0.0.1 (Protokoll {P.PROTOCOL}): "
        "So können sie nicht zusammen spielen.\n"
    )
    assert other.stderr == said, other.stderr
    joiner = join(tmp_path / "join", port, TWO, "brunhild")
    same_game([server, joiner], TWO)


def test_an_italian_joiner_whose_host_dies_reads_italian(tmp_path: Path) -> None:
    server, port = host(tmp_path / "host", TWO, "beowulf")
    joiner = _joiner(
        tmp_path / "join", port, "italiano", "--code", CODE, "--seat", "brunhild", typed=True
    )
    joiner.type(answers_for(TWO, {1})[:10])  # then it waits at its 11th question
    until(lambda: joiner.answered() >= 10, timeout=HANG)
    server.kill()
    assert joiner.finish() == 1
    assert "La connessione con chi ospita la partita si è interrotta." in joiner.stderr
    assert "Traceback" not in joiner.stderr, joiner.stderr


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        # An older host's plain English, as every Saga before the kinds sent it.
        (
            "REFUSE this game's host runs Saga 0.9 (network protocol 1); yours is Saga 1.0 "
            "(protocol 2): they cannot play together",
            "Der Spielleiter hat diesen Rechner abgewiesen: this game's host runs Saga 0.9 "
            "(network protocol 1); yours is Saga 1.0 (protocol 2): they cannot play together",
        ),
        # A newer host's kind this Saga does not know: its words.
        (
            "REFUSE MOON 3: the moon is in the wrong phase",
            "Der Spielleiter hat diesen Rechner abgewiesen: the moon is in the wrong phase",
        ),
        # A known kind whose fields are not what it takes: the words, too.
        (
            "REFUSE TAKEN LOKI: Loki: already played",
            "Der Spielleiter hat diesen Rechner abgewiesen: Loki: already played",
        ),
    ],
)
def test_a_refusal_the_joiner_cannot_word_shows_the_host_s_words(
    tmp_path: Path, said: str, shown: str
) -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(30)
    port = int(listener.getsockname()[1])
    joiner = _joiner(tmp_path / "join", port, "deutsch", "--code", CODE)
    try:
        conn, _ = listener.accept()
        with conn:
            conn.settimeout(30)
            assert conn.makefile("rb").readline().startswith(b"HELLO SAGA ")
            conn.sendall(said.encode() + b"\n")
            assert joiner.finish() == 2
    finally:
        listener.close()
    assert joiner.stderr == f"saga: {shown}\n", joiner.stderr


def test_every_reason_the_host_gives_is_worded_by_the_joiner_in_every_language() -> None:
    """Each kind the host sends (a refusal's, a drop's) is one a joiner words
    from its catalogs: none falls back to the host's English."""
    server = Server(["SAGA-REPLAY"], (89,) * 7, frozenset({1, 2}), CODE)
    reasons: list[P.Refuse | P.Drop] = [
        P.decode(P.encode(r, to_host=False).decode().strip())  # type: ignore[misc]
        for r in (
            server._version_refusal(P.Hello(1, "0.0.1", CODE, frozenset())),
            server._seat_refusal(P.Hello(P.PROTOCOL, P.version(), CODE, frozenset({4}))),
            P.Refuse("wrong code", "CODE"),
            P.Drop("x", "TAKEN", (P.seat_names({1}),)),
        )
    ]
    assert server._version_refusal(P.Hello(P.PROTOCOL, P.version(), CODE, frozenset())) is None
    sent = {"VERSION", "SEAT", "CODE", "TAKEN"}
    assert {r.kind for r in reasons} == sent
    for language in LANGUAGES:
        t = _text(language)
        for kind in _REFUSALS:
            fields = {"VERSION": ("9.9", "7"), "TICKET": ("BRUNHILD", "-"), "SEAT": ("RAGNAR", "-")}
            fields |= {"TAKEN": ("EGIL",), "FULL": ("32",)}
            words = refused(t, P.Refuse("ENGLISH", kind, fields.get(kind, ())))
            assert "ENGLISH" not in words and "%" not in words, (language, kind, words)
        for kind in _DROPS:
            fields = {"QUIET": ("30",), "TAKEN": ("BRUNHILD,EGIL",)}
            words = dropped(t, P.Drop("ENGLISH", kind, fields.get(kind, ())))
            assert "ENGLISH" not in words and "%" not in words, (language, kind, words)
    t = _text("deutsch")
    assert refused(t, reasons[0]) == (
        f"Beim Spielleiter läuft Saga {P.version()} (Netzwerkprotokoll {P.PROTOCOL}), "
        f"auf diesem Rechner Saga {P.version()} (Protokoll {P.PROTOCOL}): "
        "So können sie nicht zusammen spielen."
    )
    assert (
        refused(t, reasons[1])
        == "In diesem Spiel ist kein Platz für Siegfried frei (frei: Brunhild, Egil)."
    )
    assert dropped(t, reasons[3]) == (
        "Der Spielleiter spielt ab jetzt Brunhild selbst und hat diesen Rechner "
        "aus dem Spiel genommen."
    )
    server.loop.close()


def test_every_stop_the_host_sends_is_worded_by_the_joiner_in_every_language() -> None:
    """Why a host ends a game early (its player stopped it or left it, its
    recorded answers ran out) travels as a kind, which every joiner words from
    its catalogs; a stop of a kind it does not know (an older or newer host)
    shows the host's words after its own sentence."""
    sent = [
        P.decode(P.encode(stop, to_host=False).decode().strip())
        for stop in (P.HOST_ENDED, P.HOST_LEFT, P.Stop("ran out: line 7", "ANSWERS"))
    ]
    assert {stop.kind for stop in sent} == set(_STOPS)  # type: ignore[union-attr]
    for language in LANGUAGES:
        t = _text(language)
        for kind in _STOPS:
            words = ended(t, P.Stop("ENGLISH", kind))
            assert "ENGLISH" not in words and "%" not in words, (language, kind, words)
    t = _text("deutsch")
    assert ended(t, P.HOST_LEFT) == "Der Spielleiter hat das Spiel verlassen."
    assert ended(t, P.HOST_ENDED) == "Der Spielleiter hat das Spiel beendet."
    old = P.decode("STOP the host stopped")
    assert ended(t, old) == "Der Spielleiter hat das Spiel beendet. (the host stopped)"  # type: ignore[arg-type]


def test_what_a_player_typed_wrong_is_said_in_their_language() -> None:
    """A join code, seats or an address that will not do: the window's forms
    say why in the player's language, the values named, nothing left unfilled
    (the command line says it in English)."""
    from saga.window.network import _host_address

    unfit = [P.code_problem(code) for code in ("K7QXP", "TEST77", "AAAAAA")]
    for typed, parse in [
        ("Loki", P.parse_seats),
        ("here:there", P.parse_address),
        ("70000", P.parse_address),
        ("a b", _host_address),
        ("4000", _host_address),
    ]:
        with pytest.raises(Unfit) as e:
            parse(typed)  # type: ignore[operator]
        unfit.append(e.value)
    assert len({u.message for u in unfit if u is not None}) == len(unfit)
    for language in LANGUAGES:
        t = _text(language)
        for u in unfit:
            assert u is not None
            words = u.worded(t)
            assert "%" not in words and all(str(v) in words for v in u.values), (language, words)
            assert (words == str(u)) == (language == "english"), (language, words)
    assert str(unfit[0]) == "a join code has 6 to 32 characters, not 5"
