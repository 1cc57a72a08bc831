"""The Amiga's 8-bit character sets: their numbers, and how their bytes read as Unicode.

An Amiga program's text is bytes, and what a byte means depends on the
character set of the locale, the font and the keymap in use: ISO-8859-1
on most machines, ISO-8859-7 (ELOT 928) on a Greek one, whose Greek fonts
draw Greek letters where a Latin-1 font has accented capitals.  Catalogs
name their set by its IANA MIBenum number (the CSET chunk, ``## codeset``
in a translation); 0, the value older catalogs carry, means the usual set
of the catalog's language.  This module is the one place that knows those
numbers and turns them into Python codecs, so that catalogs, the keyboard
and the font agree on every character.
"""

from __future__ import annotations

from functools import cache

LATIN_1 = 4
GREEK = 10
DEFAULT = 0

# IANA MIBenum numbers of the sets AmigaOS locales use, by their names (Python codec names).
CODECS: dict[int, str] = {
    LATIN_1: "ISO-8859-1",
    5: "ISO-8859-2",
    6: "ISO-8859-3",
    7: "ISO-8859-4",
    8: "ISO-8859-5",
    9: "ISO-8859-6",
    GREEK: "ISO-8859-7",
    11: "ISO-8859-8",
    12: "ISO-8859-9",
    13: "ISO-8859-10",
    109: "ISO-8859-13",
    110: "ISO-8859-14",
    111: "ISO-8859-15",
    112: "ISO-8859-16",
    106: "UTF-8",
}

# Amiga languages whose locale is not ISO-8859-1, by their Amiga name: what
# codeset 0 means in their catalogs.
LANGUAGE_CODESETS: dict[str, int] = {"greek": GREEK}

# The sets the emulated machine shows and types: its font draws, and its
# keyboard sends, exactly the characters of these.
MACHINE_CODESETS = (LATIN_1, GREEK)


def codec(codeset: int, language: str | None = None) -> str | None:
    """The Python codec for a catalog's ``codeset`` and language; None if unknown.

    Codeset 0 is the language's own set (``greek`` is ISO-8859-7), ISO-8859-1
    for every other language, as the Amiga's locale files define them.
    """
    if codeset == DEFAULT:
        codeset = LANGUAGE_CODESETS.get((language or "").casefold(), LATIN_1)
    return CODECS.get(codeset)


def decode(data: bytes, codeset: int, language: str | None = None) -> str:
    """Bytes of ``codeset`` as text (ISO-8859-1 for a set not known here); a
    byte the set leaves undefined reads as U+FFFD, which the font shows as
    its replacement box."""
    return data.decode(codec(codeset, language) or CODECS[LATIN_1], errors="replace")


def encode(text: str, codeset: int, language: str | None = None) -> bytes:
    """Text as bytes of ``codeset`` (ISO-8859-1 for a set not known here);
    UnicodeEncodeError names a character the set lacks."""
    return text.encode(codec(codeset, language) or CODECS[LATIN_1])


@cache
def machine_characters() -> frozenset[str]:
    """Every printable character of :data:`MACHINE_CODESETS` (Latin-1 and Greek).

    Space and the no-break space count as printable; controls (C0, DEL, C1)
    and the bytes a set leaves undefined do not.
    """
    found = set()
    for codeset in MACHINE_CODESETS:
        name = CODECS[codeset]
        for byte in (*range(0x20, 0x7F), *range(0xA0, 0x100)):
            try:
                found.add(bytes([byte]).decode(name))
            except UnicodeDecodeError:
                continue
    return frozenset(found)
