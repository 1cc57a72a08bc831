"""The game's stream through a magic-wormhole: a spoken code, no port to forward.

Each code is a wormhole of its own between the host and one machine.  The
two sides agree a key from the code (SPAKE2: whoever guesses gets one try,
and a wrong one burns the code), then *dilate* the wormhole: magic-wormhole
connects the machines directly where it can and through the transit relay
where not, encrypts everything with that key (Noise), and keeps the
connection over network changes.  One subchannel of it carries the game's
line protocol, unchanged, to the :class:`~saga.net.server.Server` or
:class:`~saga.net.client.Client` as a socket (:mod:`saga.net.bridge`).  The
mailbox server only passes the key exchange and the connection hints, and
the relay only encrypted bytes: neither sees the game.

The host's :class:`Invitations` keep one code for every open seat and one for
spectators.  A code admits one machine once, to the seat it was made for
(the server is told the seat, and refuses a machine that asks for another);
then the seat has no code until it is open again, when it gets a fresh one,
as the spectators do at once.  A wrong try burns a code too, and anyone may
list a mailbox server's codes by their numbers and try them: codes burned
so are made again at the pace :class:`~saga.net.door.Renewals` sets, and
what the host says of them is bounded (:class:`~saga.net.notices.Notices`).
A joiner :func:`dial`\\ s a code and gets a :class:`Tunnel`.  Whatever goes
wrong ends in one sentence in the player's language within
:data:`JOIN_TIMEOUT` seconds.

Twisted runs in a thread of its own, started with the first online game and
kept for the program's life (a reactor cannot be started twice); nothing
else in Saga loads Twisted or magic-wormhole.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import socket
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast
from urllib.parse import urlsplit

from twisted.internet.base import DelayedCall
from twisted.internet.defer import Deferred, ensureDeferred
from twisted.internet.protocol import Factory
from twisted.internet.task import deferLater
from twisted.logger import ILogObserver, LogEvent
from twisted.python.failure import Failure

from saga.engine import tables as T
from saga.look.text import Lookup
from saga.net import bridge
from saga.net.door import Renewals
from saga.net.lockstep import NetStop
from saga.net.notices import Notices
from saga.net.online import Servers

if TYPE_CHECKING:
    from saga.net.server import Server

APPID = "saga-amiga/network-game"  # the mailbox server keeps each application's codes apart
SUBPROTOCOL = "saga"  # the dilated wormhole's subchannel that carries the game
CODE_WORDS = 2  # words after the number: 7-crossover-clockwork
MAILBOX_TIMEOUT = 10.0  # seconds for the host to get its first codes
KEY_TIMEOUT = 15.0  # seconds for a joiner to reach the mailbox server and agree a key
JOIN_TIMEOUT = 20.0  # seconds from a code's use to the game's stream
LOST_GRACE = 10.0  # seconds a machine may be out of reach before it counts as gone
PING_EVERY = LOST_GRACE / 2  # seconds between the dilated connection's pings
MAILBOX_RETRY = 5.0  # seconds before a host tries an unreachable mailbox server again
CLOSE_TIMEOUT = 5.0  # seconds to say goodbye to the mailbox server
GOODBYE = 2.0  # seconds the host waits for the machines to hang up at the end
LOOPBACK = "SAGA_WORMHOLE_LOOPBACK"  # set (by the tests): only this machine's addresses

Result = TypeVar("Result")

_lock = threading.Lock()
_reactor: Any = None


def reactor() -> Any:
    """Twisted's reactor, running in its own thread from the first call on."""
    global _reactor
    with _lock:
        if _reactor is None:
            from twisted.internet import reactor as running
            from twisted.logger import globalLogBeginner

            # What goes wrong reaches the player as one sentence of ours; Twisted's
            # own reports (tracebacks from inside magic-wormhole) would only confuse.
            globalLogBeginner.beginLoggingTo(
                [cast(ILogObserver, _ignore)], redirectStandardIO=False
            )
            _tune_dilation()

            threading.Thread(
                target=running.run,  # type: ignore[misc]
                kwargs={"installSignalHandlers": False},
                name="saga-wormhole",
                daemon=True,
            ).start()
            _reactor = running
    return _reactor


