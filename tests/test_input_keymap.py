"""The key tables: PC positions to Amiga raw keys, and the US keymap."""

from __future__ import annotations

import os

import pytest

from amiga.input import Qualifier, RawKey
from amiga.input.keymap import CONTROL_CHARS, HID_TO_RAWKEY, us_keystroke, us_vanilla

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")


@pytest.mark.parametrize(
    ("scancode", "raw"),
    [
        ("F1", 0x5F),  # Help: a PC has no Help key, and F1 means help there
        ("INSERT", 0x5F),  # Insert sits where Help does on an Amiga
        ("HELP", 0x5F),  # a keyboard's own Help key, where it has one
        ("F2", 0x51),
        ("F10", 0x59),
        ("F11", 0x50),  # Amiga F1, displaced by Help
        ("DELETE", 0x46),
        ("BACKSPACE", 0x41),
        ("ESCAPE", 0x45),
        ("PRINTSCREEN", 0x6D),  # AmigaOS 4's code; classic programs never see it
        ("RETURN", 0x44),
        ("TAB", 0x42),
        ("SPACE", 0x40),
        ("KP_ENTER", 0x43),
        ("KP_0", 0x0F),
        ("KP_1", 0x1D),
        ("KP_3", 0x1F),
        ("KP_4", 0x2D),
        ("KP_6", 0x2F),
        ("KP_7", 0x3D),
        ("KP_9", 0x3F),
        ("KP_PERIOD", 0x3C),
        ("KP_MINUS", 0x4A),
        ("KP_PLUS", 0x5E),
        ("UP", 0x4C),
        ("DOWN", 0x4D),
        ("RIGHT", 0x4E),
        ("LEFT", 0x4F),
        ("A", 0x20),
        ("Q", 0x10),
        ("Z", 0x31),
        ("M", 0x37),
        ("1", 0x01),
        ("0", 0x0A),
        ("GRAVE", 0x00),
        ("BACKSLASH", 0x0D),
        ("NONUSBACKSLASH", 0x30),
        ("NONUSHASH", 0x2B),
        ("LSHIFT", 0x60),
        ("RCTRL", 0x63),
        ("LGUI", 0x66),
        ("RALT", 0x65),
    ],
)
def test_pc_keys_land_on_amiga_raw_keys(scancode: str, raw: int) -> None:
    """Checked against SDL's own scancode names, so the HID numbers are right."""
    assert HID_TO_RAWKEY[getattr(pygame, f"KSCAN_{scancode}")] == raw


def test_no_two_pc_keys_share_a_raw_key_but_help_and_control() -> None:
    shared = {RawKey.HELP: 3, RawKey.CONTROL: 2}
    for raw in set(HID_TO_RAWKEY.values()):
        count = list(HID_TO_RAWKEY.values()).count(raw)
        assert count == shared.get(raw, 1), raw


@pytest.mark.parametrize(
    ("raw", "qualifier", "char"),
    [
        (RawKey.A, 0, "a"),
        (RawKey.A, Qualifier.LSHIFT, "A"),
        (RawKey.A, Qualifier.RSHIFT, "A"),
        (RawKey.A, Qualifier.CAPSLOCK, "A"),
        (RawKey.N1, Qualifier.CAPSLOCK, "1"),
        (RawKey.N2, Qualifier.LSHIFT, "@"),
        (RawKey.KP7, Qualifier.NUMERICPAD, "7"),
        (RawKey.RETURN, 0, "\r"),
        (RawKey.KP_ENTER, Qualifier.NUMERICPAD, "\r"),
        (RawKey.DEL, 0, "\x7f"),
        (RawKey.A, Qualifier.CONTROL, "a"),
        (RawKey.SLASH, Qualifier.CONTROL | Qualifier.LSHIFT, "?"),
        (RawKey.A, Qualifier.LALT, None),
        (RawKey.HELP, 0, None),
        (RawKey.F1, 0, None),
    ],
)
def test_us_keymap_characters(raw: int, qualifier: int, char: str | None) -> None:
    assert us_vanilla(raw, qualifier) == char


def test_typing_inverts_the_keymap_on_the_main_keys() -> None:
    assert us_keystroke("y") == (RawKey.Y, 0)
    assert us_keystroke("Y") == (RawKey.Y, Qualifier.LSHIFT)
    assert us_keystroke("7") == (RawKey.N7, 0)
    assert us_keystroke("+") == (RawKey.EQUAL, Qualifier.LSHIFT)
    assert us_keystroke("\r") == (RawKey.RETURN, 0)
    assert us_keystroke("ä") is None
    for raw, char in CONTROL_CHARS.items():
        assert us_vanilla(us_keystroke(char)[0], 0) == char, raw


def test_the_greek_keymap_puts_each_letter_where_its_latin_sound_is() -> None:
    from amiga.input.keymap import GREEK_KEYMAP, greek_keystroke, greek_letter

    word = "".join(greek_letter(RawKey[c]) or "?" for c in "KALHMERA")
    assert word == "καλημερα"
    assert greek_letter(RawKey.N, Qualifier.RSHIFT) == "Ν" and greek_letter(RawKey.W) == "ς"
    assert greek_letter(RawKey.Q) is None and greek_letter(RawKey.N1) is None  # ; and digits
    # Every letter of the Greek alphabet once in lower case (two sigmas), once in capitals.
    letters = sorted(ch for plain, _ in GREEK_KEYMAP.values() for ch in plain)
    assert "".join(letters) == "αβγδεζηθικλμνξοπρςστυφχψω"
    assert all(greek_keystroke(greek_letter(raw) or "") == (raw, 0) for raw in GREEK_KEYMAP)
    assert greek_keystroke("Ω") == (RawKey.V, Qualifier.LSHIFT) and greek_keystroke("a") is None


def test_a_latin_letter_stands_for_the_greek_one_on_its_key() -> None:
    from amiga.input.keymap import greek_for, typed_as

    assert [greek_for(c) for c in "nNodT"] == ["ν", "Ν", "ο", "δ", "Τ"]
    assert greek_for("q") is None and greek_for("ä") is None and greek_for("ν") is None
    assert [typed_as(c) for c in "όΌοyé"] == ["Ο", "Ο", "Ο", "Y", "E"]
