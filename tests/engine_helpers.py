"""Small builders for engine tests: a game on a hand-set board."""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.host import Ask
from saga.engine.rng import Lcg64, RandomSource
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.look.text import english
from saga.play.hosts import QuietHost, ScriptedHost

TEXT = english()


class RecordingHost(ScriptedHost):
    """A scripted host that also keeps every message, for checking what was said."""

    listening = True

    def __init__(self, answers: list[tuple[Ask, int, int, int]] | None = None) -> None:
        super().__init__(answers or [])
        self.said: list[tuple[str, int]] = []
        self.saves: list[bytes] = []

    def say(self, text: str, pen: int) -> None:
        self.said.append((text, pen))

    def autosave(self, state: GameState) -> None:
        from saga.files import savefile

        self.saves.append(savefile.encode(state))


def new_game(
    seed: int = 1,
    controls: list[int] | None = None,
    turns: int = 20,
    advanced: bool = False,
    host: QuietHost | None = None,
) -> Game:
    setup = Setup(seed, tuple(controls or [T.AMIGA] * 6), turns, advanced)
    session = Session(setup, TEXT, host or RecordingHost())
    session.start()
    return session.game


def blank_game(
    host: QuietHost | None = None, seed: int = 1, dice: RandomSource | None = None
) -> Game:
    """A game with nobody on the board yet, for setting up positions by hand
    (``dice``: a generator chosen for the rolls it makes)."""
    return Session(Setup(seed), TEXT, host or RecordingHost(), dice).game


def draws(g: Game) -> int:
    """How many numbers the game has drawn from its generator so far."""
    assert isinstance(g.rng, Lcg64)
    return g.rng.calls


def put_hero(g: Game, hero: int, where: int, control: int = T.AMIGA, **fields: object) -> None:
    h = g.heroes[hero]
    h.control = control
    h.alive = True
    h.verydead = False
    h.where = h.homewhere = where
    h.luck = 3
    h.promoted = -1
    h.rune = h.god = -1
    for name, value in fields.items():
        setattr(h, name, value)


def put_jarl(
    g: Game, jarl: int, where: int, hero: int = -1, face: int = T.FACE_UP, **fields: object
) -> None:
    j = g.jarls[jarl]
    j.taken = j.alive = True
    j.where = j.homewhere = where
    j.hero = hero
    j.face = face
    for name, value in fields.items():
        setattr(j, name, value)


def put_monster(g: Game, monster: int, where: int) -> None:
    m = g.monsters[monster]
    m.taken = m.alive = True
    m.where = where