def _ignore(event: LogEvent) -> None:
    pass


def _on_reactor(
    work: Callable[[], Coroutine[Any, Any, Result]],
) -> concurrent.futures.Future[Result]:
    """Run the coroutine ``work`` makes in the reactor's thread; its future result."""
    future: concurrent.futures.Future[Result] = concurrent.futures.Future()

    def run() -> None:
        try:
            done: Deferred[Result] = ensureDeferred(work())
        except Exception as e:
            future.set_exception(e)
            return
        done.addCallbacks(future.set_result, lambda f: future.set_exception(f.value))

    reactor().callFromThread(run)
    return future


def _tune_dilation() -> None:
    """Let a dilated wormhole's connection carry small messages at once.

    The game sends a line or two at a time, and Dilation answers each of its
    records with an acknowledgement of its own: two small segments in a row,
    which Nagle's algorithm (here, or in the relay, which we cannot change)
    holds back until the receiver acknowledges the first, and receivers delay
    that by up to 40 ms or more.  So every connection sends at once
    (TCP_NODELAY) and, where the system allows, acknowledges at once what it
    receives (TCP_QUICKACK, which must be asked for again after every read).
    Through a relay on loopback this takes an answer's way to every machine
    from about 45 ms to about 2 (benchmarks/online.py).  magic-wormhole has no
    setting for it, so its connection protocol is wrapped; if it changes
    shape, games are only slower.
    """
    try:
        from wormhole._dilation.connection import DilatedConnectionProtocol as Connection
    except ImportError:
        return
    made, received = Connection.connectionMade, Connection.dataReceived
    quickack = getattr(socket, "TCP_QUICKACK", None)

    def connection_made(self: Any) -> None:
        with contextlib.suppress(Exception):
            self.transport.setTcpNoDelay(True)
        made(self)

    def data_received(self: Any, data: bytes) -> None:
        if quickack is not None:
            with contextlib.suppress(Exception):
                self.transport.socket.setsockopt(socket.IPPROTO_TCP, quickack, 1)
        received(self, data)

    Connection.connectionMade, Connection.dataReceived = connection_made, data_received
    _let_a_reader_pause(Connection)


def _let_a_reader_pause(connection: type) -> None:
    """Let a machine that reads slowly slow the other side down, as TCP does.

    When a subchannel's reader falls behind, Dilation pauses the connection
    under it (``pauseProducing``) so that the sender's data waits at the
    sender; magic-wormhole 0.24's connection has no such method, so the
    call fails, the connection drops, and the data that follows is held in
    the receiving machine's memory without limit (a host by code could
    grow a joiner by hundreds of megabytes).  Pausing the connection pauses
    its TCP transport: the sender's writes then wait, and its own bounds
    (MAX_BUFFERED in the server and the client) apply.  A magic-wormhole
    that has the methods keeps its own."""
    for name in ("pauseProducing", "resumeProducing", "stopProducing"):
        if not hasattr(connection, name):
            setattr(connection, name, _to_transport(name))


def _to_transport(name: str) -> Callable[[Any], None]:
    def call(self: Any) -> None:
        if self.transport is not None:
            getattr(self.transport, name)()

    call.__name__ = name
    return call


def _servers(servers: Servers) -> tuple[str, str]:
    """The mailbox URL and relay hint to use: the given ones, or magic-wormhole's."""
    from wormhole.cli.public_relay import RENDEZVOUS_RELAY, TRANSIT_RELAY

    mailbox, relay = servers.mailbox or RENDEZVOUS_RELAY, servers.relay or TRANSIT_RELAY
    if os.environ.get(LOOPBACK):
        _keep_to_loopback(mailbox, relay)
    return mailbox, relay


