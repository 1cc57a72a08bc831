"""amiga.intuition: gadgets, menus and windows, on a bare screen."""

from __future__ import annotations

import numpy as np
import pytest

from amiga.display import Box, Screen
from amiga.input import IDCMP, IntuiMessage, MouseCode, Qualifier, RawKey
from amiga.intuition import (
    Button,
    CheckBox,
    Cycle,
    DrawInfo,
    GadgetList,
    Menu,
    MenuItem,
    MenuStrip,
    Slider,
    StringGadget,
    Window,
    bar,
)

DI = DrawInfo(
    text=1,
    shine=2,
    shadow=3,
    fill=4,
    fill_text=5,
    background=6,
    highlight=7,
    disabled=8,
    bar_detail=9,
    bar_block=10,
)


def press(x: int, y: int, qualifier: int = 0) -> IntuiMessage:
    return IntuiMessage(IDCMP.MOUSEBUTTONS, MouseCode.SELECTDOWN, Qualifier(qualifier), x, y)


def release(x: int, y: int) -> IntuiMessage:
    return IntuiMessage(IDCMP.MOUSEBUTTONS, MouseCode.SELECTUP, Qualifier(0), x, y)


def move(x: int, y: int) -> IntuiMessage:
    return IntuiMessage(IDCMP.MOUSEMOVE, 0, Qualifier(0), x, y)


def char(c: str, qualifier: int = 0) -> IntuiMessage:
    return IntuiMessage(IDCMP.VANILLAKEY, ord(c), Qualifier(qualifier))


def raw(key: int, qualifier: int = 0) -> IntuiMessage:
    return IntuiMessage(IDCMP.RAWKEY, key, Qualifier(qualifier))


def click(gadgets: GadgetList, x: int, y: int, qualifier: int = 0) -> object:
    first = gadgets.handle(press(x, y, qualifier))
    return first or gadgets.handle(release(x, y))


@pytest.mark.parametrize(
    "gadget",
    [
        Button(Box(10, 20, 90, 34), "OK"),
        Cycle(Box(10, 20, 130, 33), ["None", "Human", "Amiga"]),
        CheckBox(Box(10, 20, 36, 33), True),
        Slider(Box(10, 20, 123, 31), 0, 4, 2),
        StringGadget(Box(10, 20, 200, 32), "name"),
    ],
)
def test_a_gadget_draws_only_inside_the_box_it_hits(gadget: object) -> None:
    screen = Screen(320, 256, depth=4)
    gadget.draw(screen.rastport, DI)  # type: ignore[attr-defined]
    ys, xs = np.nonzero(screen.pixels)
    box = gadget.box  # type: ignore[attr-defined]
    assert (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1) == tuple(box)
    inside = [
        (x, y)
        for x in range(box.left - 2, box.right + 2)
        for y in range(box.top - 2, box.bottom + 2)
        if gadget.hit(x, y)
    ]  # type: ignore[attr-defined]
    assert {p[0] for p in inside} == set(range(box.left, box.right))
    assert {p[1] for p in inside} == set(range(box.top, box.bottom))


def test_a_button_counts_only_if_released_over_it() -> None:
    button = Button(Box(10, 10, 50, 24), "OK")
    gadgets = GadgetList([button])
    assert gadgets.handle(press(20, 15)) is None and button.pressed
    gadgets.handle(move(200, 15))
    assert not button.pressed
    assert gadgets.handle(release(200, 15)) is None
    assert click(gadgets, 20, 15) is button


def test_a_click_beside_every_gadget_does_nothing() -> None:
    button = Button(Box(100, 10, 150, 24), "Start")
    gadgets = GadgetList([button])
    assert click(gadgets, 20, 15) is None  # on the button's row, far to its left
    assert click(gadgets, 99, 15) is None and click(gadgets, 150, 15) is None
    disabled = GadgetList([Button(Box(100, 10, 150, 24), "Start", enabled=False)])
    assert click(disabled, 120, 15) is None


def test_cycle_steps_and_shift_steps_back() -> None:
    cycle = Cycle(Box(0, 0, 100, 13), ["a", "b", "c"])
    gadgets = GadgetList([cycle])
    click(gadgets, 50, 5)
    assert cycle.active == 1
    click(gadgets, 50, 5, Qualifier.LSHIFT)
    click(gadgets, 50, 5, Qualifier.RSHIFT)
    assert cycle.active == 2


