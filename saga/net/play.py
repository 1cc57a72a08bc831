"""Hosting and joining a network game from the command line (``saga --host``, ``saga --join``).

Both ends make their game through the same :class:`~saga.engine.session.Session`
from the same :class:`~saga.engine.session.Setup`: the host's, sent to the
joiners as a replay's header.  What differs is only who answers which seat.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from amiga.dos import reason, write_atomic
from saga.engine import tables as T
from saga.engine.host import FIRST_HERO_PEN, Host, answer_key
from saga.engine.session import Session, Setup
from saga.files.replayfile import Answer as Scripted
from saga.files.replayfile import Replay, ReplayError, q_line
from saga.files.replayfile import parse as parse_replay
from saga.look.text import Lookup, fill
from saga.net import protocol as P
from saga.net.client import Client
from saga.net.lockstep import FINAL_TURN, Desynced, LockstepHost, NetStop, test_alteration
from saga.net.online import Servers, seat_name, write_codes
from saga.play.hosts import ScriptedHost, ScriptError, TerminalHost

if TYPE_CHECKING:  # a joining machine needs none: they load when a game is hosted
    from saga.net.discovery import Announced, Announcer, Registry
    from saga.net.server import Server
    from saga.net.tunnel import Invitations

# Puts a recorder around the lockstep host, told the game's set-up.
Wrap = Callable[[Host, Setup], Host]
# Plays a session to its end and shows the scores (saga.headless.watch, or a window).
Play = Callable[[Session], object]


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
    address: tuple[str, int] | Servers,
    code: str | None,
    *,
    play: Play,
    wrap: Wrap,
    keep: Path,
    tell: Callable[[str], None],
    alteration: str | None = None,
    registry: Registry | None = None,
    take_over_after: float | None = None,
    codes: Path | None = None,
) -> int:
    """Host a game: listen, wait for every open seat, play it; returns the exit status.

    ``address`` is where to listen, or the servers of an online game, whose
    codes are told as they change (and written to ``codes``, if given).
    Given a ``registry``, the game is announced there while it is hosted.
    Given ``take_over_after``, a seat whose player has not come or not
    answered for that many seconds (at the start, or at its question: its
    machine dropped out or went silent) is played here."""
    seats = humans(setup)
    if not seating.seats <= seats:
        names = ", ".join(T.HERO_NAMES[h] for h in sorted(seating.seats - seats))
        raise NetStop(f"--seat: {fill(text('MSG_NET_NOT_HUMAN'), names)}")
    shown = told_codes(text, tell, codes)
    hosting = Hosting.start(
        setup, text, seats - seating.seats, code, address, registry, tell, shown=shown
    )
    server = hosting.server
    if hosting.invitations is None:
        tell(fill(text("MSG_NET_HOSTING"), hosting.port, server.code))
    try:
        waited = 0.0
        while not server.wait_for_players(1.0):
            waited += 1.0
            if take_over_after is not None and waited >= take_over_after:
                hosting.take_over(server.open_seats(), text("MSG_NET_NOBODY_CAME"))
        lockstep = LockstepHost(
            show,
            server,
            hosting.here,
            seating.script(),
            alter=test_alteration(alteration),
            text=text,
        )
        hosting.lockstep = lockstep
        _interruptible(show, lockstep)
        if take_over_after is not None:
            late_after = f"{take_over_after:g}"
            watch = SeatWatch(take_over_after, lambda: len(server.stream))
            lockstep.waiting = watch.waiting

            def idle() -> None:
                late = watch.overdue()
                if late is not None:
                    hosting.take_over({late}, fill(text("MSG_NET_NO_ANSWER"), late_after))

            lockstep.idle = idle
        return _play(setup, text, lockstep, server, play, wrap, keep, tell, hosting.header)
    finally:
        hosting.stop(P.HOST_ENDED)


@dataclass
class SeatWatch:
    """How long the engine has waited for another machine's answer: told
    whose answer it waits for (``waiting``), it says once that answer is
    ``after`` seconds late (``overdue``), whether that seat is empty or its
    machine is silent.  ``answers`` counts the game's answers: once it has
    grown, the answer awaited has come, and nothing is late until the
    engine waits again (its idle time after an answer of this machine's
    own is nobody's lateness)."""

    after: float
    answers: Callable[[], int]
    hero: int = -1
    since: float = 0.0
    count: int = 0  # the game's answers when the wait began

    def waiting(self, hero: int) -> None:
        self.hero, self.since, self.count = hero, time.monotonic(), self.answers()

    def overdue(self) -> int | None:
        """The hero whose answer is late, if it is."""
        if self.hero < 0 or self.answers() > self.count or self.waited() < self.after:
            return None
        return self.hero

    def waited(self) -> float:
        """Seconds since the wait began."""
        return time.monotonic() - self.since


@dataclass
class Hosting:
    """A hosted game: its server, listening on ``port``, and its offer on the LAN.

    ``here`` are the human heroes played on this machine; ``lockstep`` is
    set once the game is in play.  The offer is kept up to date by a thread
    of its own (announcing may block).  What the network tells goes to
    ``tell``, worded by ``text`` (the host's player's language)."""

    server: Server
    port: int  # 0 for an online game, which listens on no port
    header: list[str]
    here: frozenset[int]
    tell: Callable[[str], None]
    text: Lookup
    announcer: Announcer | None = None
    lockstep: LockstepHost | None = None
    invitations: Invitations | None = None  # an online game's codes
    host: str = ""  # the address listened on ("": every address of this machine)

    @classmethod
    def start(
        cls,
        setup: Setup,
        text: Lookup,
        open_seats: frozenset[int],
        code: str | None,
        address: tuple[str, int] | Servers,
        registry: Registry | None = None,
        tell: Callable[[str], None] = lambda line: None,
        *,
        shown: Callable[[dict[int | None, str]], None] = lambda codes: None,
    ) -> Hosting:
        """Listen for ``setup``'s game and announce it (NetStop if the port is
        taken or the code too weak); or, given the :class:`Servers` of an online
        game, make its codes (``shown`` hears them whenever they change; NetStop
        if the mailbox server is out of reach)."""
        header = Replay.starting(setup).header()
        from saga.net.server import Server

        announcer: Announcer | None = None
        invitations: Invitations | None = None

        def seats_changed(now_open: frozenset[int]) -> None:
            if invitations is not None:
                invitations.seats_changed()
            if announcer is not None:
                announcer.update(now_open)

        try:
            server = Server(
                header,
                game_keys(text),
                open_seats,
                code,
                tell=tell,
                seats_changed=seats_changed,
                text=text,
            )
        except ValueError as e:
            raise NetStop(str(e)) from None
        here = humans(setup) - open_seats
        if isinstance(address, Servers):
            from saga.net.tunnel import Invitations

            server.start()
            invitations = Invitations(server, address, text, tell=tell, shown=shown)
            try:
                invitations.open()
            except NetStop:
                server.close()
                raise
            return cls(server, 0, header, here, tell, text, invitations=invitations)
        port = server.listen(*address)
        if registry is not None:
            from saga.net.discovery import Announcer

            announcer = Announcer(registry, offered(setup, port, open_seats))
            announcer.update(server.open_seats())
        return cls(server, port, header, here, tell, text, announcer, host=address[0])

    def addresses(self) -> list[str]:
        """Where a joiner reaches this game by address (ADDRESS:PORT each), as it
        would type it; none for an online game, which is reached by its codes."""
        if self.invitations is not None:
            return []
        from saga.net.discovery import host_name, local_addresses

        every = self.host in ("", "0.0.0.0", "::")
        hosts = (local_addresses() or [host_name()]) if every else [self.host]
        return [f"[{h}]:{self.port}" if ":" in h else f"{h}:{self.port}" for h in hosts]

    def take_over(self, heroes: Iterable[int], why: str) -> frozenset[int]:
        """Play these heroes' seats here from now on, wherever their players are
        (a machine holding one is let go, told ``why``: words of the host's
        language, as the line said here); returns those taken over.

        The one way the host's player takes seats: the terminal's
        ``--take-over-after`` and the window's menu both come here."""
        taken = self.server.take_over(frozenset(heroes), why)
        if not taken:
            return taken
        names = ", ".join(T.HERO_NAMES[h] for h in sorted(taken))
        self.tell(fill(self.text("MSG_NET_PLAYING_HERE"), names, why))
        self.here = self.here | taken
        if self.lockstep is not None:
            self.lockstep.take_over(taken)
        return taken

    def stop(self, stop: P.Stop | None = None) -> None:
        """Take the offer back and end the game for everyone (``stop``: why)."""
        if self.announcer is not None:
            self.announcer.stop()
            self.announcer = None
        self.server.close(stop)
        if self.invitations is not None:
            self.invitations.close()


def told_codes(
    text: Lookup,
    tell: Callable[[str], None],
    path: Path | None,
    *,
    heading: str = "MSG_NET_CODE_FOR",
    known: dict[int | None, str] | None = None,
) -> Callable[[dict[int | None, str]], None]:
    """What a host does with its codes (an Invitations' ``current``, whenever
    they change): tells each new one (``heading`` WHO: CODE; the codes
    ``known`` already are not told), and keeps the ones that let a machine in
    now in ``path`` (if given)."""
    told: dict[int | None, str] = dict(known or {})
    problem = [""]  # the last one said: a file that cannot be written is said once

    def shown(codes: dict[int | None, str]) -> None:
        for seat, code in sorted(codes.items(), key=lambda item: (item[0] is None, item[0])):
            if told.get(seat) != code:
                who = text("MSG_NET_WATCHERS") if seat is None else seat_name(seat)
                tell(f"{text(heading)} {who}: {code}")
        told.clear()
        told.update(codes)
        if path is not None:
            try:
                write_codes(path, codes)
                problem[0] = ""
            except OSError as e:  # FileProblem among them
                cannot = fill(text("MSG_NET_CODES_UNWRITTEN"), path)
                said = f"{cannot}: {reason(e, detail=True)}"
                if said != problem[0]:
                    tell(said)
                problem[0] = said

    return shown


def offered(setup: Setup, port: int, open_seats: frozenset[int]) -> Announced:
    """The game as announced on the local network."""
    from saga.net.discovery import Announced, host_name

    return Announced(
        host_name(), "", port, setup.controls, open_seats, setup.turns, setup.advanced, P.version()
    )


def join_game(
    address: tuple[str, int] | Servers,
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
    """Join a game, catch up with it and play it out; returns the exit status.

    ``address`` is the host's, or the servers of an online game, whose
    ``code`` is then a wormhole code."""
    tunnel = None
    if isinstance(address, Servers):
        from saga.net.tunnel import dial

        tunnel = dial(code, address, text, tell=tell)
        client = Client("", 0, "", seating.seats, tell=tell, sock=tunnel.sock, text=text)
    else:
        client = Client(*address, code, seating.seats, tell=tell, text=text)
    try:
        client.join()
        try:
            lines = [line + "\n" for line in client.header]
            setup = parse_replay(lines, "the host's game").setup()
        except ReplayError as e:
            raise NetStop(str(e)) from None
        shown = show()
        seating = Seating(client.seats, seating.answers)  # a seat's code may have named them
        lockstep = LockstepHost(
            shown,
            client,
            seating.seats,
            seating.script(),
            alter=test_alteration(alteration),
            text=text,
        )
        _interruptible(shown, lockstep)
        words = keyed(text, client.keys)
        return _play(setup, words, lockstep, client, play, wrap, keep, tell, client.header)
    finally:
        client.close()
        if tunnel is not None:
            tunnel.close()


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
        report_desync(desync, text, keep, header, link, tell)
        return 3
    except ScriptError as e:
        if not isinstance(link, Client):
            link.close(P.Stop(f"the host's answers ran out: {e}", "ANSWERS"))
        tell(f"{text('MSG_NET_STOPPED')} {e}")
        return 1
    except NetStop as e:
        tell(f"{text('MSG_NET_STOPPED')} {e}")
        return 1
    return 0


def report_desync(
    desync: Desynced,
    text: Lookup,
    keep: Path,
    header: list[str],
    link: Server | Client,
    tell: Callable[[str], None],
) -> None:
    """Say where this machine's game left the host's, and keep both saves and the
    replay for a report (said in the words of ``text``)."""
    tell(desync.summary())
    differences = desync.differences()
    for line in differences[:10]:
        tell(f"  {line}  (here ≠ host)")
    when = "end" if desync.turn == FINAL_TURN else str(desync.turn)
    kept = []
    try:
        keep.mkdir(parents=True, exist_ok=True)
        for name, data in (("here", desync.here), ("host", desync.host)):
            if data is not None:
                path = keep / f"Desync-{when}-{name}.saga"
                write_atomic(path, data)  # whole, and never through a planted link
                kept.append(path)
        path = keep / f"Desync-{when}.replay"
        lines = header + [_q(a) for a in link.stream.answers()]
        write_atomic(path, "".join(line + "\n" for line in lines).encode("latin-1"))
        kept.append(path)
    except OSError as e:
        tell(f"{fill(text('MSG_NET_NOT_KEPT'), keep)}: {e.strerror or e}")
    if kept:
        tell(f"{text('MSG_NET_KEPT')} {', '.join(map(str, kept))}")
        if len(kept) == 3:
            tell(f"{text('MSG_NET_COMPARE')} python -m saga.inspect {kept[0]} {kept[1]}")


def _q(answer: P.Answer) -> str:
    return q_line(answer.mode, answer.pen, answer.result, answer.countertype)


def read_seats(text: str | None) -> frozenset[int]:
    try:
        return P.parse_seats(text or "")
    except ValueError as e:
        raise NetStop(f"--seat: {e}") from None


def say(line: str) -> None:
    print(f"saga: {line}", file=sys.stderr, flush=True)
