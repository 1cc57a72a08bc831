"""One battle, from the call for aid to the gods' notice, and its results."""

from __future__ import annotations

from saga.engine import movement, spells
from saga.engine import tables as T
from saga.engine.counters import jarl_count
from saga.engine.game import Game
from saga.engine.gods import battle_god, pray, thor
from saga.engine.items import drop_all, loot_monster, ring_escape, yes_no, yn_suffix
from saga.engine.kingdoms import conquer
from saga.engine.state import Item
from saga.host import FIRST_HERO_PEN, WHITE, Ask

_RESULT_TEXT = {
    T.ATTACKERS_KILLED: "MSG_ATTACKERS_KILLED",
    T.ATTACKERS_WOUNDED: "MSG_ATTACKERS_WOUNDED",
    T.ATTACKERS_FLEE: "MSG_ATTACKERS_FLEE",
    T.NO_RESULT: "MSG_NO_RESULT",
    T.DEFENDERS_FLEE: "MSG_DEFENDERS_FLEE",
    T.DEFENDERS_WOUNDED: "MSG_DEFENDERS_WOUNDED",
    T.DEFENDERS_KILLED: "MSG_DEFENDERS_KILLED",
}


def defending(g: Game, hero: int) -> bool:
    """The defending flag of a hero, where hero -1 reads as false.

    Quirk kept: the original tests ``hero[-1]`` when it clears defenders;
    in the reference build that reads zero.  Python's ``[-1]`` would read
    the last hero instead, so the guard is explicit.
    """
    return hero >= 0 and g.heroes[hero].defending


def attackers_left(g: Game) -> bool:
    return any(h.attacking for h in g.heroes) or any(j.attacking for j in g.jarls)


def call_for_aid(g: Game, kind: int, counter: int) -> None:
    """A hero or jarl under attack brings in his side's counters in the area."""
    if kind == T.HERO:
        hero, where = counter, g.heroes[counter].where
    else:
        hero, where = g.jarls[counter].hero, g.jarls[counter].where
    if kind == T.JARL and g.heroes[hero].where == where:
        g.heroes[hero].defending = True
    for j in g.jarls:
        if j.hero == hero and j.where == where and not j.defending:
            j.defending = True


def _sword_bonus(g: Game, sword: int, other_side_has_jarls: bool) -> int:
    if sword == T.LOVI:
        return 3 if other_side_has_jarls else 1
    return T.SWORD_BONUS[sword]


def _holder_flag(g: Game, item: Item, flag: str) -> bool:
    """Whether the hero or jarl holding an item has a battle flag set."""
    if item.possessortype == T.HERO:
        return getattr(g.heroes[item.possessor], flag)
    if item.possessortype == T.JARL:
        return getattr(g.jarls[item.possessor], flag)
    return False


