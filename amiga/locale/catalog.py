"""Opened catalogs, and finding them on disk as locale.library's OpenCatalog() does.

Translation must never stop the program: a catalog that is missing, broken,
for another language or another version yields a :class:`NullCatalog` and a
:class:`LocaleWarning`, and the program carries on with its built-in strings.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path

from amiga.dos import FileProblem, read_limited

from .errors import LocaleWarning
from .languages import BUILTIN_LANGUAGE, amiga_language


class Catalog:
    """The strings of one opened catalog."""

    def __init__(self, strings: Mapping[int, str], *, language: str | None, name: str) -> None:
        self._strings = dict(strings)
        self._missing: set[int] = set()
        self.language = language
        self.name = name

    def get(self, msg_id: int, builtin: str) -> str:
        """The catalog's string for ``msg_id``, or ``builtin`` if it has none.

        Like GetCatalogStr(); a missing string is also reported once as a
        :class:`LocaleWarning`, since it means the translation is out of date.
        """
        try:
            return self._strings[msg_id]
        except KeyError:
            if msg_id not in self._missing:
                self._missing.add(msg_id)
                _warn(f"{self.name}: no string {msg_id}; using the built-in one")
            return builtin

    def get_all(self, builtins: Mapping[int, str]) -> dict[int, str]:
        """Each ID's string, the built-in one where the catalog has none.

        The strings missing are reported in one :class:`LocaleWarning` that
        counts them, not one per string.
        """
        found = {msg_id: self._strings.get(msg_id, text) for msg_id, text in builtins.items()}
        missing = sorted(set(builtins) - set(self._strings) - self._missing)
        if missing:
            self._missing.update(missing)
            shown = ", ".join(map(str, missing[:_LISTED])) + (
                ", ..." if len(missing) > _LISTED else ""
            )
            _warn(
                f"{self.name}: {len(missing)} string{'s' if len(missing) > 1 else ''} missing "
                f"(ID {shown}); using the built-in ones"
            )
        return found


_LISTED = 8  # IDs named in the warning about missing strings


class NullCatalog(Catalog):
    """No catalog is open: every string is the built-in one, silently."""

    def __init__(self) -> None:
        super().__init__({}, language=None, name="<built-in>")

    def get(self, msg_id: int, builtin: str) -> str:
        """Always ``builtin``."""
        return builtin

    def get_all(self, builtins: Mapping[int, str]) -> dict[int, str]:
        """Always the built-in strings."""
        return dict(builtins)


def _places(
    name: str, language: str, progdir: Path | None, catalogs_dir: Path | None
) -> Iterator[tuple[Path, tuple[str, ...]]]:
    filename = name if name.endswith(".catalog") else f"{name}.catalog"
    if progdir is not None:
        yield Path(progdir), ("Catalogs", language, filename)
    if catalogs_dir is not None:
        yield Path(catalogs_dir), (language, filename)


def catalog_paths(
    name: str, language: str, *, progdir: Path | None = None, catalogs_dir: Path | None = None
) -> Iterator[Path]:
    """Where a catalog may be, in search order.

    ``progdir/Catalogs/<language>/<name>.catalog`` first (PROGDIR:, beside the
    program), then ``catalogs_dir/<language>/<name>.catalog`` (the project's own).
    As on AmigaDOS, each name matches whatever its case on disk (``Saga.catalog``).
    """
    for root, parts in _places(name, language, progdir, catalogs_dir):
        yield root.joinpath(*parts)


def _find(root: Path, parts: tuple[str, ...]) -> Path | None:
    """``root/parts...`` with every part matched regardless of case, as AmigaDOS does."""
    path = root
    for part in parts:
        if os.path.lexists(path / part):
            path = path / part
            continue
        try:
            with os.scandir(path) as entries:
                wanted = part.casefold()
                found = next((e.name for e in entries if e.name.casefold() == wanted), None)
        except (OSError, ValueError):
            return None
        if found is None:
            return None
        path = path / found
    return path


def open_catalog(
    name: str,
    language: str | None,
    *,
    progdir: Path | None = None,
    catalogs_dir: Path | None = None,
    version: int | None = None,
) -> Catalog:
    """Open the first catalog found for ``language`` (see :func:`catalog_paths`).

    ``language`` comes from :func:`~amiga.locale.choose_language`; None or English
    means the built-in strings, as does any problem (with a warning).  ``version``,
    if given, must match the catalog's FVER version, like OpenCatalog()'s OC_Version.
    """
    if language is None or language == BUILTIN_LANGUAGE:
        return NullCatalog()
    if not _is_folder_name(language):
        _warn(f"{language!r} is not a language name; using built-in strings")
        return NullCatalog()
    from amiga.iff.ctlg import MAX_CATALOG_SIZE  # as in load_catalog: for translations only

    for root, parts in _places(name, language, progdir, catalogs_dir):
        path = _find(root, parts)
        if path is None:
            continue
        try:
            data = read_limited(path, MAX_CATALOG_SIZE)
        except FileProblem as error:
            problem = error.problem.value
            _warn(f"{path}: cannot read the catalog ({problem}); using built-in strings")
            return NullCatalog()
        return load_catalog(data, name=str(path), language=language, version=version)
    _warn(f"no {language} catalog {name!r} found; using built-in strings")
    return NullCatalog()


def load_catalog(data: bytes, *, name: str, language: str, version: int | None = None) -> Catalog:
    """Turn catalog file contents into a :class:`Catalog`, or a NullCatalog and a warning."""
    # Imported here: the IFF reader (and construct under it) is only needed
    # for a translation, and the built-in English starts faster without it.
    from amiga.iff import IffError, read_ctlg

    try:
        ctlg = read_ctlg(data, name)
    except IffError as error:
        _warn(f"{error}; using built-in strings")
        return NullCatalog()
    wanted = amiga_language(language) or language.casefold()
    found = ctlg.language and (amiga_language(ctlg.language) or ctlg.language.casefold())
    if found and found != wanted:
        _warn(f"{name}: is a {ctlg.language} catalog, not {language}; using built-in strings")
        return NullCatalog()
    if version is not None:
        found_version = ctlg.version_number()
        if found_version is None or found_version[0] != version:
            _warn(f"{name}: is not version {version} ({ctlg.version}); using built-in strings")
            return NullCatalog()
    return Catalog(ctlg.strings, language=ctlg.language or language, name=name)


def _is_folder_name(language: str) -> bool:
    """A language names one folder: no separators, no control characters, not "." or ".."."""
    return (
        language.isprintable()
        and not any(c in language for c in "/\\:")
        and bool(language.strip("."))
    )


def _warn(message: str) -> None:
    warnings.warn(message, LocaleWarning, stacklevel=3)
