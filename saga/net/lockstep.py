"""The engine's host in a network game: this machine's seats answer, the others are awaited.

Every machine plays the whole game with its own engine.  A question put to
a hero seated here is answered by the local host (the window's player, or a
script) and the answer is sent to the game's host, which puts it in the one
order every machine follows; a question put to a hero seated elsewhere waits
until that order brings its answer.  Either way the engine gets the answer
from the :class:`Stream`, so every engine gets the same answers in the same
order.  The start-of-turn autosave's bytes are hashed and compared with the
host's: a machine whose game differs (a desync) stops, and the others play on.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, overload

from saga.engine import tables as T
from saga.engine.host import FIRST_HERO_PEN, Answer, Ask, Host
from saga.engine.state import GameState
from saga.files import savefile
from saga.look.text import Lookup, english, fill
from saga.net import protocol as P
from saga.play.hosts import PassOn, ScriptedHost, question

FINAL_TURN = 0  # the turn number a desync of the final state is told under
DESYNC_NEWS = 3.0  # seconds to wait for the host's desync report when the questions part


class NetStop(Exception):
    """The network game cannot go on; the message says why, for the player."""


@dataclass
class Desynced(NetStop):
    """This machine's game differs from the host's (a bug), found at the turn ``turn``.

    The host's game is the reference: this machine stops, the others play
    on.  ``here`` is this machine's save of that turn, ``host`` the host's;
    ``text`` words it for the player.
    """

    turn: int
    here: bytes | None
    host: bytes | None = None
    text: Lookup = field(default_factory=english, repr=False, compare=False)

    def __post_init__(self) -> None:
        super().__init__(self.summary())

    def summary(self) -> str:
        if self.turn == FINAL_TURN:
            return self.text("MSG_NET_DESYNC_END")
        return fill(self.text("MSG_NET_DESYNC"), self.turn)

    def differences(self) -> list[str]:
        """The fields that differ, this machine's value first, as saga.inspect names them."""
        from saga.files import savelayout

        if self.here is None or self.host is None:
            return []
        return savelayout.differences(self.here, self.host)


def digest(save: bytes) -> str:
    return hashlib.sha256(save).hexdigest()


class Stream:
    """The game's answers in the host's order, shared by the network and the engine.

    The network side appends and may stop it (a desync, the host gone); the
    engine side waits for the answer it needs next, and ends it with the
    game, after which no answer is taken.
    """

    def __init__(self) -> None:
        self._answers: list[P.Answer] = []
        self._changed = threading.Condition()
        self._stop: NetStop | None = None
        self._drain = False  # the engine may still use the answers it has
        self._wanted = 0  # the engine's next answer
        self._end: int | None = None  # the game's answers, once it is over

    def __len__(self) -> int:
        return len(self._answers)

    def append(self, answer: P.Answer) -> None:
        with self._changed:
            if self._end is not None:
                raise P.ProtocolError("an answer after the game's end")
            if answer.seq != len(self._answers):
                raise P.ProtocolError(f"answer {answer.seq} arrived as {len(self._answers)}")
            self._answers.append(answer)
            self._changed.notify_all()

    def ahead(self) -> int:
        """How many answers are here that the engine has not asked for yet."""
        with self._changed:
            return len(self._answers) - self._wanted

    def end(self, answers: int) -> int:
        """The game is over after ``answers`` answers; how many more are here."""
        with self._changed:
            self._end = answers
            return len(self._answers) - answers

    def answers(self) -> list[P.Answer]:
        with self._changed:
            return list(self._answers)

    def since(self, seq: int) -> list[P.Answer]:
        """The answers from ``seq`` on."""
        with self._changed:
            return self._answers[seq:]

    def get(self, seq: int, timeout: float | None) -> P.Answer | None:
        """Answer ``seq`` when it is here (None after ``timeout``); a stop raises
        (once the answers here are used, if the host said goodbye)."""
        with self._changed:
            self._wanted = max(self._wanted, seq)
            self._changed.wait_for(
                lambda: self._stop is not None or seq < len(self._answers), timeout
            )
            here = seq < len(self._answers)
            if self._stop is not None and not (self._drain and here):
                raise self._stop
            return self._answers[seq] if here else None

    def wait_stop(self, timeout: float) -> None:
        """Wait until the stream is stopped, at most ``timeout`` seconds."""
        with self._changed:
            self._changed.wait_for(lambda: self._stop is not None, timeout)

    def stop(self, why: NetStop, *, drain: bool = False) -> None:
        """End the game here with ``why`` (the first reason given stays);
        ``drain``: once the engine has used the answers already here."""
        with self._changed:
            if self._stop is None:
                self._stop, self._drain = why, drain
            self._changed.notify_all()

    @property
    def stopped(self) -> NetStop | None:
        return self._stop


