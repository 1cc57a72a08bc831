"""The network game's windows, driven by scripted clicks and keys (headless)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from amiga.display.rastport import RastPort
from amiga.input import MouseCode, ScriptedEventSource
from amiga.intuition import Button, DrawInfo, StringGadget
from saga.look.text import Lookup, english, load_text
from saga.net.online import is_code
from saga.screen import network as N
from saga.screen.ui import HEIGHT, WIDTH, Ui
from saga.window.network import code_rule
from tests.drawn import record_text

T = english()
CODE_RULE = code_rule(T)


def _row_y(rows: int, row: int, extra: int = 0) -> int:
    """The middle of a form's row, as the form lays it out."""
    height = 14 + 10 + rows * N.ROW + extra + 30
    top = (HEIGHT - height) // 2 + 12 + 2 + 8
    return top + row * N.ROW + 6


CODE = "K7QXPM"
HOST_ROWS = 5 + N.PROBLEM_ROWS  # how, address, code, two heroes; the code's problem
FIELD_X = (WIDTH - 480) // 2 + 12 + N.LABEL_W + 40


def test_hosting_asks_where_the_code_and_who_plays_here() -> None:
    source = ScriptedEventSource().key("\r")
    form = N.host_form(Ui(source), T, [0, 1], "4000", CODE, CODE_RULE)
    assert form == N.HostForm("4000", CODE, frozenset({0}))  # the first human plays here

    source = ScriptedEventSource().click(FIELD_X, _row_y(HOST_ROWS, 4)).key("\t").key("9")
    form = N.host_form(Ui(source.key("\r")), T, [0, 1], "4000", CODE, CODE_RULE)
    assert form == N.HostForm("9", CODE, frozenset({0, 1}))  # Brunhild here too, a port typed

    source = ScriptedEventSource().click(FIELD_X, _row_y(HOST_ROWS, 0)).key("\r")
    form = N.host_form(Ui(source), T, [0, 1], "4000", CODE, CODE_RULE)
    assert form is not None and form.online  # over the internet, by code

    assert N.host_form(Ui(ScriptedEventSource().key("\x1b")), T, [0], "4", CODE, CODE_RULE) is None


def test_hosting_by_code_greys_out_the_port_and_the_join_code() -> None:
    # Over the internet there is no port and no join code: the fields are
    # greyed out, neither Tab nor the keys reach them, and a code too weak
    # for a port's game holds nothing back; back on this network, the keys
    # go to the code again.
    frames: list[list[str]] = []
    source = ScriptedEventSource().click(FIELD_X, _row_y(HOST_ROWS, 0)).text("99").key("\t")
    source.text("77").click(FIELD_X, _row_y(HOST_ROWS, 1)).text("1").key("\r")
    ui = Ui(source)
    text = ui.text

    def keep(x: int, y: int, said: str, pen: int, **kw: bool) -> None:
        if said == T("MSG_NET_HOW"):  # each frame's first line
            frames.append([])
        frames[-1].append(said)
        text(x, y, said, pen, **kw)

    ui.text = keep  # type: ignore[method-assign]
    form = N.host_form(ui, T, [0, 1], "4000", "WEAK", CODE_RULE)
    assert form == N.HostForm("4000", "WEAK", frozenset({0}), online=True)
    problems = [any("join code" in line for line in frame) for frame in frames]
    # The weak code's problem shows until the game is by code, then never again.
    assert problems[0] and not problems[-1] and problems == sorted(problems, reverse=True)

    source = ScriptedEventSource().click(FIELD_X, _row_y(HOST_ROWS, 0))
    source.click(FIELD_X, _row_y(HOST_ROWS, 0)).text("K7QXPM").key("\r")  # and back
    form = N.host_form(Ui(source), T, [0], "4000", "", CODE_RULE)
    assert form == N.HostForm("4000", "K7QXPM", frozenset({0}))


@pytest.mark.parametrize("address", ["127.0.0.1:4000", "[::1]:4000", "[fe80::1%eth0]:65535"])
def test_the_host_form_takes_every_address_the_command_line_takes(address: str) -> None:
    source = ScriptedEventSource().key("\t").text(address).key("\r")  # over the port offered
    form = N.host_form(Ui(source), T, [0, 1], "4000", CODE, CODE_RULE)
    assert form is not None and form.address == address


def test_a_code_is_checked_as_it_is_typed() -> None:
    flashes: list[int] = []
    source = ScriptedEventSource().text("k7q").key("\r")  # too short: OK is refused
    source.text("0o1lSs-").text("xpm").key("\r")  # characters no code holds are refused
    ui = Ui(source)
    ui.flash = lambda: flashes.append(1)  # type: ignore[method-assign]
    form = N.host_form(ui, T, [0], "4000", "OLD4CODE", CODE_RULE)
    assert form is not None and form.code == "K7QXPM"  # typed over, in capitals
    assert len(flashes) == 1 + 7  # the early OK, and each refused character
    source = ScriptedEventSource().text("Q" * 40).key("\r")
    form = N.host_form(Ui(source.key("\x1b")), T, [0], "4000", "", CODE_RULE)
    assert form is None  # 32 characters at most, and not one repeated: never accepted


