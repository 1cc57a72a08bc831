"""C source read as data: array initialisers and ``#define`` numbers, nothing else.

The original's pictures are C arrays: ``{ 0x0000,0x1FFF, ... }`` with
comments between, and sizes named in ``saga.h`` (``#define MAPSIZE 127491``).
This module reads exactly that: whole numbers (hex, decimal, octal, with
``U``/``L`` suffixes), the operators ``+ - * << >> | & ~`` and parentheses
between them, braces, commas and comments.  Anything else inside an
initialiser (a name, a string, a call) stops it with a word why: the
player's files are data to us, never code to run.

Every limit is set before reading: how many values an array may hold, how
large one may be, how deep expressions nest.  A file cut off in the middle
of an array is no error here: :class:`Initializer` says how far it got, so
the caller can use what is whole and say where the rest is missing.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

MAX_DEPTH = 8  # parentheses and braces within one another
MAX_DIGITS = 24  # characters in one number literal
MAX_DEFINE_CHAIN = 16  # names defined through other names

_TOKEN = re.compile(
    r"""
    (?P<space>[ \t\r\f\v]+)
  | (?P<newline>\n)
  | (?P<comment>//[^\n]*|/\*(?:[^*]|\*(?!/))*\*/)
  | (?P<open_comment>/\*)
  | (?P<number>0[xX][0-9A-Fa-f]+[uUlL]*|[0-9]+[uUlL]*)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op><<|>>|[-+*|&~(){},;\[\]=])
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


class CDataError(ValueError):
    """A C file that is not the data it should be: what, and where (file and line).

    ``what`` is in English, as a C compiler would say it (it quotes the
    file's own text); the window says in the player's language that the
    file is not such data and shows this after it.
    """

    def __init__(self, name: str, line: int | None, what: str) -> None:
        super().__init__(f"{name}, line {line}: {what}" if line else f"{name}: {what}")
        self.name, self.line, self.what = name, line, what

    @property
    def place(self) -> str:
        """Where, in words of no language: ``themap.c:1437``."""
        return f"{self.name}:{self.line}" if self.line else self.name


class NotText(CDataError):
    """A file that is no text at all (UTF-16, a binary), not bad C."""


@dataclass(frozen=True)
class Source:
    """One file's text, with its name for messages and a way to find line numbers."""

    name: str
    text: str
    _starts: list[int] = field(default_factory=list, compare=False, repr=False)

    def line(self, pos: int) -> int:
        """The line (from 1) holding character ``pos``."""
        if not self._starts:
            self._starts.extend(m.end() for m in re.finditer("\n", self.text))
        return bisect.bisect_right(self._starts, pos) + 1

    @property
    def lines(self) -> int:
        return self.text.count("\n") + (0 if self.text.endswith("\n") else 1)


def source(data: bytes, name: str) -> Source:
    """The text of a C file; :class:`CDataError` if it is no text (UTF-16, a binary)."""
    if b"\0" in data:
        raise NotText(name, None, "not C source text (it holds NUL bytes: UTF-16 or a binary?)")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return Source(name, data.decode("latin-1"))  # Amiga text; any byte reads as a character


class _Token(NamedTuple):
    kind: str
    text: str
    pos: int


def _tokens(src: Source, start: int) -> Iterator[_Token]:
    for match in _TOKEN.finditer(src.text, start):
        kind = match.lastgroup or "other"
        if kind in ("space", "newline", "comment"):
            continue
        if kind == "open_comment":
            raise CDataError(src.name, src.line(match.start()), "a comment never ends")
        yield _Token(kind, match.group(), match.start())


def _number(token: _Token, src: Source) -> int:
    text = token.text.rstrip("uUlL")
    if len(text) > MAX_DIGITS:
        raise CDataError(src.name, src.line(token.pos), "a number too long to be data")
    if text.lower().startswith("0x"):
        return int(text, 16)
    if len(text) > 1 and text.startswith("0"):
        if any(c in "89" for c in text):
            raise CDataError(src.name, src.line(token.pos), f"{text} is no octal number")
        return int(text, 8)
    return int(text)


