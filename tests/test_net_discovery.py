"""Announcing and finding games, with the in-process registry (no multicast in tests)."""

from __future__ import annotations

import io
import socket
import threading
import time
from pathlib import Path

from guards import HANG

from saga.engine import tables as T
from saga.engine.session import Setup
from saga.files.replayfile import read_answers
from saga.headless import watch
from saga.look.text import english
from saga.net import protocol as P
from saga.net.discovery import Announced, LocalRegistry, describe
from saga.net.play import Seating, host_game, join_game
from saga.play.hosts import TerminalHost

TRACE = Path(__file__).parent / "data" / "oracle" / "4_20_1_110200.trace"


def test_a_game_reads_back_from_its_txt_record() -> None:
    game = Announced("odin", "", 4000, (1, 1, 0, 2, 0, 0), frozenset({1}), 20, True, P.version())
    back = Announced.from_txt(game.txt(), "192.168.1.20", 4000, "key")
    assert back == Announced(
        "odin", "192.168.1.20", 4000, (1, 1, 0, 2, 0, 0), frozenset({1}), 20, True, P.version()
    )
    assert back.heroes() == "Beowulf, Brunhild*, Ragnar (Amiga)"
    assert describe(back).startswith("192.168.1.20:4000  odin: Beowulf, Brunhild*")
    assert Announced.from_txt({"controls": "9"}, "a", 1, "k") is None
    assert Announced.from_txt({**game.txt(), "turns": "x"}, "a", 1, "k") is None
    old = Announced.from_txt({**game.txt(), "version": "0.0.1"}, "::1", 4000, "k")
    assert old is not None and "cannot be joined" in describe(old) and "[::1]:4000" in describe(old)


def test_a_hosted_game_is_announced_with_its_open_seats_until_it_ends(tmp_path: Path) -> None:
    registry = LocalRegistry()
    answers = read_answers(TRACE.read_text().splitlines())
    setup = Setup(4, (T.HUMAN, T.HUMAN, T.NONE, T.AMIGA, T.NONE, T.NONE), 20, True)
    said: list[str] = []
    results: dict[str, int] = {}

    def machine(name: str, run: object) -> threading.Thread:
        def go() -> None:
            results[name] = run()  # type: ignore[operator]

        thread = threading.Thread(target=go, daemon=True)
        thread.start()
        return thread

    def show() -> TerminalHost:
        return TerminalHost(io.StringIO(), None, colour=False)

    common = {
        "play": lambda session: watch(session, io.StringIO()),
        "wrap": lambda host, setup: host,
        "keep": tmp_path,
        "tell": said.append,
    }
    hosting = machine(
        "host",
        lambda: host_game(
            setup,
            english(),
            show(),
            Seating(frozenset({0}), answers),
            ("127.0.0.1", 0),
            "ACD347",
            registry=registry,
            **common,
        ),
    )
    deadline = time.monotonic() + HANG
    while not registry.games():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    (offer,) = registry.games()
    assert offer.open_seats == frozenset({1}) and offer.turns == 20 and offer.advanced
    joining = machine(
        "join",
        lambda: join_game(
            ("127.0.0.1", offer.port),
            "acd347",
            english(),
            show,
            Seating(frozenset({1}), answers),
            **common,
        ),
    )
    hosting.join(HANG)
    joining.join(HANG)
    assert results == {"host": 0, "join": 0}, said
    assert registry.games() == []


def test_announcing_never_runs_on_the_servers_loop() -> None:
    """Zeroconf may block for a good part of a second: the offer is made and
    updated on the announcer's own thread, whoever says the seats changed."""
    from saga.net.play import Hosting

    class Slow(LocalRegistry):
        def __init__(self) -> None:
            super().__init__()
            self.threads: set[str] = set()
            self.offers: list[frozenset[int]] = []

        def announce(self, game: Announced) -> None:
            self.threads.add(threading.current_thread().name)
            self.offers.append(game.open_seats)
            time.sleep(0.3)
            super().announce(game)

        def withdraw(self, game: Announced) -> None:
            self.threads.add(threading.current_thread().name)
            super().withdraw(game)

    registry = Slow()
    setup = Setup(4, (T.HUMAN, T.HUMAN, T.NONE, T.AMIGA, T.NONE, T.NONE), 20, True)
    hosting = Hosting.start(setup, english(), frozenset({1}), "ACD347", ("127.0.0.1", 0), registry)
    try:
        with socket.create_connection(("127.0.0.1", hosting.port), timeout=10) as peer:
            peer.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} ACD347 BRUNHILD\n".encode())
            assert peer.makefile("rb").readline().startswith(b"WELCOME")
            deadline = time.monotonic() + 10
            while frozenset() not in registry.offers:
                assert time.monotonic() < deadline
                time.sleep(0.01)
    finally:
        hosting.stop()
    assert registry.threads == {"saga-announce"}
    assert registry.offers[0] == frozenset({1}) and registry.games() == []


def test_a_lan_that_announces_thousands_of_games_is_heard_up_to_a_bound() -> None:
    """Anyone on the LAN may announce games by the thousand: the zeroconf registry
    (here without any network: its zeroconf is a stand-in) keeps MAX_GAMES and
    does not even ask about the others (asking takes up to 1.5 s each)."""
    import threading

    from zeroconf import ServiceStateChange

    from saga.net import discovery

    game = Announced("odin", "", 4000, (1, 1, 0, 2, 0, 0), frozenset({1}), 20, True, P.version())
    asked: list[str] = []

    class Info:
        def __init__(self) -> None:
            self.port = 4000
            self.properties = {k.encode(): v.encode() for k, v in game.txt().items()}

        def parsed_addresses(self) -> list[str]:
            return ["192.0.2.7"]

    class Zeroconf:
        def get_service_info(self, kind: str, name: str, timeout: int) -> Info:
            asked.append(name)
            return Info()

    registry = discovery.ZeroconfRegistry.__new__(discovery.ZeroconfRegistry)
    registry._zc, registry._lock, registry._found = Zeroconf(), threading.Lock(), {}
    for n in range(1000):
        name = f"Saga on evil {n}.{discovery.SERVICE}"
        registry._changed(registry._zc, discovery.SERVICE, name, ServiceStateChange.Added)
    assert len(registry.games()) == len(asked) == discovery.MAX_GAMES
    registry._changed(registry._zc, discovery.SERVICE, asked[0], ServiceStateChange.Removed)
    registry._changed(registry._zc, discovery.SERVICE, "late", ServiceStateChange.Added)
    assert len(registry.games()) == discovery.MAX_GAMES and asked[-1] == "late"