def _said(source: ScriptedEventSource, code: str, t: Lookup = T) -> list[str]:
    """The lines of text the host form (in ``t``'s words) drew while ``source`` lasted."""
    ui = Ui(source)
    shown = record_text(ui)
    assert N.host_form(ui, t, [0], "4000", code, code_rule(t)) is None
    return shown


def test_the_code_s_problem_shows_under_the_form_as_it_is_typed() -> None:
    assert not any("join code" in line for line in _said(ScriptedEventSource().key("\x1b"), CODE))
    typed = ScriptedEventSource().text("K7").pause(0.1).key("\x1b")
    assert any("characters, not 2" in line for line in _said(typed, CODE))


def test_the_code_s_problem_is_said_in_the_player_s_language() -> None:
    german = load_text("deutsch", None, {}, Path("/nonexistent"))[0]
    typed = ScriptedEventSource().text("K7").pause(0.1).key("\x1b")
    assert any("bis 32 Zeichen, nicht 2" in line for line in _said(typed, CODE, german))


def test_typing_goes_to_the_field_that_shows_the_focus(monkeypatch: pytest.MonkeyPatch) -> None:
    # Both fields hold text offered beforehand; only the one the keys go to
    # shows it selected, inside a frame.
    source = ScriptedEventSource().key("\t").key("5").key("\r")
    ui = Ui(source)
    drawn: list[tuple[bool, bool]] = []
    draw = StringGadget.draw

    def look(gadget: StringGadget, rp: RastPort, di: DrawInfo) -> None:
        draw(gadget, rp, di)
        b = gadget.box
        inside = ui.screen.pixels[b.top + 1 : b.bottom - 1, b.left + 1 : b.right - 1] == di.fill
        # The active field: framed in the fill pen; any other: none of it, no selection.
        drawn.append((gadget.active, bool(inside[0].all() if gadget.active else not inside.any())))

    monkeypatch.setattr(StringGadget, "draw", look)
    form = N.host_form(ui, T, [0], "4000", CODE, CODE_RULE)
    assert form == N.HostForm("5", CODE, frozenset({0}))  # typed where the focus showed
    assert drawn and all(looks_right for _, looks_right in drawn)
    assert {active for active, _ in drawn} == {True, False}


def test_joining_lists_the_lan_games_and_a_click_picks_one() -> None:
    offers = [N.Offer("127.0.0.1:4000  odin: Beowulf, Brunhild*", "127.0.0.1:4000", "BRUNHILD")]
    rows, extra = 4 + N.LIST_ROWS + N.PROBLEM_ROWS, 4
    list_y = _row_y(rows, 1, extra) - 2
    source = ScriptedEventSource().click(200, list_y)
    for char in "k7qxpm\r":
        source.key(char)
    form = N.join_form(Ui(source), T, lambda: offers, "", "", "", CODE_RULE, is_code)
    assert form == N.JoinForm("127.0.0.1:4000", "K7QXPM", "BRUNHILD")

    source = ScriptedEventSource().click(300, 300, MouseCode.MENUDOWN)
    assert N.join_form(Ui(source), T, list, "", "", "", CODE_RULE, is_code) is None


def test_an_online_game_s_code_is_typed_as_heard_and_needs_no_join_code() -> None:
    # The address field takes a wormhole code with spaces; the join code
    # field, empty and so wrong for a port's game, does not hold OK back.
    source = ScriptedEventSource().text("7 crossover clockwork").key("\r")
    form = N.join_form(Ui(source), T, list, "", "", "", CODE_RULE, is_code)
    assert form == N.JoinForm("7 crossover clockwork", "", "")
    # Greyed out, the join code field is skipped: Tab goes on to the heroes.
    source = ScriptedEventSource().text("7-crossover-clockwork").key("\t").text("brunhild")
    form = N.join_form(Ui(source.key("\r")), T, list, "", "", "", CODE_RULE, is_code)
    assert form == N.JoinForm("7-crossover-clockwork", "", "brunhild")


def test_the_wait_for_players_ends_when_ready_or_cancelled() -> None:
    looks = []

    def ready() -> bool:
        looks.append(1)
        return len(looks) > 3

    source = ScriptedEventSource().ticks(10)
    assert N.wait_window(Ui(source), T, "Waiting", lambda: ["Port: 4000"], ready) == "ready"
    source = ScriptedEventSource().key("\x1b")
    assert N.wait_window(Ui(source), T, "Waiting", list, lambda: False) == "cancel"