def battle(g: Game, defendtype: int, defender: int, attackhero: int) -> None:
    """Fight one battle of the current hero's side against one defender."""
    attack = defence = 0
    defendhero = -1
    heroes, jarls = g.heroes, g.jarls
    if defendtype == T.HERO:
        defendhero = defender
        heroes[defender].defending = True
        if ring_escape(g, T.HERO, defender, defendhero):
            end_battle(g, attackhero, defendtype, defendhero, defender)
            return
        call_for_aid(g, T.HERO, defender)
    elif defendtype == T.JARL:
        defendhero = jarls[defender].hero
        jarls[defender].defending = True
        if ring_escape(g, T.JARL, defender, defendhero):
            end_battle(g, attackhero, defendtype, defendhero, defender)
            return
        if defendhero != -1:
            call_for_aid(g, T.JARL, defender)
    elif defendtype == T.MONSTER:
        defence = g.monsters[defender].strength
    else:
        defence = T.AREA_TABLE[defender].tax

    if defendtype == T.MONSTER:
        species = g.monsters[defender].species
        if species == T.GHOST:
            roll = g.d6()
            if roll <= 3:
                spells.cast(g, defender, roll)
        elif species == T.DROW:
            spells.cast(g, defender, g.d6())
        elif species == T.WITCH:
            spells.cast(g, defender, g.d6())
            if attackers_left(g):
                spells.cast(g, defender, g.d6())
    if not attackers_left(g):
        end_battle(g, attackhero, defendtype, defendhero, defender)
        return

    # Everyone flagged joins in, even a Brunhild still "defending" from an
    # earlier battle (see end_battle).
    for c in heroes:
        if c.attacking:
            attack += c.strength - c.hagall
        elif c.defending:
            defence += c.strength - c.hagall
    for c in jarls:
        if c.attacking:
            attack += c.strength - c.hagall
        elif c.defending:
            defence += c.strength - c.hagall
    if defendtype == T.MONSTER and g.monsters[defender].hagall:
        defence -= 1
    for c in heroes:
        if c.alive and c.rune == T.OGAL:
            if c.attacking:
                attack += 1
            elif c.defending:
                defence += 1
    jarls_attacking = any(j.attacking for j in jarls)
    jarls_defending = any(j.defending for j in jarls)
    for number, sword in enumerate(g.swords):
        if _holder_flag(g, sword, "attacking"):
            attack += _sword_bonus(g, number, jarls_defending)
        elif _holder_flag(g, sword, "defending"):
            defence += _sword_bonus(g, number, jarls_attacking)

    attackluck = _luck(g, attackhero, T.HERO, attackhero, "MSG_ATTACKING", attack, defence)
    defendluck = 0
    if defendhero != -1:
        defendluck = _luck(g, defendhero, defendtype, defender, "MSG_DEFENDING", defence, attack)
    attack += attackluck
    defence += defendluck

    if heroes[attackhero].attacking:
        attack = max(attack + battle_god(g, attackhero, True), 0)
    if defendhero != -1 and heroes[defendhero].defending:
        defence = max(defence + battle_god(g, defendhero, False), 0)

    # Balmung cuts through magic armour.
    if not _holder_flag(g, g.swords[T.BALMUNG], "attacking"):
        if _holder_flag(g, g.treasures[T.MAGIC_SHIRT], "defending"):
            defence += 1
        if _holder_flag(g, g.treasures[T.MAIL_COAT], "defending"):
            defence += 2

    roll = g.d6()
    result = T.combat_result(roll + attack - defence)
    t = g.t
    g.tell(
        f"{t('MSG_ATTACK_STRENGTH')}: {attack}. {t('MSG_DEFENCE_STRENGTH')}: {defence}. "
        f"{t('MSG_ROLL')}: {roll}. {t(_RESULT_TEXT[result])}.",
        FIRST_HERO_PEN + attackhero,
    )

    # Hrunting turns its side's flight into the enemy's.
    hrunting = g.swords[T.HRUNTING]
    if result == T.ATTACKERS_FLEE and _holder_flag(g, hrunting, "attacking"):
        result = T.DEFENDERS_FLEE
    elif result == T.DEFENDERS_FLEE and _holder_flag(g, hrunting, "defending"):
        result = T.ATTACKERS_FLEE

    if heroes[attackhero].attacking:
        attacktype, attacker = T.HERO, attackhero
    else:
        attacktype = T.JARL
        attacker = next((j.index for j in jarls if j.attacking), -1)

    if result <= T.ATTACKERS_FLEE:
        effect = (kill, wound, flee)[result - T.ATTACKERS_KILLED]
        if heroes[attackhero].attacking:
            effect(g, defendtype, defender, defendhero, T.HERO, attackhero, attackhero)
        for j in jarls:
            if j.attacking:
                effect(g, defendtype, defender, defendhero, T.JARL, j.index, attackhero)
    elif result == T.NO_RESULT:
        g.tell(t("MSG_NO_RESULT") + ".", WHITE)
    else:
        effect = (flee, wound, kill)[result - T.DEFENDERS_FLEE]
        if defendtype in (T.MONSTER, T.KINGDOM):
            effect(g, attacktype, attacker, attackhero, defendtype, defender, -1)
        else:
            if defending(g, defendhero):
                effect(g, attacktype, attacker, attackhero, T.HERO, defendhero, defendhero)
            for j in jarls:
                if j.defending:
                    effect(g, attacktype, attacker, attackhero, T.JARL, j.index, defendhero)

    survivor = defendhero != -1 and heroes[defendhero].defending and heroes[defendhero].alive
    if heroes[attackhero].attacking:
        thor(g, attackhero)
    if survivor:
        thor(g, defendhero)
    if heroes[attackhero].attacking:
        pray(g, attackhero)
    if survivor:
        pray(g, defendhero)
    end_battle(g, attackhero, defendtype, defendhero, defender)


