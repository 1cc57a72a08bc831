"""The 8x8 font: full printable Latin-1 and Greek, distinct glyphs, a readable file."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import numpy as np
import pytest

import amiga.display.font
from amiga.codesets import machine_characters
from amiga.display import default_font
from amiga.display.font import PRINTABLE, compose, parse

BLANK = {" ", "\xa0"}
SAME_AS = {"\xad": "-"}  # the soft hyphen shows as a hyphen


def _shape(ch: str, aliases: dict[str, str]) -> str:
    """What a character is drawn as: its letters (through the font's aliases) and marks."""
    return "".join(aliases.get(c, c) for c in unicodedata.normalize("NFKD", ch))


def test_every_printable_character_has_its_own_glyph() -> None:
    """Each Latin-1 and Greek character is drawn, and two characters look alike
    only when they are the same letters and marks (Greek Α and Latin A, ό and ó)."""
    font = default_font()
    aliases = parse(default_font_source())[3]
    assert set(PRINTABLE) == machine_characters()
    seen: dict[bytes, str] = {}
    for ch in PRINTABLE:
        bits = font.glyph(ch)
        if ch in BLANK:
            assert not bits.any()
            continue
        if ch in SAME_AS:
            assert (bits == font.glyph(SAME_AS[ch])).all()
            continue
        assert bits.any(), ch
        assert font.covers(ch) and not (bits == font.glyph("\x7f")).all(), ch
        key = bits.tobytes()
        if key in seen:
            assert _shape(ch, aliases) == _shape(seen[key], aliases), (
                f"{ch!r} looks the same as {seen[key]!r}"
            )
        seen.setdefault(key, ch)


def test_greek_letters_that_look_latin_share_the_latin_glyph() -> None:
    font = default_font()
    for greek, latin in zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧο", "ABEZHIKMNOPTYXo", strict=True):
        assert (font.glyph(greek) == font.glyph(latin)).all(), greek
    for greek, latin in zip("ΓΔΛΠΣΦΨΩαβγνπρυχ", "rAAnEOwOaBYvnpux", strict=True):
        assert (font.glyph(greek) != font.glyph(latin)).any(), greek


def test_greek_accents_sit_where_greek_puts_them() -> None:
    font = default_font()
    for capital in "ΆΈΉΊΌΎΏ":
        bits = font.glyph(capital)
        # The tonos beside the capital, in the first column, a clear column
        # after it; the capital at its full height (a shortened one reads as a
        # small letter), the last column clear to space the letters.
        assert bits[0:2, 0].all() and not bits[2:, 0].any() and not bits[:, 1].any(), capital
        assert bits[0:2, 2:].any() and bits[6, 2:].any() and not bits[:, 7].any(), capital
    assert len({font.glyph(capital).tobytes() for capital in "ΆΈΉΊΌΎΏ"}) == 7
    for small in "άέήίόύώ":
        assert font.glyph(small)[0:2].any(), small
    assert font.glyph("ς")[7].any() and not font.glyph("σ")[7].any()  # final sigma descends
    for ch in "ΐΰ":
        assert font.glyph(ch)[0:2].sum() >= 4  # dialytika and tonos both


LATIN_PAIRS = ["aä", "oö", "uü", "AÄ", "OÖ", "UÜ", "eé", "cç", "nñ"]


@pytest.mark.parametrize("pair", [*LATIN_PAIRS, "αά", "ιϊ", "υϋ", "ωώ"])
def test_accented_letters_keep_their_letter(pair: str) -> None:
    """The accented glyph differs from its base only by added marks, or (for
    Latin capitals, drawn smaller under the accent) at least shares most ink.
    (Greek capitals take the tonos beside them: see above.)"""
    font = default_font()
    base, accented = (font.glyph(ch) for ch in pair)
    if pair.islower():
        assert (accented >= base).all()
    assert np.count_nonzero(accented & base) >= np.count_nonzero(base) // 2


def test_umlauts_and_eszett_put_ink_where_expected() -> None:
    glyph = default_font().glyph
    for ch in "äöü":
        assert glyph(ch)[0].any() and not glyph(ch)[1].any()  # dots, gap, body
    for ch in "ÄÖÜ":
        assert glyph(ch)[0].any() and glyph(ch)[6].any()  # dots on a tall body
    assert glyph("ß")[7].any()  # the stem descends, unlike B


def test_font_file_errors_are_reported() -> None:
    with pytest.raises(ValueError, match="8 rows"):
        parse("replacement\n" + "........\n" * 7 + "...x....\n")
    with pytest.raises(ValueError, match="no glyph for ' '"):
        compose(*parse("replacement\n" + "########\n" * 8))
    with pytest.raises(ValueError, match="should read 'U\\+XXXX C = U\\+YYYY'"):
        parse("U+0391 Α =\n")
    glyphs, bases, marks, aliases = parse(default_font_source())
    del marks["U+0308"]
    with pytest.raises(ValueError, match="it has no 'U\\+0308'"):
        compose(glyphs, bases, marks, aliases)
    with pytest.raises(ValueError, match="no glyph for 'Ϸ'"):
        compose(glyphs, bases, marks, aliases, ["Ϸ"])


def default_font_source() -> str:
    return (Path(amiga.display.font.__file__).parent / "font8x8.txt").read_text("utf-8")
