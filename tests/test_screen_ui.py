"""The screens' own behaviour: title screen, menus, message delay, requesters, a whole game."""

from __future__ import annotations

import contextlib
import copy
from pathlib import Path

import pytest

from amiga.input import MouseCode, Qualifier, RawKey, ScriptedEventSource
from saga import trace
from saga.engine import tables as T
from saga.engine.host import WHITE, Ask
from saga.engine.rng import Lcg64
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files.config import Config, SettingsFile
from saga.files.replayfile import Replay
from saga.look.text import english
from saga.play.hosts import QuietHost
from saga.screen.board import Board
from saga.screen.title import TitleScreen
from saga.screen.ui import MESSAGE_TOP, QuitProgram, Ui
from saga.window.app import App, Leave, run_window
from saga.window.game import WindowGame
from saga.window.host import ScreenHost

TEXT = english()


def test_title_screen_keys(source: ScriptedEventSource, ui: Ui) -> None:
    source.key("2").key("r").raw(RawKey.RIGHT).raw(RawKey.UP).key("s", Qualifier.LSHIFT).key(" ")
    config = Config()
    choice = TitleScreen(ui, config, TEXT, lambda key: None).run()
    assert choice.action == "start"
    assert config.controls == [T.HUMAN, T.HUMAN, T.NONE, T.NONE, T.AMIGA, T.NONE]
    assert (config.delay, config.turns) == (2, 21)


def test_title_screen_needs_a_hero_to_start_and_escape_quits(
    source: ScriptedEventSource, ui: Ui
) -> None:
    source.key(" ").key("\x1b")
    config = Config(controls=[T.NONE] * 6)
    assert TitleScreen(ui, config, TEXT, lambda key: None).run().action == "quit"


def test_title_screen_gadgets_by_mouse(source: ScriptedEventSource, ui: Ui) -> None:
    source.click(330, 216).click(330, 216, qualifier=Qualifier.LSHIFT)  # Beowulf there and back
    source.click(330, 229).click(318, 350).click(400, 376)  # Brunhild, advanced, start
    config = Config()
    assert TitleScreen(ui, config, TEXT, lambda key: None).run().action == "start"
    assert config.controls[:2] == [T.HUMAN, T.HUMAN] and config.advanced


def _game(source: ScriptedEventSource, delay: int = 0) -> WindowGame:
    """A new game in the window, not yet started: its screen host asks as in play."""
    ui = Ui(source)
    return WindowGame(ui, Board(ui), Config(delay=delay), Setup(1), TEXT, print)


def _host(source: ScriptedEventSource, delay: int = 0) -> tuple[ScreenHost, Ui]:
    game = _game(source, delay)
    return game.screen, game.ui


@pytest.mark.parametrize("delay, ticks_needed", [(1, 7), (2, 14), (3, 21)])
def test_message_delay_counts_intuiticks(delay: int, ticks_needed: int) -> None:
    source = ScriptedEventSource()
    source.ticks(ticks_needed)
    host, _ = _host(source, delay)
    host.pause()
    assert len(source) == 0


def test_infinite_delay_waits_for_a_key() -> None:
    source = ScriptedEventSource()
    source.ticks(300).key("x").key("y")
    host, _ = _host(source, 4)
    host.pause()
    assert len(source) == 4  # x's key-up, then "y" (key down, character, key up)


def test_no_delay_waits_for_nothing() -> None:
    host, _ = _host(ScriptedEventSource(), 0)
    host.pause()


def test_answers_by_mouse_and_keyboard() -> None:
    source = ScriptedEventSource()  # each answer comes after its question is put
    source.click(300, MESSAGE_TOP + 5).pause(0.1)  # message area: done
    source.click(100, 100, MouseCode.MENUDOWN).pause(0.1)  # right button on the map: done
    source.key("\b").pause(0.1)  # backspace: redo
    source.click(100, 100, MouseCode.SELECTDOWN).pause(0.1)  # yes
    source.click(100, 100, MouseCode.MENUDOWN).pause(0.1)  # no
    source.key("l").pause(0.1)  # the Luck key, upper-cased
    source.key("7").pause(0.1)
    source.key("\x1b")  # escape at a number: leave
    host, _ = _host(source)
    assert host.ask(Ask.COUNTRY, 6).result == -3
    assert host.ask(Ask.COUNTER, 6).result == -3
    assert host.ask(Ask.COUNTRY, 6).result == -2
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("N")
    assert host.ask(Ask.GLKEYBOARD, 6).result == ord("L")
    assert host.ask(Ask.MULTIKEYBOARD, 6).result == ord("7")
    assert host.ask(Ask.MULTIKEYBOARD, WHITE).result == -4


