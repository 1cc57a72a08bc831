"""What a ``.saga`` file is, in brief: its header, its sizes and which sizes load.

Kept apart from :mod:`saga.files.savelayout` (every field, built with construct,
slow to import) and :mod:`saga.files.savefile` (reading and writing files), so
that both build on it and every tool (the game, ``python -m saga.inspect``,
the trace tool) agrees on one rule for the size of a file that loads.
"""

from __future__ import annotations

import enum

from amiga import dos

MAGIC = b"SAGA 1.80\0"
SAVE_SIZE = 1780
# The original loader reads this many bytes and no more, so the last two
# scores of the sixth hero never come back from a file.
LOAD_SIZE = 1776


class Failure(enum.Enum):
    """Which of the original's complaints a file that will not load earns."""

    CANT_OPEN = "can't open"  # it cannot be opened for reading: see the error's ``problem``
    CANT_READ = "can't read"  # it ends before the loader has read a whole game
    NOT_A_SAVE = "not a save"  # another header, or a value the original cannot play on


class SaveFileError(ValueError):
    """A file that is not a saved game the original could load safely.

    ``failure`` says which complaint it earns.  ``filename`` (empty for
    bytes that came from no file), ``field`` (a dotted field name such as
    ``heroes.Egil.where``, or empty when the trouble is the file as a whole)
    and ``reason`` let a caller word its own message; ``problem`` is the
    :class:`amiga.dos.Problem` when the file could not be read at all, and
    ``detail`` the system's words about it, if any.
    """

    def __init__(
        self,
        reason: str,
        field: str = "",
        filename: str = "",
        problem: dos.Problem | None = None,
        *,
        failure: Failure = Failure.NOT_A_SAVE,
        detail: str = "",
    ) -> None:
        self.reason, self.field, self.filename, self.problem = reason, field, filename, problem
        self.failure, self.detail = failure, detail
        where = f"{field} is {reason}" if field else reason
        if problem is not None:
            text = f"{filename}: {reason}"
        elif filename:
            text = f"{filename} is not a saved game Saga can load: {where}"
        else:
            text = where
        super().__init__(text)


def whole(data: bytes, filename: str = "") -> bytes:
    """A save's bytes padded to the full size, if its size is one the original loads.

    The original reads the first :data:`LOAD_SIZE` bytes of a file of up to
    :data:`SAVE_SIZE`; what it never reads counts as zeros here.
    """
    if not LOAD_SIZE <= len(data) <= SAVE_SIZE:
        raise SaveFileError(
            f"it is {len(data)} bytes long; a saved game has {SAVE_SIZE}",
            filename=filename,
            failure=Failure.CANT_READ if len(data) < LOAD_SIZE else Failure.NOT_A_SAVE,
        )
    return bytes(data) + bytes(SAVE_SIZE - len(data))
