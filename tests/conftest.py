"""Shared test set-up: no window ever opens, and the engine is easy to drive."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from amiga.display import Screen
from amiga.input import ScriptedEventSource
from saga.screen.ui import HEIGHT, WIDTH, Ui

# Hypothesis keeps its example database and caches in the temporary folder,
# not in a .hypothesis folder wherever the tests run (the repository, or an
# unpacked sdist); set before collection, which already writes there.
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "saga-tests-hypothesis")
# No deadline for an example: a busy machine (CI running a suite per Python)
# is not a failure; hangs are caught by the tests' own bounds.
settings.register_profile("saga", deadline=None)
settings.load_profile("saga")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parent.parent


def oracle_dir() -> Path | None:
    """More traces of the original engine, if any: $SAGA_ORACLE, or ../shared/oracle."""
    env = os.environ.get("SAGA_ORACLE")
    candidates = [Path(env)] if env else [REPO.parent / "shared" / "oracle"]
    for path in candidates:
        if path.is_dir():
            return path
    return None


REPO_ORACLE = REPO / "tests" / "data" / "oracle"


def oracle_traces() -> list[tuple[str, Path]]:
    """Every trace of the original to replay, by test id: the repository's copies, and more.

    The repository's ``tests/data/oracle/**/*.trace`` are always there; any
    trace in the shared oracle that is not the same as a repository copy is
    added.  A trace in a ``load/`` folder continues the ``.saga`` beside it.
    """
    found = {}
    for origin, base in (("repo", REPO_ORACLE), ("shared", oracle_dir())):
        if base is None:
            continue
        for trace in sorted(base.rglob("*.trace")):
            relative = trace.relative_to(base).as_posix()
            copy = REPO_ORACLE / relative
            if origin == "shared" and copy.is_file() and copy.read_bytes() == trace.read_bytes():
                continue
            found[f"{origin}:{relative}"] = trace
    return sorted(found.items())


@pytest.fixture(autouse=True)
def _user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keep every test's settings and saves out of the real user's folders (XDG, as on Linux),
    and whatever it writes to the current folder out of the repository."""
    base = tmp_path_factory.mktemp("user")
    (base / "cwd").mkdir()
    monkeypatch.chdir(base / "cwd")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder to run ``saga`` in, portable (saves stay there), in English
    whatever the machine's locale."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "Saga.config").touch()
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return tmp_path


@pytest.fixture
def screen() -> Screen:
    """A screen of every pen in diagonal stripes, for presenting (a test pattern)."""
    screen = Screen()
    screen.palette.load([(i * 2, 255 - i * 2, (i * 37) % 256) for i in range(128)])
    screen.pixels[:] = (np.arange(512)[:, None] + np.arange(640)[None, :]) % 128
    return screen


@pytest.fixture
def source() -> ScriptedEventSource:
    """The player's input for a screen test, scripted up front."""
    return ScriptedEventSource()


@pytest.fixture
def ui(source: ScriptedEventSource) -> Ui:
    """The game's screen (640x512, 128 pens and their halfbrite shadows), with
    no window, driven by ``source``: the one screen set-up of the screen tests.
    A test with input of its own kind (a player of traces, a real window's)
    makes ``Ui(its_source)``, which opens this same screen."""
    return Ui(source)


@pytest.fixture
def window() -> Iterator[Ui]:
    """The game's screen in a real pygame window (SDL's dummy driver), its input
    SDL's events with no key repeat, as the game opens it: for the tests of
    the window's own keys and of the events it keeps or throws away."""
    import pygame

    from amiga.display.present import Presenter
    from amiga.input.pygame_source import PygameEventSource

    screen = Screen(WIDTH, HEIGHT, depth=7, halfbrite=True)
    presenter = Presenter(screen, "Test", scale=1)
    ui = Ui(PygameEventSource(presenter, key_repeat=None), presenter, screen)
    pygame.event.clear()
    yield ui
    presenter.close()