def test_a_key_closing_a_requester_answers_nothing_else() -> None:
    from saga.screen.pages import rules_window

    source = ScriptedEventSource()
    source.key(" ").pause(0.1).key("y")
    host, ui = _host(source)
    rules_window(ui, TEXT, "runes")
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")


def test_menus_open_under_the_right_button_in_the_title_bar() -> None:
    picked = []
    source = ScriptedEventSource()
    source.move(30, 4).press(MouseCode.MENUDOWN).move(190, 4).move(200, 15)
    source.release(MouseCode.MENUDOWN).key("y")
    host, ui = _host(source)

    app = App(ui, Config(), TEXT, Lcg64(1))
    host.on_menu = picked.append
    ui.enable("summary")
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert picked == ["summary"]
    del app


def test_a_whole_amiga_game_in_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    said: list[str] = []
    say = ScreenHost.say

    def keep(host: ScreenHost, text: str, pen: int) -> None:
        said.append(f"M {pen} {text}\n")
        say(host, text, pen)

    monkeypatch.setattr(ScreenHost, "say", keep)
    source = ScriptedEventSource()
    source.key(" ")  # start from the title screen
    for _ in range(3):
        source.ticks(1).click(300, 300)  # the turn prompts
    source.ticks(1).click(300, 300)  # the game over screen
    source.close()
    config = Config(
        controls=[T.AMIGA, T.NONE, T.AMIGA, T.NONE, T.NONE, T.AMIGA],
        turns=3,
        delay=0,
        home=tmp_path,
    )
    settings = tmp_path / "Saga.config"
    settings.write_text("; mine\nTURNS=7\n")
    store = SettingsFile(settings)
    store.read()
    assert run_window(config, TEXT, 3, None, source, store=store) == 0
    assert (tmp_path / "Autosave.saga").stat().st_size == 1780
    assert settings.read_text() == "; mine\nTURNS=7\n"  # nothing changed, nothing written
    # The message line showed exactly what the trace prints (the game over has its own screen).
    trace.main(["3", "3", "0", "2", "0", "2", "0", "0", "2", "--messages"])
    messages = [line for line in capsys.readouterr().out.splitlines(True) if line[0] == "M"]
    assert said == messages[:-1] and messages[-1].startswith("M 1 The game is over!")


def test_closing_the_window_quits(source: ScriptedEventSource, ui: Ui) -> None:
    source.close()
    with pytest.raises(QuitProgram):
        ui.next_message(None)


class RecordingStore:
    def __init__(self) -> None:
        self.kept: list[dict[str, object]] = []

    def remember(self, **changes: object) -> None:
        self.kept.append(changes)


def test_title_screen_sliders_drag_and_keep_only_what_changed() -> None:
    config = Config()
    title = TitleScreen(Ui(ScriptedEventSource()), config, TEXT, lambda key: None)
    knob = title.turns.knob()
    source = ScriptedEventSource()
    source.move(knob.left + 4, knob.top + 3).press(MouseCode.SELECTDOWN)
    source.move(knob.left + 30, knob.top + 3).move(knob.left + 60, knob.top + 3)
    source.release(MouseCode.SELECTDOWN)
    delay_knob = title.delay.knob()
    source.click(delay_knob.left + 4, delay_knob.top + 3)  # a click on a knob changes nothing
    source.key("\x1b")
    store = RecordingStore()
    choice = TitleScreen(Ui(source), config, TEXT, lambda key: None, store.remember).run()
    assert choice.action == "quit"
    assert config.turns > 60 and config.delay == 1
    assert {k for change in store.kept for k in change} == {"turns"}


