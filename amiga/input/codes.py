"""Intuition's input vocabulary, with the values of the Amiga includes.

IDCMP classes (intuition/intuition.h), input-event qualifiers and mouse
codes (devices/inputevent.h) and raw key codes, so that code and recorded
input written against the real values keep their meaning.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag


class IDCMP(IntFlag):
    """Message classes a window can receive."""

    SIZEVERIFY = 0x00000001
    NEWSIZE = 0x00000002
    REFRESHWINDOW = 0x00000004
    MOUSEBUTTONS = 0x00000008
    MOUSEMOVE = 0x00000010
    GADGETDOWN = 0x00000020
    GADGETUP = 0x00000040
    REQSET = 0x00000080
    MENUPICK = 0x00000100
    CLOSEWINDOW = 0x00000200
    RAWKEY = 0x00000400
    REQVERIFY = 0x00000800
    REQCLEAR = 0x00001000
    MENUVERIFY = 0x00002000
    NEWPREFS = 0x00004000
    DISKINSERTED = 0x00008000
    DISKREMOVED = 0x00010000
    WBENCHMESSAGE = 0x00020000
    ACTIVEWINDOW = 0x00040000
    INACTIVEWINDOW = 0x00080000
    DELTAMOVE = 0x00100000
    VANILLAKEY = 0x00200000
    INTUITICKS = 0x00400000


class Qualifier(IntFlag):
    """IEQUALIFIER_* bits: which modifiers and buttons were held."""

    LSHIFT = 0x0001
    RSHIFT = 0x0002
    CAPSLOCK = 0x0004
    CONTROL = 0x0008
    LALT = 0x0010
    RALT = 0x0020
    LCOMMAND = 0x0040  # left Amiga key
    RCOMMAND = 0x0080  # right Amiga key
    NUMERICPAD = 0x0100
    REPEAT = 0x0200
    INTERRUPT = 0x0400
    MULTIBROADCAST = 0x0800
    MIDBUTTON = 0x1000
    RBUTTON = 0x2000
    LEFTBUTTON = 0x4000
    RELATIVEMOUSE = 0x8000
    # Either side, for tests like ``qualifier & Qualifier.SHIFT``.
    SHIFT = LSHIFT | RSHIFT
    ALT = LALT | RALT
    AMIGA = LCOMMAND | RCOMMAND


IECODE_UP_PREFIX = 0x80  # set in a code when the key or button is released


class MouseCode(IntEnum):
    """Codes of MOUSEBUTTONS messages (IECODE_*BUTTON, with the up prefix)."""

    SELECTDOWN = 0x68
    MENUDOWN = 0x69
    MIDDLEDOWN = 0x6A
    SELECTUP = 0x68 | IECODE_UP_PREFIX
    MENUUP = 0x69 | IECODE_UP_PREFIX
    MIDDLEUP = 0x6A | IECODE_UP_PREFIX


class RawKey(IntEnum):
    """Amiga raw key codes: key positions, before any keymap."""

    GRAVE = 0x00
    N1 = 0x01
    N2 = 0x02
    N3 = 0x03
    N4 = 0x04
    N5 = 0x05
    N6 = 0x06
    N7 = 0x07
    N8 = 0x08
    N9 = 0x09
    N0 = 0x0A
    MINUS = 0x0B
    EQUAL = 0x0C
    BACKSLASH = 0x0D
    KP0 = 0x0F
    Q = 0x10
    W = 0x11
    E = 0x12
    R = 0x13
    T = 0x14
    Y = 0x15
    U = 0x16
    I = 0x17  # noqa: E741  (the key's name)
    O = 0x18  # noqa: E741  (the key's name)
    P = 0x19
    LBRACKET = 0x1A
    RBRACKET = 0x1B
    KP1 = 0x1D
    KP2 = 0x1E
    KP3 = 0x1F
    A = 0x20
    S = 0x21
    D = 0x22
    F = 0x23
    G = 0x24
    H = 0x25
    J = 0x26
    K = 0x27
    L = 0x28
    SEMICOLON = 0x29
    QUOTE = 0x2A
    INTL_RIGHT = 0x2B  # beside Return on international keyboards (# on German)
    KP4 = 0x2D
    KP5 = 0x2E
    KP6 = 0x2F
    INTL_LEFT = 0x30  # beside left Shift on international keyboards (< >)
    Z = 0x31
    X = 0x32
    C = 0x33
    V = 0x34
    B = 0x35
    N = 0x36
    M = 0x37
    COMMA = 0x38
    PERIOD = 0x39
    SLASH = 0x3A
    KP_PERIOD = 0x3C
    KP7 = 0x3D
    KP8 = 0x3E
    KP9 = 0x3F
    SPACE = 0x40
    BACKSPACE = 0x41
    TAB = 0x42
    KP_ENTER = 0x43
    RETURN = 0x44
    ESC = 0x45
    DEL = 0x46
    KP_MINUS = 0x4A
    UP = 0x4C
    DOWN = 0x4D
    RIGHT = 0x4E
    LEFT = 0x4F
    F1 = 0x50
    F2 = 0x51
    F3 = 0x52
    F4 = 0x53
    F5 = 0x54
    F6 = 0x55
    F7 = 0x56
    F8 = 0x57
    F9 = 0x58
    F10 = 0x59
    KP_LPAREN = 0x5A
    KP_RPAREN = 0x5B
    KP_SLASH = 0x5C
    KP_ASTERISK = 0x5D
    KP_PLUS = 0x5E
    HELP = 0x5F
    LSHIFT = 0x60
    RSHIFT = 0x61
    CAPSLOCK = 0x62
    CONTROL = 0x63
    LALT = 0x64
    RALT = 0x65
    LAMIGA = 0x66
    RAMIGA = 0x67
    # Keys of PC keyboards, with the codes AmigaOS 3.9 and 4 gave them;
    # classic software never sees these.
    PAGE_UP = 0x48
    PAGE_DOWN = 0x49
    PRINT_SCREEN = 0x6D
    F12 = 0x6F
    HOME = 0x70
    END = 0x71
    # The wheel, as the NewMouse convention reports it: a key press.
    WHEEL_UP = 0x7A
    WHEEL_DOWN = 0x7B


# Keys on the numeric pad: their events carry Qualifier.NUMERICPAD.
NUMERIC_PAD = frozenset(
    {
        RawKey.KP0,
        RawKey.KP1,
        RawKey.KP2,
        RawKey.KP3,
        RawKey.KP4,
        RawKey.KP5,
        RawKey.KP6,
        RawKey.KP7,
        RawKey.KP8,
        RawKey.KP9,
        RawKey.KP_PERIOD,
        RawKey.KP_ENTER,
        RawKey.KP_MINUS,
        RawKey.KP_LPAREN,
        RawKey.KP_RPAREN,
        RawKey.KP_SLASH,
        RawKey.KP_ASTERISK,
        RawKey.KP_PLUS,
    }
)
