"""A fixed-width 8x8 bitmap font covering printable Latin-1.

The glyphs live in ``font8x8.txt`` as pictures, so they can be read and
redrawn without tools; accented letters are composed from base letters and
accent marks using Unicode decompositions, so every accent is drawn once.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources

import numpy as np

WIDTH = 8
HEIGHT = 8
BASELINE = 6  # the row letters stand on, as a TextFont's tf_Baseline

# Printable Latin-1; every other code shows the replacement glyph.
PRINTABLE = (*range(0x20, 0x7F), *range(0xA0, 0x100))
_REPLACEMENT = 0x7F  # a non-printing slot; characters beyond Latin-1 land here
_INK = ord("#")  # in the font file's pictures; "." is paper


class Font:
    """Glyph bitmaps indexed by Latin-1 code: a (256, 8, 8) boolean array."""

    width = WIDTH
    height = HEIGHT
    baseline = BASELINE

    def __init__(self, glyphs: np.ndarray) -> None:
        if glyphs.shape != (256, HEIGHT, WIDTH) or glyphs.dtype != bool:
            raise ValueError("a font is a (256, 8, 8) boolean array")
        self.glyphs = glyphs

    def codes(self, text: str) -> np.ndarray:
        """Latin-1 codes of ``text``, unrepresentable characters replaced."""
        return np.fromiter(
            (ord(ch) if ord(ch) < 256 else _REPLACEMENT for ch in text), np.uint8, len(text)
        )

    def render(self, text: str) -> np.ndarray:
        """The text as one (8, 8 * len) boolean strip, ink True."""
        strip = self.glyphs[self.codes(text)]  # (n, 8, 8)
        return np.asarray(strip.transpose(1, 0, 2).reshape(HEIGHT, WIDTH * len(text)))

    def text_length(self, text: str) -> int:
        """Width in pixels, as TextLength: every glyph advances 8."""
        return WIDTH * len(text)


@cache
def default_font() -> Font:
    """The built-in font, parsed once."""
    source = resources.files(__package__).joinpath("font8x8.txt").read_text("utf-8")
    return Font(compose(*parse(source)))


Entries = dict[str, np.ndarray]


def parse(source: str) -> tuple[Entries, Entries, Entries]:
    """Read the font file into glyphs, bases and marks, keyed by header.

    Glyphs and bases are keyed by their character, marks by
    ``"U+0308"`` or ``"U+0308 upper"``; the replacement glyph by ``""``.
    """
    glyphs: Entries = {}
    bases: Entries = {}
    marks: Entries = {}
    lines = [ln for ln in source.splitlines() if ln.strip() and not ln.startswith("# ")]
    for at in range(0, len(lines), HEIGHT + 1):
        header, rows = lines[at].split(), lines[at + 1 : at + 1 + HEIGHT]
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
            marks[" ".join(header[1:3]) if header[2:3] == ["upper"] else header[1]] = bitmap
        else:
            glyphs[_char(kind)] = bitmap
    return glyphs, bases, marks


def compose(glyphs: Entries, bases: Entries, marks: Entries) -> np.ndarray:
    """Fill the 256-entry table, drawing accented letters from their parts."""
    table = np.repeat(glyphs[""][None], 256, axis=0)
    for code in PRINTABLE:
        ch = chr(code)
        if ch in glyphs:
            table[code] = glyphs[ch]
            continue
        parts = unicodedata.decomposition(ch).split()
        if parts[:1] == ["<compat>"]:
            parts = parts[1:]  # spacing accents: a space and a mark
        if len(parts) != 2 or parts[0].startswith("<"):
            raise ValueError(f"font has no glyph for {ch!r} and cannot compose one")
        base = chr(int(parts[0], 16))
        mark = f"U+{parts[1]}"
        upper = f"{mark} upper"
        try:
            table[code] = bases[base] if base in bases else glyphs[base]
            table[code] |= marks[upper] if base.isupper() and upper in marks else marks[mark]
        except KeyError as missing:
            raise ValueError(f"font cannot compose {ch!r}: it has no {missing}") from None
    return table


def _char(header: str) -> str:
    if not header.startswith("U+"):
        raise ValueError(f"font header {header!r} should name a code point as U+XXXX")
    return chr(int(header[2:], 16))
