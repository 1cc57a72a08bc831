"""The network game's windows: hosting, joining, and waiting for players.

Views only, as every screen: they show what the driver gives them (lines of
text, the games found on the network) and return what the player chose;
:mod:`saga.window.network` does the networking.  Each window is a requester
over the dimmed screen with string gadgets (Tab goes to the next), OK and
Cancel; Return is OK, Escape and the right button cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from amiga.display import Image
from amiga.display.box import Box
from amiga.input import IDCMP, IntuiMessage, MouseCode
from amiga.intuition import Button, Cycle, Gadget, StringGadget, Window
from saga.engine import tables as T
from saga.look.text import Lookup
from saga.screen import pens as P
from saga.screen.ui import DRAW_INFO, HEIGHT, WIDTH, Ui
from saga.screen.windows import wrap

SCREEN = Box(0, 0, WIDTH, HEIGHT)
ROW = 16  # pixels between a form's rows
LABEL_W = 8 * 24  # room for a row's label
LIST_ROWS = 8
TICK = 0.25  # seconds between looks at what changed (games found, players come)
PROBLEM_ROWS = 2  # under a form: what is wrong with the code as typed


@dataclass
class HostForm:
    address: str  # where to listen: [ADDR:]PORT or [IPv6]:PORT
    code: str
    here: frozenset[int]  # the human heroes played on this machine
    online: bool = False  # over the internet, a code for each seat (address and code unused)


@dataclass
class JoinForm:
    address: str
    code: str
    seats: str  # hero names, comma-separated; empty to watch


@dataclass(frozen=True)
class CodeRule:
    """How a join code is typed, as the network's rules have it: ``edit``
    gives the character a typed one stands for (None: refused), a code has
    at most ``longest`` characters, and ``problem`` says what is wrong with
    one (None: it will do)."""

    edit: Callable[[str], str | None]
    longest: int
    problem: Callable[[str], str | None]


@dataclass
class Offer:
    """A game found on the local network, as the join window lists it."""

    line: str
    address: str
    open_seats: str


def _cancels(message: IntuiMessage) -> bool:
    return (message.idcmp == IDCMP.VANILLAKEY and message.char == "\x1b") or (
        message.idcmp == IDCMP.MOUSEBUTTONS
        and message.code in (MouseCode.MENUDOWN, MouseCode.MIDDLEDOWN)
    )


class _Form:
    """A window of labelled rows and OK/Cancel (or the buttons ``ok`` and ``cancel`` name)."""

    def __init__(
        self,
        t: Lookup,
        title: str,
        rows: int,
        extra: int = 0,
        *,
        ok: str = "",
        cancel: str = "",
    ) -> None:
        self.t = t
        width = 480
        height = 14 + 10 + rows * ROW + extra + 30
        self.window = Window.centred(width, height, SCREEN, title, DRAW_INFO)
        inner = self.window.inner
        self.left, self.top = inner.left + 8, inner.top + 8
        self.labels: list[tuple[int, str]] = []
        self.fields: list[StringGadget] = []
        ok, cancel = ok or t("MSG_OK"), cancel or t("MSG_CANCEL")
        b = self.window.box
        ok_box = Box(b.left + 12, b.bottom - 22, b.left + 12 + 8 * len(ok) + 17, b.bottom - 8)
        self.ok = Button(ok_box, ok)
        self.cancel = Button(
            Box(b.right - 28 - 8 * len(cancel), b.bottom - 22, b.right - 12, b.bottom - 8), cancel
        )
        self.window.gadgets.add(self.ok)
        self.window.gadgets.add(self.cancel)

    def row_box(self, row: int, width: int = 0) -> Box:
        y = self.top + row * ROW
        right = self.window.inner.right - 8 if not width else self.left + LABEL_W + width
        return Box(self.left + LABEL_W, y, right, y + 12)

    def field(
        self,
        row: int,
        label: str,
        text: str,
        max_chars: int = 48,
        edit: Callable[[str], str | None] | None = None,
        refuse: str = " ",
    ) -> StringGadget:
        gadget = StringGadget(
            self.row_box(row), text, max_chars=max_chars, refuse=refuse, edit=edit
        )
        self.labels.append((row, label))
        self.fields.append(gadget)
        self.window.gadgets.add(gadget)
        return gadget

    def label(self, row: int, text: str) -> None:
        self.labels.append((row, text))

    def draw(self, ui: Ui) -> None:
        self.window.draw(ui.rp)
        for row, text in self.labels:
            ui.text(self.left, self.top + row * ROW + 9, text, P.BLACK)

    def next_field(self) -> None:
        """Tab: the keys go to the next field that is in use."""
        gadgets = self.window.gadgets
        now = gadgets.typing
        start = self.fields.index(now) + 1 if now in self.fields else 0
        for step in range(len(self.fields)):
            field = self.fields[(start + step) % len(self.fields)]
            if field.enabled:
                gadgets.activate_string(field)
                return

    def answer(self, ui: Ui, message: IntuiMessage) -> bool | None:
        """True for OK, False for Cancel, None to go on; ``message`` is handled.

        A key the field under typing refuses, and an OK while the code
        field's problem stands, flash the screen (DisplayBeep)."""
        if message.idcmp == IDCMP.VANILLAKEY and message.char == "\t":
            self.next_field()
            return None
        if _cancels(message):
            return False
        gadget: Gadget | None
        returned = message.idcmp == IDCMP.VANILLAKEY and message.char == "\r"
        if returned and self.window.gadgets.typing is None:
            gadget = self.ok  # no field takes the keys: Return is OK all the same
        else:
            gadget = self.window.handle(message)
        typing = self.window.gadgets.typing
        if typing is not None and typing.refused:
            typing.refused = False
            ui.flash()
        if gadget is self.cancel:
            return False
        if gadget is self.ok or gadget in self.fields:
            if self.problem() is not None:
                ui.flash()
                return None
            return True
        self.changed = gadget
        return None

    changed: Gadget | None = None

    def code(self, row: int, t: Lookup, code: str, rule: CodeRule) -> StringGadget:
        """The join code's field, typed by ``rule``, its problem said under the form."""
        self.rule = rule
        self.code_field = self.field(row, t("MSG_NET_CODE"), code, rule.longest, rule.edit)
        return self.code_field

    rule: CodeRule | None = None
    code_field: StringGadget | None = None

    def problem(self) -> str | None:
        """What is wrong with the code as typed so far, if anything (a code
        field that is not used has nothing wrong)."""
        if self.rule is None or self.code_field is None or not self.code_field.enabled:
            return None
        return self.rule.problem(self.code_field.text)

    def draw_problem(self, ui: Ui, row: int) -> None:
        """The code's problem, as the player types, on the form's last rows."""
        problem = self.problem()
        if problem is None:
            return
        columns = (self.window.inner.width - 16) // 8
        for line, text in enumerate(wrap(problem, columns)[:PROBLEM_ROWS]):
            ui.text(self.left, self.top + row * ROW + 9 + line * 10, text, P.RED_TEXT)