class _Expression:
    """Whole-number constant expressions, as sizes and palette headers are written."""

    def __init__(
        self, tokens: Iterator[_Token], src: Source, names: Mapping[str, int], limit: int
    ) -> None:
        self.tokens, self.src, self.names, self.limit = tokens, src, names, limit
        self.ahead: _Token | None = next(tokens, None)
        self.last: _Token | None = None  # the token taken last

    def fail(self, what: str, token: _Token | None = None) -> CDataError:
        """The error to raise: ``what`` is wrong at ``token`` (or the one at hand)."""
        token = token or self.ahead or self.last
        line = self.src.line(token.pos) if token else self.src.lines
        return CDataError(self.src.name, line, what)

    def take(self) -> _Token:
        token = self.ahead
        if token is None:
            raise _Ended
        self.ahead = next(self.tokens, None)
        self.last = token
        return token

    def value(self, depth: int = 0) -> int:
        if depth > MAX_DEPTH:
            raise self.fail("an expression nested too deep")
        result = self._term(depth)
        while self.ahead is not None and self.ahead.text in ("+", "-", "|", "&", "<<", ">>"):
            op = self.take().text
            right = self._term(depth)
            if op in ("<<", ">>") and not 0 <= right < 64:
                raise self.fail(f"a shift by {right}")
            result = {
                "+": result + right,
                "-": result - right,
                "|": result | right,
                "&": result & right,
                "<<": result << right if op == "<<" else 0,
                ">>": result >> right if op == ">>" else 0,
            }[op]
            self._check(result)
        return result

    def _term(self, depth: int) -> int:
        result = self._unary(depth)
        while self.ahead is not None and self.ahead.text == "*":
            self.take()
            result *= self._unary(depth)
            self._check(result)
        return result

    def _unary(self, depth: int) -> int:
        token = self.take()
        if token.text == "-":
            return -self._unary(depth + 1)
        if token.text == "~":
            return ~self._unary(depth + 1) & 0xFFFFFFFF
        if token.text == "(":
            inner = self.value(depth + 1)
            if self.take().text != ")":
                raise self.fail("a parenthesis is never closed", token)
            return inner
        if token.kind == "number":
            return self._check(_number(token, self.src))
        if token.kind == "name" and token.text in self.names:
            return self.names[token.text]
        raise self.fail(f"{token.text[:40]!r} is not data", token)

    def _check(self, value: int) -> int:
        if abs(value) > self.limit:
            raise self.fail(f"{value} is too large", self.last)
        return value


class _Ended(Exception):
    """The text ended in the middle of something."""


def defines(src: Source) -> dict[str, int]:
    """The ``#define NAME number-expression`` lines of a header, as numbers.

    Defines of anything else (strings, macros with arguments) are passed
    over; a name may be defined through names defined before it.
    """
    found: dict[str, int] = {}
    pattern = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+(.*)$", re.MULTILINE)
    for match in pattern.finditer(src.text):
        name, body = match.group(1), match.group(2)
        if "(" in name or len(body) > 200:
            continue
        part = Source(src.name, body)
        try:
            expression = _Expression(_tokens(part, 0), part, found, 1 << 40)
            value = expression.value()
            if expression.ahead is None:
                found[name] = value
        except (CDataError, _Ended):
            continue
    return found


@dataclass
class Initializer:
    """An array's initialiser as read: its values, and how far the reading got."""

    source: Source
    name: str
    sizes: tuple[int, ...]  # the declared sizes, outermost first (-1: not given)
    values: list[int] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)  # where each value starts
    groups: list[int] = field(default_factory=list)  # where each inner group starts
    whole: bool = False  # the closing brace was found
    problem: CDataError | None = None  # why the reading stopped early, if it did
    ended: bool = False  # it stopped because the file ended inside the array

    def line_of(self, index: int) -> int:
        """The line of value ``index`` (the line after the last value, past the end)."""
        if index < len(self.positions):
            return self.source.line(self.positions[index])
        return self.source.lines

    @property
    def start_line(self) -> int:
        return self.line_of(0) if self.positions else self.source.lines


def find_initializer(
    src: Source,
    name: str,
    names: Mapping[str, int],
    *,
    max_values: int,
    max_value: int,
) -> Initializer | None:
    """The initialiser of array ``name`` (``name[...] = { ... }``), or None if there is none.

    At most ``max_values`` values, each from 0 to ``max_value``, are read;
    nested braces are read as groups of the outer array.  A file that ends
    inside the initialiser, or a token that is not data, ends the reading
    with :attr:`Initializer.problem` said and what came before kept.
    """
    declaration = re.search(rf"\b{re.escape(name)}\b((?:\s*\[[^\]\n]*\])*)\s*=\s*\{{", src.text)
    if declaration is None:
        return None
    sizes = tuple(_size(src, text, names) for text in re.findall(r"\[([^\]]*)\]", declaration[1]))
    init = Initializer(src, name, sizes)
    try:
        _read_values(src, declaration.end(), init, names, max_values, max_value)
    except _Ended:
        init.ended = True
        init.problem = CDataError(src.name, src.lines, f"the file ends inside {name}")
    except CDataError as e:
        init.problem = e
    return init


