"""Attacks on a network game in play, on loopback: the host and the honest
machines are real processes, the attackers hand-made sockets in this process.

Every attack comes after WELCOME, while the game is played, except those on
the door itself; each is bounded in count and time.  The honest machines'
game must end as the original's, and what the attack makes them print must
stay bounded.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from saga.net import door as D
from saga.net import protocol as P
from tests.guards import HANG
from tests.netgames import (
    CODE,
    HOSTING,
    ORACLE,
    Machine,
    Peer,
    answers_for,
    environment,
    game_args,
    host,
    join,
    same_game,
    trace_answers,
    until,
)

TWO = ORACLE / "4_20_1_110200.trace"  # Beowulf and Brunhild are human
ONE = ORACLE / "1_20_0_100200.trace"  # Beowulf is the one human


def _said(machine: Machine, words: str) -> int:
    return sum(words in line for line in machine.stderr.splitlines())


def test_junk_during_play_neither_stops_nor_changes_the_game(tmp_path: Path) -> None:
    """Welcomed spectators send junk, overlong lines, floods, answers for seats
    not held or out of turn, lies about hashes; a stalled and a half-open
    connection wait at the door: the game plays on and ends as the original's."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    server, port = host(tmp_path / "host", ONE, "beowulf", typed=True)
    spectator = join(tmp_path / "watch", port, None)
    spectator.wait_for(re.compile("joined"))
    stalled = socket.create_connection(("127.0.0.1", port), timeout=5)
    half_open = socket.create_connection(("127.0.0.1", port), timeout=5)
    half_open.sendall(b"HELLO SAGA 2 ")
    lines = st.one_of(
        st.binary(max_size=300),
        st.sampled_from(
            [
                b"A 0 COUNTRY 6 3 5\n",  # Beowulf's seat, which the peer does not hold
                b"A 99 COUNTRY 6 3 5\n",
                b"A 5 COUNTRY 6 70 5\n",  # no such area
                b"Q 0 COUNTRY 6 3 5\n",  # only the host sends the order
                b"HASH 1 " + b"0" * 64 + b"\n",
                b"HASH 2 " + b"f" * 64 + b"\n",
                b"FINAL " + b"f" * 64 + b"\n",
                b"SAVE 1 " + b"00" * 1780 + b"\n",
                b"x" * 9000,
                b"PING\n" * 2000,
                b"HELLO SAGA 2 1.0 K7QXPM BEOWULF\n",
                b"\xff\xfe\n",
            ]
        ),
    )
    mine = answers_for(ONE, {0})
    given_so_far = [0]

    @settings(
        max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None
    )
    @given(st.lists(lines, min_size=1, max_size=4))
    def attack(payload: list[bytes]) -> None:
        peer = Peer(port)
        try:
            peer.until("START")  # welcomed, and the game so far received: it is in play
            peer.socket.sendall(b"".join(payload))
            peer.socket.shutdown(socket.SHUT_WR)
            while peer.read():
                pass
        except OSError:
            pass  # the host hung up on it: as it should
        finally:
            peer.close()
        # The game goes on between the attacks.
        server.type(mine[given_so_far[0] : given_so_far[0] + 3])
        given_so_far[0] += 3

    try:
        attack()
        server.type(mine[given_so_far[0] :])
        same_game([server, spectator], ONE)
        assert not list(spectator.folder.glob("Desync-*"))
        assert len(server.stderr.splitlines()) < 60  # each liar said once, at most
    finally:
        stalled.close()
        half_open.close()
        server.kill()
        spectator.kill()


def test_a_forged_hash_lets_only_the_forger_go(tmp_path: Path) -> None:
    """A seated peer lies about its hash: it alone is let go (told it is out of
    step); the honest spectator plays on without a word of desync, the host
    keeps nothing of the liar's, and a real player takes the seat back."""
    server, port = host(tmp_path / "host", TWO, "beowulf")
    spectator = join(tmp_path / "watch", port, None)
    spectator.wait_for(re.compile("joined"))
    forger = Peer(port, "BRUNHILD")
    try:
        forger.until("START")
        forger.send("HASH 1 " + "0" * 64)
        told = forger.until("DESYNC 1 ")
        assert forger.read() == ""  # and let go
    finally:
        forger.close()
    server.wait_for(re.compile(r"Brunhild \(127\.0\.0\.1\) is out of step at turn 1"))
    again = join(tmp_path / "again", port, TWO, "brunhild")
    same_game([server, spectator, again], TWO)
    assert len(told[-1].split()[2]) == 2 * P.SAVE_SIZE  # the host's save, for the liar's report
    for machine in (server, spectator, again):
        assert not list(machine.folder.glob("Desync-*"))
    assert "desync" not in spectator.stderr + again.stderr
    assert _said(server, "out of step") == 1


