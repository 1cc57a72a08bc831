"""The ``.saga`` saved-game format of the original, "SAGA 1.80", 1780 bytes.

Reading and writing the files, atomically and bounded.  What the bytes
mean is declared once, in :mod:`saga.savelayout`, which :func:`encode` and
:func:`decode` load on first use.
"""

from __future__ import annotations

import contextlib
import enum
import os
import re
from pathlib import Path

from amiga import dos
from saga.engine.state import GameState

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


def encode(state: GameState) -> bytes:
    """The exact bytes the original writes for this state."""
    from saga import savelayout  # on first use: see the module's docstring

    return savelayout.encode(state)


def decode(data: bytes, name: str = "") -> GameState:
    """The state the original's loader builds from a file's bytes, or SaveFileError."""
    from saga import savelayout

    return savelayout.decode(data, name)


def read(path: str | os.PathLike[str]) -> bytes:
    """A save file's bytes, read bounded; SaveFileError for anything that is not a readable file."""
    try:
        return dos.read_limited(path, SAVE_SIZE)
    except dos.FileProblem as e:
        reason = f"can't read it: it {e.problem.value}" + (f" ({e.detail})" if e.detail else "")
        raise SaveFileError(
            reason, filename=e.path, problem=e.problem, failure=Failure.CANT_OPEN, detail=e.detail
        ) from e


def load(path: str | os.PathLike[str]) -> GameState:
    """Read a saved game, or raise SaveFileError saying what is wrong with it."""
    return decode(read(path), os.fspath(path))


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace a file in one step, so a crash never leaves half a save.

    The new bytes go to a hidden temporary file beside the target, named
    ``.NAME.<process id>.<random>``, which then replaces the target.  A
    process killed in between leaves its temporary behind; the next save to
    the same name removes the leftovers of processes no longer running, and
    nothing else.
    """
    p = Path(path)
    try:
        mode = p.stat().st_mode & 0o777  # keep the old file's permissions
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    import tempfile  # here, not at the top: it costs start-up time, and only saving needs it

    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.{os.getpid()}.", dir=p.parent)
    try:
        os.chmod(tmp, mode)  # by name: os.fchmod is POSIX-only before Python 3.13
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sweep(p)


def _sweep(p: Path) -> None:
    """Remove the temporaries that earlier, killed saves to ``p`` left behind."""
    # mkstemp's random part is eight letters, digits or underscores.
    ours = re.compile(re.escape(f".{p.name}.") + r"(\d+)\.[a-z0-9_]{8}")
    try:
        names = os.listdir(p.parent)
    except OSError:
        return
    for name in names:
        match = ours.fullmatch(name)
        if match and not _running(int(match.group(1))):
            with contextlib.suppress(OSError):  # gone already
                (p.parent / name).unlink()


def _running(pid: int) -> bool:
    """Whether a process still runs, whose save may be under way."""
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's
    return True


def save(path: str | os.PathLike[str], state: GameState) -> None:
    write_atomic(path, encode(state))


def try_save(path: str | os.PathLike[str], state: GameState) -> str | None:
    """Save, returning why it failed (None on success), for callers who play on."""
    try:
        save(path, state)
    except OSError as e:
        return str(e.strerror or e)
    return None
