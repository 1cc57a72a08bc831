"""The ``.saga`` saved-game format of the original, "SAGA 1.80", 1780 bytes.

Reading and writing the files, atomically and bounded (:mod:`amiga.dos`).  What the bytes
mean is declared once, in :mod:`saga.files.savelayout`, which :func:`encode` and
:func:`decode` load on first use.
"""

from __future__ import annotations

import functools
import os
from types import ModuleType

from amiga import dos
from saga.engine.state import GameState
from saga.files.saveformat import LOAD_SIZE, MAGIC, SAVE_SIZE, Failure, SaveFileError

# The format's, told here too.
__all__ = ["LOAD_SIZE", "MAGIC", "SAVE_SIZE", "Failure", "SaveFileError"]


@functools.cache
def _layout() -> ModuleType:
    """:mod:`saga.files.savelayout`, imported on first use (see the module's docstring).

    Kept once imported: ``from`` a package ``import`` a module runs Python
    code in the import machinery every time: a microsecond, a sixteenth of
    an autosave.
    """
    from saga.files import savelayout

    return savelayout


def encode(state: GameState) -> bytes:
    """The exact bytes the original writes for this state."""
    data: bytes = _layout().encode(state)
    return data


def decode(data: bytes, name: str = "") -> GameState:
    """The state the original's loader builds from a file's bytes, or SaveFileError."""
    state: GameState = _layout().decode(data, name)
    return state


def read(path: str | os.PathLike[str]) -> bytes:
    """A save file's bytes, read bounded; SaveFileError for anything that is not a readable file."""
    try:
        return dos.read_limited(path, SAVE_SIZE)
    except dos.FileProblem as e:
        why = f"can't read it: {dos.reason(e, detail=True)}"
        raise SaveFileError(
            why, filename=e.path, problem=e.problem, failure=Failure.CANT_OPEN, detail=e.detail
        ) from e


def load(path: str | os.PathLike[str]) -> GameState:
    """Read a saved game, or raise SaveFileError saying what is wrong with it."""
    return decode(read(path), os.fspath(path))


def save(path: str | os.PathLike[str], state: GameState, *, own: bool = False) -> None:
    """Write a saved game atomically; ``own`` for the autosave, whose name the program chose.

    A name the player chose that is no plain file (a link, a device, a
    folder) is refused with :class:`amiga.dos.FileProblem`: see :func:`amiga.dos.write_atomic`.
    """
    dos.write_atomic(path, encode(state), own=own)


def try_save(path: str | os.PathLike[str], state: GameState, *, own: bool = False) -> str | None:
    """Save, returning why it failed (None on success), for callers who play on."""
    try:
        save(path, state, own=own)
    except OSError as e:
        return dos.reason(e)
    return None
