"""Backslash escapes in catalog strings, as FlexCat and CatComp interpret them.

``\\n \\t \\r \\b \\f \\v``, ``\\e`` (ESC), ``\\g`` (bell), ``\\c`` (CSI, 0x9B),
``\\xH`` or ``\\xHH``, ``\\o``/``\\oo``/``\\ooo`` octal, a backslash before a
newline (a continued line, producing nothing) and a backslash before anything
else (``\\\\``, ``\\"``) stands for that character.  The letter after the
backslash is case-insensitive, as in FlexCat.
"""

from __future__ import annotations

import re

from .errors import LocaleError

_SIMPLE = {
    "b": "\b",
    "c": "\x9b",
    "e": "\x1b",
    "f": "\f",
    "g": "\a",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
    "\n": "",
}
_ESCAPE = re.compile(r"\\([xX][0-9A-Fa-f]{1,2}|[xX]|[0-7]{1,3}|.|\Z)", re.DOTALL)
_SHOWN = {ord(char): f"\\{letter}" for letter, char in _SIMPLE.items() if char and letter != "c"}
_SHOWN.update({ord("\\"): "\\\\", ord('"'): '\\"'})


def unescape(text: str, filename: str, line: int) -> str:
    """Resolve every escape in ``text``; errors name ``filename`` and ``line``."""

    def resolve(match: re.Match[str]) -> str:
        code = match[1]
        if code == "":
            raise LocaleError(filename, line, "string ends with a lone backslash")
        if code[0] in "xX":
            if len(code) == 1:
                raise LocaleError(filename, line, "\\x must be followed by a hex digit")
            return chr(int(code[1:], 16))
        if code[0] in "01234567":
            value = int(code, 8)
            if value > 0xFF:
                raise LocaleError(filename, line, f"octal escape \\{code} is larger than a byte")
            return chr(value)
        return _SIMPLE.get(code.lower(), code)

    return _ESCAPE.sub(resolve, text)


def escape(text: str) -> str:
    """Write ``text`` so that :func:`unescape` gives it back and controls are visible."""
    out = []
    for char in text.translate(_SHOWN):
        code = ord(char)
        out.append(f"\\x{code:02X}" if code < 0x20 or 0x7F <= code < 0xA0 else char)
    return "".join(out)
