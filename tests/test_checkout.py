"""A game played in the repository's own folder leaves ``git status`` clean.

The checkout holds a ``Saga.config``, so it is a portable folder: the README's
run command plays there, and every file a game makes (the autosaves and
replays of all its slots, their lock files, the screenshots) lands beside the
sources.  Each of them must be ignored, or a contributor who only played finds
untracked files to commit or delete.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from saga.files.places import MAX_GAMES, claim_slot

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(
    shutil.which("git") is None or not (REPO / ".git").exists(),
    reason="needs a git checkout (an unpacked sdist has no .gitignore to honour)",
)
def test_files_a_game_makes_in_the_checkout_are_ignored(tmp_path: Path) -> None:
    slots = [claim_slot(tmp_path) for _ in range(MAX_GAMES)]  # every game a folder holds at once
    try:
        assert all(slot is not None for slot in slots)
        names = {path.name for path in tmp_path.iterdir()}  # the lock files, as made
        for slot in slots:
            assert slot is not None
            names |= {slot.autosave.name, slot.replay.name}
    finally:
        for slot in slots:
            if slot is not None:
                slot.release()
    names |= {"Screenshots/Saga-001.iff", "Screenshots/Saga-001.png"}
    assert any(name.endswith(".lock") for name in names)
    found = subprocess.run(
        ["git", "check-ignore", "--no-index", "--verbose", "--non-matching", *sorted(names)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode in (0, 1), found.stderr
    lines = found.stdout.splitlines()
    assert [line.split("\t", 1)[1] for line in lines if line.startswith("::")] == []  # not ignored
