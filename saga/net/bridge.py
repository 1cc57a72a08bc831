"""A wormhole's subchannel, seen by asyncio as a plain socket.

The game's server and client speak their line protocol over asyncio
streams in a thread of their own; a wormhole's subchannel is a Twisted
transport in the reactor's thread.  A socket pair joins the two: the
reactor adopts one end and splices it to the subchannel, byte for byte
both ways, and the other end goes to asyncio, which reads and writes it as
it would a TCP connection.  Nothing is parsed here, so the protocol stays
what it is.  When either side closes, so does the other; each side pauses
the other while it cannot keep up (Twisted's producers and consumers).
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

from twisted.internet.protocol import Factory, Protocol, connectionDone
from twisted.python.failure import Failure


class Half(Protocol):
    """One end of a splice: whatever it receives, its partner's transport writes."""

    def __init__(self) -> None:
        self.partner: Half | None = None

    @property
    def stream(self) -> Any:
        """The transport (Twisted's interfaces are zope's, which mypy cannot read)."""
        return self.transport

    def dataReceived(self, data: bytes) -> None:
        if self.partner is not None and self.partner.stream is not None:
            self.partner.stream.write(data)

    def connectionLost(self, reason: Failure = connectionDone) -> None:
        partner, self.partner = self.partner, None
        if partner is not None:
            partner.partner = None
            if partner.stream is not None:
                partner.stream.loseConnection()
            self.ended()

    def ended(self) -> None:
        """The splice is over (told once, by the end that closed first)."""


class Subchannel(Half):
    """The subchannel's end: once connected, it is spliced to a new socket pair,
    and ``opened`` gets the reactor's end and the socket for asyncio.  ``closed``
    is told when the splice ends, from either side."""

    def __init__(
        self,
        reactor: Any,
        opened: Callable[[Half, socket.socket], None],
        closed: Callable[[], None],
    ) -> None:
        super().__init__()
        self.reactor = reactor
        self.opened = opened
        self.closed = closed

    def connectionMade(self) -> None:
        ours, theirs = socket.socketpair()
        near = _Near(self)
        try:
            self.reactor.adoptStreamConnection(
                ours.fileno(), ours.family, Factory.forProtocol(lambda: near)
            )
        finally:
            ours.close()  # the reactor keeps a copy of the descriptor
        for producer, consumer in ((near, self), (self, near)):
            consumer.stream.registerProducer(producer.stream, True)
        self.opened(near, theirs)

    def ended(self) -> None:
        self.closed()


class _Near(Half):
    """The reactor's end of the socket pair."""

    def __init__(self, far: Subchannel) -> None:
        super().__init__()
        self.partner, far.partner = far, self
        self.far = far

    def ended(self) -> None:
        self.far.closed()


def cut(near: Half) -> None:
    """End a splice from the socket's side at once: the subchannel's peer may be
    gone for good, and would never answer a polite close."""
    if near.stream is not None:
        near.stream.abortConnection()
