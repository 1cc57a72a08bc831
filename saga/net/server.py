"""The hosting machine's side: it lets players in, orders their answers and checks the hashes.

**Threads.**  The network runs on an asyncio loop in a thread of its own,
the *loop thread*, and every piece of the server's state (the peers, the
seats, the question due, the hashes) is touched there only.  The engine,
in the program's main thread, reaches the server through the
:class:`~saga.net.lockstep.Link` methods (*engine thread*), and the
window or the terminal through the *control* methods; both hand their work
to the loop, and wait for its answer where they need one.  What crosses
threads otherwise is the answer stream (which locks itself) and the few
facts :meth:`Server._publish` copies out under :attr:`Server._lock`.  Each
method's docstring names the thread that runs it.

**One bad peer never stops the others.**  The host's game is the
reference: a machine whose hash differs from the host's is told so and let
go, and the game plays on (it may join again).  Every answer is checked
against the question the host's engine asks (its seat, its place in the
order, its kind and range); a machine that sends more answers no player
could give, or more answers in one turn than any player gives, is let go.
Every peer is bounded: the door (:mod:`saga.net.door`) limits connections
and code checks; a HELLO must come within :data:`HANDSHAKE_TIMEOUT`; a
peer silent longer than the keepalive allows is let go; one that does not
read what it is sent is dropped once :data:`MAX_BUFFERED` bytes wait for
it.  What a peer can make the host print goes through
:class:`~saga.net.notices.Notices`, in the words of the host's player
(the ``text`` lookup: the window shows these lines as its news).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import socket
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from saga.engine import tables as T
from saga.engine.host import FIRST_HERO_PEN, Ask
from saga.look.text import Lookup, english, fill
from saga.net import protocol as P
from saga.net.door import ALL_PER_MINUTE, Door
from saga.net.keepalive import Closed, Keepalive, Liveness, Silent, receive
from saga.net.lockstep import FINAL_TURN, NetStop, Stream, digest
from saga.net.notices import Notices

HANDSHAKE_TIMEOUT = 5.0  # seconds from connecting to a whole HELLO line
MAX_BUFFERED = 256 * 1024  # bytes waiting for a peer that does not read
SEND_AHEAD = 64 * 1024  # bytes of answers written to a peer before waiting for it to read
MAX_PEERS = 32  # machines let in at once, players and spectators
MAX_STRIKES = 8  # answers no player could give (out of turn, for another's seat): let go
FINISH_TIMEOUT = 30.0  # seconds to wait at the end for the others' final hashes
CALL_TIMEOUT = 10.0  # seconds a control method waits for the loop

_R = TypeVar("_R")


class LetGo(Exception):
    """The host lets a peer go: ``said`` is printed here (a whole line, in the
    host's words), ``told`` sent to it (a DROP)."""

    def __init__(self, said: str, told: P.Drop | None) -> None:
        super().__init__(said)
        self.said, self.told = said, told


@dataclass(eq=False)
class Peer:
    """One connected machine."""

    address: str
    writer: asyncio.StreamWriter
    conn: P.Connection
    live: Liveness
    seats: frozenset[int] = frozenset()
    sent: int = 0  # stream answers sent to it
    hashes: dict[int, str] = field(default_factory=dict)
    early: P.Answer | None = None  # an answer for a question the host's engine has not reached
    strikes: int = 0
    # Its answers this turn: the machine's, not the seat's, so that the player
    # who takes a seat back from a machine let go for too many starts afresh.
    turn_answers: int = 0
    hello: P.Hello | None = None
    checked: asyncio.Future[bool | None] | None = None  # its code's check, while it waits for one
    wake: asyncio.Event = field(default_factory=asyncio.Event)  # answers to send
    sender: asyncio.Task[None] | None = None
    let_go: LetGo | None = None


class Server:
    """Hosts one network game: ``header`` is its start (the replay's header
    lines), ``keys`` the answer keys, ``open_seats`` the human heroes played
    elsewhere, ``code`` the join code (ValueError if it is too weak, see
    :func:`~saga.net.protocol.code_problem`).  ``tell`` hears who comes and
    goes, worded by ``text`` (the host's player's language; English unless
    given), ``seats_changed`` the open seats whenever they change (on the loop
    thread: it must not block).
    """

    def __init__(
        self,
        header: list[str],
        keys: tuple[int, ...],
        open_seats: frozenset[int],
        code: str | None,
        *,
        tell: Callable[[str], None] = lambda line: None,
        limits: P.Limits | None = None,
        seats_changed: Callable[[frozenset[int]], None] = lambda open_seats: None,
        text: Lookup | None = None,
    ) -> None:
        self.header = header
        self.keys = keys
        # None: no join code, only machines let in by their own online codes (a ticket).
        self.code = None if code is None else P.check_code(code)
        self.tell = tell
        self.text = text or english()
        self.notices = Notices(tell, text=self.text)
        self.seats_changed = seats_changed
        self.limits = limits or P.Limits()
        self.keepalive = Keepalive.from_environment()
        self.stream = Stream()  # thread-safe
        self.bytes_sent = 0  # for the benchmark
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="saga-net", daemon=True)
        self._closing = threading.Event()
        # Published by the loop thread, read by others under the lock.
        self._lock = threading.Condition()
        self._open = open_seats
        self._finals_done = False
        # The loop thread's own.
        self._seats = open_seats  # the human heroes played elsewhere
        self._peers: list[Peer] = []
        self._taken: dict[int, Peer] = {}
        self._started = False
        self._pending: tuple[int, Ask, int] | None = None  # the question our engine waits at
        self._seat_turn_answers: Counter[int] = Counter()  # other machines' answers this turn
        self._saves: dict[int, bytes] = {}  # ours, by turn (FINAL_TURN: the end)
        self._door = Door()
        self._server: asyncio.Server | None = None
        self._door_timer: asyncio.TimerHandle | None = None

    # -- control (the window's or the terminal's thread) -----------------------

    def start(self) -> None:
        """Start the network thread (``listen`` does it too).  Control thread."""
        if not self._thread.is_alive():
            self._thread.start()

    def listen(self, host: str, port: int) -> int:
        """Start listening (``host`` "" is every address, IPv4 and IPv6); returns the port.
        Control thread."""
        self.start()
        start = asyncio.start_server(
            self.handle_connection, host or None, port, limit=P.MAX_LINE * 2
        )
        try:
            self._server = asyncio.run_coroutine_threadsafe(start, self.loop).result(CALL_TIMEOUT)
        except OSError as e:
            self.loop.call_soon_threadsafe(self.loop.stop)
            cannot = fill(self.text("MSG_NET_CANT_HOST"), port)
            raise NetStop(f"{cannot}: {e.strerror or e}") from None
        return int(self._server.sockets[0].getsockname()[1])

    def accept(self, sock: socket.socket, address: str, seats: frozenset[int]) -> None:
        """Serve a machine let in by other means over ``sock``: one that came by an
        online code made for ``seats`` (none: a spectator's), which it must ask for
        and which stands in for the join code.  Any thread."""

        async def serve() -> None:
            reader, writer = await asyncio.open_connection(sock=sock, limit=P.MAX_LINE * 2)
            await self.handle_connection(reader, writer, address, ticket=seats)

        asyncio.run_coroutine_threadsafe(serve(), self.loop)

    def open_seats(self) -> frozenset[int]:
        """The seats still waiting for a player.  Any thread."""
        with self._lock:
            return self._open

    def wait_for_players(self, timeout: float | None = None) -> bool:
        """Wait until every open seat is taken; then the game starts for all.  Control thread."""
        with self._lock:
            if not self._lock.wait_for(lambda: not self._open, timeout):
                return False
        self._post(self._start)
        return True

    def take_over(self, heroes: frozenset[int], why: str) -> frozenset[int]:
        """Stop waiting for other machines to play ``heroes``: their seats leave
        the game's open seats, and a machine holding one is let go, told ``why``
        (the host's player answers for them from now on).  Returns the seats so
        taken (those of ``heroes`` that were played elsewhere).  Control thread."""
        return self._call(self._take_over, heroes, why) or frozenset()

    def close(self, stop: P.Stop | None = None) -> None:
        """End the game for everyone (``stop``: why, if it did not run its course)
        and stop listening.  Control or engine thread."""
        if self._closing.is_set():
            return
        self._closing.set()
        if not self._thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self._close(stop), self.loop)
        with contextlib.suppress(Exception):
            future.result(CALL_TIMEOUT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(CALL_TIMEOUT)
        if not self._thread.is_alive():
            self.loop.close()

    # -- the engine's side (lockstep.Link; the engine thread) ---------------------

    def submit(self, answer: P.Answer) -> None:
        """An answer of a seat played here takes its place in the order.  Engine thread."""
        self._post(self._submitted, answer)

    def expect(self, seq: int, mode: Ask, pen: int) -> None:
        """The engine waits at this question for another machine's answer.  Engine thread."""
        self._post(self._expecting, seq, mode, pen)

    def autosaved(self, turn: int, save: bytes) -> None:
        """Our start-of-turn save, the reference for every machine's hash.  Engine thread."""
        self._post(self._autosaved, turn, save)

    def finished(self, save: bytes) -> None:
        """Compare the final states, then say goodbye to everyone.  Engine thread."""
        self._post(self._autosaved, FINAL_TURN, save)
        with self._lock:
            self._lock.wait_for(lambda: self._finals_done, FINISH_TIMEOUT)
        self.close()

    # -- crossing to the loop thread -----------------------------------------

    def _post(self, work: Callable[..., object], *args: object) -> None:
        """Run ``work`` on the loop thread soon (nothing, once the server is closed)."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: the game is over
            self.loop.call_soon_threadsafe(work, *args)

    def _call(self, work: Callable[..., _R], *args: object) -> _R | None:
        """Run ``work`` on the loop thread and wait for its result (None once closed)."""
        if threading.current_thread() is self._thread:
            return work(*args)
        if self._closing.is_set() or not self._thread.is_alive():
            return None
        future: concurrent.futures.Future[_R] = concurrent.futures.Future()

        def run() -> None:
            try:
                future.set_result(work(*args))
            except Exception as e:
                future.set_exception(e)

        self._post(run)
        return future.result(CALL_TIMEOUT)

    # -- everything below runs on the loop thread ----------------------------

    async def handle_connection(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        address: str | None = None,
        *,
        ticket: frozenset[int] | None = None,
    ) -> None:
        """Serve one connection, from its opening to its end (loop thread).

        The listening socket calls this; so may anything else that brings
        the host a connection (a bridge), with the reader and writer it
        made and the ``address`` the door should count it under.  A
        ``ticket`` is the seats of the online code the machine came by: it
        stands in for the join code, for those seats only."""
        if address is None:
            address = str(writer.get_extra_info("peername", ("?",))[0])
        live = Liveness(self.keepalive)
        peer = Peer(address, writer, P.Connection(P.Role.HOST, self.limits), live)
        if self._closing.is_set():
            writer.close()
            return
        self._peers.append(peer)
        for other in self._door.enter(peer, address):
            self._turn_away(other)  # type: ignore[arg-type]
        try:
            if await self._hello(peer, reader, ticket):
                await self._play(peer, reader)
        except Silent as e:
            seconds = f"{e.seconds:g}"
            told = P.Drop(
                f"nothing was heard from this machine for {seconds} s", "QUIET", (seconds,)
            )
            self._let_go(peer, LetGo(self._said(peer, "MSG_NET_WENT_QUIET", seconds), told))
        except (P.ProtocolError, ConnectionError, TimeoutError, OSError) as e:
            if peer.seats and not self._closing.is_set() and peer.let_go is None:
                left = self._said(peer, "MSG_NET_LEFT")  # and the system's words, if any
                self.notices.say(
                    peer.address, left if isinstance(e, Closed) else f"{left}: {_why(e)}"
                )
        finally:
            await self._drop(peer)

    async def _close(self, stop: P.Stop | None) -> None:
        if self._server is not None:
            self._server.close()
        for peer in list(self._peers):
            self._write(peer, stop or P.Bye())
        for peer in list(self._peers):
            await self._drop(peer, flush=True)
        # Each connection's task sees its connection closed and ends; the few
        # that do not within a while are cancelled.
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        if others:
            _, late = await asyncio.wait(others, timeout=2)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)

    # -- the door -------------------------------------------------------------

    async def _hello(
        self, peer: Peer, reader: asyncio.StreamReader, ticket: frozenset[int] | None
    ) -> bool:
        """Read the HELLO and answer it; whether the peer was let in."""
        messages: list[P.Message] = []
        async with asyncio.timeout(HANDSHAKE_TIMEOUT):
            while not messages:
                data = await reader.read(P.MAX_LINE)
                if not data:
                    raise Closed
                messages = peer.conn.receive_data(data)
        peer.live.heard()
        hello = peer.hello = messages[0]  # type: ignore[assignment]
        if not isinstance(hello, P.Hello):
            raise P.ProtocolError("the first message is not a HELLO")
        if ticket and not hello.seats:
            # A seat's code says whose it is: a machine that came by it asking for
            # no seat in particular plays that seat (WELCOME tells it which).
            hello = peer.hello = replace(hello, seats=ticket)
        refusal = self._version_refusal(hello)
        if refusal is None and ticket is not None:
            refusal = _ticket_refusal(ticket, hello.seats)
        elif refusal is None:
            refusal = await self._code_refusal(peer, hello)
        if refusal is None:
            refusal = self._seat_refusal(hello)
        self._door.leave(peer)
        if refusal is not None:
            self._write(peer, refusal)
            return False
        peer.seats = hello.seats
        for hero in hello.seats:
            self._taken[hero] = peer
        self._write(peer, P.Welcome(hello.seats))
        if hello.seats:
            self.notices.say(peer.address, self._said(peer, "MSG_NET_JOINED"))
        self._publish()
        if self._started:
            self._begin(peer)
        else:
            for other in self._peers:
                if other.conn.phase is P.Phase.WAITING:
                    self._write(other, P.Wait(self._open))
        return True

    @staticmethod
    def _version_refusal(hello: P.Hello) -> P.Refuse | None:
        """The refusal of a machine of another version: it words it from the
        versions (its own and the host's, which the refusal carries), an older
        one shows the host's words."""
        if hello.proto == P.PROTOCOL and hello.version == P.version():
            return None
        said = (
            f"this game's host runs Saga {P.version()} (network protocol {P.PROTOCOL}); "
            f"yours is Saga {hello.version} (protocol {hello.proto}): they cannot play together"
        )
        return P.Refuse(said, "VERSION", (P.version(), str(P.PROTOCOL)))

    async def _code_refusal(self, peer: Peer, hello: P.Hello) -> P.Refuse | None:
        """Wait for the door to check the code (see saga.net.door); why it is refused."""
        if self.code is None:
            return P.Refuse("this game lets machines in only by their own online codes", "CODES")
        peer.checked = self.loop.create_future()
        self._door.wait(peer, peer.address)
        self._check_codes()
        right = await peer.checked
        if right is None:
            said = (
                "the host is busy: too many join attempts (someone may be guessing "
                "the code); try again in a minute"
            )
            return P.Refuse(said, "BUSY")
        return None if right else P.Refuse("wrong code", "CODE")

    def _check_codes(self) -> None:
        """Check the codes the door lets through now, refuse those that waited
        too long, and come back when the door next has something to do."""
        for key in self._door.checks():
            peer: Peer = key  # type: ignore[assignment]
            right = peer.hello is not None and peer.hello.code == self.code
            self._door.checked(peer.address, right)
            _settle(peer.checked, right)
        for key in self._door.overdue():
            _settle(key.checked, None)  # type: ignore[attr-defined]
        alarm = self._door.alarm()
        if alarm is not None:
            wrong, addresses = alarm
            checks = f"{ALL_PER_MINUTE:.0f}"
            if addresses == 1:
                self.tell(fill(self.text("MSG_NET_GUESSING_ONE"), wrong, checks))
            else:
                self.tell(fill(self.text("MSG_NET_GUESSING"), wrong, addresses, checks))
        if self._door_timer is not None:
            self._door_timer.cancel()
            self._door_timer = None
        wait = self._door.next_event()
        if wait is not None:
            self._door_timer = self.loop.call_later(wait + 0.01, self._check_codes)

    def _turn_away(self, peer: Peer) -> None:
        """Close a connection still at the door to make room for a newer one."""
        _settle(peer.checked, None)
        peer.writer.transport.abort()

    def _seat_refusal(self, hello: P.Hello) -> P.Refuse | None:
        not_human = hello.seats - self._seats
        if not_human:
            seats = (P.seat_names(not_human), P.seat_names(self._open))
            said = f"{_who(not_human)}: no open seat in this game (open: {seats[1]})"
            return P.Refuse(said, "SEAT", seats)
        taken = hello.seats & self._taken.keys()
        if taken:
            said = f"{_who(taken)}: already played by another machine"
            return P.Refuse(said, "TAKEN", (P.seat_names(taken),))
        if sum(p.conn.phase is not P.Phase.HANDSHAKE for p in self._peers) >= MAX_PEERS:
            return P.Refuse(f"the game is full ({MAX_PEERS} machines)", "FULL", (str(MAX_PEERS),))
        return None

    # -- in play --------------------------------------------------------------

    async def _play(self, peer: Peer, reader: asyncio.StreamReader) -> None:
        """Receive a welcomed peer's messages until it leaves or is let go."""
        while True:
            for message in await receive(reader, peer.conn, peer.live, lambda: self._ping(peer)):
                if isinstance(message, P.Bye):
                    if peer.seats and not self._closing.is_set():
                        self.notices.say(peer.address, self._said(peer, "MSG_NET_LEFT"))
                    return
                self._handle(peer, message)
                if peer.let_go is not None:
                    return

    def _ping(self, peer: Peer) -> None:
        self._write(peer, P.Ping())

    def _handle(self, peer: Peer, message: P.Message) -> None:
        match message:
            case P.Answer():
                self._offer(peer, message)
            case P.Hash(turn, value):
                peer.hashes[turn] = value
                self._compare(peer, turn)
            case P.Final(value):
                peer.hashes[FINAL_TURN] = value
                self._compare(peer, FINAL_TURN)
                self._publish()

    def _offer(self, peer: Peer, answer: P.Answer) -> None:
        """A peer's answer: taken if it is for its seat and the question now due."""
        if answer.pen - FIRST_HERO_PEN not in peer.seats or answer.seq != len(self.stream):
            self._strike(peer)
        elif self._pending is not None and self._pending[0] == answer.seq:
            self._take(peer, answer)
        elif self._pending is None or self._pending[0] < answer.seq:
            if peer.early is not None:
                self._strike(peer)
            peer.early = answer  # the host's engine is not there yet
        else:
            self._strike(peer)

    def _take(self, peer: Peer, answer: P.Answer) -> None:
        """An answer for the question our engine waits at: checked, and put in the order."""
        hero = answer.pen - FIRST_HERO_PEN
        if self._pending is None or (answer.seq, answer.mode, answer.pen) != self._pending:
            self._strike(peer)
            return
        if self._taken.get(hero) is not peer:
            return  # the seat was taken over meanwhile
        name = T.HERO_NAMES[hero]
        if peer.turn_answers >= P.MAX_TURN_ANSWERS:
            said = self._said(peer, "MSG_NET_SENT_TOO_MANY", P.MAX_TURN_ANSWERS, name)
        elif self._seat_turn_answers[hero] >= P.REMOTE_SEAT_TURN_ANSWERS:
            said = self._said(peer, "MSG_NET_ANSWERED_AFTER", name)
        else:
            said = None
        if said is not None:
            told = P.Drop("it sent more answers in one turn than any player gives", "FLOOD")
            self._let_go(peer, LetGo(said, told))
            return
        peer.turn_answers += 1
        self._seat_turn_answers[hero] += 1
        self._pending = None
        self.stream.append(answer)
        self._flush()

    def _strike(self, peer: Peer) -> None:
        """An answer no player could give: out of turn, for another's seat or question."""
        peer.strikes += 1
        if peer.strikes >= MAX_STRIKES and peer.let_go is None:
            said = self._said(peer, "MSG_NET_STRIKES", peer.strikes)
            told = P.Drop("it sent answers out of turn or for questions not asked", "STRIKES")
            self._let_go(peer, LetGo(said, told))

    def _compare(self, peer: Peer, turn: int) -> None:
        """Compare a peer's hash of a turn with ours: the host's game is the reference."""
        ours, theirs = self._saves.get(turn), peer.hashes.get(turn)
        if ours is None or theirs is None or peer.let_go is not None:
            return
        if digest(ours) != theirs:
            if turn == FINAL_TURN:
                said = self._said(peer, "MSG_NET_PEER_DESYNC_END")
            else:
                said = self._said(peer, "MSG_NET_PEER_DESYNC", turn)
            self._write(peer, P.Desync(turn, ours))
            self._let_go(peer, LetGo(said, None))
        elif turn == FINAL_TURN:
            self._write(peer, P.Bye())  # the game ended alike there: goodbye
            peer.let_go = LetGo("", None)
            peer.writer.close()

    def _let_go(self, peer: Peer, go: LetGo) -> None:
        """Let one peer go (told why, if ``go.told`` says); the game goes on."""
        if peer.let_go is not None:
            return
        peer.let_go = go
        if go.said:
            self.notices.say(peer.address, go.said)
        if go.told is not None:
            self._write(peer, go.told)
        peer.writer.close()  # what was written still goes out first
        self._free(peer)

    # -- the engine's work, on the loop thread ---------------------------------

    def _submitted(self, answer: P.Answer) -> None:
        self._pending = None
        self.stream.append(answer)
        self._flush()

    def _expecting(self, seq: int, mode: Ask, pen: int) -> None:
        self._pending = (seq, mode, pen)
        for peer in self._peers:
            if peer.early is not None:
                early, peer.early = peer.early, None
                self._take(peer, early)

    def _autosaved(self, turn: int, save: bytes) -> None:
        self._saves[turn] = save
        if turn != FINAL_TURN:
            self._seat_turn_answers.clear()
            for peer in self._peers:
                peer.turn_answers = 0
        for peer in list(self._peers):
            self._compare(peer, turn)
        self._publish()

    def _take_over(self, heroes: frozenset[int], why: str) -> frozenset[int]:
        heroes = heroes & self._seats
        if not heroes:
            return heroes
        self._seats = self._seats - heroes
        names = ", ".join(T.HERO_NAMES[h] for h in sorted(heroes))
        for peer in {self._taken[h] for h in heroes if h in self._taken}:
            told = P.Drop(f"the host plays {names} now: {why}", "TAKEN", (P.seat_names(heroes),))
            self._let_go(peer, LetGo("", told))
        self._publish()
        return heroes

    # -- sending --------------------------------------------------------------

    def _start(self) -> None:
        self._started = True
        for peer in self._peers:
            if peer.conn.phase is P.Phase.WAITING:  # welcomed; a handshake still under way is not
                self._begin(peer)

    def _begin(self, peer: Peer) -> None:
        """Send a welcomed peer the game's start, then the answers so far."""
        lines: list[P.Message] = [P.GameLine(line) for line in self.header]
        for message in [*lines, P.Keys(self.keys), P.Start()]:
            self._write(peer, message)
        peer.sender = self.loop.create_task(self._send_answers(peer))
        peer.wake.set()

    def _flush(self) -> None:
        """Every playing peer has answers to send."""
        for peer in self._peers:
            peer.wake.set()

    async def _send_answers(self, peer: Peer) -> None:
        """Send a peer the answers it has not had, as fast as it reads them."""
        transport = peer.writer.transport
        while not peer.writer.is_closing():
            await peer.wake.wait()
            peer.wake.clear()
            for answer in self.stream.since(peer.sent):
                if peer.writer.is_closing():
                    return
                self._write(peer, answer)
                peer.sent += 1
                if transport.get_write_buffer_size() > SEND_AHEAD:
                    try:
                        await asyncio.wait_for(peer.writer.drain(), self.keepalive.idle)
                    except (TimeoutError, ConnectionError):
                        self._let_go(peer, LetGo(self._said(peer, "MSG_NET_DEAF"), None))
                        return

    def _write(self, peer: Peer, message: P.Message) -> None:
        if peer.writer.is_closing():
            return
        data = peer.conn.send(message)
        peer.writer.write(data)
        self.bytes_sent += len(data)
        peer.live.sent()
        if peer.writer.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.notices.say(peer.address, self._said(peer, "MSG_NET_DEAF_CUT"))
            peer.writer.transport.abort()

    # -- leaving --------------------------------------------------------------

    def _free(self, peer: Peer) -> None:
        """A peer's seats are open again."""
        for hero in peer.seats:
            if self._taken.get(hero) is peer:
                del self._taken[hero]
        self._publish()

    async def _drop(self, peer: Peer, flush: bool = False) -> None:
        if peer in self._peers:
            self._peers.remove(peer)
        self._door.leave(peer)
        _settle(peer.checked, None)
        self._free(peer)
        if peer.sender is not None:
            peer.sender.cancel()
        if flush:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(peer.writer.drain(), 5)
        peer.writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(peer.writer.wait_closed(), 2)

    def _said(self, peer: Peer, message: str, *values: object) -> str:
        """A line about ``peer``, in the host's words: the catalog ``message``
        filled with the machine's name (its heroes and address), then ``values``."""
        if peer.seats:
            heroes = ", ".join(T.HERO_NAMES[h] for h in sorted(peer.seats))
            name = fill(self.text("MSG_NET_MACHINE_OF"), heroes, peer.address)
        else:
            name = fill(self.text("MSG_NET_SPECTATOR_AT"), peer.address)
        return fill(self.text(message), name, *values)

    def _publish(self) -> None:
        """Copy out what other threads read: the open seats, whether the end is settled."""
        open_seats = self._seats - self._taken.keys()
        finals = FINAL_TURN in self._saves and all(
            FINAL_TURN in p.hashes or p.let_go is not None
            for p in self._peers
            if p.conn.phase is P.Phase.PLAYING
        )
        with self._lock:
            changed = open_seats != self._open
            self._open, self._finals_done = open_seats, finals
            self._lock.notify_all()
        if changed and not self._closing.is_set():
            self.seats_changed(open_seats)


def _ticket_refusal(ticket: frozenset[int], seats: frozenset[int]) -> P.Refuse | None:
    """Why a machine that came by an online code may not have the seats it asks for."""
    if seats == ticket:
        return None
    said = f"this code is for {_who(ticket)}, not for {_who(seats)}"
    return P.Refuse(said, "TICKET", (P.seat_names(ticket), P.seat_names(seats)))


def _who(seats: frozenset[int]) -> str:
    return ", ".join(T.HERO_NAMES[h] for h in sorted(seats)) or "a spectator"


def _settle(future: asyncio.Future[bool | None] | None, result: bool | None) -> None:
    if future is not None and not future.done():
        future.set_result(result)


def _why(e: BaseException) -> str:
    return (e.strerror if isinstance(e, OSError) and e.strerror else str(e)) or type(e).__name__
