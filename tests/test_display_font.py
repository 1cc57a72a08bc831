"""The 8x8 font: full printable Latin-1, distinct glyphs, a readable file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import amiga.display.font
from amiga.display import default_font
from amiga.display.font import PRINTABLE, compose, parse

BLANK = {" ", "\xa0"}
SAME_AS = {"\xad": "-"}  # the soft hyphen shows as a hyphen


def test_every_printable_latin1_character_has_its_own_glyph() -> None:
    glyphs = default_font().glyphs
    seen: dict[bytes, str] = {}
    for code in PRINTABLE:
        ch = chr(code)
        bits = glyphs[code]
        if ch in BLANK:
            assert not bits.any()
            continue
        if ch in SAME_AS:
            assert (bits == glyphs[ord(SAME_AS[ch])]).all()
            continue
        assert bits.any(), ch
        assert not (bits == glyphs[0x7F]).all(), f"{ch!r} shows the replacement glyph"
        key = bits.tobytes()
        assert key not in seen, f"{ch!r} looks the same as {seen.get(key)!r}"
        seen[key] = ch


@pytest.mark.parametrize("pair", ["aä", "oö", "uü", "AÄ", "OÖ", "UÜ", "eé", "cç", "nñ"])
def test_accented_letters_keep_their_letter(pair: str) -> None:
    """The accented glyph differs from its base only by added marks, or (for
    capitals, drawn smaller under the accent) at least shares most ink."""
    font = default_font()
    base, accented = (font.glyphs[ord(ch)] for ch in pair)
    if pair.islower():
        assert (accented >= base).all()
    assert np.count_nonzero(accented & base) >= np.count_nonzero(base) // 2


def test_umlauts_and_eszett_put_ink_where_expected() -> None:
    glyphs = default_font().glyphs
    for ch in "äöü":
        assert glyphs[ord(ch)][0].any() and not glyphs[ord(ch)][1].any()  # dots, gap, body
    for ch in "ÄÖÜ":
        assert glyphs[ord(ch)][0].any() and glyphs[ord(ch)][6].any()  # dots on a tall body
    assert glyphs[ord("ß")][7].any()  # the stem descends, unlike B


def test_font_file_errors_are_reported() -> None:
    with pytest.raises(ValueError, match="8 rows"):
        parse("replacement\n" + "........\n" * 7 + "...x....\n")
    with pytest.raises(ValueError, match="no glyph for ' '"):
        compose(*parse("replacement\n" + "########\n" * 8))
    glyphs, bases, marks = parse(default_font_source())
    del marks["U+0308"]
    with pytest.raises(ValueError, match="it has no 'U\\+0308'"):
        compose(glyphs, bases, marks)


def default_font_source() -> str:
    return (Path(amiga.display.font.__file__).parent / "font8x8.txt").read_text("utf-8")
