"""The spells that drow, witches and ghosts cast before a battle's die roll."""

from __future__ import annotations

from saga.engine import movement
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.host import WHITE, hero_pen
from saga.engine.state import Counter
from saga.engine.wounds import wound

_SPELL_EFFECT = {
    T.HAGALL: "MSG_HAIL",
    T.IS: "MSG_ICE",
    T.JARA: "MSG_LOSE_NEXT_TURN",
    T.NIED: "MSG_NIED_EFFECT",
    T.WYNN: "MSG_FLEEING",
    T.YR: "MSG_WOUNDING",
}


def cast(g: Game, caster: int, spell: int) -> None:
    """A monster casts a spell on everyone in its area, friend or foe."""
    text = (
        f"{g.monster_name(caster)} {g.t('MSG_CASTS')} "
        f"{T.SPELL_NAMES[spell]} ({g.t(_SPELL_EFFECT[spell])})"
    )
    if spell == T.IS:
        g.ice[g.monsters[caster].where] = True
        g.tell(text + ".", WHITE)
        return
    # Hagall and Jara always work; the others only if the victim rolls 1-3.
    if spell not in (T.HAGALL, T.JARA) and g.d6() > 3:
        g.tell(f"{text}, {g.t('MSG_FIZZLES')}!", WHITE)
        return
    g.tell(text + ".", WHITE)
    where = g.monsters[caster].where
    monster = g.monsters[caster].counter
    _strike_heroes(g, monster, spell, where)
    _strike_jarls(g, monster, spell, where)
    if spell == T.HAGALL:
        for m in g.monsters:
            if m.alive and m.where == where:
                m.hagall = True
                m.sea = T.SEA_BAD


def _strike_heroes(g: Game, monster: Counter, spell: int, where: int) -> None:
    """The spell falls on each hero in the area, unless his Sygil rune wards it off."""
    for h in g.heroes:
        if h.control == T.NONE or not h.alive or h.where != where:
            continue
        if h.rune == T.SYGIL and g.d6() <= 3:
            g.tell(
                f"{g.t('MSG_HERO')} {h.name}{g.t('MSG_RUNE_PROTECTS')}.",
                hero_pen(h.index),
            )
            continue
        if spell == T.HAGALL:
            h.hagall = True
            h.sea = T.SEA_BAD
        elif spell == T.JARA:
            h.loseturn = True
        elif spell == T.NIED:
            h.loseturn = True
            h.attacking = False
        elif spell == T.WYNN:
            h.glory = max(h.glory - 2, 0)
            movement.amiga_rout(g, h.counter)
            h.attacking = False
        else:
            wound(g, monster, h.counter)
            h.attacking = False


def _strike_jarls(g: Game, monster: Counter, spell: int, where: int) -> None:
    """The spell falls on each jarl in the area; only face-up jarls can be wounded."""
    for j in g.jarls:
        if not j.alive or j.where != where:
            continue
        if spell == T.HAGALL:
            j.hagall = True
            j.sea = T.SEA_BAD
        elif spell == T.JARA:
            j.loseturn = True
        elif spell == T.NIED:
            j.loseturn = True
            j.attacking = False
        elif spell == T.WYNN:
            movement.amiga_rout(g, j.counter)
            j.attacking = False
        elif j.face == T.FACE_UP:
            wound(g, monster, j.counter)
            j.attacking = False
