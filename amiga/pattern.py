"""AmigaDOS wildcards, as dos.library's ParsePatternNoCase and MatchPatternNoCase take them.

A file requester's pattern field speaks this language (``#?.saga`` is every
saved game), so it is matched the Amiga way, without regard to case:

- ``?`` any one character; ``#`` zero or more of what follows it (so ``#?``
  is anything, and ``*`` is accepted for it, as with DOS's wildstar);
- ``(a|b)`` either; ``[a-z]`` one of a class (``[~a]`` any but those);
- ``~`` matches what the rest of the pattern does not; ``%`` nothing;
- ``'`` takes the next character literally.
"""

from __future__ import annotations

import re


class PatternError(ValueError):
    """A pattern that cannot be parsed, e.g. with an unclosed parenthesis."""


def compile_pattern(pattern: str) -> re.Pattern[str]:
    """The pattern as a regular expression matching whole names, case ignored."""
    body, end = _sequence(pattern, 0, top=True)
    if end != len(pattern):
        raise PatternError(f"{pattern!r}: ')' without '('")
    return re.compile(f"(?:{body})\\Z", re.IGNORECASE | re.DOTALL)


def matches(pattern: re.Pattern[str], name: str) -> bool:
    return pattern.match(name) is not None


def _sequence(p: str, i: int, *, top: bool = False) -> tuple[str, int]:
    """Alternatives up to a closing parenthesis (or the end at the top)."""
    choices = [""]
    while i < len(p):
        c = p[i]
        if c == ")":
            if top:
                raise PatternError(f"{p!r}: ')' without '('")
            break
        if c == "|":
            choices.append("")
            i += 1
            continue
        if c == "~":
            rest, i = _sequence(p, i + 1, top=top)
            choices[-1] += f"(?!(?:{rest})\\Z).*"
            continue
        if c == "#":
            item, i = _item(p, i + 1)
            choices[-1] += f"(?:{item})*"
            continue
        item, i = _item(p, i)
        choices[-1] += item
    return "|".join(f"(?:{choice})" for choice in choices), i


def _item(p: str, i: int) -> tuple[str, int]:
    """One element: a character, ?, *, %, a group or a class."""
    if i >= len(p):
        raise PatternError(f"{p!r}: '#' or \"'\" with nothing after it")
    c = p[i]
    if c == "?":
        return ".", i + 1
    if c == "*":
        return ".*", i + 1
    if c == "%":
        return "", i + 1
    if c == "'":
        if i + 1 >= len(p):
            raise PatternError(f'{p!r}: "\'" with nothing after it')
        return re.escape(p[i + 1]), i + 2
    if c == "(":
        body, end = _sequence(p, i + 1)
        if end >= len(p):
            raise PatternError(f"{p!r}: '(' without ')'")
        return f"(?:{body})", end + 1
    if c == "[":
        end = p.find("]", i + 1)
        if end < 0:
            raise PatternError(f"{p!r}: '[' without ']'")
        inside = p[i + 1 : end]
        negate = inside.startswith("~")
        inside = inside[1:] if negate else inside
        parts = "".join(
            "-" if ch == "-" and 0 < k < len(inside) - 1 else re.escape(ch)
            for k, ch in enumerate(inside)
        )
        return f"[{'^' if negate else ''}{parts}]", end + 1
    return re.escape(c), i + 1
