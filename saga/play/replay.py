"""Replays of games: recording one as it is played, and playing one back.

The file's text (its first lines, the ``Q`` lines) and reading it are
:mod:`saga.files.replayfile`'s.  :class:`Recorder` writes one as the game is
played, around any host; :class:`ReplayHost` plays one back into any host.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from amiga.dos import LineFile, reason
from saga.engine import tables as T
from saga.engine.host import Answer, Ask, Host
from saga.engine.session import Setup
from saga.engine.state import GameState
from saga.files.replayfile import MAX_TRACE, Replay, q_line
from saga.files.replayfile import Answer as Scripted
from saga.play.hosts import PassOn, ScriptedHost


class ReplayHost(PassOn):
    """Answers a game's human questions from a replay; the host within shows the game.

    Each answer must fit the question asked (else :class:`ScriptError` names
    the turn and both questions).  The shown host's autosave is left alone, so
    watching a replay never overwrites the player's own.  Given ``take_over``,
    a replay that runs out of answers (its player left the game) hands the
    game to the shown host's player, calling ``take_over`` first.
    """

    def __init__(
        self,
        host: Host,
        answers: Sequence[Scripted],
        take_over: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(host)
        self.script = ScriptedHost(answers)
        self.take_over = take_over
        self.taken_over = False

    def turn_starts(self, state: GameState) -> bool:
        self.script.turn_starts(state)  # so that a mismatch can name the turn
        return self.host.turn_starts(state)

    def autosave(self, state: GameState) -> None:
        if self.taken_over:
            self.host.autosave(state)

    def ask(self, mode: Ask, pen: int) -> Answer:
        if not self.script.remaining and self.take_over is not None:
            if not self.taken_over:
                self.taken_over = True
                self.take_over()
            return self.host.ask(mode, pen)
        return self.script.ask(mode, pen)


class Recorder(PassOn):
    """Keeps the replay of the game it hosts, around the host that shows it.

    The file is made at the first autosave (then the game's settings, or the
    saved game continued, are known: the ``S`` line holds the game as
    loaded, as that autosave writes it); each answer is appended the moment
    it is given, a whole line at a time, so a crash or a full disk loses
    nothing before it.  ``setup`` is the game's, as its session was given it.
    ``outputs`` are ``(path, own)`` pairs: ``own`` for a name the
    program chose (see :func:`amiga.dos.write_atomic`).  A file that cannot
    be written, or reaches the largest replay that can be read back
    (:data:`saga.files.replayfile.MAX_TRACE`), is reported through ``warn`` (the
    file, and why) once and no longer written; the game plays on.
    """

    def __init__(
        self,
        host: Host,
        setup: Setup,
        outputs: Iterable[tuple[Path, bool]],
        *,
        warn: Callable[[Path, str], None] = lambda path, reason: None,
    ) -> None:
        super().__init__(host)
        self.setup = setup
        self.outputs = list(outputs)
        self.files: list[LineFile] = []
        self.warn = warn
        self.started = False
        self.pending: list[str] = []
        # The countertype the engine holds: a new Game's, until an answer sets it.
        self.countertype = T.HERO

    def autosave(self, state: GameState) -> None:
        if not self.started:
            self.started = True
            # The game as its first autosave finds it: a continued one as loaded.
            start = self.setup if self.setup.state is None else replace(self.setup, state=state)
            first = _text(Replay.starting(start).header() + self.pending)
            self.pending = []
            for path, own in self.outputs:
                try:
                    self.files.append(LineFile(path, first, limit=MAX_TRACE, own=own))
                except OSError as e:
                    self._failed(path, e)
        self.host.autosave(state)

    def ask(self, mode: Ask, pen: int) -> Answer:
        answer = self.host.ask(mode, pen)
        if answer.countertype is not None:
            self.countertype = answer.countertype
        line = q_line(mode, pen, answer.result, self.countertype)
        if not self.started:
            self.pending.append(line)
        for file in list(self.files):
            try:
                file.write(_text([line]))
            except OSError as e:
                file.close()
                self.files.remove(file)
                self._failed(Path(file.path), e)
        return answer

    def close(self) -> None:
        """Let go of the files (the game is over); what they hold stays."""
        for file in self.files:
            file.close()
        self.files = []

    def _failed(self, path: Path, e: OSError) -> None:
        self.warn(path, reason(e, detail=True))


def _text(lines: Iterable[str]) -> bytes:
    return "".join(line + "\n" for line in lines).encode("latin-1")
