"""The screenshot key: Print Screen or Alt+S saves the screen as the Amiga shows it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from amiga.display import Screen
from amiga.display.screenshot import save_screenshot
from amiga.iff import read_ilbm
from amiga.iff.png import decode_png
from amiga.input import Qualifier, RawKey, ScriptedEventSource
from saga.engine import tables as T
from saga.engine.rng import Lcg64
from saga.files.config import Config
from saga.look.text import english
from saga.screen.ui import NOTE_SECONDS, TITLE_HEIGHT, Ui
from saga.window.app import App

TEXT = english()
CONTROLS = [T.HUMAN, T.NONE, T.NONE, T.AMIGA, T.NONE, T.NONE]


def _title_screen(source: ScriptedEventSource, home: Path) -> tuple[Ui, Config]:
    """Run the title screen on ``source`` until it runs out (Esc quits it)."""
    ui = Ui(source)
    config = Config(controls=list(CONTROLS), home=home)
    App(ui, config, TEXT, Lcg64(1)).run()
    return ui, config


def test_print_screen_and_alt_s_save_an_ilbm_and_a_png_beside_the_saves(tmp_path: Path) -> None:
    source = ScriptedEventSource()
    source.raw(RawKey.PRINT_SCREEN).ticks(2).raw(RawKey.S, Qualifier.LALT).ticks(2).key("\x1b")
    ui, config = _title_screen(source, tmp_path)
    folder = tmp_path / "Screenshots"
    assert sorted(p.name for p in folder.iterdir()) == [
        "Saga-001.iff",
        "Saga-001.png",
        "Saga-002.iff",
        "Saga-002.png",
    ]
    first = read_ilbm((folder / "Saga-001.iff").read_bytes())
    # What an Amiga grabber writes of the game's screen: 128 pens in 7 planes.
    assert (first.width, first.height, first.planes, len(first.palette)) == (640, 512, 7, 128)
    assert first.camg == ui.screen.mode_id
    png = decode_png((folder / "Saga-001.png").read_bytes())
    assert (png.pixels == first.pixels).all() and png.palette == first.palette
    # The title screen, and no note: not the first shot's in the second.
    second = read_ilbm((folder / "Saga-002.iff").read_bytes())
    assert (second.pixels == first.pixels).all()
    # Alt+S is the window's key: the title screen never saw an S (Starkad, Siegfried).
    assert config.controls == CONTROLS


def test_the_note_says_where_it_went_in_the_title_bar_and_goes(
    tmp_path: Path, source: ScriptedEventSource, ui: Ui
) -> None:
    App(ui, Config(home=tmp_path), TEXT, Lcg64(1))
    ui.set_title("Saga")
    before = ui.screen.pixels.copy()
    source.raw(RawKey.PRINT_SCREEN)
    assert ui.next_message(0) is None  # the window's key, not the screen's
    assert ui.showing_note == "Saved Screenshots/Saga-001.iff, Saga-001.png"
    changed = np.argwhere(ui.screen.pixels != before)
    assert changed.size and changed[:, 0].max() < TITLE_HEIGHT  # the title bar, nothing else
    source.ticks(int(NOTE_SECONDS * 10) + 1)
    ui.next_message(0)
    assert ui.showing_note is None
    assert (ui.screen.pixels == before).all()


def test_the_note_shows_with_the_title_bar_hidden_too(
    tmp_path: Path, source: ScriptedEventSource, ui: Ui
) -> None:
    App(ui, Config(home=tmp_path, titlebar=False), TEXT, Lcg64(1))
    ui.set_show_title(False)
    ui.draw_frame()
    before = ui.screen.pixels.copy()
    source.raw(RawKey.S, Qualifier.RALT)
    ui.next_message(0)
    assert (ui.screen.pixels[:TITLE_HEIGHT] != before[:TITLE_HEIGHT]).any()
    source.ticks(int(NOTE_SECONDS * 10) + 1)
    ui.next_message(0)
    assert (ui.screen.pixels == before).all()


def test_a_screenshot_that_cannot_be_written_says_so_in_the_title_bar(
    tmp_path: Path, source: ScriptedEventSource, ui: Ui
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    App(ui, Config(home=blocked), TEXT, Lcg64(1))
    source.raw(RawKey.PRINT_SCREEN)
    ui.next_message(0)
    assert ui.showing_note is not None
    assert ui.showing_note.startswith(f"Cannot write to {blocked / 'Screenshots'}: ")


def test_a_dimmed_screen_keeps_its_shadow_colours(tmp_path: Path, ui: Ui) -> None:
    screen = ui.screen
    screen.palette.set_rgb(3, 200, 100, 50)
    screen.pixels[:] = 3
    screen.dim(0, 0, 99, 99)
    iff, png = save_screenshot(screen, tmp_path, "Shot")
    picture = read_ilbm(iff.read_bytes())
    assert (picture.planes, len(picture.palette)) == (8, 256)
    assert picture.palette[picture.pixels[0, 0]] == (100, 50, 25)
    assert picture.palette[picture.pixels[200, 200]] == (200, 100, 50)
    assert decode_png(png.read_bytes()).palette == picture.palette


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_the_png_is_at_the_windows_scale_and_nothing_is_overwritten(
    tmp_path: Path, scale: int
) -> None:
    screen = Screen()
    screen.pixels[10, 20] = 5
    (tmp_path / "Shot-007.png").write_bytes(b"someone else's")
    iff, png = save_screenshot(screen, tmp_path, "Shot", scale=scale)
    assert (iff.name, png.name) == ("Shot-008.iff", "Shot-008.png")
    pixels = decode_png(png.read_bytes()).pixels
    assert pixels.shape == (512 * scale, 640 * scale)
    assert (pixels[::scale, ::scale] == screen.pixels).all()
    assert (tmp_path / "Shot-007.png").read_bytes() == b"someone else's"
