"""What the player is told about saving and opening games, worded as the original words it.

The original says "Saving <file>..." and then "Saved <file>." on the message
line, "Loaded <file>." after opening one, and has a distinct complaint for
each way a file can fail: it cannot be opened for reading or for writing,
cannot be read, is not a saved game, or cannot be written.  The complaints
come here as requester lines, with the reason in full, wrapped at word
boundaries to fit the requester.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

from amiga.dos import FileProblem
from saga import savefile
from saga.engine.state import GameState
from saga.screen import pens as P
from saga.screen.ui import Ui
from saga.screen.windows import Line, requester
from saga.text import Lookup

COLUMNS = 72  # characters on a requester line, well inside the 640-pixel screen

# Failures that happen while writing an opened file, not while opening it.
_WRITE_ERRNOS = frozenset(
    code
    for code in (errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", None))
    if code is not None
)


def wrap(text: str, width: int = COLUMNS) -> list[str]:
    """Fill lines of at most ``width`` characters, breaking only between words.

    A single "word" longer than a line (a long path) is broken after one
    of its slashes where it can be, since it cannot fit whole.
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        pieces = _pieces(word, width)
        for piece in pieces[:-1]:
            if line:
                lines.append(line)
            line = ""
            lines.append(piece)
        word = pieces[-1]
        if line and len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            if line:
                lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _pieces(word: str, width: int) -> list[str]:
    pieces = []
    while len(word) > width:
        cut = word.rfind(os.sep, 0, width) + 1 or width
        pieces.append(word[:cut])
        word = word[cut:]
    pieces.append(word)
    return pieces


def title(t: Lookup) -> str:
    """The requester's title, "Saga: " and the catalog's word for a recoverable error."""
    return f"Saga: {t('MSG_ERROR')}"


def saving(t: Lookup, path: Path) -> str:
    return f"{t('MSG_SAVING')} {path}..."


def saved(t: Lookup, path: Path) -> str:
    return f"{t('MSG_SAVED')} {path}."


def loaded(t: Lookup, path: Path) -> str:
    return f"{t('MSG_OPENED')} {path}."


def lines(message: str, reason: str) -> list[Line]:
    """A complaint as requester lines: the message in white, the reason in grey."""
    return [(text, P.WHITE) for text in wrap(message)] + [
        (text, P.LIGHT_GREY) for text in wrap(reason)
    ]


def save_failed(t: Lookup, path: Path, error: OSError) -> tuple[str, str]:
    """Why a save failed: the file could not be opened for writing, or not written."""
    if isinstance(error, FileProblem):  # a name that is no plain file, refused unopened
        return f"{t('MSG_CANT_OPEN')} {path} {t('MSG_TO_WRITE_IT')}!", f"It {error.problem.value}."
    if error.errno in _WRITE_ERRNOS:
        message = f"{t('MSG_CANT_WRITE')} {path}!"
    else:
        message = f"{t('MSG_CANT_OPEN')} {path} {t('MSG_TO_WRITE_IT')}!"
    return message, str(error.strerror or error)


def open_failed(t: Lookup, path: Path, error: savefile.SaveFileError) -> tuple[str, str]:
    """Why a file could not be opened as a game, told as the original tells each case."""
    reason = getattr(error, "reason", "")
    if not reason:  # an error that carries only its text: drop what the message says
        reason = str(error)
        for said in (f"{path} is not a saved game Saga can load: ", f"{path}: "):
            reason = reason.removeprefix(said)
    field = getattr(error, "field", "")
    if field:
        reason = f"{field} is {reason}"
    if getattr(error, "problem", None) is not None or isinstance(error.__cause__, OSError):
        message = f"{t('MSG_CANT_OPEN')} {path} {t('MSG_TO_READ_IT')}!"
    elif _size(path) < savefile.LOAD_SIZE:
        message = f"{t('MSG_CANT_READ')} {path}!"
    else:
        message = f"{path} {t('MSG_NOT_A_SAVE')}!"
    return message, reason


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


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
        requester(ui, title(t), lines(message, reason))
        return False
    if not autosave:
        say(saved(t, path), P.WHITE)
    return True
