"""The screens' own behaviour: title screen, menus, message delay, requesters, a whole game."""

from __future__ import annotations

from pathlib import Path

import pytest

from amiga.display import Screen
from amiga.input import MouseCode, Qualifier, RawKey, ScriptedEventSource
from saga.config import Config, SettingsFile
from saga.engine import tables as T
from saga.engine.rng import Lcg64
from saga.host import WHITE, Ask
from saga.screen.app import run_window
from saga.screen.board import Board
from saga.screen.host import ScreenHost
from saga.screen.title import TitleScreen
from saga.screen.ui import MESSAGE_TOP, QuitProgram, Ui
from saga.text import english

TEXT = english()


def _ui(source: ScriptedEventSource) -> Ui:
    return Ui(source, None, Screen(640, 512, depth=7, halfbrite=True))


def test_title_screen_keys() -> None:
    source = ScriptedEventSource()
    source.key("2").key("r").raw(RawKey.RIGHT).raw(RawKey.UP).key("s", Qualifier.LSHIFT).key(" ")
    config = Config()
    choice = TitleScreen(_ui(source), config, TEXT, lambda key: None).run()
    assert choice.action == "start"
    assert config.controls == [T.HUMAN, T.HUMAN, T.NONE, T.NONE, T.AMIGA, T.NONE]
    assert (config.delay, config.turns) == (2, 21)


def test_title_screen_needs_a_hero_to_start_and_escape_quits() -> None:
    source = ScriptedEventSource()
    source.key(" ").key("\x1b")
    config = Config(controls=[T.NONE] * 6)
    assert TitleScreen(_ui(source), config, TEXT, lambda key: None).run().action == "quit"


def test_title_screen_gadgets_by_mouse() -> None:
    source = ScriptedEventSource()
    source.click(330, 216).click(330, 216, qualifier=Qualifier.LSHIFT)  # Beowulf there and back
    source.click(330, 229).click(318, 350).click(400, 376)  # Brunhild, advanced, start
    config = Config()
    assert TitleScreen(_ui(source), config, TEXT, lambda key: None).run().action == "start"
    assert config.controls[:2] == [T.HUMAN, T.HUMAN] and config.advanced


def _host(source: ScriptedEventSource, delay: int = 0) -> tuple[ScreenHost, Ui]:
    ui = _ui(source)
    return ScreenHost(ui, Board(ui), TEXT, Config(delay=delay), None, lambda key: None), ui


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
    source = ScriptedEventSource()
    source.click(300, MESSAGE_TOP + 5)  # message area: done
    source.click(100, 100, MouseCode.MENUDOWN)  # right button on the map: done
    source.key("\b")  # backspace: redo
    source.click(100, 100, MouseCode.SELECTDOWN)  # yes
    source.click(100, 100, MouseCode.MENUDOWN)  # no
    source.key("l")  # the Luck key, upper-cased
    source.key("7")
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
    from saga.screen.windows import rules_window

    source = ScriptedEventSource()
    source.key(" ").key("y")
    host, ui = _host(source)
    rules_window(ui, TEXT, "runes")
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")


def test_menus_open_under_the_right_button_in_the_title_bar() -> None:
    picked = []
    source = ScriptedEventSource()
    source.move(30, 4).press(MouseCode.MENUDOWN).move(190, 4).move(200, 15)
    source.release(MouseCode.MENUDOWN).key("y")
    host, ui = _host(source)
    from saga.screen.app import App

    app = App(ui, Config(), TEXT, Lcg64(1))
    host.on_menu = picked.append
    ui.enable("summary")
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert picked == ["summary"]
    del app


def test_a_whole_amiga_game_in_the_window(tmp_path: Path) -> None:
    source = ScriptedEventSource()
    source.key(" ")  # start from the title screen
    for _ in range(3):
        source.ticks(1).click(300, 300)  # the turn prompts
    source.ticks(1).click(300, 300)  # the game over screen
    source.close()
    config = Config(controls=[T.AMIGA, T.NONE, T.AMIGA, T.NONE, T.NONE, T.AMIGA], turns=3, delay=0,
                    home=tmp_path)
    settings = tmp_path / "Saga.config"
    settings.write_text("; mine\nTURNS=7\n")
    store = SettingsFile(settings)
    store.read()
    assert run_window(config, config.controls, None, Lcg64(3), TEXT, None, source,
                      store=store) == 0
    assert (tmp_path / "Autosave.saga").stat().st_size == 1780
    assert settings.read_text() == "; mine\nTURNS=7\n"  # nothing changed, nothing written


def test_closing_the_window_quits() -> None:
    source = ScriptedEventSource()
    source.close()
    with pytest.raises(QuitProgram):
        _ui(source).next_message(None)


def test_an_answer_key_whose_upper_case_is_two_letters() -> None:
    """A catalog may make "ß" the key for yes: it stays itself, as toupper() leaves it."""
    source = ScriptedEventSource()
    source.key("ß").click(300, 300)
    ui = _ui(source)
    text = {"MSG_KEY_YES": "ß"}
    host = ScreenHost(ui, Board(ui), lambda name: text.get(name) or TEXT(name), Config(), None,
                      lambda key: None)
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("ß")  # typed
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("ß")  # the left button stands for it
