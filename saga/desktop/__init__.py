"""Saga on a Linux (XDG) desktop: its menu entry, icon and AppStream metadata.

The package carries the three as files (``saga-amiga.desktop``,
``saga-amiga.metainfo.xml`` and the icons ``saga.art`` builds), for a
packager to put under ``/usr/share``.  A player who installed with pipx or
uv has no packager, so ``saga --install-desktop`` puts them in the user's
own data folder (``$XDG_DATA_HOME``, else ``~/.local/share``), where every
XDG desktop looks, with the entry starting this very installation; and
``saga --uninstall-desktop`` takes exactly those files away again.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path

from amiga.dos import reason, write_atomic

APP_ID = "saga-amiga"  # the desktop entry's, the icon's and the AppStream component's name
ENTRY = f"{APP_ID}.desktop"
METAINFO = f"{APP_ID}.metainfo.xml"
ICONS = {"icon-32.png": 32, "icon-256.png": 256}  # saga.art's files, by size

# Characters an Exec argument may hold without quotes (Desktop Entry spec).
_PLAIN = re.compile(r"[A-Za-z0-9_/.+,:@=-]+")


class DesktopError(Exception):
    """The desktop entry cannot be installed or removed; the message says why."""


def data_home(env: Mapping[str, str] = os.environ) -> Path:
    """The user's XDG data folder: ``$XDG_DATA_HOME`` if absolute, else ``~/.local/share``."""
    given = env.get("XDG_DATA_HOME", "")
    return Path(given) if os.path.isabs(given) else Path.home() / ".local" / "share"


def launcher() -> list[str]:
    """The command that starts this installation of Saga, whatever is on PATH."""
    return [sys.executable, "-m", "saga"]


def exec_line(command: Sequence[str]) -> str:
    """``command`` as a desktop entry's Exec value, quoted as the spec asks,
    with ``%f`` for a saved game opened with Saga."""
    words = []
    for word in command:
        if not _PLAIN.fullmatch(word):
            word = '"' + re.sub(r'(["`$\\])', r"\\\1", word) + '"'
        words.append(word.replace("%", "%%").replace("\\", "\\\\"))
    return " ".join([*words, "%f"])


def files(data: Path, command: Sequence[str]) -> dict[Path, bytes]:
    """Every file the desktop entry needs, by where it goes under ``data``."""
    here = resources.files(__name__)
    entry = here.joinpath(ENTRY).read_text(encoding="utf-8")
    entry = re.sub(r"(?m)^Exec=.*$", lambda _: f"Exec={exec_line(command)}", entry)
    art = resources.files("saga.art")
    return {
        data / "applications" / ENTRY: entry.encode(),
        data / "metainfo" / METAINFO: here.joinpath(METAINFO).read_bytes(),
        **{
            data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png": (
                art.joinpath(name).read_bytes()
            )
            for name, size in ICONS.items()
        },
    }


def install(data: Path, command: Sequence[str]) -> list[Path]:
    """Write the entry, its metadata and icons under ``data``; the paths written.

    Each is written as every file of Saga's is (:func:`amiga.dos.write_atomic`),
    so an installation cut short never leaves half an icon for the desktop.
    """
    _check_platform()
    written = []
    for path, content in files(data, command).items():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, content)  # names Saga chooses: a link there is replaced
        except OSError as e:
            raise DesktopError(f"can't write {path}: {reason(e)}") from None
        written.append(path)
    return written


def uninstall(data: Path) -> list[Path]:
    """Remove what :func:`install` wrote under ``data``; the paths removed
    (none if there was nothing to remove)."""
    _check_platform()
    removed = []
    for path in files(data, launcher()):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as e:
            raise DesktopError(f"can't remove {path}: {reason(e)}") from None
        removed.append(path)
    return removed


def _check_platform() -> None:
    if sys.platform in ("win32", "darwin", "cygwin"):
        raise DesktopError("desktop entries are for Linux and other XDG desktops")
