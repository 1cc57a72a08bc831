"""The network game's windows, driven by scripted clicks and keys (headless)."""

from __future__ import annotations

from amiga.input import MouseCode, ScriptedEventSource
from saga.look.text import english
from saga.screen import network as N
from saga.screen.ui import HEIGHT, WIDTH, Ui

T = english()


def _row_y(rows: int, row: int, extra: int = 0) -> int:
    """The middle of a form's row, as the form lays it out."""
    height = 14 + 10 + rows * N.ROW + extra + 30
    top = (HEIGHT - height) // 2 + 12 + 2 + 8
    return top + row * N.ROW + 6


def test_hosting_asks_for_the_port_the_code_and_who_plays_here() -> None:
    source = ScriptedEventSource().key("\r")
    form = N.host_form(Ui(source), T, [0, 1], "4000", "ABC123")
    assert form == N.HostForm("4000", "ABC123", frozenset({0}))  # the first human plays here

    x = (WIDTH - 480) // 2 + 12 + N.LABEL_W + 40
    source = ScriptedEventSource().click(x, _row_y(4, 3)).key("\t").key("9").key("\r")
    form = N.host_form(Ui(source), T, [0, 1], "4000", "ABC123")
    assert form == N.HostForm("9", "ABC123", frozenset({0, 1}))  # Brunhild here too, port typed

    assert N.host_form(Ui(ScriptedEventSource().key("\x1b")), T, [0], "4000", "X") is None


def test_joining_lists_the_lan_games_and_a_click_picks_one() -> None:
    offers = [N.Offer("127.0.0.1:4000  odin: Beowulf, Brunhild*", "127.0.0.1:4000", "BRUNHILD")]
    rows, extra = 4 + N.LIST_ROWS, 4
    list_y = _row_y(rows, 1, extra) - 2
    source = ScriptedEventSource().click(200, list_y)
    for char in "k7qxpm\r":
        source.key(char)
    form = N.join_form(Ui(source), T, lambda: offers, "", "", "")
    assert form == N.JoinForm("127.0.0.1:4000", "k7qxpm", "BRUNHILD")

    source = ScriptedEventSource().click(300, 300, MouseCode.MENUDOWN)
    assert N.join_form(Ui(source), T, list, "", "", "") is None


def test_the_wait_for_players_ends_when_ready_or_cancelled() -> None:
    looks = []

    def ready() -> bool:
        looks.append(1)
        return len(looks) > 3

    source = ScriptedEventSource().ticks(10)
    assert N.wait_window(Ui(source), T, "Waiting", lambda: ["Port: 4000"], ready) == "ready"
    source = ScriptedEventSource().key("\x1b")
    assert N.wait_window(Ui(source), T, "Waiting", list, lambda: False) == "cancel"
