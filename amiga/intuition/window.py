"""Windows and requesters: a bevelled box with a title bar and gadgets."""

from __future__ import annotations

from collections.abc import Iterable

from amiga.display.box import Box
from amiga.display.rastport import RastPort
from amiga.input.message import IntuiMessage
from amiga.intuition.gadgets import Gadget, GadgetList
from amiga.intuition.look import DrawInfo, bevel, fill, label

TITLE_HEIGHT = 12


class Window:
    """A box on the screen with a title and its own gadgets.

    ``title_pen`` colours the title text (a hero's colour, say); the bar
    behind it is the FILLPEN of an active window.
    """

    def __init__(
        self,
        box: Box,
        title: str,
        di: DrawInfo,
        *,
        title_pen: int | None = None,
        gadgets: Iterable[Gadget] = (),
    ) -> None:
        self.box = box
        self.title = title
        self.di = di
        self.title_pen = di.fill_text if title_pen is None else title_pen
        self.gadgets = GadgetList(gadgets)

    @classmethod
    def centred(
        cls, width: int, height: int, screen: Box, title: str, di: DrawInfo, **kw: object
    ) -> Window:
        """A window of a size, in the middle of the screen (clipped to it)."""
        width, height = min(width, screen.width), min(height, screen.height)
        left = screen.left + (screen.width - width) // 2
        top = screen.top + (screen.height - height) // 2
        return cls(Box(left, top, left + width, top + height), title, di, **kw)  # type: ignore[arg-type]

    @property
    def inner(self) -> Box:
        """The window's room below its title bar, inside its border."""
        b = self.box
        return Box(b.left + 4, b.top + TITLE_HEIGHT + 2, b.right - 4, b.bottom - 2)

    def draw(self, rp: RastPort) -> None:
        di, b = self.di, self.box
        fill(rp, b, di.background)
        bevel(rp, b, di)
        bar = Box(b.left + 2, b.top + 2, b.right - 2, b.top + TITLE_HEIGHT)
        fill(rp, bar, di.fill)
        label(rp, bar.left + 6, bar.top + 1, self.title, self.title_pen)
        self.gadgets.draw(rp, di)

    def handle(self, message: IntuiMessage) -> Gadget | None:
        """The gadget a message makes report, if any; clicks elsewhere do nothing."""
        return self.gadgets.handle(message)
