"""The running game: state plus the services the turn logic draws on.

The original kept the board in globals and reached for ``goodrand()``,
``getevent()`` and the catalog from everywhere.  Here one :class:`Game`
carries those, so the turn logic stays plain functions of a game, and the
random source, the host and the language can be swapped freely.
"""

from __future__ import annotations

from collections.abc import Callable

from saga.engine import tables as T
from saga.engine.host import CHOICE_KEYS, WHITE, Ask, Host, Lookup, answer_key, hero_pen
from saga.engine.rng import RandomSource
from saga.engine.state import Counter, GameState

# How a game gets a host that shows it: made from the new game.
Hosting = Callable[["Game"], Host]


class Game:
    """A game in play.  Made by :class:`saga.engine.session.Session` only.

    ``host`` is the host, or a function that makes it from this game (a
    host that shows the game needs the game it shows).
    """

    def __init__(
        self,
        state: GameState,
        rng: RandomSource,
        host: Host | Hosting,
        text: Lookup,
        *,
        fixes: bool = False,
    ) -> None:
        self.state = state
        # Mend the original's one known trap, the paralysed hero (see docs/design.md
        # and attacks.can_attack); off means faithful.
        self.fixes = fixes
        self.heroes = state.heroes
        self.jarls = state.jarls
        self.monsters = state.monsters
        self.treasures = state.treasures
        self.swords = state.swords
        self.king = state.king
        self.ice = state.ice
        self.piece = state.piece
        self.side = state.side
        self.rng = rng  # for counting its draws (tests); the engine only calls goodrand
        self.goodrand = rng.goodrand
        self.t = text
        # What kind of counter the last answer picked (the original's global).
        self.countertype = T.HERO
        # This turn's order of play, -1 after the last hero.
        self.order = [-1] * len(T.HERO_NAMES)
        # For the screens only: whose phase it is, and the counter moving.
        self.turn_of = -1
        self.mover: Counter | None = None
        # Scratch of the move in progress, shared by the movement helpers:
        # who rides Frey Faxi with passengers this move, if anyone.
        self.rider: Counter | None = None
        self.whichmove = 0
        self.whichrealmove = 0
        self.movearray = [0] * T.AREAS
        self.freemove = False
        self.visited = [False] * T.AREAS
        self.host: Host = host(self) if callable(host) else host
        # Nobody reads the messages of a game nobody watches (a simulation, a
        # trace without messages), so the busiest ones, about every Amiga
        # move, attack and die roll, every wound, death and rout, and every
        # kingdom won or lost, are not even put into words for it: that was a
        # ninth of such a game's time.  Messages never draw or decide.
        self.listening = self.host.listening

    # -- randomness ---------------------------------------------------------

    def d6(self) -> int:
        return self.goodrand() % 6 + 1

    # -- talking to the player -------------------------------------------------

    def say(self, text: str, pen: int = WHITE) -> None:
        self.host.say(text, pen)

    def tell(self, text: str, pen: int = WHITE) -> None:
        """Say something and give the player time to read it."""
        self.host.say(text, pen)
        self.host.pause()

    def ask(self, mode: Ask, pen: int) -> int:
        answer = self.host.ask(mode, pen)
        if answer.countertype is not None:
            self.countertype = answer.countertype
        return answer.result

    def hint(self, left: str, right: str) -> None:
        self.host.hint(left, right)

    def key(self, name: str) -> int:
        """The key code of a one-letter answer, as the catalog spells it."""
        return answer_key(self.t, name)

    def choose(self, mode: Ask, pen: int) -> bool:
        """Ask a two-way question (Yes or No, Glory or Luck) until one of its
        two keys comes, as the original loops; whether it was the first."""
        first, second = (self.key(name) for name in CHOICE_KEYS[mode])
        while True:
            result = self.ask(mode, pen)
            if result in (first, second):
                return result == first

    # -- naming things -----------------------------------------------------

    def area_name(self, area: int) -> str:
        name = T.AREA_TABLE[area].name
        return self.t(name) if name.startswith("MSG_") else name

    def item_name(self, kind: T.Kind, number: int) -> str:
        if kind == T.SWORD:
            return T.SWORD_NAMES[number]
        name = T.TREASURE_NAMES[number]
        return self.t(name) if name.startswith("MSG_") else name

    def monster_name(self, monster: int) -> str:
        m = self.monsters[monster]
        return f"{self.t(T.SPECIES_NAMES[m.species])} {m.name}"

    def who(self, kind: T.Kind, counter: int, *, comma: bool = False, lower: bool = False) -> str:
        """Name a counter the way messages do.

        At the start of a message it reads "Hero Egil " (with "," before the
        space when asked); inside one it reads " hero Egil", to be appended.
        """
        t = self.t
        if kind == T.HERO:
            text = f"{t('MSG_HERO_LOWER' if lower else 'MSG_HERO')} {self.heroes[counter].name}"
        elif kind == T.JARL:
            # Frey Faxi quirk: the original may name jarl -1 here, which in
            # the reference build reads as a nameless jarl of the first hero.
            jarl_hero, name = (
                (0, "") if counter < 0 else (self.jarls[counter].hero, self.jarls[counter].name)
            )
            if jarl_hero != -1:
                hero = t("MSG_HERO_LOWER" if lower else "MSG_HERO")
                text = f"{hero} {self.heroes[jarl_hero].name}{t('MSG_S_JARL')} {name}"
            else:
                text = f"{t('MSG_JARL_LOWER' if lower else 'MSG_JARL')} {name}"
        elif kind == T.MONSTER:
            text = self.monster_name(counter)
        else:
            if self.king[counter] != -1:
                hero = t("MSG_HERO_LOWER" if lower else "MSG_HERO")
                owner = f"{hero} {self.heroes[self.king[counter]].name}{t('MSG_S_KINGDOM')}"
            else:
                owner = t("MSG_KINGDOM_LOWER" if lower else "MSG_KINGDOM")
            text = f"{owner} {self.area_name(counter)} ({T.AREA_TABLE[counter].tax})"
        if lower:
            return " " + text
        return text + (", " if comma else " ")

    @staticmethod
    def pen(hero: int) -> int:
        """The pen of a hero's messages; a hero of -1 speaks in white."""
        return WHITE if hero == -1 else hero_pen(hero)

    def who_pen(self, kind: T.Kind, counter: int) -> int:
        """The pen the original picks when naming a counter."""
        if kind == T.HERO:
            return hero_pen(counter)
        if kind == T.JARL and counter >= 0 and self.jarls[counter].hero != -1:
            return hero_pen(self.jarls[counter].hero)
        return WHITE
