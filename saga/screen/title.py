"""The title screen: who plays each hero, the message delay, turns, advanced mode.

As on the Amiga: click a hero's control (Shift goes back) or press his key
(1-6, F1-F6 or the underlined letter); Left and Right change the message
delay; Up and Down the turns; Return or Space starts, once anyone plays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from amiga.display.box import Box
from amiga.display.font import default_font
from amiga.input import IDCMP, MouseCode, Qualifier, RawKey
from saga.config import DELAY_TICKS, Config
from saga.engine import tables as T
from saga.screen import pens as P
from saga.screen.ui import HEIGHT, WIDTH, Ui

Text = Callable[[str], str]
SHIFT = Qualifier.LSHIFT | Qualifier.RSHIFT
# The letter of each hero's name that picks him, as the original underlines it.
HERO_KEYS = ("B", "U", "E", "R", "S", "T")
CONTROL_NAMES = ("MSG_CONTROL_NONE", "MSG_HUMAN", None)  # the Amiga is "Amiga"
LABEL_X, GADGET_X, GADGET_W = 300, 312, 112
ROW0, ROW_STEP = 220, 13
DELAY_Y, TURNS_Y, ADVANCED_Y, START_Y = 316, 330, 352, 378


@dataclass
class TitleChoice:
    action: str  # "start", "open" or "quit"


def big_text(ui: Ui, text: str, x: int, y: int, scale: int, pen: int, shadow: int) -> None:
    """Draw text from the 8x8 font blown up by a whole number (the logo)."""
    ink = default_font().render(text)
    big = np.kron(ink, np.ones((scale, scale), dtype=bool))
    h, w = big.shape
    pixels = ui.screen.pixels
    for dx, dy, p in ((scale // 2, scale // 2, shadow), (0, 0, pen)):
        region = pixels[y + dy : y + dy + h, x + dx : x + dx + w]
        region[big[: region.shape[0], : region.shape[1]]] = p
    ui.screen.bitmap.touch(Box.inclusive(x, y, x + w + scale, y + h + scale))


class TitleScreen:
    def __init__(self, ui: Ui, config: Config, t: Text, on_menu: Callable[[str], None]) -> None:
        self.ui = ui
        self.config = config
        self.t = t
        self.on_menu = on_menu

    def delay_text(self) -> str:
        ticks = DELAY_TICKS[self.config.delay]
        if ticks is None:
            return self.t("MSG_UNTIL_KEY")
        return self.t("MSG_SECONDS").replace("%d", str(ticks // 10), 1).replace(
            "%d", str(ticks % 10), 1
        )

    def draw(self) -> None:
        ui, t, config = self.ui, self.t, self.config
        ui.clear(P.BLACK)
        ui.frame_colour(None)
        ui.draw_frame()
        ui.set_title("Saga")
        big_text(ui, "SAGA", 160, 44, 10, P.GOLD, P.RED_TEXT)
        subtitle = "Age of Heroes"  # the board game's title, not translated
        big_text(ui, subtitle, (WIDTH - len(subtitle) * 16) // 2, 180, 2, P.WHITE, P.DARK_GREY)
        for hero, name in enumerate(T.HERO_NAMES):
            y = ROW0 + hero * ROW_STEP
            label = name + ":"
            ui.text(LABEL_X - 8 * len(label), y, label, P.FIRST_HERO + hero, shadow=True)
            underline = name.upper().index(HERO_KEYS[hero])
            ui.text(LABEL_X - 8 * len(label) + 8 * underline, y + 1, "_", P.FIRST_HERO + hero)
            self._gadget(GADGET_X, y, self._control_name(config.controls[hero]))
        label = t("MSG_MESSAGE_DELAY")
        ui.text(LABEL_X - 8 * len(label), DELAY_Y, label, P.WHITE, shadow=True)
        self._slider(DELAY_Y, config.delay, len(DELAY_TICKS) - 1, self.delay_text())
        label = t("MSG_TURNS")
        ui.text(LABEL_X - 8 * len(label), TURNS_Y, label, P.WHITE, shadow=True)
        self._slider(TURNS_Y, config.turns - 1, 98, str(config.turns))
        label = t("MSG_ADVANCED_MODE")
        ui.text(LABEL_X - 8 * len(label), ADVANCED_Y, label, P.WHITE, shadow=True)
        self._gadget(GADGET_X, ADVANCED_Y, "*" if config.advanced else " ", width=24)
        start = t("MSG_START_GAME")
        playing = any(config.controls)
        x0 = (WIDTH - 8 * len(start)) // 2 - 8
        ui.fill(x0, START_Y - 9, x0 + 8 * len(start) + 15, START_Y + 4, P.MEDIUM_GREY)
        ui.box(x0, START_Y - 9, x0 + 8 * len(start) + 15, START_Y + 4)
        ui.text(x0 + 8, START_Y, start, P.BLACK if playing else P.DARK_GREY)
        ui.text(8, HEIGHT - 12, f"Saga 1.2a - Help: {t('MSG_MENU_ABOUT')}", P.DARK_GREY)

    def _control_name(self, control: int) -> str:
        name = CONTROL_NAMES[control]
        return self.t(name) if name else "Amiga"

    def _gadget(self, x: int, y: int, text: str, width: int = GADGET_W) -> None:
        ui = self.ui
        ui.fill(x, y - 9, x + width, y + 3, P.MEDIUM_GREY)
        ui.box(x, y - 9, x + width, y + 3)
        ui.text(x + 6, y, text, P.BLACK)

    def _slider(self, y: int, value: int, top: int, label: str) -> None:
        ui = self.ui
        ui.fill(GADGET_X, y - 8, GADGET_X + GADGET_W, y + 2, P.DARK_GREY)
        ui.box(GADGET_X, y - 8, GADGET_X + GADGET_W, y + 2, raised=False)
        knob = GADGET_X + 1 + (GADGET_W - 12) * value // max(top, 1)
        ui.fill(knob, y - 7, knob + 10, y + 1, P.LIGHT_GREY)
        ui.box(knob, y - 7, knob + 10, y + 1)
        ui.text(GADGET_X + GADGET_W + 12, y, label, P.WHITE, shadow=True)

    # -- running it -----------------------------------------------------------

    def run(self) -> TitleChoice:
        self.draw()
        while True:
            message = self.ui.next_message(None)
            if message is None:
                continue
            kind = message.idcmp
            if kind == IDCMP.MENUPICK:
                pick = self.ui.picked
                if pick in ("new", "open"):
                    if pick == "open" or any(self.config.controls):
                        return TitleChoice("start" if pick == "new" else "open")
                    continue
                self.on_menu(pick)
            elif kind == IDCMP.MOUSEBUTTONS and message.code == MouseCode.SELECTDOWN:
                choice = self._click(message.mouse_x, message.mouse_y, message.qualifier)
                if choice:
                    return choice
            elif kind == IDCMP.VANILLAKEY:
                choice = self._key(message.char, message.qualifier)
                if choice:
                    return choice
            elif kind == IDCMP.RAWKEY and not message.key_up:
                self._raw(message.raw_key, message.qualifier)
            else:
                continue
            self.draw()

    def _cycle(self, hero: int, back: bool) -> None:
        controls = self.config.controls
        controls[hero] = (controls[hero] + (-1 if back else 1)) % 3

    def _click(self, x: int, y: int, qualifier: int) -> TitleChoice | None:
        for hero in range(len(T.HERO_NAMES)):
            row = ROW0 + hero * ROW_STEP
            if GADGET_X <= x <= GADGET_X + GADGET_W and row - 9 <= y <= row + 3:
                self._cycle(hero, bool(qualifier & SHIFT))
        inside = GADGET_X <= x <= GADGET_X + GADGET_W
        fraction = (x - GADGET_X) / GADGET_W
        if inside and DELAY_Y - 8 <= y <= DELAY_Y + 2:
            self.config.delay = round(fraction * (len(DELAY_TICKS) - 1))
        if inside and TURNS_Y - 8 <= y <= TURNS_Y + 2:
            self.config.turns = max(1, min(99, 1 + round(fraction * 98)))
        if GADGET_X <= x <= GADGET_X + 24 and ADVANCED_Y - 9 <= y <= ADVANCED_Y + 3:
            self.config.advanced = not self.config.advanced
        if START_Y - 9 <= y <= START_Y + 4 and any(self.config.controls):
            return TitleChoice("start")
        return None

    def _key(self, char: str, qualifier: int) -> TitleChoice | None:
        upper = char.upper()
        if char in " \r" and any(self.config.controls):
            return TitleChoice("start")
        if char == "\x1b":
            return TitleChoice("quit")
        if upper in HERO_KEYS:
            self._cycle(HERO_KEYS.index(upper), bool(qualifier & SHIFT))
        elif char in "123456":
            self._cycle(int(char) - 1, bool(qualifier & SHIFT))
        elif char in "!@#$%^":
            self._cycle("!@#$%^".index(char), True)
        return None

    def _raw(self, raw: int, qualifier: int) -> None:
        config = self.config
        jump = bool(qualifier & (SHIFT | Qualifier.LALT | Qualifier.RALT | Qualifier.CONTROL))
        if raw == RawKey.LEFT:
            config.delay = 0 if jump else max(0, config.delay - 1)
        elif raw == RawKey.RIGHT:
            top = len(DELAY_TICKS) - 1
            config.delay = top if jump else min(top, config.delay + 1)
        elif raw == RawKey.UP:
            config.turns = min(99, config.turns + (10 if jump else 1))
        elif raw == RawKey.DOWN:
            config.turns = max(1, config.turns - (10 if jump else 1))
        elif RawKey.F1 <= raw <= RawKey.F6:
            self._cycle(raw - RawKey.F1, bool(qualifier & SHIFT))
        elif raw == RawKey.HELP:
            self.on_menu("about")
