"""Online play by code on loopback, through the transit relay: how fast an answer
reaches every machine, and what a game costs each machine.

    python benchmarks/online.py [ANSWERS]

Starts a magic-wormhole mailbox server and transit relay of its own on
127.0.0.1 (tests/wormholes.py), with direct connections off, so that every
byte goes through the relay, and prints:

- the median and 99th percentile of the time from an answer given on one
  machine to every machine's engine having it, over ANSWERS answers
  (default 300) among three machines (a host and two joiners by code, in
  this process: one reactor, three network threads), given in turn by the
  host and by the joiners (goal: 50 ms);
- the bytes each machine sends for a whole three-player game of real
  processes (the original's trace with Brunhild, Egil and Siegfried human),
  on the wire: the game through the relay, and the mailbox server's share.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.network import time_answers  # noqa: E402
from saga.look.text import english  # noqa: E402
from saga.net.client import Client  # noqa: E402
from saga.net.online import Servers  # noqa: E402
from saga.net.server import Server  # noqa: E402
from saga.net.tunnel import LOOPBACK, Invitations, dial  # noqa: E402
from tests.netgames import ORACLE, Machine, environment, game_args  # noqa: E402
from tests.wormholes import Local, local_servers  # noqa: E402

THREE = ORACLE / "items" / "2067283218_30_1_011212.trace"  # Brunhild, Egil, Siegfried
HEADER = ["SAGA-REPLAY 1 1 20 0 1 1 1 0 0 0"]
SEATS = (1, 2)  # the joiners' heroes; the host plays Beowulf


def latency(local: Local, answers: int) -> list[float]:
    """Seconds from each answer's giving to its arrival in all three streams."""
    os.environ[LOOPBACK] = "1"
    servers = Servers(local.mailbox, local.relay, direct=False)
    server = Server(HEADER, (89,) * 7, frozenset(SEATS), None)
    server.start()
    codes: dict[int | None, str] = {}
    invitations = Invitations(
        server, servers, english(), tell=lambda line: None, shown=codes.update
    )
    invitations.open()
    server.seats_changed = lambda seats: invitations.seats_changed()
    clients = []
    tunnels = []
    for hero in SEATS:
        tunnel = dial(codes[hero], servers, english(), tell=print)
        tunnels.append(tunnel)
        client = Client("", 0, "", frozenset({hero}), sock=tunnel.sock)
        threading.Thread(target=client.join, daemon=True).start()
        clients.append(client)
    assert server.wait_for_players(20)
    for client in clients:
        assert client.started.wait(20)
    try:
        return time_answers(server, clients, answers)
    finally:
        for client in clients:
            client.close()
        server.close()
        invitations.close()
        for tunnel in tunnels:
            tunnel.close()


# Loaded into every machine's process (as sitecustomize): counts the bytes its
# Twisted TCP connections send, by the port they go to, and writes them at exit.
COUNTER = """
import atexit, json, os
from twisted.internet import tcp
sent = {}
write = tcp.Connection.writeSomeData
def counted(self, data):
    n = write(self, data)
    port = getattr(self.getPeer(), "port", None)  # none: a socket pair's end
    if port is not None and isinstance(n, int) and n > 0:
        sent[str(port)] = sent.get(str(port), 0) + n
    return n
tcp.Connection.writeSomeData = counted
atexit.register(lambda: open(os.environ["SAGA_BENCH_BYTES"], "w").write(json.dumps(sent)))
"""


def bytes_per_machine(local: Local, folder: Path) -> dict[str, dict[str, int]]:
    """What each machine of a real three-player game sends, by server."""
    (folder / "counter").mkdir()
    (folder / "counter" / "sitecustomize.py").write_text(COUNTER)

    def env(name: str) -> dict[str, str]:
        env = environment(**{LOOPBACK: "1"}, SAGA_BENCH_BYTES=str(folder / f"{name}.json"))
        env["PYTHONPATH"] = f"{folder / 'counter'}{os.pathsep}{REPO}"
        return env

    codes = folder / "codes.txt"
    online = local.options(relay_only=True)
    hosting = ["--host", "online", "--codes", str(codes), *online, "--answers", str(THREE)]
    host = Machine(folder / "host", hosting + game_args(THREE), env=env("host"))
    end = time.monotonic() + 30
    while not (codes.exists() and len(codes.read_text().splitlines()) == 4):
        assert time.monotonic() < end and host.process.poll() is None, host.stderr
        time.sleep(0.05)
    lines = dict(line.split() for line in codes.read_text().splitlines())
    machines = [host] + [
        Machine(
            folder / name,
            ["--join", lines[name.capitalize()], "--seat", name, "--answers", str(THREE), *online],
            env=env(name),
        )
        for name in ("brunhild", "egil", "siegfried")
    ]
    statuses = [m.finish(300) for m in machines]
    assert statuses == [0] * 4, [m.stderr for m in machines]
    ports = {
        local.mailbox.rsplit(":", 1)[1].split("/")[0]: "mailbox",
        local.relay.rsplit(":", 1)[1]: "relay",
    }
    sent = {}
    for name in ("host", "brunhild", "egil", "siegfried"):
        counted = json.loads((folder / f"{name}.json").read_text())
        sent[name] = {ports.get(port, "other"): n for port, n in counted.items()}
    return sent


def main() -> None:
    numbers = [a for a in sys.argv[1:] if a.isdigit()]
    answers = int(numbers[0]) if numbers else 300
    with tempfile.TemporaryDirectory() as name, local_servers(Path(name) / "servers") as local:
        times = sorted(latency(local, answers))
        median = statistics.median(times) * 1000
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
        print(
            f"answer to every engine, 3 machines by code, through the relay: "
            f"median {median:.1f} ms, 99th percentile {p99:.1f} ms (goal 50 ms)"
        )
        if "--latency-only" in sys.argv:
            return
        for machine, by_server in bytes_per_machine(local, Path(name)).items():
            shares = ", ".join(f"{server} {n:,}" for server, n in sorted(by_server.items()))
            print(f"bytes sent for a whole 3-player game by {machine}: {shares}")


if __name__ == "__main__":
    main()
