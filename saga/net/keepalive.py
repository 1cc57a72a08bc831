"""Keeping a connection alive: when a side says PING, and when it gives the other up.

Each side says PING once it has *sent* nothing for a while, whatever it
receives meanwhile, so the other side hears from it at least that often:
a machine with nothing to say (a spectator, a player not being asked) is
never taken for a gone one.  Nothing heard for longer than
:attr:`Keepalive.idle` means the other side is gone; a pause shorter than
that (a laptop's lid, a stopped process) is survived.  :func:`receive`
is the receive loop both sides run.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass

from saga.net import protocol as P

OVERSLEPT = 2.0  # seconds a wait may end late before this machine counts as having been stopped
READ_FIRST = 0.1  # seconds this machine listens, after it was not running, before it speaks
MIN_PING = 0.1  # seconds: SAGA_NET_KEEPALIVE pings no more often (far below the rate limit)
MAX_IDLE = 3600.0


@dataclass(frozen=True)
class Keepalive:
    """Say PING after ``ping_every`` seconds of saying nothing; give the other
    side up after ``idle`` seconds of hearing nothing.

    ``SAGA_NET_KEEPALIVE=PING,IDLE`` (seconds) sets both, for tests that
    must not wait minutes; values no game could live with (a PING every
    nanosecond, a silence limit shorter than two PINGs or over an hour)
    leave the defaults."""

    ping_every: float = 10.0
    idle: float = 90.0

    @classmethod
    def from_environment(cls) -> Keepalive:
        spec = os.environ.get("SAGA_NET_KEEPALIVE", "")
        try:
            ping, idle = (float(word) for word in spec.split(","))
        except ValueError:
            return cls()
        if not (ping >= MIN_PING and 2 * ping <= idle <= MAX_IDLE):
            return cls()
        return cls(ping, idle)


class Closed(ConnectionError):
    """The other side closed the connection: no system error to tell of."""

    def __init__(self) -> None:
        super().__init__("the connection was closed")


class Silent(TimeoutError):
    """Nothing was heard from the other side for longer than the keepalive allows."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"nothing heard for {seconds:g} s")
        self.seconds = seconds


@dataclass
class Liveness:
    """One connection's clocks: when this side last sent, and last heard.

    A check that comes long after it was due (a wait that ends late, or the
    next wait begun late) means this machine itself was not running
    (stopped, suspended): that silence is not the other side's, which is
    then given a fresh while to be heard from, and this side reads what came
    meanwhile before it says anything (had the other side given it up and
    hung up, a PING would bring back a reset that throws away its last
    message unread).
    """

    keepalive: Keepalive
    clock: Callable[[], float] = time.monotonic

    def __post_init__(self) -> None:
        self.last_sent = self.last_heard = self._wake = self.clock()
        self._overslept = False

    def _now(self) -> float:
        """The time, the other side forgiven this machine's own oversleep."""
        now = self.clock()
        if now - self._wake > OVERSLEPT:
            self.last_heard = max(self.last_heard, now - self.keepalive.ping_every)
            self._overslept = True
        return now

    def sent(self) -> None:
        self.last_sent = self.clock()

    def heard(self) -> None:
        self.last_heard = self.clock()

    def timeout(self) -> float:
        """Seconds to wait for data before something is due."""
        now = self._now()
        keep = self.keepalive
        soonest = now + READ_FIRST if self._overslept else now
        self._overslept = False
        next_due = min(self.last_sent + keep.ping_every, self.last_heard + keep.idle)
        self._wake = max(soonest, next_due)
        return self._wake - now

    def due(self) -> str | None:
        """After a wait ran out: ``"ping"``, ``"gone"`` (silent too long) or None."""
        now = self._now()
        keep = self.keepalive
        if self._overslept:
            return None  # first read what came meanwhile
        if now - self.last_heard >= keep.idle:
            return "gone"
        if now - self.last_sent >= keep.ping_every:
            return "ping"
        return None


async def receive(
    reader: asyncio.StreamReader,
    conn: P.Connection,
    live: Liveness,
    ping: Callable[[], None],
) -> list[P.Message]:
    """The next messages from the other side, saying PING (``ping``) when due.

    Raises :class:`Silent` when the other side has been silent too long,
    :class:`Closed` when it closed the connection, and
    :class:`~saga.net.protocol.ProtocolError` when it broke the protocol."""
    while True:
        try:
            data = await asyncio.wait_for(reader.read(P.MAX_LINE), live.timeout())
        except TimeoutError:
            due = live.due()
            if due == "gone":
                raise Silent(live.keepalive.idle) from None
            if due == "ping":
                ping()
            continue
        if not data:
            raise Closed
        live.heard()
        messages = conn.receive_data(data)
        if messages:
            return messages
