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
- ``cli``: the command line says it all (``saga --host ...`` or ``saga --join
  ...`` without ``--headless``): the window hosts or joins at once.  Warned
  that another seat's answer is late, it plays that seat here; hosting
  online, it logs the codes it shows (``code: WHO CODE``).  Told in play
  that a seat has a new code (``note: New code for ...``), it opens
  Project > Network codes... and keeps it open (``codes: open``, logging
  the codes it shows) until a seat shown there is taken (``codes: WHO
  taken``), then closes it with OK.  ``cli-hold`` is ``cli`` that holds at
  its question after its first :data:`HOLD_AFTER` answers.  Its
  input is the real window's (SDL's dummy driver, the real clock), which
  the desktop has taken the focus from; the robot adds nothing but the
  answers of its seats, when they are asked, and after the game the clicks
  that dismiss the scores and quit.  Every message delay must run out by
  itself, however long it is.  Each piece of input it adds is logged
  (``input: ...``), and so is each message delay's length (``pause: S``).

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
from typing import TYPE_CHECKING, Any, Self

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from amiga.display.box import Box
from amiga.display.present import Presenter
from amiga.input import IntuiMessage, MouseCode, ScriptedEventSource, pygame_source
from amiga.input.pygame_source import PygameEventSource
from saga import cli
from saga.engine import tables as T
from saga.engine.host import BACKSPACE, DONE, FIRST_HERO_PEN, OFF_MAP, WHITE, Ask
from saga.files.replayfile import Answer, file_lines, read_answers
from saga.screen import network as screens
from saga.screen.ui import MESSAGE_TOP, TITLE_HEIGHT, Ui
from saga.window import app as app_module
from saga.window import network as window_network
from saga.window.game import Leave, WindowGame
from saga.window.host import ScreenHost

HOLD_AFTER = 10  # answers a cli-hold robot gives before it holds


class Player:
    """What a robot player does, from what the window shows; its input goes
    through the chained builders of a scripted source (``ticks``, ``click``,
    ``key``, ...), which each kind of robot provides."""

    def __init__(self, role: str, port: int, code: str, log: Path, script: deque[Answer]) -> None:
        self.script = script  # its seats' answers, in order
        self.role, self.port, self.code, self.log_path = role, port, code, log
        self.app: app_module.App | None = None
        self.game: WindowGame | None = None  # the game in play
        self.phase = "playing" if role.startswith("cli") else "start"
        self.answers = 0
        self.stopped = False  # the network game stopped: its requester is up
        self.warned = False  # the warning that another seat's answer is late is up
        self.open_codes = False  # told of a new code: the Network codes window is wanted
        self.codes_open = False  # ... and is up
        self.codes_done = False  # ... and a seat it showed was taken: close it
        self.last = 0.0

    def log(self, line: str) -> None:
        with open(self.log_path, "a", encoding="utf-8") as out:
            out.write(line + "\n")

    # The input builders (ScriptedEventSource's), for mypy.
    if TYPE_CHECKING:

        def ticks(self, count: int = 1) -> Self: ...
        def click(self, x: int, y: int, button: MouseCode = ..., qualifier: int = 0) -> Self: ...
        def key(self, char: str, qualifier: int = 0) -> Self: ...
        def text(self, text: str, qualifier: int = 0) -> Self: ...
        def move(self, x: int, y: int, qualifier: int = 0) -> Self: ...
        def press(self, button: MouseCode = ..., qualifier: int = 0) -> Self: ...
        def release(self, button: MouseCode = ..., qualifier: int = 0) -> Self: ...

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
        if self.warned:
            self.warned = False
            self.ticks(2).key("\r")  # play the late seat here
            return
        if self.codes_open:
            if self.codes_done:
                self.codes_done = False
                self.ticks(2).key("\r")  # OK: close the Network codes window
            return
        if self.open_codes and app.ui.menu_item("net_codes").enabled:
            self.open_codes = False
            self.log("opening the network codes")
            self._menu(app, "net_codes")
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
        held = self.role == "cli-hold" and self.answers >= HOLD_AFTER
        if (self.role == "join-hold" or held) and pen != WHITE:
            self.log(f"holding at {mode.name} {pen}")
            self.phase = "held"
            return
        if (mode, pen) == (Ask.MULTIKEYBOARD, WHITE):
            self.ticks(1).click(320, 300)  # the turn prompt: on we go
            return
        self._skip_answered()
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

    def _skip_answered(self) -> None:
        """Skip the answers of this machine's seats that the game had before it
        (re)joined: its engine caught up with them from the stream."""
        lockstep = self.game.lockstep if self.game is not None else None
        if lockstep is None:
            return
        had = lockstep.link.stream.answers()[: lockstep.asked]
        given = sum(1 for a in had if a.pen - FIRST_HERO_PEN in lockstep.seats)
        while self.answers < given:
            self.script.popleft()
            self.answers += 1

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


