"""Files the way AmigaDOS programs should treat them: bounded reads, careful writes.

Reading.  Every file format this machine knows has a sane maximum size (a
saved game is 1780 bytes, a catalog or a picture a few hundred kilobytes).
Opening a device, a named pipe or a folder by mistake must not hang, read
without end or allocate gigabytes, so every reader of user input comes
through :func:`read_limited` (or :func:`limited_lines` for long text files,
read line by line), which checks what the path is and how big it is *before*
reading, and reads at most one byte past the limit in any case.

Writing.  Every file the program writes goes through :func:`write_atomic`
(a whole file at once) or :class:`LineFile` (a text file that grows line by
line).  Both write a new file beside the target and put it in the target's
place in one step, so a crash never leaves half a file and a symbolic link at
the target is replaced, never followed.  A name the *user* gave (``own=False``)
is looked at first, without opening it: a folder, a device, a named pipe, a
symbolic link or a file that cannot be written is refused with a
:class:`FileProblem` and left exactly as it was.  :func:`check_writable` makes
that check alone, so a program can refuse a bad name before it touches any
file.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import io
import os
import re
import stat
from collections.abc import Callable, Iterator


class Problem(enum.Enum):
    """Why a file could not be read or written; the caller turns it into a localized message."""

    MISSING = "does not exist"
    FOLDER = "is a folder"
    NOT_A_FILE = "is not a plain file"
    TOO_LARGE = "is too large"
    UNREADABLE = "cannot be read"
    BAD_NAME = "is not a usable file name"
    LINK = "is a symbolic link (name the file it points to instead)"
    UNWRITABLE = "cannot be written"
    NO_FOLDER = "is in a folder that does not exist"


# Errors that mean the name itself is unusable, not the file behind it.
_NAME_ERRNOS = {errno.ENAMETOOLONG, errno.EINVAL, errno.ENOTDIR, errno.ELOOP}


class FileProblem(OSError):
    """A user's file that cannot be read or written: ``problem`` says why, ``detail`` in the
    system's words."""

    def __init__(self, path: str | os.PathLike[str], problem: Problem, detail: str = "") -> None:
        self.path = os.fspath(path)
        self.problem = problem
        self.detail = detail
        text = f"{self.path}: {problem.value}"
        super().__init__(f"{text} ({detail})" if detail else text)


def reason(e: Exception, *, detail: bool = False) -> str:
    """Why reading or writing a file failed, in words to follow its name.

    One wording for every caller that tells a player why and carries on:
    ``it is a folder`` for a :class:`FileProblem` (and the system's words
    after it, given ``detail``), the system's message for another OSError,
    and the error's own text for anything else (a name no system accepts).
    """
    if isinstance(e, FileProblem):
        text = f"it {e.problem.value}"
        return f"{text} ({e.detail})" if detail and e.detail else text
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return str(e)


def _open_checked(path: str | os.PathLike[str], limit: int) -> tuple[int, str]:
    """A descriptor on a plain file of at most ``limit`` bytes, and its name; or FileProblem.

    The file is opened without blocking (a FIFO opened by mistake then does not
    wait for a writer) and its type is checked on the open descriptor, so the
    answer cannot change between looking and reading.
    """
    name = _usable_name(path)
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
    except BaseException:
        os.close(fd)
        raise
    return fd, name


