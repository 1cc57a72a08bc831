"""The game's words: built-in English from the catalog descriptor, or a translation.

The English strings live in ``catalogs/saga.cd`` and nowhere else; they are
read from it at start-up, so English and every translation always agree on
which message is which.  A translated catalog is looked up by message ID,
like locale.library does, and any string it lacks stays English.
"""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path

from amiga.locale import (
    Catalog,
    LocaleWarning,
    NullCatalog,
    choose_language,
    open_catalog,
    parse_cd,
)
from saga.engine.host import Lookup as Lookup  # how the engine and screens word things

CATALOG_NAME = "saga"

# Control characters (C0, DEL, C1) as the escapes Python writes them: text from
# outside (a catalog, a file name, a peer) is shown on a terminal, never obeyed.
# So are the marks that turn the direction of the text after them (a name
# announced on the LAN could otherwise show itself, or the line, reversed).
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))}
_DIRECTIONS = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_CONTROLS.update({c: f"\\u{c:04x}" for c in _DIRECTIONS})


def printable(text: str) -> str:
    """``text`` safe to write to a terminal: control characters shown as ``\\x1b``,
    direction marks as ``\\u202e``, and so on."""
    return text.translate(_CONTROLS)


def warn(message: str, program: str = "saga") -> None:
    """Tell the player ``program: message`` on stderr, and play on.

    One way for every tool, the message made :func:`printable`: it may hold
    a file's name or a catalog's words, whose control characters are shown,
    never obeyed.
    """
    print(f"{program}: {printable(message)}", file=sys.stderr)


# A printf directive of a catalog message, as the Amiga's RawDoFmt fills them.
_DIRECTIVE = re.compile(r"%(%|l?[dus])")


def fill(text: str, *values: object) -> str:
    """A catalog message with its directives (``%s``, ``%d``, ``%ld``) filled by
    ``values`` in order, as printf would; ``%%`` is a percent sign.

    A translation keeps the English directives in their order (the catalogs'
    tests check it), so one call fills every language.
    """
    given = iter(values)
    return _DIRECTIVE.sub(lambda m: "%" if m[1] == "%" else str(next(given, "")), text)


# A word of a Notice's reason: a catalog message, text shown as it is (a value,
# a number), or a message with the values for its directives.
Word = str | tuple[str, ...]


class Notice(str):
    """A warning at start-up: English on stderr, the player's language in the window.

    It is the English text itself, so it prints and compares as any warning
    does, and it carries what the window's requester shows: ``where`` the
    trouble is (a file and line, a word of the command line: never
    translated), and the reason in ``words``, each a catalog message, text
    shown as it is (a value, a number), or a tuple of a message and the
    values its directives take (see :func:`fill`).
    """

    where: str
    words: tuple[Word, ...]

    def __new__(cls, english: str, where: str, *words: Word) -> Notice:
        notice = super().__new__(cls, english)
        notice.where, notice.words = where, words
        return notice

    def reason(self, t: Lookup) -> str:
        """The reason in the player's language."""
        return " ".join(_said(t, word) for word in self.words)


def _said(t: Lookup, word: Word) -> str:
    if isinstance(word, tuple):
        return fill(t(word[0]), *word[1:])
    return t(word) if word.startswith("MSG_") else word


# The catalog's sentence for each reason a file cannot be used (amiga.dos.Problem, by name).
PROBLEM_MESSAGES = {
    "MISSING": "MSG_FILE_MISSING",
    "FOLDER": "MSG_FILE_IS_DRAWER",
    "NOT_A_FILE": "MSG_FILE_NOT_PLAIN",
    "TOO_LARGE": "MSG_FILE_TOO_LARGE",
    "UNREADABLE": "MSG_FILE_UNREADABLE",
    "BAD_NAME": "MSG_FILE_BAD_NAME",
    "LINK": "MSG_FILE_LINK",
    "UNWRITABLE": "MSG_FILE_UNWRITABLE",
    "NO_FOLDER": "MSG_FILE_NO_DRAWER",
}


def decimal(value: float) -> str:
    """A mean or a spread as every report shows it, with two places: the
    simulation's table and its chart must never round one figure two ways."""
    return f"{value:.2f}"


def catalogs_dir() -> Path:
    """The folder holding saga.cd and the compiled catalogs of this installation."""
    return Path(str(resources.files("catalogs")))


@cache
def builtin_messages() -> dict[str, tuple[int, str]]:
    """Message name → (ID, English text), from the descriptor."""
    path = catalogs_dir() / "saga.cd"
    description = parse_cd(path.read_text(encoding="latin-1"), str(path))
    return {m.name: (m.id, m.text) for m in description.messages}


class Text:
    """Looks up a message by name; callable, so the engine just calls ``t(name)``."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        catalog = catalog or NullCatalog()
        self.language = catalog.language
        messages = builtin_messages()
        strings = catalog.get_all({msg_id: english for msg_id, english in messages.values()})
        self._strings = {name: strings[msg_id] for name, (msg_id, _) in messages.items()}

    def __call__(self, name: str) -> str:
        return self._strings[name]


def english() -> Lookup:
    """The built-in English, whatever the user's language."""
    return Text()


class Unfit(ValueError):
    """Why what a player typed (a hero's name, a join code, an address) will
    not do: a catalog message and the values it is filled with, so that each
    front end words it in its player's language; ``str()`` is the built-in
    English, as the command line speaks."""

    def __init__(self, message: str, *values: object) -> None:
        super().__init__(message, *values)
        self.message = message
        self.values = values

    def worded(self, t: Lookup) -> str:
        return fill(t(self.message), *self.values)

    def __str__(self) -> str:
        return self.worded(english())


def worded(e: Exception, t: Lookup) -> str:
    """Why ``e`` stopped something, in the player's language where it can be."""
    return e.worded(t) if isinstance(e, Unfit) else str(e)


def load_text(
    option: str | None,
    config_language: str | None,
    environ: Mapping[str, str],
    progdir: Path,
) -> tuple[Text, list[str]]:
    """The text in the chosen language, and any warnings about its catalog.

    The language comes from the command line, then the configuration, then
    the environment (``LANG`` and friends).  A missing, broken or foreign
    catalog, or one lacking strings, costs only those strings: they stay
    English, and the warnings say why.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LocaleWarning)
        language = choose_language(option, config_language, environ)
        catalog = open_catalog(CATALOG_NAME, language, progdir=progdir, catalogs_dir=catalogs_dir())
        text = Text(catalog)
    return text, [str(w.message) for w in caught if issubclass(w.category, LocaleWarning)]
