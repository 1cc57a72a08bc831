"""Compiling a description and a translation into a locale.library catalog."""

from __future__ import annotations

import warnings

from .errors import LocaleError, LocaleWarning
from .source import Description, Message, Translation


def compile_catalog(description: Description, translation: Translation) -> bytes:
    """Build the .catalog bytes for ``translation`` of ``description``.

    The output depends only on the input (strings sorted by id, no timestamps),
    so a catalog kept in version control can be rebuilt and compared byte for
    byte.  Strings the .ct lacks, or leaves empty, are omitted and the program
    shows its built-in text; that, translations of unknown identifiers and
    strings outside their (min/max) length are reported as :class:`LocaleWarning`.
    Raises :class:`LocaleError` when the .ct has no version or language.
    """
    ct = translation.filename
    if translation.version is None:
        raise LocaleError(ct, None, "no '## version' line")
    if translation.language is None:
        raise LocaleError(ct, None, "no '## language' line")

    strings: dict[int, str] = {}
    untranslated = []
    for message in description.messages:
        _check_length(message, message.text, description.filename, message.line)
        entry = translation.strings.get(message.name)
        if entry is None or entry.text == "":
            untranslated.append(message.name)
            continue
        if "\0" in entry.text:
            raise LocaleError(ct, entry.line, f"{message.name} contains \\0, which ends it early")
        _check_length(message, entry.text, ct, entry.line)
        strings[message.id] = entry.text

    known = {message.name for message in description.messages}
    for name, entry in translation.strings.items():
        if name not in known:
            _warn(f"{ct}:{entry.line}: {name} is not in {description.filename}; ignored")
    if untranslated:
        _warn(
            f"{ct}: {len(untranslated)} of {len(description.messages)} strings are not "
            f"translated and keep their built-in text: {', '.join(untranslated)}"
        )
    # Imported here: programs that only read text need no IFF writer.
    from amiga.iff import Ctlg, write_ctlg

    return write_ctlg(
        Ctlg(
            strings,
            language=translation.language,
            # FlexCat names the catalog, not its source, in the version string.
            version=translation.version.replace(".ct ", ".catalog ", 1),
            codeset=translation.codeset,
        )
    )


def _check_length(message: Message, text: str, filename: str, line: int) -> None:
    if len(text) < message.min_len:
        _warn(f"{filename}:{line}: {message.name} is shorter than {message.min_len} characters")
    if message.max_len is not None and len(text) > message.max_len:
        _warn(f"{filename}:{line}: {message.name} is longer than {message.max_len} characters")


def _warn(message: str) -> None:
    warnings.warn(message, LocaleWarning, stacklevel=2)