def test_checkbox_toggles() -> None:
    box = CheckBox(Box(0, 0, 26, 13))
    gadgets = GadgetList([box])
    click(gadgets, 5, 5)
    assert box.checked
    click(gadgets, 5, 5)
    assert not box.checked


def test_slider_knob_drags_and_a_click_on_it_changes_nothing() -> None:
    slider = Slider(Box(0, 0, 113, 11), 1, 99, 20)
    gadgets = GadgetList([slider])
    knob = slider.knob()
    assert click(gadgets, knob.left + 3, 5) is None and slider.level == 20
    gadgets.handle(press(knob.left + 3, 5))
    assert gadgets.handle(move(knob.left + 53, 5)) is slider
    dragged = slider.level
    assert dragged > 60
    gadgets.handle(move(500, 5))
    assert slider.level == 99  # held to the end of the groove
    gadgets.handle(move(-100, 5))
    gadgets.handle(release(-100, 5))
    assert slider.level == 1
    gadgets.handle(move(100, 5))
    assert slider.level == 1  # the button is up: no more dragging


def test_slider_groove_steps_one_towards_the_pointer() -> None:
    slider = Slider(Box(0, 0, 113, 11), 0, 4, 2)
    gadgets = GadgetList([slider])
    assert gadgets.handle(press(110, 5)) is slider and slider.level == 3
    gadgets.handle(release(110, 5))
    click(gadgets, 1, 5)
    assert slider.level == 2


def type_into(gadget: StringGadget, *messages: IntuiMessage) -> bool:
    return [gadget.key(m) for m in messages][-1]


def test_string_gadget_prefill_is_replaced_by_typing() -> None:
    field = StringGadget(Box(0, 0, 200, 12), "mygame.saga")
    # A real keyboard sends the raw key before the character: it must not unselect.
    type_into(field, raw(RawKey.T), char("t"), char("u"), char("r"), char("n"))
    assert field.text == "turn"
    assert type_into(field, char("\r"))


def test_string_gadget_editing_keys() -> None:
    field = StringGadget(Box(0, 0, 200, 12), "mygame.saga")
    type_into(
        field,
        raw(RawKey.END),
        char("\b"),
        raw(RawKey.HOME),
        char("\x7f"),
        raw(RawKey.RIGHT),
        char("X"),
        raw(RawKey.LEFT, Qualifier.LSHIFT),
        char("("),
    )
    assert field.text == "(yXgame.sag"
    type_into(field, raw(RawKey.RIGHT, Qualifier.LSHIFT), char("!"))
    assert field.text == "(yXgame.sag!"
    type_into(field, char("x", Qualifier.RCOMMAND))
    assert field.text == ""
    selected = StringGadget(Box(0, 0, 200, 12), "old")
    type_into(selected, char("\b"))
    assert selected.text == ""  # Backspace on the selection clears it


def test_string_gadget_refuses_characters_and_keeps_its_length() -> None:
    field = StringGadget(Box(0, 0, 200, 12), max_chars=4, refuse="/")
    for c in "ab/cdef":
        field.key(char(c))
    assert field.text == "abcd"


def test_a_string_gadgets_edit_hook_changes_or_refuses_what_is_typed() -> None:
    field = StringGadget(Box(0, 0, 200, 12), edit=lambda c: c.upper() if c.isalpha() else None)
    for c in "ab1c":
        field.key(char(c))
        assert field.refused == (c == "1")
    assert field.text == "ABC"


def test_a_string_gadget_takes_keys_only_once_active() -> None:
    field = StringGadget(Box(0, 0, 200, 12))
    gadgets = GadgetList([field])
    assert gadgets.handle(char("a")) is None and field.text == ""
    gadgets.handle(press(5, 5))
    gadgets.handle(char("a"))
    assert field.text == "a" and gadgets.handle(char("\r")) is field


