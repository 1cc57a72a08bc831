"""Wounds and deaths, and what the winner gains: the end of a fight, whoever fought it.

Battles (:mod:`saga.engine.combat`) and the monsters' spells
(:mod:`saga.engine.spells`) both wound and kill, so this is shared by them
and imports neither.
"""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.counters import jarl_count
from saga.engine.game import Game
from saga.engine.host import Ask, hero_pen
from saga.engine.items import drop_all, loot_monster, yes_no, yn_suffix
from saga.engine.kingdoms import conquer
from saga.engine.state import Counter


def wound(g: Game, wounder: Counter, wounded: Counter) -> None:
    """A counter beaten but not slain: what a wound means depends on what it is.

    A free jarl a hero beats may join that hero instead; a hero wounded already
    dies; a kingdom is conquered.  Otherwise a hero is wounded (unless a
    maiden heals the wound), a jarl goes back to the pile, a monster too, and the
    wounder's side gains half what a kill would bring.
    """
    wounderhero, woundedhero = g.side(wounder), g.side(wounded)
    if wounder.kind == T.HERO and wounded.kind == T.JARL:
        if recruit(g, wounded.number, wounderhero):
            return
    elif wounded.kind == T.HERO and g.heroes[wounded.number].wounded:
        kill(g, wounder, wounded)
        return
    elif wounded.kind == T.KINGDOM:
        conquer(g, wounder, wounded.number)
        return
    if g.listening:
        g.tell(g.who(*wounded) + g.t("MSG_IS_WOUNDED") + "!", g.pen(woundedhero))
    if wounded.kind == T.HERO:
        h = g.heroes[wounded.number]
        if h.maidens:
            h.maidens -= 1
            h.wounded = False
            g.tell(
                f"Frey {g.t('MSG_MAIDEN_HEALS')} {h.name}{g.t('MSG_S_WOUND')}.",
                hero_pen(wounded.number),
            )
        else:
            h.wounded = True
        if wounderhero != -1:
            half = h.strength // 2 // 2
            gain(g, wounderhero, half, half)
    elif wounded.kind == T.JARL:
        j = g.jarls[wounded.number]
        j.alive = j.taken = False
        j.hero = -1
        j.wealth = 0
        drop_all(g, wounded, j.where)
        if wounderhero != -1:
            half = j.strength // 2 // 2  # not the same as // 4 for odd strengths
            gain(g, wounderhero, half, half)
    elif wounded.kind == T.MONSTER:
        m = g.monsters[wounded.number]
        m.alive = m.taken = False  # back to the pile
        gain(g, wounderhero, m.glory // 2, m.luck // 2)


def kill(g: Game, killer: Counter, killed: Counter) -> None:
    """A counter slain in battle or by a spell (a kingdom: conquered), and what the killer gains."""
    if killed.kind == T.HERO:
        _kill_hero(g, g.side(killer), killed.number)
    elif killed.kind == T.JARL:
        _kill_jarl(g, g.side(killer), killed.number)
    elif killed.kind == T.KINGDOM:
        conquer(g, killer, killed.number)
    else:
        _kill_monster(g, killer, killed.number)


def _kill_hero(g: Game, killerhero: int, hero: int) -> None:
    h = g.heroes[hero]
    h.alive = h.attacking = h.defending = False
    drop_all(g, h.counter, h.where)
    if g.listening:
        g.tell(g.who(T.HERO, hero) + g.t("MSG_IS_KILLED") + "!", hero_pen(hero))
    if killerhero != -1:
        half = h.strength // 2
        gain(g, killerhero, half, half)


def _kill_jarl(g: Game, killerhero: int, jarl: int) -> None:
    j = g.jarls[jarl]
    killedhero = j.hero
    if killerhero != -1 and g.heroes[killerhero].where == j.where and recruit(g, jarl, killerhero):
        return
    j.alive = j.attacking = j.defending = False
    drop_all(g, j.counter, j.where)
    if g.listening:
        g.tell(g.who(T.JARL, jarl) + g.t("MSG_IS_KILLED") + "!", hero_pen(killedhero))
    if killerhero != -1:
        _take_jarl_gold(g, killerhero, jarl)
    if killedhero != -1:
        _mourn_jarl(g, killedhero, j.strength // 2)
    if killerhero != -1:
        gain(g, killerhero, j.strength // 2, j.strength // 2)


def _kill_monster(g: Game, killer: Counter, monster: int) -> None:
    """The slayer loots the monster; a hero may learn a rune from a magic one."""
    killerhero = g.side(killer)
    m = g.monsters[monster]
    m.alive = False
    if g.listening:
        g.tell(f"{g.monster_name(monster)} {g.t('MSG_IS_KILLED')}!", hero_pen(killerhero))
    loot_monster(g, killer, killerhero, monster)
    gain(g, killerhero, m.glory, m.luck)
    h = g.heroes[killerhero]
    if h.attacking and m.species in (T.DROW, T.GHOST, T.WITCH) and h.rune == -1:
        h.rune = g.goodrand() % len(T.RUNE_NAMES)
        g.tell(
            g.who(T.HERO, killerhero)
            + f"{g.t('MSG_LEARNS_THE_RUNE')} {T.RUNE_NAMES[h.rune]}, "
            + f"{g.t(T.RUNE_DESCRIPTIONS[h.rune])}.",
            hero_pen(killerhero),
        )


def _take_jarl_gold(g: Game, killerhero: int, killed: int) -> None:
    """The slayer's side takes the taxes a slain jarl carried.

    Quirks kept: the dead jarl keeps his gold too, and when the killer's
    hero is elsewhere, every one of his jarls on the spot gets the full sum.
    """
    j = g.jarls[killed]
    h = g.heroes[killerhero]
    pen = hero_pen(killerhero)
    if h.where == j.where:
        if j.wealth:
            h.wealth += j.wealth
            # Two spaces after "from", as the original writes it.
            g.tell(
                g.who(T.HERO, killerhero)
                + f"{g.t('MSG_TAKES')} {j.wealth} {g.t('MSG_GOLDEN_MARKS')} {g.t('MSG_FROM')} "
                + g.who(T.JARL, killed, lower=True)
                + ".",
                pen,
            )
        return
    for other in g.jarls:
        if other.alive and other.hero == killerhero and other.where == j.where and j.wealth:
            other.wealth += j.wealth
            # The original leaves out the sum here, keeping both spaces round it.
            g.tell(
                g.who(T.JARL, other.index)
                + f"{g.t('MSG_TAKES')}  {g.t('MSG_GOLDEN_MARKS')} {g.t('MSG_FROM')} "
                + g.who(T.JARL, killed, lower=True)
                + ".",
                pen,
            )


def _mourn_jarl(g: Game, hero: int, loss: int) -> None:
    """A hero who loses a jarl loses glory or luck by half the jarl's strength."""
    h = g.heroes[hero]
    if h.control != T.HUMAN:
        h.glory = max(h.glory - loss, 0)
        return
    if h.glory <= 0 and h.luck <= 0:
        return
    pen = hero_pen(hero)
    g.say(g.who(T.HERO, hero, comma=True) + _glory_or_luck(g, "MSG_LOSE", loss, loss), pen)
    if glory_chosen(g, pen):
        h.glory = max(h.glory - loss, 0)
    else:
        h.luck = max(h.luck - loss, 0)


def _glory_or_luck(g: Game, verb: str, glory: int, luck: int) -> str:
    t = g.t
    return (
        f"{t(verb)} {glory} ({t('MSG_KEY_GLORY')}){t('MSG_GLORY_REST')} {t('MSG_OR')} "
        f"{luck} ({t('MSG_KEY_LUCK')}){t('MSG_LUCK_REST')}?"
    )


def glory_chosen(g: Game, pen: int) -> bool:
    """Ask until the player presses the Glory or the Luck key."""
    return g.choose(Ask.GLKEYBOARD, pen)


def gain(g: Game, hero: int, glory: int, luck: int) -> None:
    """A deed earns glory or luck, the player's choice; the Amiga tosses a coin."""
    if glory == 0 and luck == 0:
        return
    h = g.heroes[hero]
    if h.control == T.HUMAN:
        pen = hero_pen(hero)
        g.say(g.who(T.HERO, hero, comma=True) + _glory_or_luck(g, "MSG_GAIN", glory, luck), pen)
        if glory_chosen(g, pen):
            h.glory += glory
        else:
            h.luck += luck
    elif g.goodrand() % 2:
        h.luck += luck
    else:
        h.glory += glory


def recruit(g: Game, jarl: int, hero: int) -> bool:
    """A beaten free jarl, face up for the first time, may join the victor.

    Only the battle that turns the jarl face up gives the chance, and it
    costs the hero a point of luck; the Amiga always takes it.
    """
    j, h = g.jarls[jarl], g.heroes[hero]
    if not (j.hero == -1 and h.luck >= 1 and j.recruitable):
        return False
    j.recruitable = False
    if jarl_count(g, hero) >= T.MAX_JARLS_PER_HERO:
        return False
    pen = hero_pen(hero)
    human = h.control == T.HUMAN
    if human:
        g.say(
            g.who(T.HERO, hero, comma=True) + f"{g.t('MSG_RECRUIT_JARL')} {j.name} {yn_suffix(g)}",
            pen,
        )
        if not yes_no(g, pen):
            return False
    h.luck -= 1
    gain(g, hero, j.strength // 2, j.strength // 2)
    j.hero = hero
    if not human and g.listening:
        g.tell(g.who(T.HERO, hero) + f"{g.t('MSG_RECRUITS_JARL')} {j.name}.", pen)
    return True
