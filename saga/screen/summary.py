"""The game summary (Shift+Help): every hero in a line, the piles, the scores.

The table is worked out as the Amiga original works it out: printed
strength and moves, the sword's initial, treasures carried by the hero's
jarls counted with the hero's own, and the jarls' gold added to the hero's.
Beside it the piles still to be drawn from, and below it the score of every
hero over the last 40 turns, against the 15 points that earn Valhalla.
"""

from __future__ import annotations

from saga.art import COUNTER_SIZE
from saga.engine import tables as T
from saga.look.text import Lookup
from saga.look.view import GameView
from saga.screen import pens as P
from saga.screen.panel import LINE_HEIGHT, Panel
from saga.screen.ui import Ui

WIDTH = 470
TABLE_X = 12
PILES_X = 374  # the monsters' pile; the jarls' and treasures' follow
PILE_GAP = 30
PILE_STEP = 7  # pixels between counters in a pile
PILE_TOP = 17
GRAPH_X, GRAPH_W, GRAPH_H = 10, 351, 210
TURN_STEP = 9  # pixels a turn on the graph: 40 turns in GRAPH_W
SHOWN_TURNS = 40
PIXELS_A_POINT = 2


def hero_row(v: GameView, t: Lookup, hero: int) -> str:
    """One hero's line, in the columns of the catalog's heading."""
    h = v.heroes[hero]
    jarls = [j for j in v.jarls if j.alive and j.hero == hero]
    kingdoms = sum(1 for king in v.kings[: T.LAND_AREAS] if king == hero)
    sword = next(
        (T.SWORD_NAMES[s][0] for s, item in enumerate(v.swords) if item.held_by(T.HERO, hero)), "-"
    )
    # A jarl's treasures count for the jarl's hero, dead jarls' too, as in
    # the original.
    treasures = sum(
        1
        for item in v.treasures
        if item.held_by(T.HERO, hero)
        or (item.possessortype == T.JARL and v.jarls[item.possessor].hero == hero)
    )
    control = t("MSG_KEY_HUMAN") if h.control == T.HUMAN else "A"
    if not h.alive:
        state = t("MSG_KEY_DEAD")
    else:
        state = t("MSG_KEY_WOUNDED" if h.wounded else "MSG_KEY_HEALTHY")
    rune = T.RUNE_NAMES[h.rune][0] if h.rune >= 0 else "-"
    gold = h.wealth + sum(j.wealth for j in jarls)
    return (
        f"{h.name:<11}{h.strength}-{h.moves} {len(jarls)} {kingdoms} {sword} {treasures} "
        f"{control} {state} {rune}{h.glory:>5}{h.luck:>5}{gold:>5}"
    )


def summary_rows(v: GameView, t: Lookup) -> list[tuple[str, int]]:
    """The heading and a line for each hero in play, with its pen."""
    rows = [(t("MSG_SUMMARY_HEADINGS"), P.WHITE)]
    rows += [
        (hero_row(v, t, h.index), P.hero_pen(h.index)) for h in v.heroes if h.control != T.NONE
    ]
    return rows


def piles(v: GameView) -> list[list[int]]:
    """Monsters, jarls and treasures not yet drawn, in table order.

    As in the original, a basic game's piles show the advanced monsters and
    treasures too: they are never drawn, so they always lie there.
    """
    monsters = [m.index for m in v.monsters if not m.taken]
    jarls = [j.index for j in v.jarls if not j.taken]
    treasures = [i for i, item in enumerate(v.treasures) if not item.taken]
    return [monsters, jarls, treasures]


def summary_window(ui: Ui, v: GameView, t: Lookup) -> Panel:
    panel = open_summary(ui, v, t)
    panel.wait()
    return panel


def open_summary(ui: Ui, v: GameView, t: Lookup) -> Panel:
    rows = summary_rows(v, t)
    lines = len(rows)  # the heroes and a blank line under them
    graph_y = 20 + lines * LINE_HEIGHT
    tallest = max(len(pile) for pile in piles(v))
    height = max(graph_y + GRAPH_H + 8, PILE_TOP + tallest * PILE_STEP + COUNTER_SIZE)
    panel = Panel(ui, t("MSG_SUMMARY_TITLE"), WIDTH, height)
    heading, _ = rows[0]
    panel.text(TABLE_X, 11, heading)
    panel.text(PILES_X, 11, t("MSG_PILES"))
    panel.line(TABLE_X + 1, 15, WIDTH - 12, 15, P.BLACK)
    panel.line(TABLE_X, 14, WIDTH - 13, 14, P.WHITE)
    for row, (text, pen) in enumerate(rows[1:], 1):
        panel.text(TABLE_X, 13 + row * LINE_HEIGHT, text, pen)
    _draw_piles(panel, v)
    _draw_graph(panel, v, graph_y)
    return panel


def _draw_piles(panel: Panel, v: GameView) -> None:
    for column, numbers in enumerate(piles(v)):
        x = PILES_X + column * PILE_GAP
        kind = (T.MONSTER, T.JARL, T.TREASURE)[column]
        # The first counter lies on top, so the bottom ones are drawn first.
        for place in reversed(range(len(numbers))):
            image = panel.ui.art.counter(kind, numbers[place], face_down=kind != T.MONSTER)
            panel.ui.rp.blit(image, panel.x0 + x, panel.y0 + PILE_TOP + place * PILE_STEP)


def _draw_graph(panel: Panel, v: GameView, top: int) -> None:
    x0, bottom = GRAPH_X, top + GRAPH_H
    panel.fill(x0, top, x0 + GRAPH_W, bottom, P.BLACK)
    panel.ui.box(
        panel.x0 + x0 - 1,
        panel.y0 + top - 1,
        panel.x0 + x0 + GRAPH_W + 1,
        panel.y0 + bottom + 1,
        raised=False,
    )
    first = max(0, v.turn - SHOWN_TURNS)
    for i in range(1, SHOWN_TURNS - 1):
        # The original marks the game's last turn in white.
        pen = P.WHITE if first + i == v.turns else P.DARK_GREY
        panel.line(x0 + i * TURN_STEP, top, x0 + i * TURN_STEP, bottom, pen)
    valhalla = bottom - T.VALHALLA * PIXELS_A_POINT
    panel.line(x0, valhalla, x0 + GRAPH_W, valhalla, P.WHITE)

    def height(score: int) -> int:
        return bottom - max(0, min(score * PIXELS_A_POINT, GRAPH_H))

    for h in v.heroes:
        if h.control == T.NONE:
            continue
        scores = v.score_history(h.index)
        last = min(v.turn, len(scores) - 1)
        x, y = x0, height(scores[first])
        for i in range(SHOWN_TURNS - 1):
            if first + i >= last:
                break
            nx, ny = x0 + (i + 1) * TURN_STEP, height(scores[first + i + 1])
            panel.line(x, y, nx, ny, P.hero_pen(h.index))
            x, y = nx, ny
