"""Shared test set-up: no window ever opens, and the engine is easy to drive."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parent.parent


def oracle_dir() -> Path | None:
    """The shared traces of the original engine: $SAGA_ORACLE, or ../shared/oracle."""
    env = os.environ.get("SAGA_ORACLE")
    candidates = [Path(env)] if env else [REPO.parent / "shared" / "oracle"]
    for path in candidates:
        if path.is_dir():
            return path
    return None


@pytest.fixture
def oracle() -> Path:
    path = oracle_dir()
    if path is None:
        pytest.skip("the shared oracle traces are not here (set SAGA_ORACLE)")
    return path


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder to run ``saga`` in, in English whatever the machine's locale."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return tmp_path