def _luck(g: Game, hero: int, kind: int, counter: int, side: str, own: int, other: int) -> int:
    """Luck a side's hero spends on the die: asked of humans, judged by the Amiga."""
    h = g.heroes[hero]
    t = g.t
    if h.control == T.HUMAN:
        if h.luck < 1:
            return 0
        most = min(h.luck, 9)
        g.say(
            f"{t(side)}{g.who(kind, counter, lower=True)}, {t('MSG_USE_LUCK')} (0-{most})?",
            FIRST_HERO_PEN + hero,
        )
        return spend_luck(g, hero)
    if own < other and h.luck > 1:
        luck = min(other - own, h.luck - 1)
        h.luck -= luck
        # The original starts this message with the side's name, then names
        # the hero in a way that starts the message afresh.
        g.tell(
            g.who(T.HERO, hero) + f"{t('MSG_USED')} {luck} {t('MSG_LUCK_LOWER')}.",
            FIRST_HERO_PEN + hero,
        )
        return luck
    return 0


def spend_luck(g: Game, hero: int) -> int:
    """A human types a digit; asking for more luck than he has spends none."""
    g.hint("0", "0")
    while True:
        key = g.ask(Ask.MULTIKEYBOARD, FIRST_HERO_PEN + hero)
        if ord("0") <= key <= ord("9"):
            break
    luck = key - ord("0")
    h = g.heroes[hero]
    if luck > h.luck:
        return 0
    h.luck -= luck
    return luck


def end_battle(g: Game, attackhero: int, defendtype: int, defendhero: int, defender: int) -> None:
    """Stand everyone down after a battle.

    Quirk kept ("Brunhild keeps defending"): the original tests
    ``defendhero != 1`` where it meant ``!= -1``, so hero 1's defending flag
    is never cleared here, and she joins later defences until she dies or
    restarts.
    """
    h = g.heroes[attackhero]
    if h.attacking:
        h.attacking = False
    if defendhero != 1 and defending(g, defendhero):
        g.heroes[defendhero].defending = False
    for j in g.jarls:
        if j.attacking:
            j.attacking = j.recruitable = False
        elif j.defending:
            j.defending = j.recruitable = False


def flee(g: Game, routertype: int, router: int, routerhero: int,
         routedtype: int, routed: int, routedhero: int) -> None:
    if routedtype == T.HERO:
        h = g.heroes[routed]
        h.glory = max(h.glory - 2, 0)
    if routertype == T.HERO and routedtype == T.JARL:
        if recruit(g, routed, routerhero):
            return
    elif routedtype == T.KINGDOM:
        conquer(g, routertype, router, routerhero, routed)
        return
    g.tell(g.who(routedtype, routed) + g.t("MSG_IS_ROUTED") + "!", g.pen(routedhero))
    amiga_routs = (
        (routertype == T.HERO and g.heroes[router].control == T.AMIGA)
        or (
            routertype == T.JARL
            and (g.jarls[router].hero == -1 or g.heroes[g.jarls[router].hero].control == T.AMIGA)
        )
        or routertype in (T.MONSTER, T.KINGDOM)
    )
    if amiga_routs:
        movement.amiga_rout(g, routedtype, routed)
    else:
        movement.human_rout(g, routedtype, routed, routerhero)