def test_a_seat_whose_machine_only_pings_is_taken_over(tmp_path: Path) -> None:
    """A peer takes Brunhild's seat and then only says PING: with
    --take-over-after the host's terminal plays her after that long."""
    args = ["--host", "127.0.0.1:0", "--code", CODE, "--seat", "beowulf"]
    server = Machine(
        tmp_path / "host", [*args, "--take-over-after", "2", *game_args(TWO)], typed=True
    )
    port = int(server.wait_for(HOSTING)[1])
    idler = Peer(port, "BRUNHILD")
    try:
        idler.until("START")
        server.type(answers_for(TWO, {0, 1}))  # the host's player answers both
        stop = time.monotonic() + 60
        told = ""
        while not told.startswith("DROP") and time.monotonic() < stop:
            idler.send("PING")
            told = idler.read()
        assert told == "DROP TAKEN BRUNHILD: the host plays Brunhild now: no answer came within 2 s"
    finally:
        idler.close()
    same_game([server], TWO)
    assert "playing Brunhild here from now on: no answer came within 2 s" in server.stderr


def test_ten_thousand_invalid_answers_let_the_seat_go(tmp_path: Path) -> None:
    """A seated peer sends 10,000 answers no player could give during play
    (out of turn, another seat's, another question's): it is let go after a
    few, none reaches any engine, one line says so, and a real player takes
    the seat back."""
    server, port = host(tmp_path / "host", TWO, "beowulf")
    spectator = join(tmp_path / "watch", port, None)
    spectator.wait_for(re.compile("joined"))
    flooder = Peer(port, "BRUNHILD")
    sent = 0
    try:
        flooder.until("START")
        junk = [
            "A 0 YNKEYBOARD 7 89 5",  # her first question is an area
            "A 7 COUNTRY 7 3 5",  # not yet
            "A 0 COUNTRY 6 3 5",  # Beowulf's
        ]
        with pytest.raises(OSError):  # the host hangs up long before the last
            for n in range(10_000):
                flooder.send(junk[n % 3])
                sent += 1
            while flooder.read():
                pass
            raise ConnectionResetError
    finally:
        flooder.close()
    server.wait_for(re.compile(r"Brunhild \(127\.0\.0\.1\) sent \d+ answers no player"))
    again = join(tmp_path / "again", port, TWO, "brunhild")
    same_game([server, spectator, again], TWO)
    assert _said(server, "no player could give") == 1
    assert sent > 8


def _a_turns_worth_of_answers(tmp_path: Path) -> tuple[Machine, Machine, int]:
    """Brunhild's seat answers her first question, again and again, with an
    area the engine only asks again for: each answer is plausible and in
    turn, and comes no faster than a peer may send, so only the most answers
    any player gives in a turn stops it (13,000 in 68 s grew every replay to
    251 KB before).  The host and a spectator, and the host's port."""
    server, port = host(tmp_path / "host", TWO, "beowulf")
    spectator = join(tmp_path / "watch", port, None)
    spectator.wait_for(re.compile("joined"))
    flooder = Peer(port, "BRUNHILD")
    told = ""
    try:
        flooder.until("START")
        for seq in range(10_000):
            flooder.send(f"A {seq} COUNTRY 7 40 5")  # her first question: an area
            told = flooder.read()
            while told and not told.startswith((f"Q {seq} ", "DROP")):
                told = flooder.read()
            if not told.startswith("Q "):
                break
            time.sleep(1 / (P.Limits().rate * 0.75))  # no faster than a peer may send
    finally:
        flooder.close()
    assert told == "DROP FLOOD: it sent more answers in one turn than any player gives", told
    return server, spectator, port


