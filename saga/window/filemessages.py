"""What the player is told about saving and opening games, worded as the original words it.

The original says "Saving <file>..." and then "Saved <file>." on the message
line, "Loaded <file>." after opening one, and has a distinct complaint for
each way a file can fail: it cannot be opened for reading or for writing,
cannot be read, is not a saved game, or cannot be written.  The complaints
come here as requester lines, titled and closed as the original's
("Saga: Recoverable error", OK), with the reason in the player's language
(the system's own words only for a failure the catalog has no sentence
for) on the lines under it, each wrapped at word boundaries to fit the
requester, every line flush left as EasyRequest sets them.
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Sequence
from pathlib import Path

from amiga.dos import FileProblem, Problem
from saga.engine.state import GameState
from saga.files import savefile
from saga.look.text import PROBLEM_MESSAGES, Lookup, Notice
from saga.screen import pens as P
from saga.screen.ui import Ui
from saga.screen.windows import Line, requester, wrap

COLUMNS = 72  # characters on a requester line, well inside the 640-pixel screen

# Failures that happen while writing an opened file, not while opening it.
_WRITE_ERRNOS = frozenset(
    code
    for code in (errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", None))
    if code is not None
)

# The catalog's sentence for each system error while saving (a file refused
# unopened has its own, from saga.look.text.PROBLEM_MESSAGES).
ERRNO_MESSAGES = {
    code: name
    for code, name in (
        (errno.ENOSPC, "MSG_DISK_FULL"),
        (getattr(errno, "EDQUOT", None), "MSG_DISK_FULL"),
        (errno.EACCES, "MSG_NOT_ALLOWED"),
        (errno.EPERM, "MSG_NOT_ALLOWED"),
        (errno.EROFS, "MSG_WRITE_PROTECTED"),
        (errno.ENOENT, "MSG_FILE_NO_DRAWER"),
        (errno.ENOTDIR, "MSG_FILE_NO_DRAWER"),
        (errno.EISDIR, "MSG_FILE_IS_DRAWER"),
        (errno.ENAMETOOLONG, "MSG_FILE_BAD_NAME"),
        (errno.EINVAL, "MSG_FILE_BAD_NAME"),
    )
    if code is not None
}


def title(t: Lookup) -> str:
    """The requester's title, "Saga: " and the catalog's word for a recoverable error."""
    return f"Saga: {t('MSG_ERROR')}"


def complain(ui: Ui, t: Lookup, message: str, reason: str) -> None:
    """The original's requester for a recoverable error, until its OK."""
    requester(ui, title(t), lines(message, reason), ok=t("MSG_OK"))


def tell(ui: Ui, t: Lookup, notices: Sequence[Notice]) -> None:
    """The start-up warnings in one requester, each with its reason under it, as
    1.95 shows them before its title screen."""
    gap: list[Line] = [("", P.WHITE)]
    told = [[*gap, *lines(n.where, n.reason(t))] for n in notices]
    requester(ui, title(t), [line for block in told for line in block][1:], ok=t("MSG_OK"))


def problem_reason(t: Lookup, problem: Problem, detail: str = "") -> str:
    """Why a file cannot be used, in the player's language; ``detail`` in the system's."""
    name = PROBLEM_MESSAGES.get(problem.name)
    sentence = t(name) if name else f"It {problem.value}."
    return f"{sentence} ({detail})" if detail else sentence


def saving(t: Lookup, path: Path) -> str:
    return f"{t('MSG_SAVING')} {path}..."


def saved(t: Lookup, path: Path) -> str:
    return f"{t('MSG_SAVED')} {path}."


def loaded(t: Lookup, path: Path) -> str:
    return f"{t('MSG_OPENED')} {path}."


def lines(message: str, reason: str) -> list[Line]:
    """A complaint as requester lines: the message, then the reason under it.

    Both are white: grey on the requester's grey was hard to read.
    """
    return [(text, P.WHITE) for text in [*wrap(message, COLUMNS), *wrap(reason, COLUMNS)]]


def save_failed(t: Lookup, path: Path, error: OSError) -> tuple[str, str]:
    """Why a save failed: the file could not be opened for writing, or not written."""
    if isinstance(error, FileProblem):  # a name that is no plain file, refused unopened
        message = f"{t('MSG_CANT_OPEN')} {path} {t('MSG_TO_WRITE_IT')}!"
        return message, problem_reason(t, error.problem, error.detail)
    if error.errno in _WRITE_ERRNOS:
        message = f"{t('MSG_CANT_WRITE')} {path}!"
    else:
        message = f"{t('MSG_CANT_OPEN')} {path} {t('MSG_TO_WRITE_IT')}!"
    name = ERRNO_MESSAGES.get(error.errno or 0)
    if name == "MSG_FILE_NO_DRAWER" and path.parent.is_dir():
        name = None  # the drawer is there, but the system will not make the file in it
    return message, t(name) if name else str(error.strerror or error)


def open_failed(t: Lookup, path: Path, error: savefile.SaveFileError) -> tuple[str, str]:
    """Why a file could not be opened as a game, told as the original tells each case.

    The complaint is the error's :class:`~saga.files.savefile.Failure`, the reason
    worded from its fields (the file's problem, or the field at fault).
    """
    if error.failure is savefile.Failure.CANT_OPEN:
        message = f"{t('MSG_CANT_OPEN')} {path} {t('MSG_TO_READ_IT')}!"
        problem = error.problem
        reason = problem_reason(t, problem, error.detail) if problem else error.reason
    elif error.failure is savefile.Failure.CANT_READ:
        message = f"{t('MSG_CANT_READ')} {path}!"
        reason = t("MSG_SAVE_TOO_SHORT")
    elif error.field:
        message = f"{path} {t('MSG_NOT_A_SAVE')}!"
        reason = f"{t('MSG_SAVE_BAD_VALUE')} {error.field} ({error.reason})"
    else:
        message = f"{path} {t('MSG_NOT_A_SAVE')}!"
        reason = t("MSG_SAVE_BAD_HEADER")
    return message, reason


def save_game(
    ui: Ui,
    say: Callable[[str, int], None],
    t: Lookup,
    path: Path,
    state: GameState,
    *,
    autosave: bool = False,
) -> bool:
    """Save as the original does, telling the player how it went; True if saved.

    The autosave works silently unless it fails.  A failure is said on the
    message line, as the original says it, and shown in full in a requester,
    which the player closes before play goes on.
    """
    if not autosave:
        say(saving(t, path), P.WHITE)
    try:
        savefile.save(path, state, own=autosave)
    except OSError as e:
        message, reason = save_failed(t, path, e)
        say(message, P.WHITE)
        complain(ui, t, message, reason)
        return False
    if not autosave:
        say(saved(t, path), P.WHITE)
    return True