class Robot(Player, ScriptedEventSource):
    """A robot whose input is all made up: ticks too, a hundred a second."""

    def __init__(self, role: str, port: int, code: str, log: Path, script: deque[Answer]) -> None:
        ScriptedEventSource.__init__(self)
        Player.__init__(self, role, port, code, log, script)

    def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
        if not len(self):
            self.decide()
        if not len(self):
            time.sleep(0.01)
            self.ticks(1)
        return super().next_event(timeout)


class LiveRobot(Player, PygameEventSource):
    """A robot in the real window's input: time is the clock's, ticks are
    the window's own, and what it adds is only what it says it adds."""

    made: LiveRobot | None = None
    LOOK = 0.05  # seconds between looks at the window while nothing comes

    def __init__(self, presenter: Presenter, **kwargs: Any) -> None:
        PygameEventSource.__init__(self, presenter, **kwargs)
        Player.__init__(self, *LiveRobot.player)
        self.hand = ScriptedEventSource()  # what the robot adds, built as a script
        LiveRobot.made = self
        # The desktop looks at another window: on the Amiga, no more IntuiTicks.
        sdl = pygame_source.pygame
        sdl.event.post(sdl.event.Event(sdl.WINDOWFOCUSLOST))

    player: tuple[str, int, str, Path, deque[Answer]]

    def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            if len(self.hand):
                return self.hand.next_event()
            self.decide()
            if len(self.hand):
                continue
            left = self.LOOK if end is None else min(self.LOOK, end - time.monotonic())
            message = PygameEventSource.next_event(self, max(0.0, left))
            if message is not None or (end is not None and time.monotonic() >= end):
                return message

    def take_pending(self) -> list[IntuiMessage]:
        """The window's pending input alone: the robot's is never stale."""
        taken = []
        while (message := PygameEventSource.next_event(self, 0.0)) is not None:
            taken.append(message)
        return taken

    def ticks(self, count: int = 1) -> Self:
        return self  # time is the clock's: the robot adds no ticks

    def click(self, x: int, y: int, button: MouseCode = MouseCode.SELECTDOWN, q: int = 0) -> Self:
        self.log(f"input: click {x} {y} {button.name} ({self._why()})")
        self.hand.click(x, y, button, q)
        return self

    def key(self, char: str, qualifier: int = 0) -> Self:
        self.log(f"input: key {char!r} ({self._why()})")
        self.hand.key(char, qualifier)
        return self

    def move(self, x: int, y: int, qualifier: int = 0) -> Self:
        self.hand.move(x, y, qualifier)
        return self

    def press(self, button: MouseCode = MouseCode.SELECTDOWN, qualifier: int = 0) -> Self:
        self.log(f"input: press {button.name} ({self._why()})")
        self.hand.press(button, qualifier)
        return self

    def release(self, button: MouseCode = MouseCode.SELECTDOWN, qualifier: int = 0) -> Self:
        self.hand.release(button, qualifier)
        return self

    def _why(self) -> str:
        asking = self.game.screen.asking if self.game is not None else None
        return f"asked {asking[0].name} {asking[1]}" if asking else self.phase


def _state(app: app_module.App) -> str:
    return "on" if app.ui.menu_item("net_codes").enabled else "off"


def _centre(box: Box) -> tuple[int, int]:
    return (box.left + box.right) // 2, (box.top + box.bottom) // 2