def _keep_to_loopback(mailbox: str, relay: str) -> None:
    """The tests' guard: refuse any server but this machine's, and offer the
    other side direct connections on the loopback address only."""
    hosts = {urlsplit(mailbox).hostname or "", relay.removeprefix("tcp:").rpartition(":")[0]}
    if not hosts <= {"127.0.0.1", "[::1]", "::1", "localhost"}:
        raise NetStop(f"{LOOPBACK} is set, and {mailbox} or {relay} is not on this machine")
    from twisted.internet.endpoints import serverFromString
    from wormhole import ipaddrs
    from wormhole._dilation import connector

    ipaddrs.find_addresses = lambda: ["127.0.0.1"]
    connector.serverFromString = lambda reactor, _: serverFromString(
        reactor, "tcp:0:interface=127.0.0.1"
    )


class _Watch:
    """A wormhole's news: how far it got, and a watch over the peer once met.

    A dilated wormhole hides a lost connection, and tries again for as long as
    both programs run; only the side that leads says that it does.  The one
    that follows hears the leader's pings (every :data:`PING_EVERY` seconds)
    and is told when they stop being expected.  So the peer counts as gone
    when it has been out of reach for :data:`LOST_GRACE` seconds, as either
    side sees it.
    """

    def __init__(self) -> None:
        self.gone: Callable[[], None] = lambda: None  # told when the peer is gone
        self.reached = False  # the mailbox server answered
        self.agreed = False  # the two sides agreed a key
        self.met = False  # the two machines were connected
        self.lost = False  # ... and are no longer
        self.timer: DelayedCall | None = None

    def wormhole(self, status: Any) -> None:
        from wormhole._status import ConfirmedKey, Connected

        self.reached = self.reached or isinstance(status.mailbox_connection, Connected)
        self.agreed = self.agreed or isinstance(status.peer_key, ConfirmedKey)

    def dilation(self, status: Any) -> None:
        from wormhole._status import ConnectedPeer, StoppedPeer

        self.wormhole(status.mailbox)
        peer = status.peer_connection
        if isinstance(peer, ConnectedPeer):
            self.met, self.lost = True, False
            self._arm(max(0.0, peer.expires_at - reactor().seconds()) + 1.0)
        elif isinstance(peer, StoppedPeer):
            self.stop()
        elif self.met and not self.lost:
            self.lost = True
            self._arm(LOST_GRACE)

    def _arm(self, delay: float) -> None:
        self.stop()
        self.timer = reactor().callLater(delay, self._expired)

    def _expired(self) -> None:
        self.timer = None
        self.gone()

    def stop(self) -> None:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        self.timer = None


def _wormhole(mailbox: str, watch: _Watch) -> Any:
    import wormhole

    return wormhole.create(
        APPID, mailbox, reactor(), dilation=True, on_status_update=watch.wormhole
    )


def _close(wormhole: Any) -> Deferred[None]:
    """Close a wormhole, whatever state it is in (closing one twice upsets it);
    fires when it is closed, or has failed."""
    waiting: list[Deferred[None]] | None = getattr(wormhole, "_saga_closing", None)
    done: Deferred[None] = Deferred()
    if waiting is None:
        waiting = wormhole._saga_closing = []

        def closed(_: object) -> None:
            wormhole._saga_closed = True
            for waiter in waiting:
                waiter.callback(None)

        wormhole.close().addBoth(closed)
    if getattr(wormhole, "_saga_closed", False):
        done.callback(None)
    else:
        waiting.append(done)
    return done


# -- the host's side -----------------------------------------------------------


@dataclass(eq=False)
class _Invitation:
    """One code's wormhole, for a seat (None: spectators)."""

    seat: int | None
    wormhole: Any
    watch: _Watch
    code: str = ""
    used: bool = False  # someone has agreed the key: the code is burned
    ended: bool = False
    near: bridge.Half | None = None  # the socket's end of the game's stream
    deadline: DelayedCall | None = None


