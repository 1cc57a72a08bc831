"""One window of a network game, played by a robot, in a process of its own.

    python tests/netwindow.py ROLE PORT CODE LOG TRACE SEATS -- SAGA-ARGUMENTS...

runs ``saga`` (its own command line, window and all, on SDL's dummy driver)
with its input from a robot that looks at the game as a player looks at the
screen and answers with the mouse and keys:

- ``host``: the saved game on the command line is opened; at its first turn
  prompt the robot picks Project > Host game..., confirms, types the join
  code and the port into the form and hosts it, then plays its seats.
- ``join``: on the title screen it picks Project > Join game..., clicks the
  first game of the local network's list (``SAGA_NET_REGISTRY``), types the
  code and plays the seat the list offered.
- ``join-hold``: as ``join``, but it never answers its first question: it waits
  there, as a player thinking, for the test to take the host away.

Every question of its seats is answered with the right button (done, no, the
second choice); a map question put again at once is answered with left
clicks that sweep the board until one is taken.  When the game
is over it dismisses the scores and quits from the title screen; a network
game that stops is dismissed the same way.  What happened goes to LOG, a line
each, for the test to follow.
"""

from __future__ import annotations

import os
import sys
import time
from collections import deque
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from amiga.display.box import Box
from amiga.input import IntuiMessage, MouseCode, ScriptedEventSource
from saga import cli
from saga.engine import tables as T
from saga.engine.host import BACKSPACE, DONE, OFF_MAP, WHITE, Ask
from saga.files.replayfile import Answer, file_lines, read_answers
from saga.screen import network as screens
from saga.screen.ui import MESSAGE_TOP, TITLE_HEIGHT
from saga.window import app as app_module
from saga.window import network as window_network
from saga.window.game import Leave, WindowGame