def host_form(
    ui: Ui,
    t: Lookup,
    humans: list[int],
    address: str,
    code: str,
    rule: CodeRule,
    online: bool = False,
) -> HostForm | None:
    """Ask how to host (over the internet by code, or on this network: where
    to listen, a port or an address and port, and the join code) and which
    human heroes are played here."""
    form = _Form(t, t("MSG_MENU_HOST").rstrip("."), 3 + len(humans) + PROBLEM_ROWS)
    form.label(0, t("MSG_NET_HOW"))
    how = Cycle(form.row_box(0, 264), [t("MSG_NET_ON_LAN"), t("MSG_NET_ONLINE")], int(online))
    form.window.gadgets.add(how)
    address_field = form.field(1, t("MSG_NET_PORT"), address)
    code_field = form.code(2, t, code, rule)
    choices = [t("MSG_NET_HERE"), t("MSG_NET_OPEN")]
    cycles = []
    for row, hero in enumerate(humans, 3):
        form.label(row, T.HERO_NAMES[hero] + ":")
        cycle = Cycle(form.row_box(row, 160), choices, 0 if row == 3 else 1)
        form.window.gadgets.add(cycle)
        cycles.append(cycle)
    gadgets = form.window.gadgets
    with ui.requester_layer():
        while True:
            by_port = how.active == 0
            if address_field.enabled != by_port or gadgets.typing is None:
                # A game by code has no port and no join code: the fields are
                # greyed out and the keys go nowhere; back on a port, to the code.
                address_field.enabled = code_field.enabled = by_port
                gadgets.activate_string(code_field if by_port else None)
            form.draw(ui)
            form.draw_problem(ui, 3 + len(humans))
            message = ui.next_message(None)
            if message is None:
                continue
            done = form.answer(ui, message)
            if done is False:
                return None
            if done:
                here = frozenset(h for h, c in zip(humans, cycles, strict=True) if c.active == 0)
                return HostForm(address_field.text, code_field.text, here, how.active == 1)


