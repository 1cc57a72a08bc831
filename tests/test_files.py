"""Files under abuse, through the real commands: links, pipes, devices, two games, a full disk.

Every file the program writes goes through :mod:`amiga.dos`; these tests
plant what a careless or hostile user would and run ``python -m saga`` or
``python -m saga.trace`` in a separate process, as a player would.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from guards import HANG

from amiga import dos
from amiga.iff import Ctlg, write_ctlg
from saga.engine import tables as T
from saga.engine.host import Answer, Ask
from saga.engine.session import Setup
from saga.engine.state import GameState
from saga.files import config as configuration
from saga.files import replayfile
from saga.look.text import builtin_messages
from saga.play import replay
from saga.play.hosts import QuietHost
from saga.trace import main as trace_main

REPO = Path(__file__).resolve().parent.parent
GAME = ["--headless", "--seed", "5", "--turns", "3", "RAGNAR=AMIGA", "EGIL=AMIGA", "BEOWULF=NONE"]
NEW = ["5", "2", "0", "0", "0", "2", "2", "0", "0"]  # the trace tool's arguments for a short game


def _saga(
    folder: Path, *args: str, module: str = "saga", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m MODULE ARGS`` in ``folder`` as a player would, with this checkout."""
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "LANG": "C",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A portable Saga folder (it holds a Saga.config), inside a folder of other files."""
    game = tmp_path / "game"
    game.mkdir()
    (game / "Saga.config").write_text("TURNS=20\n")
    return game


def _no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr, result.stderr


# -- links the program must not follow ---------------------------------------------------


def test_a_planted_link_is_replaced_never_written_through(folder: Path) -> None:
    victim = folder.parent / "victim.txt"
    victim.write_text("precious\n")
    (folder / "Autosave.replay").symlink_to(victim)
    (folder / "Autosave.saga").symlink_to(folder.parent / "nowhere.saga")  # dangling
    result = _saga(folder, *GAME)
    assert result.returncode == 0, result.stderr
    assert victim.read_text() == "precious\n"
    assert not (folder.parent / "nowhere.saga").exists()
    for name in ("Autosave.replay", "Autosave.saga"):
        assert stat.S_ISREG((folder / name).lstat().st_mode)
    assert (folder / "Autosave.replay").read_text().startswith("SAGA-REPLAY 1 5 3 0 0 0 2 2 0 0\n")
    (folder / ".Autosave.lock").unlink()
    (folder / ".Autosave.lock").symlink_to(victim)  # the lock file is not opened through a link
    assert _saga(folder, *GAME).returncode == 0
    assert victim.read_text() == "precious\n"


def test_a_link_named_by_the_user_is_refused_and_left_alone(folder: Path) -> None:
    victim = folder.parent / "victim.txt"
    victim.write_text("precious\n")
    (folder / "mine.replay").symlink_to(victim)
    result = _saga(folder, *GAME, "--record", "mine.replay")
    assert result.returncode == 2 and "is a symbolic link" in result.stderr
    _no_traceback(result)
    assert victim.read_text() == "precious\n" and (folder / "mine.replay").is_symlink()
    assert not (folder / "Autosave.replay").exists()  # refused before anything was written


# -- pipes and devices ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        [*GAME, "--record", "out"],
        ["--simulate", "2", "--turns", "2", "--csv", "out"],
        ["--simulate", "2", "--turns", "2", "--chart", "out"],
    ],
)
def test_a_named_pipe_is_refused_without_waiting_for_a_reader(
    folder: Path, args: list[str]
) -> None:
    os.mkfifo(folder / "out")
    result = _saga(folder, *args, timeout=HANG)  # a hang fails here, with TimeoutExpired
    assert result.returncode == 2 and "out: is not a plain file" in result.stderr
    _no_traceback(result)
    assert stat.S_ISFIFO((folder / "out").lstat().st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
@pytest.mark.parametrize("option", ["--chart", "--csv", "--record"])
def test_a_device_is_refused_and_stays_a_device(folder: Path, option: str) -> None:
    device = folder / "null"  # a private copy of /dev/null, never a system node
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    args = [*GAME, option, "null"] if option == "--record" else ["--simulate", "2", option, "null"]
    result = _saga(folder, *args)
    assert result.returncode == 2 and "null: is not a plain file" in result.stderr
    _no_traceback(result)
    assert stat.S_ISCHR(device.lstat().st_mode)


def test_a_folder_and_an_unwritable_file_are_refused(folder: Path) -> None:
    (folder / "dir.png").mkdir()
    result = _saga(folder, "--simulate", "2", "--chart", "dir.png")
    assert result.returncode == 2 and "dir.png: is a folder" in result.stderr
    with pytest.raises(dos.FileProblem, match="is in a folder that does not exist"):
        dos.check_writable(folder / "no such folder" / "x")


# -- check everything before touching anything ---------------------------------------------


def test_a_refused_run_has_touched_no_file(folder: Path) -> None:
    (folder / "mygame.saga").write_bytes(b"my game")
    settings = (folder / "Saga.config").read_bytes()
    result = _saga(folder, "--headless", "--record", "mygame.saga", "FOO=BAR")
    assert result.returncode == 2 and "'FOO' is not a hero" in result.stderr
    assert (folder / "mygame.saga").read_bytes() == b"my game"
    result = _saga(folder, *GAME, "--record", "Saga.config")
    assert result.returncode == 2 and "must not overwrite the settings" in result.stderr
    assert (folder / "Saga.config").read_bytes() == settings
    assert sorted(p.name for p in folder.iterdir()) == ["Saga.config", "mygame.saga"]


def test_a_hard_link_to_the_replay_played_is_not_recorded_over(folder: Path) -> None:
    text = "SAGA-REPLAY 1 1 2 0 0 0 0 2 0 0\n"
    (folder / "r.replay").write_text(text)
    os.link(folder / "r.replay", folder / "same.replay")
    result = _saga(folder, "--headless", "--replay", "r.replay", "--record", "same.replay")
    assert result.returncode == 2 and "must not overwrite the replay" in result.stderr
    assert (folder / "r.replay").read_text() == text


# -- one folder, one game at a time --------------------------------------------------------


def test_a_second_game_in_the_folder_keeps_its_own_autosave_and_replay(folder: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "LANG": "C", "SDL_VIDEODRIVER": "dummy"}
    # The first game waits in its window (a display that shows nothing) until it is ended.
    first = subprocess.Popen(
        [sys.executable, "-m", "saga", "RAGNAR=AMIGA"],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not (folder / ".Autosave.lock").exists():  # it holds the folder's first slot
            assert time.monotonic() < deadline and first.poll() is None
            time.sleep(0.05)
        second = _saga(folder, *GAME)
        assert second.returncode == 0, second.stderr
        assert "another game is playing" in second.stderr and "Autosave-2.saga" in second.stderr
        assert (folder / "Autosave-2.saga").stat().st_size == 1780
        assert replayfile.read(folder / "Autosave-2.replay").start.turns == 3
        assert not (folder / "Autosave.saga").exists() and not (folder / "Autosave.replay").exists()
    finally:
        first.terminate()  # as closing its window does
        _, err = first.communicate(timeout=60)
    assert first.returncode == 0, err
    # With the first game gone, the next takes the first names again.
    third = _saga(folder, *GAME)
    assert third.returncode == 0 and "another game" not in third.stderr
    assert replayfile.read(folder / "Autosave.replay").start.turns == 3


def test_a_settings_change_is_made_to_the_file_as_it_is_now(tmp_path: Path) -> None:
    path = tmp_path / "Saga.config"
    path.write_text("; mine\nTURNS=20\n")
    one, two = configuration.SettingsFile(path), configuration.SettingsFile(path)
    one.read()
    two.read()
    one.remember(turns=7)
    two.remember(delay=3)  # read before the first game's change: must not undo it
    assert path.read_text() == "; mine\nTURNS=7\nDELAY=3\n"


# -- bad replays and traces ----------------------------------------------------------------


@pytest.mark.parametrize(
    "module, args",
    [
        ("saga.trace", ["--replay", "bad.replay"]),
        ("saga.trace", ["--replay", "missing.replay"]),
        ("saga.trace", ["--answers", "bad.replay", *NEW]),
        ("saga.trace", ["--expect", "missing.trace", *NEW]),
        ("saga", ["--headless", "--replay", "bad.replay"]),
        ("saga", ["--headless", "--replay", "missing.replay"]),
        ("saga", ["--replay", "missing.replay"]),
    ],
)
def test_bad_replays_get_a_message_and_exit_2(folder: Path, module: str, args: list[str]) -> None:
    (folder / "bad.replay").write_text("SAGA-REPLAY 1 1 2 0 0 0 0 2 0 0\nQ COUNTRY x 1 5\nQ\n")
    result = _saga(folder, *args, module=module)
    assert result.returncode == 2, result.stderr
    assert "replay" in result.stderr or "trace" in result.stderr
    _no_traceback(result)


def test_a_replay_cut_short_plays_what_it_has_with_a_warning(folder: Path) -> None:
    (folder / "cut.replay").write_text("SAGA-REPLAY 1 5 2 0 0 0 2 2 0 0\nQ COUNTR")
    result = _saga(folder, "--replay", "cut.replay", module="saga.trace")
    assert result.returncode == 0, result.stderr
    assert "line 2: the recording was cut short here" in result.stderr
    assert result.stdout.count("SCORE") == 6


def test_the_trace_tool_compares_only_when_asked_even_into_a_string(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert trace_main(NEW) == 0  # no --expect: nothing to compare, whatever stdout is
    assert out.getvalue().count("SCORE") == 6


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
def test_a_long_replay_reads_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "long.replay"
    line = "Q COUNTRY 9 123 0\n"
    with path.open("w") as f:
        f.write("SAGA-REPLAY 1 5 20 0 1 0 0 2 0 0\n")
        f.write(line * ((replayfile.MAX_TRACE - 100) // len(line)))
    # VmHWM: this process's own peak (ru_maxrss would count a forking parent's too).
    code = (
        "import re, sys; from saga.files.replayfile import read; "
        "n = len(read(sys.argv[1]).answers); "
        "print(n, re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read())[1])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=True,
    )
    answers, peak_kb = map(int, result.stdout.split())
    assert answers == (replayfile.MAX_TRACE - 100) // len(line)
    assert peak_kb < 100_000  # a list of strings and tuples took 200 MB and more


def test_simulate_uses_no_more_processes_than_cores(folder: Path) -> None:
    result = _saga(folder, "--simulate", "3", "--turns", "1", "--jobs", "64")
    cores = len(os.sched_getaffinity(0))
    assert result.returncode == 0 and f"on {min(3, cores)} process" in result.stderr


# -- a full disk -----------------------------------------------------------------------------


class _Answers(QuietHost):
    def ask(self, mode: Ask, pen: int) -> Answer:
        return Answer(ord("Y"))


def _record(path: Path, answers: int, warned: list[str]) -> None:
    recorder = replay.Recorder(
        _Answers(),
        Setup(11, (T.HUMAN,) + (T.NONE,) * 5),
        [(path, True)],
        warn=lambda path, why: warned.append(why),
    )
    state = GameState()
    state.heroes[0].control = T.HUMAN
    recorder.autosave(state)
    for _ in range(answers):
        recorder.ask(Ask.YNKEYBOARD, 6)


def test_a_full_disk_leaves_whole_lines_and_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "Autosave.replay"
    real_write = os.write
    room = [200]  # bytes left on the "disk"

    def full_disk(fd: int, data: bytes) -> int:
        if room[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = real_write(fd, bytes(data)[: room[0]])  # the disk takes what fits
        room[0] -= written
        return written

    monkeypatch.setattr(os, "write", full_disk)
    warned: list[str] = []
    _record(path, 100, warned)
    monkeypatch.undo()
    text = path.read_text()
    assert text.endswith("\n") and all(
        line == "Q YNKEYBOARD 6 89 0" for line in text.splitlines()[1:]
    )
    assert len(warned) == 1 and "No space left on device" in warned[0]
    assert len(replayfile.read(path).answers) == len(text.splitlines()) - 1 > 3


def test_the_recorder_stops_where_the_reader_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay, "MAX_TRACE", 300)
    warned: list[str] = []
    path = tmp_path / "r.replay"
    _record(path, 100, warned)
    assert len(warned) == 1 and "is too large" in warned[0]
    assert path.stat().st_size <= 300 and path.read_text().endswith("\n")


# -- names and text from outside -------------------------------------------------------------


def test_a_hostile_catalog_never_reaches_the_terminal_raw(folder: Path) -> None:
    evil = "\x1b]0;owned\x07\x1b[2J"
    strings = {msg_id: evil + text for msg_id, text in builtin_messages().values()}
    catalogs = folder / "Catalogs" / "deutsch"
    catalogs.mkdir(parents=True)
    (catalogs / "saga.catalog").write_bytes(write_ctlg(Ctlg(strings, language="deutsch")))
    result = _saga(folder, *GAME, "--language", "deutsch")
    assert result.returncode == 0, result.stderr
    assert "\\x1b]0;owned\\x07" in result.stdout
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout


def test_save_as_names_only_files_in_the_folder_shown(tmp_path: Path) -> None:
    for name in ("", ".", "..", "../x", "a/b", "a\\b", "x\x1by"):
        assert dos.file_in(tmp_path, name) is None, name
    assert dos.file_in(tmp_path, "my game") == str(tmp_path / "my game")
    assert dos.file_in(tmp_path, "...saga") == str(tmp_path / "...saga")  # a name, if odd


def test_every_tool_loads_a_save_of_the_sizes_the_game_loads(folder: Path) -> None:
    result = _saga(folder, *NEW, module="saga.trace")
    save = bytes.fromhex([ln for ln in result.stdout.splitlines() if ln[:2] == "T "][-1].split()[2])
    for size, status in ((1780, 0), (1778, 0), (1776, 0), (1775, 2)):
        (folder / "s.saga").write_bytes(save[:size])
        inspected = _saga(folder, "s.saga", module="saga.inspect")
        traced = _saga(folder, "--load", "s.saga", "5", module="saga.trace")
        assert (inspected.returncode, traced.returncode) == (status, status), inspected.stderr
        if status:
            assert "1775 bytes long" in inspected.stderr and "1775 bytes long" in traced.stderr


def test_a_disk_full_from_the_start_leaves_no_file_and_no_litter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full_disk)
    warned: list[str] = []
    _record(tmp_path / "Autosave.replay", 5, warned)
    assert len(warned) == 1 and list(tmp_path.iterdir()) == []


def test_the_window_says_once_that_it_cannot_record(tmp_path: Path) -> None:
    import argparse

    from saga import cli
    from saga.engine.session import Setup
    from saga.files.places import Slot
    from saga.look.text import english

    said: list[str] = []

    class Shown(_Answers):
        def say(self, text: str, pen: int) -> None:
            said.append(text)

    replay_path = tmp_path / "gone" / "Autosave.replay"  # a folder that is not there
    wrap = cli._recording(
        argparse.Namespace(record=None), Slot(tmp_path / "A.saga", replay_path, 1), english()
    )
    recorder = wrap(Shown(), Setup(1))
    state = GameState()
    state.heroes[0].control = T.HUMAN
    recorder.autosave(state)
    recorder.ask(Ask.YNKEYBOARD, 6)
    assert said == [f"Cannot write to {replay_path}!"]


def test_a_game_over_lets_its_slot_go(home: Path) -> None:
    from saga.cli import main
    from saga.files.places import claim_slot

    assert main(GAME) == 0  # in this process: the lock must not outlive the game
    slot = claim_slot(home)
    assert slot is not None and slot.number == 1
    slot.release()
