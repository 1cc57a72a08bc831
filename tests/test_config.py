"""Saga.config: this run's settings apart from the file, which keeps only the player's changes."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from guards import returns

from saga import cli
from saga.engine import tables as T
from saga.files import savefile
from saga.files.config import (
    AMIGA_DELAY_TICKS,
    AMIGA_SIZE,
    DELAY_TICKS,
    MAX_PROBLEMS,
    MAX_SIZE,
    Config,
    SettingsFile,
    amiga_layout,
    delay_from_amiga,
    delay_to_amiga,
)
from saga.files.places import find_places

REPO = Path(__file__).resolve().parent.parent
REPO_CONFIG = REPO / "Saga.config"

MINE = b"""; my own notes
TURNS=12
colour=red
; LANGUAGE=deutsch
BEOWULF=AMIGA
DELAY=3
"""


def read(path: Path) -> tuple[SettingsFile, Config, list[str]]:
    store = SettingsFile(path, complain=pytest.fail)
    config, problems = store.read()
    return store, config, problems


# -- the text form -------------------------------------------------------------------


def test_remember_rewrites_only_the_changed_lines(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes(MINE)
    store, config, problems = read(path)
    assert (config.turns, config.delay, config.controls[0]) == (12, 3, T.AMIGA)
    assert len(problems) == 1 and "'colour=red' ignored" in problems[0]
    store.remember(turns=30, stretch=True)
    assert path.read_bytes() == MINE.replace(b"TURNS=12", b"TURNS=30") + b"STRETCH=YES\n"
    _, again, _ = read(path)
    assert (again.turns, again.stretch, again.delay) == (30, True, 3)


def test_remember_keeps_crlf_lines_and_changes_the_line_that_counts(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes(b"TURNS=5\r\n; x\r\nTURNS=6\r\nSCANLINES=NO")
    store, config, _ = read(path)
    assert config.turns == 6  # the last line of a key wins
    store.remember(turns=7, scanlines=True)
    assert path.read_bytes() == b"TURNS=5\r\n; x\r\nTURNS=7\r\nSCANLINES=YES"


def test_controls_are_six_lines(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    store, config, _ = read(path)
    assert config.controls == [T.HUMAN, T.NONE, T.NONE, T.AMIGA, T.NONE, T.NONE]  # the manual's
    store.remember(controls=[T.NONE, T.AMIGA, T.NONE, T.HUMAN, T.NONE, T.NONE])
    text = path.read_text()
    assert text.startswith(";") and "BRUNHILD=AMIGA\n" in text and "RAGNAR=HUMAN\n" in text
    assert "TURNS" not in text  # a new file holds only what was changed
    assert read(path)[1].controls == [T.NONE, T.AMIGA, T.NONE, T.HUMAN, T.NONE, T.NONE]


def test_only_settings_can_be_remembered(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="home"):
        SettingsFile(tmp_path / "Saga.config").remember(home=tmp_path)


def test_a_nul_in_the_language_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes(b"LANGUAGE=deu\0tsch\nTURNS=9\n")
    _, config, problems = read(path)
    assert config.language == "" and config.turns == 9
    assert problems == [
        f"{path}, line 1: 'LANGUAGE=deu\\x00tsch' ignored: it is not a language name"
    ]


def test_a_garbage_file_gives_a_few_short_warnings(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes(os.urandom(MAX_SIZE).replace(b"\0", b"x"))
    _, config, problems = read(path)
    assert len(problems) <= MAX_PROBLEMS + 1
    assert all(len(p) < len(str(path)) + 200 for p in problems)
    assert config.turns == 20


@pytest.mark.parametrize("kind", ["huge", "folder", "fifo"])
def test_a_file_that_cannot_be_read_is_never_written(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "Saga.config"
    if kind == "huge":
        with path.open("wb") as f:
            f.truncate(50 << 20)  # sparse: 50 MB that take no disk
    elif kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    complaints: list[str] = []
    store = SettingsFile(path, complain=complaints.append)
    config, problems = returns(store.read)  # never waits on the pipe
    assert len(problems) == 1 and len(problems[0]) < 200 and "using the defaults" in problems[0]
    assert config == Config(home=config.home)
    store.remember(turns=3)
    assert complaints and "settings not kept" in complaints[0]
    assert path.is_dir() if kind == "folder" else path.stat().st_size in (0, 50 << 20)


def test_a_failed_write_is_reported_not_raised(tmp_path: Path) -> None:
    complaints: list[str] = []
    store = SettingsFile(tmp_path / "no" / "such" / "\0bad", complain=complaints.append)
    store.remember(turns=3)
    assert complaints and "settings not kept" in complaints[0]


# -- the original's binary file --------------------------------------------------------

# Made for these tests from system.c's layout (no file of the original's is used):
# controls, a PAL hires-laced mode ID, 640x512x7, delay step 5, no title bar,
# advanced, 33 turns, version 5, watch Amiga, About at (100, 50), custom screen.
AMIGA_FILE = (
    bytes([2, 1, 0, 0, 2, 0])
    + (0x00029004).to_bytes(4, "big")
    + (640).to_bytes(4, "big")
    + (512).to_bytes(4, "big")
    + (7).to_bytes(2, "big")
    + bytes([5, 0, 1, 33, 5, 1])
    + (100).to_bytes(2, "big")
    + (50).to_bytes(2, "big")
    + bytes([1])
)


def test_a_195_binary_file_is_read(tmp_path: Path) -> None:
    assert len(AMIGA_FILE) == AMIGA_SIZE
    path = tmp_path / "Saga.config"
    path.write_bytes(AMIGA_FILE)
    store, config, problems = read(path)
    assert problems == [] and store.is_amiga_file
    assert config.controls == [T.AMIGA, T.HUMAN, T.NONE, T.NONE, T.AMIGA, T.NONE]
    assert (config.turns, config.advanced, config.titlebar, config.watch_amiga) == (
        33,
        True,
        False,
        True,
    )
    assert config.delay == 2  # step 5 is 1.6 s: nearest the manual's 1.4 s


def test_a_binary_file_stays_binary_and_keeps_the_bytes_we_do_not_use(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes(AMIGA_FILE)
    store, _, _ = read(path)
    store.remember(turns=40, delay=2, titlebar=True)  # delay 2 still fits step 5: kept
    changed = bytearray(AMIGA_FILE)
    changed[23], changed[21] = 40, 1
    assert path.read_bytes() == bytes(changed)
    store.remember(delay=4, controls=[T.NONE, T.NONE, T.HUMAN, T.NONE, T.NONE, T.NONE])
    fields = amiga_layout().parse(path.read_bytes())
    assert (fields.delay_step, list(fields.controls), fields.version) == (7, [0, 0, 1, 0, 0, 0], 5)
    assert (fields.display_id, fields.about_x, fields.about_y, fields.custom_screen) == (
        0x29004,
        100,
        50,
        1,
    )


def test_settings_the_original_has_no_byte_for_follow_its_31_bytes(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes(AMIGA_FILE)
    store, _, _ = read(path)
    store.remember(scanlines=True, language="deutsch")
    data = path.read_bytes()
    assert data[:AMIGA_SIZE] == AMIGA_FILE  # what the original reads is untouched
    assert data[AMIGA_SIZE:] == b"\nSCANLINES=YES\nLANGUAGE=deutsch\n"
    _, config, problems = read(path)
    assert problems == [] and config.scanlines and config.language == "deutsch"
    assert config.turns == 33


def test_a_binary_file_of_another_version_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    old = AMIGA_FILE[:24] + b"\x04" + AMIGA_FILE[25:]
    path.write_bytes(old)
    complaints: list[str] = []
    store = SettingsFile(path, complain=complaints.append)
    _, problems = store.read()
    assert problems == [
        f"{path}: binary, but not a version 5 Amiga settings file; using the defaults"
    ]
    store.remember(turns=5)
    assert path.read_bytes() == old and complaints


def test_bad_binary_values_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes(AMIGA_FILE[:20] + bytes([9, 0, 0, 0]) + AMIGA_FILE[24:])
    _, config, problems = read(path)
    assert (config.delay, config.turns) == (1, 20)
    assert problems == [f"{path}: message delay 9 ignored", f"{path}: number of turns 0 ignored"]


def test_the_eight_steps_map_to_the_nearest_of_the_manuals_five() -> None:
    assert [delay_from_amiga(s) for s in range(len(AMIGA_DELAY_TICKS))] == [0, 0, 1, 1, 2, 2, 3, 4]
    for position in range(len(DELAY_TICKS)):
        assert delay_from_amiga(delay_to_amiga(position)) == position


# -- where the files live ----------------------------------------------------------------


def test_a_saga_config_in_the_current_folder_means_portable(tmp_path: Path) -> None:
    (tmp_path / "Saga.config").touch()
    places = find_places(None, tmp_path)
    assert places == type(places)(tmp_path / "Saga.config", tmp_path, tmp_path, portable=True)


def test_otherwise_the_users_folders(tmp_path: Path) -> None:
    places = find_places(None, tmp_path)
    assert not places.portable
    assert places.settings == Path(os.environ["XDG_CONFIG_HOME"]) / "Saga" / "Saga.config"
    assert places.data == Path(os.environ["XDG_DATA_HOME"]) / "Saga"
    assert find_places(tmp_path / "x.config", tmp_path).settings == tmp_path / "x.config"


def test_the_users_folders_are_used_and_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert (
        cli.main(["--headless", "--seed", "1", "--turns", "1", "RAGNAR=AMIGA", "BEOWULF=NONE"]) == 0
    )
    data = Path(os.environ["XDG_DATA_HOME"]) / "Saga"
    assert savefile.load(data / "Autosave.saga").turns == 1
    assert list(tmp_path.iterdir()) == []  # nothing beside us
    assert not (Path(os.environ["XDG_CONFIG_HOME"]) / "Saga").exists()  # nothing changed


# -- the command line holds for one run ------------------------------------------------------


PER_RUN = [
    "--turns",
    "3",
    "--fix-bugs",
    "--advanced",
    "--language",
    "deutsch",
    "BEOWULF=AMIGA",
    "EGIL=AMIGA",
    "RAGNAR=NONE",
]


def test_per_run_options_never_reach_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(REPO_CONFIG, tmp_path / "Saga.config")
    assert cli.main(["--headless", "--seed", "5", *PER_RUN]) == 0
    assert (tmp_path / "Saga.config").read_bytes() == REPO_CONFIG.read_bytes()
    state = savefile.load(tmp_path / "Autosave.saga")
    assert state.turns == 3 and state.advanced  # ... but they held for the run


def test_the_window_gets_this_runs_settings_and_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import saga.window.app as app

    seen: dict[str, Any] = {}

    def window(config, text, seed, path=None, source=None, *, store=None, **_):
        seen.update(config=config, controls=list(config.controls), store=store)
        return 0

    monkeypatch.chdir(tmp_path)
    shutil.copy(REPO_CONFIG, tmp_path / "Saga.config")
    monkeypatch.setattr(app, "run_window", window)
    assert cli.main(PER_RUN) == 0
    config = seen["config"]
    assert (config.turns, config.advanced, config.fixes, config.home) == (
        3,
        True,
        True,
        tmp_path,
    )
    assert seen["controls"] == [T.AMIGA, T.NONE, T.AMIGA, T.NONE, T.NONE, T.NONE]
    assert isinstance(seen["store"], SettingsFile)
    assert seen["store"].path == tmp_path / "Saga.config"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_the_window_cleanly_and_leaves_the_settings_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, signum: int
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(REPO_CONFIG, tmp_path / "Saga.config")
    cli.main(["--headless", "--seed", "2", "--turns", "5", "BEOWULF=AMIGA", "RAGNAR=AMIGA"])
    os.replace(tmp_path / "Autosave.saga", tmp_path / "game.saga")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen(
        [sys.executable, "-m", "saga", *PER_RUN[:6], "game.saga"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "Autosave.saga").exists():  # the window is up and playing
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        process.send_signal(signum)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err.decode()
    assert savefile.load(tmp_path / "Autosave.saga").turns == 5
    assert (tmp_path / "Saga.config").read_bytes() == REPO_CONFIG.read_bytes()


def test_a_store_never_writes_over_a_file_it_has_not_read(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes(MINE)
    SettingsFile(path, complain=pytest.fail).remember(turns=30)
    assert path.read_bytes() == MINE.replace(b"TURNS=12", b"TURNS=30")


def test_a_catalog_under_the_originals_name_is_used(tmp_path: Path) -> None:
    from amiga.iff import Ctlg, write_ctlg
    from saga.look.text import builtin_messages, load_text

    yes_id = builtin_messages()["MSG_YES"][0]
    path = tmp_path / "Catalogs" / "deutsch" / "Saga.catalog"
    path.parent.mkdir(parents=True)
    path.write_bytes(write_ctlg(Ctlg({yes_id: "Jawohl"}, "deutsch")))
    text, _ = load_text(None, "deutsch", {}, tmp_path)
    assert text("MSG_YES") == "Jawohl"


def test_a_31_byte_text_file_with_a_nul_is_still_text(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    data = b"TURNS=1\n\0BEOWULF=AMIGA\nDELAY=0\n"
    assert len(data) == AMIGA_SIZE
    path.write_bytes(data)
    store, config, problems = read(path)
    assert (config.turns, config.delay, len(problems)) == (1, 0, 1)
    store.remember(turns=2)
    assert path.read_bytes() == data.replace(b"TURNS=1", b"TURNS=2")


def test_a_language_typed_in_utf_8_reads_as_its_name(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_bytes("LANGUAGE=ελληνικά\nLANGUAGE=français\n".encode())
    store, config, problems = read(path)
    assert config.language == "français" and problems == []  # the last line counts
    path.write_bytes("TURNS=5\nLANGUAGE=ελληνικά\n".encode())
    store, config, problems = read(path)
    assert config.language == "ελληνικά" and problems == []
    store.remember(turns=7)  # the line it does not change keeps its bytes
    assert path.read_bytes() == "TURNS=7\nLANGUAGE=ελληνικά\n".encode()