def join_form(
    ui: Ui,
    t: Lookup,
    offers: Callable[[], list[Offer]],
    address: str,
    code: str,
    seats: str,
    rule: CodeRule,
    by_code: Callable[[str], bool],
) -> JoinForm | None:
    """Ask which game to join (games found on the LAN are listed): an online
    game's code, or an address and its join code; and the seats.  ``by_code``
    says whether the address field holds an online game's code (which needs
    no join code)."""
    form = _Form(t, t("MSG_MENU_JOIN").rstrip("."), 4 + LIST_ROWS + PROBLEM_ROWS, extra=4)
    form.label(0, t("MSG_NET_LAN"))
    list_top = form.top + ROW
    list_box = Box(form.left, list_top, form.window.inner.right - 8, list_top + LIST_ROWS * 10)
    row = 1 + (LIST_ROWS * 10) // ROW + 1
    # A code may be typed as heard, with spaces: 7 crossover clockwork.
    address_field = form.field(row, t("MSG_NET_ADDRESS"), address, refuse="")
    code_field = form.code(row + 1, t, code, rule)
    seats_field = form.field(row + 2, t("MSG_NET_SEATS"), seats)
    form.label(row + 3, "  " + t("MSG_NET_SPECTATOR").rjust(1))
    form.window.gadgets.activate_string(address_field if not address else code_field)
    shown: list[Offer] = []
    with ui.requester_layer():
        while True:
            shown = offers()[:LIST_ROWS]
            code_field.enabled = not by_code(address_field.text)
            form.draw(ui)
            form.draw_problem(ui, row + 4)
            _draw_offers(ui, t, list_box, shown)
            message = ui.next_message(TICK)
            if message is None or message.idcmp == IDCMP.INTUITICKS:
                continue
            if (
                message.idcmp == IDCMP.MOUSEBUTTONS
                and message.code == MouseCode.SELECTDOWN
                and list_box.left <= message.mouse_x < list_box.right
                and list_box.top <= message.mouse_y < list_box.bottom
            ):
                index = (message.mouse_y - list_box.top) // 10
                if index < len(shown):
                    address_field.set_text(shown[index].address)
                    seats_field.set_text(shown[index].open_seats)
                    form.window.gadgets.activate_string(code_field)
                continue
            done = form.answer(ui, message)
            if done is False:
                return None
            if done:
                return JoinForm(address_field.text, code_field.text, seats_field.text)


def _draw_offers(ui: Ui, t: Lookup, box: Box, offers: list[Offer]) -> None:
    ui.fill(box.left, box.top, box.right - 1, box.bottom - 1, P.LIGHT_GREY)
    ui.box(box.left, box.top, box.right - 1, box.bottom - 1, raised=False)
    columns = (box.width - 8) // 8
    if not offers:
        ui.text(box.left + 4, box.top + 9, t("MSG_NET_NO_LAN"), P.DARK_GREY)
    for row, offer in enumerate(offers):
        ui.text(box.left + 4, box.top + 9 + row * 10, offer.line[:columns], P.BLACK)


def wait_window(
    ui: Ui,
    t: Lookup,
    title: str,
    lines: Callable[[], list[str]],
    ready: Callable[[], bool],
    take_over: bool = False,
) -> str:
    """Show how things stand until ``ready``; "ready", "cancel" or "take_over"."""
    rows = 8
    form = _Form(t, title, rows)
    form.ok.enabled = False
    form.ok.text = t("MSG_NET_TAKE_OVER") if take_over else form.ok.text
    b = form.ok.box
    form.ok.box = Box(b.left, b.top, b.left + 8 * len(form.ok.text) + 17, b.bottom)
    with ui.requester_layer():
        while not ready():
            form.ok.enabled = take_over
            form.draw(ui)
            for row, text in enumerate(lines()[:rows]):
                ui.text(form.left, form.top + row * ROW + 9, text, P.BLACK)
            message = ui.next_message(TICK)
            if message is None or message.idcmp == IDCMP.INTUITICKS:
                continue
            done = form.answer(ui, message)
            if done is False:
                return "cancel"
            if done and take_over:
                return "take_over"
    return "ready"


LATE_ROWS = 4  # lines of the warning that an answer is late


def late_window(
    ui: Ui, t: Lookup, lines: Callable[[], list[str]], answered: Callable[[], bool]
) -> bool:
    """Warn the host that a seat's answer is late (``lines`` say whose, and for
    how long) until it comes: True if the host's player plays the seat here
    from now on, False to wait on (or once the answer has come)."""
    form = _Form(
        t, t("MSG_NET_GAME"), LATE_ROWS, ok=t("MSG_NET_PLAY_HERE"), cancel=t("MSG_NET_WAIT")
    )
    columns = (form.window.inner.width - 16) // 8
    with ui.requester_layer():
        while not answered():
            form.draw(ui)
            shown = [part for line in lines() for part in wrap(line, columns)]
            for row, text in enumerate(shown[:LATE_ROWS]):
                ui.text(form.left, form.top + row * ROW + 9, text, P.BLACK)
            message = ui.next_message(TICK)
            if message is None or message.idcmp == IDCMP.INTUITICKS:
                continue
            done = form.answer(ui, message)
            if done is not None:
                return done
    return False


