"""The player's copy of Saga 1.95: which of its source files are there, and their bytes.

A copy is given as one path: the Aminet archive ``Saga.lha`` (read in
memory, nothing unpacked to disk), a folder holding the source files (the
archive's ``Saga/source``, or any folder above it), or one of the files
themselves (its folder is then looked in for the others).  Only the four
files the pictures come from are read, each within a size far above its
real one, so a wrong path, a device or a 2 GB file costs a message, never
the memory.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from amiga.dos import FileProblem, read_limited
from amiga.lha import LhaArchive, LhaError, is_lha
from saga.look.text import PROBLEM_MESSAGES, Notice, Word

# The files read, and the most each may hold (about four times the original's).
WANTED: dict[str, int] = {
    "themap.c": 4 << 20,
    "counters.h": 1 << 20,
    "system.c": 1 << 20,
    "saga.h": 256 << 10,
}
MAX_ARCHIVE = 32 << 20  # Saga.lha is well under a megabyte
MAX_FOLDERS = 2000  # folders looked through below a folder given
MAX_DEPTH = 4


@dataclass
class Copy:
    """What was found: each wanted file's bytes and where it came from, and what failed."""

    given: Path
    files: dict[str, bytes] = field(default_factory=dict)
    where: dict[str, str] = field(default_factory=dict)  # file → "Saga.lha: Saga/source/themap.c"
    problems: list[Notice] = field(default_factory=list)

    def fail(self, path: object, english: str, *words: Word) -> None:
        """Note a problem with ``path``: ``english`` after its name, ``words`` for the window."""
        self.problems.append(Notice(f"{path}: {english}", str(path), *words))

    def cannot_read(self, e: OSError, path: Path | None = None) -> None:
        """Note a file or folder (``path``) that cannot be read, the system's words after ours."""
        if isinstance(e, FileProblem):
            detail = [f"({e.detail})"] if e.detail else []
            self.problems.append(Notice(str(e), e.path, PROBLEM_MESSAGES[e.problem.name], *detail))
        else:
            why = e.strerror or str(e)
            self.fail(path or self.given, why, "MSG_FILE_UNREADABLE", f"({why})")


def read_copy(path: Path) -> Copy:
    """The wanted files of the copy at ``path``; never raises for a bad copy, only says why."""
    copy = Copy(path)
    try:
        is_folder = path.is_dir()
    except OSError as e:
        copy.cannot_read(e, path)
        return copy
    if is_folder:
        _from_folder(copy, path)
    else:
        _from_file(copy, path)
    return copy


def _from_file(copy: Copy, path: Path) -> None:
    wanted = path.name.lower() in WANTED
    try:
        data = read_limited(path, WANTED.get(path.name.lower(), MAX_ARCHIVE))
    except FileProblem as e:
        copy.cannot_read(e)
        return
    if is_lha(data):
        _from_archive(copy, path, data)
    elif wanted:
        _take(copy, path.name.lower(), data, str(path))
        _from_folder(copy, path.parent, depth=MAX_DEPTH)  # its neighbours
    else:
        english = f"neither the archive Saga.lha nor one of {', '.join(WANTED)}"
        copy.fail(path, english, "MSG_ORIGINAL_NOT_A_COPY")


def _from_archive(copy: Copy, path: Path, data: bytes) -> None:
    try:
        archive = LhaArchive(data)
    except LhaError as e:
        copy.fail(path, str(e), "MSG_ORIGINAL_ARCHIVE_DAMAGED", f"({e})")
        return
    for entry in archive.entries:
        name = entry.name.rsplit("/", 1)[-1].lower()
        if name not in WANTED or name in copy.files or entry.is_folder:
            continue
        where = f"{path.name}: {entry.name}"
        try:
            _take(copy, name, archive.read(entry, WANTED[name]), where)
        except LhaError as e:
            copy.fail(path.name, str(e), "MSG_ORIGINAL_ARCHIVE_DAMAGED", f"({e})")
    if not copy.files:
        english = "an LhA archive without Saga's source files"
        copy.fail(path, english, "MSG_ORIGINAL_ARCHIVE_EMPTY")


def _from_folder(copy: Copy, folder: Path, depth: int = 0) -> None:
    """Look for the wanted files in ``folder`` and, breadth first, the folders below it."""
    queue, seen = [(folder, depth)], 0
    while queue and len(copy.files) < len(WANTED):
        here, level = queue.pop(0)
        seen += 1
        if seen > MAX_FOLDERS:
            copy.fail(folder, "too many folders to look through", "MSG_ORIGINAL_TOO_MANY_DRAWERS")
            return
        try:
            with os.scandir(here) as listing:
                items = sorted(listing, key=lambda item: item.name)
        except OSError as e:
            if here == folder:
                copy.cannot_read(e, folder)
            continue
        for item in items:
            name = item.name.lower()
            try:
                if item.is_dir() and level < MAX_DEPTH and not name.startswith("."):
                    queue.append((Path(item.path), level + 1))
                elif name in WANTED and name not in copy.files and item.is_file():
                    _take(copy, name, read_limited(item.path, WANTED[name]), item.path)
            except FileProblem as e:
                copy.cannot_read(e)
            except OSError:
                continue  # gone, or not ours to look at
    if not copy.files and not copy.problems:
        english = f"none of {', '.join(WANTED)} in it or below it"
        copy.fail(folder, english, "MSG_ORIGINAL_NO_SOURCES")


def _take(copy: Copy, name: str, data: bytes, where: str) -> None:
    copy.files[name] = data
    copy.where[name] = where
