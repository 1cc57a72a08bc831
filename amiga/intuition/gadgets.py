"""Gadgets: button, cycle, checkbox, slider, scroller and string, after GadTools.

A gadget is a box.  It draws itself inside that box and answers the pointer
only inside it, so nothing can be hit that is not seen.  A
:class:`GadgetList` routes messages as Intuition does: the press picks the
gadget under the pointer, which then follows the pointer until the button
is let go (a button counts only if released over it, a slider knob drags);
a string gadget, once clicked, takes the keys until Return.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from amiga.display.box import Box
from amiga.display.rastport import RastPort
from amiga.input.codes import IDCMP, MouseCode, Qualifier, RawKey
from amiga.input.message import IntuiMessage
from amiga.intuition.look import DrawInfo, bevel, centred, fill, label, outline

KNOB_WIDTH = 12


class Gadget:
    """A box on the screen that reacts to the pointer (the base of all)."""

    def __init__(self, box: Box, *, enabled: bool = True) -> None:
        self.box = box
        self.enabled = enabled
        self.pressed = False  # drawn pushed in while the button is held over it

    def hit(self, x: int, y: int) -> bool:
        """Whether a pointer at (x, y) is on this gadget: inside its box."""
        b = self.box
        return self.enabled and b.left <= x < b.right and b.top <= y < b.bottom

    def draw(self, rp: RastPort, di: DrawInfo) -> None:
        raise NotImplementedError

    # The pointer, while this gadget is the active one; each says whether
    # the gadget now reports (GADGETUP, or a slider's new level).

    def down(self, x: int, y: int, qualifier: int) -> bool:
        self.pressed = True
        self._back = bool(qualifier & Qualifier.SHIFT)
        return False

    def move(self, x: int, y: int) -> bool:
        self.pressed = self.hit(x, y)
        return False

    def up(self, x: int, y: int) -> bool:
        """Release: a gadget counts only if the pointer is still on it (RELVERIFY)."""
        released_over = self.hit(x, y)
        self.pressed = False
        if released_over:
            self.activate(self._back)
        return released_over

    def activate(self, back: bool = False) -> None:
        """What a full click does (also a keyboard shortcut's doing)."""

    _back = False

    def _face(self, rp: RastPort, di: DrawInfo) -> None:
        fill(rp, self.box, di.fill if self.pressed else di.background)
        bevel(rp, self.box, di, raised=not self.pressed)


class Button(Gadget):
    """A labelled push button."""

    def __init__(self, box: Box, text: str, **kw: bool) -> None:
        super().__init__(box, **kw)
        self.text = text

    def draw(self, rp: RastPort, di: DrawInfo) -> None:
        self._face(rp, di)
        pen = di.fill_text if self.pressed else di.text
        centred(rp, self.box, self.text, pen if self.enabled else di.disabled)


class Cycle(Gadget):
    """A button that steps through choices (Shift-click steps back)."""

    def __init__(self, box: Box, choices: Sequence[str], active: int = 0, **kw: bool) -> None:
        super().__init__(box, **kw)
        self.choices = list(choices)
        self.active = active

    def activate(self, back: bool = False) -> None:
        self.active = (self.active + (-1 if back else 1)) % len(self.choices)

    def draw(self, rp: RastPort, di: DrawInfo) -> None:
        self._face(rp, di)
        b = self.box
        # The cycle glyph: a small loop arrow and a divider, as GadTools draws.
        rp.apen = di.text
        x, y = b.left + 5, b.top + b.height // 2
        rp.move(x + 5, y - 3)
        rp.draw(x, y - 3)
        rp.draw(x, y + 2)
        rp.draw(x + 5, y + 2)
        rp.move(x + 4, y + 1)
        rp.draw(x + 6, y + 3)
        rp.apen = di.shadow
        rp.move(b.left + 15, b.top + 2)
        rp.draw(b.left + 15, b.bottom - 3)
        rp.apen = di.shine
        rp.move(b.left + 16, b.top + 2)
        rp.draw(b.left + 16, b.bottom - 3)
        text_box = Box(b.left + 17, b.top, b.right, b.bottom)
        pen = di.fill_text if self.pressed else di.text
        centred(rp, text_box, self.choices[self.active], pen if self.enabled else di.disabled)


class CheckBox(Gadget):
    """A box with a tick or none."""

    def __init__(self, box: Box, checked: bool = False, **kw: bool) -> None:
        super().__init__(box, **kw)
        self.checked = checked

    def activate(self, back: bool = False) -> None:
        self.checked = not self.checked

    def draw(self, rp: RastPort, di: DrawInfo) -> None:
        self._face(rp, di)
        if not self.checked:
            return
        b = self.box
        rp.apen = di.text if self.enabled else di.disabled
        # A tick, two pixels thick, inside the bevel.
        left, bottom, right, top = b.left + 4, b.bottom - 4, b.right - 5, b.top + 3
        mid = left + (bottom - top) // 2
        for dy in (0, -1):
            rp.move(left, (top + bottom) // 2 + dy)
            rp.draw(mid, bottom + dy)
            rp.draw(right, top + dy)


class _Knobbed(Gadget):
    """A gadget with a knob that drags along a sunken groove: a slider or a
    scroll bar.  Subclasses place the knob and say what a drag moves."""

    _grip: int | None = None  # the pointer's offset into the knob while dragging

    def knob(self) -> Box:
        raise NotImplementedError

    def up(self, x: int, y: int) -> bool:
        dragged = self._grip is not None
        self._grip = None
        self.pressed = False
        return dragged and self.move(x, y)

    def draw(self, rp: RastPort, di: DrawInfo) -> None:
        fill(rp, self.box, di.shadow)
        bevel(rp, self.box, di, raised=False)
        knob = self.knob()
        fill(rp, knob, di.fill if self.pressed else di.background)
        bevel(rp, knob, di)


class Slider(_Knobbed):
    """A knob in a groove, for a whole number from ``low`` to ``high``.

    The knob drags; a click in the groove beside the knob steps one level
    towards the pointer, as a GadTools slider does.
    """

    def __init__(self, box: Box, low: int, high: int, level: int, **kw: bool) -> None:
        super().__init__(box, **kw)
        self.low, self.high = low, high
        self.level = min(max(level, low), high)

    def knob(self) -> Box:
        b = self.box
        travel = b.width - 2 - KNOB_WIDTH
        span = max(self.high - self.low, 1)
        x = b.left + 1 + travel * (self.level - self.low) // span
        return Box(x, b.top + 1, x + KNOB_WIDTH, b.bottom - 1)

    def _set(self, level: int) -> bool:
        level = min(max(level, self.low), self.high)
        changed = level != self.level
        self.level = level
        return changed

    def down(self, x: int, y: int, qualifier: int) -> bool:
        knob = self.knob()
        if knob.left <= x < knob.right:
            self._grip = x - knob.left
            self.pressed = True
            return False
        self._grip = None
        return self._set(self.level + (1 if x >= knob.right else -1))

    def move(self, x: int, y: int) -> bool:
        if self._grip is None:
            return False
        travel = self.box.width - 2 - KNOB_WIDTH
        offset = x - self._grip - (self.box.left + 1)
        span = self.high - self.low
        return self._set(self.low + round(offset * span / max(travel, 1)))


class Scroller(_Knobbed):
    """A vertical scroll bar, after GadTools' scroller: of ``total`` lines,
    ``visible`` are shown from ``top``.

    The knob is as long as the part shown is of the whole and drags; a click
    in the groove above or below it pages by all but one line.
    """

    def __init__(self, box: Box, total: int = 0, visible: int = 1, top: int = 0, **kw: bool):
        super().__init__(box, **kw)
        self.total, self.visible, self.top = total, max(1, visible), 0
        self.scroll_to(top)

    @property
    def most(self) -> int:
        """The largest top: the last lines shown."""
        return max(0, self.total - self.visible)

    def scroll_to(self, top: int) -> bool:
        """Show from line ``top`` (kept in range); True if that moved."""
        top = min(max(top, 0), self.most)
        changed = top != self.top
        self.top = top
        return changed

    def knob(self) -> Box:
        b = self.box
        room = b.height - 2
        length = (
            room
            if self.total <= self.visible
            else max(KNOB_WIDTH // 2, room * self.visible // self.total)
        )
        y = b.top + 1 + (room - length) * self.top // max(1, self.most)
        return Box(b.left + 1, y, b.right - 1, y + length)

    def down(self, x: int, y: int, qualifier: int) -> bool:
        knob = self.knob()
        if knob.top <= y < knob.bottom:
            self._grip = y - knob.top
            self.pressed = True
            return False
        self._grip = None
        page = max(1, self.visible - 1)
        return self.scroll_to(self.top + (page if y >= knob.bottom else -page))

    def move(self, x: int, y: int) -> bool:
        if self._grip is None:
            return False
        knob = self.knob()
        travel = self.box.height - 2 - knob.height
        offset = y - self._grip - (self.box.top + 1)
        return self.scroll_to(round(offset * self.most / max(travel, 1)))


class StringGadget(Gadget):
    """A line of text to edit: the cursor keys, Home and End, Backspace and
    Del; Right-Amiga X clears it.

    Text put in beforehand is shown selected, as a fresh Amiga string
    gadget's contents are: the first character typed replaces all of it,
    while a cursor key keeps it for editing.  Only the active gadget, the
    one the keys go to, shows its selection and cursor, inside a frame in
    the fill pen, so the player sees where typing goes.  A disabled one is
    ghosted and takes neither the pointer nor the keys.

    ``edit`` is the gadget's edit hook (SGH_KEY): it gets each character
    typed and gives the one to put in (``str.upper`` for a code, say), or
    None to refuse it; a refused key sets :attr:`refused` until the next.
    """

    def __init__(
        self,
        box: Box,
        text: str = "",
        *,
        max_chars: int = 64,
        refuse: str = "",
        edit: Callable[[str], str | None] | None = None,
        **kw: bool,
    ) -> None:
        super().__init__(box, **kw)
        self.max_chars = max_chars
        self.refuse = refuse  # characters never taken, e.g. "/" in a file name
        self.edit = edit
        self.refused = False
        self.set_text(text)
        self.active = False

    def set_text(self, text: str) -> None:
        """New contents, selected so that typing replaces them."""
        self.text = text[: self.max_chars]
        self.cursor = len(self.text)
        self.selected = bool(self.text)

    def down(self, x: int, y: int, qualifier: int) -> bool:
        self.active = True
        self.selected = False
        first = self._first_shown()
        self.cursor = min(len(self.text), first + max(0, (x - self.box.left - 4) // 8))
        return False

    def move(self, x: int, y: int) -> bool:
        return False

    def up(self, x: int, y: int) -> bool:
        return False

    def key(self, message: IntuiMessage) -> bool:
        """Edit with a key; True when Return ends the editing (GADGETUP)."""
        if message.idcmp == IDCMP.RAWKEY and not message.key_up:
            return self._cursor_key(message.raw_key, message.qualifier)
        if message.idcmp != IDCMP.VANILLAKEY:
            return False
        char = message.char
        self.refused = False
        if message.qualifier & (Qualifier.AMIGA | Qualifier.CONTROL):
            if char.upper() == "X":
                self.text, self.cursor, self.selected = "", 0, False
            return False
        if char == "\r":
            self.selected = False
            return True
        if char.isprintable() and self.edit is not None:
            edited = self.edit(char)
            if edited is None:
                self.refused = True
                return False
            char = edited
        if self.selected and (char in "\b\x7f" or char.isprintable()):
            self.text, self.cursor, self.selected = "", 0, False
            if char in "\b\x7f":
                return False
        if char == "\b":
            if self.cursor:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
                self.cursor -= 1
        elif char == "\x7f":
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
        elif char.isprintable() and len(self.text) < self.max_chars and char not in self.refuse:
            self.text = self.text[: self.cursor] + char + self.text[self.cursor :]
            self.cursor += 1
        elif char.isprintable():
            self.refused = True
        return False

    def _cursor_key(self, raw: int, qualifier: int) -> bool:
        if raw not in (RawKey.LEFT, RawKey.RIGHT, RawKey.HOME, RawKey.END):
            return False  # a typing key: its character follows as VANILLAKEY
        self.selected = False
        if raw == RawKey.LEFT:
            self.cursor = 0 if qualifier & Qualifier.SHIFT else max(0, self.cursor - 1)
        elif raw == RawKey.RIGHT:
            end = len(self.text)
            self.cursor = end if qualifier & Qualifier.SHIFT else min(end, self.cursor + 1)
        elif raw == RawKey.HOME:
            self.cursor = 0
        elif raw == RawKey.END:
            self.cursor = len(self.text)
        return False

    def _columns(self) -> int:
        return max(1, (self.box.width - 8) // 8)

    def _first_shown(self) -> int:
        """The first character shown: enough scrolled that the cursor is seen."""
        return max(0, self.cursor - self._columns() + 1)

    def draw(self, rp: RastPort, di: DrawInfo) -> None:
        b = self.box
        fill(rp, b, di.background)
        bevel(rp, b, di, raised=False)
        first = self._first_shown()
        shown = self.text[first : first + self._columns()]
        top = b.top + (b.height - rp.font.height + 1) // 2
        if not self.enabled:
            label(rp, b.left + 4, top, shown, di.disabled)
            return
        selected = self.selected and self.active
        if selected:
            fill(
                rp, Box(b.left + 4, top, b.left + 4 + 8 * len(shown), top + rp.font.height), di.fill
            )
        label(rp, b.left + 4, top, shown, di.fill_text if selected else di.text)
        if self.active:
            outline(rp, Box(b.left + 1, b.top + 1, b.right - 1, b.bottom - 1), di.fill)
        if self.active and not self.selected:
            x = b.left + 4 + 8 * (self.cursor - first)
            fill(rp, Box(x, top, x + 8, top + rp.font.height), di.fill)
            under = self.text[self.cursor : self.cursor + 1]
            label(rp, x, top, under, di.fill_text)


class GadgetList:
    """The gadgets of a window, and which one has the pointer or the keys."""

    def __init__(self, gadgets: Iterable[Gadget] = ()) -> None:
        self.gadgets = list(gadgets)
        self.active: Gadget | None = None  # the one the button went down on
        self.typing: StringGadget | None = None

    def add(self, gadget: Gadget) -> Gadget:
        self.gadgets.append(gadget)
        return gadget

    def at(self, x: int, y: int) -> Gadget | None:
        return next((g for g in self.gadgets if g.hit(x, y)), None)

    def draw(self, rp: RastPort, di: DrawInfo) -> None:
        for gadget in self.gadgets:
            gadget.draw(rp, di)

    def activate_string(self, gadget: StringGadget | None) -> None:
        """Give the keys to a string gadget (ActivateGadget), or take them back."""
        if self.typing is not None:
            self.typing.active = False
        self.typing = gadget
        if gadget is not None:
            gadget.active = True

    def handle(self, message: IntuiMessage) -> Gadget | None:
        """Deal with a message; return the gadget that reports, if any.

        A press outside every gadget is nobody's: it does nothing here.
        """
        kind, x, y = message.idcmp, message.mouse_x, message.mouse_y
        if kind == IDCMP.MOUSEBUTTONS and message.code == MouseCode.SELECTDOWN:
            gadget = self.at(x, y)
            if gadget is None:
                return None
            if isinstance(gadget, StringGadget):
                self.activate_string(gadget)
            self.active = gadget
            return gadget if gadget.down(x, y, message.qualifier) else None
        if kind == IDCMP.MOUSEMOVE and self.active is not None:
            return self.active if self.active.move(x, y) else None
        if kind == IDCMP.MOUSEBUTTONS and message.code == MouseCode.SELECTUP:
            gadget, self.active = self.active, None
            if gadget is not None and gadget.up(x, y):
                return gadget
            return None
        typing = self.typing
        if kind in (IDCMP.VANILLAKEY, IDCMP.RAWKEY) and typing is not None and typing.enabled:
            return typing if typing.key(message) else None
        return None