class Invitations:
    """The host's codes: one per open seat of ``server`` and one for spectators.

    ``shown`` is told the codes that let a machine in now, by seat (None:
    spectators), whenever they change; ``tell`` hears what happens to them.
    Call :meth:`seats_changed` whenever a seat is taken or left (the server's
    ``seats_changed``).
    """

    def __init__(
        self,
        server: Server,
        servers: Servers,
        text: Lookup,
        *,
        tell: Callable[[str], None],
        shown: Callable[[dict[int | None, str]], None],
    ) -> None:
        self.server = server
        self.mailbox, self.relay = _servers(servers)
        self.direct = servers.direct
        self.text = text
        self.tell = tell
        self.shown = shown
        self.invitations: list[_Invitation] = []  # the reactor's thread only
        self.codes: dict[int | None, str] = {}
        self.unreachable = False  # the mailbox server did not answer the last try
        self.opened = False  # the first codes are made
        self.closed = False
        self._changed = threading.Condition()
        # The reactor's thread only: wrong tries' renewals, by seat.
        self._notices = Notices(tell, text=text)
        self._renewals = Renewals()
        self._held: set[int | None] = set()  # seats whose next code waits for its time

    def open(self) -> None:
        """Make the first codes; NetStop if the mailbox server is out of reach."""

        async def ensure() -> None:
            self._ensure()

        _on_reactor(ensure).result(MAILBOX_TIMEOUT)
        wanted = self.server.open_seats() | {None}
        with self._changed:
            self._changed.wait_for(
                lambda: wanted <= self.codes.keys() or self.unreachable, MAILBOX_TIMEOUT
            )
            coded = wanted <= self.codes.keys()
        self.opened = coded
        if not coded:
            self.close(wait=0.5)
            raise NetStop(f"{self.text('MSG_NET_NO_MAILBOX')} {self.mailbox}")

    def current(self) -> dict[int | None, str]:
        with self._changed:
            return dict(self.codes)

    def seats_changed(self, open_seats: frozenset[int] = frozenset()) -> None:
        """A seat was taken or left: codes for the open ones, none for the others."""
        reactor().callFromThread(self._ensure)

    def renew(self, seat: int | None) -> None:
        """Give ``seat`` (None: spectators) a fresh code in place of its unused one."""

        def renew() -> None:
            for invitation in list(self.invitations):
                if invitation.seat == seat and not invitation.used:
                    self._end(invitation)

        reactor().callFromThread(renew)

    def close(self, wait: float = CLOSE_TIMEOUT) -> None:
        """Close every code's wormhole (the game is over, or never started),
        waiting at most ``wait`` seconds."""

        async def close() -> None:
            self.closed = True
            waited = 0.0
            while any(i.near is not None for i in self.invitations) and waited < GOODBYE:
                await deferLater(reactor(), 0.05)  # the machines hang up when told to
                waited += 0.05
            wormholes = [i.wormhole for i in self.invitations]
            for invitation in list(self.invitations):
                self._end(invitation)
            for wormhole in wormholes:
                await _close(wormhole)

        with contextlib.suppress(concurrent.futures.TimeoutError):
            _on_reactor(close).result(wait)

    # -- in the reactor's thread ------------------------------------------------

    def _ensure(self) -> None:
        if self.closed:
            return
        open_seats = self.server.open_seats()
        for invitation in list(self.invitations):
            seat = invitation.seat
            if seat is not None and seat not in open_seats and not invitation.used:
                self._end(invitation)  # played here now
        coded = {i.seat for i in self.invitations} | self._held
        for seat in sorted(open_seats - coded):
            self._invite(seat)
        if None not in self._held and not any(
            i.seat is None and not i.used for i in self.invitations
        ):
            self._invite(None)

    def _invite(self, seat: int | None) -> None:
        watch = _Watch()
        wormhole = _wormhole(self.mailbox, watch)
        invitation = _Invitation(seat, wormhole, watch)
        watch.gone = lambda: self._end(invitation)
        self.invitations.append(invitation)
        wormhole.allocate_code(CODE_WORDS)
        dilated = wormhole.dilate(
            transit_relay_location=self.relay,
            no_listen=not self.direct,
            on_status_update=watch.dilation,
            ping_interval=PING_EVERY,
            expected_subprotocols=[SUBPROTOCOL],
        )
        dilated.listener_for(SUBPROTOCOL).listen(
            Factory.forProtocol(
                lambda: bridge.Subchannel(
                    reactor(),
                    lambda near, sock: self._arrived(invitation, near, sock),
                    lambda: self._end(invitation),
                )
            )
        )
        ensureDeferred(self._wait(invitation))

    async def _wait(self, invitation: _Invitation) -> None:
        from wormhole.errors import ServerConnectionError, WrongPasswordError

        try:
            invitation.code = await invitation.wormhole.get_code()
            self.unreachable = False
            self._publish()
            await invitation.wormhole.get_verifier()
        except WrongPasswordError:
            if not invitation.ended:
                self._end(invitation, again=False)
                self._renew_after_wrong_try(invitation.seat)
            return
        except ServerConnectionError:  # the mailbox server is out of reach: try again later
            if invitation.ended:  # no: it was closed here as it connected (a code renewed)
                return
            if not self.unreachable:
                with self._changed:
                    self.unreachable = True
                    self._changed.notify_all()
                if self.opened:
                    self.tell(f"{self.text('MSG_NET_NO_MAILBOX')} {self.mailbox}")
            self._end(invitation, again=False)
            reactor().callLater(MAILBOX_RETRY, self._ensure)
            return
        except Exception:  # closed here, or the mailbox server failed it
            self._end(invitation)
            return
        self._use(invitation)

    def _renew_after_wrong_try(self, seat: int | None) -> None:
        """A wrong try burned ``seat``'s code: a fresh one now, or once its turn
        comes (saga.net.door.Renewals), said when it is made."""
        wait = self._renewals.wait(seat)

        def renew() -> None:
            self._held.discard(seat)
            if self.closed:
                return
            self._notices.say(
                self._who(seat), f"{self.text('MSG_NET_WRONG_TRY')} {self._who(seat)}"
            )
            self._ensure()

        if wait <= 0:
            renew()
        else:
            self._held.add(seat)
            reactor().callLater(wait, renew)

    def _use(self, invitation: _Invitation) -> None:
        """The code's key is agreed: the code is spent, and the machine has
        :data:`JOIN_TIMEOUT` seconds to open the game's stream."""
        if invitation.used or invitation.ended:
            return
        invitation.used = True
        self._publish()

        def late() -> None:
            if invitation.near is None:
                self._end(invitation)

        invitation.deadline = reactor().callLater(JOIN_TIMEOUT, late)
        self._ensure()  # the spectators' next code

    def _arrived(self, invitation: _Invitation, near: bridge.Half, sock: socket.socket) -> None:
        """The machine opened the game's stream: the server takes it from here."""
        if invitation.ended or invitation.near is not None:
            bridge.cut(near)  # one code, one machine, one stream
            sock.close()
            return
        self._use(invitation)
        invitation.near = near
        seats = frozenset() if invitation.seat is None else frozenset({invitation.seat})
        self.server.accept(sock, f"code {invitation.code}", seats)

    def _end(self, invitation: _Invitation, *, again: bool = True) -> None:
        """Close a code's wormhole; ``again``: make the codes that are missing now."""
        if invitation.ended:
            return
        invitation.ended = True
        invitation.watch.stop()
        if invitation.deadline is not None and invitation.deadline.active():
            invitation.deadline.cancel()
        if invitation.near is not None:
            bridge.cut(invitation.near)
        self.invitations.remove(invitation)
        _close(invitation.wormhole)
        self._publish()
        if again:
            self._ensure()

    def _publish(self) -> None:
        codes = {i.seat: i.code for i in self.invitations if i.code and not i.used}
        with self._changed:
            if codes == self.codes:
                return
            self.codes = codes
            self._changed.notify_all()
        self.shown(dict(codes))

    def _who(self, seat: int | None) -> str:
        return self.text("MSG_NET_WATCHERS") if seat is None else T.HERO_NAMES[seat]


