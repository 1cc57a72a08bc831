"""What attacks on a network game cost, on loopback (Linux: reads /proc).

    python benchmarks/network_attacks.py [SECONDS]

The host and the joiner are real ``python -m saga --headless`` processes;
the attackers are threads of this one.  Prints:

- half-open connections: how many an attacker on 20 addresses opened in
  SECONDS (default 20), never saying HELLO, how many of them the host held
  at once at most, and how long the right code took to be welcomed meanwhile;
- wrong codes: how many codes an attacker on 50 addresses had checked in
  SECONDS, as guesses a minute (the host's limit: 30 after a first 60),
  and how long the right code took to be welcomed meanwhile;
- a joiner whose host streams answers past the game's end: the most memory
  it held, against the same joiner's in an honest game.
"""

from __future__ import annotations

import itertools
import random
import re
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from saga.net import door as D  # noqa: E402
from saga.net import protocol as P  # noqa: E402
from tests.netgames import ORACLE, Machine, Peer, host, join, trace_answers  # noqa: E402

TWO = ORACLE / "4_20_1_110200.trace"


def welcome_time(port: int) -> float:
    """Seconds from connecting to being welcomed, with the right code, as a
    spectator whose player tries again when told the host is busy."""
    start = time.perf_counter()
    while True:
        peer = Peer(port)
        peer.socket.settimeout(60)
        reply = peer.read()
        peer.close()
        if reply.startswith("WELCOME"):
            return time.perf_counter() - start
        assert "busy" in reply, reply


def probe(port: int, stop: threading.Event, times: list[float]) -> None:
    """A player joining now and then, while the attack goes on."""
    while not stop.wait(1.0):
        times.append(welcome_time(port))


def half_open(port: int, seconds: float) -> tuple[int, int, list[float]]:
    """Connections that never finish their HELLO, renewed as the host closes them."""
    stop = threading.Event()
    held: list[socket.socket] = []
    opened, most = 0, 0
    times: list[float] = []
    prober = threading.Thread(target=probe, args=(port, stop, times), daemon=True)
    prober.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for sock in list(held):
            try:
                if sock.recv(1) == b"":
                    raise ConnectionResetError
            except BlockingIOError:
                continue
            except OSError:
                pass
            held.remove(sock)
            sock.close()
        most = max(most, len(held))
        for n in range(200 - len(held)):
            source = f"127.0.4.{n % 20 + 1}"
            sock = socket.create_connection(("127.0.0.1", port), 5, source_address=(source, 0))
            sock.sendall(b"HELLO SAGA 2 ")
            sock.setblocking(False)
            held.append(sock)
            opened += 1
        time.sleep(0.1)
    stop.set()
    prober.join(60)
    for sock in held:
        sock.close()
    return opened, most, times


def guesses(port: int, seconds: float) -> tuple[int, float, list[float]]:
    """Wrong codes from 50 addresses as fast as the host answers them."""
    stop = threading.Event()
    wrong: list[int] = []
    times: list[float] = []

    def guess(source: str) -> None:
        rng = random.Random(source)
        while not stop.is_set():
            code = "".join(rng.choice(P.CODE_ALPHABET) for _ in range(6))
            try:
                peer = Peer(port, code=code, source=source)
                peer.socket.settimeout(40)
                if peer.read() == "REFUSE wrong code":
                    wrong.append(1)
                peer.close()
            except OSError:
                pass

    threads = [
        threading.Thread(target=guess, args=(f"127.0.5.{n}",), daemon=True) for n in range(1, 51)
    ]
    start = time.monotonic()
    for thread in threads:
        thread.start()
    prober = threading.Thread(target=probe, args=(port, stop, times), daemon=True)
    prober.start()
    time.sleep(seconds)
    stop.set()
    elapsed = time.monotonic() - start
    prober.join(60)
    return len(wrong), elapsed, times


def peak_memory(machine: Machine) -> int:
    """The most memory the process held, sampled until it ends, in bytes."""
    most = 0
    while machine.process.poll() is None:
        try:
            status = Path(f"/proc/{machine.process.pid}/status").read_text()
        except OSError:
            break
        found = re.search(r"VmHWM:\s+(\d+) kB", status)
        most = max(most, int(found[1]) * 1024 if found else 0)
        time.sleep(0.02)
    return most


def flooded_joiner(folder: Path) -> tuple[int, int, str]:
    """A spectator whose host streams 200,000 answers past the game's end."""
    from saga.engine import tables as T
    from saga.engine.session import Setup
    from saga.files.replayfile import Replay

    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(30)
    watcher = join(folder, int(listener.getsockname()[1]), None)
    conn, _ = listener.accept()
    conn.settimeout(10)
    conn.makefile("rb").readline()
    controls = (T.HUMAN, T.HUMAN, T.NONE, T.AMIGA, T.NONE, T.NONE)
    header = Replay.starting(Setup(4, controls, 20, True)).header()
    start = ["WELCOME -", *(f"GAME {line}" for line in header), "KEYS 89 78 71 76 87 82 84"]
    game = trace_answers(TWO)
    junk = (f"Q {seq} COUNTRY 6 -1 5" for seq in itertools.count(len(game)))
    lines = itertools.chain(start, ["START"], game, itertools.islice(junk, 200_000))
    sent = 0
    measured: list[int] = []
    memory = threading.Thread(target=lambda: measured.append(peak_memory(watcher)))
    memory.start()
    try:
        for chunk in iter(lambda: list(itertools.islice(lines, 500)), []):
            conn.sendall("".join(line + "\n" for line in chunk).encode())
            sent += len(chunk)
    except OSError:
        pass
    watcher.finish()
    memory.join()
    conn.close()
    listener.close()
    return measured[0], sent, watcher.stderr.strip().splitlines()[-1]


def honest_joiner(folder: Path) -> int:
    server, port = host(folder / "host", TWO, "beowulf")
    joiner = join(folder / "join", port, TWO, "brunhild")
    most = peak_memory(joiner)
    server.finish()
    return most


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20.0
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        server, port = host(base / "door", TWO, "beowulf", typed=True)  # it waits for Brunhild
        try:
            opened, most, times = half_open(port, seconds)
            print(
                f"half-open connections: {opened} opened in {seconds:g} s from 20 addresses, "
                f"at most {most} open at once (the host's door or the kernel's queue); the "
                f"right code welcomed in "
                f"{1000 * statistics.median(times):.0f} ms (median), "
                f"{1000 * max(times):.0f} ms at most ({len(times)} joins)"
            )
            wrong, elapsed, times = guesses(port, seconds)
            after = max(0.0, wrong - D.ALL_BURST) * 60 / elapsed
            print(
                f"wrong codes: {wrong} checked in {elapsed:.1f} s from 50 addresses: the first "
                f"{D.ALL_BURST:.0f} at once, then {after:.1f} a minute (the limit: "
                f"{D.ALL_PER_MINUTE:.0f}); the right code welcomed in "
                f"{statistics.median(times):.2f} s (median), {max(times):.2f} s at most "
                f"({len(times)} joins)"
            )
        finally:
            server.kill()
        print(f"(the host said: {' / '.join(server.stderr.strip().splitlines()[1:4])})")
        flooded, sent, said = flooded_joiner(base / "flooded")
        honest = honest_joiner(base / "honest")
        print(
            f"a joiner sent {sent} answers ({sent - len(trace_answers(TWO))} past the game's "
            f"end): at most {flooded / 2**20:.1f} MB held, against {honest / 2**20:.1f} MB in "
            f"an honest game; it said: {said}"
        )


if __name__ == "__main__":
    main()