# A plain number and the comma after it, with any spaces and comments round them:
# nearly every value of a picture, read in one step.
_GAP = r"(?:\s|//[^\n]*|/\*(?:[^*]|\*(?!/))*\*/)*"  # a comment never runs past its end
_PLAIN = r"(0[xX][0-9A-Fa-f]{1,8}|[1-9][0-9]{0,9}|0)[uUlL]{0,3}"
_QUICK = re.compile(_GAP + _PLAIN + _GAP + ",", re.S)
MAX_EXPRESSION_TOKENS = 64


def _read_values(
    src: Source,
    pos: int,
    init: Initializer,
    names: Mapping[str, int],
    max_values: int,
    max_value: int,
) -> None:
    text, values, positions = src.text, init.values, init.positions
    depth = 1
    tokens = _tokens(src, pos)

    def add(value: int, at: int) -> None:
        if not 0 <= value <= max_value:
            raise CDataError(src.name, src.line(at), f"{value} is out of range")
        if len(values) >= max_values:
            raise CDataError(src.name, src.line(at), f"more than {max_values} values")
        values.append(value)
        positions.append(at)

    while True:
        quick = _QUICK.match(text, pos)
        if quick is not None:
            digits = quick.group(1)
            add(int(digits, 16) if digits[1:2] in ("x", "X") else int(digits), quick.start(1))
            pos = quick.end()
            continue
        tokens = _tokens(src, pos)
        token = next(tokens, None)
        if token is None:
            raise _Ended
        pos = token.pos + len(token.text)
        if token.text == "{":
            depth += 1
            if depth > MAX_DEPTH:
                raise CDataError(src.name, src.line(token.pos), "braces nested too deep")
            if depth == 2:
                init.groups.append(len(values))
        elif token.text == "}":
            depth -= 1
            if depth == 0:
                init.whole = True
                return
        elif token.text != ",":
            # An expression, up to the comma or brace that ends it.
            part = [token]
            for token in tokens:
                if token.text in (",", "}"):
                    break
                part.append(token)
                if len(part) > MAX_EXPRESSION_TOKENS:
                    raise CDataError(src.name, src.line(token.pos), "not data")
            else:
                raise _Ended
            pos = token.pos  # the comma or brace is read next
            expression = _Expression(iter(part), src, names, max_value)
            value = expression.value()
            if expression.ahead is not None:
                raise expression.fail(f"{expression.ahead.text[:40]!r} is not data")
            add(value, part[0].pos)


def _size(src: Source, text: str, names: Mapping[str, int]) -> int:
    """A declared array size, or -1 if none is given or it cannot be worked out."""
    part = Source(src.name, text)
    try:
        expression = _Expression(_tokens(part, 0), part, names, 1 << 32)
        value = expression.value()
        return value if expression.ahead is None else -1
    except (CDataError, _Ended):
        return -1


def function_body(src: Source, name: str, limit: int = 1 << 16) -> tuple[str, int] | None:
    """The text of function ``name``'s body and where it starts, or None if there is none.

    Found by its definition (the name, a parameter list, then a brace) and
    read to the matching brace, at most ``limit`` characters: only to look
    at the calls it makes, never to run it.
    """
    match = re.search(rf"\b{re.escape(name)}\s*\([^;{{)]*\)\s*\{{", src.text)
    if match is None:
        return None
    depth, at = 1, match.end()
    for token in _tokens(src, at):
        if token.pos - at > limit:
            return None
        if token.text == "{":
            depth += 1
        elif token.text == "}":
            depth -= 1
            if depth == 0:
                return src.text[at : token.pos], at
    return None


def calls(src: Source, body: tuple[str, int], function: str) -> Iterator[tuple[list[str], int]]:
    """Each call ``function(arg, ...)`` in a function body: its arguments as text, and where
    it is in the file.

    Arguments are split at top-level commas; a call cut off yields nothing.
    """
    text, offset = body
    for match in re.finditer(rf"\b{re.escape(function)}\s*\(", text):
        depth, args, start = 1, [], match.end()
        for i in range(match.end(), min(len(text), match.end() + 1000)):
            c = text[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    args.append(text[start:i].strip())
                    yield args, offset + match.start()
                    break
            elif c == "," and depth == 1:
                args.append(text[start:i].strip())
                start = i + 1


def number(text: str, src: Source, names: Mapping[str, int] | None = None) -> int | None:
    """A call's argument as a whole number, or None if it is anything else."""
    part = Source(src.name, text)
    try:
        expression = _Expression(_tokens(part, 0), part, names or {}, 1 << 32)
        value = expression.value()
        return value if expression.ahead is None else None
    except (CDataError, _Ended):
        return None
