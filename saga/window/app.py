"""The windowed game: title screen, play, game over, and round again.

The menus work as on the Amiga: Project (new game, open, save, quit),
Settings (title bar, watching the Amiga move) and Help.  Saving is offered
at the start of a turn, as the original allows; leaving a game is possible
at any question, so no game can trap its player.
"""

from __future__ import annotations

import contextlib
import functools
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from amiga.display import Screen
from amiga.input import IDCMP, EventSource
from amiga.intuition import Menu, MenuItem, bar
from saga.art import WINDOW_ICON
from saga.art.kit import Art, OwnArt
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.host import Host
from saga.engine.rng import Lcg64
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files import savefile
from saga.files.config import Config, ForgetSettings, SettingsStore
from saga.files.places import AUTOSAVE
from saga.look.text import Lookup, Notice, warn
from saga.screen import pens as P
from saga.screen.board import Board
from saga.screen.gameover import draw_game_over
from saga.screen.title import TitleScreen
from saga.screen.ui import HEIGHT, WIDTH, GameAborted, QuitProgram, Ui
from saga.screen.windows import ask_yes_no, dismisses
from saga.window import filemessages as fm
from saga.window.host import ScreenHost, show_summary

GAME_OVER_REST = 1.0  # seconds the game-over screen takes no input, as the original's

# Puts a recorder or a replay around each game's screen host, told the game's set-up.
HostWrapper = Callable[[ScreenHost, Setup], Host]

if TYPE_CHECKING:  # the network's modules (asyncio) load only when a network game is wanted
    from saga.net.lockstep import LockstepHost, NetStop
    from saga.window.network import NetGame, Network


class Leave(GameAborted):
    """Leave the game in progress, perhaps for one just opened."""

    def __init__(
        self, state: GameState | None = None, path: Path | None = None, then: str | None = None
    ) -> None:
        super().__init__()
        self.state = state
        self.path = path
        self.then = then  # a network game to host or join next


