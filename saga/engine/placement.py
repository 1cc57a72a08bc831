"""Putting counters on the board: a new game, new heroes, and each turn's
fresh monsters and jarls."""

from __future__ import annotations

from collections.abc import Sequence

from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.host import hero_pen


def start_game(g: Game, controls: Sequence[T.Control], turns: int, advanced: bool) -> None:
    """Set up a new game on a fresh state, as the original's New Game does."""
    s = g.state
    s.turns = turns
    s.advanced = advanced
    s.turn = 1
    s.faxirides = T.FREY_FAXI_RIDES
    for hero, control in zip(g.heroes, controls, strict=True):
        hero.control = control
    for hero in g.heroes:
        if hero.control != T.NONE:
            new_hero(g, hero.index, give_sword=True)
    place_monsters(g)
    place_jarls(g)


def new_hero(g: Game, hero: int, give_sword: bool) -> None:
    """Start a hero afresh in a random land: at the game's start, or a restart.

    A restarted hero keeps what made him (a promoted jarl stays that jarl)
    but loses glory, wealth and jarls; only a new game hands out a sword.
    """
    h = g.heroes[hero]
    h.where = h.homewhere = g.goodrand() % T.LAND_AREAS
    h.glory = h.wealth = 0
    h.luck = T.START_LUCK
    h.alive = True
    h.verydead = h.wounded = h.hagall = h.attacking = h.defending = h.loseturn = False
    h.rune = h.god = -1
    h.sea = T.SEA_NORMAL
    h.maidens = 0
    if give_sword:
        h.promoted = -1
    for j in g.jarls:
        if j.hero == hero:
            j.hero = -1
    if not give_sword:
        return
    while True:
        sword = g.goodrand() % len(T.SWORD_NAMES)
        if not g.swords[sword].taken:
            break
    item = g.swords[sword]
    item.taken = True
    item.possessortype = T.HERO
    item.possessor = hero
    item.where = -1
    g.tell(f"{h.name} {g.t('MSG_HAS_THE_SWORD')} {T.SWORD_NAMES[sword]}.", hero_pen(hero))


def place_monsters(g: Game) -> None:
    """One monster per living hero, face up, while any remain in the pile."""
    count = g.state.monster_count
    treasure_count = g.state.treasure_count
    pile = 0
    for m in g.monsters[:count]:
        pile += not m.taken
    for hero in g.heroes:
        if not hero.alive or not pile:
            continue
        while True:
            m = g.monsters[g.goodrand() % count]
            if not m.taken:
                break
        m.taken = m.alive = True
        pile -= 1
        if m.species in (T.SERPENT, T.KRAKEN):
            m.where = g.goodrand() % (T.AREAS - T.LAND_AREAS) + T.LAND_AREAS
        else:
            m.where = g.goodrand() % T.LAND_AREAS
        m.sea = T.SEA_NORMAL
        m.hagall = False
        m.wealth = 0
        if m.species in (T.DRAGON, T.HYDRA):
            if all(t.taken for t in g.treasures[:treasure_count]):
                m.wealth = 20  # the last dragons guard gold instead
            else:
                while True:
                    treasure = g.treasures[g.goodrand() % treasure_count]
                    if not treasure.taken:
                        break
                treasure.taken = True
                treasure.possessortype = T.MONSTER
                treasure.possessor = m.index
                treasure.where = -1


def place_jarls(g: Game) -> None:
    """One jarl per living hero, face down in a random land, while any remain."""
    pile = 0
    for j in g.jarls:
        pile += not j.taken
    for hero in g.heroes:
        if not hero.alive or not pile:
            continue
        while True:
            j = g.jarls[g.goodrand() % len(g.jarls)]
            if not j.taken:
                break
        j.taken = j.alive = True
        pile -= 1
        j.wealth = 0
        j.where = j.homewhere = g.goodrand() % T.LAND_AREAS
        j.hero = -1
        j.sea = T.SEA_NORMAL
        j.hagall = j.loseturn = False
        j.face = T.FACE_DOWN
        j.recruitable = False


def promote(g: Game, hero: int, jarl: int) -> None:
    """A dead hero's jarl takes up the saga, keeping luck, jarls and kingdoms.

    The jarl's own sword and treasures stay with the jarl's counter, which
    leaves play, so they are lost; so is any record of the old hero's fame.
    """
    h, j = g.heroes[hero], g.jarls[jarl]
    j.alive = False
    h.wounded = False
    h.alive = True
    h.promoted = jarl
    h.name, h.moves, h.strength = j.name, j.moves, j.strength
    h.where, h.homewhere = j.where, j.homewhere
    h.hagall, h.loseturn, h.wealth = j.hagall, j.loseturn, j.wealth
    h.god = h.rune = -1
    h.maidens = h.glory = 0


def withdraw(g: Game, hero: int) -> None:
    """A dead hero leaves play for good: his jarls and kingdoms go free."""
    g.heroes[hero].verydead = True
    for j in g.jarls:
        if j.alive and j.hero == hero:
            j.hero = -1
    for area in range(T.LAND_AREAS):
        if g.king[area] == hero:
            g.king[area] = -1