# -- a joiner's side -------------------------------------------------------------


class Tunnel:
    """A joiner's wormhole to its host, and ``sock``, the game's stream through it."""

    def __init__(self, wormhole: Any, watch: _Watch, near: bridge.Half, sock: socket.socket):
        self.wormhole = wormhole
        self.watch = watch
        self.near = near
        self.sock = sock

    def close(self) -> None:
        async def close() -> None:
            self.watch.stop()
            bridge.cut(self.near)
            await _close(self.wormhole)

        with contextlib.suppress(concurrent.futures.TimeoutError):
            _on_reactor(close).result(CLOSE_TIMEOUT)


def dial(code: str, servers: Servers, text: Lookup, *, tell: Callable[[str], None]) -> Tunnel:
    """Reach the host waiting on ``code``; NetStop says why not, within
    :data:`JOIN_TIMEOUT` seconds."""
    mailbox, relay = _servers(servers)
    watch = _Watch()
    made: list[Any] = []  # the wormhole, once made

    async def connect() -> tuple[bridge.Half, socket.socket]:
        wormhole = _wormhole(mailbox, watch)
        made.append(wormhole)
        wormhole.set_code(code)
        dilated = wormhole.dilate(
            transit_relay_location=relay,
            no_listen=not servers.direct,
            on_status_update=watch.dilation,
            ping_interval=PING_EVERY,
            expected_subprotocols=[],  # the host opens nothing here
        )
        await wormhole.get_verifier()
        await dilated.when_dilated()
        stream: list[tuple[bridge.Half, socket.socket]] = []
        await dilated.connector_for(SUBPROTOCOL).connect(
            Factory.forProtocol(
                lambda: bridge.Subchannel(
                    reactor(), lambda near, sock: stream.append((near, sock)), lambda: None
                )
            )
        )
        return stream[0]  # spliced as the subchannel connected

    near: bridge.Half
    sock: socket.socket
    try:
        near, sock = _staged(_on_reactor(connect), watch)
    except Exception as e:

        async def abandon() -> None:
            if made:
                await _close(made[0])

        _on_reactor(abandon)
        raise NetStop(_why(e, watch, text, mailbox, relay, code)) from None

    def gone() -> None:
        tell(text("MSG_NET_HOST_GONE"))
        bridge.cut(near)

    watch.gone = gone
    return Tunnel(made[0], watch, near, sock)


