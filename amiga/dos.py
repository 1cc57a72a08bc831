"""Reading a user's file the way AmigaDOS programs should: bounded, and only plain files.

Every file format this machine knows has a sane maximum size (a saved game is
1780 bytes, a catalog or a picture a few hundred kilobytes).  Opening a device,
a named pipe or a folder by mistake must not hang, read without end or
allocate gigabytes, so every reader of user input comes through
:func:`read_limited`, which checks what the path is and how big it is *before*
reading, and reads at most one byte past the limit in any case.
"""

from __future__ import annotations

import enum
import errno
import os
import stat


class Problem(enum.Enum):
    """Why a file could not be read; the caller turns it into a localized message."""

    MISSING = "does not exist"
    FOLDER = "is a folder"
    NOT_A_FILE = "is not a plain file"
    TOO_LARGE = "is too large"
    UNREADABLE = "cannot be read"
    BAD_NAME = "is not a usable file name"


# Errors that mean the name itself is unusable, not the file behind it.
_NAME_ERRNOS = {errno.ENAMETOOLONG, errno.EINVAL, errno.ENOTDIR, errno.ELOOP}


class FileProblem(OSError):
    """A user's file that cannot be read: ``problem`` says why, ``detail`` in the system's words."""

    def __init__(self, path: str | os.PathLike[str], problem: Problem, detail: str = "") -> None:
        self.path = os.fspath(path)
        self.problem = problem
        self.detail = detail
        text = f"{self.path}: {problem.value}"
        super().__init__(f"{text} ({detail})" if detail else text)


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The whole of a plain file of at most ``limit`` bytes, or :class:`FileProblem`.

    The file is opened without blocking (a FIFO opened by mistake then does not
    wait for a writer) and its type is checked on the open descriptor, so the
    answer cannot change between looking and reading.
    """
    name = os.fspath(path)
    if not name or "\0" in name:
        raise FileProblem(name.replace("\0", "\\0"), Problem.BAD_NAME)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError as e:
        raise FileProblem(name, Problem.MISSING) from e
    except IsADirectoryError as e:
        raise FileProblem(name, Problem.FOLDER) from e
    except OSError as e:
        problem = Problem.BAD_NAME if e.errno in _NAME_ERRNOS else Problem.UNREADABLE
        raise FileProblem(name, problem, e.strerror or "") from e
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem(name, Problem.FOLDER)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(name, Problem.NOT_A_FILE)
        if info.st_size > limit:
            raise FileProblem(name, Problem.TOO_LARGE, f"{info.st_size} bytes, at most {limit}")
        chunks: list[bytes] = []
        left = limit + 1  # one byte more tells a file that grew while we read
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        if isinstance(e, FileProblem):
            raise
        raise FileProblem(name, Problem.UNREADABLE, e.strerror or "") from e
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileProblem(name, Problem.TOO_LARGE, f"more than {limit} bytes")
    return data