def test_a_turns_worth_of_answers_the_engine_only_asks_again_for_lets_the_seat_go(
    tmp_path: Path,
) -> None:
    """Her seat is let go with one line that says so, and every machine's
    replay holds no more of those answers than any player gives in a turn."""
    server, spectator, _ = _a_turns_worth_of_answers(tmp_path)
    try:
        said = f"Brunhild (127.0.0.1) sent more than {P.MAX_TURN_ANSWERS} answers for Brunhild"
        server.wait_for(re.compile(re.escape(said)))
        until(lambda: spectator.answered() == P.MAX_TURN_ANSWERS, timeout=HANG)
        for machine in (server, spectator):
            assert machine.process.poll() is None  # waiting for Brunhild's player
            lines = machine.record.read_text().splitlines()
            answers = [line for line in lines if line.startswith("Q ")]
            assert answers == ["Q COUNTRY 7 40 5"] * P.MAX_TURN_ANSWERS
        assert _said(server, "answers for Brunhild in one turn") == 1
    finally:
        server.kill()
        spectator.kill()


def test_after_a_turns_worth_of_answers_a_real_player_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    """The turn's count of answers is the machine's: the player who takes the
    seat back from the machine let go plays the turn out (it was let go at its
    first answer, and the seat held for the turn)."""
    server, spectator, port = _a_turns_worth_of_answers(tmp_path)
    # Her player answers at the terminal (a script of the game's answers
    # would count her seat's thousand as its own).
    again = join(tmp_path / "again", port, TWO, "brunhild", typed=True)
    try:
        again.type(answers_for(TWO, {1}))
        until(
            lambda: again.answered() > P.MAX_TURN_ANSWERS + 5 or again.process.poll() is not None,
            timeout=HANG,
        )
        assert "more answers in one turn" not in again.stderr, again.stderr
    finally:
        server.kill()
        spectator.kill()
        again.kill()


def test_fifty_half_open_connections_hold_nobody_out(tmp_path: Path) -> None:
    """Fifty connections that never finish their HELLO, renewed as the host
    closes them, from ten addresses: a player still joins and plays."""
    server, port = host(tmp_path / "host", TWO, "beowulf")
    stop = threading.Event()
    opened = [0]
    held: list[socket.socket] = []

    def hold_the_door() -> None:
        while not stop.is_set():
            for sock in list(held):
                sock.setblocking(False)
                try:
                    if sock.recv(1) == b"":
                        raise ConnectionResetError
                except BlockingIOError:
                    continue  # still open
                except OSError:
                    pass
                held.remove(sock)
                sock.close()
            while len(held) < 50 and not stop.is_set():
                source = f"127.0.1.{len(held) % 10 + 1}"
                try:
                    sock = socket.create_connection(
                        ("127.0.0.1", port), timeout=5, source_address=(source, 0)
                    )
                    sock.sendall(b"HELLO SAGA 2 ")
                except OSError:
                    return  # the game is over: the host has gone
                held.append(sock)
                opened[0] += 1
            time.sleep(0.05)

    holder = threading.Thread(target=hold_the_door, daemon=True)
    holder.start()
    try:
        time.sleep(1)
        joiner = join(tmp_path / "join", port, TWO, "brunhild")
        same_game([server, joiner], TWO)
    finally:
        stop.set()
        holder.join(10)
        for sock in held:
            sock.close()
    assert opened[0] >= 50


def test_wrong_codes_from_many_addresses_are_checked_no_faster_than_the_limit(
    tmp_path: Path,
) -> None:
    """More guessers than the door has places, each on a loopback address of
    its own, guess the code as fast as they can while the game is joined
    and played: the host checks no more than its shared limit, says that
    codes are being guessed, and the right code still gets in, ahead of the
    addresses that guessed wrong (before, the guessers' newer connections
    turned the player's waiting HELLO away)."""
    server, port = host(tmp_path / "host", TWO, "beowulf")
    stop = threading.Event()
    refused: list[str] = []
    waiting: set[socket.socket] = set()  # the guessers' connections, for a quick end
    rng = random.Random(29)

    def guess(source: str) -> None:
        while not stop.is_set():
            code = "".join(rng.choice(P.CODE_ALPHABET) for _ in range(6))
            try:
                peer = Peer(port, "BRUNHILD", code=code, source=source)
                waiting.add(peer.socket)
                peer.socket.settimeout(40)
                refused.append(peer.read())
                waiting.discard(peer.socket)
                peer.close()
            except OSError:
                refused.append("")
            if not refused[-1]:
                stop.wait(0.01)  # turned away: back at once (a little later, on a busy machine)

    guessers = [
        threading.Thread(target=guess, args=(f"127.0.2.{n + 1}",), daemon=True)
        for n in range(D.AT_DOOR + 8)
    ]
    start = time.monotonic()
    for thread in guessers:
        thread.start()
    try:
        time.sleep(2)  # the door is busy with guesses when the player comes
        joiner = join(tmp_path / "join", port, TWO, "brunhild")
        same_game([server, joiner], TWO)
        time.sleep(max(0.0, 10 - (time.monotonic() - start)))
    finally:
        stop.set()
        for sock in list(waiting):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        for thread in guessers:
            thread.join(45)
    minutes = (time.monotonic() - start) / 60
    wrong = sum(line == "REFUSE CODE: wrong code" for line in refused)
    assert wrong <= D.ALL_BURST + D.ALL_PER_MINUTE * minutes + 1, (wrong, minutes)
    assert len(refused) > wrong  # the others were told the host is busy, or turned away
    assert _said(server, "someone may be guessing the join code") == 1


