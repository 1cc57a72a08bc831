"""The windowed game: title screen, play, game over, and round again.

The menus work as on the Amiga: Project (new game, open, save, quit),
Settings (title bar, watching the Amiga move) and Help.  Saving is offered
at the start of a turn, as the original allows; leaving a game is possible
at any question, so no game can trap its player.  A game in play is a
:class:`~saga.window.game.WindowGame`, which answers its own menu items.
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
from saga.screen.ui import HEIGHT, WIDTH, QuitProgram, Ui
from saga.screen.windows import dismisses
from saga.window import filemessages as fm
from saga.window.game import LATE_AFTER, RULES, HostWrapper, Leave, WindowGame

GAME_OVER_REST = 1.0  # seconds the game-over screen takes no input, as the original's

if TYPE_CHECKING:  # the network's modules (asyncio) load only when a network game is wanted
    from saga.files.replayfile import Answer as Scripted
    from saga.files.replayfile import Replay
    from saga.net.online import Servers
    from saga.window.game import NetWish
    from saga.window.network import NetGame, Network


class App:
    """The program: its screen, settings and menus, and the rounds of title
    screen and game (each game a :class:`WindowGame`, made and played here).

    What the player changes in a menu or on the title screen goes to
    ``store``; nothing else is ever kept, and nothing of a game comes back
    into ``config``.  Each new game's :class:`Setup` is made from the
    settings as the player left them, on the program's ``dice``.
    """

    def __init__(
        self,
        ui: Ui,
        config: Config,
        text: Lookup,
        dice: Lcg64,
        *,
        store: SettingsStore | None = None,
        record: HostWrapper | None = None,
        autosave: Path | None = None,
        network: Network | None = None,
        servers: Servers | None = None,
        late_after: float = LATE_AFTER,
    ) -> None:
        self.ui = ui
        # The start-of-turn autosave: another name when another game plays in the folder.
        self.autosave = autosave or config.home / AUTOSAVE
        self.config = config
        self.store = store or ForgetSettings()  # keeps the player's changes of settings
        self.t = text
        self.dice = dice  # every game of the run draws from it in turn
        self.record = record
        self.folder = config.home  # where the file requester opens: the last file's folder
        self._network = network  # network play, made when first wanted
        self.servers = servers  # an online game's servers (None: Saga.config's)
        self.late_after = late_after  # a hosted game warns of an answer this late (seconds)
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
                    item("net_codes", "MSG_MENU_NET_CODES", enabled=False),
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
        self,
        path: Path | None = None,
        *,
        network: NetWish | None = None,
        notices: Sequence[Notice] = (),
    ) -> None:
        """Play rounds of title screen and game until the player quits.

        The start-up ``notices`` (a bad hero word, a bad line of the
        settings) come first, in a requester over the title screen, as 1.95
        shows them.  A saved game named by ``path`` (from the command line)
        is opened next; if it fails, its requester says why, stderr too (as
        for the other start-up warnings, and as ``--headless`` says it), and
        the title screen follows.  ``network`` hosts (that saved game, or a
        new one of the settings) or joins a network game first.
        """
        if notices:
            self._title_screen().draw()
            fm.tell(self.ui, self.t, notices)
        following = Leave(then=network)
        if path is not None:
            self._title_screen().draw()  # 1.95 loads it with the title screen up
            opened = self._load(path, starting=True)  # if it fails, the title screen follows
            following = Leave(*opened, then=network) if opened is not None else Leave()
        while (next_round := self._round(following)) is not None:
            following = next_round

    def watch(self, replay: Replay) -> None:
        """Play a replay's game alone, with no title screen (the window's only game):
        it answers for the humans, and its player takes over where it ends."""
        game = self._game(replay.setup(), replay=replay.answers)
        if game.play() is None and game.over:
            self._game_over(game.session, alone=True)

    def _round(self, following: Leave) -> Leave | None:
        """One round: the title screen (unless a game is to follow at once), then
        a game; returns what follows it, or None when the player quits."""
        if following.then is not None:
            return self._network_game(following.then, following.state, following.path)
        state, path = following.state, following.path
        if state is None:
            choice = self._title_screen().run()
            if choice.action == "quit":
                return None
            if choice.action in ("host", "join"):
                return Leave(then=choice.action)
            if choice.action == "open":
                opened = self._open()
                if opened is None:
                    return Leave()
                state, path = opened
        return self._play(self._game(self._setup(state), path=path))

    def _title_screen(self) -> TitleScreen:
        return TitleScreen(self.ui, self.config, self.t, self.menu, self.store.remember)

    def _setup(self, state: GameState | None) -> Setup:
        """A new game of the settings as they stand (or the saved one), on the run's dice."""
        config = self.config
        if state is not None:
            return Setup.continuing(self.dice.state, state, config.fixes)
        return Setup(
            self.dice.state, tuple(config.controls), config.turns, config.advanced, config.fixes
        )

    def _game(
        self,
        setup: Setup,
        *,
        path: Path | None = None,
        net: NetGame | None = None,
        replay: Sequence[Scripted] | None = None,
    ) -> WindowGame:
        """A game in the window; it draws from the run's dice unless it is
        another machine's (a joiner plays the host's seed)."""
        joined = net is not None and net.hosting is None
        return WindowGame(
            self.ui,
            self.board,
            self.config,
            setup,
            self.t,
            self.menu,
            dice=None if joined or replay is not None else self.dice,
            path=path,
            autosave=self.autosave,
            record=self.record,
            net=net,
            replay=replay,
            late_after=self.late_after,
        )

    def _play(self, game: WindowGame) -> Leave:
        """Play a game and its final scores; returns what follows."""
        left = game.play()
        if game.path is not None:
            self.folder = game.path.parent
        if left is not None:
            return left
        if game.over:
            return self._game_over(game.session)
        return Leave()

    @property
    def network(self) -> Network:
        if self._network is None:
            from saga.net.online import Servers
            from saga.window.network import Network  # no network code before it is wanted

            servers = self.servers or Servers(self.config.mailbox, self.config.relay)
            self._network = Network(servers=servers)
        return self._network

    def _network_game(self, wish: NetWish, state: GameState | None, path: Path | None) -> Leave:
        """Host (``state``, a game left for it or opened, or a new one) or join
        a network game, and play it."""
        from saga.screen.network import HostForm, JoinForm

        if wish == "host" or isinstance(wish, HostForm):
            asked = wish if isinstance(wish, HostForm) else None
            net = self.network.host(self.ui, self.t, self._setup(state), asked)
        else:
            net = self.network.join(self.ui, self.t, wish if isinstance(wish, JoinForm) else None)
        if net is None:
            return Leave()
        return self._play(self._game(net.setup, path=path, net=net))

    def _game_over(self, session: Session, alone: bool = False) -> Leave:
        """The final scores until a click or a key; returns what follows.

        As in 1.95, the menus work here, Back to the title screen included,
        and input from before the screen has been up a second is thrown away,
        so that the last answer's spare keys do not skip the scores.
        """
        ui = self.ui
        scores = session.scores()
        playing = [(h.name, scores[h.index]) for h in session.state.heroes if h.control != T.NONE]
        draw_game_over(ui, self.t, playing, session.game_over_line())
        ui.enable("quit_title", on=not alone)
        try:
            ui.rest(GAME_OVER_REST)
            ui.discard_pending()
            with ui.ticking(False):  # nothing moves here: the window sleeps until input
                while True:
                    message = ui.next_message(None)
                    if message is not None and message.idcmp == IDCMP.MENUPICK:
                        self.menu(ui.picked)
                    elif message is not None and dismisses(message):
                        return Leave()
        except Leave as leave:  # Back to the title screen, New or Open
            return leave
        finally:
            ui.enable("quit_title", on=False)

    # -- the menus ------------------------------------------------------------

    def menu(self, key: str) -> None:
        """Carry out a menu pick with no game in play (a game answers its own
        items first, see :meth:`WindowGame.menu`; the title screen handles
        New and Open itself)."""
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
            "host": self._leave,
            "join": self._leave,
            "manual": self._window,
            "about": self._window,
            "original": self._choose_original,
            "own_art": lambda key: self._use_art(OwnArt(), ""),
        }
        for key in ("titlebar", "watch", "stretch", "scanlines"):
            actions[key] = lambda key: self._setting(key, bool(ui.menu_item(key).checked))
        for key in RULES:
            actions[key] = self._rules
        for key in ("save", "save_as", "summary", "take_over", "net_codes"):
            actions[key] = _no_game  # only a game in play has them enabled
        return actions

    def _quit(self, key: str) -> None:
        raise QuitProgram

    def _leave(self, key: str) -> None:
        """New game, Back to the title screen, or Host or Join a network game."""
        raise Leave(then=key if key in ("host", "join") else None)

    def _open_instead(self, key: str) -> None:
        """Open a saved game and play it (the requester may be cancelled)."""
        opened = self._open()
        if opened is not None:
            raise Leave(*opened)

    def _window(self, key: str) -> None:
        """The manual or About Saga (loaded when first opened, as the title needs neither)."""
        from saga.screen.about import about_window
        from saga.screen.manual import manual_window

        (manual_window if key == "manual" else about_window)(self.ui, self.t)

    def _rules(self, key: str) -> None:
        """A page of the rulebook (loaded when first opened)."""
        from saga.screen.pages import rules_window

        rules_window(self.ui, self.t, key, advanced=self.config.advanced)

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

    def _open(self) -> tuple[GameState, Path] | None:
        from saga.screen.files import choose_file  # the file requester, once asked for

        t = self.t
        path = choose_file(self.ui, t, t("MSG_OPEN_GAME"), self.folder)
        return None if path is None else self._load(path)

    def _load(self, path: Path, starting: bool = False) -> tuple[GameState, Path] | None:
        """The saved game at ``path``, or None once a requester has said why not
        (and, ``starting`` up, stderr in English)."""
        try:
            opened = savefile.load(path), path
        except savefile.SaveFileError as e:
            if starting:
                warn(str(e))
            fm.complain(self.ui, self.t, *fm.open_failed(self.t, path, e))
            return None
        self.folder = path.parent
        return opened

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


