"""Swords, treasures and gold changing hands."""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.host import Ask, hero_pen
from saga.engine.state import Counter

_ASK_VERB = {
    T.FREY_FAXI: "MSG_RIDE_THE",
    T.HEALING_POTION: "MSG_DRINK_THE",
    T.INVISIBILITY_RING: "MSG_WEAR_THE",
    T.TELEPORT_SCROLL: "MSG_READ_THE",
}


def yes_no(g: Game, pen: int) -> bool:
    """Ask until the player presses the Yes or the No key."""
    return g.choose(Ask.YNKEYBOARD, pen)


def yn_suffix(g: Game) -> str:
    return f"({g.t('MSG_KEY_YES')}/{g.t('MSG_KEY_NO')})?"


def vanish(g: Game, treasure: int) -> None:
    """A used-up treasure leaves the game; Frey Faxi only after its last ride."""
    s = g.state
    if treasure == T.FREY_FAXI and s.faxirides >= 1:
        s.faxirides -= 1
    if treasure != T.FREY_FAXI or s.faxirides == 0:
        item = g.treasures[treasure]
        item.possessortype = item.possessor = item.where = -1
        if treasure == T.FREY_FAXI:
            s.faxirides = -1  # so that it only goes once


def ask_treasure(g: Game, c: Counter, treasure: int) -> bool:
    """Ask a human whether to use a treasure; riding Frey Faxi asks for passengers."""
    pen = g.who_pen(*c)
    name = g.item_name(T.TREASURE, treasure)
    text = g.who(*c, comma=True) + f"{g.t(_ASK_VERB[treasure])} {name} "
    if treasure == T.FREY_FAXI:
        text += f"({g.state.faxirides} {g.t('MSG_RIDES_LEFT')}) "
    g.say(text + yn_suffix(g), pen)
    if not yes_no(g, pen):
        return False
    if treasure == T.FREY_FAXI:
        g.rider = c
        choose_passengers(g, c)
    return True


def choose_passengers(g: Game, rider: Counter) -> None:
    """Let a human pick which of his counters ride along on Frey Faxi."""
    player = g.side(rider)
    here = g.piece(rider).where
    if rider.kind == T.HERO:
        ok = any(j.where == here and j.hero == player and not j.passenger for j in g.jarls)
    else:
        h = g.heroes[player]
        ok = (h.where == here and not h.passenger) or any(
            j.index != rider.number and j.where == here and j.hero == player and not j.passenger
            for j in g.jarls
        )
    if not ok:
        return
    pen = g.who_pen(*rider)
    g.say(g.who(*rider, comma=True) + g.t("MSG_SELECT_PASSENGERS") + "?", pen)
    g.hint(g.t("MSG_SELECT"), g.t("MSG_FINISH"))
    while True:
        passenger = g.ask(Ask.COUNTER, pen)
        if passenger in (-2, -3):
            return
        if g.countertype == T.HERO:
            if rider.kind == T.JARL and passenger == player:
                h = g.heroes[player]
                if h.where == here:
                    h.passenger = not h.passenger
        elif g.countertype == T.JARL and 0 <= passenger < len(g.jarls):
            j = g.jarls[passenger]
            if (
                (rider.kind == T.HERO or passenger != rider.number)
                and j.hero == player
                and j.where == here
            ):
                j.passenger = not j.passenger


def pick_up_treasures(g: Game, c: Counter, area: int, control: int) -> None:
    """Treasures lying where a counter ends its move are taken (humans are asked)."""
    for number in range(g.state.treasure_count):
        item = g.treasures[number]
        if item.where != area or item.possessortype != T.KINGDOM:
            continue
        pen = g.who_pen(*c)
        name = g.item_name(T.TREASURE, number)
        if control == T.HUMAN:
            g.say(
                g.who(*c)
                + f"{g.t('MSG_IN')} {g.area_name(area)}, {g.t('MSG_TAKE_THE')} {name} "
                + yn_suffix(g),
                pen,
            )
            take = yes_no(g, pen)
        else:
            g.tell(g.who(*c) + f"{g.t('MSG_TAKES_THE')} {name}.", pen)
            take = True
        if take:
            item.possessortype, item.possessor, item.where = *c, -1


def pick_up_sword(g: Game, c: Counter, area: int, control: int) -> None:
    """A counter without a sword takes one lying where it ends its move."""
    swords = g.swords
    loose = [n for n, s in enumerate(swords) if s.where == area and s.possessortype == T.KINGDOM]
    if not loose or any(s.held_by(*c) for s in swords):
        return
    for number in loose:
        item = swords[number]
        pen = g.who_pen(*c)
        name = T.SWORD_NAMES[number]
        if control == T.HUMAN:
            g.say(
                g.who(*c)
                + f"{g.t('MSG_IN')} {g.area_name(area)}, {g.t('MSG_TAKE_SWORD')} {name} "
                + yn_suffix(g),
                pen,
            )
            if not yes_no(g, pen):
                continue
        item.possessortype, item.possessor, item.where = *c, -1
        if control == T.AMIGA:
            g.tell(g.who(*c) + f"{g.t('MSG_TAKES_SWORD')} {name}.", pen)
        return


