"""Where Saga keeps its files: beside the program, or where the platform expects.

The Amiga original kept ``Saga.config``, its catalogs and the saved games in
PROGDIR:, the program's own folder.  A folder holding a ``Saga.config`` is
taken as such a portable installation, and everything stays in it.  Anywhere
else the settings go to the user's configuration folder and the saved games to
the user's data folder, as the platform's conventions say (``~/.config/Saga``
and ``~/.local/share/Saga`` on Linux).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from amiga.dos import HeldLock, try_lock

APP_NAME = "Saga"
SETTINGS_NAME = "Saga.config"
AUTOSAVE = "Autosave.saga"  # the start-of-turn autosave, in the data folder
AUTOSAVE_REPLAY = "Autosave.replay"  # the last game's replay, beside its autosave


@dataclass(frozen=True)
class Places:
    settings: Path  # the Saga.config that is read, and changed when the player changes a setting
    data: Path  # saved games and the autosave
    progdir: Path  # where Catalogs/<language>/ are looked for first
    portable: bool


def find_places(settings: str | os.PathLike[str] | None = None, cwd: Path | None = None) -> Places:
    """The folders for this run; ``settings`` is a ``--config`` given on the command line.

    ``--config`` names only the settings file: saved games still follow the rule
    above, so a settings file elsewhere never scatters saves beside it.
    """
    try:
        here = Path.cwd() if cwd is None else cwd
    except OSError:  # the current folder was deleted: it cannot be a portable one
        here = None
    if here is not None and os.path.lexists(here / SETTINGS_NAME):
        chosen = Path(settings) if settings is not None else here / SETTINGS_NAME
        return Places(chosen, here, here, portable=True)
    data = platformdirs.user_data_path(APP_NAME, appauthor=False)
    if settings is None:
        settings = platformdirs.user_config_path(APP_NAME, appauthor=False) / SETTINGS_NAME
    return Places(Path(settings), data, data, portable=False)


# Games that may play in one folder at once, each with its own autosave and replay.
MAX_GAMES = 9


@dataclass(frozen=True)
class Slot:
    """One game's own files in the data folder, held for it by an OS file lock.

    The first game in a folder autosaves to ``Autosave.saga`` and records
    ``Autosave.replay``; a second one started while it runs takes
    ``Autosave-2.saga`` and ``Autosave-2.replay``, and so on, so two games
    never write one file.  The lock (on a hidden ``.Autosave[-N].lock``
    beside them) goes with the process, however it ends.
    """

    autosave: Path
    replay: Path
    number: int
    lock: HeldLock | None = None  # None if the folder takes no lock file

    def release(self) -> None:
        """The game is over: another may take these names."""
        if self.lock is not None:
            self.lock.release()


def claim_slot(folder: Path) -> Slot | None:
    """The first free slot of ``folder`` for this process, or None if all are taken.

    A slot whose lock file cannot be made (a link planted there, say) is
    skipped; a folder where none can be made gets the first names unlocked,
    since no game can write its autosave there either.
    """
    unlockable = 0
    for number in range(1, MAX_GAMES + 1):
        stem = Path(AUTOSAVE).stem + ("" if number == 1 else f"-{number}")
        autosave = folder / (stem + Path(AUTOSAVE).suffix)
        replay = folder / (stem + Path(AUTOSAVE_REPLAY).suffix)
        try:
            lock = try_lock(folder / f".{stem}.lock")
        except OSError:
            unlockable += 1
            continue
        if lock is not None:
            return Slot(autosave, replay, number, lock)
    if unlockable == MAX_GAMES:
        return Slot(folder / AUTOSAVE, folder / AUTOSAVE_REPLAY, 1)
    return None
