"""A joining machine's side: it connects, is let in, receives the game and its answers.

**Threads.**  As on the host, the network runs on an asyncio loop in a
thread of its own (the *loop thread*), which alone touches the connection
and what came over it.  The engine reaches it through the
:class:`~saga.net.lockstep.Link` methods (*engine thread*), the window or
the terminal through :meth:`Client.join` and :meth:`Client.close`
(*control thread*); they hand their work to the loop.  The answer stream
locks itself, and :attr:`Client.started`, :attr:`Client.ended` are events.

**A joiner defends itself** as the host does: what the host sends is
checked as strictly as what the host receives (line length, message rate,
each answer's kind and range, nothing out of order and no answer after the
game's end), it reads no further ahead of its engine than
:data:`MAX_AHEAD` answers, and what the host can make it print goes
through :class:`~saga.net.notices.Notices`.  Anything wrong ends the game
here with a message, never a traceback.

**In the player's language.**  Each stop is a sentence of the catalogs,
with the technical detail (the system's words, an address) after it.  The
host words why it refuses or lets a machine go in English, and names the
reason's kind too (see :mod:`saga.net.protocol`): a kind known here is worded
from the catalogs, with the names and numbers it carries; the host's words
are shown after "The host turned this machine away:" otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable

from saga.engine import tables as T
from saga.engine.host import Ask
from saga.look.text import Lookup, english, fill
from saga.net import protocol as P
from saga.net.keepalive import Keepalive, Liveness, Silent, receive
from saga.net.lockstep import FINAL_TURN, Desynced, NetStop, Stream, digest
from saga.net.notices import Notices

CONNECT_TIMEOUT = 10.0
FINISH_TIMEOUT = 30.0  # at the end, how long to wait for the host's word on the final state
MAX_AHEAD = 20_000  # answers held that the engine has not used: a late joiner reads on as it plays
MAX_BUFFERED = 256 * 1024  # bytes waiting for a host that does not read
CLOSE_TIMEOUT = 5.0


# The reasons a host names by their kind (see saga.net.protocol), as this
# machine words them: the catalog message, and what the kind's fields are in
# order ("seats": hero names, as BRUNHILD,EGIL, none for spectators; "open":
# the same, none shown as -; "word": a version or number).
# A refusal of another version is filled with this machine's too.
_REFUSALS = {
    "VERSION": ("MSG_NET_OTHER_VERSION", ("word", "word")),
    "CODE": ("MSG_NET_JOIN_CODE_WRONG", ()),
    "BUSY": ("MSG_NET_HOST_BUSY", ()),
    "CODES": ("MSG_NET_ONLY_CODES", ()),
    "TICKET": ("MSG_NET_CODE_SEATS", ("seats", "seats")),
    "SEAT": ("MSG_NET_NO_SEAT", ("seats", "open")),
    "TAKEN": ("MSG_NET_SEAT_TAKEN", ("seats",)),
    "FULL": ("MSG_NET_FULL", ("word",)),
}
_STOPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "ENDED": ("MSG_NET_HOST_ENDED", ()),
    "LEFT": ("MSG_NET_HOST_LEFT", ()),
    "ANSWERS": ("MSG_NET_ANSWERS_OUT", ()),
}
_DROPS = {
    "QUIET": ("MSG_NET_DROP_QUIET", ("word",)),
    "FLOOD": ("MSG_NET_DROP_FLOOD", ()),
    "STRIKES": ("MSG_NET_DROP_STRIKES", ()),
    "TAKEN": ("MSG_NET_DROP_TAKEN", ("seats",)),
}


def refused(t: Lookup, refuse: P.Refuse) -> str:
    """Why the host refused this machine, in its player's language."""
    return _worded(t, refuse, _REFUSALS) or f"{t('MSG_NET_REFUSED')} {refuse.reason}"


def dropped(t: Lookup, drop: P.Drop) -> str:
    """Why the host let this machine go, in its player's language."""
    return _worded(t, drop, _DROPS) or f"{t('MSG_NET_LET_GO')} {drop.reason}"


def ended(t: Lookup, stop: P.Stop) -> str:
    """Why the host ended the game, in its player's language."""
    return _worded(t, stop, _STOPS) or _detailed(t("MSG_NET_HOST_ENDED"), stop.reason)


