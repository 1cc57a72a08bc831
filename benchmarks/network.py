"""Network play on loopback: how fast an answer reaches every machine, and what a game costs.

    python benchmarks/network.py [ANSWERS]

Prints:

- the median and 99th percentile of the time from an answer given on one
  machine to every machine's engine having it, over ANSWERS answers
  (default 300) among six machines (a host and five joiners, in this
  process, each with its own network thread), given in turn by the host and
  by the joiners (goal: 20 ms);
- the bytes all machines send for a whole six-player game (the original's
  all-human trace, played in this process);
- the wall time of a 6-machine 12-turn headless game of real processes
  against the same game replayed by one ``python -m saga.trace --replay``
  (goal: at most 2x);
- how soon a joiner waiting for its own player's answer stops, with the
  reason, after the host's machine dies (real processes; goal: 2 s; the
  window's joiner waits in the same lockstep host).
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from saga.engine import tables as T  # noqa: E402
from saga.engine.host import FIRST_HERO_PEN, Ask  # noqa: E402
from saga.engine.session import Setup  # noqa: E402
from saga.files.replayfile import read_answers  # noqa: E402
from saga.headless import watch  # noqa: E402
from saga.look.text import english  # noqa: E402
from saga.net import protocol as P  # noqa: E402
from saga.net.client import Client  # noqa: E402
from saga.net.play import Seating, host_game, join_game  # noqa: E402
from saga.net.server import Server  # noqa: E402
from saga.play.hosts import TerminalHost  # noqa: E402
from tests.netgames import ORACLE, answers_for, environment, host, join  # noqa: E402

SIX = ORACLE / "items" / "2114790430_30_1_111111.trace"
TWO = ORACLE / "4_20_1_110200.trace"  # Beowulf and Brunhild are human
HEADER = ["SAGA-REPLAY 1 1 20 0 1 1 1 1 1 1"]


def latency(answers: int) -> list[float]:
    """Seconds from each answer's giving to its arrival in all six streams."""
    server = Server(HEADER, (89,) * 7, frozenset(range(1, 6)), "KEMCH7")
    port = server.listen("127.0.0.1", 0)
    clients = [Client("127.0.0.1", port, "KEMCH7", frozenset({h})) for h in range(1, 6)]
    for client in clients:
        threading.Thread(target=client.join, daemon=True).start()
    assert server.wait_for_players(10)
    for client in clients:
        assert client.started.wait(10)
    try:
        return time_answers(server, clients, answers)
    finally:
        for client in clients:
            client.close()
        server.close()


def time_answers(server: Server, clients: list[Client], answers: int) -> list[float]:
    """Seconds from each answer's giving to its arrival in every machine's stream:
    the host's hero (Beowulf) and each client's (seated in hero order) answer in turn."""
    streams = [server.stream] + [c.stream for c in clients]
    times = []
    for seq in range(answers):
        hero = seq % (len(clients) + 1)
        answer = P.Answer(seq, Ask.COUNTRY, FIRST_HERO_PEN + hero, seq % 66, T.KINGDOM)
        if hero:
            server.expect(seq, Ask.COUNTRY, FIRST_HERO_PEN + hero)
        start = time.perf_counter()
        if hero:
            clients[hero - 1].submit(answer)
        else:
            server.submit(answer)
        for stream in streams:
            assert stream.get(seq, 5) == answer
        times.append(time.perf_counter() - start)
    return times


def bytes_per_game() -> tuple[int, float]:
    """Bytes sent by all six machines for the whole all-human game, in-process,
    and the seconds that took."""
    answers = read_answers(SIX.read_text().splitlines())
    seed, turns, advanced, _ = SIX.stem.split("_")
    setup = Setup(int(seed), (T.HUMAN,) * 6, int(turns), advanced == "1")
    links: list[Server | Client] = []
    results: list[int] = []
    ready = threading.Event()
    port = [0]

    def tell(line: str) -> None:
        if "hosting on port" in line:
            port[0] = int(line.split()[3].rstrip(","))
            ready.set()

    def show() -> TerminalHost:
        return TerminalHost(io.StringIO(), None, colour=False)

    with tempfile.TemporaryDirectory() as keep:
        common = {
            "play": lambda session: watch(session, io.StringIO()),
            "wrap": lambda host, setup: host,
            "keep": Path(keep),
        }
        import saga.net.play as play
        import saga.net.server as server

        made = []
        original_server, original_client = server.Server, play.Client

        class CountedServer(original_server):  # type: ignore[misc, valid-type]
            def __init__(self, *args: object, **kw: object) -> None:
                super().__init__(*args, **kw)
                made.append(self)

        class CountedClient(original_client):  # type: ignore[misc, valid-type]
            def __init__(self, *args: object, **kw: object) -> None:
                super().__init__(*args, **kw)
                made.append(self)

        server.Server, play.Client = CountedServer, CountedClient
        start = time.perf_counter()
        try:
            threads = [
                threading.Thread(
                    target=lambda: results.append(
                        host_game(
                            setup,
                            english(),
                            show(),
                            Seating(frozenset({0}), answers),
                            ("127.0.0.1", 0),
                            "KEMCH7",
                            tell=tell,
                            **common,
                        )
                    )
                )
            ]
            threads[0].start()
            ready.wait(10)
            for hero in range(1, 6):
                seating = Seating(frozenset({hero}), answers)
                threads.append(
                    threading.Thread(
                        target=lambda seating=seating: results.append(
                            join_game(
                                ("127.0.0.1", port[0]),
                                "KEMCH7",
                                english(),
                                show,
                                seating,
                                tell=lambda line: None,
                                **common,
                            )
                        )
                    )
                )
                threads[-1].start()
            for thread in threads:
                thread.join(120)
            elapsed = time.perf_counter() - start
        finally:
            server.Server, play.Client = original_server, original_client
        assert results == [0] * 6, results
        links.extend(made)
    return sum(link.bytes_sent for link in links), elapsed


