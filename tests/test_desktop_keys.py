"""The desktop program's keys through the real pygame event path.

Key presses are posted as SDL would deliver them for Ctrl or Super
combinations: a KEYDOWN with its modifiers and no TEXTINPUT at all.  They
go through the real PygameEventSource and Ui to the App's menu handler.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from amiga.input import IDCMP, IntuiMessage  # noqa: E402
from saga.engine.rng import Lcg64  # noqa: E402
from saga.files.config import Config  # noqa: E402
from saga.look.text import english  # noqa: E402
from saga.screen.ui import QuitProgram, Ui  # noqa: E402
from saga.window.app import App  # noqa: E402

# Every menu item and the key its English shortcut is on.
SHORTCUTS = {
    "new": "n",
    "open": "o",
    "save": "s",
    "save_as": "a",
    "quit": "q",
    "titlebar": "b",
    "watch": "w",
    "summary": "g",
    "runes": "1",
    "spells": "2",
    "swords": "3",
    "treasures": "4",
    "manual": "m",
    "about": "/",  # Shift+/ is ?
}


class RecordingStore:
    def __init__(self) -> None:
        self.kept: list[dict[str, object]] = []

    def remember(self, **changes: object) -> None:
        self.kept.append(changes)


def key(name: str, mod: int) -> None:
    """A key press as SDL sends it with Ctrl or Super held: no text event."""
    scancode = getattr(pygame, f"KSCAN_{'SLASH' if name == '/' else name.upper()}")
    code = ord(name)
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(
            pygame.event.Event(kind, key=code, scancode=scancode, mod=mod, unicode="")
        )


def drain(ui: Ui) -> list[IntuiMessage]:
    """Every message the posted events make (a window key makes none)."""
    messages = []
    for _ in range(12):
        message = ui.next_message(0)
        if message is not None:
            messages.append(message)
    return messages


def picks(ui: Ui) -> list[str]:
    picked = []
    for message in drain(ui):
        if message.idcmp == IDCMP.MENUPICK:
            picked.append(ui.picked)
    return picked


@pytest.mark.parametrize(
    "mod",
    [pygame.KMOD_LCTRL, pygame.KMOD_RCTRL, pygame.KMOD_LGUI, pygame.KMOD_RGUI],
    ids=["lctrl", "rctrl", "lsuper", "rsuper"],
)
def test_every_menu_shortcut_from_key_presses(window: Ui, mod: int) -> None:
    ui = window
    App(ui, Config(), english(), Lcg64(1))
    ui.enable(*SHORTCUTS, on=True)
    for item, name in SHORTCUTS.items():
        key(name, mod | (pygame.KMOD_LSHIFT if name == "/" else 0))
        assert picks(ui) == [item], item


def test_text_typed_under_a_command_key_is_not_typed_twice(window: Ui) -> None:
    ui = window
    App(ui, Config(), english(), Lcg64(1))
    key("2", pygame.KMOD_LGUI)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="2"))  # as X11 does for Super
    messages = drain(ui)
    assert [m.idcmp for m in messages if m.idcmp != IDCMP.RAWKEY] == [IDCMP.MENUPICK]


def test_alt_keys_scale_and_fullscreen_without_typing(window: Ui) -> None:
    ui = window
    presenter = ui.presenter
    key("2", pygame.KMOD_LALT)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="2"))
    assert [m for m in drain(ui) if m.idcmp == IDCMP.VANILLAKEY] == []
    assert presenter.scale == 2
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN,
            key=pygame.K_RETURN,
            scancode=pygame.KSCAN_RETURN,
            mod=pygame.KMOD_LALT,
            unicode="\r",
        )
    )
    drain(ui)
    assert presenter.fullscreen


def test_shift_escape_quits_at_once(window: Ui) -> None:
    ui = window
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN,
            key=pygame.K_ESCAPE,
            scancode=pygame.KSCAN_ESCAPE,
            mod=pygame.KMOD_LSHIFT,
            unicode="\x1b",
        )
    )
    with pytest.raises(QuitProgram):
        ui.next_message(0)


def test_settings_menu_changes_the_window_and_is_remembered(
    window: Ui,
) -> None:
    ui = window
    presenter = ui.presenter
    store = RecordingStore()
    config = Config()
    app = App(ui, config, english(), Lcg64(1), store=store)
    for item in ("stretch", "scanlines", "watch"):
        ui.menu_item(item).checked = True  # as picking it does
        app.menu(item)
    assert presenter.stretch and presenter.scanlines and config.watch_amiga
    assert store.kept == [{"stretch": True}, {"scanlines": True}, {"watch_amiga": True}]


def test_stretch_fills_a_resized_window_keeping_the_shape(
    window: Ui,
) -> None:
    presenter = window.presenter
    presenter.set_stretch(True)
    presenter.resized(1000, 1000)
    assert presenter.viewport.picture == (1000, 800)
    assert presenter.window_to_screen(999, 100 + 799) == (639, 511)
    presenter.resized(1400, 1200)
    assert presenter.viewport.picture == (1400, 1120)
    presenter.set_scanlines(True)
    presenter.screen.pixels[:] = 1
    presenter.screen.palette.set_rgb(1, 200, 200, 200)
    presenter.screen.bitmap.dirty.add_all()
    presenter.present()
    column = pygame.surfarray.array3d(pygame.display.get_surface())[500, 40:1160, 0]
    assert column.max() == 200 and column.min() < 200  # the dark row of each line


@pytest.mark.parametrize("display", [None, ":9999"])
def test_no_display_stops_at_once_with_the_headless_hint(
    tmp_path: Path, display: str | None
) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    if display:  # a display that is not there: SDL falls back to its offscreen driver
        env["DISPLAY"] = display
    done = subprocess.run(
        [sys.executable, "-m", "saga"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert done.stderr.endswith("try --headless\n")
    assert "no display" in done.stderr or "can't open a window" in done.stderr
    if display is None:  # said before SDL has anything to say
        assert done.stderr.count("\n") == 1
