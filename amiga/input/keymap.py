"""From key positions to raw keys, and from raw keys to characters.

Three tables: which Amiga raw key sits where a PC key does (keyed by USB HID
usage, which is what SDL scancodes are), a US keymap turning raw keys into
the characters of VANILLAKEY messages when no host keyboard layout is at
hand (scripted input), and the letters of a Greek keymap, which sit where
the Latin letters they sound like are (ELOT 928 keyboards, AmigaOS's Greek
keymaps): a program whose answers are Greek letters can take them from a
Latin keyboard, the letter typed standing for the Greek one on its key.
"""

from __future__ import annotations

import string
import unicodedata

from amiga.input.codes import NUMERIC_PAD, Qualifier, RawKey

# Most PC keyboards have no Help key, and Help is the one key Amiga programs
# expect to find for help.  F1 means help on a PC, so F1 gives Help, as
# does Insert (in Help's place above the cursor keys on Amiga layouts); a
# keyboard that has a Help key (HID's Help usage, SDL's Help scancode) gives
# it too.
# That leaves Amiga F1 without a key, so it moves to F11: F2-F10 keep their
# Amiga codes and every Amiga key stays reachable.  F12 and Print Screen get
# the codes AmigaOS 3.9/4 gave them, which classic programs ignore.
HID_TO_RAWKEY: dict[int, RawKey] = {
    **{0x04 + i: RawKey[letter] for i, letter in enumerate(string.ascii_uppercase)},
    **{0x1E + i: RawKey[f"N{digit}"] for i, digit in enumerate("1234567890")},
    0x28: RawKey.RETURN,
    0x29: RawKey.ESC,
    0x2A: RawKey.BACKSPACE,
    0x2B: RawKey.TAB,
    0x2C: RawKey.SPACE,
    0x2D: RawKey.MINUS,
    0x2E: RawKey.EQUAL,
    0x2F: RawKey.LBRACKET,
    0x30: RawKey.RBRACKET,
    0x31: RawKey.BACKSLASH,
    0x32: RawKey.INTL_RIGHT,  # non-US # and ~
    0x33: RawKey.SEMICOLON,
    0x34: RawKey.QUOTE,
    0x35: RawKey.GRAVE,
    0x36: RawKey.COMMA,
    0x37: RawKey.PERIOD,
    0x38: RawKey.SLASH,
    0x39: RawKey.CAPSLOCK,
    0x3A: RawKey.HELP,  # F1
    0x3B: RawKey.F2,
    0x3C: RawKey.F3,
    0x3D: RawKey.F4,
    0x3E: RawKey.F5,
    0x3F: RawKey.F6,
    0x40: RawKey.F7,
    0x41: RawKey.F8,
    0x42: RawKey.F9,
    0x43: RawKey.F10,
    0x44: RawKey.F1,  # F11
    0x45: RawKey.F12,
    0x46: RawKey.PRINT_SCREEN,
    0x49: RawKey.HELP,  # Insert
    0x4A: RawKey.HOME,
    0x4B: RawKey.PAGE_UP,
    0x4C: RawKey.DEL,  # Delete
    0x4D: RawKey.END,
    0x4E: RawKey.PAGE_DOWN,
    0x4F: RawKey.RIGHT,
    0x50: RawKey.LEFT,
    0x51: RawKey.DOWN,
    0x52: RawKey.UP,
    0x54: RawKey.KP_SLASH,
    0x55: RawKey.KP_ASTERISK,
    0x56: RawKey.KP_MINUS,
    0x57: RawKey.KP_PLUS,
    0x58: RawKey.KP_ENTER,
    **{0x59 + i: RawKey[f"KP{digit}"] for i, digit in enumerate("123456789")},
    0x62: RawKey.KP0,
    0x63: RawKey.KP_PERIOD,
    0x64: RawKey.INTL_LEFT,  # non-US \ and |
    0x75: RawKey.HELP,  # the keyboard's own Help key, where it has one
    0xE0: RawKey.CONTROL,  # left Ctrl; the Amiga has one
    0xE1: RawKey.LSHIFT,
    0xE2: RawKey.LALT,
    0xE3: RawKey.LAMIGA,  # left GUI (Windows/Command) key
    0xE4: RawKey.CONTROL,  # right Ctrl
    0xE5: RawKey.RSHIFT,
    0xE6: RawKey.RALT,
    0xE7: RawKey.RAMIGA,
}

# Keys whose VANILLAKEY is a control character, whatever the layout.
CONTROL_CHARS: dict[RawKey, str] = {
    RawKey.BACKSPACE: "\b",
    RawKey.TAB: "\t",
    RawKey.RETURN: "\r",  # first, so typing "\r" presses Return
    RawKey.KP_ENTER: "\r",
    RawKey.ESC: "\x1b",
    RawKey.DEL: "\x7f",
}