class App:
    """The program: its menus, the title screen and the games played.

    What the player changes in a menu or on the title screen goes to
    ``store``; nothing else is ever kept.
    """

    def __init__(
        self,
        ui: Ui,
        config: Config,
        text: Lookup,
        dice: Lcg64,
        *,
        store: SettingsStore | None = None,
        wrap_host: HostWrapper | None = None,
        autosave: Path | None = None,
        network: Network | None = None,
    ) -> None:
        self.ui = ui
        # The start-of-turn autosave: another name when another game plays in the folder.
        self.autosave = autosave or config.home / AUTOSAVE
        self.config = config
        self.store = store or ForgetSettings()  # keeps the player's changes of settings
        self.t = text
        self.dice = dice  # every game of the run draws from it in turn
        self.wrap_host = wrap_host
        self.session: Session | None = None  # the game in play
        self.path: Path | None = None  # where the game in play was opened or saved
        self.once = False  # playing one game only (a watched replay), no title screen
        self._network = network  # network play, made when first wanted
        self.net: NetGame | None = None  # the network game in play
        self.screen_host: ScreenHost | None = None  # the game in play's
        self.then: str | None = None  # "host" or "join": what the player picked in a game
        ui.set_menus(self._menus())
        ui.take_screenshot = self._screenshot
        ui.show_title = config.titlebar
        P.install(ui.screen.palette, ui.art.fixed_colours())  # the map's come with the board

    @functools.cached_property
    def board(self) -> Board:
        """The map, loaded for the first game: the title screen shows none of it,
        and decoding it (with the IFF reader behind it) would only delay the
        first frame."""
        return Board(self.ui)

    def _menus(self) -> list[Menu]:
        t, config = self.t, self.config

        def item(
            key: str,
            label: str,
            shortcut: str = "",
            enabled: bool = True,
            checked: bool | None = None,
        ) -> MenuItem:
            shown = t(shortcut) if shortcut.startswith("MSG_") else shortcut
            return MenuItem(key, t(label), shown, enabled, checked)

        return [
            Menu(
                t("MSG_MENU_PROJECT"),
                [
                    item("new", "MSG_MENU_NEW", "MSG_KEY_NEW"),
                    item("open", "MSG_MENU_OPEN", "MSG_KEY_OPEN"),
                    bar(),
                    item("host", "MSG_MENU_HOST"),
                    item("join", "MSG_MENU_JOIN"),
                    item("take_over", "MSG_NET_TAKE_OVER", enabled=False),
                    bar(),
                    item("save", "MSG_MENU_SAVE", "MSG_KEY_SAVE", enabled=False),
                    item("save_as", "MSG_MENU_SAVE_AS", "MSG_KEY_SAVE_AS", enabled=False),
                    bar(),
                    item("quit_title", "MSG_MENU_QUIT_TITLE", enabled=False),
                    item("quit", "MSG_MENU_QUIT", "MSG_KEY_QUIT"),
                ],
            ),
            Menu(
                t("MSG_MENU_SETTINGS"),
                [
                    item(
                        "titlebar", "MSG_SHOW_TITLEBAR", "MSG_KEY_TITLEBAR", checked=config.titlebar
                    ),
                    bar(),
                    item("watch", "MSG_WATCH_AMIGA", "MSG_KEY_WATCH", checked=config.watch_amiga),
                    bar(),
                    item("stretch", "MSG_STRETCH", checked=config.stretch),
                    item("scanlines", "MSG_SCANLINES", checked=config.scanlines),
                    bar(),
                    item("original", "MSG_MENU_ORIGINAL"),
                    item("own_art", "MSG_MENU_OWN_PICTURES", enabled=self._original_shown),
                ],
            ),
            Menu(
                t("MSG_MENU_HELP"),
                [
                    item("summary", "MSG_MENU_SUMMARY", "MSG_KEY_SUMMARY", enabled=False),
                    bar(),
                    item("runes", "MSG_MENU_RUNES", "1"),
                    item("spells", "MSG_MENU_SPELLS", "2"),
                    item("swords", "MSG_MENU_SWORDS", "3"),
                    item("treasures", "MSG_MENU_TREASURES", "4"),
                    bar(),
                    item("manual", "MSG_MENU_MANUAL", "MSG_KEY_MANUAL"),
                    bar(),
                    item("about", "MSG_MENU_ABOUT", "MSG_KEY_ABOUT"),
                ],
            ),
        ]

    # -- the rounds of title screen and game ---------------------------------

    def run(
        self, setup: Setup, path: Path | None, once: bool = False, notices: Sequence[Notice] = ()
    ) -> None:
        """Play rounds of title screen and game; ``once`` plays ``setup``'s game
        alone, with no title screen (a watched replay).

        Otherwise the title screen starts from ``setup``'s heroes.  The
        start-up ``notices`` (a bad hero word, a bad line of the settings)
        come first, in a requester over the title screen, as 1.95 shows them.
        A saved game named by ``path`` alone (from the command line) is opened
        next; if it fails, its requester says why, stderr too (as for the other
        start-up warnings, and as ``--headless`` says it), and the title screen
        follows.
        """
        self.config.controls = list(setup.controls)
        self.path = path
        self.once = once
        state = setup.state
        if once:
            self._play(state, first=setup)
            return
        if notices:
            self._title_screen().draw()
            fm.tell(self.ui, self.t, notices)
        if state is None and path is not None:
            self._title_screen().draw()  # 1.95 loads it with the title screen up
            state, self.path = self._load(path, starting=True) or (None, None)
        while True:
            if self.then is not None:
                action, self.then = self.then, None
                state = self._network_game(action, state)
                continue
            if state is None:
                choice = self._title_screen().run()
                if choice.action == "quit":
                    return
                if choice.action in ("host", "join"):
                    state = self._network_game(choice.action)
                    continue
                if choice.action == "open":
                    opened = self._open()
                    if opened is None:
                        continue
                    state, self.path = opened
                else:
                    self.path = None
            state = self._play(state)

    def _title_screen(self) -> TitleScreen:
        return TitleScreen(self.ui, self.config, self.t, self.menu, self.store.remember)

    def _setup(self, state: GameState | None) -> Setup:
        """The game the settings make (or the saved one), on the run's dice."""
        config = self.config
        if state is not None:
            return Setup.continuing(self.dice.state, state, config.fixes)
        return Setup(
            self.dice.state, tuple(config.controls), config.turns, config.advanced, config.fixes
        )

    @property
    def network(self) -> Network:
        if self._network is None:
            from saga.net.online import Servers
            from saga.window.network import Network  # no network code before it is wanted

            self._network = Network(servers=Servers(self.config.mailbox, self.config.relay))
        return self._network

    def _network_game(self, action: str, state: GameState | None = None) -> GameState | None:
        """Host or join a network game (hosting ``state``, a game left for it, or a
        new one), and play it; returns a game opened meanwhile."""
        if action == "host":
            net = self.network.host(self.ui, self.t, self._setup(state))
        else:
            net = self.network.join(self.ui, self.t)
        if net is None:
            return None
        return self._play(net.setup.state, net)

    def _play(
        self, state: GameState | None, net: NetGame | None = None, first: Setup | None = None
    ) -> GameState | None:
        """Play a game (a network one: ``net``; or exactly ``first``); return
        the next one to play if the player opened one."""
        ui, config = self.ui, self.config
        setup = net.setup if net is not None else first or self._setup(state)
        text = self.t if net is None else net.text
        lockstep: list[LockstepHost] = []
        stops: tuple[type[NetStop], ...] = ()  # what ends a network game
        if net is not None:
            from saga.net.lockstep import LockstepHost, NetStop

            stops = (NetStop,)

        def hosting(g: Game) -> Host:
            host = ScreenHost(ui, self.board, text, config, g, self.autosave, self.menu)
            self.screen_host = host
            shown: Host = host
            if net is not None:
                host.cheats = False
                host.autoplay = not net.seats  # a spectator's turn prompts only pause
                lockstep.append(
                    LockstepHost(
                        host,
                        net.link,
                        net.seats,
                        waiting=host.waiting,
                        idle=lambda: host.idle(0.05),
                    )
                )
                host.interrupt = lockstep[0].check
                shown = lockstep[0]
                if net.hosting is not None:
                    net.hosting.lockstep = lockstep[0]
            return self.wrap_host(shown, setup) if self.wrap_host else shown  # type: ignore[arg-type]

        dice = self.dice if net is None or net.hosting is not None else None
        session = self.session = Session(setup, text, hosting, dice)
        self.net = net
        ui.enable("summary", on=True)
        # A watched replay is its window's only game: nothing to leave it for;
        # a network game is the host's to leave for another.
        mine = not self.once and (net is None or net.hosting is not None)
        ui.enable("new", "open", "host", "join", on=mine)
        ui.enable("take_over", on=net is not None and net.hosting is not None)
        ui.enable("quit_title", on=not self.once)
        ui.clear()
        ui.draw_frame()
        ui.set_title("Saga")
        if state is not None and self.path is not None:
            session.game.host.say(fm.loaded(self.t, self.path), P.WHITE)
        try:
            session.play()
            if lockstep:
                lockstep[0].finish(session.state)
        except Leave as leave:
            self.then = leave.then
            return leave.state
        except GameAborted:
            return None
        except stops as stop:
            assert net is not None
            self._net_stopped(stop, net)
            return None
        finally:
            ui.enable("quit_title", "summary", on=False)
            ui.enable("new", "open", "host", "join", on=True)
            ui.enable("take_over", on=False)
            self.session = None
            self.screen_host = None
            if net is not None:
                net.end("the host left the game")
            self.net = None
        return self._game_over(session) if session.over else None

    def _net_stopped(self, stop: NetStop, net: NetGame) -> None:
        """Say why a network game stopped here; a desync's files are kept for a report."""
        from saga.net.lockstep import Desynced
        from saga.net.play import report_desync
        from saga.window.network import stopped

        lines: list[str] = []
        if isinstance(stop, Desynced):
            report_desync(stop, self.config.home, net.header, net.link, lines.append)
        else:
            lines.append(str(stop))
        stopped(self.ui, self.t, lines)

    def _game_over(self, session: Session) -> GameState | None:
        """The final scores until a click or a key; return a game opened meanwhile.

        As in 1.95, the menus work here, Back to the title screen included,
        and input from before the screen has been up a second is thrown away,
        so that the last answer's spare keys do not skip the scores.
        """
        ui = self.ui
        scores = session.scores()
        playing = [(h.name, scores[h.index]) for h in session.state.heroes if h.control != T.NONE]
        draw_game_over(ui, self.t, playing, session.game_over_line())
        ui.enable("quit_title", on=not self.once)
        try:
            ui.rest(GAME_OVER_REST)
            ui.discard_pending()
            with ui.ticking(False):  # nothing moves here: the window sleeps until input
                while True:
                    message = ui.next_message(None)
                    if message is not None and message.idcmp == IDCMP.MENUPICK:
                        self.menu(ui.picked)
                    elif message is not None and dismisses(message):
                        return None
        except Leave as leave:  # Back to the title screen, New or Open
            return leave.state
        finally:
            ui.enable("quit_title", on=False)

    # -- the menus ------------------------------------------------------------

    def menu(self, key: str) -> None:
        """Carry out a menu pick (the title screen handles New and Open itself)."""
        self._menu_actions[key](key)

    @functools.cached_property
    def _menu_actions(self) -> dict[str, Callable[[str], None]]:
        """What each menu item does, by its key; each is told the key picked."""
        ui = self.ui
        actions: dict[str, Callable[[str], None]] = {
            "quit": self._quit,
            "new": self._leave,
            "quit_title": self._leave,
            "open": self._open_instead,
            "host": self._leave_for,
            "join": self._leave_for,
            "take_over": self._take_over,
            "save": self._save_from_menu,
            "save_as": self._save_from_menu,
            "summary": self._summary,
            "manual": self._window,
            "about": self._window,
            "original": self._choose_original,
            "own_art": lambda key: self._use_art(OwnArt(), ""),
        }
        for key in ("titlebar", "watch", "stretch", "scanlines"):
            actions[key] = lambda key: self._setting(key, bool(ui.menu_item(key).checked))
        for key in ("runes", "spells", "swords", "treasures"):
            actions[key] = self._rules
        return actions

    def _quit(self, key: str) -> None:
        raise QuitProgram

    def _leave(self, key: str) -> None:
        """New game or Back to the title screen: leave the game in play, if the player agrees."""
        if self._may_leave(key):
            raise Leave()

    def _take_over(self, key: str) -> None:
        """The host plays the seats left empty (their players dropped out) here."""
        hosting = self.net.hosting if self.net is not None else None
        if hosting is not None:
            hosting.take_over(hosting.server.open_seats(), "the host's player took the seat")

    def _leave_for(self, key: str) -> None:
        """Host or join a network game (leaving the one in play, if the player agrees).

        Host game... picked in a game hosts that game, as it stood at the start
        of the turn (where it was saved last, and where every machine can
        start it alike)."""
        if not self._may_leave(key):
            return
        state = None
        shown = self.screen_host
        if key == "host" and shown is not None and shown.turn_start is not None:
            state = savefile.decode(shown.turn_start)
        raise Leave(state, then=key)

    def _open_instead(self, key: str) -> None:
        """Open a saved game, leaving the one in play (if the player agrees) for it."""
        if not self._may_leave(key):
            return
        opened = self._open()
        if opened is not None:
            state, self.path = opened
            raise Leave(state)

    def _save_from_menu(self, key: str) -> None:
        if self.session is not None:
            self._save(ask=key == "save_as")

    def _summary(self, key: str) -> None:
        if self.session is not None:
            show_summary(self.ui, self.session.game, self.t)

    def _window(self, key: str) -> None:
        """The manual or About Saga (loaded when first opened, as the title needs neither)."""
        from saga.screen.about import about_window
        from saga.screen.manual import manual_window

        (manual_window if key == "manual" else about_window)(self.ui, self.t)

    def _rules(self, key: str) -> None:
        """A page of the rulebook (loaded when first opened)."""
        from saga.screen.pages import rules_window

        advanced = self.session.state.advanced if self.session else self.config.advanced
        rules_window(self.ui, self.t, key, advanced=advanced)

    @property
    def _original_shown(self) -> bool:
        return not isinstance(self.ui.art, OwnArt)

    def _choose_original(self, key: str) -> None:
        """Use the original's pictures...: the player's copy of Saga 1.95, through the
        file requester; what cannot be used of it is said in a requester."""
        t, ui = self.t, self.ui
        # At the copy in use (--original or ORIGINAL=, as the command line found it).
        kept = Path(self.config.original).expanduser() if self.config.original else None
        folder, name = (kept.parent, kept.name) if kept is not None else (Path.home(), "")
        from saga.screen.files import choose_file  # the file requester, once asked for

        path = choose_file(
            ui, t, t("MSG_ORIGINAL_CHOOSE"), folder, name, pattern="#?", drawers=True
        )
        if path is None:
            return
        from saga.original import load  # the copy's readers come only when a copy is named

        loaded = load(path)
        if loaded.usable:  # in the copy's colours before its requester shows
            self._use_art(loaded.art, str(path.resolve()))
        if loaded.notices():
            fm.tell(ui, t, loaded.notices())
        if loaded.usable:
            ui.note(f"{t('MSG_ORIGINAL_IN_USE')} {path.name}")

    def _use_art(self, art: Art, original: str) -> None:
        """Draw with ``art`` from now on, and keep where it came from ("": our own)."""
        ui = self.ui
        ui.art = art
        P.install(ui.screen.palette, art.fixed_colours())
        ui.frame_colour(ui.frame_hero)
        if "board" in self.__dict__:  # a board made already takes the new map and counters
            self.board.use_art()
        ui.enable("own_art", on=self._original_shown)
        self.config.original = original
        self.store.remember(original=original)

    def _setting(self, key: str, on: bool) -> None:
        """A check item of the Settings menu: apply it, and keep it."""
        ui, presenter = self.ui, self.ui.presenter
        field = "watch_amiga" if key == "watch" else key  # the others are named as their fields
        setattr(self.config, field, on)
        if key == "titlebar":
            ui.set_show_title(on)
        elif key == "stretch" and presenter is not None:
            presenter.set_stretch(on)
        elif key == "scanlines" and presenter is not None:
            presenter.set_scanlines(on)
        self.store.remember(**{field: on})

    def _may_leave(self, key: str) -> bool:
        """Ask before New, Open or Quit to title throws away a game in play."""
        if self.session is None:
            return True
        t = self.t
        titles = {"new": "MSG_MENU_NEW", "open": "MSG_MENU_OPEN"}
        titles.update(host="MSG_MENU_HOST", join="MSG_MENU_JOIN")
        title = titles.get(key, "MSG_MENU_QUIT_TITLE")
        lines = [(t("MSG_LEAVE_GAME"), P.BLACK)]
        if self.net is not None and self.net.hosting is not None:
            lines.append((t("MSG_NET_END_FOR_ALL"), P.BLACK))
        return ask_yes_no(self.ui, t(title), lines, yes=t("MSG_YES"), no=t("MSG_NO"))

    def _open(self) -> tuple[GameState, Path] | None:
        from saga.screen.files import choose_file  # the file requester, once asked for

        t = self.t
        folder = self.path.parent if self.path else self.config.home
        path = choose_file(self.ui, t, t("MSG_OPEN_GAME"), folder)
        return None if path is None else self._load(path)

    def _load(self, path: Path, starting: bool = False) -> tuple[GameState, Path] | None:
        """The saved game at ``path``, or None once a requester has said why not
        (and, ``starting`` up, stderr in English)."""
        try:
            return savefile.load(path), path
        except savefile.SaveFileError as e:
            if starting:
                warn(str(e))
            fm.complain(self.ui, self.t, *fm.open_failed(self.t, path, e))
            return None

    def _screenshot(self) -> str:
        """Print Screen: the screen into ``Screenshots`` beside the saved games;
        returns the note for the title bar."""
        from amiga.display.screenshot import save_screenshot  # the IFF writer, once asked

        t, ui = self.t, self.ui
        folder = self.config.home / "Screenshots"
        scale = ui.presenter.scale if ui.presenter is not None else 1
        try:
            iff, png = save_screenshot(ui.screen, folder, "Saga", scale=scale)
        except OSError as e:
            return f"{t('MSG_CANT_WRITE')} {folder}: {e.strerror or e}"
        return f"{t('MSG_SAVED')} {folder.name}/{iff.name}, {png.name}"

    def _save(self, ask: bool) -> None:
        t, session, path = self.t, self.session, self.path
        if session is None:
            return
        if ask or path is None:
            from saga.screen.files import choose_file  # the file requester, once asked for

            folder = path.parent if path else self.config.home
            path = choose_file(self.ui, t, t("MSG_SAVE_GAME"), folder, path.name if path else "")
            if path is None:
                return
        if path.suffix.lower() != ".saga":
            path = path.with_name(path.name + ".saga")
        if fm.save_game(self.ui, session.game.host.say, t, path, session.state):
            self.path = path