def test_title_screen_clicks_beside_the_gadgets_do_nothing(
    source: ScriptedEventSource, ui: Ui
) -> None:
    config = Config()
    source.click(40, 378).click(600, 378)  # the Start button's row, far from it
    source.click(300, 220).click(430, 216).click(200, 330)  # beside a cycle, a slider
    source.key("\x1b")
    before = Config()
    assert TitleScreen(ui, config, TEXT, lambda key: None).run().action == "quit"
    assert config == before


def _app_in_a_game(source: ScriptedEventSource) -> WindowGame:
    ui = Ui(source)
    app = App(ui, Config(), TEXT, Lcg64(1))
    return WindowGame(ui, app.board, app.config, Setup(1), TEXT, app.menu)


@pytest.mark.parametrize("item", ["new", "quit_title", "open"])
def test_leaving_a_game_in_play_asks_first(item: str) -> None:
    source = ScriptedEventSource()
    source.click(20, 300)  # beside the requester's buttons: nothing
    source.click(300, 20, MouseCode.MENUDOWN).pause(0.1)  # the right button says no
    source.key("n").pause(0.1).key("\r")  # No by its key; then Return says yes
    game = _app_in_a_game(source)
    game.menu(item)
    game.menu(item)
    if item == "open":
        source.pause(0.1).key("\x1b")  # the file requester: cancel, the game goes on
        game.menu(item)
    else:
        with pytest.raises(Leave):
            game.menu(item)
    assert list(source) == []  # the last key's release went with the requester


def test_without_a_game_new_asks_nothing(ui: Ui) -> None:
    with pytest.raises(Leave):
        App(ui, Config(), TEXT, Lcg64(1)).menu("new")


@pytest.mark.parametrize("button", [MouseCode.MENUDOWN, MouseCode.MIDDLEDOWN])
def test_the_other_buttons_close_a_requester(button: MouseCode) -> None:
    from saga.screen.about import about_window

    source = ScriptedEventSource()
    # Even on the title bar: no menus under a requester.
    source.click(300, 5, button).pause(0.1).key("y")
    host, ui = _host(source)
    picked: list[str] = []
    host.on_menu = picked.append
    about_window(ui, TEXT)
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y") and picked == []


def test_the_luck_cheat_at_a_key_prompt() -> None:
    source = ScriptedEventSource()
    source.raw(RawKey.F1).raw(RawKey.F2).raw(RawKey.F4).key("1")  # out of order: nothing
    source.pause(0.1)  # the next question
    for key in range(RawKey.F1, RawKey.F5 + 1):
        source.raw(key)
    source.key("2")
    host, _ = _host(source)
    g = host.g
    luck = g.heroes[0].luck
    assert host.ask(Ask.MULTIKEYBOARD, 6).result == ord("1")
    assert g.heroes[0].luck == luck
    assert host.ask(Ask.MULTIKEYBOARD, 6).result == ord("2")
    assert g.heroes[0].luck == 5000


def test_save_as_typing_replaces_the_name_it_offers(
    tmp_path: Path, source: ScriptedEventSource, ui: Ui
) -> None:
    from saga.screen.files import choose_file

    source.click(20, 20).click(600, 400)  # beside the requester: nothing
    for c in "turn3":
        source.key(c)
    source.raw(RawKey.LEFT).key("\b").key("\r")
    chosen = choose_file(ui, TEXT, "Save", tmp_path, "mygame.saga")
    assert chosen == tmp_path.resolve() / "tur3"


def test_file_requester_picks_from_the_list_and_the_right_button_cancels(
    tmp_path: Path,
) -> None:
    from saga.screen.files import LIST_TOP, X0, choose_file

    (tmp_path / "old.saga").write_bytes(b"")
    source = ScriptedEventSource()
    source.click(X0 + 20, LIST_TOP + 13).key("\r")  # row 1 (after the parent), then Return
    assert choose_file(Ui(source), TEXT, "Open", tmp_path) == tmp_path.resolve() / "old.saga"
    source = ScriptedEventSource()
    source.click(300, 200, MouseCode.MENUDOWN)
    assert choose_file(Ui(source), TEXT, "Open", tmp_path) is None