def _worded(
    t: Lookup, said: P.Refuse | P.Drop | P.Stop, kinds: dict[str, tuple[str, tuple[str, ...]]]
) -> str | None:
    """A reason of a kind known here, worded from the catalogs (None: unknown,
    or its fields are not what the kind takes)."""
    message, wanted = kinds.get(said.kind, ("", ()))
    if not message or len(said.fields) != len(wanted):
        return None
    values: list[object] = []
    for what, field in zip(wanted, said.fields, strict=True):
        if what in ("seats", "open"):
            try:
                seats = P.parse_seats(field)
            except ValueError:
                return None
            names = ", ".join(T.HERO_NAMES[h] for h in sorted(seats))
            values.append(names or (t("MSG_NET_WATCHERS") if what == "seats" else "-"))
        else:
            values.append(field)
    if said.kind == "VERSION":
        values += [P.version(), P.PROTOCOL]
    return fill(t(message), *values)


class Client:
    """Joins the game at ``host``:``port`` with ``code``, to play ``seats`` (none: watch);
    or over ``sock``, a stream to the host already made (a wormhole's, by code).
    ``text`` words why the game stops here (English unless given)."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        seats: frozenset[int],
        *,
        tell: Callable[[str], None] = lambda line: None,
        sock: socket.socket | None = None,
        text: Lookup | None = None,
    ) -> None:
        self.address = (host, port)
        self.text = text or english()
        self.sock = sock
        self.code = P.normal_code(code)
        self.seats = seats
        self.notices = Notices(tell, text=self.text)
        self.stream = Stream()
        self.header: list[str] = []  # the loop thread's until started is set
        self.keys: tuple[int, ...] = ()
        self.started = threading.Event()  # the game's start has arrived (or the attempt failed)
        self.ended = threading.Event()  # the host said goodbye, or the connection is gone
        self.failure: NetStop | None = None  # why the game did not start
        self.broken: NetStop | None = None  # why the host's connection ended badly
        self.bytes_sent = 0  # for the benchmark
        self.loop = asyncio.new_event_loop()
        # The loop thread's own.
        self.conn = P.Connection(P.Role.JOIN, P.Limits(answers=False))
        self.live = Liveness(Keepalive.from_environment())
        self.saves: dict[int, bytes] = {}
        self._waits_for: frozenset[int] | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._thread = threading.Thread(target=self._run, name="saga-net", daemon=True)

    # -- control (the window's or the terminal's thread) -----------------------

    def join(self, timeout: float | None = None) -> None:
        """Connect and wait for the game to start; NetStop says why it did not."""
        self._thread.start()
        if not self.started.wait(timeout) and self.failure is None:
            self.failure = NetStop(self.text("MSG_NET_NOT_STARTED"))
        if self.failure is not None:
            self.close()
            raise self.failure

    def close(self) -> None:
        """Say goodbye and hang up; the network thread then ends by itself."""
        self._post(self._bye)
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(CLOSE_TIMEOUT)

    # -- the engine's side (lockstep.Link; the engine thread) ---------------------

    def submit(self, answer: P.Answer) -> None:
        self._post(self._write, answer)

    def expect(self, seq: int, mode: Ask, pen: int) -> None:
        pass  # only the host checks which question is due

    def autosaved(self, turn: int, save: bytes) -> None:
        self._post(self._saved, turn, save)

    def finished(self, save: bytes) -> None:
        """Tell the host the final state's hash and wait for its goodbye (or a desync)."""
        self._post(self._saved, FINAL_TURN, save)
        self.ended.wait(FINISH_TIMEOUT)
        stopped = self.stream.stopped
        if isinstance(stopped, Desynced):
            raise stopped
        self.close()
        if self.broken is not None:
            raise self.broken

    # -- the loop thread --------------------------------------------------------

    def _post(self, work: Callable[..., object], *args: object) -> None:
        """Run ``work`` on the loop thread soon (nothing once the connection is over)."""
        with contextlib.suppress(RuntimeError):  # the loop is closed
            self.loop.call_soon_threadsafe(work, *args)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.loop.close()
            self.ended.set()
            self.started.set()

    def _saved(self, turn: int, save: bytes) -> None:
        self.saves[turn] = save
        self._write(P.Final(digest(save)) if turn == FINAL_TURN else P.Hash(turn, digest(save)))

    def _write(self, message: P.Message) -> None:
        writer = self._writer
        if writer is None or writer.is_closing():
            return
        data = self.conn.send(message)
        writer.write(data)
        self.bytes_sent += len(data)
        self.live.sent()
        if writer.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.broken = NetStop(self.text("MSG_NET_HOST_DEAF"))
            writer.transport.abort()

    def _bye(self) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._write(P.Bye())
            self._writer.close()  # what was written still goes out first

    async def _main(self) -> None:
        host, port = self.address
        t = self.text
        try:
            connecting = (
                asyncio.open_connection(sock=self.sock, limit=P.MAX_LINE * 2)
                if self.sock is not None
                else asyncio.open_connection(host, port, limit=P.MAX_LINE * 2)
            )
            reader, writer = await asyncio.wait_for(connecting, CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as e:
            cannot = fill(t("MSG_NET_NO_HOST"), f"{host}:{port}") if self.sock is None else None
            self.failure = NetStop(_detailed(cannot or t("MSG_NET_HOST_LOST"), _why(e)))
            return
        self._writer = writer
        self.live.heard()
        self._write(P.Hello(P.PROTOCOL, P.version(), self.code, self.seats))
        why: NetStop | None = None
        try:
            why = await self._receive_all(reader)
        except P.ProtocolError as e:
            why = self.broken = NetStop(_detailed(t("MSG_NET_HOST_GARBLED"), str(e)))
        except Silent as e:
            why = NetStop(fill(t("MSG_NET_HOST_QUIET"), f"{e.seconds:g}"))
        except (OSError, TimeoutError) as e:
            why = NetStop(_detailed(t("MSG_NET_HOST_LOST"), _why(e)))
        if why is None:  # a goodbye: the answers here may still be played
            self.stream.stop(NetStop(t("MSG_NET_HOST_ENDED")), drain=True)
        else:
            if not self.started.is_set() and self.failure is None:
                self.failure = why
            self.stream.stop(why)
        writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer.wait_closed(), CLOSE_TIMEOUT)

    async def _receive_all(self, reader: asyncio.StreamReader) -> NetStop | None:
        """Act on the host's messages until it leaves: why (None: its goodbye)."""
        while True:
            while self.stream.ahead() >= MAX_AHEAD:
                # The engine has enough to play for now: read on when it has used some.
                if self._writer is None or self._writer.is_closing():
                    raise ConnectionError("this machine hung up")
                await asyncio.sleep(0.05)
                self.live.heard()  # not reading is not the host's silence
                if self.live.timeout() == 0:
                    self._write(P.Ping())
            for message in await receive(reader, self.conn, self.live, self._ping):
                if isinstance(message, P.Bye):
                    return None
                why = self._handle(message)
                if why is not None:
                    return why

    def _ping(self) -> None:
        self._write(P.Ping())

    def _handle(self, message: P.Message) -> NetStop | None:
        """Act on one message from the host; why the game ends here, if it does."""
        match message:
            case P.Refuse():
                self.failure = NetStop(refused(self.text, message))
                return self.failure
            case P.Welcome(seats):
                if seats != self.seats and (self.seats or self.sock is None):
                    raise P.ProtocolError("the host gave this machine seats it did not ask for")
                self.seats = seats  # came by a seat's code asking for none: that seat
                self.notices.say("host", self.text("MSG_NET_JOINED_WAIT"))
            case P.Wait(seats):
                if seats and seats != self._waits_for:
                    waits = fill(self.text("MSG_NET_HOST_WAITS"), P.seat_names(seats))
                    self.notices.say("host", waits)
                self._waits_for = seats
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
                desync = Desynced(turn, self.saves.get(turn), save, self.text)
                self.stream.stop(desync)
                return desync
            case P.Stop():
                return NetStop(ended(self.text, message))
            case P.Drop():
                return NetStop(dropped(self.text, message))
        return None


def _detailed(sentence: str, *detail: str) -> str:
    """A stop's sentence with its technical detail (the system's words, the host's
    English, an address) after it, in brackets; none given, the sentence alone."""
    said = " ".join(d for d in detail if d)
    return f"{sentence} ({said})" if said else sentence


def _why(e: BaseException) -> str:
    """The system's words for a connection's failure (none for a timeout or a
    connection closed: the sentence says it)."""
    return e.strerror or "" if isinstance(e, OSError) else ""