def offer_necklace(g: Game, c: Counter, control: int) -> None:
    """A human wearing the Brosung Necklace may trade it with a dragon next door.

    Quirk kept: the search goes on after a trade, so the player may be
    offered further trades without the necklace, and each one succeeds.
    """
    if control == T.AMIGA or not g.treasures[T.BROSUNG_NECKLACE].held_by(*c):
        return
    for link in T.LINKS[g.piece(c).where]:
        if link == -1:
            break
        for m in g.monsters[: g.state.monster_count]:
            if not (m.alive and m.species == T.DRAGON and m.where == link):
                continue
            for number in range(g.state.treasure_count):
                item = g.treasures[number]
                if not item.held_by(T.MONSTER, m.index):
                    continue
                pen = g.who_pen(*c)
                g.say(
                    g.who(*c, comma=True)
                    + f"{g.t('MSG_EXCHANGE_THE')} {g.item_name(T.TREASURE, T.BROSUNG_NECKLACE)}"
                    + f" {g.t('MSG_WITH')} {g.monster_name(m.index)} {yn_suffix(g)}",
                    pen,
                )
                if yes_no(g, pen):
                    item.possessortype, item.possessor = c
                    name = g.item_name(T.TREASURE, number)
                    g.say(g.who(*c) + f"{g.t('MSG_TAKES_THE')} {name}.", pen)
                    necklace = g.treasures[T.BROSUNG_NECKLACE]
                    necklace.possessortype, necklace.possessor = T.MONSTER, m.index
                    break


def loot_monster(g: Game, slayer: Counter, hero: int, monster: int) -> None:
    """The slayer of a monster takes its treasures, and its gold goes to his hero."""
    pen = hero_pen(hero)
    for number in range(g.state.treasure_count):
        item = g.treasures[number]
        if item.held_by(T.MONSTER, monster):
            item.possessortype, item.possessor, item.where = *slayer, -1
            name = g.item_name(T.TREASURE, number)
            g.tell(g.who(*slayer) + f"{g.t('MSG_FINDS_THE')} {name}!", pen)
    m = g.monsters[monster]
    if m.wealth > 0:
        g.heroes[hero].wealth += m.wealth
        text = g.who(*slayer) + f"{g.t('MSG_FINDS')} {m.wealth} {g.t('MSG_GOLDEN_MARKS')}."
        m.wealth = 0
        g.tell(text, pen)


def drop_all(g: Game, c: Counter, area: int) -> None:
    """A fallen counter's sword and treasures stay where it fell."""
    for item in g.treasures[: g.state.treasure_count] + g.swords:
        if item.held_by(*c):
            item.possessortype, item.possessor, item.where = T.KINGDOM, -1, area


def ring_escape(g: Game, c: Counter) -> bool:
    """Whether a defender wearing the Invisibility Ring slips out of the fight.

    Quirk kept: putting the ring on never lets the wearer escape; only a
    wearer who does not use it gets the roll.  The Amiga always uses it.
    A jarl without a hero is read as belonging to hero -1, whose control
    the reference build reads as none, so such a jarl gets the roll.
    """
    if not g.treasures[T.INVISIBILITY_RING].held_by(*c):
        return False
    hero = g.side(c)
    control = g.heroes[hero].control if hero >= 0 else T.NONE
    pen = hero_pen(hero)
    if control == T.AMIGA:
        name = g.item_name(T.TREASURE, T.INVISIBILITY_RING)
        g.say(g.who(*c) + f"{g.t('MSG_WEARS_THE')} {name}.", pen)
        return False
    if control == T.HUMAN and ask_treasure(g, c, T.INVISIBILITY_RING):
        return False
    escaped = g.d6() >= 4
    verb = g.t("MSG_ESCAPES" if escaped else "MSG_FAILS_TO_ESCAPE")
    g.tell(g.who(*c) + verb + "!", pen)
    return escaped


def hand_over_gold(g: Game, hero: int, jarl: int) -> None:
    """A jarl's taxes go to his hero when their paths cross."""
    j = g.jarls[jarl]
    if not j.wealth:
        return
    h = g.heroes[hero]
    verb = g.t("MSG_GIVES" if h.where == j.where else "MSG_GAVE")
    text = g.who(T.JARL, jarl) + f"{verb} {j.wealth} {g.t('MSG_GOLD_TO_HERO')} {h.name}."
    h.wealth += j.wealth
    j.wealth = 0
    g.tell(text, hero_pen(hero))
