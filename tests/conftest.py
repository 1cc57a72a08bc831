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


@pytest.fixture(autouse=True)
def _user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keep every test's settings and saves out of the real user's folders (XDG, as on Linux)."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))


@pytest.fixture
def oracle() -> Path:
    path = oracle_dir()
    if path is None:
        pytest.skip("the shared oracle traces are not here (set SAGA_ORACLE)")
    return path
