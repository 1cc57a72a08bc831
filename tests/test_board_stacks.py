"""Piles on the board: as 1.95 stacks them (7 pixels apart, the lowest seen
whole and on top), and legible, every counter's name showing without the pointer."""

from __future__ import annotations

import numpy as np
from engine_helpers import blank_game, put_hero, put_jarl, put_monster

from amiga.display import Image, Screen
from amiga.input import ScriptedEventSource
from saga.art import COUNTER_SIZE, minifont
from saga.art.counters import HERO_TAGS
from saga.engine import tables as T
from saga.engine.game import Game
from saga.look.view import GameView
from saga.screen.board import STEP, Board, Key
from saga.screen.ui import Ui

BAND = STEP  # the rows of a counter that the one below it in a pile leaves showing
ANGLIA = 14


def _board() -> Board:
    return Board(Ui(ScriptedEventSource(), None, Screen(640, 512, depth=7, halfbrite=True)))


def _drawn(board: Board, key: Key) -> tuple[int, int, Image]:
    return next((x, y, image) for k, x, y, image in board.drawn if k == key)


def _shows(board: Board, key: Key, rows: int) -> bool:
    """Whether the screen shows the counter's first ``rows`` rows as its image has them."""
    x, y, image = _drawn(board, key)
    seen = board.ui.screen.pixels[y : y + rows, x : x + COUNTER_SIZE]
    mask = image.mask[:rows] if image.mask is not None else np.ones_like(seen, bool)
    return bool((seen[mask] == image.pixels[:rows][mask]).all())


def _draw(g: Game, board: Board, *arrivals: tuple[Key, int]) -> None:
    """Draw the board with counters arriving in their areas one by one, as in play."""
    for n in range(1, len(arrivals) + 1):
        board.stacks.update(list(arrivals[:n]))
    board.draw(GameView(g))


def test_a_hero_under_a_face_down_jarl_shows_its_name() -> None:
    g = blank_game()
    put_jarl(g, 3, ANGLIA, face=T.FACE_DOWN)  # there first: the lowest place, on top
    put_hero(g, 0, ANGLIA)
    board = _board()
    _draw(g, board, ((T.JARL, 3), ANGLIA), ((T.HERO, 0), ANGLIA))
    jarl_x, jarl_y, _ = _drawn(board, (T.JARL, 3))
    hero_x, hero_y, hero = _drawn(board, (T.HERO, 0))
    assert (hero_x, hero_y) == (jarl_x, jarl_y - STEP)
    assert _shows(board, (T.JARL, 3), COUNTER_SIZE)  # the lowest, whole
    assert _shows(board, (T.HERO, 0), BAND) and not _shows(board, (T.HERO, 0), BAND + 1)
    # The band that shows holds the hero's name in full, in the hero's colour.
    name = minifont.render(HERO_TAGS[0])
    ink = board.ui.screen.pixels[hero_y + 2 : hero_y + 7, hero_x : hero_x + COUNTER_SIZE]
    left = (COUNTER_SIZE - name.shape[1]) // 2
    assert ((ink != hero.pixels[12, 3])[:, left : left + name.shape[1]] == name).all()
    # The pointer on the band finds the hero.
    assert board.counter_at(hero_x + 12, hero_y + 3) == (T.HERO, 0)
    assert board.counter_at(jarl_x + 12, jarl_y + 3) == (T.JARL, 3)


def test_every_counter_of_a_mixed_pile_shows_its_name_band() -> None:
    g = blank_game()
    put_hero(g, 2, ANGLIA)
    put_jarl(g, 7, ANGLIA, hero=2)
    put_jarl(g, 9, ANGLIA, face=T.FACE_DOWN)
    put_hero(g, 4, ANGLIA)
    put_monster(g, 18, ANGLIA)
    sword = g.swords[T.LOVI]
    sword.taken, sword.possessortype, sword.possessor, sword.where = True, T.KINGDOM, -1, ANGLIA
    pile: list[Key] = [(T.HERO, 2), (T.JARL, 7), (T.JARL, 9), (T.HERO, 4), (T.MONSTER, 18)]
    pile.append((T.SWORD, T.LOVI))
    board = _board()
    _draw(g, board, *((key, ANGLIA) for key in pile))
    ys = [_drawn(board, key)[1] for key in pile]
    assert ys == [ys[0] - STEP * place for place in range(len(pile))]
    assert _shows(board, pile[0], COUNTER_SIZE)
    assert all(_shows(board, key, BAND) for key in pile[1:])
    # Each band differs from the others: who is who can be read off the pile.
    bands = {_drawn(board, key)[2].pixels[:BAND].tobytes() for key in pile}
    assert len(bands) == len(pile)
