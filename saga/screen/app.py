"""The windowed game: title screen, play, game over, and round again.

The menus work as on the Amiga: Project (new game, open, save, quit),
Settings (title bar, watching the Amiga move) and Help.  Saving is offered
at the start of a turn, as the original allows; leaving a game is possible
at any question, so no game can trap its player.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from amiga.display import Screen
from amiga.input import EventSource
from saga import config as configuration
from saga import savefile
from saga.config import Config
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.placement import start_game
from saga.engine.rng import RandomSource
from saga.engine.state import GameState
from saga.engine.turn import final_scores, play
from saga.host import Host
from saga.screen import pens as P
from saga.screen.board import Board
from saga.screen.files import choose_file
from saga.screen.host import ScreenHost
from saga.screen.title import TitleScreen, big_text
from saga.screen.ui import HEIGHT, WIDTH, GameAborted, Menu, MenuItem, QuitProgram, Ui
from saga.screen.windows import (
    about_window,
    dismisses,
    requester,
    rules_window,
    summary_window,
)

Text = Callable[[str], str]
# Puts a recorder or a replay around each game's screen host; told if the game was loaded.
HostWrapper = Callable[[ScreenHost, bool], Host]
VALHALLA = 15


class Leave(GameAborted):
    """Leave the game in progress, perhaps for one just opened."""

    def __init__(self, state: GameState | None = None, path: Path | None = None) -> None:
        super().__init__()
        self.state = state
        self.path = path


class App:
    def __init__(
        self,
        ui: Ui,
        config: Config,
        text: Text,
        rng: RandomSource,
        wrap_host: HostWrapper | None = None,
    ) -> None:
        self.ui = ui
        self.config = config
        self.t = text
        self.rng = rng
        self.wrap_host = wrap_host
        self.game: Game | None = None
        self.path: Path | None = None  # where the game in play was opened or saved
        self.at_turn_start = False
        ui.menus = self._menus()
        ui.show_title = config.titlebar
        self.board = Board(ui)  # also gives the screen its colours

    def _menus(self) -> list[Menu]:
        t = self.t

        def item(key: str, label: str, shortcut: str = "", **kw: object) -> MenuItem:
            return MenuItem(key, t(label), t(shortcut) if shortcut else "", **kw)

        return [
            Menu(t("MSG_MENU_PROJECT"), [
                item("new", "MSG_MENU_NEW", "MSG_KEY_NEW"),
                item("open", "MSG_MENU_OPEN", "MSG_KEY_OPEN"),
                item("save", "MSG_MENU_SAVE", "MSG_KEY_SAVE", enabled=False),
                item("save_as", "MSG_MENU_SAVE_AS", "MSG_KEY_SAVE_AS", enabled=False),
                item("quit_title", "MSG_MENU_QUIT_TITLE", enabled=False),
                item("quit", "MSG_MENU_QUIT", "MSG_KEY_QUIT"),
            ]),
            Menu(t("MSG_MENU_SETTINGS"), [
                item("titlebar", "MSG_SHOW_TITLEBAR", "MSG_KEY_TITLEBAR",
                     checked=self.config.titlebar),
                item("watch", "MSG_WATCH_AMIGA", "MSG_KEY_WATCH",
                     checked=self.config.watch_amiga),
            ]),
            Menu(t("MSG_MENU_HELP"), [
                item("summary", "MSG_MENU_SUMMARY", "MSG_KEY_SUMMARY", enabled=False),
                item("runes", "MSG_MENU_RUNES"),
                item("spells", "MSG_MENU_SPELLS"),
                item("swords", "MSG_MENU_SWORDS"),
                item("treasures", "MSG_MENU_TREASURES"),
                item("about", "MSG_MENU_ABOUT", "MSG_KEY_ABOUT"),
            ]),
        ]

    # -- the rounds of title screen and game ---------------------------------

    def run(
        self, controls: list[int], state: GameState | None, path: Path | None, once: bool = False
    ) -> None:
        """Play rounds of title screen and game; ``once`` plays one game, no title."""
        self.config.controls = list(controls)
        self.path = path
        while True:
            if state is None and not once:
                choice = TitleScreen(self.ui, self.config, self.t, self.menu).run()
                if choice.action == "quit":
                    return
                if choice.action == "open":
                    opened = self._open()
                    if opened is None:
                        continue
                    state, self.path = opened
                else:
                    self.path = None
            state = self._play(state)
            if once:
                return

    def _play(self, state: GameState | None) -> GameState | None:
        """Play a game; return the next one to play if the player opened one."""
        ui, config = self.ui, self.config
        host = ScreenHost(ui, self.board, self.t, config, config.home / "Autosave.saga", self.menu)
        game_host = self.wrap_host(host, state is not None) if self.wrap_host else host
        g = Game(state or GameState(), self.rng, game_host, self.t, fixes=config.fix_bugs)
        host.g = self.game = g
        ui.enable("quit_title", "summary", on=True)
        ui.enable("new", "open", on=True)
        ui.clear()
        ui.draw_frame()
        ui.set_title("Saga")
        try:
            if state is None:
                start_game(g, config.controls, config.turns, config.advanced)
            play(g)
        except Leave as leave:
            return leave.state
        except GameAborted:
            return None
        finally:
            ui.enable("quit_title", "summary", on=False)
            self.game = None
        if g.state.turn > g.state.turns or not any(h.alive or not h.verydead for h in g.heroes):
            self._game_over(g)
        return None

    def _game_over(self, g: Game) -> None:
        ui, t = self.ui, self.t
        scores = final_scores(g)
        ui.clear()
        ui.frame_colour(None)
        ui.draw_frame()
        ui.set_title("Saga")
        big_text(ui, "SAGA", 256, 60, 8, P.GOLD, P.RED_TEXT)
        playing = [h for h in g.heroes if h.control != T.NONE]
        x0, x1, y = 250, 390, 198
        ui.fill(x0, y, x1, y + 11, P.LIGHT_GREY)
        ui.text(x0 + 4, y + 8, t("MSG_HERO_NAME"), P.BLACK)
        label = t("MSG_SCORE")
        ui.text(x1 - 4 - 8 * len(label), y + 8, label, P.BLACK)
        for row, h in enumerate(playing, 1):
            top = y + row * 13
            score = scores[h.index]
            ui.fill(x0, top, x1, top + 11, P.GREEN if score >= VALHALLA else P.RED_TEXT)
            ui.text(x0 + 4, top + 8, h.name, P.BLACK)
            ui.text(x1 - 4 - 8 * len(str(score)), top + 8, str(score), P.BLACK)
        message = t("MSG_GAME_OVER") + "!"
        if len(playing) > 1:
            best = max(scores[h.index] for h in playing)
            winners = [h for h in playing if scores[h.index] == best]
            if len(winners) == 1:
                message += f" {winners[0].name} {t('MSG_WINS')}!"
        ui.text(4, 499, message, P.WHITE, shadow=True)
        ui.wait_for(dismisses)

    # -- the menus ------------------------------------------------------------

    def menu(self, key: str) -> None:
        """Carry out a menu pick (the title screen handles New and Open itself)."""
        ui, t, config = self.ui, self.t, self.config
        if key == "quit":
            raise QuitProgram
        if key in ("new", "quit_title"):
            raise Leave()
        if key == "open":
            opened = self._open()
            if opened is not None:
                state, path = opened
                self.path = path
                raise Leave(state)
        elif key in ("save", "save_as") and self.game is not None:
            self._save(ask=key == "save_as" or self.path is None)
        elif key == "titlebar":
            config.titlebar = ui.show_title = bool(ui.menu_item("titlebar").checked)
            ui.draw_title_bar()
        elif key == "watch":
            config.watch_amiga = bool(ui.menu_item("watch").checked)
        elif key == "summary" and self.game is not None:
            summary_window(ui, self.game, t)
        elif key in ("runes", "spells", "swords", "treasures"):
            rules_window(ui, t, key)
        elif key == "about":
            about_window(ui, t)

    def _open(self) -> tuple[GameState, Path] | None:
        t = self.t
        folder = self.path.parent if self.path else self.config.home
        path = choose_file(self.ui, t("MSG_OPEN_GAME"), folder, ok=t("MSG_OK"),
                           cancel=t("MSG_CANCEL"))
        if path is None:
            return None
        try:
            return savefile.load(path), path
        except savefile.SaveFileError as e:
            requester(self.ui, t("MSG_ERROR"), [(f"{path.name} {t('MSG_NOT_A_SAVE')}!", P.WHITE),
                                                (str(e)[-70:], P.LIGHT_GREY)])
            return None

    def _save(self, ask: bool) -> None:
        t = self.t
        path = self.path
        if ask:
            folder = path.parent if path else self.config.home
            path = choose_file(self.ui, t("MSG_SAVE_GAME"), folder,
                               path.name if path else "", ok=t("MSG_OK"), cancel=t("MSG_CANCEL"))
            if path is None:
                return
        if path.suffix.lower() != ".saga":
            path = path.with_name(path.name + ".saga")
        problem = savefile.try_save(path, self.game.state)
        if problem:
            requester(self.ui, t("MSG_ERROR"),
                      [(f"{t('MSG_CANT_WRITE')} {path}", P.WHITE), (problem, P.WHITE)])
            return
        self.path = path
        self.game.host.say(f"{t('MSG_SAVED')} {path.name}.", P.WHITE)


def run_window(
    config: Config,
    controls: list[int],
    state: GameState | None,
    rng: RandomSource,
    text: Text,
    path: Path | None = None,
    source: EventSource | None = None,
    wrap_host: HostWrapper | None = None,
    once: bool = False,
) -> int:
    """Open the window and play until the player quits; returns the exit status."""
    from amiga.display.present import Presenter
    from amiga.input.pygame_source import PygameEventSource

    screen = Screen(WIDTH, HEIGHT, depth=7, halfbrite=True)
    presenter = Presenter(screen, "Saga", scale=config.scale or None,
                          fullscreen=config.fullscreen)
    ui = Ui(source if source is not None else PygameEventSource(presenter), presenter, screen)
    try:
        App(ui, config, text, rng, wrap_host).run(controls, state, path, once)
    except QuitProgram:
        pass
    finally:
        presenter.close()
        if config.path is not None:
            with contextlib.suppress(OSError):  # settings not kept; the game is unharmed
                configuration.save(config)
    return 0
