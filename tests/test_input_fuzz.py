"""Hostile input a user can hand the program: saved games, settings files and command lines.

Every case must end quickly with a result or one clear message, never a
traceback, a hang or a large allocation.  (Pictures, catalogs and catalog
sources: test_iff_fuzz.py and test_locale_fuzz.py.)
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from engine_helpers import new_game
from fuzzing import fuzz
from guards import HANG
from hypothesis import strategies as st

from amiga.iff import cli as iff_cli
from amiga.locale import cli as locale_cli
from saga import cli
from saga import trace as trace_cli
from saga.files import savefile
from saga.files.config import AMIGA_SIZE, MAX_PROBLEMS, SettingsFile

REPO_CONFIG = Path(__file__).resolve().parent.parent / "Saga.config"
CASE_SECONDS = 5  # any one case; a hang would be caught here rather than stall CI
CASE_MEMORY = 64 << 20

# -- hostile files, made once -----------------------------------------------------------------

HUGE = 3 << 30  # sparse: takes no disk


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Paths of every kind of file argument a user might give by mistake."""
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "Saga.config").touch()  # portable: nothing reaches the user's folders
    (folder / "folder").mkdir()
    os.mkfifo(folder / "pipe")
    with (folder / "huge").open("wb") as f:
        f.truncate(HUGE)
    (folder / "garbage").write_bytes(os.urandom(4096))
    (folder / "empty").touch()
    (folder / "unreadable").write_bytes(b"x")
    (folder / "unreadable").chmod(0)
    (folder / "good.saga").write_bytes(savefile.encode(new_game(3).state))
    paths = {
        name: str(folder / name)
        for name in ("folder", "pipe", "huge", "garbage", "empty", "unreadable", "good.saga")
    }
    paths |= {
        "missing": str(folder / "missing"),
        "long name": str(folder / ("x" * 300)),
        "long path": str(folder / "/".join(["y" * 200] * 30)),
        "under a file": str(folder / "garbage" / "x"),
        "newline": str(folder / "a\nb"),
        "dev/zero": "/dev/zero",
        "dev/full": "/dev/full",
        "dev/null": "/dev/null",
        "nothing": "",
    }
    paths["cwd"] = str(folder)
    return paths


