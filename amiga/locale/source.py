"""Catalog sources in FlexCat/CatComp syntax: descriptions (.cd), translations (.ct).

Both are line based.  A description is ISO-8859-1; a translation is in the
character set its ``## codeset`` names, or for 0 (or none) its language's
usual one (ISO-8859-7 for ``## language greek``, see :mod:`amiga.codesets`),
and is read into Unicode text.  ``;`` starts a comment line, ``#`` (any
number of them) a command such as ``## language deutsch``.  A message starts
with its identifier line -- ``NAME (id/min/max)`` in a .cd, ``NAME`` in a .ct --
and the very next line is its string, continued onto following lines while it
ends in an unescaped backslash.  Blank lines between messages are allowed.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from amiga import codesets
from amiga.dos import read_limited

from .errors import LocaleError, LocaleWarning
from .escapes import unescape

CD_COMMANDS = frozenset(
    {
        "array",
        "basename",
        "endif",
        "header",
        "ifdef",
        "language",
        "lengthbytes",
        "printf_check_off",
        "printf_check_on",
        "version",
    }
)
_COMMAND = re.compile(r"#[#\s]*(\w*)\s*(.*)")
_CD_DEFINITION = re.compile(r"(\w+)\s*\((.*)\)\s*")
_CT_DEFINITION = re.compile(r"(\w+)\s*(?:\(.*\))?\s*")
_C_NUMBER = re.compile(r"0[xX](?P<hex>[0-9A-Fa-f]+)|0(?P<oct>[0-7]*)|(?P<dec>[1-9][0-9]*)")
_MAX_ID = 0xFFFFFFFF
MAX_SOURCE_SIZE = 4 << 20  # a .cd or .ct of thousands of messages is well under this


@dataclass(frozen=True)
class Message:
    """One string of a catalog description: the program's built-in text."""

    name: str
    id: int
    text: str
    min_len: int = 0
    max_len: int | None = None
    line: int = 0


@dataclass
class Description:
    """A parsed .cd file.  ``commands`` maps lower-case command names to arguments."""

    filename: str
    messages: list[Message]
    commands: dict[str, str]


@dataclass(frozen=True)
class Translated:
    """One translated string; ``line`` is that of its identifier."""

    text: str
    line: int


@dataclass
class Translation:
    """A parsed .ct file."""

    filename: str
    strings: dict[str, Translated]
    version: str | None = None
    language: str | None = None
    codeset: int = 0


@dataclass(frozen=True)
class _Command:
    line: int
    name: str
    argument: str


@dataclass(frozen=True)
class _Definition:
    line: int
    header: str
    string: str
    string_line: int


def read_cd(path: Path | str) -> Description:
    """Parse a .cd file from disk."""
    return parse_cd(read_limited(path, MAX_SOURCE_SIZE).decode("latin-1"), str(path))


def read_ct(path: Path | str) -> Translation:
    """Parse a .ct file from disk, in the character set it declares."""
    data = read_limited(path, MAX_SOURCE_SIZE)
    return parse_ct(decode_ct(data, str(path)), str(path))


def decode_ct(data: bytes, filename: str = "<ct>") -> str:
    """A .ct file's bytes as text, read in the character set its header declares."""
    codeset, language = 0, None
    for line in data.decode("latin-1").splitlines():
        match = _COMMAND.fullmatch(line) if line.startswith("#") else None
        if match and match[1].lower() == "codeset" and match[2].strip().isdigit():
            codeset = int(match[2])
        elif match and match[1].lower() == "language":
            language = match[2].strip()
    name = _codec(codeset, language, filename)
    try:
        return data.decode(name)
    except UnicodeDecodeError as error:
        where = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start]
        raise LocaleError(filename, where, f"byte 0x{byte:02X} is not {name}") from None


def parse_cd(text: str, filename: str = "<cd>") -> Description:
    """Parse a catalog description, numbering messages as FlexCat does.

    An empty id takes the lowest unused number above the previous message's id
    (starting at 0), ``+n`` adds n to that, ``$hex`` and C-style numbers (``0x1F``,
    ``017``) set it.  Raises :class:`LocaleError` naming the file and line.
    """
    _check_codeset(text, filename, codesets.CODECS[codesets.LATIN_1])
    messages: list[Message] = []
    commands: dict[str, str] = {}
    lines_by_name: dict[str, int] = {}
    used: set[int] = set()
    previous = 0
    for record in _records(text, filename):
        if isinstance(record, _Command):
            if record.name not in CD_COMMANDS:
                _warn(filename, record.line, f"unknown command '#{record.name}' ignored")
            commands[record.name] = record.argument
            continue
        match = _CD_DEFINITION.fullmatch(record.header)
        if match is None:
            raise LocaleError(filename, record.line, "expected 'NAME (id/min/max)'")
        name, fields = match[1], match[2].split("/")
        if len(fields) != 3:
            raise LocaleError(filename, record.line, f"{name}: expected (id/min/max)")
        if name in lines_by_name:
            raise LocaleError(
                filename, record.line, f"{name} is already defined on line {lines_by_name[name]}"
            )
        id_text, min_text, max_text = (field.strip() for field in fields)
        candidate = previous
        while candidate in used:
            candidate += 1
        if id_text.startswith("+"):
            msg_id = candidate + _number(id_text[1:], filename, record.line)
        elif id_text:
            msg_id = _number(id_text, filename, record.line)
        else:
            msg_id = candidate
        if msg_id > _MAX_ID:
            raise LocaleError(filename, record.line, f"{name}: id {msg_id} does not fit 32 bits")
        if msg_id in used:
            raise LocaleError(filename, record.line, f"{name}: id {msg_id} is already used")
        used.add(msg_id)
        previous = msg_id
        lines_by_name[name] = record.line
        messages.append(
            Message(
                name=name,
                id=msg_id,
                text=unescape(record.string, filename, record.string_line),
                min_len=_number(min_text, filename, record.line) if min_text else 0,
                # FlexCat treats a maximum of 0 like an empty one: no limit.
                max_len=(_number(max_text, filename, record.line) or None) if max_text else None,
                line=record.line,
            )
        )
    return Description(filename, messages, commands)


