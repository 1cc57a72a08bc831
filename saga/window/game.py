"""One game played in the window: the window's counterpart of :class:`~saga.engine.session.Session`.

A :class:`WindowGame` is made from the :class:`Setup` of one game and owns
everything that lives as long as that game: its session, the screen host
that shows it and asks its questions, and, for a network game, the lockstep
host and the link to the other machines (closed in one place, whatever ends
the game).  It answers the menu items about the game in play (save, the
summary, take over, leaving it) and hands every other pick to the program.
The setup only goes down from here, to the session and the engine; nothing
of a game is written back into the settings.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from saga.engine.game import Game
from saga.engine.host import Host
from saga.engine.rng import RandomSource
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files import savefile
from saga.files.config import Config
from saga.files.replayfile import Answer as Scripted
from saga.look.text import Lookup
from saga.look.view import GameView
from saga.screen import pens as P
from saga.screen.board import Board
from saga.screen.summary import summary_window
from saga.screen.ui import TITLE_COLUMNS, GameAborted, Ui
from saga.screen.windows import ask_yes_no, wrap
from saga.window import filemessages as fm
from saga.window.host import ScreenHost

if TYPE_CHECKING:  # the network's modules (asyncio) load only for a network game
    from saga.net.lockstep import LockstepHost, NetStop
    from saga.net.play import SeatWatch
    from saga.screen.network import HostForm, JoinForm
    from saga.window.network import NetGame

    # A network game to play next: "host" or "join" asks how; a form's
    # answer given beforehand (the command line's) asks nothing.
    NetWish = str | HostForm | JoinForm

# Puts a recorder around each game's host, told the game's set-up.
HostWrapper = Callable[[Host, Setup], Host]

# The menu items a game in play answers itself; the program answers the rest.
LEAVING = ("new", "quit_title", "open", "host", "join")
RULES = ("runes", "spells", "swords", "treasures")
LATE_AFTER = 60.0  # seconds before the host's window warns that a seat's answer is late
IDLE_STEP = 0.05  # seconds the window answers its events between looks at the network


class Leave(GameAborted):
    """Leave the game in play: for the title screen, a game opened, or a network game.

    ``then`` is a network game to host or join next: ``"host"`` or
    ``"join"`` asks how, and the program may give the answer itself (the
    command line's ``--host`` or ``--join``)."""

    def __init__(
        self,
        state: GameState | None = None,
        path: Path | None = None,
        then: NetWish | None = None,
    ) -> None:
        super().__init__()
        self.state = state
        self.path = path
        self.then = then


class WindowGame:
    """A game in the window, from its first question to its end or its leaving.

    ``menu`` is the program's own menu, for the picks a game does not
    answer; ``dice`` the program's generator (None: the setup's seed, as a
    joiner plays the host's game); ``path`` where the game was opened from;
    ``record`` puts a recorder around its host; ``net`` makes it a network
    game; ``replay`` are a watched replay's answers (the window's only game
    then, with nothing to leave it for).  A hosted game warns its player
    when another machine's answer is ``late_after`` seconds late, and offers
    to play that seat here.
    """

    def __init__(
        self,
        ui: Ui,
        board: Board,
        config: Config,
        setup: Setup,
        text: Lookup,
        menu: Callable[[str], None],
        *,
        dice: RandomSource | None = None,
        path: Path | None = None,
        autosave: Path | None = None,
        record: HostWrapper | None = None,
        net: NetGame | None = None,
        replay: Sequence[Scripted] | None = None,
        late_after: float = LATE_AFTER,
    ) -> None:
        self.ui = ui
        self.config = config
        self.setup = setup
        self.t = net.text if net is not None else text
        self.program_menu = menu
        self.path = path
        self.net = net
        self.alone = replay is not None
        self.lockstep: LockstepHost | None = None
        self.late_after = late_after
        self.watch: SeatWatch | None = None  # a hosted game's: how late another seat's answer is
        self._late: tuple[tuple[int, int], float] | None = None  # the late answer, since when
        self._news: list[str] = []  # the rest of a line of news too long for one note
        self._codes_told: Callable[[], None] | None = None  # an online host's: tells new codes

        made = functools.partial(self._host, board, autosave, record, replay)
        self.session = Session(setup, self.t, made, dice)

    def _host(
        self,
        board: Board,
        autosave: Path | None,
        record: HostWrapper | None,
        replay: Sequence[Scripted] | None,
        g: Game,
    ) -> Host:
        """The game's host, made with its game: the screen host, inside the
        lockstep host for a network game, answered by a watched replay, recorded."""
        net = self.net
        self.screen = screen = ScreenHost(
            self.ui,
            board,
            self.t,
            self.config,
            g,
            autosave,
            self.menu,
            summary=self.summary,
            cheat=self._luck_cheat if net is None else None,  # one machine's luck would desync
            autoplay=replay is not None or (net is not None and not net.seats),
            shared=net is not None,
            interrupt=self._check if net is not None else None,
        )
        shown: Host = screen
        if net is not None:
            from saga.net.lockstep import LockstepHost

            shown = self.lockstep = LockstepHost(
                screen, net.link, net.seats, waiting=self._waiting, idle=self._idle, text=self.t
            )
            if net.hosting is not None:
                from saga.net.play import SeatWatch

                net.hosting.lockstep = self.lockstep  # which plays the seats it takes over
                stream = net.link.stream
                self.watch = SeatWatch(self.late_after, lambda: len(stream))
        if replay is not None:
            from saga.play.replay import ReplayHost

            shown = ReplayHost(shown, replay, screen.hand_over)
        return record(shown, self.setup) if record is not None else shown

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def ours(self) -> bool:
        """Whether the game is this machine's to leave for another (not a joiner's)."""
        return self.net is None or self.net.hosting is not None

    # -- playing ----------------------------------------------------------------

    def play(self) -> Leave | None:
        """Play until the game ends (None) or the player leaves it (what to play next).

        A network game that stops here says why; its link is closed on the
        way out, however the game ended."""
        ui = self.ui
        stops: tuple[type[NetStop], ...] = ()
        if self.net is not None:
            from saga.net.lockstep import NetStop

            stops = (NetStop,)
        self._enable(True)
        ui.clear()
        ui.draw_frame()
        ui.set_title("Saga")
        if self.setup.loaded and self.path is not None:
            self.screen.say(fm.loaded(self.t, self.path), P.WHITE)
        self._tell_new_codes()
        try:
            self.session.play()
            if self.lockstep is not None:
                self.lockstep.finish(self.session.state)
        except Leave as leave:
            return leave
        except stops as stop:
            self._stopped(stop)
            return Leave()
        finally:
            self._enable(False)
            if self.net is not None:
                from saga.net.protocol import HOST_LEFT

                self.net.end(HOST_LEFT)
        return None

    def _enable(self, on: bool) -> None:
        """The menu items of a game in play, while it is (and the program's again after)."""
        ui = self.ui
        ui.enable("summary", on=on)
        # A network game's turn prompt waits for nobody: it is saved as it stood then, at any time.
        ui.enable("save", "save_as", on=on and self.net is not None)
        ui.enable("quit_title", on=on and not self.alone)
        hosting = on and self.net is not None and self.net.hosting is not None
        ui.enable("take_over", "net_codes", on=hosting)
        # A watched replay has nothing to leave it for; a network game is the host's to leave.
        ui.enable("new", "open", "host", "join", on=not on or (self.ours and not self.alone))

    def _luck_cheat(self) -> None:
        self.session.luck_cheat()

    def _check(self) -> None:
        """Raise why the network game stopped, if it has (while the player is
        awaited); meanwhile, show the network's news."""
        if self.lockstep is not None:
            self.lockstep.check()
        self._show_news()

    def _tell_new_codes(self) -> None:
        """From the start of an online game's play, every new code its host
        makes is news ("New code for Brunhild: ..."): a seat left open again,
        a code burned by a wrong try, the spectators' used."""
        from saga.net.play import told_codes

        net = self.net
        hosting = net.hosting if net is not None else None
        if net is None or net.news is None or hosting is None or hosting.invitations is None:
            return
        invitations = hosting.invitations
        tell = told_codes(
            self.t, net.news, None, heading="MSG_NET_NEW_CODE", known=invitations.current()
        )
        self._codes_told = lambda: tell(invitations.current())

    def _show_news(self) -> None:
        """What the hosting machine's network told (who came or went, codes being
        guessed or made anew, a seat taken over), a note at a time in the title bar."""
        news = self.net.news if self.net is not None else None
        if self._codes_told is not None:
            self._codes_told()
        if news is None or self.ui.showing_note is not None:
            return
        if not self._news:
            line = news.next()
            if line is None:
                return
            self._news = wrap(line, TITLE_COLUMNS)
        self.ui.note(self._news.pop(0))

    def _waiting(self, hero: int) -> None:
        """Another machine's hero is asked: say so, and (hosting) time the answer."""
        self.screen.waiting(hero)
        if self.watch is not None:
            self.watch.waiting(hero)

    def _idle(self) -> None:
        """While another machine's answer is awaited: the window answers its
        events, and the host's player is warned of an answer that is late."""
        self.screen.idle(IDLE_STEP)
        self._show_news()
        if self.watch is not None:
            self._warn_if_late(self.watch)

    def _warn_if_late(self, watch: SeatWatch) -> None:
        """Warn that a seat's answer is late (its machine silent, or gone), and
        play the seat here if the host's player says so; if not, warn again
        once it is as late again."""
        from saga.engine import tables as T
        from saga.look.text import fill
        from saga.screen.network import late_window

        late = watch.overdue()
        net = self.net
        if late is None or net is None or net.hosting is None:
            return
        t, stream = self.t, net.link.stream
        name = T.HERO_NAMES[late]
        if self._late is None or self._late[0] != (late, watch.count):
            self._late = ((late, watch.count), watch.since)  # the answer first awaited then
        since = self._late[1]

        def lines() -> list[str]:
            waited = int(time.monotonic() - since)
            return [fill(t("MSG_NET_LATE"), name, waited), t("MSG_NET_LATE_ASK")]

        def answered() -> bool:
            return watch.overdue() is None or stream.stopped is not None

        if late_window(self.ui, t, lines, answered):
            waited = int(time.monotonic() - since)
            self._take({late}, fill(t("MSG_NET_NO_ANSWER"), waited))
        else:
            watch.waiting(late)  # asked again once it is as late again
        self.screen.redraw()

    def _stopped(self, stop: NetStop) -> None:
        """Say why the network game stopped here; a desync's files are kept for a report."""
        from saga.net.lockstep import Desynced
        from saga.net.play import report_desync
        from saga.window.network import stopped

        net = self.net
        assert net is not None
        lines: list[str] = []
        if isinstance(stop, Desynced):
            report_desync(stop, self.t, self.config.home, net.header, net.link, lines.append)
        else:
            lines.append(str(stop))
        stopped(self.ui, self.t, lines)

    # -- the menu items of a game in play ----------------------------------------

    def menu(self, key: str) -> None:
        """Carry out a menu pick made during the game."""
        if key in ("save", "save_as"):
            self.save(ask=key == "save_as")
        elif key == "summary":
            self.summary()
        elif key == "take_over":
            self.take_over()
        elif key == "net_codes":
            self.codes()
        elif key in RULES:
            from saga.screen.pages import rules_window  # loaded when first opened

            rules_window(self.ui, self.t, key, advanced=bool(self.session.state.advanced))
        elif key in LEAVING:
            if self._may_leave(key):
                if key == "host":
                    raise Leave(self.turn_start(), self.path, then="host")
                self.program_menu(key)  # which opens, or leaves for the title screen
        else:
            self.program_menu(key)

    def summary(self) -> None:
        """The game summary, opened as the original opens it: noting the
        scores of the turn in progress first, which its graph then shows."""
        self.session.note_scores()
        summary_window(self.ui, GameView(self.session.game), self.t)

    def take_over(self) -> None:
        """The host's player plays the seats left empty (their players dropped out) here."""
        hosting = self.net.hosting if self.net is not None else None
        if hosting is not None:
            self._take(hosting.server.open_seats(), self.t("MSG_NET_TOOK_SEAT"))

    def codes(self) -> None:
        """The hosting machine's Network codes window: what lets a machine in now
        (an online game's codes, or the join code and addresses), read from
        the hosting itself, until its player closes it."""
        net = self.net
        if net is None or net.hosting is None or net.news is None:
            return
        from saga.window.network import show_codes

        show_codes(self.ui, self.t, net.hosting, net.news, waiting=False)

    def _take(self, heroes: frozenset[int] | set[int], why: str) -> None:
        """Play these seats here from now on (Hosting.take_over); a host that
        watched until now answers from here on."""
        hosting = self.net.hosting if self.net is not None else None
        if hosting is not None and hosting.take_over(heroes, why):
            self.screen.hand_over()

    def turn_start(self) -> GameState | None:
        """The game as it stood at the start of the turn (where it was saved
        last, and where every machine can start it alike): what Host game...
        hosts when picked in a game."""
        saved = self.screen.turn_start
        return savefile.decode(saved) if saved is not None else None

    def save(self, ask: bool) -> None:
        """Save the game where it was opened or saved last (or where the player says).

        A local game is saved at its turn prompt, as the original allows; a
        network game at any time, as it stood at the start of the turn (the
        same bytes on every machine)."""
        state = self.session.state if self.net is None else self.turn_start()
        if state is None:
            return
        t, path = self.t, self.path
        if ask or path is None:
            from saga.screen.files import choose_file  # the file requester, once asked for

            folder = path.parent if path else self.config.home
            path = choose_file(self.ui, t, t("MSG_SAVE_GAME"), folder, path.name if path else "")
            if path is None:
                return
        if path.suffix.lower() != ".saga":
            path = path.with_name(path.name + ".saga")
        if fm.save_game(self.ui, self.screen.say, t, path, state):
            self.path = path

    def _may_leave(self, key: str) -> bool:
        """Ask before New, Open, Quit to title, Host or Join throws away the game in play."""
        t = self.t
        titles = {"new": "MSG_MENU_NEW", "open": "MSG_MENU_OPEN"}
        titles.update(host="MSG_MENU_HOST", join="MSG_MENU_JOIN")
        title = titles.get(key, "MSG_MENU_QUIT_TITLE")
        lines = [(t("MSG_LEAVE_GAME"), P.BLACK)]
        if self.net is not None and self.net.hosting is not None:
            lines.append((t("MSG_NET_END_FOR_ALL"), P.BLACK))
        return ask_yes_no(self.ui, t(title), lines, yes=t("MSG_YES"), no=t("MSG_NO"))