def _usable_name(path: str | os.PathLike[str]) -> str:
    name = os.fspath(path)
    if not name or "\0" in name:
        raise FileProblem(name.replace("\0", "\\0"), Problem.BAD_NAME)
    return name


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The whole of a plain file of at most ``limit`` bytes, or :class:`FileProblem`."""
    fd, name = _open_checked(path, limit)
    chunks: list[bytes] = []
    try:
        left = limit + 1  # one byte more tells a file that grew while we read
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        raise FileProblem(name, Problem.UNREADABLE, e.strerror or "") from e
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileProblem(name, Problem.TOO_LARGE, f"more than {limit} bytes")
    return data


def limited_lines(path: str | os.PathLike[str], limit: int) -> Iterator[bytes]:
    """The lines of a plain file of at most ``limit`` bytes, each with its line end, one by one.

    The file is opened and checked at once (a :class:`FileProblem` comes from
    this call); the lines are then read as they are asked for, so a long file
    never sits in memory whole.  A file that grows past the limit while it is
    read ends in :class:`FileProblem` too.
    """
    fd, name = _open_checked(path, limit)
    return _lines(os.fdopen(fd, "rb"), name, limit)


def _lines(f: io.BufferedReader, name: str, limit: int) -> Iterator[bytes]:
    with f:
        left = limit
        try:
            while line := f.readline(left + 1):
                left -= len(line)
                if left < 0:
                    raise FileProblem(name, Problem.TOO_LARGE, f"more than {limit} bytes")
                yield line
        except FileProblem:
            raise
        except OSError as e:
            raise FileProblem(name, Problem.UNREADABLE, e.strerror or "") from e


def file_in(folder: str | os.PathLike[str], name: str) -> str | None:
    """``folder``'s file called ``name`` as typed, or None if ``name`` is no single file name.

    A file requester shows one folder, so what is typed in it must name a
    file there: empty names, ``.`` and ``..``, names with a slash or
    backslash, and names with control characters name none (``.`` would be
    the folder itself, and a suffix added to it a file beside the folder).
    """
    if name in ("", ".", "..") or any(c in name for c in "/\\") or not name.isprintable():
        return None
    return os.path.join(folder, name)


# -- writing -------------------------------------------------------------------------


def check_writable(path: str | os.PathLike[str]) -> None:
    """Refuse, with :class:`FileProblem`, a user-named file that must not be written.

    Looks without opening anything, so a named pipe cannot block and nothing
    is created or emptied: the name must be a plain file that can be written
    (or no file yet), and its folder one where a file can be created, since
    the new contents are written beside it and then put in its place.  A
    symbolic link is refused rather than followed or replaced.
    """
    name = _usable_name(path)
    try:
        info = os.lstat(name)
    except FileNotFoundError:
        info = None
    except OSError as e:
        problem = Problem.BAD_NAME if e.errno in _NAME_ERRNOS else Problem.UNWRITABLE
        raise FileProblem(name, problem, e.strerror or "") from e
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise FileProblem(name, Problem.LINK, _link_target(name))
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem(name, Problem.FOLDER)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(name, Problem.NOT_A_FILE)
        if not os.access(name, os.W_OK):
            raise FileProblem(name, Problem.UNWRITABLE, "no permission")
    folder = os.path.dirname(name) or "."
    if not os.path.isdir(folder):
        raise FileProblem(name, Problem.NO_FOLDER)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileProblem(name, Problem.UNWRITABLE, "its folder cannot be written")


def _link_target(name: str) -> str:
    try:
        return f"it points to {os.readlink(name)}"
    except OSError:
        return ""


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two names are one file: the same path, or links (hard or symbolic) to one file."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): compare where they would be
        return os.path.abspath(a) == os.path.abspath(b)


def write_atomic(path: str | os.PathLike[str], data: bytes, *, own: bool = True) -> None:
    """Replace a file in one step, so a crash never leaves half of it.

    ``own`` is for the names the program chooses itself (the autosave, the
    settings file): whatever is at the name (a planted link, say) is replaced,
    never followed.  A name the user gave (``own=False``) is first checked by
    :func:`check_writable`, and refused if it is not a plain file.
    """
    if not own:
        check_writable(path)
    fd, tmp = _new_beside(path)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sweep(os.fspath(path))


def _new_beside(path: str | os.PathLike[str]) -> tuple[int, str]:
    """A new, empty hidden file beside ``path``, with the permissions a new ``path`` would get.

    It is named ``.NAME.<process id>.<random>``: a process killed before
    putting it in place leaves it behind, and the next write to the same name
    removes the leftovers of processes no longer running, and nothing else.
    The old file's permissions are kept, if it is a plain file.
    """
    import tempfile  # here, not at the top: it costs start-up time, and only writing needs it

    name = os.fspath(path)
    folder, base = os.path.split(name)
    try:
        info = os.lstat(name)
        mode = info.st_mode & 0o777 if stat.S_ISREG(info.st_mode) else None
    except OSError:
        mode = None
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.{os.getpid()}.", dir=folder or ".")
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:
            os.chmod(tmp, mode)
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    return fd, tmp


def _sweep(name: str) -> None:
    """Remove the temporaries that earlier, killed writes to ``name`` left behind."""
    folder, base = os.path.split(name)
    # mkstemp's random part is eight letters, digits or underscores.
    ours = re.compile(re.escape(f".{base}.") + r"(\d+)\.[a-z0-9_]{8}")
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return
    for each in names:
        match = ours.fullmatch(each)
        if match and not _running(int(match.group(1))):
            with contextlib.suppress(OSError):  # gone already
                os.unlink(os.path.join(folder, each))


def _running(pid: int) -> bool:
    """Whether a process still runs, whose write may be under way."""
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's
    return True


class HeldLock:
    """An OS file lock held until :meth:`release`, or until the process ends, however it ends."""

    def __init__(self, release: Callable[[], None]) -> None:
        self._release: Callable[[], None] | None = release

    def release(self) -> None:
        """Let the lock go (again: nothing)."""
        if self._release is not None:
            release, self._release = self._release, None
            release()

    def __del__(self) -> None:
        self.release()


def try_lock(path: str | os.PathLike[str]) -> HeldLock | None:
    """Lock the file ``path`` (made empty if missing) for this process; None if another holds it.

    On POSIX this is ``flock`` on a descriptor opened without following a
    link, never emptying the file; elsewhere the ``filelock`` package's lock.
    An OSError says the lock file cannot be made or opened at all.
    """
    try:
        import fcntl
    except ImportError:  # Windows
        from filelock import FileLock, Timeout

        lock = FileLock(os.fspath(path), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            return None
        return HeldLock(lock.release)
    flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileProblem(path, Problem.NOT_A_FILE)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except BaseException:
        os.close(fd)
        raise
    return HeldLock(lambda: os.close(fd))


class LineFile:
    """A text file that grows a line at a time (a game's replay), safe to stop at any line.

    It is made as :func:`write_atomic` makes a file, with its first lines,
    and the descriptor that wrote them is kept for the lines that follow: so
    each game appends to its own file, never through a link, and a second
    program writing the same name afterwards can never mix its lines in.
    Each line goes out in one write; one that does not go out whole (a full
    disk) is taken back, so the file always ends with a whole line.  Past
    ``limit`` bytes nothing more is written (:class:`FileProblem`).
    """

    def __init__(
        self, path: str | os.PathLike[str], first: bytes, *, limit: int, own: bool = True
    ) -> None:
        self.path = os.fspath(path)
        self.limit = limit
        self._fd = -1
        if not own:
            check_writable(path)
        if len(first) > limit:
            raise FileProblem(self.path, Problem.TOO_LARGE, f"more than {limit} bytes")
        fd, tmp = _new_beside(path)
        try:
            self.size = 0
            self._fd = fd
            self._write(first)
            os.replace(tmp, path)
        except BaseException:
            self.close()
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _sweep(self.path)

    def write(self, lines: bytes) -> None:
        """Append whole lines, or nothing: OSError (a full disk) or FileProblem (too large)."""
        if self._fd < 0:
            raise FileProblem(self.path, Problem.UNWRITABLE, "closed")
        if self.size + len(lines) > self.limit:
            raise FileProblem(self.path, Problem.TOO_LARGE, f"more than {self.limit} bytes")
        self._write(lines)

    def _write(self, data: bytes) -> None:
        try:
            written = os.write(self._fd, data)
            if written != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, self.size)  # take back a cut line
                os.lseek(self._fd, self.size, os.SEEK_SET)
            raise
        self.size += written

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __del__(self) -> None:
        self.close()