def test_an_answer_key_whose_upper_case_is_two_letters(source: ScriptedEventSource, ui: Ui) -> None:
    """A catalog may make "ß" the key for yes: it stays itself, as toupper() leaves it."""
    source.key("ß").pause(0.1).click(300, 300)
    text = {"MSG_KEY_YES": "ß"}
    words = lambda name: text.get(name) or TEXT(name)  # noqa: E731
    g = Session(Setup(1), words, QuietHost()).game
    host = ScreenHost(ui, Board(ui), words, Config(), g, None, print, summary=lambda: None)
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("ß")  # typed
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("ß")  # the left button stands for it


GREEK_KEYS = {
    "MSG_KEY_YES": "Ν",
    "MSG_KEY_NO": "Ο",
    "MSG_KEY_GLORY": "Δ",
    "MSG_KEY_LUCK": "Τ",
    "MSG_KEY_WITHDRAW": "Α",
    "MSG_KEY_RESTART": "Ν",
    "MSG_KEY_TRANSFER": "Δ",
}


def _greek_host(source: ScriptedEventSource) -> ScreenHost:
    ui = Ui(source)
    words = lambda name: GREEK_KEYS.get(name) or TEXT(name)  # noqa: E731
    g = Session(Setup(1), words, QuietHost()).game
    return ScreenHost(ui, Board(ui), words, Config(), g, None, print, summary=lambda: None)


def test_greek_answers_come_from_a_greek_keyboard_and_from_a_latin_one() -> None:
    source = ScriptedEventSource()
    source.key("ν").pause(0.1)  # a Greek keyboard: the N key, typing ν
    source.raw(RawKey.O).pause(0.1)  # a US keyboard: o, on the key where Ο is
    source.raw(RawKey.G).pause(0.1)  # g, where Γ is: no answer, a wrong key as ever
    source.raw(RawKey.D, Qualifier.LSHIFT).pause(0.1)  # Δ, with Shift as without
    source.raw(RawKey.D).pause(0.1)  # Δ for Transfer, asked with Withdraw and Restart
    host = _greek_host(source)
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Ν")
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Ο")
    assert host.ask(Ask.GLKEYBOARD, 6).result == ord("G")  # what the original gets: ask again
    assert host.ask(Ask.GLKEYBOARD, 6).result == ord("Δ")
    assert host.ask(Ask.WRKEYBOARD, 6).result == ord("Δ")


def test_a_latin_letter_for_a_greek_key_is_no_shortcut_nor_an_answer_elsewhere() -> None:
    source = ScriptedEventSource()
    source.raw(RawKey.N, Qualifier.CONTROL).pause(0.1).raw(RawKey.N).pause(0.1).key("5")
    host = _greek_host(source)
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Ν")  # Ctrl+N left to the menus
    assert host.ask(Ask.MULTIKEYBOARD, 6).result == ord("5")  # digits only: N's n is stale


def test_the_title_screen_keeps_only_the_hero_the_player_changed(
    tmp_path: Path, source: ScriptedEventSource, ui: Ui
) -> None:
    # Ragnar is the Amiga for this run only (say RAGNAR=AMIGA on the command line);
    # changing Beowulf on the title screen must not write Ragnar into the file.
    settings = tmp_path / "Saga.config"
    settings.write_text("; mine\nBEOWULF=HUMAN\nRAGNAR=NONE\n")
    store = SettingsFile(settings)
    config, _ = store.read(Config(home=tmp_path))
    config.controls[3] = T.AMIGA
    source.key("b").key("\x1b")  # Beowulf's control cycles; then leave
    TitleScreen(ui, config, TEXT, lambda key: None, store.remember).run()
    assert config.controls[0] != T.HUMAN
    text = settings.read_text()
    assert "RAGNAR=NONE" in text and "BEOWULF=HUMAN" not in text and text.startswith("; mine\n")


