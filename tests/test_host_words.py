"""What a hosting machine's player reads of the machines that come and go: its
news (the terminal's lines, the window's notes) in the player's language.

The host's news is worded from its own catalogs, whatever the joiners'
languages; what it sends a joiner (a refusal's or a drop's kind and English
words) is not, as each joiner words that itself (tests/test_net_words.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from saga.look.text import english, load_text
from saga.net.notices import PER_SOURCE, Notices
from tests.netgames import CODE, HOSTING, ORACLE, Machine, Peer, answers_for, game_args

TWO = ORACLE / "4_20_1_110200.trace"  # Beowulf and Brunhild are human
# Three answers no player could give: Brunhild's first question is an area,
# the 8th is not yet asked, and the last is Beowulf's.
JUNK = ["A 0 YNKEYBOARD 7 89 5", "A 7 COUNTRY 7 3 5", "A 0 COUNTRY 6 3 5"]


def test_a_german_host_tells_in_german_who_comes_goes_guesses_and_is_let_go(
    tmp_path: Path,
) -> None:
    """A headless host in German: codes guessed from two addresses, Brunhild's
    machine joining and saying goodbye, another taking her seat and sending
    answers no player could give, then her seat played here once it is late.
    Every line it prints is German; the game ends as the original's."""
    args = ["--host", "127.0.0.1:0", "--code", CODE, "--seat", "beowulf", "--language", "deutsch"]
    server = Machine(
        tmp_path / "host", [*args, "--take-over-after", "2", *game_args(TWO)], typed=True
    )
    port = int(server.wait_for(HOSTING)[1])
    for n in range(5):
        guesser = Peer(port, "BRUNHILD", code="W9RNGX", source=f"127.0.3.{n % 2 + 1}")
        assert guesser.read() == "REFUSE CODE: wrong code"
        guesser.close()
    server.wait_for(re.compile("Jemand rät"))
    visitor = Peer(port, "BRUNHILD")
    visitor.until("WELCOME")
    server.wait_for(re.compile("beigetreten"))
    visitor.send("BYE")
    visitor.close()
    server.wait_for(re.compile("verlassen"))
    flooder = Peer(port, "BRUNHILD")
    try:
        flooder.until("START")
        flooder.send(*(JUNK * 3))
        told = flooder.until("DROP")[-1]
        assert told.startswith("DROP STRIKES"), told
    finally:
        flooder.close()
    # The host's player answers both, Brunhild once she is late.  (Not the
    # original's game: a German player's yes is J, and the trace says Y.)
    server.type(answers_for(TWO, {0, 1}))
    assert server.finish() == 0, server.stderr
    joined = "saga: Der Rechner von Brunhild (127.0.0.1) ist dem Spiel beigetreten"
    lines = server.stderr.splitlines()
    # Her goodbye, or the socket's end if the host wrote to it first.
    assert re.fullmatch(
        r"saga: Der Rechner von Brunhild \(127.0.0.1\) hat das Spiel verlassen(: .+)?", lines[3]
    )
    assert lines[:3] + lines[4:] == [
        f"saga: Spiel eröffnet auf Port {port}, Beitrittscode {CODE}",
        "saga: Jemand rät vielleicht den Beitrittscode: 5 falsche Codes in der letzten "
        "Minute von 2 Adressen (der Spielleiter prüft höchstens 30 pro Minute)",
        joined,
        joined,
        "saga: Der Rechner von Brunhild (127.0.0.1) schickte 8 Antworten, die kein Spieler "
        "geben konnte; aus dem Spiel genommen",
        "saga: Brunhild wird ab jetzt hier gespielt: binnen 2 s kam keine Antwort",
    ], lines


@pytest.mark.parametrize("language", ["deutsch", "italiano", "greek"])
def test_lines_held_back_are_said_in_the_host_s_language(language: str) -> None:
    """A peer that makes the host print line after line is held back, and what
    is said of the lines held back is in the host's language, once."""
    text = load_text(language, None, {}, Path("/nonexistent"))[0]
    said: list[str] = []
    now = [0.0]
    notices = Notices(said.append, lambda: now[0], text=text)
    for _ in range(PER_SOURCE + 5):
        notices.say("10.0.0.1", "x")
    assert said[-1] == text("MSG_NET_HELD_BACK") != english()("MSG_NET_HELD_BACK")
    now[0] = 61.0
    notices.say("10.0.0.1", "x")
    assert said[-1].startswith("x (5 ") and "%" not in said[-1]
    assert said[-1] != "x (5 lines held back before this one)"
