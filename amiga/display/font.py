"""A fixed-width 8x8 bitmap font covering printable Latin-1 and Greek.

The font draws every printable character of the machine's character sets
(ISO-8859-1, and ISO-8859-7 as an Amiga with a Greek font shows it: see
:mod:`amiga.codesets`), so any catalog the machine reads can be shown.
The glyphs live in ``font8x8.txt`` as pictures, so they can be read and
redrawn without tools; accented letters are composed from base letters and
accent marks using Unicode decompositions, so every accent is drawn once,
and a letter shaped like another (Greek capital Alpha and Latin A) names
that one instead of repeating its picture.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources

import numpy as np

from amiga.codesets import machine_characters

WIDTH = 8
HEIGHT = 8
BASELINE = 6  # the row letters stand on, as a TextFont's tf_Baseline

# Every character with a glyph: printable Latin-1 in code order, then the
# Greek set's own characters in code point order.  Anything else shows the
# replacement glyph.
PRINTABLE: tuple[str, ...] = (
    *(chr(code) for code in (*range(0x20, 0x7F), *range(0xA0, 0x100))),
    *sorted(ch for ch in machine_characters() if ord(ch) > 0xFF),
)
_INK = ord("#")  # in the font file's pictures; "." is paper


class Font:
    """Glyph bitmaps for :data:`PRINTABLE`, and the replacement glyph for the rest."""

    width = WIDTH
    height = HEIGHT
    baseline = BASELINE

    def __init__(self, glyphs: Mapping[str, np.ndarray], replacement: np.ndarray) -> None:
        """``glyphs`` maps characters to (8, 8) boolean bitmaps, ink True."""
        bitmaps = [replacement, *glyphs.values()]
        if any(b.shape != (HEIGHT, WIDTH) or b.dtype != bool for b in bitmaps):
            raise ValueError("a glyph is an (8, 8) boolean array")
        self._table = np.stack(bitmaps)  # row 0: the replacement glyph
        self._index = {ch: i for i, ch in enumerate(glyphs, start=1)}

    def glyph(self, ch: str) -> np.ndarray:
        """The bitmap that shows ``ch``: its own, or the replacement glyph."""
        return np.asarray(self._table[self._index.get(ch, 0)])

    def covers(self, ch: str) -> bool:
        """Whether ``ch`` has a glyph of its own."""
        return ch in self._index

    def render(self, text: str) -> np.ndarray:
        """The text as one (8, 8 * len) boolean strip, ink True."""
        rows = np.fromiter((self._index.get(ch, 0) for ch in text), np.intp, len(text))
        strip = self._table[rows]  # (n, 8, 8)
        return np.asarray(strip.transpose(1, 0, 2).reshape(HEIGHT, WIDTH * len(text)))

    def text_length(self, text: str) -> int:
        """Width in pixels, as TextLength: every glyph advances 8."""
        return WIDTH * len(text)


@cache
def default_font() -> Font:
    """The built-in font, parsed once."""
    source = resources.files(__package__).joinpath("font8x8.txt").read_text("utf-8")
    glyphs, bases, marks, aliases = parse(source)
    return Font(compose(glyphs, bases, marks, aliases), glyphs[""])


Entries = dict[str, np.ndarray]


def parse(source: str) -> tuple[Entries, Entries, Entries, dict[str, str]]:
    """Read the font file into glyphs, bases, marks and aliases, keyed by header.

    Glyphs and bases are keyed by their character, marks by
    ``"U+0308"``, or ``"U+0308 upper"`` for its variant over capitals; the
    replacement glyph by ``""``.
    Aliases map a character to the one whose glyph it shares.
    """
    glyphs: Entries = {}
    bases: Entries = {}
    marks: Entries = {}
    aliases: dict[str, str] = {}
    lines = [ln for ln in source.splitlines() if ln.strip() and not ln.startswith("# ")]
    at = 0
    while at < len(lines):
        header = lines[at].split()
        if header[2:3] == ["="]:  # "U+0391 Α = U+0041 A"
            if len(header) < 4:
                raise ValueError(f"font alias {lines[at]!r} should read 'U+XXXX C = U+YYYY'")
            aliases[_char(header[0])] = _char(header[3])
            at += 1
            continue
        rows = lines[at + 1 : at + 1 + HEIGHT]
        picture = "".join(rows)
        if len(rows) != HEIGHT or any(len(row) != WIDTH for row in rows) or picture.strip("#."):
            raise ValueError(f"font entry {lines[at]!r} is not 8 rows of 8 '#' or '.'")
        bitmap = np.frombuffer(picture.encode("ascii"), np.uint8).reshape(HEIGHT, WIDTH) == _INK
        kind = header[0]
        if kind == "replacement":
            glyphs[""] = bitmap
        elif kind == "base":
            bases[_char(header[1])] = bitmap
        elif kind == "mark":
            variant = header[2:3] if header[2:3] == ["upper"] else []
            marks[" ".join([header[1], *variant])] = bitmap
        else:
            glyphs[_char(kind)] = bitmap
        at += 1 + HEIGHT
    return glyphs, bases, marks, aliases


def compose(
    glyphs: Entries,
    bases: Entries,
    marks: Entries,
    aliases: Mapping[str, str] | None = None,
    characters: Sequence[str] = PRINTABLE,
) -> dict[str, np.ndarray]:
    """Every character's glyph: drawn, shared with its alias, or drawn from its parts."""
    aliases = aliases or {}

    def drawn(ch: str) -> np.ndarray | None:
        ch = aliases.get(ch, ch)
        return glyphs.get(ch)

    table: dict[str, np.ndarray] = {}
    for ch in characters:
        own = drawn(ch)
        if own is not None:
            table[ch] = own
            continue
        parts = unicodedata.decomposition(ch).split()
        if parts[:1] == ["<compat>"]:
            parts = parts[1:]  # spacing accents: a space and a mark
        if len(parts) != 2 or parts[0].startswith("<"):
            raise ValueError(f"font has no glyph for {ch!r} and cannot compose one")
        base = chr(int(parts[0], 16))
        mark = f"U+{parts[1]}"
        shape = aliases.get(base, base)
        try:
            below = bases[shape] if shape in bases else glyphs[shape]
            table[ch] = below | marks[_variant(mark, base, marks)]
        except KeyError as missing:
            raise ValueError(f"font cannot compose {ch!r}: it has no {missing}") from None
    return table


def _variant(mark: str, base: str, marks: Entries) -> str:
    """The mark drawn over ``base``: a capital takes a flatter accent ("upper")
    where there is one."""
    if base.isupper() and f"{mark} upper" in marks:
        return f"{mark} upper"
    return mark


def _char(header: str) -> str:
    if not header.startswith("U+"):
        raise ValueError(f"font header {header!r} should name a code point as U+XXXX")
    return chr(int(header[2:], 16))
