"""The player's own copy of the original: its map, counters and colours in our screens.

We ship none of the original's pictures.  A player who has Saga 1.95 (the
Aminet archive ``game/board/Saga.lha``, or its ``Saga/source`` folder)
points ``saga --original PATH`` at it, and the window shows the original's
map, counters and palette wherever ours would appear.  The copy is read as
data, never run (:mod:`saga.original.cdata`), in memory, and each part is
taken only if it is whole; nothing read from it is written anywhere.
Nothing the game decides depends on it.

This package is imported only when a copy is named: the first frame of a
game without one never waits for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from saga.look.text import Notice
from saga.original.art import OriginalArt
from saga.original.copy import read_copy
from saga.original.pictures import Original, read_original

PARTS = ("map", "counters", "colours")
TOLD = 4  # problems the window's requester shows, each under its file

__all__ = ["PARTS", "Loaded", "load"]


@dataclass
class Loaded:
    """A copy read: the art to draw with, and what was found in it."""

    path: Path
    original: Original
    art: OriginalArt

    @property
    def usable(self) -> bool:
        return bool(self.original.used)

    def summary(self) -> str:
        """Which parts are the copy's and which our own, in one line."""
        used = self.original.used
        own = [part for part in PARTS if part not in used]
        if not used:
            return "nothing in it could be used: Saga shows its own map, counters and colours"
        if not own:
            return "the map, counters and colours are all from your copy"
        return f"using Saga's own {_and(own)}; {_and(used)} from your copy"

    def report(self) -> list[str]:
        """What ``--check`` prints: what was found and used, what failed and where, the summary."""
        lines = [f"your copy of Saga: {self.path}"]
        if self.original.found:
            lines.append("found and used:")
            lines += [f"  {found}" for found in self.original.found]
        if self.original.problems:
            lines.append("not used:")
            lines += [f"  {problem}" for problem in self.original.problems]
        lines.append(self.summary())
        return lines

    def notices(self) -> list[Notice]:
        """What the window tells (and stderr): nothing if the whole copy is used; else the
        copy and what of it is used, then each problem (the first few; ``--check`` says all)."""
        problems = self.original.problems
        if not problems:
            return []
        why = "MSG_ORIGINAL_PARTIAL" if self.usable else "MSG_ORIGINAL_NOTHING"
        told = [Notice(f"{self.path}: {self.summary()}", str(self.path), why)]
        told += problems[:TOLD]
        more = len(problems) - TOLD
        if more > 0:
            english = f"... and {more} more: saga --check lists them all"
            told.append(Notice(english, str(self.path), ("MSG_ORIGINAL_MORE", str(more))))
        return told


def load(path: Path) -> Loaded:
    """Read the copy at ``path`` (an archive, a folder or a file); never raises for a bad copy."""
    original = read_original(read_copy(path))
    return Loaded(path, original, OriginalArt(original))


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
