"""Translating pygame events, posted under SDL's dummy driver, into messages."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from amiga.display import Screen  # noqa: E402
from amiga.display.present import Presenter  # noqa: E402
from amiga.input import IDCMP, IntuiMessage, MouseCode, Qualifier, RawKey  # noqa: E402
from amiga.input.pygame_source import QUEUE_LIMIT, PygameEventSource  # noqa: E402


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def presenter() -> Iterator[Presenter]:
    presenter = Presenter(Screen(), "Test", scale=2)
    yield presenter
    presenter.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def source(presenter: Presenter, clock: FakeClock) -> PygameEventSource:
    source = PygameEventSource(presenter, clock=clock)
    pygame.event.clear()
    return source


def post(kind: int, **attributes: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attributes))


def press(scancode: str, mod: int = 0, up: bool = False) -> None:
    kind = pygame.KEYUP if up else pygame.KEYDOWN
    post(kind, key=0, scancode=getattr(pygame, f"KSCAN_{scancode}"), mod=mod, unicode="")


def summary(messages: list[IntuiMessage]) -> list[tuple[IDCMP, int, int]]:
    return [(m.idcmp, m.code, int(m.qualifier)) for m in messages]


def test_a_typed_letter_is_rawkey_and_vanillakey(source: PygameEventSource) -> None:
    press("A", pygame.KMOD_LSHIFT)
    post(pygame.TEXTINPUT, text="A")
    press("A", up=True)
    assert summary(list(source)) == [
        (IDCMP.RAWKEY, 0x20, Qualifier.LSHIFT),
        (IDCMP.VANILLAKEY, ord("A"), Qualifier.LSHIFT),
        (IDCMP.RAWKEY, 0xA0, 0),
    ]


def test_text_after_the_host_keymap_keeps_latin1_and_greek_only(
    source: PygameEventSource,
) -> None:
    press("APOSTROPHE")  # where a German keyboard has Ä
    post(pygame.TEXTINPUT, text="äœßωΏ€✓")
    messages = list(source)
    assert messages[0].idcmp == IDCMP.RAWKEY and messages[0].code == RawKey.QUOTE
    assert [m.char for m in messages[1:]] == ["ä", "ß", "ω", "Ώ", "€"]


@pytest.mark.parametrize(("scancode", "raw"), [("F1", 0x5F), ("INSERT", 0x5F), ("F11", 0x50)])
def test_help_comes_from_f1_and_insert(source: PygameEventSource, scancode: str, raw: int) -> None:
    press(scancode)
    press(scancode, up=True)
    assert summary(list(source)) == [(IDCMP.RAWKEY, raw, 0), (IDCMP.RAWKEY, raw | 0x80, 0)]


@pytest.mark.parametrize(
    ("scancode", "raw"),
    [("KP_0", 0x0F), ("KP_1", 0x1D), ("KP_5", 0x2E), ("KP_9", 0x3F), ("KP_PERIOD", 0x3C),
     ("KP_MINUS", 0x4A), ("KP_ENTER", 0x43)],
)  # fmt: skip
def test_keypad_keys_carry_the_numeric_pad_qualifier(
    source: PygameEventSource, scancode: str, raw: int
) -> None:
    press(scancode)
    press(scancode, up=True)
    messages = list(source)
    assert (messages[0].idcmp, messages[0].code) == (IDCMP.RAWKEY, raw)
    assert (messages[-1].idcmp, messages[-1].code) == (IDCMP.RAWKEY, raw | 0x80)
    assert all(m.qualifier & Qualifier.NUMERICPAD for m in messages)
    if scancode == "KP_ENTER":  # Enter types a carriage return; SDL sends no text for it
        assert (messages[1].idcmp, messages[1].char) == (IDCMP.VANILLAKEY, "\r")


def test_control_keys_type_their_characters(source: PygameEventSource) -> None:
    for scancode in ("RETURN", "BACKSPACE", "TAB", "ESCAPE", "DELETE"):
        press(scancode)
    vanilla = [m.char for m in source if m.idcmp == IDCMP.VANILLAKEY]
    assert vanilla == ["\r", "\b", "\t", "\x1b", "\x7f"]


def test_modifiers_become_qualifiers(source: PygameEventSource) -> None:
    mods = (
        pygame.KMOD_RSHIFT | pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_RALT
        | pygame.KMOD_LGUI | pygame.KMOD_RGUI | pygame.KMOD_CAPS
    )  # fmt: skip
    press("X", mods)
    expected = (
        Qualifier.RSHIFT | Qualifier.CONTROL | Qualifier.LALT | Qualifier.RALT
        | Qualifier.LCOMMAND | Qualifier.RCOMMAND | Qualifier.CAPSLOCK
    )  # fmt: skip
    assert source.next_event().qualifier == expected


def test_a_held_key_repeats_with_the_repeat_qualifier(source: PygameEventSource) -> None:
    press("DOWN")
    press("DOWN")
    press("DOWN", up=True)
    press("DOWN")
    assert [int(m.qualifier) for m in source] == [0, Qualifier.REPEAT, 0, 0]


def test_unmapped_keys_are_ignored(source: PygameEventSource) -> None:
    press("SCROLLLOCK")
    assert source.next_event() is None


def test_mouse_positions_are_screen_pixels(source: PygameEventSource) -> None:
    post(pygame.MOUSEMOTION, pos=(201, 101), rel=(1, 1), buttons=(0, 0, 0))
    post(pygame.MOUSEMOTION, pos=(200, 100), rel=(-1, -1), buttons=(0, 0, 0))  # same pixel
    post(pygame.MOUSEBUTTONDOWN, pos=(200, 100), button=1)
    post(pygame.MOUSEMOTION, pos=(1279, 1023), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(1279, 1023), button=1)
    post(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3)
    post(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=2)
    post(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=4)  # the wheel, seen below
    post(pygame.MOUSEBUTTONUP, pos=(10, 10), button=2)
    post(pygame.MOUSEBUTTONUP, pos=(10, 10), button=3)
    messages = list(source)
    assert [(m.idcmp, m.code, int(m.qualifier), m.mouse_x, m.mouse_y) for m in messages] == [
        (IDCMP.MOUSEMOVE, 0, 0, 100, 50),
        (IDCMP.MOUSEBUTTONS, MouseCode.SELECTDOWN, Qualifier.LEFTBUTTON, 100, 50),
        (IDCMP.MOUSEMOVE, 0, Qualifier.LEFTBUTTON, 639, 511),
        (IDCMP.MOUSEBUTTONS, MouseCode.SELECTUP, 0, 639, 511),
        (IDCMP.MOUSEBUTTONS, MouseCode.MENUDOWN, Qualifier.RBUTTON, 5, 5),
        (IDCMP.MOUSEBUTTONS, MouseCode.MIDDLEDOWN, Qualifier.RBUTTON | Qualifier.MIDBUTTON, 5, 5),
        (IDCMP.MOUSEBUTTONS, MouseCode.MIDDLEUP, Qualifier.RBUTTON, 5, 5),
        (IDCMP.MOUSEBUTTONS, MouseCode.MENUUP, 0, 5, 5),
    ]


def test_mouse_mapping_follows_fullscreen_letterboxing(
    presenter: Presenter, source: PygameEventSource
) -> None:
    presenter.toggle_fullscreen()
    ox, oy = presenter.viewport.offset
    scale = presenter.scale
    post(pygame.MOUSEBUTTONDOWN, pos=(ox + 10 * scale, oy + 20 * scale), button=1)
    post(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1)  # in the border: clamped
    down, up = source
    assert (down.mouse_x, down.mouse_y) == (10, 20)
    assert (up.mouse_x, up.mouse_y) == (0, 0)


def test_the_wheel_is_a_newmouse_key(source: PygameEventSource) -> None:
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    assert [m.code for m in source] == [0x7A, 0xFA, 0x7B, 0xFB]


def test_window_events(presenter: Presenter, source: PygameEventSource) -> None:
    post(pygame.WINDOWFOCUSLOST)
    post(pygame.WINDOWFOCUSGAINED)
    post(pygame.QUIT)
    assert [m.idcmp for m in source] == [
        IDCMP.INACTIVEWINDOW,
        IDCMP.ACTIVEWINDOW,
        IDCMP.CLOSEWINDOW,
    ]
    presenter.present()
    pygame.display.get_surface().fill((1, 2, 3))  # what an exposed window may hold
    post(pygame.WINDOWEXPOSED)
    assert source.next_event() is None  # nothing for the program, but the window is whole
    screen = presenter.screen
    assert pygame.display.get_surface().get_at((0, 0))[:3] == tuple(screen.palette.rgb[0])


def test_intuiticks_come_ten_times_a_second(source: PygameEventSource, clock: FakeClock) -> None:
    ticks = []
    for _ in range(200):  # two seconds in steps of 10 ms
        clock.now += 0.01
        while (message := source.next_event()) is not None:
            ticks.append(message)
    assert [m.idcmp for m in ticks] == [IDCMP.INTUITICKS] * 20
    assert ticks[-1].time == pytest.approx(102.0, abs=0.011)


def test_intuiticks_do_not_pile_up(source: PygameEventSource, clock: FakeClock) -> None:
    clock.now += 5.0
    assert source.next_event().idcmp == IDCMP.INTUITICKS
    assert source.next_event() is None


def test_intuiticks_come_whichever_window_the_desktop_has_in_front(
    source: PygameEventSource, clock: FakeClock
) -> None:
    # The window is the Amiga's screen, always in front for its program: a
    # desktop's focus moving elsewhere must not stop the time that message
    # delays count (three windows on one desktop stalled a network game).
    post(pygame.WINDOWFOCUSLOST)
    assert source.next_event().idcmp == IDCMP.INACTIVEWINDOW
    ticks = []
    for _ in range(100):  # a second in steps of 10 ms
        clock.now += 0.01
        ticks += list(source)
    assert [m.idcmp for m in ticks] == [IDCMP.INTUITICKS] * 10
    post(pygame.WINDOWFOCUSGAINED)
    assert [m.idcmp for m in source] == [IDCMP.ACTIVEWINDOW]


def test_waiting_with_a_timeout_returns_none_after_it(presenter: Presenter) -> None:
    source = PygameEventSource(presenter, tick_hz=0.01)
    pygame.event.clear()
    start = time.monotonic()
    assert source.next_event(0.05) is None
    assert time.monotonic() - start >= 0.05
    post(pygame.QUIT)
    assert source.wait().idcmp == IDCMP.CLOSEWINDOW


def test_motion_not_yet_read_is_merged_into_where_it_ended(source: PygameEventSource) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)
    for x in range(20, 1000):
        post(pygame.MOUSEMOTION, pos=(x, 300), rel=(1, 0), buttons=(1, 0, 0))
    messages = list(source)
    assert [m.idcmp for m in messages] == [IDCMP.MOUSEBUTTONS, IDCMP.MOUSEMOVE]
    assert (messages[1].mouse_x, messages[1].mouse_y) == (999 // 2, 150)


def test_past_its_limit_the_queue_drops_the_oldest_but_never_an_urgent_message(
    source: PygameEventSource,
) -> None:
    source.urgent = lambda m: m.idcmp == IDCMP.CLOSEWINDOW
    for _ in range(200):
        press("X")
        press("X", up=True)
    post(pygame.QUIT)
    messages = list(source)
    assert messages[0].idcmp == IDCMP.CLOSEWINDOW  # it overtakes what waits
    assert len(messages) == QUEUE_LIMIT + 1
    assert source.dropped == 400 - QUEUE_LIMIT
    assert messages[-1].key_up  # the newest are kept


def test_ticks_come_only_while_wanted(source: PygameEventSource, clock: FakeClock) -> None:
    source.want_ticks = False
    clock.now += 5.0
    assert source.next_event() is None
    source.want_ticks = True
    assert source.next_event() is None  # the beats missed are not owed
    clock.now += 0.1
    assert source.next_event().idcmp == IDCMP.INTUITICKS