def test_a_disabled_string_gadget_is_ghosted_and_takes_no_keys() -> None:
    field = StringGadget(Box(0, 0, 200, 12), "4000")
    gadgets = GadgetList([field])
    gadgets.activate_string(field)
    field.enabled = False
    assert gadgets.handle(char("5")) is None and gadgets.handle(char("\r")) is None
    assert field.text == "4000"
    assert gadgets.handle(press(5, 5)) is None  # nor the pointer
    screen = Screen(320, 256, depth=4)
    field.draw(screen.rastport, DI)
    inside = screen.pixels[2:10, 4:40]
    assert (inside == DI.disabled).any() and not (inside == DI.text).any()
    assert not (inside == DI.fill).any()  # no selection, cursor or frame: not where keys go
    field.enabled = True
    gadgets.handle(char("5"))
    assert field.text == "5"


def strip() -> MenuStrip:
    return MenuStrip(
        [
            Menu(
                "Project",
                [MenuItem("new", "New", "N"), bar(), MenuItem("save", "Save", "S", enabled=False)],
            ),
            Menu("Settings", [MenuItem("watch", "Watch", "W", checked=False)]),
        ],
        DI,
    )


def test_menu_shortcuts_skip_disabled_items_and_bars() -> None:
    menus = strip()
    assert menus.shortcut("n").key == "new"  # type: ignore[union-attr]
    assert menus.shortcut("S") is None
    menus.enable("save")
    assert menus.shortcut("s").key == "save"  # type: ignore[union-attr]
    assert [i.key for i in menus.items()] == ["new", "save", "watch"]
    watch = menus.item("watch")
    assert menus.pick(watch) == "watch" and watch.checked


def test_menu_hit_test_uses_the_drawn_rows() -> None:
    menus = strip()
    box, rows = menus.layout(0)
    (new_row, new), (bar_row, _), (save_row, save) = rows
    assert menus.hit(new_row.left + 2, new_row.top + 1, 0) == (0, new)
    assert menus.hit(bar_row.left + 2, bar_row.top + 1, 0) == (0, None)
    assert menus.hit(save_row.left + 2, save_row.top + 1, 0) == (0, save)
    assert menus.hit(box.right + 5, new_row.top, 0) == (0, None)  # stays open off it
    assert menus.hit(menus.titles[1].left + 1, 3, 0) == (1, None)


def test_tracking_the_right_button_picks_and_restores_the_screen() -> None:
    screen = Screen(640, 256, depth=4)
    screen.pixels[:] = 5
    menus = strip()
    _, rows = menus.layout(0)
    new_row = rows[0][0]
    script = iter(
        [
            move(20, 3),
            move(new_row.left + 4, new_row.top + 2),
            IntuiMessage(
                IDCMP.MOUSEBUTTONS,
                MouseCode.MENUUP,
                Qualifier(0),
                new_row.left + 4,
                new_row.top + 2,
            ),
        ]
    )
    shown = []
    item = menus.track(
        screen.rastport, lambda: next(script), lambda: shown.append(screen.pixels.copy()), (20, 3)
    )
    assert item is not None and item.key == "new"
    assert (screen.pixels == 5).all()
    assert (shown[-1] != 5).any()  # the menu was drawn while the button was held


def test_a_disabled_item_is_never_picked() -> None:
    screen = Screen(640, 256, depth=4)
    menus = strip()
    _, rows = menus.layout(0)
    save_row = rows[2][0]
    script = iter(
        [
            IntuiMessage(
                IDCMP.MOUSEBUTTONS,
                MouseCode.MENUUP,
                Qualifier(0),
                save_row.left + 4,
                save_row.top + 2,
            )
        ]
    )
    assert menus.track(screen.rastport, lambda: next(script), lambda: None, (20, 3)) is None


def test_a_window_is_centred_and_hands_messages_to_its_gadgets() -> None:
    window = Window.centred(200, 100, Box(0, 0, 640, 512), "Title", DI)
    assert window.box == Box(220, 206, 420, 306)
    button = Button(Box(230, 280, 280, 294), "Yes")
    window.gadgets.add(button)
    screen = Screen(640, 512, depth=4)
    window.draw(screen.rastport)
    assert screen.pixels[206, 220] == DI.shine and screen.pixels[290, 235] == DI.background
    assert window.handle(press(240, 285)) is None and window.handle(release(240, 285)) is button