def wound(g: Game, woundertype: int, wounder: int, wounderhero: int,
          woundedtype: int, wounded: int, woundedhero: int) -> None:
    if woundertype == T.HERO and woundedtype == T.JARL:
        if recruit(g, wounded, wounderhero):
            return
    elif woundedtype == T.HERO and g.heroes[wounded].wounded:
        kill(g, woundertype, wounder, wounderhero, woundedtype, wounded, woundedhero)
        return
    elif woundedtype == T.KINGDOM:
        conquer(g, woundertype, wounder, wounderhero, wounded)
        return
    g.tell(g.who(woundedtype, wounded) + g.t("MSG_IS_WOUNDED") + "!", g.pen(woundedhero))
    if woundedtype == T.HERO:
        h = g.heroes[wounded]
        if h.maidens:
            h.maidens -= 1
            h.wounded = False
            g.tell(
                f"Frey {g.t('MSG_MAIDEN_HEALS')} {h.name}{g.t('MSG_S_WOUND')}.",
                FIRST_HERO_PEN + wounded,
            )
        else:
            h.wounded = True
        if wounderhero != -1:
            half = g.heroes[woundedhero].strength // 2 // 2
            gain(g, wounderhero, half, half)
    elif woundedtype == T.JARL:
        j = g.jarls[wounded]
        j.alive = j.taken = False
        j.hero = -1
        j.wealth = 0
        drop_all(g, T.JARL, wounded, j.where)
        if wounderhero != -1:
            half = j.strength // 2 // 2  # not the same as // 4 for odd strengths
            gain(g, wounderhero, half, half)
    elif woundedtype == T.MONSTER:
        m = g.monsters[wounded]
        m.alive = m.taken = False  # back to the pile
        gain(g, wounderhero, m.glory // 2, m.luck // 2)


def kill(g: Game, killertype: int, killer: int, killerhero: int,
         killedtype: int, killed: int, killedhero: int) -> None:
    heroes = g.heroes
    if killedtype == T.HERO:
        h = heroes[killed]
        h.alive = h.attacking = h.defending = False
        drop_all(g, T.HERO, killed, h.where)
        g.tell(g.who(T.HERO, killed) + g.t("MSG_IS_KILLED") + "!", g.pen(killedhero))
        if killerhero != -1:
            half = heroes[killedhero].strength // 2
            gain(g, killerhero, half, half)
    elif killedtype == T.JARL:
        j = g.jarls[killed]
        if (
            killerhero != -1
            and heroes[killerhero].where == j.where
            and recruit(g, killed, killerhero)
        ):
            return
        j.alive = j.attacking = j.defending = False
        drop_all(g, T.JARL, killed, j.where)
        g.tell(g.who(T.JARL, killed) + g.t("MSG_IS_KILLED") + "!", FIRST_HERO_PEN + killedhero)
        if killerhero != -1:
            _take_jarl_gold(g, killerhero, killed)
        if killedhero != -1:
            _mourn_jarl(g, killedhero, j.strength // 2)
        if killerhero != -1:
            gain(g, killerhero, j.strength // 2, j.strength // 2)
    elif killedtype == T.KINGDOM:
        conquer(g, killertype, killer, killerhero, killed)
    else:
        m = g.monsters[killed]
        m.alive = False
        g.tell(f"{g.monster_name(killed)} {g.t('MSG_IS_KILLED')}!", FIRST_HERO_PEN + killerhero)
        loot_monster(g, killertype, killer, killerhero, killed)
        gain(g, killerhero, m.glory, m.luck)
        h = heroes[killerhero]
        if h.attacking and m.species in (T.DROW, T.GHOST, T.WITCH) and h.rune == -1:
            h.rune = g.goodrand() % len(T.RUNE_NAMES)
            g.tell(
                g.who(T.HERO, killerhero)
                + f"{g.t('MSG_LEARNS_THE_RUNE')} {T.RUNE_NAMES[h.rune]}, "
                + f"{g.t(T.RUNE_DESCRIPTIONS[h.rune])}.",
                FIRST_HERO_PEN + killerhero,
            )


def _take_jarl_gold(g: Game, killerhero: int, killed: int) -> None:
    """The slayer's side takes the taxes a slain jarl carried.

    Quirks kept: the dead jarl keeps his gold too, and when the killer's
    hero is elsewhere, every one of his jarls on the spot gets the full sum.
    """
    j = g.jarls[killed]
    h = g.heroes[killerhero]
    pen = FIRST_HERO_PEN + killerhero
    if h.where == j.where:
        if j.wealth:
            h.wealth += j.wealth
            # Two spaces after "from", as the original writes it.
            g.tell(
                g.who(T.HERO, killerhero)
                + f"{g.t('MSG_TAKES')} {j.wealth} {g.t('MSG_GOLDEN_MARKS')} {g.t('MSG_FROM')} "
                + g.who(T.JARL, killed, lower=True) + ".",
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
                + g.who(T.JARL, killed, lower=True) + ".",
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
    pen = FIRST_HERO_PEN + hero
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
    glory, luck = g.key("MSG_KEY_GLORY"), g.key("MSG_KEY_LUCK")
    while True:
        result = g.ask(Ask.GLKEYBOARD, pen)
        if result in (glory, luck):
            return result == glory


def gain(g: Game, hero: int, glory: int, luck: int) -> None:
    """A deed earns glory or luck, the player's choice; the Amiga tosses a coin."""
    if glory == 0 and luck == 0:
        return
    h = g.heroes[hero]
    if h.control == T.HUMAN:
        pen = FIRST_HERO_PEN + hero
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
    pen = FIRST_HERO_PEN + hero
    if h.control == T.HUMAN:
        g.say(
            g.who(T.HERO, hero, comma=True)
            + f"{g.t('MSG_RECRUIT_JARL')} {j.name} {yn_suffix(g)}",
            pen,
        )
        if not yes_no(g, pen):
            return False
        h.luck -= 1
        gain(g, hero, j.strength // 2, j.strength // 2)
        j.hero = hero
        return True
    h.luck -= 1
    gain(g, hero, j.strength // 2, j.strength // 2)
    j.hero = hero
    g.tell(g.who(T.HERO, hero) + f"{g.t('MSG_RECRUITS_JARL')} {j.name}.", pen)
    return True