def parse_ct(text: str, filename: str = "<ct>") -> Translation:
    """Parse a catalog translation.  Raises :class:`LocaleError` naming file and line.

    An identifier may carry a CatComp-style ``(id/min/max)``; it is ignored, as the
    description decides those.
    """
    translation = Translation(filename, {})
    for record in _records(text, filename):
        if isinstance(record, _Command):
            _apply_ct_command(translation, record)
            continue
        match = _CT_DEFINITION.fullmatch(record.header)
        if match is None:
            raise LocaleError(filename, record.line, "expected a message identifier")
        name = match[1]
        if name in translation.strings:
            raise LocaleError(
                filename,
                record.line,
                f"{name} is already translated on line {translation.strings[name].line}",
            )
        translation.strings[name] = Translated(
            unescape(record.string, filename, record.string_line), record.line
        )
    _check_codeset(text, filename, _codec(translation.codeset, translation.language, filename))
    return translation


def _codec(codeset: int, language: str | None, filename: str) -> str:
    name = codesets.codec(codeset, language)
    if name is None:
        raise LocaleError(filename, None, f"'## codeset {codeset}' is not a set known here")
    return name


def _check_codeset(text: str, filename: str, name: str) -> None:
    """Every character must be one the catalog's character set can hold."""
    try:
        text.encode(name)
    except UnicodeEncodeError as error:
        where = text.count("\n", 0, error.start) + 1
        raise LocaleError(filename, where, f"{text[error.start]!r} is not {name}") from None


def _apply_ct_command(translation: Translation, command: _Command) -> None:
    filename, line, argument = translation.filename, command.line, command.argument
    if command.name not in ("version", "language", "codeset"):
        _warn(filename, line, f"command '## {command.name}' is not supported; ignored")
        return
    if "\0" in argument:
        raise LocaleError(filename, line, f"'## {command.name}' contains a NUL character")
    if command.name == "codeset":
        if not argument.isdigit() or int(argument) > _MAX_ID:
            raise LocaleError(filename, line, "'## codeset' needs a number (0 for ISO-8859-1)")
        translation.codeset = int(argument)
        return
    if getattr(translation, command.name) is not None:
        raise LocaleError(filename, line, f"a second '## {command.name}' line")
    if not argument:
        raise LocaleError(filename, line, f"'## {command.name}' needs an argument")
    setattr(translation, command.name, argument)


def _records(text: str, filename: str) -> Iterator[_Command | _Definition]:
    lines = text.replace("\r", "").split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline ending the last line does not start another
    index = 0
    while index < len(lines):
        line, number = lines[index], index + 1
        index += 1
        if line.startswith(";") or not line.strip():
            continue
        if line.startswith("#"):
            match = _COMMAND.fullmatch(line)
            if match is None or not match[1]:
                raise LocaleError(filename, number, "a '#' line needs a command name")
            yield _Command(number, match[1].lower(), match[2].strip())
            continue
        if line[0] in " \t":
            raise LocaleError(filename, number, "unexpected blanks at the start of the line")
        if index >= len(lines):
            raise LocaleError(filename, number, "no string line follows")
        string, string_line = lines[index], index + 1
        index += 1
        while _continues(string):
            if index >= len(lines):
                raise LocaleError(filename, index, "the last line is continued with '\\'")
            string += "\n" + lines[index]
            index += 1
        yield _Definition(number, line, string, string_line)


def _continues(string: str) -> bool:
    """Does the string's last line end in a backslash that is not itself escaped?"""
    trailing = len(string) - len(string.rstrip("\\"))
    return trailing % 2 == 1


def _number(text: str, filename: str, line: int) -> int:
    """A non-negative integer in C syntax (0x1F hex, 017 octal, 17 decimal) or $1F hex."""
    match = _C_NUMBER.fullmatch(text.strip().replace("$", "0x", 1))
    if match is None:
        raise LocaleError(filename, line, f"{text.strip()!r} is not a number")
    if match["hex"]:
        return int(match["hex"], 16)
    if match["dec"]:
        return int(match["dec"])
    return int(match["oct"] or "0", 8)


def _warn(filename: str, line: int, message: str) -> None:
    warnings.warn(f"{filename}:{line}: {message}", LocaleWarning, stacklevel=2)
