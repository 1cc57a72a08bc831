"""One table of pens and colours: the art preview shows what the game shows."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

from saga.art import preview
from saga.art.palette import default_palette
from saga.engine import tables as T
from saga.look import pens as P
from saga.screen.board import Board
from saga.screen.ui import Ui

SAGA = Path(__file__).resolve().parent.parent / "saga"
AMBER = (221, 136, 34)


def test_preview_and_game_show_the_same_colours(ui: Ui) -> None:
    board = Board(ui)
    below_frame = P.BORDER[0]
    assert ui.screen.palette.colours()[:below_frame] == list(default_palette()[:below_frame])

    kings = [-1] * T.AREAS
    for hero, areas in preview._KINGDOMS.items():
        for area in areas:
            kings[area] = hero
    ice = [area == preview._ICE for area in range(T.AREAS)]
    board._recolour(SimpleNamespace(kings=kings, ice=ice))  # type: ignore[arg-type]
    _, shown = preview.in_play()
    assert ui.screen.palette.colours()[:below_frame] == shown[:below_frame]
    # Beowulf's counter pen is amber and his kingdom a paler amber in both
    # (the preview once drew them red).
    assert shown[P.FIRST_HERO] == AMBER
    assert shown[P.area_pen(preview._KINGDOMS[0][0])] == P.KINGDOM_COLOURS[0] != AMBER


def _colour_literals(path: Path) -> set[tuple[int, int, int]]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3:
            values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if len(values) == 3 and all(type(v) is int and 0 <= v <= 255 for v in values):
                found.add(tuple(values))
    return found  # type: ignore[return-value]


def test_only_the_pen_table_defines_hero_colours() -> None:
    heroes = set(P.HERO_COLOURS)
    assert AMBER in _colour_literals(SAGA / "look" / "pens.py")
    for path in SAGA.rglob("*.py"):
        if path != SAGA / "look" / "pens.py":
            assert not _colour_literals(path) & heroes, path