@pytest.mark.parametrize("once", [False, True])
def test_a_watched_replay_offers_nothing_to_leave_it_for(
    once: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, source: ScriptedEventSource, ui: Ui
) -> None:
    # Watching a replay plays one game in its window: New, Open and Back to
    # the title screen would only close it, so they rest, as after a requester.
    offered: list[bool] = []
    turn_starts = ScreenHost.turn_starts

    def look(host: ScreenHost, state: GameState) -> bool:
        offered.extend(host.ui.menu_item(k).enabled for k in ("new", "open", "quit_title"))
        return turn_starts(host, state)

    monkeypatch.setattr(ScreenHost, "turn_starts", look)
    if not once:
        source.key(" ")  # start from the title screen
    source.ticks(1).click(300, 300)  # the turn prompt
    source.ticks(1).click(300, 300)  # the game over screen
    source.key("\x1b")  # back on the title screen, if there is one: quit
    config = Config(controls=[T.AMIGA] + [T.NONE] * 5, turns=1, delay=0, home=tmp_path)
    app = App(ui, config, TEXT, Lcg64(1))
    with contextlib.suppress(QuitProgram):  # a watched replay reads what it is sent at full speed
        if once:
            app.watch(Replay.starting(Setup(1, tuple(config.controls), config.turns)))
        else:
            app.run()
    assert offered == [not once] * 3


def _menu_drag(source: ScriptedEventSource, key: str) -> None:
    """Pick a menu item as a player does: the right button held from the title bar."""
    strip = App(Ui(ScriptedEventSource()), Config(), TEXT, Lcg64(1)).ui.strip
    assert strip is not None
    for index, title in enumerate(strip.titles):
        rows = [box for box, item in strip.layout(index)[1] if item.key == key]
        if rows:
            source.move(title.left + 4, 4).press(MouseCode.MENUDOWN)
            source.move(rows[0].left + 10, rows[0].top + 4).release(MouseCode.MENUDOWN)
            return
    raise AssertionError(f"no menu item {key}")


def test_the_game_over_screen_goes_back_to_the_title_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    titles = []
    run = TitleScreen.run

    def title_screen(screen: TitleScreen) -> object:
        titles.append(screen.ui.menu_item("quit_title").enabled)
        return run(screen)

    monkeypatch.setattr(TitleScreen, "run", title_screen)
    source = ScriptedEventSource()
    source.key(" ")  # start from the title screen
    source.ticks(1).click(300, 300)  # the turn prompt
    source.ticks(1)
    _menu_drag(source, "quit_title")  # on the game-over screen
    config = Config(controls=[T.AMIGA] * 6, turns=1, delay=0, home=tmp_path)
    assert run_window(config, TEXT, 3, None, source) == 0
    assert titles == [False, False]  # back at the title screen, where the item rests again


def test_a_game_leaves_the_settings_as_they_were(tmp_path: Path) -> None:
    # A game's set-up goes down to the engine and never back: watching a
    # replay of other heroes and another length changes no setting.
    config = Config(controls=[T.HUMAN] + [T.NONE] * 5, turns=20, delay=0, home=tmp_path)
    before = copy.deepcopy(config)
    source = ScriptedEventSource().ticks(1).click(300, 300)  # the game-over screen
    replay = Replay.starting(Setup(1, (T.NONE, T.AMIGA, T.NONE, T.NONE, T.NONE, T.AMIGA), 1, True))
    with contextlib.suppress(QuitProgram):
        App(Ui(source), config, TEXT, Lcg64(1)).watch(replay)
    assert config == before


@pytest.mark.parametrize(
    ("typed", "yes"),
    [("ν", True), ("Ν", True), ("n", True), ("ο", False), ("Ό", False), ("o", False), ("\r", True)],
)
def test_a_greek_requester_takes_its_buttons_letters_from_any_keyboard(
    typed: str, yes: bool
) -> None:
    from saga.screen.windows import ask_yes_no

    source = ScriptedEventSource()
    source.key(typed)
    assert ask_yes_no(Ui(source), "Νέο παιχνίδι", [], yes="Ναι", no="Όχι") is yes


def test_the_title_bar_names_the_turn_as_it_begins(ui: Ui) -> None:
    """The turn's autosave names it in the title bar: a machine catching up
    with a network game passes no turn prompt, and showed plain "Saga"."""
    g = Session(Setup(1), TEXT, QuietHost()).game
    host = ScreenHost(ui, Board(ui), TEXT, Config(), g, None, print, summary=lambda: None)
    g.state.turn = 7
    host.autosave(g.state)
    assert ui.title_text == f"Saga: Turn 7 of {g.state.turns}"
