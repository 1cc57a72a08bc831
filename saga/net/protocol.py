"""The network game's wire format and its rules, without any I/O (as h11 is for HTTP).

Every message is one line of printable ASCII ending in ``\\n``, at most
:data:`MAX_LINE` bytes: a keyword and its fields, separated by single
spaces.  A :class:`Connection` turns received bytes into messages and
messages into bytes, and refuses whatever its side may not receive at
that point (:class:`ProtocolError`): an overlong or malformed line, a
message from the wrong side or out of order, or more messages than the
rate allows.  Nothing here names a file, so nothing a peer sends can make
another machine read or write one.

The joiner says ``HELLO``; the host answers ``WELCOME`` or ``REFUSE``, and
when the game starts sends its start (``GAME`` lines: the replay's header,
see :mod:`saga.play.replay`), the answer keys (``KEYS``), ``START`` and then
every answer in order as ``Q`` lines.  A joiner sends the answers of its
seats as ``A`` lines, and a ``HASH`` of every start-of-turn autosave and a
``FINAL`` one of the end.  The host's game is the reference: a machine
whose hash differs is sent ``DESYNC`` with the host's save, and let go;
the others play on.  ``DROP`` tells a machine why the host let it go (it
went quiet, its seat was taken over, it sent what no player could).
Each side says ``PING`` when it has sent nothing for a while, whatever it
receives (see :mod:`saga.net.keepalive`).

A ``REFUSE``, ``DROP`` or ``STOP`` may name its reason's *kind* first, with the names
and numbers it takes, then a colon and the host's English words:
``REFUSE VERSION 1.2.0 2: this game's host runs Saga 1.2.0 ...``.  A joiner
that knows the kind words the reason in its player's language; one that does
not (an older Saga, or a newer host's new kind) shows the host's words, as
it shows a reason without a kind, which is all an older host sends.  So the
shape changes nothing for either: the text after the keyword was always
free.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum

from saga.engine import tables as T
from saga.engine.host import ABORT, DONE, FIRST_HERO_PEN, Ask
from saga.files.saveformat import SAVE_SIZE
from saga.look.text import Unfit

PROTOCOL = 2  # the wire format's number; changed with any change to the messages
MAX_LINE = 4096  # bytes, newline included: a GAME line with a saved game's hex fits
MAX_REASON = 200  # characters of a REFUSE, STOP or WAIT text
MAX_SEQ = 10_000_000  # answers in one game, far above any real game's
# Answers for one hero in one turn from one machine: the original's human traces
# give at most 170.  The host lets a machine that sends more go, since a peer
# that keeps answering what the engine only asks again would otherwise grow
# every machine's game without end.
MAX_TURN_ANSWERS = 1000
# What a seat's answers may come to in one turn: the player who takes the seat
# back from a machine let go starts afresh, twice at most (the host then lets
# every machine of that seat go at once, leaving room for its own player to
# take the seat over); a joiner stops past this, the host's stream being hostile.
MAX_SEAT_TURN_ANSWERS = 4 * MAX_TURN_ANSWERS
REMOTE_SEAT_TURN_ANSWERS = 3 * MAX_TURN_ANSWERS
MAX_KEY = 0x10FFFF  # a key answer is a character code

# The join code: six characters nobody confuses (no 0/O, 1/I/L, 2/Z, 5/S, 8/B).
# 25**6 is about 244 million codes; the host checks at most a few dozen a
# minute from the whole internet (saga.net.door), so guessing one takes years.
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6  # the fewest characters a code may have (and what new_code makes)
MAX_CODE = 32
MIN_DISTINCT = 4  # different characters in a code: no AAAAAA, no 777777

# The answer keys the engine compares with, which travel so that every machine
# reads a key answer alike whatever its own language.
KEY_IDS = (
    "MSG_KEY_YES",
    "MSG_KEY_NO",
    "MSG_KEY_GLORY",
    "MSG_KEY_LUCK",
    "MSG_KEY_WITHDRAW",
    "MSG_KEY_RESTART",
    "MSG_KEY_TRANSFER",
)


class ProtocolError(ValueError):
    """What a peer sent breaks the protocol; the connection is then closed."""


def version() -> str:
    """This program's version, which must be the peer's for a game together."""
    import saga

    return str(saga.__version__)


def new_code() -> str:
    """A fresh join code from the system's secure generator (never the game's dice)."""
    import secrets  # only a host makes a code

    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed, in the form compared: upper case, no spaces or dashes."""
    return re.sub(r"[\s-]", "", text).upper()