CODE_SCALE = 2  # a code's letters, twice the font's size: to read out
CODE_ROW = 36  # pixels between the codes: a line for the name and buttons, then the code
MAX_CODES = len(T.HERO_NAMES) + 1  # a code for every seat, and the spectators'
SAID_ROWS = 2  # lines under the codes: what a button did, or the network's news


def codes_window(
    ui: Ui,
    t: Lookup,
    title: str,
    codes: Callable[[], list[tuple[str, str]]],
    ready: Callable[[], bool],
    act: Callable[[str, int], str],
    news: Callable[[], str] = lambda: "",
    *,
    heading: str = "",
    ok: str = "",
    renew: bool = True,
) -> str:
    """Show what lets a machine in now, ``(label, code)`` each, the code large, with
    a button to copy each and (``renew``) one to make a new one, until ``ready``:
    "ready", "cancel" or "ok".  ``heading`` is the line over them (an online
    game's: each code lets one machine in once) and ``ok`` the OK button's
    text (an online game's wait: play the empty seats here; given, the window
    is one to look at, closed by that one button or Esc).  ``act("copy" or
    "renew", row)`` does the button's work and returns a line to show under the
    codes; so is ``news``, the network's newest line, when it changes."""
    form = _Form(t, title, 1, extra=MAX_CODES * CODE_ROW + ROW + (SAID_ROWS - 1) * 10)
    form.ok.text = ok or t("MSG_NET_TAKE_OVER")
    if ok:  # nothing to cancel: OK only closes it
        form.window.gadgets.gadgets.remove(form.cancel)
    b = form.ok.box
    form.ok.box = Box(b.left, b.top, b.left + 8 * len(form.ok.text) + 17, b.bottom)
    inner = form.window.inner
    copy_text, renew_text = t("MSG_NET_COPY"), t("MSG_NET_RENEW")
    renew_left = inner.right - 8 - 8 * len(renew_text) - 16
    copy_left = renew_left - 8 - 8 * len(copy_text) - 16 if renew else renew_left
    buttons: list[tuple[Button, Button]] = []
    for row in range(MAX_CODES):
        y = form.top + ROW + row * CODE_ROW
        copy = Button(Box(copy_left, y, copy_left + 8 * len(copy_text) + 16, y + 14), copy_text)
        new = Button(Box(renew_left, y, renew_left + 8 * len(renew_text) + 16, y + 14), renew_text)
        buttons.append((copy, new))
    base = list(form.window.gadgets.gadgets)
    said = heard = ""
    columns = (inner.width - 16) // 8
    heading = heading or t("MSG_NET_READ_OUT")
    with ui.requester_layer():
        while not ready():
            if news() != heard:
                said = heard = news()
            shown = codes()[:MAX_CODES]
            pairs = buttons[: len(shown)]
            form.window.gadgets.gadgets = base + [
                g for copy, new in pairs for g in ((copy, new) if renew else (copy,))
            ]
            form.draw(ui)
            ui.text(form.left, form.top + 9, heading, P.BLACK)
            for row, (label, code) in enumerate(shown):
                y = form.top + ROW + row * CODE_ROW
                ui.text(form.left, y + 10, label, P.BLACK)
                big_text(ui, form.left + 16, y + 16, code, P.BLACK)
            y = form.top + ROW + MAX_CODES * CODE_ROW
            for line, text in enumerate(wrap(said, columns)[:SAID_ROWS]):
                ui.text(form.left, y + 9 + line * 10, text, P.DARK_GREY)
            message = ui.next_message(TICK)
            if message is None or message.idcmp == IDCMP.INTUITICKS:
                continue
            done = form.answer(ui, message)
            if done is not None:
                return "ok" if done else "cancel"
            for row, (copy, new) in enumerate(pairs):
                if form.changed is copy:
                    said = act("copy", row)
                elif form.changed is new and renew:
                    said = act("renew", row)
            form.changed = None
    return "ready"


def big_text(ui: Ui, x: int, top: int, text: str, pen: int) -> None:
    """``text`` at :data:`CODE_SCALE` times the font's size, its top left at (x, top)."""
    strip = ui.rp.font.render(text)
    ink = np.repeat(np.repeat(strip, CODE_SCALE, axis=0), CODE_SCALE, axis=1)
    pixels = np.where(ink, pen, 0).astype(np.uint8)
    ui.rp.blit(Image(pixels, ink), x, top)