def run_window(
    config: Config,
    setup: Setup,
    text: Lookup,
    path: Path | None = None,
    source: EventSource | None = None,
    *,
    store: SettingsStore | None = None,
    wrap_host: HostWrapper | None = None,
    once: bool = False,
    autosave: Path | None = None,
    notices: Sequence[Notice] = (),
    art: Art | None = None,
) -> int:
    """Open the window and play until the player quits; returns the exit status.

    Settings reach ``store`` only when the player changes them; nothing is
    written at the end.  SIGTERM and SIGINT end the program as closing the
    window does, at the next message, so the last autosave stays whole.
    """
    from amiga.display.present import Presenter
    from amiga.input.pygame_source import PygameEventSource

    # Before the display opens, so that SDL leaves these signals to us.
    with contextlib.suppress(QuitProgram), _quit_on_signals():
        screen = Screen(WIDTH, HEIGHT, depth=7, halfbrite=True)
        presenter = Presenter(
            screen,
            "Saga",
            scale=config.scale or None,
            fullscreen=config.fullscreen,
            stretch=config.stretch,
            scanlines=config.scanlines,
            icon=resources.files("saga.art").joinpath(WINDOW_ICON).read_bytes(),
        )
        try:
            source = source if source is not None else PygameEventSource(presenter)
            ui = Ui(source, presenter, screen, art)
            app = App(
                ui,
                config,
                text,
                Lcg64(setup.seed),
                store=store,
                wrap_host=wrap_host,
                autosave=autosave,
            )
            app.run(setup, path, once, notices)
        finally:
            presenter.close()
    return 0


@contextlib.contextmanager
def _quit_on_signals() -> Iterator[None]:
    """Turn SIGTERM and SIGINT into a window-close message while the window is open."""
    import pygame

    def close(signum: int, frame: object) -> None:
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        else:
            raise QuitProgram

    wanted = [signal.SIGINT, signal.SIGTERM]
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may handle signals
        return
    previous = {number: signal.signal(number, close) for number in wanted}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
