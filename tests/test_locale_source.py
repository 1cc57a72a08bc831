"""The .cd/.ct parser: every construct of FlexCat's and CatComp's syntax."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from amiga.locale import (
    LocaleError,
    LocaleWarning,
    Message,
    Translated,
    escape,
    parse_cd,
    parse_ct,
    read_cd,
    read_ct,
    unescape,
)

CD = r"""; Catalog description for a test program
#language english
## version 2
#   header   game_strings.h
#basename Game

MSG_FIRST (//)
First
;
MSG_SECOND (//)
Second
MSG_TEN (10//)
Ten
MSG_ELEVEN ( / / )
Eleven
MSG_PLUS (+5//)
auto plus five
MSG_HEX ($20//)
dollar hex
MSG_CHEX (0x40/1/)
C hex
MSG_OCTAL (010//)
octal eight
MSG_AFTER_OCTAL (//)
nine
MSG_LIMITS (100/3/20)
limited
MSG_ESCAPES (//)
a\nb\tc\ed\x41\x4g\033\\\"\)\c\g\b\v\f\r\N\E\X7e\0end
MSG_CONTINUED (//)
one \
two \
three
MSG_NOT_CONTINUED (//)
ends in a backslash\\
MSG_EMPTY (//)

MSG_LAST (//)
last
"""


def test_description_commands_and_numbering() -> None:
    description = parse_cd(CD, "game.cd")
    assert description.commands == {
        "language": "english",
        "version": "2",
        "header": "game_strings.h",
        "basename": "Game",
    }
    ids = {message.name: message.id for message in description.messages}
    assert ids == {
        "MSG_FIRST": 0,
        "MSG_SECOND": 1,
        "MSG_TEN": 10,
        "MSG_ELEVEN": 11,
        "MSG_PLUS": 17,
        "MSG_HEX": 0x20,
        "MSG_CHEX": 0x40,
        "MSG_OCTAL": 8,
        "MSG_AFTER_OCTAL": 9,
        "MSG_LIMITS": 100,
        "MSG_ESCAPES": 101,
        "MSG_CONTINUED": 102,
        "MSG_NOT_CONTINUED": 103,
        "MSG_EMPTY": 104,
        "MSG_LAST": 105,
    }
    assert [m.name for m in description.messages][:3] == ["MSG_FIRST", "MSG_SECOND", "MSG_TEN"]


def test_description_strings_lengths_and_lines() -> None:
    messages = {m.name: m for m in parse_cd(CD, "game.cd").messages}
    assert messages["MSG_FIRST"] == Message("MSG_FIRST", 0, "First", 0, None, 7)
    assert (messages["MSG_CHEX"].min_len, messages["MSG_CHEX"].max_len) == (1, None)
    assert (messages["MSG_LIMITS"].min_len, messages["MSG_LIMITS"].max_len) == (3, 20)
    assert messages["MSG_ESCAPES"].text == ('a\nb\tc\x1bdA\x04g\x1b\\")\x9b\a\b\v\f\r\n\x1b~\0end')
    assert messages["MSG_CONTINUED"].text == "one two three"
    assert messages["MSG_NOT_CONTINUED"].text == "ends in a backslash\\"
    assert messages["MSG_EMPTY"].text == ""
    assert messages["MSG_LAST"].text == "last"


def test_automatic_ids_skip_ids_already_taken() -> None:
    description = parse_cd("A (5//)\na\nB (3//)\nb\nC (//)\nc\nD (//)\nd\n")
    assert [m.id for m in description.messages] == [5, 3, 4, 6]


def test_max_zero_means_no_limit_as_in_flexcat() -> None:
    assert parse_cd("A (1/0/0)\na\n").messages[0].max_len is None


def test_crlf_line_ends() -> None:
    description = parse_cd("A (//)\r\nfirst\\\r\nsecond\r\n")
    assert description.messages[0].text == "firstsecond"


def test_escape_before_a_continuation_ends_at_the_line_end() -> None:
    # "\x4" is complete when the line ends, as in FlexCat: the next line's "1"
    # is not a second hex digit.
    assert parse_cd("A (//)\n\\x4\\\n1\n").messages[0].text == "\x041"


def test_unknown_description_command_warns() -> None:
    with pytest.warns(LocaleWarning, match=r"x\.cd:1: unknown command '#frobnicate' ignored"):
        description = parse_cd("#frobnicate now\nA (//)\na\n", "x.cd")
    assert description.commands == {"frobnicate": "now"}


CT = """## version $VER: game.catalog 2.3 (24.12.2002)
## language deutsch
## codeset 0
; comments are ignored
MSG_FIRST
Erster
; First
MSG_SECOND (//)
Zweiter \\
Teil
; Second

MSG_EMPTY

MSG_UMLAUT
\xc4rger \\xe4 \\n
"""


def test_translation_commands_and_strings() -> None:
    translation = parse_ct(CT, "deutsch.ct")
    assert translation.version == "$VER: game.catalog 2.3 (24.12.2002)"
    assert translation.language == "deutsch"
    assert translation.codeset == 0
    assert translation.strings == {
        "MSG_FIRST": Translated("Erster", 5),
        "MSG_SECOND": Translated("Zweiter Teil", 8),
        "MSG_EMPTY": Translated("", 13),
        "MSG_UMLAUT": Translated("Ärger ä \n", 15),
    }


def test_unsupported_translation_command_warns() -> None:
    with pytest.warns(LocaleWarning, match=r"t\.ct:2: command '## chunk' is not supported"):
        parse_ct("## codeset 4\n## chunk AUTH me\n", "t.ct")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (" A (//)\na\n", 1, "unexpected blanks at the start of the line"),
        ("A\na\n", 1, "expected 'NAME \\(id/min/max\\)'"),
        ("A (1/2)\na\n", 1, "A: expected \\(id/min/max\\)"),
        ("A (x//)\na\n", 1, "'x' is not a number"),
        ("A (1/-2/)\na\n", 1, "'-2' is not a number"),
        ("A (09//)\na\n", 1, "'09' is not a number"),
        ("A (0x100000000//)\na\n", 1, "A: id 4294967296 does not fit 32 bits"),
        (";\nA (//)\na\nA (//)\nb\n", 4, "A is already defined on line 2"),
        ("A (7//)\na\nB (7//)\nb\n", 3, "B: id 7 is already used"),
        ("A (//)\na\nB (//)\n", 3, "no string line follows"),
        ("A (//)\nab\\\n", 2, "the last line is continued"),
        ("A (//)\nbad \\x escape\n", 2, "\\\\x must be followed by a hex digit"),
        ("A (//)\n\\777\n", 2, "octal escape \\\\777 is larger than a byte"),
        ("#\nA (//)\na\n", 1, "a '#' line needs a command name"),
        ("A (//)\nok\nB (//)\n€\n", 4, "'€' is not ISO-8859-1"),
    ],
)
def test_description_errors_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(LocaleError, match=f"^game\\.cd:{line}: {message}") as caught:
        parse_cd(text, "game.cd")
    assert caught.value.line == line


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("## codeset latin1\n", 1, "'## codeset' needs a number"),
        ("## language a\n## language b\n", 2, "a second '## language' line"),
        ("## version\n", 1, "'## version' needs an argument"),
        ("## language de\0\n", 1, "'## language' contains a NUL"),
        ("MSG A\nx\n", 1, "expected a message identifier"),
        ("A\nx\n;\nA\ny\n", 4, "A is already translated on line 1"),
        ("A\n", 1, "no string line follows"),
    ],
)
def test_translation_errors_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(LocaleError, match=f"^de\\.ct:{line}: {message}"):
        parse_ct(text, "de.ct")


def test_files_are_read_as_iso_8859_1(tmp_path: Path) -> None:
    (tmp_path / "g.cd").write_bytes(b"A (//)\nCaf\xe9\n")
    (tmp_path / "f.ct").write_bytes("## language français\nA\nCafé\n".encode("latin-1"))
    assert read_cd(tmp_path / "g.cd").messages[0].text == "Café"
    translation = read_ct(tmp_path / "f.ct")
    assert translation.language == "français"
    assert translation.filename == str(tmp_path / "f.ct")


def test_escape_shows_controls_and_quotes() -> None:
    assert escape('a\nb\t\x1b"\\\x9b\x7f\x00é') == 'a\\nb\\t\\e\\"\\\\\\x9B\\x7F\\x00é'


@given(st.text(max_size=30))
def test_unescape_reverses_escape(text: str) -> None:
    assert unescape(escape(text), "x", 1) == text


GREEK_HEADERS = ["## codeset 10\n", "## language greek\n", "## codeset 0\n## language greek\n"]


@pytest.mark.parametrize("header", GREEK_HEADERS)
def test_a_greek_translation_is_read_in_iso_8859_7(tmp_path: Path, header: str) -> None:
    # The bytes an Amiga editor with a Greek font writes: one byte a letter.
    (tmp_path / "greek.ct").write_bytes((header + "MSG_YES\nΝαι, ΐ ς\n").encode("iso8859_7"))
    translation = read_ct(tmp_path / "greek.ct")
    assert translation.strings["MSG_YES"].text == "Ναι, ΐ ς"


def test_the_same_bytes_without_a_greek_header_are_latin_1(tmp_path: Path) -> None:
    (tmp_path / "x.ct").write_bytes("MSG_YES\nΝαι\n".encode("iso8859_7"))
    assert read_ct(tmp_path / "x.ct").strings["MSG_YES"].text == "Íáé"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"## codeset 2104\nA\nx\n", "'## codeset 2104' is not a set known here"),
        (b"## codeset 10\nA\n\xd2\n", "3: byte 0xD2 is not ISO-8859-7"),
        (b"## codeset 106\nA\n\xff\n", "3: byte 0xFF is not UTF-8"),
    ],
)
def test_a_translation_in_an_unknown_set_or_with_stray_bytes_is_refused(
    tmp_path: Path, data: bytes, message: str
) -> None:
    (tmp_path / "x.ct").write_bytes(data)
    with pytest.raises(LocaleError, match=message):
        read_ct(tmp_path / "x.ct")


def test_a_character_its_set_cannot_hold_is_refused() -> None:
    with pytest.raises(LocaleError, match=r"^el\.ct:3: 'Ä' is not ISO-8859-7"):
        parse_ct("## codeset 10\nA\nÄ\n", "el.ct")
    with pytest.raises(LocaleError, match=r"^de\.ct:3: 'Ω' is not ISO-8859-1"):
        parse_ct("## language deutsch\nA\nΩ\n", "de.ct")
