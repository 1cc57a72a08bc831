"""A picture of a simulation: each hero's final scores, drawn on an off-screen Amiga screen.

One panel per hero, a bar per score in the hero's own colour (the colours
the game gives its counters and messages), all panels on the same scales so
the heroes compare at a glance; a white line marks the mean.  The screen is
made a PNG by the display layer, so no window or pygame is involved.  It is
given the figures to draw (:class:`Panel`), not the simulation they come from.
"""

from __future__ import annotations

from dataclasses import dataclass

from amiga.display import PAL_HEIGHT, PAL_WIDTH, DrawMode, RastPort, Screen
from amiga.display.screenshot import png_bytes
from saga.engine import tables as T
from saga.look import pens as P
from saga.look.text import decimal
from saga.screen.pens import fixed_colours, install

WIDTH, HEIGHT = PAL_WIDTH, PAL_HEIGHT  # drawn on the game's own screen
COLUMNS = 2
TOP = 24  # below the title
GAP = 12
FONT = 8


@dataclass(frozen=True)
class Panel:
    """One hero's panel: the mean and spread of the final scores, and how often each score came."""

    hero: int
    mean: float
    spread: float
    counts: list[int]  # games that ended on each score, from 0


def draw_chart(title: str, panels: list[Panel]) -> Screen:
    screen = Screen(WIDTH, HEIGHT, depth=7)
    palette = screen.palette
    install(palette, fixed_colours())
    rp = screen.rastport
    rp.draw_mode = DrawMode.JAM1
    rp.apen = P.BLACK
    rp.rect_fill(0, 0, WIDTH - 1, HEIGHT - 1)
    _text(rp, 8, 12, title, P.WHITE)
    bins = max(len(p.counts) for p in panels)
    tallest = max(max(p.counts) for p in panels)
    rows = (len(panels) + COLUMNS - 1) // COLUMNS
    width = (WIDTH - GAP * (COLUMNS + 1)) // COLUMNS
    height = (HEIGHT - TOP - GAP * rows) // rows
    for place, panel in enumerate(panels):
        x0 = GAP + (place % COLUMNS) * (width + GAP)
        y0 = TOP + (place // COLUMNS) * (height + GAP)
        _panel(rp, x0, y0, width, height, panel, bins, tallest)
    return screen


def _panel(
    rp: RastPort,
    x0: int,
    y0: int,
    width: int,
    height: int,
    hero: Panel,
    bins: int,
    tallest: int,
) -> None:
    pen = P.hero_pen(hero.hero)
    _text(rp, x0, y0 + FONT, T.HERO_NAMES[hero.hero], pen)
    mean = hero.mean
    label = caption(hero)
    _text(rp, x0 + width - FONT * len(label), y0 + FONT, label, P.LIGHT_GREY)
    # The plot: bars standing on a baseline, score 0 at the left.
    px0, px1 = x0, x0 + width - 1
    py0, py1 = y0 + FONT + 4, y0 + height - FONT - 4
    for score, count in enumerate(hero.counts):
        if not count:
            continue
        left = px0 + score * (px1 - px0 + 1) // bins
        right = max(left, px0 + (score + 1) * (px1 - px0 + 1) // bins - 2)
        top = py1 - max(1, count * (py1 - py0) // tallest)
        rp.apen = pen
        rp.rect_fill(left, top, right, py1)
    rp.apen = P.DARK_GREY
    rp.move(px0, py1 + 1)
    rp.draw(px1, py1 + 1)
    at = px0 + int((mean + 0.5) * (px1 - px0 + 1) / bins)
    rp.apen = P.WHITE
    rp.move(at, py0)
    rp.draw(at, py1)
    high = str(bins - 1)
    _text(rp, px0, py1 + FONT + 3, "0", P.LIGHT_GREY)
    _text(rp, px1 - FONT * len(high), py1 + FONT + 3, high, P.LIGHT_GREY)


def caption(hero: Panel) -> str:
    """The figures above a panel, written as the simulation's table writes them."""
    return f"mean {decimal(hero.mean)}  spread {decimal(hero.spread)}"


def _text(rp: RastPort, x: int, baseline: int, text: str, pen: int) -> None:
    rp.apen = pen
    rp.move(x, baseline)
    rp.text(text)


def chart_png(title: str, panels: list[Panel]) -> bytes:
    return png_bytes(draw_chart(title, panels))
