"""A joining machine's side: it connects, is let in, receives the game and its answers.

As on the host, the network runs on an asyncio loop in a thread of its own,
and the engine reaches it through the :class:`~saga.net.lockstep.Link`
methods.  What the host sends is checked as strictly as what the host
receives: an answer out of order or a malformed line ends the game here
with a message, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Callable

from saga.engine.host import Ask
from saga.net import protocol as P
from saga.net.lockstep import FINAL_TURN, Desynced, NetStop, Stream, digest

CONNECT_TIMEOUT = 10.0
IDLE_TIMEOUT = 60.0  # the host says PING every 15 s
PING_EVERY = 15.0
FINISH_TIMEOUT = 30.0  # at the end, how long to wait for the host's word on the final state


class Client:
    """Joins the game at ``host``:``port`` with ``code``, to play ``seats`` (none: watch);
    or over ``sock``, a stream to the host already made (a wormhole's, by code)."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        seats: frozenset[int],
        *,
        tell: Callable[[str], None] = lambda line: None,
        sock: socket.socket | None = None,
    ) -> None:
        self.address = (host, port)
        self.sock = sock
        self.code = P.normal_code(code)
        self.seats = seats
        self.tell = tell
        self.stream = Stream()
        self.header: list[str] = []
        self.keys: tuple[int, ...] = ()
        self.saves: dict[int, bytes] = {}
        # The host sends a machine that joins late the whole game so far at
        # once: what it sends is bounded line by line, not by its rate.
        self.conn = P.Connection(P.Role.JOIN, limits=None)
        self.started = threading.Event()  # the game's start has arrived (or the attempt failed)
        self.ended = threading.Event()  # the host said goodbye, or the connection is gone
        self.failure: NetStop | None = None
        self.loop = asyncio.new_event_loop()
        self._writer: asyncio.StreamWriter | None = None
        self.bytes_sent = 0  # for the benchmark
        self._last_sent = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="saga-net", daemon=True)

    def join(self, timeout: float | None = None) -> None:
        """Connect and wait for the game to start; NetStop says why it did not."""
        self._thread.start()
        if not self.started.wait(timeout) and self.failure is None:
            self.failure = NetStop("the host did not start the game in time")
        if self.failure is not None:
            self.close()
            raise self.failure

    def close(self) -> None:
        """Say goodbye and hang up; the network thread then ends by itself."""
        if self.loop.is_running():
            future = asyncio.run_coroutine_threadsafe(self._bye(), self.loop)
            with contextlib.suppress(Exception):
                future.result(5)
        if self._thread.is_alive():
            self._thread.join(5)

    # -- the engine's side (lockstep.Link) ----------------------------------------

    def submit(self, answer: P.Answer) -> None:
        self._send_soon(answer)

    def expect(self, seq: int, mode: Ask, pen: int) -> None:
        pass  # only the host checks which question is due

    def autosaved(self, turn: int, save: bytes) -> None:
        self.saves[turn] = save
        self._send_soon(P.Hash(turn, digest(save)))

    def finished(self, save: bytes) -> None:
        """Tell the host the final state's hash and wait for its goodbye (or a desync)."""
        self.saves[FINAL_TURN] = save
        self._send_soon(P.Final(digest(save)))
        self.ended.wait(FINISH_TIMEOUT)
        stopped = self.stream.stopped
        if isinstance(stopped, Desynced):
            raise stopped
        self.close()

    def _send_soon(self, message: P.Message) -> None:
        self.loop.call_soon_threadsafe(self._write, message)

    # -- the network's side ---------------------------------------------------

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.ended.set()
            self.started.set()

    def _write(self, message: P.Message) -> None:
        if self._writer is not None and not self._writer.is_closing():
            data = self.conn.send(message)
            self._writer.write(data)
            self.bytes_sent += len(data)
            self._last_sent = time.monotonic()

    async def _bye(self) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._write(P.Bye())
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer.drain(), 2)
            self._writer.close()

    async def _main(self) -> None:
        host, port = self.address
        try:
            connecting = (
                asyncio.open_connection(sock=self.sock, limit=P.MAX_LINE * 2)
                if self.sock is not None
                else asyncio.open_connection(host, port, limit=P.MAX_LINE * 2)
            )
            reader, self._writer = await asyncio.wait_for(connecting, CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as e:
            self.failure = NetStop(f"can't reach {host}:{port}: {_why(e)}")
            return
        hello = P.Hello(P.PROTOCOL, P.version(), self.code, self.seats)
        self._write(hello)
        try:
            await self._receive_all(reader)
            why = NetStop("the host ended the game")
        except P.ProtocolError as e:
            why = NetStop(f"the host sent something this Saga cannot read ({e})")
        except (OSError, TimeoutError) as e:
            why = NetStop(f"lost the connection to the host: {_why(e)}")
        if not self.started.is_set() and self.failure is None:
            self.failure = why
        self.stream.stop(why)
        self._writer.close()  # type: ignore[union-attr]

    async def _receive_all(self, reader: asyncio.StreamReader) -> None:
        heard = time.monotonic()
        while True:
            try:
                data = await asyncio.wait_for(reader.read(P.MAX_LINE), PING_EVERY)
            except TimeoutError:
                if time.monotonic() - self._last_sent >= PING_EVERY:
                    self._write(P.Ping())
                if time.monotonic() - heard > IDLE_TIMEOUT:
                    raise TimeoutError("the host has been silent too long") from None
                continue
            heard = time.monotonic()
            if not data:
                raise ConnectionError("the host closed the connection")
            for message in self.conn.receive_data(data):
                if self._handle(message):
                    return

    def _handle(self, message: P.Message) -> bool:
        """Act on one message from the host; True when the host has left."""
        match message:
            case P.Refuse(reason):
                self.failure = NetStop(f"the host refused: {reason}")
                return True
            case P.Welcome():
                self.tell("joined; waiting for the game to start")
            case P.Wait(seats):
                if seats:
                    self.tell(f"the host waits for: {P.seat_names(seats)}")
            case P.GameLine(line):
                if len(self.header) >= 2:
                    raise P.ProtocolError("a game's start has at most two lines")
                self.header.append(line)
            case P.Keys(codes):
                self.keys = codes
            case P.Start():
                self.started.set()
            case P.Answer():
                self.stream.append(message)
            case P.Desync(turn, save):
                self.stream.stop(Desynced(turn, self.saves.get(turn), save))
                if turn in self.saves:
                    self._write(P.Save(turn, self.saves[turn]))
            case P.Stop(reason):
                self.stream.stop(NetStop(f"the host ended the game: {reason}"))
                return True
            case P.Ping():
                self._write(P.Pong())
            case P.Bye():
                return True
        return False


def _why(e: BaseException) -> str:
    if isinstance(e, TimeoutError):
        return "no answer"
    return (e.strerror if isinstance(e, OSError) and e.strerror else str(e)) or type(e).__name__
