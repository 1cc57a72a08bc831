"""Stray input answers nothing: what comes before a question is thrown away, as
the original empties its window's port on entering every question.  And the
keys a player answers with as the rulebook tells them: Esc as the right
button, the keyboard's own Help key as Help.

The keys and clicks go through the real pygame event path (SDL's dummy
driver, events posted into the queue a PygameEventSource reads); the
player's real answer is posted only once the question has been put, which
is when the screen takes the pending input off the port.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from amiga.input import IDCMP, IntuiMessage  # noqa: E402
from amiga.input.pygame_source import PygameEventSource  # noqa: E402
from saga.engine.host import (  # noqa: E402
    ABORT,
    DONE,
    WHITE,
    Ask,
)
from saga.engine.rng import Lcg64  # noqa: E402
from saga.engine.session import Session, Setup  # noqa: E402
from saga.files.config import Config  # noqa: E402
from saga.look.text import english  # noqa: E402
from saga.play.hosts import QuietHost  # noqa: E402
from saga.screen.board import Board  # noqa: E402
from saga.screen.ui import MESSAGE_TOP, WIDTH, QuitProgram, Ui  # noqa: E402
from saga.window.app import App  # noqa: E402
from saga.window.host import ScreenHost  # noqa: E402

TEXT = english()


def _post(kind: int, **attributes: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attributes))


def type_key(char: str, scancode: str, mod: int = 0) -> None:
    """A key pressed and let go, with the text SDL types for it."""
    code = getattr(pygame, f"KSCAN_{scancode}")
    _post(pygame.KEYDOWN, key=ord(char.lower()), scancode=code, mod=mod, unicode=char)
    if char.isprintable() and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        _post(pygame.TEXTINPUT, text=char)
    _post(pygame.KEYUP, key=ord(char.lower()), scancode=code, mod=mod, unicode=char)


def click(x: int, y: int, button: int = 1) -> None:
    _post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        _post(kind, pos=(x, y), button=button)


def _host(ui: Ui, config: Config | None = None) -> ScreenHost:
    g = Session(Setup(1), TEXT, QuietHost()).game
    config = config or Config(delay=0)
    return ScreenHost(ui, Board(ui), TEXT, config, g, None, lambda key: None, summary=lambda: None)


def answer_once_asked(
    monkeypatch: pytest.MonkeyPatch, source: PygameEventSource, *answers: Callable[[], None]
) -> list[list[IntuiMessage]]:
    """Post each answer right after a question takes the pending input off the
    port (the player answers what is on the screen); returns what was taken."""
    take = source.take_pending
    queued = list(answers)
    taken: list[list[IntuiMessage]] = []

    def take_then_answer() -> list[IntuiMessage]:
        pending = take()
        taken.append(pending)
        if queued:
            queued.pop(0)()
        return pending

    monkeypatch.setattr(source, "take_pending", take_then_answer)
    return taken


def _land(host: ScreenHost) -> tuple[int, int, int]:
    """A free spot on a land: its x, y and area."""
    for y in range(40, MESSAGE_TOP, 7):
        for x in range(40, WIDTH - 40, 7):
            area = host.board.area_at(x, y)
            if area >= 0 and host.board.counter_at(x, y) is None:
                return x, y, area
    raise AssertionError("no free land")


def test_six_quick_spaces_answer_the_turn_prompt_once(
    window: Ui, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui = window
    source = ui.source
    host = _host(ui)
    assert ui.presenter is not None and ui.presenter.window_to_screen(10, 20) == (10, 20)
    x, y, area = _land(host)
    taken = answer_once_asked(
        monkeypatch,
        source,
        lambda: type_key(" ", "SPACE"),  # the turn prompt, answered once it is up
        lambda: [type_key(" ", "SPACE") for _ in range(5)],  # five quick ones at the next
        lambda: click(x, y),  # where the hero goes, chosen once asked
    )
    for _ in range(6):  # pressed while the game was busy before the prompt
        type_key(" ", "SPACE")
    assert host.ask(Ask.MULTIKEYBOARD, WHITE).result == ord(" ")
    # The first of the five answers the second question; the other four come
    # before the move prompt is put: thrown away, and the prompt waits for the click.
    assert host.ask(Ask.MULTIKEYBOARD, 6).result == ord(" ")
    answer = host.ask(Ask.COUNTRY, 6)
    assert answer.result == area != DONE
    spaces = [[m.char for m in ms if m.idcmp == IDCMP.VANILLAKEY] for ms in taken]
    assert spaces == [[" "] * 6, [], [" "] * 4]  # one of the five answered the second


def test_a_click_meant_for_one_question_answers_nothing_after_it(
    window: Ui, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui = window
    source = ui.source
    host = _host(ui)
    answer_once_asked(monkeypatch, source, lambda: type_key("n", "N"))
    click(300, 300)  # a click (yes) that came too early
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("N")


def test_window_keys_and_menus_are_not_thrown_away(
    window: Ui, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui = window
    source = ui.source
    App(ui, Config(), TEXT, Lcg64(1))  # the menus
    host = _host(ui)
    picked: list[str] = []
    host.on_menu = picked.append
    answer_once_asked(monkeypatch, source, lambda: type_key("y", "Y"))
    type_key("x", "X")  # thrown away
    type_key("b", "B", pygame.KMOD_LCTRL)  # the title bar's menu shortcut
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert picked == ["titlebar"]

    scale = ui.presenter.scale if ui.presenter else None
    answer_once_asked(monkeypatch, source, lambda: type_key("y", "Y"))
    type_key("2", "2", pygame.KMOD_LALT)  # the window's own key: 2x
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert ui.presenter is not None and ui.presenter.scale == 2 != scale

    shots: list[str] = []
    ui.take_screenshot = lambda: shots.append("shot") or "saved"
    answer_once_asked(monkeypatch, source, lambda: type_key("y", "Y"))
    type_key("s", "S", pygame.KMOD_LALT)  # the window's screenshot key
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert shots == ["shot"]

    answer_once_asked(monkeypatch, source)
    type_key("\x1b", "ESCAPE", pygame.KMOD_LSHIFT)  # quit at once, even typed ahead
    with pytest.raises(QuitProgram):
        host.ask(Ask.YNKEYBOARD, 6)


def test_a_replay_keeps_tab_and_a_pause_ends_on_a_key_pressed_during_it(
    window: Ui, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui = window
    source = ui.source
    host = _host(ui, Config(delay=1))
    host.autoplay = True
    type_key("\t", "TAB")  # pressed while the replay was busy: full speed all the same
    host.pause()
    assert host.fast
    host.autoplay = host.fast = False
    host.config.delay = 4  # until a key
    taken = answer_once_asked(monkeypatch, source, lambda: type_key(" ", "SPACE"))
    type_key("y", "Y")  # before the pause: thrown away
    host.pause()  # ends on the Space pressed during it
    assert [m.char for m in taken[0] if m.idcmp == IDCMP.VANILLAKEY] == ["y"]


def test_the_game_over_screen_is_not_skipped_by_keys_from_the_game(
    window: Ui, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saga.engine import tables as T

    ui = window
    source = ui.source
    app = App(ui, Config(), TEXT, Lcg64(1))
    session = Session(Setup(2, (T.AMIGA,) * 6, turns=1), TEXT, QuietHost())
    session.play()
    assert session.over
    taken = answer_once_asked(monkeypatch, source, lambda: click(300, 300))
    for _ in range(3):  # the last question's spare keys, pressed as the scores came up
        type_key(" ", "SPACE")
    assert app._game_over(session).state is None  # dismissed by the click that came after
    assert [m.char for m in taken[0] if m.idcmp == IDCMP.VANILLAKEY] == [" "] * 3


def test_escape_answers_as_the_right_button_does(
    window: Ui, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Esc ends a move or the attacks and says No, Luck or Restart, as the
    middle and right buttons do; at the turn prompt it leaves the game."""
    ui = window
    source = ui.source
    host = _host(ui)

    def escape() -> None:
        type_key("\x1b", "ESCAPE")

    def right_button() -> None:
        click(300, 300, button=3)

    for mode in (Ask.COUNTRY, Ask.COUNTER, Ask.YNKEYBOARD, Ask.GLKEYBOARD, Ask.WRKEYBOARD):
        answer_once_asked(monkeypatch, source, escape)
        by_key = host.ask(mode, 6).result
        answer_once_asked(monkeypatch, source, right_button)
        assert by_key == host.ask(mode, 6).result
        assert by_key == (DONE if mode in (Ask.COUNTRY, Ask.COUNTER) else host.keys[mode][1])
    answer_once_asked(monkeypatch, source, escape)
    assert host.ask(Ask.MULTIKEYBOARD, WHITE).result == ABORT


def test_the_keyboards_own_help_key_is_help(window: Ui, monkeypatch: pytest.MonkeyPatch) -> None:
    ui = window
    source = ui.source
    host = _host(ui)
    helped: list[int] = []
    monkeypatch.setattr(host, "_help", lambda message: helped.append(message.raw_key))

    def help_key() -> None:
        code = pygame.KSCAN_HELP
        _post(pygame.KEYDOWN, key=pygame.K_HELP, scancode=code, mod=0, unicode="")
        _post(pygame.KEYUP, key=pygame.K_HELP, scancode=code, mod=0, unicode="")
        type_key("y", "Y")

    answer_once_asked(monkeypatch, source, help_key)
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert helped == [0x5F]  # the Amiga's Help