# The US ("usa") keymap: runs of consecutive raw keys, unshifted and shifted.
_US_ROWS = (
    (RawKey.GRAVE, "`1234567890-=\\", "~!@#$%^&*()_+|"),
    (RawKey.Q, "qwertyuiop[]", "QWERTYUIOP{}"),
    (RawKey.A, "asdfghjkl;'", 'ASDFGHJKL:"'),
    (RawKey.Z, "zxcvbnm,./", "ZXCVBNM<>?"),
    (RawKey.SPACE, " ", " "),
)
_US_KEYPAD = {
    **{RawKey[f"KP{digit}"]: digit for digit in "0123456789"},
    RawKey.KP_PERIOD: ".",
    RawKey.KP_MINUS: "-",
    RawKey.KP_LPAREN: "(",
    RawKey.KP_RPAREN: ")",
    RawKey.KP_SLASH: "/",
    RawKey.KP_ASTERISK: "*",
    RawKey.KP_PLUS: "+",
}
US_KEYMAP: dict[int, tuple[str, str]] = {
    **{
        first + i: pair
        for first, plain, shifted in _US_ROWS
        for i, pair in enumerate(zip(plain, shifted, strict=True))
    },
    **{key: (ch, ch) for key, ch in _US_KEYPAD.items()},
}


# The Greek keymap's letters, on the letter keys of the US rows: the Q key
# types a semicolon there, W the final sigma (Shift: capital sigma).
_GREEK_ROWS = (
    (RawKey.W, "ςερτυθιοπ", "ΣΕΡΤΥΘΙΟΠ"),
    (RawKey.A, "ασδφγηξκλ", "ΑΣΔΦΓΗΞΚΛ"),
    (RawKey.Z, "ζχψωβνμ", "ΖΧΨΩΒΝΜ"),
)
GREEK_KEYMAP: dict[int, tuple[str, str]] = {
    first + i: pair
    for first, plain, shifted in _GREEK_ROWS
    for i, pair in enumerate(zip(plain, shifted, strict=True))
}


def _typing_table(keymap: dict[int, tuple[str, str]]) -> dict[str, tuple[RawKey, Qualifier]]:
    """Invert a keymap; typing uses the main keys, so the keypad comes last."""
    table: dict[str, tuple[RawKey, Qualifier]] = {}
    for key, (plain, shifted) in sorted(keymap.items(), key=lambda kv: kv[0] in NUMERIC_PAD):
        table.setdefault(plain, (RawKey(key), Qualifier(0)))
        table.setdefault(shifted, (RawKey(key), Qualifier.LSHIFT))
    return table


_US_TYPING = _typing_table(US_KEYMAP) | {
    char: (key, Qualifier(0)) for key, char in reversed(CONTROL_CHARS.items())
}
_GREEK_TYPING = _typing_table(GREEK_KEYMAP)


def key_qualifier(raw: int) -> Qualifier:
    """Qualifier bits a key adds by its position: NUMERICPAD on the keypad."""
    return Qualifier.NUMERICPAD if raw in NUMERIC_PAD else Qualifier(0)


def us_vanilla(raw: int, qualifier: int) -> str | None:
    """The character the US keymap gives for a key press, if any.

    Alt combinations give none, as no host layout can be assumed to agree
    on them.  Control, like the Amiga keys, gives the key's own character,
    so that Ctrl+N reads as a Right-Amiga N shortcut; Caps Lock capitalises
    letters only.
    """
    if raw in CONTROL_CHARS:
        return CONTROL_CHARS[RawKey(raw)]
    if raw not in US_KEYMAP or qualifier & Qualifier.ALT:
        return None
    char = US_KEYMAP[raw][bool(qualifier & Qualifier.SHIFT)]
    return char.upper() if qualifier & Qualifier.CAPSLOCK else char


def us_keystroke(char: str) -> tuple[RawKey, Qualifier] | None:
    """The key (and Shift, if needed) that types ``char`` on the US keymap."""
    return _US_TYPING.get(char)


def greek_letter(raw: int, qualifier: int = 0) -> str | None:
    """The Greek letter a Greek keymap types on this key, if any (capital with Shift)."""
    pair = GREEK_KEYMAP.get(raw)
    return None if pair is None else pair[bool(qualifier & Qualifier.SHIFT)]


def greek_keystroke(char: str) -> tuple[RawKey, Qualifier] | None:
    """The key (and Shift, if needed) that types the Greek letter ``char`` on a Greek keymap."""
    return _GREEK_TYPING.get(char)


def greek_for(char: str) -> str | None:
    """The Greek letter a Greek keymap types on the key where the US keymap
    types ``char`` ("n": "ν", "N": "Ν"), if any: the letter a player
    without a Greek keyboard types for it."""
    stroke = us_keystroke(char)
    return None if stroke is None else greek_letter(*stroke)


def typed_as(text: str) -> str:
    """Letters as a keyboard types them, to compare answer keys and typed
    searches: in upper case and without accents (the key for "Όχι" is "Ο")."""
    parts = unicodedata.normalize("NFD", text.upper())
    return unicodedata.normalize("NFC", "".join(c for c in parts if not unicodedata.combining(c)))
