"""Language names: what the user asks for, and what locale.library calls it.

Catalogs live in directories named for the language in that language, as
AmigaOS spells it ("deutsch", "français").  Users and systems say "de",
"German" or "de_DE.UTF-8"; :func:`amiga_language` translates all of those.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping

BUILTIN_LANGUAGE = "english"

# Amiga language name -> ISO 639-1 codes and other names people use for it.
_ALIASES: dict[str, tuple[str, ...]] = {
    "català": ("ca", "catalan", "catala"),
    "čeština": ("cs", "czech", "cestina"),
    "dansk": ("da", "danish"),
    "deutsch": ("de", "german"),
    "english": ("en", "c", "posix"),
    "español": ("es", "spanish", "espanol"),
    "français": ("fr", "french", "francais"),
    "greek": ("el", "ελληνικά", "ελληνικα"),  # AmigaOS's Greek catalogs go in Catalogs/greek
    "italiano": ("it", "italian"),
    "magyar": ("hu", "hungarian"),
    "nederlands": ("nl", "dutch"),
    "norsk": ("no", "nb", "nn", "norwegian"),
    "polski": ("pl", "polish"),
    "português": ("pt", "portuguese", "portugues"),
    "russian": ("ru", "русский"),
    "suomi": ("fi", "finnish"),
    "svenska": ("sv", "swedish"),
    "türkçe": ("tr", "turkish", "turkce"),
}

LANGUAGES: Mapping[str, str] = {
    alias: amiga for amiga, aliases in _ALIASES.items() for alias in (amiga, *aliases)
}
"""Every accepted spelling (lower case) mapped to the Amiga language name."""

# The parts of a POSIX locale name after the language: _territory, .codeset, @modifier.
_LOCALE_SUFFIX = re.compile(r"[_.@-].*", re.DOTALL)


def amiga_language(name: str) -> str | None:
    """The Amiga name for a language name, ISO code or POSIX locale; None if unknown."""
    key = _key(name)
    return LANGUAGES.get(key) or LANGUAGES.get(_LOCALE_SUFFIX.sub("", key))


def choose_language(
    option: str | None = None,
    config: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str | None:
    """Pick the catalog language: command-line option, then configuration, then environment.

    Returns the Amiga language name, or None for the program's built-in English
    strings.  An option or configuration value that is no known language is
    taken as an Amiga language name as it stands, so a catalog directory for a
    language missing from :data:`LANGUAGES` can still be used.  The environment
    is read as POSIX does (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``) and an
    unknown locale there means English.
    """
    language: str | None
    for value in (option, config):
        if value and value.strip():
            language = amiga_language(value) or _key(value)
            return None if language == BUILTIN_LANGUAGE else language
    environ = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(variable):
            language = amiga_language(environ[variable])
            return None if language == BUILTIN_LANGUAGE else language
    return None


def _key(name: str) -> str:
    # NFC so that "franc\u0327ais" typed on a Mac matches "français".
    return unicodedata.normalize("NFC", name.strip()).casefold()