def test_a_late_answer_s_warning_plays_the_seat_here_waits_or_goes_when_it_comes() -> None:
    lines = ["Brunhild has not answered for 61 s.", T("MSG_NET_LATE_ASK")]
    shown: list[str] = []

    def said() -> list[str]:
        shown.extend(lines)
        return lines

    assert N.late_window(Ui(ScriptedEventSource().key("\r")), T, said, lambda: False)
    assert shown  # the lines were asked for
    assert not N.late_window(Ui(ScriptedEventSource().key("\x1b")), T, said, lambda: False)
    # The answer comes while the warning is up: it goes by itself, nothing taken over.
    looks: list[int] = []

    def answered() -> bool:
        looks.append(1)
        return len(looks) > 3

    assert not N.late_window(Ui(ScriptedEventSource().ticks(10)), T, said, answered)
    ok_x = (WIDTH - 480) // 2 + 12 + 20  # the left button: play here
    ok_y = _row_y(N.LATE_ROWS, N.LATE_ROWS) + 10
    source = ScriptedEventSource().click(ok_x, ok_y)
    assert N.late_window(Ui(source), T, said, lambda: False)


def test_the_codes_are_shown_with_a_copy_and_a_new_code_button_each() -> None:
    rows = [("Brunhild", "7-crossover-clockwork"), ("spectators", "4-tiger-harbor")]
    done: list[tuple[str, int]] = []

    def act(kind: str, row: int) -> str:
        done.append((kind, row))
        return "Copied to the clipboard." if kind == "copy" else ""

    inner_right = (WIDTH - 480) // 2 + 480 - 2 - 8
    renew_x = inner_right - 8 * len("New code") // 2 - 8
    copy_x = renew_x - 8 * len("New code") // 2 - 16 - 8 * len("Copy") // 2 - 8
    top = _row_y(1, 0, N.MAX_CODES * N.CODE_ROW + N.ROW + (N.SAID_ROWS - 1) * 10) - 6
    second = top + N.ROW + N.CODE_ROW + 7
    source = ScriptedEventSource().click(copy_x, second).click(renew_x, second).key("\x1b")
    ui = Ui(source)
    assert N.codes_window(ui, T, "Waiting", lambda: rows, lambda: False, act) == "cancel"
    assert done == [("copy", 1), ("renew", 1)]
    never = ScriptedEventSource()
    assert N.codes_window(Ui(never), T, "Waiting", lambda: rows, lambda: True, act) == "ready"


def test_the_codes_window_shows_the_network_s_newest_line_under_the_codes() -> None:
    rows = [("Brunhild", "7-crossover-clockwork")]
    ui = Ui(ScriptedEventSource().ticks(2).key("\x1b"))
    shown = record_text(ui)
    news = "A wrong code was tried, and a new one made, for Brunhild"
    done = N.codes_window(
        ui, T, "Waiting", lambda: rows, lambda: False, lambda k, r: "", lambda: news
    )
    assert done == "cancel"
    assert news in shown


def test_the_codes_window_in_play_has_one_button_to_close_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Waiting for the players, OK plays the empty seats here and Cancel stops;
    in play there is nothing to cancel, so OK alone closes it (Esc too)."""
    drawn: set[str] = set()
    draw = Button.draw

    def seen(button: Button, rp: RastPort, di: DrawInfo) -> None:
        drawn.add(button.text)
        draw(button, rp, di)

    monkeypatch.setattr(Button, "draw", seen)
    rows = [("Code:", "K7QXPM")]
    for ok, buttons in [("", {"Play empty seats here", "Cancel"}), ("OK", {"OK"})]:
        drawn.clear()
        source = ScriptedEventSource().ticks(1).key("\x1b")
        done = N.codes_window(Ui(source), T, "Codes", lambda: rows, lambda: False, _none, ok=ok)
        assert done == "cancel"
        assert drawn - {"Copy", "New code"} == buttons, drawn


def _none(kind: str, row: int) -> str:
    return ""


@pytest.mark.parametrize("language", ["english", "deutsch", "italiano", "greek"])
def test_every_field_s_label_ends_before_its_field(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In every language the Host and Join forms' labels leave a character's
    gap before the fields they name (a Greek label ran into its field)."""
    t = T if language == "english" else load_text(language, None, {}, Path("/nonexistent"))[0]
    labels: list[str] = []
    field = N._Form.field

    def labelled(form: N._Form, row: int, label: str, *args: Any, **kw: Any) -> StringGadget:
        labels.append(label)
        return field(form, row, label, *args, **kw)

    monkeypatch.setattr(N._Form, "field", labelled)
    escape = ScriptedEventSource().key("\x1b")
    assert N.host_form(Ui(escape), t, [0, 1], "4000", CODE, code_rule(t)) is None
    escape = ScriptedEventSource().key("\x1b")
    assert N.join_form(Ui(escape), t, list, "", "", "", code_rule(t), is_code) is None
    assert len(labels) == 5
    for label in labels:
        assert 8 * len(label) <= N.LABEL_W - 8, label