def code_problem(text: str) -> Unfit | None:
    """Why a join code (as typed) is too weak to guard a game, or None if it will do.

    The door's limit on wrong codes makes a code safe only if there are
    enough of them: :data:`CODE_LENGTH` or more characters of
    :data:`CODE_ALPHABET`, :data:`MIN_DISTINCT` of them different."""
    code = normal_code(text)
    if not CODE_LENGTH <= len(code) <= MAX_CODE:
        return Unfit("MSG_NET_CODE_LENGTH", CODE_LENGTH, MAX_CODE, len(code))
    others = sorted(set(code) - set(CODE_ALPHABET))
    if others:
        return Unfit("MSG_NET_CODE_LETTERS", CODE_ALPHABET, repr("".join(others)[:10]))
    if len(set(code)) < MIN_DISTINCT:
        return Unfit("MSG_NET_CODE_VARIED", MIN_DISTINCT)
    return None


def check_code(text: str) -> str:
    """A join code as typed, in its compared form; :class:`Unfit` says why it will not do."""
    problem = code_problem(text)
    if problem is not None:
        raise problem
    return normal_code(text)


def seat_names(seats: Iterable[int]) -> str:
    """Seats as the protocol and the command line write them: BEOWULF,EGIL, or - for none."""
    names = [T.HERO_NAMES[h].upper() for h in sorted(seats)]
    return ",".join(names) or "-"


def parse_seats(text: str) -> frozenset[int]:
    """``BEOWULF,EGIL`` (any case) as hero numbers; ``-`` or nothing is a spectator."""
    if text in ("", "-"):
        return frozenset()
    heroes = [n.upper() for n in T.HERO_NAMES]
    seats = set()
    for word in text.split(","):
        name = word.strip().upper()
        if name not in heroes:
            raise Unfit("MSG_NOT_A_HERO", repr(word.strip()), ", ".join(heroes))
        seats.add(heroes.index(name))
    return frozenset(seats)


def parse_address(text: str, default_host: str = "") -> tuple[str, int]:
    """``[ADDR:]PORT``, ``[IPv6]:PORT`` or ``HOST:PORT`` as a host and port number."""
    match = re.fullmatch(
        r"(?:\[(?P<v6>[0-9A-Fa-f:.%\w]+)\]:|(?P<host>[^:\s]+):)?(?P<port>\d+)", text
    )
    if match is None:
        raise Unfit("MSG_NET_NOT_ADDRESS", repr(text))
    port = int(match["port"])
    if not 0 <= port <= 65535:
        raise Unfit("MSG_NET_PORT_RANGE", port)
    return match["v6"] or match["host"] or default_host, port


# -- the messages --------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """A joiner's first words: its versions, the join code and the seats it wants."""

    proto: int
    version: str
    code: str
    seats: frozenset[int]


@dataclass(frozen=True)
class Welcome:
    seats: frozenset[int]


@dataclass(frozen=True)
class Refuse:
    """Why the host will not let the machine in: ``reason`` in the host's words,
    ``kind`` (with its ``fields``) for the joiner to word in its own language."""

    reason: str
    kind: str = ""
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class Wait:
    """The host waits for players: who is still missing."""

    open_seats: frozenset[int]


