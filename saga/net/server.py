"""The hosting machine's side: it lets players in, orders their answers and checks the hashes.

The network runs on an asyncio loop in a thread of its own; the engine, in
the program's main thread, reaches it through the :class:`Server`'s
:class:`~saga.net.lockstep.Link` methods.  Every peer is bounded: a
handshake must come within :data:`HANDSHAKE_TIMEOUT`, any silence longer
than :data:`IDLE_TIMEOUT` ends the connection, a peer that does not read
what it is sent is dropped once :data:`MAX_BUFFERED` bytes wait for it, and
wrong join codes are counted per address.  None of that ever stops or
slows the game: a misbehaving peer is only disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from saga.engine import tables as T
from saga.engine.host import FIRST_HERO_PEN, Ask
from saga.net import protocol as P
from saga.net.lockstep import FINAL_TURN, Desynced, NetStop, Stream, digest

HANDSHAKE_TIMEOUT = 10.0  # seconds from connecting to HELLO
IDLE_TIMEOUT = 60.0  # seconds of silence before a peer counts as gone
PING_EVERY = 15.0  # seconds of our silence before we say PING
MAX_BUFFERED = 256 * 1024  # bytes waiting for a peer that does not read
MAX_PEERS = 24  # connections at once, handshaking or playing
MAX_PER_ADDRESS = 12
MAX_STRIKES = 8  # answers out of turn or for another's seat before a peer is dropped
CODE_TRIES = 5  # wrong codes from one address ...
CODE_WINDOW = 60.0  # ... within this many seconds lock it out for as long
MAX_ADDRESSES = 1024  # addresses whose wrong codes are remembered
FINISH_TIMEOUT = 30.0  # seconds to wait at the end for the others' final hashes


@dataclass(eq=False)
class Peer:
    """One connected machine."""

    address: str
    writer: asyncio.StreamWriter
    conn: P.Connection
    seats: frozenset[int] = frozenset()
    sent: int = 0  # stream answers sent to it
    hashes: dict[int, str] = field(default_factory=dict)
    early: P.Answer | None = None  # an answer for a question the host's engine has not reached
    strikes: int = 0
    last_sent: float = field(default_factory=time.monotonic)
    heard: float = field(default_factory=time.monotonic)

    @property
    def name(self) -> str:
        if not self.seats:
            return f"the spectator at {self.address}"
        heroes = ", ".join(T.HERO_NAMES[h] for h in sorted(self.seats))
        return f"the machine of {heroes} ({self.address})"


class Server:
    """Hosts one network game: ``header`` is its start (the replay's header
    lines), ``keys`` the answer keys, ``open_seats`` the human heroes played
    elsewhere, ``code`` the join code.  ``tell`` hears who comes and goes.
    """

    def __init__(
        self,
        header: list[str],
        keys: tuple[int, ...],
        open_seats: frozenset[int],
        code: str,
        *,
        tell: Callable[[str], None] = lambda line: None,
        limits: P.Limits | None = None,
        seats_changed: Callable[[frozenset[int]], None] = lambda open_seats: None,
    ) -> None:
        self.header = header
        self.keys = keys
        self.seats = open_seats
        self.code = P.normal_code(code)
        self.tell = tell
        self.seats_changed = seats_changed  # told the open seats when a player comes or goes
        self.limits = limits or P.Limits()
        self.stream = Stream()
        self.saves: dict[int, bytes] = {}  # ours, by turn (FINAL_TURN: the end)
        self.peers: list[Peer] = []
        self.taken: dict[int, Peer] = {}
        self.started = False
        self.closed = False
        self.bytes_sent = 0  # for the benchmark
        self.pending: tuple[int, Ask, int] | None = None  # the question our engine waits at
        self.failures: OrderedDict[str, deque[float]] = OrderedDict()
        self.desync: Desynced | None = None
        self.desync_saved = threading.Event()
        self.lock = threading.Lock()
        self.seated = threading.Condition(self.lock)
        self.loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, name="saga-net", daemon=True)

    # -- running --------------------------------------------------------------

    def start(self) -> None:
        """Start the network thread (``listen`` does it too)."""
        if not self._thread.is_alive():
            self._thread.start()

    def listen(self, host: str, port: int) -> int:
        """Start listening (``host`` "" is every address, IPv4 and IPv6); returns the port."""
        self.start()
        start = asyncio.start_server(self._serve, host or None, port, limit=P.MAX_LINE * 2)
        try:
            self._server = asyncio.run_coroutine_threadsafe(start, self.loop).result(10)
        except OSError as e:
            self.loop.call_soon_threadsafe(self.loop.stop)
            raise NetStop(f"can't host on port {port}: {e.strerror or e}") from None
        return int(self._server.sockets[0].getsockname()[1])

    def accept(self, sock: socket.socket, address: str, seats: frozenset[int]) -> None:
        """Serve a machine let in by other means over ``sock``: one that came by a
        wormhole code made for ``seats`` (none: a spectator's), which it must ask for."""

        async def serve() -> None:
            reader, writer = await asyncio.open_connection(sock=sock, limit=P.MAX_LINE * 2)
            await self._serve(reader, writer, address=address, ticket=seats)

        asyncio.run_coroutine_threadsafe(serve(), self.loop)

    def open_seats(self) -> frozenset[int]:
        with self.lock:
            return self.seats - self.taken.keys()

    def wait_for_players(self, timeout: float | None = None) -> bool:
        """Wait until every open seat is taken; then the game starts for all."""
        with self.seated:
            if not self.seated.wait_for(lambda: self.seats <= self.taken.keys(), timeout):
                return False
        self.loop.call_soon_threadsafe(self._start)
        return True

    def close(self, reason: str | None = None) -> None:
        """End the game for everyone (``reason``: the host left it) and stop listening."""
        if self.closed:
            return
        self.closed = True
        future = asyncio.run_coroutine_threadsafe(self._close(reason), self.loop)
        with contextlib.suppress(Exception):
            future.result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)

    async def _close(self, reason: str | None) -> None:
        if self._server is not None:
            self._server.close()
        for peer in list(self.peers):
            await self._send(peer, P.Stop(reason) if reason else P.Bye())
            await self._drop(peer, flush=True)
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    # -- the engine's side (lockstep.Link) ----------------------------------------

    def submit(self, answer: P.Answer) -> None:
        with self.lock:
            self.pending = None
            self.stream.append(answer)
        self.loop.call_soon_threadsafe(self._flush)

    def expect(self, seq: int, mode: Ask, pen: int) -> None:
        with self.lock:
            self.pending = (seq, mode, pen)
            for peer in self.peers:
                if peer.early is not None:
                    early, peer.early = peer.early, None
                    self._take(peer, early)
        self.loop.call_soon_threadsafe(self._flush)

    def autosaved(self, turn: int, save: bytes) -> None:
        with self.lock:
            self.saves[turn] = save
            for peer in self.peers:
                self._compare(peer, turn)

    def finished(self, save: bytes) -> None:
        """Compare the final states, then say goodbye to everyone."""
        self.autosaved(FINAL_TURN, save)
        end = time.monotonic() + FINISH_TIMEOUT
        with self.seated:
            self.seated.wait_for(
                lambda: (
                    self.desync is not None
                    or all(
                        FINAL_TURN in p.hashes
                        for p in self.peers
                        if p.conn.phase is P.Phase.PLAYING
                    )
                ),
                max(0.0, end - time.monotonic()),
            )
        if self.desync is not None:
            raise self.desync
        self.close()

    # -- the network's side ---------------------------------------------------

    def _start(self) -> None:
        self.started = True
        for peer in self.peers:
            if peer.conn.phase is P.Phase.WAITING:  # welcomed; a handshake still under way is not
                self._begin(peer)

    def _begin(self, peer: Peer) -> None:
        """Send a welcomed peer the game so far."""
        lines: list[P.Message] = [P.GameLine(line) for line in self.header]
        for message in [*lines, P.Keys(self.keys), P.Start()]:
            self._write(peer, message)
        self._flush()

    def _flush(self) -> None:
        """Send every playing peer the answers it has not had."""
        answers = self.stream.answers()
        for peer in self._playing():
            while peer.sent < len(answers):
                self._write(peer, answers[peer.sent])
                peer.sent += 1

    def _write(self, peer: Peer, message: P.Message) -> None:
        if peer.writer.is_closing():
            return
        data = peer.conn.send(message)
        peer.writer.write(data)
        self.bytes_sent += len(data)
        peer.last_sent = time.monotonic()
        if peer.writer.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.tell(f"{peer.name} reads nothing; disconnected")
            peer.writer.transport.abort()

    async def _send(self, peer: Peer, message: P.Message) -> None:
        self._write(peer, message)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(peer.writer.drain(), 5)

    async def _serve(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        address: str | None = None,
        ticket: frozenset[int] | None = None,
    ) -> None:
        address = address or str(writer.get_extra_info("peername", ("?",))[0])
        peer = Peer(address, writer, P.Connection(P.Role.HOST, self.limits))
        try:
            if len(self.peers) >= MAX_PEERS or (
                sum(p.address == address for p in self.peers) >= MAX_PER_ADDRESS
            ):
                await self._send(peer, P.Refuse("too many connections"))
                return
            with self.lock:
                self.peers.append(peer)
            hello = await self._hello(peer, reader, ticket)
            if hello is None:
                return
            await self._play(peer, reader)
        except (P.ProtocolError, ConnectionError, TimeoutError, OSError) as e:
            if peer.seats and not self.closed:
                self.tell(f"{peer.name} left: {e or type(e).__name__}")
        finally:
            await self._drop(peer)

    async def _receive(
        self, peer: Peer, reader: asyncio.StreamReader, timeout: float
    ) -> list[P.Message]:
        data = await asyncio.wait_for(reader.read(P.MAX_LINE), timeout)
        if not data:
            raise ConnectionError("the connection was closed")
        return peer.conn.receive_data(data)

    async def _hello(
        self, peer: Peer, reader: asyncio.StreamReader, ticket: frozenset[int] | None
    ) -> P.Hello | None:
        end = time.monotonic() + HANDSHAKE_TIMEOUT
        messages: list[P.Message] = []
        while not messages:
            messages = await self._receive(peer, reader, max(0.0, end - time.monotonic()))
        hello = messages[0]
        if not isinstance(hello, P.Hello) or len(messages) > 1:
            raise P.ProtocolError("no HELLO, or more than a HELLO")
        refusal = self._refusal(peer, hello, ticket)
        if refusal:
            await self._send(peer, P.Refuse(refusal))
            return None
        with self.seated:
            peer.seats = hello.seats
            for hero in hello.seats:
                self.taken[hero] = peer
            self.seated.notify_all()
        self._write(peer, P.Welcome(hello.seats))
        if hello.seats:
            self.tell(f"{peer.name} joined")
            self.seats_changed(self.open_seats())
        if self.started:
            self._begin(peer)
        else:
            self._write(peer, P.Wait(self.open_seats()))
            for other in self.peers:
                if other is not peer and other.conn.phase is P.Phase.WAITING:
                    self._write(other, P.Wait(self.open_seats()))
        return hello

    def _refusal(self, peer: Peer, hello: P.Hello, ticket: frozenset[int] | None) -> str | None:
        """Why a HELLO is refused, or None to let the peer in (``ticket``: the
        seats of the wormhole code it came by, instead of the join code)."""
        if hello.proto != P.PROTOCOL or hello.version != P.version():
            return (
                f"this game's host runs Saga {P.version()} (network protocol {P.PROTOCOL}); "
                f"yours is Saga {hello.version} (protocol {hello.proto}): they cannot play together"
            )
        if ticket is not None and hello.seats != ticket:
            return f"this code is for {_who(ticket)}, not for {_who(hello.seats)}"
        now = time.monotonic()
        tries = self.failures.get(peer.address, deque())
        while tries and tries[0] < now - CODE_WINDOW:
            tries.popleft()
        if len(tries) >= CODE_TRIES:
            return "too many wrong codes from your address; try again in a minute"
        if ticket is None and hello.code != self.code:
            tries.append(now)
            self.failures[peer.address] = tries
            self.failures.move_to_end(peer.address)
            while len(self.failures) > MAX_ADDRESSES:
                self.failures.popitem(last=False)
            return "wrong code"
        not_human = hello.seats - self.seats
        if not_human:
            names = ", ".join(T.HERO_NAMES[h] for h in sorted(not_human))
            return f"{names}: no open seat in this game (open: {P.seat_names(self.open_seats())})"
        taken = hello.seats & self.taken.keys()
        if taken:
            names = ", ".join(T.HERO_NAMES[h] for h in sorted(taken))
            return f"{names}: already played by another machine"
        return None

    async def _play(self, peer: Peer, reader: asyncio.StreamReader) -> None:
        while True:
            try:
                messages = await self._receive(peer, reader, PING_EVERY)
            except TimeoutError:
                if time.monotonic() - peer.last_sent >= PING_EVERY:
                    self._write(peer, P.Ping())
                if time.monotonic() - peer.heard > IDLE_TIMEOUT:
                    raise TimeoutError("silent for too long") from None
                continue
            peer.heard = time.monotonic()
            for message in messages:
                if isinstance(message, P.Bye):
                    return
                self._handle(peer, message)
                if peer.strikes >= MAX_STRIKES:
                    raise P.ProtocolError("too many answers out of turn")

    def _handle(self, peer: Peer, message: P.Message) -> None:
        match message:
            case P.Ping():
                self._write(peer, P.Pong())
            case P.Answer():
                with self.lock:
                    self._offer(peer, message)
                self._flush()
            case P.Hash(turn, value):
                with self.lock:
                    peer.hashes[turn] = value
                    self._compare(peer, turn)
            case P.Final(value):
                with self.seated:
                    peer.hashes[FINAL_TURN] = value
                    self._compare(peer, FINAL_TURN)
                    self.seated.notify_all()
            case P.Save(turn, save):
                desync = self.desync
                if (
                    desync is not None
                    and desync.turn == turn
                    and desync.other is None
                    and desync.who.endswith(peer.name)
                ):
                    desync.other = save
                    self.desync_saved.set()

    def _offer(self, peer: Peer, answer: P.Answer) -> None:
        """A peer's answer: taken if it is for its seat and the question now due."""
        if answer.pen - FIRST_HERO_PEN not in peer.seats or answer.seq != len(self.stream):
            peer.strikes += 1
            return
        if self.pending is not None and self.pending[0] == answer.seq:
            self._take(peer, answer)
        elif self.pending is None or self.pending[0] < answer.seq:
            if peer.early is not None:
                peer.strikes += 1
            peer.early = answer  # the host's engine is not there yet
        else:
            peer.strikes += 1

    def _take(self, peer: Peer, answer: P.Answer) -> None:
        pending = self.pending
        if pending is None or (answer.seq, answer.mode, answer.pen) != pending:
            peer.strikes += 1
            return
        if self.taken.get(answer.pen - FIRST_HERO_PEN) is not peer:
            return  # the seat was taken over meanwhile
        self.pending = None
        self.stream.append(answer)

    def _compare(self, peer: Peer, turn: int) -> None:
        ours, theirs = self.saves.get(turn), peer.hashes.get(turn)
        if ours is None or theirs is None or digest(ours) == theirs or self.desync is not None:
            return
        if not peer.seats:
            # A spectator out of step decides nothing: it alone is told, and let go.
            self.tell(f"{peer.name} is out of step at turn {turn}; disconnected")
            self.loop.call_soon_threadsafe(self._write, peer, P.Desync(turn, ours))
            self.loop.call_soon_threadsafe(peer.writer.close)
            return
        self.desync = Desynced(turn, ours, who=f"this host and {peer.name}")
        self.stream.stop(self.desync)
        self.seated.notify_all()
        message = P.Desync(turn, ours)
        self.loop.call_soon_threadsafe(self._broadcast, message)

    def _playing(self) -> list[Peer]:
        return [p for p in self.peers if p.conn.phase is P.Phase.PLAYING]

    def _broadcast(self, message: P.Message) -> None:
        for peer in self._playing():
            self._write(peer, message)

    async def _drop(self, peer: Peer, flush: bool = False) -> None:
        with self.seated:
            if peer in self.peers:
                self.peers.remove(peer)
            for hero in peer.seats:
                if self.taken.get(hero) is peer:
                    del self.taken[hero]
            self.seated.notify_all()
        if peer.seats and not self.closed:
            self.seats_changed(self.open_seats())
        if flush:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(peer.writer.drain(), 5)
        peer.writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(peer.writer.wait_closed(), 2)

    def take_over(self, hero: int) -> None:
        """Play an empty seat here from now on (the host's player answers for it)."""
        with self.seated:
            self.seats = self.seats - {hero}
            self.seated.notify_all()
        self.seats_changed(self.open_seats())


def _who(seats: frozenset[int]) -> str:
    return ", ".join(T.HERO_NAMES[h] for h in sorted(seats)) or "a spectator"