def _no_game(key: str) -> None:
    pass


def run_window(
    config: Config,
    text: Lookup,
    seed: int,
    path: Path | None = None,
    source: EventSource | None = None,
    *,
    store: SettingsStore | None = None,
    record: HostWrapper | None = None,
    watch: Replay | None = None,
    network: NetWish | None = None,
    servers: Servers | None = None,
    late_after: float = LATE_AFTER,
    autosave: Path | None = None,
    notices: Sequence[Notice] = (),
    art: Art | None = None,
) -> int:
    """Open the window and play until the player quits; returns the exit status.

    ``config`` holds the settings of the run (the command line's included),
    from which each new game is made; ``seed`` starts the run's dice.
    ``path`` is a saved game to open first, ``network`` a network game to
    host or join first (``servers``: an online game's, else Saga.config's;
    a hosted one warns of an answer ``late_after`` seconds late), and
    ``watch`` a replay to watch alone (no title screen).  Settings reach
    ``store`` only when the player changes them; nothing is written at the
    end.  SIGTERM and SIGINT end the program as closing the window does, at
    the next message, so the last autosave stays whole.
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
                Lcg64(seed),
                store=store,
                record=record,
                autosave=autosave,
                servers=servers,
                late_after=late_after,
            )
            if watch is not None:
                app.watch(watch)
            else:
                app.run(path, network=network, notices=notices)
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
