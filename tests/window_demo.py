"""A game in its middle for the Help windows' tests and screenshots.

Six Amiga heroes play three turns of an advanced game; then a few things
are set by hand so that every field of every window has something to show:
Egil holds a sword, Frey Faxi and the Mail Coat, leads jarls and rules
kingdoms; one of his jarls carries the Magic Shirt; a sword lies loose.
"""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.session import Session, Setup
from saga.look.text import english
from saga.play.hosts import QuietHost

EGIL = 2
HOME = 20  # a land for Egil and his jarls


def demo_game(seed: int = 5, text: object = None) -> Game:
    session = Session(Setup(seed, (T.AMIGA,) * 6, 3, True), text or english(), QuietHost())  # type: ignore[arg-type]
    session.play()
    g = session.game
    g.state.turns = 20  # and the game goes on from turn 4 of 20
    egil = g.heroes[EGIL]
    egil.alive, egil.verydead, egil.wounded = True, False, True
    egil.rune, egil.god, egil.hagall, egil.sea = T.OGAL, T.THOR, True, T.SEA_GOOD
    egil.maidens = 2
    egil.where = egil.homewhere = HOME
    for item, kind, holder in (
        (g.swords[T.GRAM], T.HERO, EGIL),
        (g.treasures[T.FREY_FAXI], T.HERO, EGIL),
        (g.treasures[T.MAIL_COAT], T.HERO, EGIL),
    ):
        item.taken, item.possessortype, item.possessor, item.where = True, kind, holder, -1
    followers = [j for j in g.jarls if j.alive and j.hero == EGIL]
    for j in g.jarls:
        if len(followers) >= 2:
            break
        if not j.alive:
            j.taken = j.alive = True
            j.hero, j.face, j.where, j.homewhere = EGIL, T.FACE_UP, HOME, HOME
            followers.append(j)
    shirt = g.treasures[T.MAGIC_SHIRT]
    shirt.taken, shirt.possessortype, shirt.where = True, T.JARL, -1
    shirt.possessor = followers[0].index
    followers[0].routed = True
    g.state.faxirides = 2
    for area in (3, 5):
        g.king[area] = EGIL
    loose = g.swords[T.LOVI]
    loose.taken, loose.possessortype, loose.possessor, loose.where = True, T.KINGDOM, -1, egil.where
    return g


def face_down_jarl(g: Game) -> int:
    """A jarl lying face down (one is turned so if none is)."""
    for j in g.jarls:
        if j.alive and j.face == T.FACE_DOWN:
            return j.index
    j = next(j for j in g.jarls if j.alive and j.hero == -1)
    j.face = T.FACE_DOWN
    return j.index
