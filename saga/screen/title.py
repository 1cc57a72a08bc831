"""The title screen: who plays each hero, the message delay, turns, advanced mode.

As on the Amiga: click a hero's control (Shift goes back) or press his key
(1-6, F1-F6 or the underlined letter); drag the sliders, or Left and Right
change the message delay, Up and Down the turns; Return or Space starts,
once anyone plays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from amiga.display.box import Box
from amiga.display.font import default_font
from amiga.input import IDCMP, IntuiMessage, Qualifier, RawKey
from amiga.intuition import Button, CheckBox, Cycle, Gadget, GadgetList, Slider
from saga import ORIGINAL_VERSION, __version__
from saga.engine import tables as T
from saga.files.config import DELAY_TICKS, Config, ForgetSettings
from saga.look.text import Lookup, fill
from saga.screen import pens as P
from saga.screen.ui import DRAW_INFO, HEIGHT, WIDTH, Ui

# The letter of each hero's name that picks him, as the original underlines it.
HERO_KEYS = ("B", "U", "E", "R", "S", "T")
# The Amiga is "Amiga" in every language.
CONTROL_NAMES = {T.NONE: "MSG_CONTROL_NONE", T.HUMAN: "MSG_HUMAN", T.AMIGA: None}
LABEL_X, GADGET_X, GADGET_W = 300, 312, 112
ROW0, ROW_STEP = 220, 13
DELAY_Y, TURNS_Y, ADVANCED_Y, START_Y = 316, 330, 352, 378
NET_STEP = 22  # from the Start button down to Host and Join


class Remember(Protocol):
    """Where the title screen hands each change the player makes (field=value)."""

    def __call__(self, **changes: object) -> None: ...


@dataclass
class TitleChoice:
    action: str  # "start", "open", "host", "join" or "quit"


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
    """The title screen's gadgets, laid out on the Intuition layer.

    Each change the player makes is handed to ``remember`` (field=value),
    so that only what he changes is ever kept.
    """

    def __init__(
        self,
        ui: Ui,
        config: Config,
        t: Lookup,
        on_menu: Callable[[str], None],
        remember: Remember | None = None,
    ) -> None:
        self.ui = ui
        self.config = config
        self.t = t
        self.on_menu = on_menu
        self.remember = remember or ForgetSettings().remember
        names = [self._control_name(c) for c in T.Control]
        self.heroes = [
            Cycle(Box(GADGET_X, y - 9, GADGET_X + GADGET_W + 1, y + 4), names, config.controls[i])
            for i, y in enumerate(ROW0 + h * ROW_STEP for h in range(len(T.HERO_NAMES)))
        ]
        self.delay = Slider(
            Box(GADGET_X, DELAY_Y - 8, GADGET_X + GADGET_W + 1, DELAY_Y + 3),
            0,
            len(DELAY_TICKS) - 1,
            config.delay,
        )
        self.turns = Slider(
            Box(GADGET_X, TURNS_Y - 8, GADGET_X + GADGET_W + 1, TURNS_Y + 3),
            1,
            T.MAX_TURNS,
            config.turns,
        )
        self.advanced = CheckBox(
            Box(GADGET_X, ADVANCED_Y - 9, GADGET_X + 25, ADVANCED_Y + 4), config.advanced
        )
        start = t("MSG_START_GAME")
        x0 = (WIDTH - 8 * len(start)) // 2 - 8
        self.start = Button(Box(x0, START_Y - 9, x0 + 8 * len(start) + 16, START_Y + 5), start)
        host, join = t("MSG_MENU_HOST"), t("MSG_MENU_JOIN")
        y = START_Y + NET_STEP
        x1 = WIDTH // 2 + 8
        x0 = WIDTH // 2 - 8 - 8 * len(host) - 16
        self.host = Button(Box(x0, y - 9, x0 + 8 * len(host) + 16, y + 5), host)
        self.join = Button(Box(x1, y - 9, x1 + 8 * len(join) + 16, y + 5), join)
        self.gadgets = GadgetList(
            [*self.heroes, self.delay, self.turns, self.advanced, self.start, self.host, self.join]
        )

    def delay_text(self) -> str:
        ticks = DELAY_TICKS[self.config.delay]
        if ticks is None:
            return self.t("MSG_UNTIL_KEY")
        return fill(self.t("MSG_SECONDS"), ticks // 10, ticks % 10)

    def _show_config(self) -> None:
        """Set the gadgets to the settings (which keys may have changed)."""
        config = self.config
        for gadget, control in zip(self.heroes, config.controls, strict=True):
            gadget.active = control
        self.delay.level, self.turns.level = config.delay, config.turns
        self.advanced.checked = config.advanced
        self.start.enabled = any(config.controls)
        self.host.enabled = T.HUMAN in config.controls

    def draw(self) -> None:
        ui, t = self.ui, self.t
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
            ui.text(LABEL_X - 8 * len(label), y, label, P.hero_pen(hero), shadow=True)
            underline = name.upper().index(HERO_KEYS[hero])
            ui.text(LABEL_X - 8 * len(label) + 8 * underline, y + 1, "_", P.hero_pen(hero))
        for y, name in (
            (DELAY_Y, "MSG_MESSAGE_DELAY"),
            (TURNS_Y, "MSG_TURNS"),
            (ADVANCED_Y, "MSG_ADVANCED_MODE"),
        ):
            label = t(name)
            ui.text(LABEL_X - 8 * len(label), y, label, P.WHITE, shadow=True)
        self.draw_values()
        footer = f"Saga {__version__} (Amiga {ORIGINAL_VERSION})"
        help_ = f"{t('MSG_MENU_HELP')}: {t('MSG_MENU_ABOUT')}"
        ui.text(8, HEIGHT - 12, f"{footer} - {help_}", P.DARK_GREY)

    def draw_values(self) -> None:
        """Draw what the player changes: the gadgets and the values beside the
        sliders (all that a click or a key redraws, so that it shows at once)."""
        ui = self.ui
        self._show_config()
        x = GADGET_X + GADGET_W + 12
        ui.fill(x, DELAY_Y - 8, WIDTH - 5, TURNS_Y + 2, P.BLACK)  # inside the frame
        ui.text(x, DELAY_Y, self.delay_text(), P.WHITE, shadow=True)
        ui.text(x, TURNS_Y, str(self.config.turns), P.WHITE, shadow=True)
        self.gadgets.draw(ui.rp, DRAW_INFO)

    def _control_name(self, control: T.Control) -> str:
        name = CONTROL_NAMES[control]
        return self.t(name) if name else "Amiga"

    # -- running it -----------------------------------------------------------

    def _settings(self) -> dict[str, object]:
        c = self.config
        return {
            "controls": list(c.controls),
            "delay": c.delay,
            "turns": c.turns,
            "advanced": c.advanced,
        }

    def run(self) -> TitleChoice:
        """Wait for the player's choice, without ticks: nothing here moves by
        itself, so only what changed is drawn again (all of it after a menu,
        which may have changed the screen)."""
        with self.ui.ticking(False):
            return self._run()

    def _run(self) -> TitleChoice:
        self.draw()
        while True:
            before = self._settings()
            message = self.ui.next_message(None)
            if message is None:
                continue
            # Gadgets show pressed or not as a held button moves over them.
            tracking = self.gadgets.active is not None
            choice = self._handle(message)
            after = self._settings()
            changed = {k: v for k, v in after.items() if before[k] != v}
            if "controls" in changed:  # only the heroes the player changed here
                was, now = before["controls"], after["controls"]
                assert isinstance(was, list) and isinstance(now, list)
                changed["controls"] = {
                    h: c for h, (w, c) in enumerate(zip(was, now, strict=True)) if w != c
                }
            if changed:
                self.remember(**changed)
            if choice:
                return choice
            kind = message.idcmp
            if kind == IDCMP.MENUPICK:
                self.draw()
            elif changed or kind == IDCMP.MOUSEBUTTONS or (kind == IDCMP.MOUSEMOVE and tracking):
                self.draw_values()

    def _handle(self, message: IntuiMessage) -> TitleChoice | None:
        kind = message.idcmp
        if kind == IDCMP.MENUPICK:
            pick = self.ui.picked
            if pick in ("new", "open"):
                if pick == "open" or any(self.config.controls):
                    return TitleChoice("start" if pick == "new" else "open")
                return None
            if pick == "join" or (pick == "host" and T.HUMAN in self.config.controls):
                return TitleChoice(pick)
            self.on_menu(pick)
            return None
        if kind in (IDCMP.MOUSEBUTTONS, IDCMP.MOUSEMOVE):
            return self._gadget(self.gadgets.handle(message))
        if kind == IDCMP.VANILLAKEY:
            return self._key(message.char, message.qualifier)
        if kind == IDCMP.RAWKEY and not message.key_up:
            self._raw(message.raw_key, message.qualifier)
        return None

    def _gadget(self, gadget: Gadget | None) -> TitleChoice | None:
        """Take a gadget's new value into the settings."""
        config = self.config
        if gadget in self.heroes:
            hero = self.heroes.index(gadget)
            config.controls[hero] = T.Control(self.heroes[hero].active)
        elif gadget is self.delay:
            config.delay = self.delay.level
        elif gadget is self.turns:
            config.turns = self.turns.level
        elif gadget is self.advanced:
            config.advanced = self.advanced.checked
        elif gadget is self.start:
            return TitleChoice("start")
        elif gadget is self.host:
            return TitleChoice("host")
        elif gadget is self.join:
            return TitleChoice("join")
        return None

    def _cycle(self, hero: int, back: bool) -> None:
        controls = self.config.controls
        controls[hero] = T.Control((controls[hero] + (-1 if back else 1)) % len(T.Control))

    def _key(self, char: str, qualifier: int) -> TitleChoice | None:
        upper = char.upper()
        if char in " \r" and any(self.config.controls):
            return TitleChoice("start")
        if char == "\x1b":
            return TitleChoice("quit")
        if upper in HERO_KEYS:
            self._cycle(HERO_KEYS.index(upper), bool(qualifier & Qualifier.SHIFT))
        elif char in "123456":
            self._cycle(int(char) - 1, bool(qualifier & Qualifier.SHIFT))
        elif char in "!@#$%^":
            self._cycle("!@#$%^".index(char), True)
        return None

    def _raw(self, raw: int, qualifier: int) -> None:
        config = self.config
        jump = bool(qualifier & (Qualifier.SHIFT | Qualifier.ALT | Qualifier.CONTROL))
        if raw == RawKey.LEFT:
            config.delay = 0 if jump else max(0, config.delay - 1)
        elif raw == RawKey.RIGHT:
            top = len(DELAY_TICKS) - 1
            config.delay = top if jump else min(top, config.delay + 1)
        elif raw == RawKey.UP:
            config.turns = min(T.MAX_TURNS, config.turns + (10 if jump else 1))
        elif raw == RawKey.DOWN:
            config.turns = max(1, config.turns - (10 if jump else 1))
        elif RawKey.F1 <= raw <= RawKey.F6:
            self._cycle(raw - RawKey.F1, bool(qualifier & Qualifier.SHIFT))
        elif raw == RawKey.HELP:
            self.on_menu("about")