class Link(Protocol):
    """What the lockstep host needs of the network: the server's side or a joiner's."""

    stream: Stream

    def submit(self, answer: P.Answer) -> None:
        """Offer an answer of a seat held here for its place in the order."""

    def expect(self, seq: int, mode: Ask, pen: int) -> None:
        """The engine waits at this question for another machine's answer."""

    def autosaved(self, turn: int, save: bytes) -> None:
        """Compare a start-of-turn autosave with the other machines'."""

    def finished(self, save: bytes) -> None:
        """The game is over here: compare the final state, and part."""


class LockstepHost(PassOn):
    """Plays this machine's seats through ``host`` (or ``script``) and the
    others' from the stream; ``host`` shows the game.

    A scripted machine that joins a game already under way skips the answers
    of its seats that the stream holds, so one answers file serves a whole
    game however often its machine drops out.  ``waiting`` is told whose
    answer is awaited, ``idle`` is called while waiting (a window keeps
    answering its events), and ``alter`` is a test's way to make this
    machine compute another game.  ``text`` words why the game stops here.
    """

    def __init__(
        self,
        host: Host,
        link: Link,
        seats: frozenset[int],
        script: ScriptedHost | None = None,
        *,
        waiting: Callable[[int], None] | None = None,
        idle: Callable[[], None] | None = None,
        alter: Callable[[GameState], None] | None = None,
        text: Lookup | None = None,
    ) -> None:
        super().__init__(host)
        self.text = text or english()
        self.link = link
        self.seats = seats
        self.script = script
        self.waiting = waiting
        self.idle = idle
        self.alter = alter
        self.asked = 0  # answers the engine has had
        self.turn = 0
        self._turn_answers: Counter[int] = Counter()  # this turn's, by hero seated elsewhere
        self.countertype = T.HERO  # the engine's, as a new Game holds it

    @property
    def catching_up(self) -> bool:
        """Whether the stream holds answers this machine's engine has not had yet
        (it joined late or rejoined): then it plays on at full speed, without its
        turn prompts and pauses, which are local and change nothing."""
        return self.asked < len(self.link.stream)

    def turn_starts(self, state: GameState) -> bool:
        self.turn = state.turn
        if self.script is not None:
            self.script.turn_starts(state)
        if self.catching_up:
            return True
        return self.host.turn_starts(state)

    def pause(self) -> None:
        if not self.catching_up:
            self.host.pause()

    def ask(self, mode: Ask, pen: int) -> Answer:
        seq = self.asked
        hero = pen - FIRST_HERO_PEN
        stream = self.link.stream
        if seq < len(stream):
            if hero in self.seats and self.script is not None:
                self.script.ask(mode, pen)  # answered before this machine (re)joined
            got = self._wait(seq)
        else:
            got = self._answer(seq, mode, pen)
        if (got.mode, got.pen) != (mode, pen):
            # The states differ: the host's word on the last hash is on its way.
            stream.wait_stop(DESYNC_NEWS)
            raise stream.stopped or NetStop(
                f"{fill(self.text('MSG_NET_OUT_OF_STEP'), self.turn)} (answer {seq + 1} of "
                f"the game is for {question(got.mode, got.pen)}, not {question(mode, pen)})"
            )
        if hero not in self.seats:
            self._count(hero)
        self.asked += 1
        self.countertype = got.countertype
        return Answer(got.result, got.countertype)

    def _count(self, hero: int) -> None:
        """One more answer from elsewhere for ``hero`` this turn; NetStop past the
        most any player gives (the engine asks again after an answer it cannot
        use, so a hostile host could otherwise make this game endless).  The
        host lets a machine go before its seat gets there (saga.net.server)."""
        self._turn_answers[hero] += 1
        if self._turn_answers[hero] > P.MAX_SEAT_TURN_ANSWERS:
            raise NetStop(fill(self.text("MSG_NET_TOO_MANY"), self.turn, T.HERO_NAMES[hero]))

    def _answer(self, seq: int, mode: Ask, pen: int) -> P.Answer:
        """A question now due: answer it here if its hero is seated here, else
        wait for the stream (and answer here after all if the seat is taken over)."""
        hero = pen - FIRST_HERO_PEN
        if hero not in self.seats:
            self.link.expect(seq, mode, pen)
            if self.waiting is not None:
                self.waiting(hero)
            got = self._wait(seq, hero)
            if got is not None:
                return got
        while True:
            given = self.script.ask(mode, pen) if self.script else self.host.ask(mode, pen)
            kind = self.countertype if given.countertype is None else given.countertype
            if P.plausible(mode, pen, given.result, kind):
                break  # else asked again: the host would refuse it (a typo at the terminal)
        self.link.submit(P.Answer(seq, mode, pen, given.result, kind))
        return self._wait(seq)

    @overload
    def _wait(self, seq: int) -> P.Answer: ...
    @overload
    def _wait(self, seq: int, hero: int) -> P.Answer | None: ...

    def _wait(self, seq: int, hero: int | None = None) -> P.Answer | None:
        """Answer ``seq`` from the stream; None if ``hero``'s seat came here meanwhile."""
        stream = self.link.stream
        while True:
            got = stream.get(seq, None if self.idle is None else 0.02)
            if got is not None:
                return got
            if self.idle is not None:
                self.idle()
                if hero is not None and hero in self.seats and seq >= len(stream):
                    return None

    def check(self) -> None:
        """Raise why the game stopped, if it has: the local player's question
        calls this while it waits, so a host gone or a desync ends the game
        there too, not only at the player's next answer."""
        stopped = self.link.stream.stopped
        if stopped is not None:
            raise stopped

    def take_over(self, heroes: frozenset[int]) -> None:
        """Play these seats here from now on (the host's player takes empty seats)."""
        self.seats = self.seats | heroes

    def autosave(self, state: GameState) -> None:
        self._turn_answers.clear()
        if self.alter is not None:
            self.alter(state)
        self.link.autosaved(state.turn, savefile.encode(state))
        self.check()
        self.host.autosave(state)

    def finish(self, state: GameState) -> None:
        """After the game: no more answers, and the final state compared with the host's."""
        extra = self.link.stream.end(self.asked)
        if extra > 0:
            raise NetStop(fill(self.text("MSG_NET_AFTER_END"), extra))
        self.link.finished(savefile.encode(state))


def test_alteration(spec: str | None) -> Callable[[GameState], None] | None:
    """The desync test's hook (``SAGA_NET_TEST_DESYNC=TURN``): at that turn's
    autosave this machine gives Beowulf one more luck than every other.
    Only the tests set it; it exists so that they can prove desyncs are caught."""
    if not spec or not spec.isdigit():
        return None
    turn = int(spec)

    def alter(state: GameState) -> None:
        if state.turn == turn:
            state.heroes[0].luck += 1

    return alter