@dataclass(frozen=True)
class GameLine:
    """One line of the game's start: a replay header line (see saga.play.replay)."""

    line: str


@dataclass(frozen=True)
class Keys:
    """The answer keys of the host's language, as character codes, in KEY_IDS order."""

    codes: tuple[int, ...]


@dataclass(frozen=True)
class Start:
    pass


@dataclass(frozen=True, slots=True)  # a joiner may hold thousands
class Answer:
    """One human answer: ``Q`` from the host (in the stream), ``A`` to it (a proposal)."""

    seq: int
    mode: Ask
    pen: int
    result: int
    countertype: T.Kind


@dataclass(frozen=True)
class Hash:
    turn: int
    digest: str


@dataclass(frozen=True)
class Final:
    digest: str


@dataclass(frozen=True)
class Desync:
    """The host's save of the turn where the receiving machine's game left the host's."""

    turn: int
    save: bytes


@dataclass(frozen=True)
class Stop:
    """The host ended the game for everyone: why, as a :class:`Refuse` says it."""

    reason: str
    kind: str = ""
    fields: tuple[str, ...] = ()


# Why a host ends a game before its end: its player stopped it, or left it.
HOST_ENDED = Stop("the host ended the game", "ENDED")
HOST_LEFT = Stop("the host left the game", "LEFT")


@dataclass(frozen=True)
class Drop:
    """The host lets this one machine go (the game goes on without it): why,
    as a :class:`Refuse` says it."""

    reason: str
    kind: str = ""
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ping:
    """I am still here: said by either side after a while of sending nothing."""


@dataclass(frozen=True)
class Bye:
    pass


Message = (
    Hello
    | Welcome
    | Refuse
    | Wait
    | GameLine
    | Keys
    | Start
    | Answer
    | Hash
    | Final
    | Desync
    | Stop
    | Drop
    | Ping
    | Bye
)


# How many counters of each kind there are: a counter picked is one of them.
_COUNTERS = {
    T.HERO: len(T.HERO_NAMES),
    T.JARL: len(T.JARL_TABLE),
    T.MONSTER: len(T.MONSTER_TABLE),
    T.TREASURE: len(T.TREASURE_NAMES),
    T.SWORD: len(T.SWORD_NAMES),
    T.KINGDOM: T.AREAS,
}


def plausible(mode: Ask, pen: int, result: int, countertype: int) -> bool:
    """Whether an answer is one a player could give to this kind of question.

    The window and the terminal give: for an area, an area, off the map,
    Backspace or Done; for a counter, one of the counters of its kind, or
    those three; for a key, a character's code, or Esc's.  Every machine
    checks its own answers so (an implausible one is asked again, before
    it reaches any engine), and the host checks every machine's: whatever
    passes keeps the engine inside its tables."""
    hero = pen - FIRST_HERO_PEN
    if not 0 <= hero < len(T.HERO_NAMES) or not T.HERO <= countertype <= T.KINGDOM:
        return False
    if mode == Ask.COUNTRY:
        return DONE <= result < T.AREAS
    if mode == Ask.COUNTER:
        return DONE <= result < 0 or 0 <= result < _COUNTERS[T.Kind(countertype)]
    if mode == Ask.ANYKEY:
        return False  # a pause is local: it never travels
    return result == ABORT or 0 <= result <= MAX_KEY