def _staged(connecting: concurrent.futures.Future[Result], watch: _Watch) -> Result:
    """``connecting``'s result, given up as soon as a stage is late: the mailbox
    server, then the other side's key, each within :data:`KEY_TIMEOUT`, and the
    whole within :data:`JOIN_TIMEOUT`."""
    start = time.monotonic()
    while True:
        try:
            return connecting.result(0.1)
        except concurrent.futures.TimeoutError:
            waited = time.monotonic() - start
            if waited > JOIN_TIMEOUT or (waited > KEY_TIMEOUT and not watch.agreed):
                raise


def _why(e: BaseException, watch: _Watch, text: Lookup, mailbox: str, relay: str, code: str) -> str:
    """The one sentence that says why a code led nowhere."""
    from wormhole.errors import ServerConnectionError, WelcomeError, WrongPasswordError

    if isinstance(e, Failure) and e.value is not None:
        e = e.value
    if isinstance(e, WrongPasswordError):
        return text("MSG_NET_CODE_WRONG")
    if isinstance(e, WelcomeError | ServerConnectionError) or not watch.reached:
        return f"{text('MSG_NET_NO_MAILBOX')} {mailbox}"
    if not watch.agreed:
        return f"{text('MSG_NET_CODE_NOBODY')} {code}"
    return f"{text('MSG_NET_NO_PATH')} {relay}"