def test_lying_spectators_print_a_line_each_at_most(tmp_path: Path) -> None:
    server, port = host(tmp_path / "host", TWO, "beowulf", typed=True)
    joiner = join(tmp_path / "join", port, TWO, "brunhild")
    joiner.wait_for(re.compile("joined"))
    liars = [Peer(port, source=f"127.0.3.{n}") for n in range(1, 21)]
    try:
        for liar in liars:
            liar.until("START")
            liar.send(*(f"HASH 1 {n:064x}" for n in range(100)))
        server.type(answers_for(TWO, {0}))
        same_game([server, joiner], TWO)
    finally:
        for liar in liars:
            liar.close()
    assert _said(server, "out of step") <= 20
    assert len(server.stderr.splitlines()) <= 30


# -- a hostile host ---------------------------------------------------------------


class FakeHost:
    """A hand-made host on loopback: lets one joiner in and sends it the start of
    TWO's game; then the test sends what it likes."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(30)
        self.port = int(self.listener.getsockname()[1])

    def let_in(self, *, start: bool = True) -> socket.socket:
        from saga.engine import tables as T
        from saga.engine.session import Setup
        from saga.files.replayfile import Replay

        conn, _ = self.listener.accept()
        conn.settimeout(30)
        assert conn.makefile("rb").readline().startswith(b"HELLO SAGA ")
        lines = ["WELCOME -"]
        if start:
            controls = (T.HUMAN, T.HUMAN, T.NONE, T.AMIGA, T.NONE, T.NONE)
            header = Replay.starting(Setup(4, controls, 20, True)).header()
            lines += [f"GAME {line}" for line in header] + ["KEYS 89 78 71 76 87 82 84", "START"]
        conn.sendall("".join(line + "\n" for line in lines).encode())
        return conn

    def close(self) -> None:
        self.listener.close()


def _flood(conn: socket.socket, lines: Iterator[str], seconds: float) -> int:
    """Send lines until the joiner hangs up or the time is up; how many went."""
    sent = 0
    end = time.monotonic() + seconds
    conn.settimeout(5)
    try:
        while time.monotonic() < end:
            conn.sendall("".join(next(lines) + "\n" for _ in range(500)).encode())
            sent += 500
    except (OSError, StopIteration):
        pass
    return sent


def _peak_memory(machine: Machine) -> int:
    """The most memory the process has held so far, in bytes (0 once it has gone)."""
    try:
        status = Path(f"/proc/{machine.process.pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(found[1]) * 1024 if found else 0


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_joiner_takes_no_answers_after_the_games_end(tmp_path: Path) -> None:
    """A hostile host streams answers past the game's end: the joiner plays the
    game, holds no more than its bound, refuses the rest and says so."""
    fake = FakeHost()
    watcher = join(tmp_path / "watch", fake.port, None)
    conn = fake.let_in()
    game = trace_answers(TWO)
    peak = [0]

    def answers() -> Iterator[str]:
        yield from game
        for seq in itertools.count(len(game)):
            if seq % 5000 == 0:
                peak[0] = max(peak[0], _peak_memory(watcher))
            yield f"Q {seq} COUNTRY 6 -1 5"

    try:
        sent = _flood(conn, answers(), 60)
        assert watcher.finish() == 1, watcher.stderr
    finally:
        conn.close()
        fake.close()
    assert "after the game's end" in watcher.stderr, watcher.stderr
    assert sent > len(game) + 20_000
    assert peak[0] < 150 * 2**20, peak[0]  # 252 MB before the bound
    assert len(watcher.stderr.splitlines()) < 10


def test_a_joiner_takes_no_more_answers_in_a_turn_than_any_player_gives(tmp_path: Path) -> None:
    """A hostile host answers Brunhild's first question, again and again, with
    an area the engine only asks again for: the joiner stops after the most
    answers any player gives in a turn, and its replay stays that short (a
    million such answers in 30 s grew it by 171 MB before)."""
    fake = FakeHost()
    watcher = join(tmp_path / "watch", fake.port, None)
    conn = fake.let_in()
    refused = (f"Q {seq} COUNTRY 7 40 5" for seq in itertools.count())
    try:
        sent = _flood(conn, refused, 30)
        assert watcher.finish() == 1, watcher.stderr
    finally:
        conn.close()
        fake.close()
    said = "Turn 1: more answers came for Brunhild than any player gives in one turn."
    assert said in watcher.stderr, watcher.stderr
    assert sent > P.MAX_SEAT_TURN_ANSWERS
    assert watcher.answered() <= P.MAX_SEAT_TURN_ANSWERS
    assert len(watcher.stderr.splitlines()) < 5


@pytest.mark.parametrize(
    ("flood", "started"),
    [("PING", True), ("WAIT BRUNHILD\nWAIT BEOWULF", False), ("WAIT BRUNHILD", False)],
)
def test_a_joiner_cuts_off_a_flood(tmp_path: Path, flood: str, started: bool) -> None:
    """PINGs or WAITs as fast as a host can send them: the joiner stops the
    game with a message and prints a few lines, not one a message."""
    fake = FakeHost()
    watcher = join(tmp_path / "watch", fake.port, None)
    conn = fake.let_in(start=started)
    try:
        _flood(conn, itertools.repeat(flood), 20)
        assert watcher.finish() in (1, 2), watcher.stderr  # 2: before the game's start
    finally:
        conn.close()
        fake.close()
    assert "too many messages" in watcher.stderr, watcher.stderr
    assert len(watcher.stderr.splitlines()) <= 12, watcher.stderr


ESCAPES = "\x1b]0;pwned\x07\x1b[2J"  # ASCII: a line the protocol reads


@pytest.mark.parametrize(
    "said", [f"REFUSE {ESCAPES}", f"DROP {ESCAPES}", f"STOP {ESCAPES}", f"WAIT {ESCAPES}"]
)
def test_what_a_host_says_reaches_the_joiner_s_terminal_printable(
    tmp_path: Path, said: str
) -> None:
    """A hostile host's words, at the door or in play (a refusal, a drop, the
    game's end, junk in a line of its own): the joiner stops with one line
    or two, and its terminal obeys no escape in them."""
    fake = FakeHost()
    watcher = join(tmp_path / "watch", fake.port, None)
    if said.startswith("REFUSE"):
        conn, _ = fake.listener.accept()
        conn.makefile("rb").readline()
    else:
        conn = fake.let_in()
    try:
        conn.sendall(said.encode("utf-8") + b"\n")
        assert watcher.finish() in (1, 2), watcher.stderr
    finally:
        conn.close()
        fake.close()
    told = watcher.stderr + (watcher.folder / "stdout.txt").read_text()
    assert told and not any(c in told for c in "\x1b\x07\u202e"), told
    assert len(watcher.stderr.splitlines()) <= 2, watcher.stderr


def test_find_shows_announcements_printable(tmp_path: Path) -> None:
    """Anyone on the LAN may announce anything: --find shows no terminal escape
    and skips what no Saga announces (a 240-digit turn count)."""
    folder = tmp_path / "lan"
    folder.mkdir()
    record = "host={}\ncontrols=110200\nopen=BRUNHILD\nturns={}\nadvanced=1\nversion=1\nproto=2\n"
    (folder / "evil-4000.game").write_text(record.format("\x1b]0;pwned\x07\x1b[2J", 20))
    (folder / "turned-4002.game").write_text(record.format("\u202enoisrev", 20))
    (folder / "huge-4001.game").write_text(record.format("huge", "9" * 240))
    found = subprocess.run(
        [sys.executable, "-m", "saga", "--find"],
        env=environment(SAGA_NET_REGISTRY=str(folder)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert found.returncode == 0, found.stderr
    assert "\x1b" not in found.stdout + found.stderr and "\x07" not in found.stdout
    assert "\\x1b]0;pwned\\x07" in found.stdout
    assert "\u202e" not in found.stdout and "\\u202enoisrev" in found.stdout  # not reversed
    assert "huge" not in found.stdout