def encode(message: Message, *, to_host: bool) -> bytes:
    """A message as its line (``to_host`` picks ``A`` or ``Q`` for an answer)."""
    words: list[str]
    match message:
        case Hello(proto, ver, code, seats):
            words = ["HELLO", "SAGA", str(proto), ver, code or "-", seat_names(seats)]
        case Welcome(seats):
            words = ["WELCOME", seat_names(seats)]
        case Refuse(reason, kind, fields):
            words = ["REFUSE", _text(_kinded(reason, kind, fields))]
        case Wait(seats):
            words = ["WAIT", seat_names(seats)]
        case GameLine(line):
            words = ["GAME", line]
        case Keys(codes):
            words = ["KEYS", *map(str, codes)]
        case Start():
            words = ["START"]
        case Answer(seq, mode, pen, result, countertype):
            words = ["A" if to_host else "Q", str(seq), mode.name, str(pen), str(result)]
            words.append(str(countertype))
        case Hash(turn, digest):
            words = ["HASH", str(turn), digest]
        case Final(digest):
            words = ["FINAL", digest]
        case Desync(turn, save):
            words = ["DESYNC", str(turn), save.hex()]
        case Stop(reason, kind, fields):
            words = ["STOP", _text(_kinded(reason, kind, fields))]
        case Drop(reason, kind, fields):
            words = ["DROP", _text(_kinded(reason, kind, fields))]
        case Ping():
            words = ["PING"]
        case Bye():
            words = ["BYE"]
    data = (" ".join(words) + "\n").encode("ascii")
    if len(data) > MAX_LINE:
        raise ValueError(f"a {words[0]} message is longer than {MAX_LINE} bytes")
    return data


def _text(reason: str) -> str:
    """Free text for a REFUSE, STOP or DROP: printable ASCII, one line, bounded."""
    plain = reason.encode("ascii", "replace").decode("ascii")
    return re.sub(r"[^ -~]", "?", plain)[:MAX_REASON]


# A reason's kind and its fields (names, numbers, versions), before the host's words.
_KIND = re.compile(
    r"(?P<kind>[A-Z]{2,12})(?P<fields>(?: [0-9A-Za-z.+_,-]{1,40}){0,4}): (?P<words>.*)"
)


def _kinded(reason: str, kind: str, fields: tuple[str, ...]) -> str:
    said = f"{kind}{''.join(' ' + f for f in fields)}: {reason}" if kind else reason
    if kind and not _KIND.fullmatch(said):
        raise ValueError(f"{said[:60]!r} is not a reason's kind and fields")
    return said


def _unkinded(text: str) -> tuple[str, str, tuple[str, ...]]:
    """A REFUSE's or DROP's text as the host's words, its kind and fields
    (none, for a reason said without them)."""
    text = text[:MAX_REASON]
    match = _KIND.fullmatch(text)
    if match is None:
        return text, "", ()
    return match["words"], match["kind"], tuple(match["fields"].split())


_DIGEST = re.compile(r"[0-9a-f]{64}")
_NUMBER = re.compile(r"-?\d{1,9}")
_CODE = re.compile(r"[0-9A-Za-z-]{1,32}")
_VERSION = re.compile(r"[0-9A-Za-z.+_-]{1,40}")
_SEATS = re.compile(r"-|[A-Za-z]{1,12}(,[A-Za-z]{1,12}){0,5}")


def _int(word: str, low: int, high: int) -> int:
    if not _NUMBER.fullmatch(word):
        raise ProtocolError(f"{word[:20]!r} is not a number")
    value = int(word)
    if not low <= value <= high:
        raise ProtocolError(f"{value} is not {low}..{high}")
    return value


def _key(word: str) -> int:
    """An answer key: the code of a letter a player can see and type (the game's
    messages show it, as in "(Y/N)?"), never a control character or a space."""
    code = _int(word, 0, MAX_KEY)
    if not chr(code).isprintable() or chr(code).isspace():
        raise ProtocolError(f"key {code} is no letter a player can type")
    return code


def _hex_save(word: str) -> bytes:
    if len(word) != 2 * SAVE_SIZE:
        raise ProtocolError("a save is not 1780 bytes")
    try:
        return bytes.fromhex(word)
    except ValueError:
        raise ProtocolError("a save is not hexadecimal") from None


def _seats(word: str) -> frozenset[int]:
    if not _SEATS.fullmatch(word):
        raise ProtocolError("the seats are not hero names")
    try:
        return parse_seats(word)
    except ValueError as e:
        raise ProtocolError(str(e)) from None