def one_engine() -> float:
    """Seconds one engine takes for the same game, in-process, answers from the trace."""
    from saga.files.replayfile import parse_game
    from saga.trace import run

    seed, turns, advanced, controls = SIX.stem.split("_")
    setup = parse_game([seed, turns, advanced, *controls])
    answers = read_answers(SIX.read_text().splitlines())
    start = time.perf_counter()
    run(setup, answers, io.StringIO())
    return time.perf_counter() - start


def wall_times() -> tuple[float, float]:
    """A 6-machine 12-turn game of real processes, and one process replaying it."""
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        twelve = base / "2114790430_12_1_111111.trace"
        twelve.write_text(SIX.read_text())  # its answers serve the shorter game
        start = time.perf_counter()
        server, port = host(base / "host", twelve, "beowulf")
        machines = [server] + [
            join(base / f"j{h}", port, twelve, T.HERO_NAMES[h]) for h in range(1, 6)
        ]
        statuses = [m.finish() for m in machines]
        network = time.perf_counter() - start
        assert statuses == [0] * 6, [m.stderr for m in machines]
        assert len({m.record.read_bytes() for m in machines}) == 1
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "saga.trace", "--replay", str(server.record)],
            env=environment(),
            stdout=subprocess.DEVNULL,
            check=True,
        )
        alone = time.perf_counter() - start
    return network, alone


def host_gone() -> float:
    """Seconds from the host's machine being killed to a joiner, waiting at its
    own player's 11th question, having stopped and said why."""
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        server, port = host(base / "host", TWO, "beowulf")
        joiner = join(base / "join", port, TWO, "brunhild", typed=True)
        joiner.type(answers_for(TWO, {1})[:10])  # then its player thinks
        prompt, shown = "(Brunhild)? ", joiner.folder / "stdout.txt"
        deadline = time.monotonic() + 120
        while not (shown.read_text().endswith(prompt) and shown.read_text().count(prompt) > 10):
            assert time.monotonic() < deadline and joiner.process.poll() is None, joiner.stderr
            time.sleep(0.01)
        server.kill()
        gone = time.perf_counter()
        status = joiner.finish()
        stopped = time.perf_counter() - gone
        assert status == 1 and "lost the connection to the host" in joiner.stderr, joiner.stderr
    return stopped


def main() -> None:
    answers = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    times = sorted(latency(answers))
    p99 = times[min(len(times) - 1, round(0.99 * len(times)))]
    print(
        f"answer to all six engines: median {1000 * statistics.median(times):.2f} ms, "
        f"99th percentile {1000 * p99:.2f} ms (goal 20 ms, {answers} answers)"
    )
    sent, together = bytes_per_game()
    alone = one_engine()
    print(f"bytes sent for a 30-turn six-player game ({SIX.name}): {sent}")
    print(
        f"the same game, six machines in one process: {together:.2f} s against six engines "
        f"alone {6 * alone:.2f} s (ratio {together / (6 * alone):.2f})"
    )
    network, alone = wall_times()
    print(
        f"6-machine 12-turn headless game: {network:.2f} s; one saga.trace --replay: "
        f"{alone:.2f} s; ratio {network / alone:.2f} (goal 2; six processes share "
        f"this machine's {os.cpu_count()} cores, where each player has a machine of its own)"
    )
    stopped = host_gone()
    print(f"a joiner waiting for its player stops {stopped:.2f} s after the host dies (goal 2 s)")


if __name__ == "__main__":
    main()
