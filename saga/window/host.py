"""The engine's questions, answered with the mouse and keyboard as on the Amiga.

Every question waits in the same loop, as the original's ``getevent()``
did: the pointer's area or counter is named on the upper message line as
it moves, Help explains whatever is under it, and a click or a key answers
according to the kind of question.  The right button means "done" (or
"no"), except in the title bar, where it opens the menus.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from amiga.input import IDCMP, IntuiMessage, MouseCode, Qualifier, RawKey
from amiga.input.keymap import greek_for
from saga.engine import cheats
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.host import (
    ABORT,
    BACKSPACE,
    CHOICE_KEYS,
    DONE,
    OFF_MAP,
    WHITE,
    Answer,
    Ask,
    answer_key,
    hero_pen,
    key_code,
)
from saga.engine.state import GameState
from saga.engine.turn import turn_label
from saga.files import savefile
from saga.files.config import DELAY_TICKS, Config
from saga.look.text import Lookup
from saga.look.view import GameView
from saga.screen.board import Board
from saga.screen.info import info_window
from saga.screen.messages import MessageBar
from saga.screen.ui import (
    MESSAGE_TOP,
    Ui,
)
from saga.window.filemessages import save_game

WATCH_STEP = 0.5  # seconds per step when watching the Amiga move
FAST_KEY = "\t"  # Tab: a replay runs at full speed, or at the message delay again


class ScreenHost:
    """The player's side of the engine on the emulated screen.

    It shows the game and asks its questions; it never changes the game
    itself.  What the window does to a game (the summary notes the turn's
    scores, the luck cheat) goes through its owner's ``summary`` and
    ``cheat`` (None: no cheat here).  ``autoplay`` is a game whose humans
    are answered elsewhere (a replay, or the other machines for a
    spectator): its turn prompt only pauses, and FAST_KEY runs it without
    pauses.  ``shared`` is a network game, where other machines wait for
    this one: it waits for no key that no question of the game asks (its
    turn prompt and a delay "until a key" pass after the longest delay).
    ``interrupt`` is called while the player is awaited and raises to end
    the wait (a network game whose host has gone ends there, not at the
    player's next click).
    """

    listening = True

    def __init__(
        self,
        ui: Ui,
        board: Board,
        text: Lookup,
        config: Config,
        game: Game,
        autosave_path: Path | None,
        on_menu: Callable[[str], None],
        *,
        summary: Callable[[], None],
        cheat: Callable[[], None] | None = None,
        autoplay: bool = False,
        shared: bool = False,
        interrupt: Callable[[], None] | None = None,
    ) -> None:
        self.ui = ui
        self.board = board
        self.t = text
        self.config = config
        self.autosave_path = autosave_path
        self.on_menu = on_menu
        self.summary = summary
        self.cheat = cheat
        self.g = game  # read through GameView only
        self.bar = MessageBar(ui, text)  # the message area it keeps up to date
        self.asking: tuple[Ask, int] | None = None  # the question being put
        # The catalog's answer keys, fixed for the game: the two the buttons
        # give, and every letter that answers (a dead hero may take Transfer too).
        self.keys = {
            mode: (answer_key(text, first), answer_key(text, second))
            for mode, (first, second) in CHOICE_KEYS.items()
        }
        self.letters = {mode: set(keys) for mode, keys in self.keys.items()}
        self.letters[Ask.WRKEYBOARD].add(answer_key(text, "MSG_KEY_TRANSFER"))
        self._cheat_keys = 0  # how far into the F1..F5 sequence (kept between questions)
        self.autoplay = autoplay
        self.shared = shared
        self.fast = False
        self.interrupt = interrupt or _nothing
        # The game as it stood at the start of this turn, as its save's bytes:
        # what Host game... hosts when picked in a game.
        self.turn_start: bytes | None = None

    def hand_over(self) -> None:
        """Its player answers from here on, at the message delay (a replay that
        has run out; a seat taken over by a host that only watched)."""
        self.autoplay = self.fast = False

    # -- the Host protocol --------------------------------------------------

    def waiting(self, hero: int) -> None:
        """Another machine's hero is asked: say whose answer the game waits for."""
        note = f"{self.t('MSG_NET_WAITING_FOR')} {T.HERO_NAMES[hero]}..."
        self.bar.note = (note, hero_pen(hero))
        self.draw_messages()

    def say(self, text: str, pen: int) -> None:
        self.bar.note = None
        self.bar.lower = (text, pen)
        self.redraw()

    def hint(self, left: str, right: str) -> None:
        self.bar.hints = (left, right)
        self.draw_messages()

    def pause(self) -> None:
        """Wait the message delay, or for a key or button if it is infinite."""
        self.hint(self.t("MSG_OK"), self.t("MSG_OK"))
        ticks = 0 if self.fast else self._delay()
        self._discard()
        if ticks == 0:
            if self.autoplay:
                self._keep_up()  # a replay asks nothing: see to the window here
            self.ui.present()
            return
        counted = 0
        while True:
            message = self.ui.next_message()
            self.interrupt()
            if message is None:
                continue
            kind = message.idcmp
            if kind == IDCMP.INTUITICKS:
                self._hover_tick()
                counted += 1
                if ticks is not None and counted >= ticks:
                    return
            elif (ticks is None and self._cheat(message)) or self._global(message):
                continue
            elif self.autoplay and _is_fast_key(message):
                self.fast = True
                return
            elif (
                kind == IDCMP.MOUSEBUTTONS and message.code in _PRESSES
            ) or kind == IDCMP.VANILLAKEY:
                return

    def _delay(self) -> int | None:
        """The message delay in IntuiTicks (None: until a key or button)."""
        ticks = DELAY_TICKS[self.config.delay]
        if ticks is None and self.shared:
            return max(t for t in DELAY_TICKS if t is not None)
        return ticks

    def ask(self, mode: Ask, pen: int) -> Answer:
        hints = {
            Ask.YNKEYBOARD: ("MSG_YES", "MSG_NO"),
            Ask.GLKEYBOARD: ("MSG_GLORY", "MSG_LUCK"),
            Ask.WRKEYBOARD: ("MSG_WITHDRAW", "MSG_RESTART"),
        }.get(mode)
        if hints:
            self.hint(self.t(hints[0]), self.t(hints[1]))
        self.bar.note = None
        self.redraw()
        self._discard()
        self.asking = (mode, pen)
        try:
            while True:
                message = self.ui.next_message()
                self.interrupt()
                if message is None:
                    continue
                if mode == Ask.MULTIKEYBOARD and self._cheat(message):
                    continue
                if self._global(message):
                    continue
                answer = self._answer(message, mode)
                if answer is not None:
                    return answer
        finally:
            self.asking = None

    def turn_starts(self, state: GameState) -> bool:
        """The wait at the "Turn n of N..." prompt, where the game may be saved or left."""
        t = self.t
        self.ui.frame_colour(None)
        self.hint(t("MSG_OK"), t("MSG_OK"))
        if self.autoplay or self.shared:
            self.pause()  # nobody here owes the game a key
            return True
        self.ui.enable("save", "save_as", on=True)
        try:
            answer = self.ask(Ask.MULTIKEYBOARD, WHITE)
        finally:
            self.ui.enable("save", "save_as", on=False)
        return answer.result != ABORT

    def autosave(self, state: GameState) -> None:
        # The engine has said the turn's prompt: the title bar names the turn,
        # on a machine catching up too (which skips turn_starts' wait).
        self.ui.set_title(f"Saga: {turn_label(self.t, state)}")
        self.turn_start = savefile.encode(state)
        if self.autosave_path is not None:
            save_game(self.ui, self.say, self.t, self.autosave_path, state, autosave=True)

    def update(self) -> None:
        """Show each step of a move; when watching, let Amiga steps be seen."""
        self.redraw()
        g = self.g
        if not self.config.watch_amiga or g.mover is None or self.fast:
            return
        kind, counter = g.mover
        hero = counter if kind == T.HERO else g.jarls[counter].hero
        if hero >= 0 and g.heroes[hero].control == T.AMIGA:
            self.idle(WATCH_STEP)

    # -- drawing ------------------------------------------------------------

    @property
    def view(self) -> GameView:
        """The game as the drawing code may see it: read-only."""
        return GameView(self.g)

    def redraw(self) -> None:
        v = self.view
        self.ui.frame_colour(v.turn_of if v.turn_of >= 0 else None)
        self.board.draw(v)
        self.draw_messages()

    def draw_messages(self) -> None:
        self.bar.draw()

    def _hover_tick(self) -> None:
        """Name what is under the pointer on the upper line, at every tick:
        it changes when the pointer moves and when the thing itself does (a
        jarl turned face up, a counter that moved away)."""
        v = self.view
        upper = self.board.describe(v, self.board.thing_at(*self.ui.mouse), self.t)
        if upper != self.bar.upper:
            self.bar.upper = upper
            self.draw_messages()

    def _keep_up(self) -> None:
        """At full speed, still answer the window: menus, Help, FAST_KEY to slow down."""
        while (message := self.ui.next_message(0.0)) is not None:
            if _is_fast_key(message):
                self.fast = False
                return
            self._global(message)

    def idle(self, seconds: float) -> None:
        """Let time pass while answering the window: the pointer, Help, the menus."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            message = self.ui.next_message(max(0.0, end - time.monotonic()))
            if message is not None and message.idcmp == IDCMP.INTUITICKS:
                self._hover_tick()
            elif message is not None:
                self._global(message)

    # -- answering ------------------------------------------------------------

    def _discard(self) -> None:
        """Throw away input that came before the question is put, as the
        original does on entering every question and pause, so that no key
        or click meant for one answers the next; a replay keeps FAST_KEY."""
        self.ui.discard_pending(keep=_is_fast_key if self.autoplay else None)

    def _global(self, message: IntuiMessage) -> bool:
        """Messages any question handles alike: Help, the menus, the pointer."""
        kind = message.idcmp
        if kind == IDCMP.INTUITICKS or kind == IDCMP.MOUSEMOVE:
            self._hover_tick()
            return kind == IDCMP.MOUSEMOVE  # ticks also time pauses
        if kind == IDCMP.MENUPICK:
            self.on_menu(self.ui.picked)
            self.redraw()
            return True
        if kind == IDCMP.RAWKEY and message.raw_key == RawKey.HELP and not message.key_up:
            self._help(message)
            return True
        if (
            kind == IDCMP.MOUSEBUTTONS
            and message.code == MouseCode.SELECTDOWN
            and message.qualifier & Qualifier.SHIFT
        ):
            self._help(message)
            return True
        return False

    def _cheat(self, message: IntuiMessage) -> bool:
        """Count the Amiga's F1..F5 pressed in order; any other key starts again.

        True if the message was one of those keys (it answers nothing).
        """
        if (
            message.idcmp != IDCMP.RAWKEY
            or message.key_up
            or message.qualifier & Qualifier.REPEAT
            or RawKey.LSHIFT <= message.raw_key <= RawKey.RAMIGA  # a qualifier key alone
            or message.raw_key == RawKey.HELP  # Help is not a key here, as in the original
        ):
            return False
        if message.raw_key != RawKey.F1 + self._cheat_keys:
            self._cheat_keys = 0
            return False
        self._cheat_keys += 1
        if self._cheat_keys == cheats.SEQUENCE_LENGTH:
            self._cheat_keys = 0
            if self.cheat is not None and not self.autoplay:  # a replay's is not ours
                self.cheat()
                self.ui.flash()
        return True

    def _help(self, message: IntuiMessage) -> None:
        thing = self.board.thing_at(message.mouse_x, message.mouse_y)
        if thing is None or (message.qualifier & Qualifier.SHIFT and message.idcmp == IDCMP.RAWKEY):
            self.summary()
        else:
            info_window(self.ui, self.view, self.t, thing)
        self.redraw()

    def _answer(self, message: IntuiMessage, mode: Ask) -> Answer | None:
        kind = message.idcmp
        key = self.keys
        if kind == IDCMP.MOUSEBUTTONS:
            code = message.code
            if code == MouseCode.SELECTDOWN:
                if mode in (Ask.MULTIKEYBOARD, Ask.ANYKEY):
                    return Answer(ord("0"))
                if mode in key:
                    return Answer(key[mode][0])
                return self._pick(message, mode)
            if code in (MouseCode.MIDDLEDOWN, MouseCode.MENUDOWN):
                if mode in (Ask.MULTIKEYBOARD, Ask.ANYKEY):
                    return Answer(ord("0"))
                if mode in key:
                    return Answer(key[mode][1])
                return Answer(DONE)
            return None
        if kind == IDCMP.VANILLAKEY:
            char = message.char
            if char == "\x1b":
                if mode == Ask.MULTIKEYBOARD:
                    return Answer(ABORT)
                if mode in key:
                    return Answer(key[mode][1])
                return Answer(DONE)
            if mode in (Ask.COUNTRY, Ask.COUNTER):
                if char == "\b":
                    return Answer(BACKSPACE)
                if char in " \r":
                    return Answer(DONE)
                return None
            return Answer(self._letter(message, mode))
        return None

    def _letter(self, message: IntuiMessage, mode: Ask) -> int:
        """A typed letter's key code; a Latin one stands for the Greek letter
        a Greek keyboard has on its key, when that is one of the question's
        keys, so Greek answers (Ν for Ναι) come from any keyboard."""
        char = message.char
        code = key_code(char)
        letters = self.letters.get(mode, set())
        if code not in letters and not message.qualifier & _NOT_TYPING:
            greek = greek_for(char)
            if greek is not None and key_code(greek) in letters:
                return key_code(greek)
        return code

    def _pick(self, message: IntuiMessage, mode: Ask) -> Answer:
        """A left click while an area or counter is wanted."""
        if message.mouse_y >= MESSAGE_TOP:
            return Answer(DONE)  # a click on the message area is "done"
        counter = self.board.counter_at(message.mouse_x, message.mouse_y)
        if counter is None:
            area = self.board.area_at(message.mouse_x, message.mouse_y)
            return Answer(area if area >= 0 else OFF_MAP, T.KINGDOM)
        kind, number = counter
        if mode == Ask.COUNTER:
            return Answer(number, kind)
        v = self.view
        assert v is not None  # a question is put only during a game
        return Answer(v.where(kind, number), kind)


_PRESSES = (MouseCode.SELECTDOWN, MouseCode.MIDDLEDOWN, MouseCode.MENUDOWN)
# Keys held for shortcuts rather than typing: Ctrl, the Amiga keys, Alt.
_NOT_TYPING = Qualifier.CONTROL | Qualifier.AMIGA | Qualifier.ALT


def _is_fast_key(message: IntuiMessage) -> bool:
    return message.idcmp == IDCMP.VANILLAKEY and message.char == FAST_KEY


def _nothing() -> None:
    pass