def main(argv: list[str]) -> int:
    role, port, code, log, trace = argv[0], int(argv[1]), argv[2], Path(argv[3]), Path(argv[4])
    seats = {int(s) for s in argv[5].split(",")}
    saga_args = argv[argv.index("--") + 1 :]
    mine = [a for a in read_answers(file_lines(trace), str(trace)) if a[1] - 6 in seats]
    scripted: Robot | None = None
    if role.startswith("cli"):
        LiveRobot.player = (role, port, code, log, deque(mine))
        pygame_source.PygameEventSource = LiveRobot  # type: ignore[misc]  # the window's own input
    else:
        scripted = Robot(role, port, code, log, deque(mine))
        run_window = app_module.run_window
        app_module.run_window = lambda *a, **k: run_window(*a, **{**k, "source": scripted})

    def robot() -> Player:
        """The robot: the window's input source, made before anything below is called."""
        made = scripted if scripted is not None else LiveRobot.made
        assert made is not None
        return made

    made = app_module.App.__init__

    def init(self: app_module.App, *args: object, **kwargs: object) -> None:
        made(self, *args, **kwargs)  # type: ignore[arg-type]
        robot().app = self
        robot().log(f"menu: net_codes {_state(self)} on the title screen")

    app_module.App.__init__ = init  # type: ignore[method-assign]
    made_game, played = WindowGame.__init__, WindowGame.play

    def init_game(self: WindowGame, *args: object, **kwargs: object) -> None:
        made_game(self, *args, **kwargs)  # type: ignore[arg-type]
        robot().game = self

    def play(self: WindowGame) -> Leave | None:
        app = robot().app
        try:
            if app is not None:  # the game's menu items are set as it starts
                starts = self.session.play

                def logged() -> None:
                    robot().log(f"menu: net_codes {_state(app)} in play")
                    starts()

                self.session.play = logged  # type: ignore[method-assign]
            return played(self)
        finally:
            robot().game = None

    WindowGame.__init__ = init_game  # type: ignore[method-assign]
    WindowGame.play = play  # type: ignore[method-assign]
    paused = ScreenHost.pause

    def pause(self: ScreenHost) -> None:
        start = time.monotonic()
        paused(self)
        robot().log(f"pause: {time.monotonic() - start:.3f}")

    ScreenHost.pause = pause  # type: ignore[method-assign]
    told, waited = window_network.stopped, window_network.wait_window

    def stopped(ui: object, t: object, lines: list[str]) -> None:
        robot().log("stopped: " + " | ".join(lines))
        robot().stopped = True
        told(ui, t, lines)  # type: ignore[arg-type]

    def wait_window(ui: object, t: object, title: str, *args: Any, **kwargs: Any) -> str:
        robot().log(f"waiting: {title}")
        return waited(ui, t, title, *args, **kwargs)  # type: ignore[arg-type]

    shown_codes = window_network.codes_window

    def codes_window(ui: object, t: object, title: str, codes: Any, *args: Any, **kw: Any) -> str:
        told: set[tuple[str, str]] = set()
        taken: set[str] = set()
        in_play = bool(kw.get("ok"))  # the Network codes window, closed with OK
        if in_play:
            robot().log("codes: open")
            robot().codes_open = True

        def logged() -> list[tuple[str, str]]:
            now = codes()
            for who, code in now:
                if (who, code) not in told:
                    told.add((who, code))
                    robot().log(f"code: {who.rstrip(':')} {code}")
            gone = {who for who, _ in told} - {who for who, _ in now} - taken
            for who in sorted(gone) if in_play else ():
                taken.add(who)
                robot().log(f"codes: {who.rstrip(':')} taken")
                robot().codes_done = True
            return now

        try:
            return shown_codes(ui, t, title, logged, *args, **kw)  # type: ignore[arg-type]
        finally:
            if in_play:
                robot().log("codes: closed")
                robot().codes_open = robot().codes_done = False

    warned = screens.late_window

    def late_window(ui: object, t: object, lines: Any, answered: Any) -> bool:
        robot().log("late: " + " | ".join(lines()))
        robot().warned = True
        chose = warned(ui, t, lines, answered)  # type: ignore[arg-type]
        robot().log("late: played here" if chose else "late: waited")
        return chose

    noted = Ui.note

    def note(self: Ui, text: str) -> None:
        robot().log(f"note: {text}")
        if text.startswith("New code for "):
            robot().open_codes = True
        noted(self, text)

    window_network.stopped = stopped
    window_network.wait_window = wait_window
    window_network.codes_window = codes_window
    screens.late_window = late_window
    Ui.note = note  # type: ignore[method-assign]
    status = cli.main(saga_args)
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"exit {status}\n")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
