"""Hosting and joining a network game from the command line (``saga --host``, ``saga --join``).

Both ends make their game through the same :class:`~saga.engine.session.Session`
from the same :class:`~saga.engine.session.Setup`: the host's, sent to the
joiners as a replay's header.  What differs is only who answers which seat.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from amiga.dos import write_atomic
from saga.engine import tables as T
from saga.engine.host import FIRST_HERO_PEN, Host, answer_key
from saga.engine.session import Session, Setup
from saga.files.replayfile import Answer as Scripted
from saga.files.replayfile import Replay, ReplayError, q_line
from saga.files.replayfile import parse as parse_replay
from saga.look.text import Lookup
from saga.net import protocol as P
from saga.net.client import Client
from saga.net.lockstep import FINAL_TURN, Desynced, LockstepHost, NetStop, test_alteration
from saga.play.hosts import ScriptedHost, ScriptError, TerminalHost

if TYPE_CHECKING:  # a joining machine needs neither: they load when a game is hosted
    from saga.net.discovery import Announced, Registry
    from saga.net.server import Server

# Puts a recorder around the lockstep host, told the game's set-up.
Wrap = Callable[[Host, Setup], Host]
# Plays a session to its end and shows the scores (saga.headless.watch, or a window).
Play = Callable[[Session], object]

DESYNC_WAIT = 3.0  # seconds the host waits for the differing machine's save


@dataclass
class Seating:
    """What this machine plays: its seats, and the script that answers them (if any)."""

    seats: frozenset[int]
    answers: Sequence[Scripted] | None = None

    def script(self) -> ScriptedHost | None:
        """The answers file's lines for this machine's seats, in their order."""
        if self.answers is None:
            return None
        mine = [a for a in self.answers if a[1] - FIRST_HERO_PEN in self.seats]
        return ScriptedHost(mine)


def game_keys(text: Lookup) -> tuple[int, ...]:
    """The answer keys of this machine's language, as the engine compares them."""
    return tuple(answer_key(text, name) for name in P.KEY_IDS)


def keyed(text: Lookup, keys: tuple[int, ...]) -> Lookup:
    """This machine's words with the host's answer keys, so that a key answer
    means the same to every machine's engine whatever their languages."""
    chosen = dict(zip(P.KEY_IDS, (chr(k) for k in keys), strict=True))
    return lambda name: chosen.get(name) or text(name)


def humans(setup: Setup) -> frozenset[int]:
    return frozenset(h for h, c in enumerate(setup.controls) if c == T.HUMAN)


def host_game(
    setup: Setup,
    text: Lookup,
    show: Host,
    seating: Seating,
    address: tuple[str, int],
    code: str,
    *,
    play: Play,
    wrap: Wrap,
    keep: Path,
    tell: Callable[[str], None],
    alteration: str | None = None,
    registry: Registry | None = None,
    take_over_after: float | None = None,
) -> int:
    """Host a game: listen, wait for every open seat, play it; returns the exit status.

    Given a ``registry``, the game is announced there while it is hosted.
    Given ``take_over_after``, a seat left empty that many seconds (at the
    start, or at its question after its player dropped out) is played here."""
    seats = humans(setup)
    if not seating.seats <= seats:
        names = ", ".join(T.HERO_NAMES[h] for h in sorted(seating.seats - seats))
        raise NetStop(f"--seat: {names} is not a human hero of this game")
    hosting = Hosting.start(setup, text, seats - seating.seats, code, address, registry, tell)
    server = hosting.server
    tell(f"hosting on port {hosting.port}, join code {server.code}")
    try:
        waited = 0.0
        here = seating.seats
        while not server.wait_for_players(1.0):
            waited += 1.0
            if take_over_after is not None and waited >= take_over_after:
                empty = server.open_seats()
                tell(f"playing the empty seats here: {P.seat_names(empty)}")
                for hero in empty:
                    server.take_over(hero)
                here = here | empty
        lockstep = LockstepHost(
            show, server, here, seating.script(), alter=test_alteration(alteration)
        )
        _interruptible(show, lockstep)
        if take_over_after is not None:
            watch = EmptySeats(server, lockstep, take_over_after, tell)
            lockstep.waiting, lockstep.idle = watch.waiting, watch.idle
        return _play(setup, text, lockstep, server, play, wrap, keep, tell, hosting.header)
    finally:
        hosting.stop("the host stopped")


@dataclass
class EmptySeats:
    """The headless host's watch over the seat whose answer is awaited: once it
    has been empty ``after`` seconds (its player dropped out), it is played here."""

    server: Server
    lockstep: LockstepHost
    after: float
    tell: Callable[[str], None]
    hero: int = -1
    since: float | None = None  # when the awaited seat was first seen empty

    def waiting(self, hero: int) -> None:
        self.hero, self.since = hero, None

    def idle(self) -> None:
        if self.hero not in self.server.open_seats():
            self.since = None
            return
        now = time.monotonic()
        if self.since is None:
            self.since = now
        elif now - self.since >= self.after:
            self.tell(f"playing the empty seat here: {T.HERO_NAMES[self.hero]}")
            self.server.take_over(self.hero)
            self.lockstep.take_over(frozenset({self.hero}))


