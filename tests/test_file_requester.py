"""The file requester, after ASL's: pattern, drawer and file fields, drawers in the
list, scrolling, and names that never leave the drawer shown."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from amiga.input import MouseCode, Qualifier, RawKey, ScriptedEventSource
from amiga.pattern import PatternError, compile_pattern, matches
from saga.look.text import english
from saga.screen import pens as P
from saga.screen.files import (
    LIST_TOP,
    MESSAGE_COLUMNS,
    MESSAGE_LINES,
    ROW,
    ROWS,
    X0,
    X1,
    Y1,
    FileRequester,
    entries,
    split_typed,
)
from saga.screen.ui import Ui

TEXT = english()


def _requester(folder: Path, name: str = "") -> FileRequester:
    return FileRequester(Ui(ScriptedEventSource()), TEXT, "Save", folder, name)


def _feed(req: FileRequester, source: ScriptedEventSource) -> tuple[bool, Path | None]:
    """Hand the requester every scripted message; what it ended with, if it did."""
    for message in source:
        done, chosen = req.handle(message)
        if done:
            return done, chosen
    return False, None


def _type(text: str, *, ret: bool = True) -> ScriptedEventSource:
    source = ScriptedEventSource()
    source.key("x", Qualifier.RCOMMAND)  # Right-Amiga X: clear the field
    source.text(text)
    if ret:
        source.key("\r")
    return source


@pytest.fixture
def drawer(tmp_path: Path) -> Path:
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / "b.saga").write_bytes(b"12345")
    (tmp_path / "A.SAGA").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / ".hidden.saga").write_bytes(b"")
    return tmp_path.resolve()


def test_the_list_has_the_parent_the_drawers_and_the_games(drawer: Path) -> None:
    listed = [(e.name, e.kind) for e in entries(drawer, "#?.saga")]
    assert listed == [("/", "parent"), ("sub", "drawer"), ("A.SAGA", "file"), ("b.saga", "file")]
    assert entries(drawer, "#?.saga")[-1].size == 5
    assert [e.name for e in entries(drawer, "#?.txt")][-1] == "notes.txt"
    assert entries(Path("/"), "#?")[0].kind != "parent"  # nothing above the top


def test_a_name_typed_with_a_path_goes_to_its_drawer(drawer: Path) -> None:
    req = _requester(drawer)
    assert _feed(req, _type("sub/deeper/mine")) == (True, drawer / "sub" / "deeper" / "mine")
    assert req.drawer_field.text == str(drawer / "sub" / "deeper")
    req = _requester(drawer / "sub")
    assert _feed(req, _type(f"{drawer}/game")) == (True, drawer / "game")  # from the top
    req = _requester(drawer / "sub" / "deeper")
    assert _feed(req, _type("../../game")) == (True, drawer / "game")


def test_a_drawer_that_is_not_there_is_refused(drawer: Path) -> None:
    req = _requester(drawer)
    assert _feed(req, _type("/nonexistent/foo")) == (False, None)
    assert req.refused == "There is no such drawer: /nonexistent"
    assert req.folder == drawer and not Path("/nonexistent").exists()
    assert _feed(req, ScriptedEventSource().key("\x1b")) == (True, None)


def test_a_long_refusal_wraps_inside_the_requester_which_grows_to_hold_it(drawer: Path) -> None:
    """A long path is not cut at the requester's edge: its lines break after
    slashes and between words, flush left, and the requester and its buttons
    move down for them; a short refusal later gives the screen back."""
    req = _requester(drawer)
    req.backdrop = req.ui.save_area(0, 0, 639, 511)
    typed = "no_such_drawer_with_a_rather_long_name/another_long_drawer_name/" * 2 + "game"
    assert _feed(req, _type(typed)) == (False, None)
    lines = req.refusal()
    assert 3 <= len(lines) <= MESSAGE_LINES
    assert all(len(line) <= MESSAGE_COLUMNS and not line.startswith(" ") for line in lines)
    assert "".join(lines).replace(" ", "") == req.refused.replace(" ", "")
    req.draw()
    red = np.argwhere(req.ui.screen.pixels == P.RED_TEXT)
    box = req.window.box
    assert red[:, 1].min() >= X0 + 8 and red[:, 1].max() < X1 - 4  # inside, not cut at the edge
    assert red[:, 0].max() < req.ok.box.top < req.ok.box.bottom < box.bottom
    assert box.bottom == Y1 + 1 + ROW * (len(lines) - 1)
    # A short refusal: the requester shrinks, and the screen below it is as before.
    assert _feed(req, _type("..")) == (False, None)
    assert len(req.refusal()) == 1
    req.draw()
    assert req.window.box.bottom == Y1 + 1
    below = req.ui.screen.pixels[Y1 + 1 :, X0 : X1 + 1]
    assert (below == req.backdrop[Y1 + 1 :, X0 : X1 + 1]).all()
    # Grown again, its OK button is where it was moved to, and works there.
    assert _feed(req, _type(typed)) == (False, None)
    req.draw()
    req.file_field.set_text("mine")
    ok = req.ok.box
    assert ok.top > Y1
    click = ScriptedEventSource().click((ok.left + ok.right) // 2, (ok.top + ok.bottom) // 2)
    assert _feed(req, click) == (True, drawer / "mine")


def test_a_refusal_longer_than_the_screen_ends_in_dots(drawer: Path) -> None:
    req = _requester(drawer)
    req.refused = "There is no such drawer: " + "/long_name" * 200
    lines = req.refusal()
    assert len(lines) == MESSAGE_LINES and lines[-1].endswith("...")
    req.draw()
    assert req.window.box.bottom <= 512


@pytest.mark.parametrize("name", [".", "..", "sub/.."])
def test_dot_names_are_refused_with_a_word_why(drawer: Path, name: str) -> None:
    req = _requester(drawer)
    assert _feed(req, _type(name)) == (False, None)
    assert req.refused == f'"{name.rpartition("/")[2]}" is not a name for a file.'
    assert _feed(req, _type("fine")) == (True, req.folder / "fine")


def test_the_drawer_field_lists_the_drawer_typed_and_tab_goes_round(drawer: Path) -> None:
    req = _requester(drawer)
    source = ScriptedEventSource().key("\t")  # from File round to Pattern
    assert _feed(req, source) == (False, None)
    assert req.window.gadgets.typing is req.pattern_field
    _feed(req, ScriptedEventSource().key("\t"))
    assert req.window.gadgets.typing is req.drawer_field
    assert _feed(req, _type("sub")) == (False, None)  # Return in the drawer field: list it
    assert req.folder == drawer / "sub" and [e.name for e in req.list] == ["/", "deeper"]
    _feed(req, _type("nowhere"))
    assert req.refused.startswith("There is no such drawer:") and req.folder == drawer / "sub"
    _feed(req, ScriptedEventSource().key("\t", Qualifier.LSHIFT))  # back to Pattern
    assert req.window.gadgets.typing is req.pattern_field


def test_the_pattern_filters_the_files(drawer: Path) -> None:
    req = _requester(drawer)
    _feed(req, ScriptedEventSource().key("\t"))
    _feed(req, _type("#?.txt"))
    assert [e.name for e in req.list if e.kind == "file"] == ["notes.txt"]
    _feed(req, _type("(a"))
    assert req.refused == '"(a" is not a pattern.' and req.pattern == "#?.txt"


def test_drawers_open_with_a_click_and_the_parent_entry_goes_up(drawer: Path) -> None:
    req = _requester(drawer / "sub")
    row = lambda n: LIST_TOP + n * ROW + 4  # noqa: E731
    _feed(req, ScriptedEventSource().click(X0 + 20, row(1)))  # "deeper"
    assert req.folder == drawer / "sub" / "deeper"
    _feed(req, ScriptedEventSource().click(X0 + 20, row(0)).click(X0 + 20, row(0)))
    assert req.folder == drawer  # two clicks on the parent: two drawers up
    assert req.drawer_field.text == str(drawer)
    source = ScriptedEventSource().click(X0 + 20, row(3)).pause(0.1).click(X0 + 20, row(3))
    assert _feed(req, source) == (True, drawer / "b.saga")  # a double click takes a game


def test_the_wheel_and_the_scroll_bar_scroll_the_list(tmp_path: Path) -> None:
    for n in range(40):
        (tmp_path / f"game{n:02}.saga").write_bytes(b"")
    req = _requester(tmp_path)
    assert len(req.list) == 41 and req.scroller.top == 0
    _feed(req, ScriptedEventSource().raw(RawKey.WHEEL_DOWN).raw(RawKey.WHEEL_DOWN))
    assert req.scroller.top == 6
    _feed(req, ScriptedEventSource().raw(RawKey.WHEEL_UP))
    assert req.scroller.top == 3
    knob = req.scroller.knob()
    x = (knob.left + knob.right) // 2
    _feed(req, ScriptedEventSource().click(x, knob.bottom + 3))  # below the knob: a page
    assert req.scroller.top == 3 + ROWS - 1
    knob = req.scroller.knob()
    source = ScriptedEventSource().move(x, knob.top + 2).press()
    source.move(x, req.scroller.box.bottom + 50).release()  # dragged to the end
    _feed(req, source)
    assert req.scroller.top == 41 - ROWS
    row = LIST_TOP + (ROWS - 1) * ROW + 4
    _feed(req, ScriptedEventSource().click(X0 + 20, row))  # the last row shown: the last game
    assert req.file_field.text == "game39.saga"


def test_the_right_button_and_cancel_give_up(drawer: Path) -> None:
    req = _requester(drawer, "mine")
    assert _feed(req, ScriptedEventSource().click(300, 200, MouseCode.MENUDOWN)) == (True, None)
    req = _requester(drawer, "mine")
    box = req.cancel.box
    assert _feed(req, ScriptedEventSource().click(box.left + 4, box.top + 4)) == (True, None)
    req = _requester(drawer, "mine")
    box = req.ok.box
    assert _feed(req, ScriptedEventSource().click(box.left + 4, box.top + 4)) == (
        True,
        drawer / "mine",
    )


def test_split_typed() -> None:
    assert split_typed("game") == (None, "game")
    assert split_typed("a/b/game") == ("a/b", "game")
    assert split_typed("/game") == ("/", "game")
    assert split_typed("a/") == ("a", "")


@pytest.mark.parametrize(
    ("pattern", "name", "matched"),
    [
        ("#?.saga", "Game.SAGA", True),
        ("#?.saga", "game.sav", False),
        ("*.saga", "a.saga", True),
        ("(a|b)#?", "bx", True),
        ("(a|b)#?", "cx", False),
        ("~(#?.info)", "x.info", False),
        ("~(#?.info)", "x.saga", True),
        ("[a-c]x", "Bx", True),
        ("[~a-c]x", "bx", False),
        ("a#bc", "abbbc", True),
        ("a#bc", "ac", True),
        ("'?", "?", True),
        ("'?", "a", False),
        ("game?", "game12", False),
        ("%", "", True),
    ],
)
def test_amigados_patterns(pattern: str, name: str, matched: bool) -> None:
    assert matches(compile_pattern(pattern), name) is matched


@pytest.mark.parametrize("pattern", ["(a", "a)", "[ab", "#", "'"])
def test_a_broken_pattern_is_an_error(pattern: str) -> None:
    with pytest.raises(PatternError):
        compile_pattern(pattern)
