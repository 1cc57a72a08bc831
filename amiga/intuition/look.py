"""The pens Intuition draws with, and the bevelled boxes everything is made of."""

from __future__ import annotations

from dataclasses import dataclass

from amiga.display.box import Box
from amiga.display.rastport import DrawMode, RastPort


@dataclass(frozen=True)
class DrawInfo:
    """The screen's pens by role, as a DrawInfo's dri_Pens array gives them."""

    text: int  # TEXTPEN: labels on gadgets
    shine: int  # SHINEPEN: the lit edges
    shadow: int  # SHADOWPEN: the dark edges, and text on windows
    fill: int  # FILLPEN: a selected item, an active title bar
    fill_text: int  # FILLTEXTPEN: text on FILLPEN
    background: int  # BACKGROUNDPEN: windows and gadget faces
    highlight: int  # HIGHLIGHTTEXTPEN: text that must stand out
    disabled: int  # ghosted text
    bar_detail: int  # BARDETAILPEN: menu text
    bar_block: int  # BARBLOCKPEN: the menu bar and boxes


def fill(rp: RastPort, box: Box, pen: int) -> None:
    if box.empty:
        return
    rp.apen = pen
    rp.rect_fill(box.left, box.top, box.right - 1, box.bottom - 1)


def bevel(rp: RastPort, box: Box, di: DrawInfo, *, raised: bool = True) -> None:
    """A bevelled edge round a box: lit top-left and dark bottom-right when raised."""
    x0, y0, x1, y1 = box.left, box.top, box.right - 1, box.bottom - 1
    rp.apen = di.shine if raised else di.shadow
    rp.move(x0, y1)
    rp.draw(x0, y0)
    rp.draw(x1, y0)
    rp.apen = di.shadow if raised else di.shine
    rp.draw(x1, y1)
    rp.draw(x0, y1)


def outline(rp: RastPort, box: Box, pen: int) -> None:
    """A one-pixel line round the inside of a box."""
    x0, y0, x1, y1 = box.left, box.top, box.right - 1, box.bottom - 1
    rp.apen = pen
    rp.move(x0, y0)
    for x, y in ((x1, y0), (x1, y1), (x0, y1), (x0, y0)):
        rp.draw(x, y)


def label(rp: RastPort, x: int, top: int, text: str, pen: int) -> None:
    """Text whose cell's top edge is at ``top`` (not its baseline)."""
    rp.draw_mode = DrawMode.JAM1
    rp.apen = pen
    rp.move(x, top + rp.font.baseline)
    rp.text(text)


def centred(rp: RastPort, box: Box, text: str, pen: int) -> None:
    """Text centred in a box, both ways."""
    width = rp.text_length(text)
    top = box.top + (box.height - rp.font.height + 1) // 2
    label(rp, box.left + (box.width - width) // 2, top, text, pen)
