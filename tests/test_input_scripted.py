"""The scripted source: deterministic messages shaped like a real keyboard's."""

from __future__ import annotations

import pytest

from amiga.input import (
    IDCMP,
    EndOfInput,
    IntuiMessage,
    MouseCode,
    Qualifier,
    RawKey,
    ScriptedEventSource,
)


def kinds(messages: list[IntuiMessage]) -> list[tuple[IDCMP, int, Qualifier]]:
    return [(m.idcmp, m.code, m.qualifier) for m in messages]


def test_click_is_a_press_and_release_with_button_qualifiers() -> None:
    source = ScriptedEventSource().click(100, 50).click(3, 4, MouseCode.MENUDOWN)
    messages = list(source)
    assert kinds(messages) == [
        (IDCMP.MOUSEBUTTONS, MouseCode.SELECTDOWN, Qualifier.LEFTBUTTON),
        (IDCMP.MOUSEBUTTONS, MouseCode.SELECTUP, 0),
        (IDCMP.MOUSEBUTTONS, MouseCode.MENUDOWN, Qualifier.RBUTTON),
        (IDCMP.MOUSEBUTTONS, MouseCode.MENUUP, 0),
    ]
    assert [(m.mouse_x, m.mouse_y) for m in messages] == [(100, 50)] * 2 + [(3, 4)] * 2


def test_a_drag_moves_with_the_button_held() -> None:
    source = ScriptedEventSource().move(10, 10).press().move(20, 30).release(MouseCode.SELECTDOWN)
    messages = list(source)
    assert [m.idcmp for m in messages] == [
        IDCMP.MOUSEMOVE,
        IDCMP.MOUSEBUTTONS,
        IDCMP.MOUSEMOVE,
        IDCMP.MOUSEBUTTONS,
    ]
    assert messages[2].qualifier == Qualifier.LEFTBUTTON
    assert (messages[2].mouse_x, messages[2].mouse_y) == (20, 30)
    assert messages[3].code == MouseCode.SELECTUP and not messages[3].qualifier


def test_keys_arrive_as_rawkey_vanillakey_rawkey() -> None:
    messages = list(ScriptedEventSource().key("y").key("Y"))
    assert kinds(messages) == [
        (IDCMP.RAWKEY, RawKey.Y, 0),
        (IDCMP.VANILLAKEY, ord("y"), 0),
        (IDCMP.RAWKEY, RawKey.Y | 0x80, 0),
        (IDCMP.RAWKEY, RawKey.Y, Qualifier.LSHIFT),
        (IDCMP.VANILLAKEY, ord("Y"), Qualifier.LSHIFT),
        (IDCMP.RAWKEY, RawKey.Y | 0x80, Qualifier.LSHIFT),
    ]
    assert messages[1].char == "y" and messages[2].key_up and messages[2].raw_key == RawKey.Y


def test_characters_no_us_key_types_come_as_vanillakey_alone() -> None:
    messages = list(ScriptedEventSource().text("äß"))
    assert [(m.idcmp, m.char) for m in messages] == [
        (IDCMP.VANILLAKEY, "ä"),
        (IDCMP.VANILLAKEY, "ß"),
    ]
    with pytest.raises(ValueError):
        ScriptedEventSource().key("œ")


def test_greek_letters_come_on_the_keys_a_greek_keymap_has_them() -> None:
    messages = list(ScriptedEventSource().text("νΩ"))
    assert kinds(messages) == [
        (IDCMP.RAWKEY, RawKey.N, 0),
        (IDCMP.VANILLAKEY, ord("ν"), 0),
        (IDCMP.RAWKEY, RawKey.N | 0x80, 0),
        (IDCMP.RAWKEY, RawKey.V, Qualifier.LSHIFT),
        (IDCMP.VANILLAKEY, ord("Ω"), Qualifier.LSHIFT),
        (IDCMP.RAWKEY, RawKey.V | 0x80, Qualifier.LSHIFT),
    ]
    assert next(iter(ScriptedEventSource().key("€"))).char == "€"  # no key of its own


def test_raw_keys_carry_the_numeric_pad_qualifier_and_their_characters() -> None:
    messages = list(ScriptedEventSource().raw(RawKey.HELP).raw(0x1D).raw(RawKey.KP_ENTER))
    assert kinds(messages) == [
        (IDCMP.RAWKEY, 0x5F, 0),
        (IDCMP.RAWKEY, 0xDF, 0),
        (IDCMP.RAWKEY, 0x1D, Qualifier.NUMERICPAD),
        (IDCMP.VANILLAKEY, ord("1"), Qualifier.NUMERICPAD),
        (IDCMP.RAWKEY, 0x9D, Qualifier.NUMERICPAD),
        (IDCMP.RAWKEY, 0x43, Qualifier.NUMERICPAD),
        (IDCMP.VANILLAKEY, ord("\r"), Qualifier.NUMERICPAD),
        (IDCMP.RAWKEY, 0xC3, Qualifier.NUMERICPAD),
    ]


def test_time_is_virtual_and_moves_with_ticks_and_pauses() -> None:
    source = ScriptedEventSource().ticks(3).pause(0.25).click(0, 0).close().activate()
    messages = list(source)
    assert [m.idcmp for m in messages] == [IDCMP.INTUITICKS] * 3 + [
        IDCMP.MOUSEBUTTONS,
        IDCMP.MOUSEBUTTONS,
        IDCMP.CLOSEWINDOW,
        IDCMP.ACTIVEWINDOW,
    ]
    assert [round(m.time, 6) for m in messages] == [0.1, 0.2, 0.3] + [0.55] * 4


def test_polling_waiting_and_running_out() -> None:
    ready = IntuiMessage(IDCMP.CLOSEWINDOW)
    source = ScriptedEventSource([ready]).key("n")
    assert len(source) == 4
    assert source.next_event() is ready
    assert source.wait().idcmp == IDCMP.RAWKEY
    assert source.next_event(5.0).idcmp == IDCMP.VANILLAKEY
    assert source.next_event(None).idcmp == IDCMP.RAWKEY
    assert source.next_event() is None
    assert list(source) == []
    with pytest.raises(EndOfInput):
        source.wait()


def test_the_same_script_gives_the_same_messages() -> None:
    def script() -> list[IntuiMessage]:
        return list(ScriptedEventSource().move(5, 6).text("Ja!").ticks(2).click(7, 8))

    assert script() == script()