class Robot(ScriptedEventSource):
    """Input made up as it is wanted, from what the window shows."""

    def __init__(self, role: str, port: int, code: str, log: Path, script: deque[Answer]) -> None:
        super().__init__()
        self.script = script  # its seats' answers, in order
        self.role, self.port, self.code, self.log_path = role, port, code, log
        self.app: app_module.App | None = None
        self.game: WindowGame | None = None  # the game in play
        self.phase = "start"
        self.answers = 0
        self.stopped = False  # the network game stopped: its requester is up
        self.last = 0.0

    def log(self, line: str) -> None:
        with open(self.log_path, "a", encoding="utf-8") as out:
            out.write(line + "\n")

    def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
        if not len(self):
            self.decide()
        if not len(self):
            time.sleep(0.01)
            self.ticks(1)
        return super().next_event(timeout)

    # -- what to do next ------------------------------------------------------

    def decide(self) -> None:
        app = self.app
        if app is None:
            return
        game = self.game
        asking = game.screen.asking if game is not None else None
        if self.stopped:
            self.stopped = False
            self.phase = "over"
            self.ticks(2).key("\r")  # the requester that says why
            return
        if self.phase == "start":
            self._start(app, asking)
        elif self.phase == "playing":
            if asking is not None:
                self._answer(*asking)
            elif game is None and app.ui.menu_item("quit_title").enabled:
                self.phase = "over"
        elif self.phase == "over":
            if time.monotonic() - self.last < 0.3:
                return
            self.last = time.monotonic()
            if app.ui.menu_item("quit_title").enabled:
                self.ticks(2).click(320, 300)  # the final scores
            elif game is None:
                self.log("quitting")
                self.phase = "quit"
                self.ticks(2).key("\x1b")  # the title screen: quit

    def _start(self, app: app_module.App, asking: tuple[Ask, int] | None) -> None:
        if self.role == "host":
            if asking == (Ask.MULTIKEYBOARD, WHITE) and self.game and self.game.net is None:
                self.log("hosting the opened game")
                self._menu(app, "host")
                self.ticks(2).key("\r")  # yes, leave this game for the network
                self.ticks(2).text("\b" * 12 + self.code).key("\t")
                self.text("\b" * 6 + str(self.port)).key("\r")
                self.phase = "playing"
        elif self.game is None and os.listdir(os.environ["SAGA_NET_REGISTRY"]):
            self.log("joining from the list")
            self._menu(app, "join")
            rows = 4 + screens.LIST_ROWS + screens.PROBLEM_ROWS
            form = screens._Form(app.t, "", rows, extra=4)
            self.ticks(4).click(form.left + 40, form.top + screens.ROW + 4)  # the first game
            self.ticks(2).text(self.code).key("\r")
            self.phase = "playing"

    def _answer(self, mode: Ask, pen: int) -> None:
        if self.role == "join-hold" and pen != WHITE:
            self.log(f"holding at {mode.name} {pen}")
            self.phase = "held"
            return
        if (mode, pen) == (Ask.MULTIKEYBOARD, WHITE):
            self.ticks(1).click(320, 300)  # the turn prompt: on we go
            return
        _, _, result, kind = self.script.popleft()
        self.answers += 1
        if mode in (Ask.COUNTRY, Ask.COUNTER) and result >= 0:
            self.ticks(1).click(*self._spot(mode, result, kind))
        elif result == DONE:
            self.ticks(1).click(320, 300, MouseCode.MENUDOWN)
        elif result == OFF_MAP:
            self.ticks(1).click(*self._spot(mode, -1, T.KINGDOM))
        elif result == BACKSPACE:
            self.ticks(1).key("\b")
        else:
            self.ticks(1).key(chr(result))

    def _spot(self, mode: Ask, result: int, kind: int) -> tuple[int, int]:
        """Where on the board a player clicks to give this answer."""
        assert self.app is not None and self.game is not None
        board, view = self.app.board, self.game.screen.view
        if kind != T.KINGDOM:
            for key, cx, cy, _ in reversed(board.drawn):
                wanted = key[1] == result if mode == Ask.COUNTER else view.where(*key) == result
                if key[0] == kind and wanted:
                    for dy, dx in ((8, 8), (4, 4), (12, 12), (4, 12), (12, 4)):
                        if board.counter_at(cx + dx, cy + dy) == key:
                            return cx + dx, cy + dy
        places = (
            np.argwhere(board.regions[:MESSAGE_TOP] == result)
            if result >= 0
            else [(y, x) for y in range(20, MESSAGE_TOP, 9) for x in range(4, 640, 9)]
        )
        for y, x in places[::7]:
            if board.counter_at(int(x), int(y)) is None and board.area_at(x, y) == result:
                return int(x), int(y)
        raise AssertionError(f"nowhere to click for {mode.name} {result} {kind}")

    def _menu(self, app: app_module.App, key: str) -> None:
        """Pick a Project menu item with the right button, as a player does."""
        strip = app.ui.strip
        assert strip is not None
        box, items = strip.layout(0)
        target = next(item_box for item_box, item in items if item.key == key)
        self.ticks(2).move(box.left + 8, TITLE_HEIGHT // 2).press(MouseCode.MENUDOWN)
        self.move(*_centre(target)).release(MouseCode.MENUDOWN)


def _centre(box: Box) -> tuple[int, int]:
    return (box.left + box.right) // 2, (box.top + box.bottom) // 2


def main(argv: list[str]) -> int:
    role, port, code, log, trace = argv[0], int(argv[1]), argv[2], Path(argv[3]), Path(argv[4])
    seats = {int(s) for s in argv[5].split(",")}
    saga_args = argv[argv.index("--") + 1 :]
    mine = [a for a in read_answers(file_lines(trace), str(trace)) if a[1] - 6 in seats]
    robot = Robot(role, port, code, log, deque(mine))

    made = app_module.App.__init__

    def init(self: app_module.App, *args: object, **kwargs: object) -> None:
        made(self, *args, **kwargs)  # type: ignore[arg-type]
        robot.app = self

    app_module.App.__init__ = init  # type: ignore[method-assign]
    made_game, played = WindowGame.__init__, WindowGame.play

    def init_game(self: WindowGame, *args: object, **kwargs: object) -> None:
        made_game(self, *args, **kwargs)  # type: ignore[arg-type]
        robot.game = self

    def play(self: WindowGame) -> Leave | None:
        try:
            return played(self)
        finally:
            robot.game = None

    WindowGame.__init__ = init_game  # type: ignore[method-assign]
    WindowGame.play = play  # type: ignore[method-assign]
    run_window = app_module.run_window
    app_module.run_window = lambda *a, **k: run_window(*a, **{**k, "source": robot})
    told = window_network.stopped

    def stopped(ui: object, t: object, lines: list[str]) -> None:
        robot.log("stopped: " + " | ".join(lines))
        robot.stopped = True
        told(ui, t, lines)  # type: ignore[arg-type]

    window_network.stopped = stopped
    status = cli.main(saga_args)
    robot.log(f"exit {status}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