def decode(line: str) -> Message:
    """One received line (without its newline) as a message; ProtocolError if it is none."""
    if not line or not all(" " <= c <= "~" for c in line):
        raise ProtocolError("not a line of printable text")
    keyword, _, rest = line.partition(" ")
    words = rest.split(" ") if rest else []
    try:
        return _decode(keyword, words, rest)
    except (IndexError, KeyError):
        raise ProtocolError(f"a malformed {keyword[:12]} message") from None


def _decode(keyword: str, words: list[str], rest: str) -> Message:
    def count(n: int) -> None:
        if len(words) != n:
            raise ProtocolError(f"{keyword} takes {n} fields, not {len(words)}")

    match keyword:
        case "HELLO":
            count(5)
            if words[0] != "SAGA":
                raise ProtocolError("not a Saga HELLO")
            if not _VERSION.fullmatch(words[2]) or not _CODE.fullmatch(words[3]):
                raise ProtocolError("a malformed HELLO")
            proto = _int(words[1], 0, 999_999)
            return Hello(proto, words[2], normal_code(words[3]), _seats(words[4]))
        case "WELCOME":
            count(1)
            return Welcome(_seats(words[0]))
        case "REFUSE":
            return Refuse(*_unkinded(rest))
        case "WAIT":
            count(1)
            return Wait(_seats(words[0]))
        case "GAME":
            if not rest or len(rest) > MAX_LINE:
                raise ProtocolError("an empty GAME line")
            return GameLine(rest)
        case "KEYS":
            count(len(KEY_IDS))
            return Keys(tuple(_key(w) for w in words))
        case "START":
            count(0)
            return Start()
        case "A" | "Q":
            count(5)
            answer = Answer(
                _int(words[0], 0, MAX_SEQ),
                Ask[words[1]],
                _int(words[2], 0, 255),
                _int(words[3], ABORT, MAX_KEY),
                T.Kind(_int(words[4], T.HERO, T.KINGDOM)),
            )
            if not plausible(answer.mode, answer.pen, answer.result, answer.countertype):
                raise ProtocolError("an answer no player could give")
            return answer
        case "HASH":
            count(2)
            if not _DIGEST.fullmatch(words[1]):
                raise ProtocolError("a HASH is 64 hexadecimal digits")
            return Hash(_int(words[0], 1, T.MAX_TURNS + 1), words[1])  # 0 is FINAL's
        case "FINAL":
            count(1)
            if not _DIGEST.fullmatch(words[0]):
                raise ProtocolError("a FINAL is 64 hexadecimal digits")
            return Final(words[0])
        case "DESYNC":
            count(2)
            return Desync(_int(words[0], 0, T.MAX_TURNS + 1), _hex_save(words[1]))
        case "STOP":
            return Stop(*_unkinded(rest))
        case "DROP":
            return Drop(*_unkinded(rest))
        case "PING":
            count(0)
            return Ping()
        case "BYE":
            count(0)
            return Bye()
    raise ProtocolError(f"unknown message {keyword[:12]!r}")


# -- a connection's rules ------------------------------------------------------


class Role(Enum):
    HOST = "host"  # the side that hosts the game: receives what joiners send
    JOIN = "join"


class Phase(Enum):
    HANDSHAKE = "handshake"  # before HELLO is answered
    WAITING = "waiting"  # welcomed, before the game's START
    PLAYING = "playing"
    CLOSED = "closed"


# What each side may receive, by phase.
_FROM_JOINER: dict[Phase, tuple[type, ...]] = {
    Phase.HANDSHAKE: (Hello, Ping),  # a joiner kept waiting at the door says PING
    Phase.WAITING: (Ping, Bye),
    Phase.PLAYING: (Answer, Hash, Final, Ping, Bye),
}
_FROM_HOST: dict[Phase, tuple[type, ...]] = {
    Phase.HANDSHAKE: (Welcome, Refuse),
    Phase.WAITING: (Wait, GameLine, Keys, Start, Stop, Drop, Ping, Bye),
    Phase.PLAYING: (Answer, Desync, Stop, Drop, Ping, Bye),
}