@contextlib.contextmanager
def bounded(what: str) -> Iterator[None]:
    """The case must finish in CASE_SECONDS and allocate at most CASE_MEMORY."""

    def hung(signum: int, frame: object) -> None:
        raise TimeoutError(f"{what}: still running after {CASE_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(CASE_SECONDS)
    tracemalloc.start()
    try:
        yield
        _, peak = tracemalloc.get_traced_memory()
        assert peak < CASE_MEMORY, f"{what}: {peak} bytes"
    finally:
        tracemalloc.stop()
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run_main(main: Callable[[list[str]], int], argv: list[str], cwd: str) -> tuple[int, str]:
    """Run a command's main in-process; its status and what it wrote to stderr."""
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")  # like the real streams
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    here = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                status = main(argv)
            except SystemExit as e:  # argparse's usage errors
                status = e.code if isinstance(e.code, int) else 2
    finally:
        os.chdir(here)
    err.seek(0)
    return status, err.read()


def assert_one_clear_message(status: int, err: str, argv: list[str]) -> None:
    assert status in (0, 1, 2), err  # 1: a trace stopped for want of answers
    assert "Traceback" not in err, err
    if status == 2:
        assert err.strip(), "refused without a word"
    named = sum(len(a) for a in argv)  # usage errors repeat the arguments, paths and all
    assert len(err) < 2000 + 2 * named, f"{len(err)} characters of messages"


# -- file arguments of every kind, to every command ---------------------------------------------

FILE_KINDS = [
    "missing",
    "folder",
    "pipe",
    "huge",
    "garbage",
    "empty",
    "unreadable",
    "long name",
    "long path",
    "under a file",
    "newline",
    "dev/zero",
    "dev/full",
    "dev/null",
]
READABLE = {"garbage", "empty", "unreadable"}  # unreadable only for others than root
COMMANDS: dict[str, tuple[Callable[[list[str]], int], Callable[[str], list[str]]]] = {
    "save": (cli.main, lambda p: ["--headless", p]),
    "FILE=": (cli.main, lambda p: ["--headless", f"FILE={p}"]),
    "--config": (cli.main, lambda p: ["--headless", "--config", p, "BEOWULF=HUMAN"]),
    "--answers": (
        trace_cli.main,
        lambda p: ["--answers", p, "1", "1", "0", "1", "0", "0", "0", "0", "0"],
    ),
    "iff info": (iff_cli.main, lambda p: ["info", p]),
    "iff topng": (iff_cli.main, lambda p: ["topng", p, os.devnull]),
    "locale dump": (locale_cli.main, lambda p: ["dump", p]),
    "locale compile": (locale_cli.main, lambda p: ["compile", p, p, "-o", os.devnull]),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", FILE_KINDS)
def test_every_kind_of_file_gets_one_clear_message(
    hostile: dict[str, str], command: str, kind: str
) -> None:
    main, argv = COMMANDS[command]
    with bounded(f"{command} {kind}"):
        status, err = run_main(main, argv(hostile[kind]), hostile["cwd"])
    assert_one_clear_message(status, err, argv(hostile[kind]))
    if command == "--config":
        assert status == 2 and "Beowulf is human" in err  # the defaults, then on to the game
    elif kind not in READABLE:
        assert status == 2 and err.replace(hostile[kind], "FILE").count("\n") == 1


@pytest.mark.parametrize("kind", ["pipe", "huge", "dev/zero", "long name"])
def test_the_real_program_refuses_at_once(hostile: dict[str, str], kind: str) -> None:
    """In a process of its own, as a user runs it: no hang, no traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "saga", "--headless", hostile[kind]],
        cwd=hostile["cwd"],
        capture_output=True,
        timeout=HANG,  # a hang fails here, with TimeoutExpired
        text=True,
    )
    assert result.returncode == 2 and result.stderr.startswith("saga: ")
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


# -- command lines --------------------------------------------------------------------------------

HERO_WORDS = st.sampled_from(
    ["BEOWULF", "brunhild", "Egil", "RAGNAR", "SIEGFRIED", "STARKAD", "GANDALF", "FILE", ""]
)
CONTROL_WORDS = st.sampled_from(["HUMAN", "AMIGA", "NONE", "amiga", "HUMNA", "", "\0", "ß"])
WEIRD = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
FILE = "\x01file:"  # a placeholder for one of the hostile files, by kind


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    files = st.sampled_from(FILE_KINDS).map(lambda kind: FILE + kind)
    words: list[str] = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["option", "hero", "file", "weird"]))
        if kind == "option":
            option = draw(
                st.sampled_from(
                    [
                        "--turns",
                        "--seed",
                        "--language",
                        "--config",
                        "--advanced",
                        "--fix-bugs",
                        "--headless",
                        "--bogus",
                    ]
                )
            )
            words.append(option)
            if option in ("--turns", "--seed"):
                words.append(draw(st.one_of(st.integers(-5, 200).map(str), WEIRD)))
            elif option == "--language":
                words.append(
                    draw(st.one_of(st.sampled_from(["deutsch", "de\0", "../x", "ß"]), WEIRD))
                )
            elif option == "--config":
                words.append(draw(files))
        elif kind == "hero":
            words.append(f"{draw(HERO_WORDS)}={draw(CONTROL_WORDS)}")
        elif kind == "file":
            words.append(draw(files))
        else:
            words.append(draw(WEIRD))
    return [*words, "--headless", "BEOWULF=HUMAN"]  # validated all, then refused: never plays


@fuzz(command_lines())
def test_command_lines_get_a_result_or_one_clear_message(
    hostile: dict[str, str], argv: list[str]
) -> None:
    argv = [hostile[w.removeprefix(FILE)] if w.startswith(FILE) else w for w in argv]
    with bounded(repr(argv)):
        status, err = run_main(cli.main, argv, hostile["cwd"])
    assert_one_clear_message(status, err, argv)


# -- saved games, read from disk -------------------------------------------------------------------

SAVES = [savefile.encode(new_game(seed, advanced=seed % 2 == 1).state) for seed in (1, 2)]


@st.composite
def damaged_saves(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 8))):
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    cut = draw(st.one_of(st.none(), st.integers(0, len(data) + 40)))
    if cut is not None:
        data = (data + bytes(40))[:cut]
    return bytes(data)


@fuzz(damaged_saves())
def test_damaged_saves_load_or_are_refused_by_name(data: bytes) -> None:
    path = Path(os.environ["XDG_DATA_HOME"]) / "fuzz.saga"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    with bounded("load"):
        try:
            state = savefile.load(path)
        except savefile.SaveFileError as e:
            assert str(path) in str(e)
            return
    assert len(savefile.encode(state)) == savefile.SAVE_SIZE


# -- settings files ------------------------------------------------------------------------------

TEXT_SEEDS = [
    REPO_CONFIG.read_bytes(),
    b"TURNS=5\r\nDELAY=9\r\n; x\r\nBEOWULF=AMIGA",
    b"",
    b"TURNS\n\0BEOWULF=AMIGA",
]  # becomes 31 bytes with a NUL: still text
LINE_PIECES = st.sampled_from(
    [
        b"\n",
        b"\r\n",
        b"\r",
        b"=",
        b";",
        b"#",
        b"\0",
        b"TURNS",
        b"YES",
        b"LANGUAGE=",
        b"99",
        b"\xdf",
        b"\x0b",
        b" ",
    ]
)


@st.composite
def damaged_text(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(TEXT_SEEDS)))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        piece = draw(st.one_of(LINE_PIECES, st.binary(max_size=6)))
        action = draw(st.sampled_from(["insert", "replace", "delete"]))
        if action == "insert":
            data[at:at] = piece
        elif action == "replace":
            data[at : at + len(piece)] = piece
        else:
            del data[at : at + draw(st.integers(1, 10))]
    return bytes(data)


@st.composite
def amiga_files(draw: st.DrawFn) -> bytes:
    head = bytearray(draw(st.binary(min_size=AMIGA_SIZE, max_size=AMIGA_SIZE)))
    head[:6] = draw(st.lists(st.integers(0, 2), min_size=6, max_size=6))
    head[24] = 5
    return bytes(head) + draw(st.one_of(st.just(b""), damaged_text()))


def _other_lines(data: bytes) -> list[str]:
    """The lines of a settings file other than TURNS and DELAY, which the test changes."""
    kept = []
    for line in data.decode("latin-1").splitlines():
        text = line.strip()
        key = text.partition("=")[0].strip().upper() if text and text[0] not in ";#" else ""
        if key not in ("TURNS", "DELAY"):
            kept.append(line)
    return kept


@fuzz(st.one_of(damaged_text(), amiga_files()), st.integers(1, 99), st.integers(0, 4))
def test_settings_files_read_with_few_warnings_and_change_only_what_is_asked(
    data: bytes, turns: int, delay: int
) -> None:
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "fuzz.config"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    store = SettingsFile(path, complain=pytest.fail)
    with bounded("settings"):
        _, problems = store.read()
    assert len(problems) <= MAX_PROBLEMS + 1
    assert all(len(p) < len(str(path)) + 160 for p in problems)
    binary = store.is_amiga_file
    if any("not a version 5" in p for p in problems):
        return  # the original's file of another version: left alone
    store.remember(turns=turns, delay=delay)
    config, _ = SettingsFile(path).read()
    assert (config.turns, config.delay) == (turns, delay)
    changed = path.read_bytes()
    if binary:
        assert changed[AMIGA_SIZE:] == data[AMIGA_SIZE:]
        same = [i for i in range(AMIGA_SIZE) if i not in (20, 23)]
        assert [changed[i] for i in same] == [data[i] for i in same]
    else:
        assert _other_lines(changed) == _other_lines(data)