@dataclass
class Hosting:
    """A hosted game: its server, listening on ``port``, and its offer on the LAN."""

    server: Server
    port: int
    header: list[str]
    registry: Registry | None = None
    offer: Announced | None = None

    @classmethod
    def start(
        cls,
        setup: Setup,
        text: Lookup,
        open_seats: frozenset[int],
        code: str,
        address: tuple[str, int],
        registry: Registry | None = None,
        tell: Callable[[str], None] = lambda line: None,
    ) -> Hosting:
        """Listen for ``setup``'s game and announce it (NetStop if the port is taken)."""
        header = Replay.starting(setup).header()
        hosting: list[Hosting] = []

        def announce(now_open: frozenset[int]) -> None:
            if hosting and hosting[0].offer is not None and registry is not None:
                hosting[0].offer = replace(hosting[0].offer, open_seats=now_open)
                registry.announce(hosting[0].offer)

        from saga.net.server import Server

        server = Server(
            header, game_keys(text), open_seats, code, tell=tell, seats_changed=announce
        )
        port = server.listen(*address)
        offer = offered(setup, port, open_seats) if registry is not None else None
        hosting.append(cls(server, port, header, registry, offer))
        if registry is not None and offer is not None:
            registry.announce(offer)
        return hosting[0]

    def stop(self, reason: str | None = None) -> None:
        """Take the offer back and end the game for everyone (``reason``: why)."""
        if self.registry is not None and self.offer is not None:
            self.registry.withdraw(self.offer)
            self.offer = None
        self.server.close(reason)


def offered(setup: Setup, port: int, open_seats: frozenset[int]) -> Announced:
    """The game as announced on the local network."""
    from saga.net.discovery import Announced, host_name

    return Announced(
        host_name(), "", port, setup.controls, open_seats, setup.turns, setup.advanced, P.version()
    )


def join_game(
    address: tuple[str, int],
    code: str,
    text: Lookup,
    show: Callable[[], Host],
    seating: Seating,
    *,
    play: Play,
    wrap: Wrap,
    keep: Path,
    tell: Callable[[str], None],
    alteration: str | None = None,
) -> int:
    """Join a game, catch up with it and play it out; returns the exit status."""
    client = Client(*address, code, seating.seats, tell=tell)
    client.join()
    try:
        try:
            lines = [line + "\n" for line in client.header]
            setup = parse_replay(lines, "the host's game").setup()
        except ReplayError as e:
            raise NetStop(str(e)) from None
        shown = show()
        lockstep = LockstepHost(
            shown, client, seating.seats, seating.script(), alter=test_alteration(alteration)
        )
        _interruptible(shown, lockstep)
        words = keyed(text, client.keys)
        return _play(setup, words, lockstep, client, play, wrap, keep, tell, client.header)
    finally:
        client.close()


def _interruptible(host: Host, lockstep: LockstepHost) -> None:
    """A terminal's player is awaited only while the network game goes on."""
    if isinstance(host, TerminalHost):
        host.interrupt = lockstep.check


def _play(
    setup: Setup,
    text: Lookup,
    lockstep: LockstepHost,
    link: Server | Client,
    play: Play,
    wrap: Wrap,
    keep: Path,
    tell: Callable[[str], None],
    header: list[str],
) -> int:
    session = Session(setup, text, wrap(lockstep, setup))
    try:
        play(session)
        lockstep.finish(session.state)
    except Desynced as desync:
        if not isinstance(link, Client) and desync.other is None:
            link.desync_saved.wait(DESYNC_WAIT)
        report_desync(desync, keep, header, link, tell)
        return 3
    except ScriptError as e:
        if not isinstance(link, Client):
            link.close(f"the host's answers ran out: {e}")
        tell(f"stopped: {e}")
        return 1
    except NetStop as e:
        tell(f"stopped: {e}")
        return 1
    return 0


def report_desync(
    desync: Desynced,
    keep: Path,
    header: list[str],
    link: Server | Client,
    tell: Callable[[str], None],
) -> None:
    """Say where the machines part and keep both saves and the replay for a report."""
    tell(desync.summary())
    differences = desync.differences()
    for line in differences[:10]:
        tell(f"  {line}  (here ≠ there)")
    when = "end" if desync.turn == FINAL_TURN else str(desync.turn)
    kept = []
    try:
        keep.mkdir(parents=True, exist_ok=True)
        for name, data in (("here", desync.here), ("there", desync.other)):
            if data is not None:
                path = keep / f"Desync-{when}-{name}.saga"
                write_atomic(path, data)  # whole, and never through a planted link
                kept.append(path)
        path = keep / f"Desync-{when}.replay"
        lines = header + [_q(a) for a in link.stream.answers()]
        write_atomic(path, "".join(line + "\n" for line in lines).encode("latin-1"))
        kept.append(path)
    except OSError as e:
        tell(f"can't keep the desync's files in {keep}: {e.strerror or e}")
    if kept:
        tell("kept for a report: " + ", ".join(map(str, kept)))
        if len(kept) == 3:
            tell(f"compare them with: python -m saga.inspect {kept[0]} {kept[1]}")


def _q(answer: P.Answer) -> str:
    return q_line(answer.mode, answer.pen, answer.result, answer.countertype)


def read_seats(text: str | None) -> frozenset[int]:
    try:
        return P.parse_seats(text or "")
    except ValueError as e:
        raise NetStop(f"--seat: {e}") from None


def say(line: str) -> None:
    print(f"saga: {line}", file=sys.stderr, flush=True)
