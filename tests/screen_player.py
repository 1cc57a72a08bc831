"""A scripted player for the screens: it gives each recorded answer by the
click or key that produces it, so a replay exercises the real input path."""

from __future__ import annotations

from collections import deque

import numpy as np

from amiga.input import IDCMP, EventSource, IntuiMessage, MouseCode, Qualifier
from saga.art import NONE
from saga.engine import tables as T
from saga.engine.host import WHITE, Ask
from saga.screen.ui import MESSAGE_TOP
from saga.window.host import ScreenHost

Answer = tuple[Ask, int, int, int]


class ScreenPlayer(EventSource):
    """Turns recorded answers into Intuition messages, one question at a time."""

    def __init__(self, answers: list[Answer]) -> None:
        super().__init__()
        self.answers = deque(answers)
        self.queue: deque[IntuiMessage] = deque()
        self.host: ScreenHost | None = None
        self.clock = 0.0

    def now(self) -> float:
        self.clock += 0.01
        return self.clock

    def take_pending(self) -> list[IntuiMessage]:
        return []  # each answer is made up when the screen asks for it

    def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
        if not self.queue:
            self._plan()
        return self.queue.popleft()

    def _plan(self) -> None:
        host = self.host
        if host is None or host.asking is None:
            raise AssertionError("the screen waits for something other than a question")
        mode, pen = host.asking
        if mode == Ask.MULTIKEYBOARD and pen == WHITE:  # the turn prompt
            self._click(*self._free_spot_anywhere())
            return
        if not self.answers:
            raise AssertionError(f"no answer left for {mode.name}")
        want_mode, want_pen, result, countertype = self.answers.popleft()
        assert (want_mode, want_pen) == (mode, pen), (want_mode, want_pen, mode, pen)
        if mode in (Ask.COUNTRY, Ask.COUNTER):
            if result == -3:
                self._click(300, MESSAGE_TOP + 10)
            elif result == -2:
                self._key("\b")
            elif result == -1:
                self._click(*self._off_map())
            elif mode == Ask.COUNTER and countertype != T.KINGDOM:
                self._click(*self._counter_spot(countertype, result))
            else:
                self._click(*self._free_spot(result))
        else:
            self._key(chr(result))

    # -- events ----------------------------------------------------------------

    def _click(self, x: int, y: int) -> None:
        self.mouse_x, self.mouse_y = x, y
        self.queue.append(self._button(MouseCode.SELECTDOWN))
        self.queue.append(self._button(MouseCode.SELECTUP))

    def _key(self, char: str) -> None:
        self.queue.append(self._message(IDCMP.VANILLAKEY, ord(char), Qualifier(0)))

    # -- where to click --------------------------------------------------------

    def _free_spot(self, area: int) -> tuple[int, int]:
        board = self.host.board
        ys, xs = np.nonzero(board.regions == area)
        for y, x in zip(ys[::7], xs[::7], strict=True):
            if y < MESSAGE_TOP and board.counter_at(int(x), int(y)) is None:
                return int(x), int(y)
        raise AssertionError(f"area {area} is covered by counters")

    def _free_spot_anywhere(self) -> tuple[int, int]:
        return 300, MESSAGE_TOP + 10

    def _off_map(self) -> tuple[int, int]:
        board = self.host.board
        ys, xs = np.nonzero(board.regions[:MESSAGE_TOP] == NONE)
        for y, x in zip(ys[::11], xs[::11], strict=True):
            if y > 20 and board.counter_at(int(x), int(y)) is None:
                return int(x), int(y)
        raise AssertionError("no off-map spot")

    def _counter_spot(self, kind: int, number: int) -> tuple[int, int]:
        board = self.host.board
        for key, cx, cy, _ in board.drawn:
            if key == (kind, number):
                for dy in range(2, 24):
                    for dx in range(2, 22):
                        if board.counter_at(cx + dx, cy + dy) == key:
                            return cx + dx, cy + dy
        raise AssertionError(f"counter {(kind, number)} is not to be seen")