@dataclass
class Limits:
    """How much a peer may send: lines per second on average, and in a burst.

    ``answers`` False leaves the answers uncounted: the host sends a machine
    that joins late the whole game so far at once, and a joiner bounds those
    by reading no further ahead of its engine than it may hold."""

    rate: float = 200.0
    burst: float = 400.0
    answers: bool = True


@dataclass
class Connection:
    """One side's view of one connection: bytes in, messages out, and the rules.

    Received data is split into lines without ever holding more than
    :data:`MAX_LINE` bytes of an unfinished one; each line is decoded and
    checked against what this side may receive now.  Any breach raises
    :class:`ProtocolError` and closes the connection.
    """

    role: Role
    limits: Limits | None = field(default_factory=Limits)  # None: no rate limit
    clock: Callable[[], float] = time.monotonic
    phase: Phase = Phase.HANDSHAKE
    _partial: bytearray = field(default_factory=bytearray)
    _tokens: float = -1.0
    _last: float = 0.0

    def receive_data(self, data: bytes) -> list[Message]:
        """The messages completed by ``data`` (empty bytes: the peer closed)."""
        if self.phase is Phase.CLOSED:
            return []
        if not data:
            self.phase = Phase.CLOSED
            return []
        messages = []
        *lines, rest = bytes(self._partial + data).split(b"\n")
        if len(rest) >= MAX_LINE:
            self._fail("a line longer than the protocol allows")
        self._partial = bytearray(rest)
        for raw in lines:
            if len(raw) >= MAX_LINE:
                self._fail("a line longer than the protocol allows")
            try:
                message = decode(raw.decode("ascii").rstrip("\r"))
            except UnicodeDecodeError:
                self._fail("not a line of ASCII text")
            except ProtocolError as e:
                self._fail(str(e))
            if self.limits is not None and (self.limits.answers or not isinstance(message, Answer)):
                self._spend(self.limits)
            self._check(message)
            messages.append(message)
        return messages

    def send(self, message: Message) -> bytes:
        """The bytes of a message this side sends (and the phase it leads to)."""
        if isinstance(message, Welcome) and self.role is Role.HOST:
            self.phase = Phase.WAITING
        elif isinstance(message, Start) and self.role is Role.HOST:
            self.phase = Phase.PLAYING
        elif isinstance(message, Refuse | Bye | Stop | Drop):
            self.phase = Phase.CLOSED
        return encode(message, to_host=self.role is Role.JOIN)

    def _check(self, message: Message) -> None:
        allowed = (_FROM_JOINER if self.role is Role.HOST else _FROM_HOST).get(self.phase, ())
        if not isinstance(message, allowed):
            self._fail(f"{type(message).__name__} is not expected now")
        if self.role is Role.JOIN:
            if isinstance(message, Welcome):
                self.phase = Phase.WAITING
            elif isinstance(message, Start):
                self.phase = Phase.PLAYING
        if isinstance(message, Refuse | Bye | Stop | Drop):
            self.phase = Phase.CLOSED

    def _spend(self, limits: Limits) -> None:
        """A token bucket: a peer that floods is cut off, not queued."""
        now = self.clock()
        if self._tokens < 0:
            self._tokens, self._last = limits.burst, now
        self._tokens = min(limits.burst, self._tokens + (now - self._last) * limits.rate)
        self._last = now
        if self._tokens < 1:
            self._fail("too many messages")
        self._tokens -= 1

    def _fail(self, why: str) -> None:
        self.phase = Phase.CLOSED
        raise ProtocolError(why)
