"""One battle, from the call for aid to the gods' notice, and its results."""

from __future__ import annotations

from saga.engine import movement, spells
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.gods import battle_god, pray, thor
from saga.engine.host import WHITE, Ask, hero_pen
from saga.engine.items import ring_escape
from saga.engine.kingdoms import conquer
from saga.engine.state import Counter, Hero, Item, Jarl
from saga.engine.wounds import kill, recruit, wound


def defending(g: Game, hero: int) -> bool:
    """The defending flag of a hero, where hero -1 reads as false.

    Quirk kept: the original tests ``hero[-1]`` when it clears defenders;
    in the reference build that reads zero.  Python's ``[-1]`` would read
    the last hero instead, so the guard is explicit.
    """
    return hero >= 0 and g.heroes[hero].defending


def attackers_left(g: Game, jarls: list[Jarl]) -> bool:
    """Whether anyone still attacks; ``jarls`` are those in the battle."""
    # Loops, not any(): a generator costs more than the few counters it asks.
    for h in g.heroes:
        if h.attacking:
            return True
    for j in jarls:  # noqa: SIM110
        if j.attacking:
            return True
    return False


def call_for_aid(g: Game, c: Counter) -> None:
    """A hero or jarl under attack brings in his side's counters in the area."""
    hero, where = g.side(c), g.piece(c).where
    if c.kind == T.JARL and g.heroes[hero].where == where:
        g.heroes[hero].defending = True
    for j in g.jarls:
        if j.hero == hero and j.where == where and not j.defending:
            j.defending = True


def _sword_bonus(sword: int, other_side_has_jarls: bool) -> int:
    if sword == T.LOVI:
        return 3 if other_side_has_jarls else 1
    return T.SWORD_BONUS[sword]


def strength(g: Game, kind: T.Kind, number: int, *, defending: bool) -> int:
    """One counter's own part of a battle's sum, as the Help window shows it.

    The very parts a battle adds up (see :func:`_side_strengths`), each
    counted as there: its factor less Hagall, the Ogal rune, its swords and,
    defending, its magic armour.  What depends on the foe (Lovi's extra
    against jarls, Balmung against armour) is left out.  The original's
    window printed the Amiga players' estimate instead, which forgets the
    sword.
    """
    if kind == T.MONSTER:
        return _monster_part(g, number)
    value = _part(g, kind, number, foe_jarls=False)
    if defending:
        value += _armour(g, kind, number)
    return value


def _monster_part(g: Game, monster: int) -> int:
    """A monster's part of the defence: its factor, less one under Hagall."""
    m = g.monsters[monster]
    return m.strength - m.hagall


def _part(g: Game, kind: T.Kind, number: int, foe_jarls: bool) -> int:
    """A hero's or jarl's part of its side's sum before luck and the gods: its
    factor less Hagall, the Ogal rune (a living hero's) and its swords (Lovi
    adds more when jarls fight on the other side)."""
    if kind == T.HERO:
        hero = g.heroes[number]
        value = hero.strength - hero.hagall
        if hero.alive and hero.rune == T.OGAL:
            value += T.OGAL_BONUS
    else:
        jarl = g.jarls[number]
        value = jarl.strength - jarl.hagall
    for sword, item in enumerate(g.swords):
        # Item.held_by written out: every fighter of every battle asks it of every sword.
        if item.possessor == number and item.possessortype == kind:
            value += _sword_bonus(sword, foe_jarls)
    return value


def _armour(g: Game, kind: T.Kind, number: int) -> int:
    """What the magic armour a hero or jarl wears adds to its defence."""
    treasures = g.treasures
    value = 0
    for armour, bonus in T.ARMOUR_BONUS:
        item = treasures[armour]
        if item.possessor == number and item.possessortype == kind:  # held_by, written out
            value += bonus
    return value


def _holder(g: Game, item: Item) -> Hero | Jarl | None:
    """The hero or jarl holding an item, if one does."""
    if item.possessortype == T.HERO:
        return g.heroes[item.possessor]
    if item.possessortype == T.JARL:
        return g.jarls[item.possessor]
    return None


def _attacks_with(g: Game, item: Item) -> bool:
    holder = _holder(g, item)
    return holder is not None and holder.attacking


def _defends_with(g: Game, item: Item) -> bool:
    holder = _holder(g, item)
    return holder is not None and holder.defending


def battle(g: Game, defender: Counter, attackhero: int) -> None:
    """Fight one battle of the current hero's side against one defender.

    The phases follow the original's: the defenders stand to (or slip away
    with the Invisibility Ring), a monster casts its spells, the sides'
    strengths are added up, luck and the gods weigh in, the die is rolled,
    its result is dealt out, and the gods take notice of the survivors.
    """
    defendhero = g.side(defender)
    stood = _stand_to(g, defender, defendhero)
    # Once the defenders stand to, nobody joins the battle: spells, deaths
    # and routs only clear flags.  So the jarls flagged now are all that the
    # later steps need to look through, in board order, each one's flags
    # still read afresh; most battles have a few of the eighteen.
    jarls = []
    for j in g.jarls:
        if j.attacking or j.defending:
            jarls.append(j)
    if stood:
        if defender.kind == T.MONSTER:
            _cast_spells(g, defender.number, jarls)
        if attackers_left(g, jarls):
            result = _fight(g, defender, attackhero, defendhero, jarls)
            _deal_out(g, result, defender, attackhero, defendhero, jarls)
            _gods_notice(g, attackhero, defendhero)
    end_battle(g, attackhero, defendhero, jarls)


def _stand_to(g: Game, defender: Counter, defendhero: int) -> bool:
    """Flag a hero or jarl and his side as defending; False if he escaped."""
    if defender.kind == T.HERO:
        g.heroes[defender.number].defending = True
    elif defender.kind == T.JARL:
        g.jarls[defender.number].defending = True
    else:
        return True
    if ring_escape(g, defender):
        return False
    if defender.kind == T.HERO or defendhero != -1:
        call_for_aid(g, defender)
    return True


def _cast_spells(g: Game, monster: int, jarls: list[Jarl]) -> None:
    """Ghosts (sometimes), drow and witches (twice, if anyone is left) cast spells."""
    species = g.monsters[monster].species
    if species == T.GHOST:
        roll = g.d6()
        if roll <= 3:
            spells.cast(g, monster, roll)
    elif species == T.DROW:
        spells.cast(g, monster, g.d6())
    elif species == T.WITCH:
        spells.cast(g, monster, g.d6())
        if attackers_left(g, jarls):
            spells.cast(g, monster, g.d6())


def _side_strengths(g: Game, defender: Counter, jarls: list[Jarl]) -> tuple[int, int]:
    """Attack and defence before luck, the gods and armour: each side's parts.

    Everyone flagged joins in, even a Brunhild still "defending" from an
    earlier battle (see end_battle).
    """
    attack = defence = 0
    if defender.kind == T.MONSTER:
        defence = _monster_part(g, defender.number)
    elif defender.kind == T.KINGDOM:
        defence = T.AREA_TABLE[defender.number].tax
    jarls_attacking = jarls_defending = False
    for j in jarls:
        jarls_attacking |= j.attacking
        jarls_defending |= j.defending
    for h in g.heroes:
        if h.attacking:
            attack += _part(g, T.HERO, h.index, jarls_defending)
        elif h.defending:
            defence += _part(g, T.HERO, h.index, jarls_attacking)
    for j in jarls:
        if j.attacking:
            attack += _part(g, T.JARL, j.index, jarls_defending)
        elif j.defending:
            defence += _part(g, T.JARL, j.index, jarls_attacking)
    return attack, defence


def _fight(g: Game, defender: Counter, attackhero: int, defendhero: int, jarls: list[Jarl]) -> int:
    """Weigh the sides, with luck, gods and armour, and roll the die for a result."""
    heroes = g.heroes
    attack, defence = _side_strengths(g, defender, jarls)
    attackluck = _luck(g, attackhero, heroes[attackhero].counter, "MSG_ATTACKING", attack, defence)
    defendluck = 0
    if defendhero != -1:
        defendluck = _luck(g, defendhero, defender, "MSG_DEFENDING", defence, attack)
    attack += attackluck
    defence += defendluck

    if heroes[attackhero].attacking:
        attack = max(attack + battle_god(g, attackhero, True), 0)
    if defendhero != -1 and heroes[defendhero].defending:
        defence = max(defence + battle_god(g, defendhero, False), 0)

    # Magic armour, on whoever is flagged defending, unless Balmung cuts through it.
    if not _attacks_with(g, g.swords[T.BALMUNG]):
        for h in heroes:
            if h.defending:
                defence += _armour(g, T.HERO, h.index)
        for j in jarls:
            if j.defending:
                defence += _armour(g, T.JARL, j.index)

    roll = g.d6()
    result = T.combat_result(roll + attack - defence)
    if g.listening:
        t = g.t
        g.tell(
            f"{t('MSG_ATTACK_STRENGTH')}: {attack}. {t('MSG_DEFENCE_STRENGTH')}: {defence}. "
            f"{t('MSG_ROLL')}: {roll}. {t(T.RESULT_NAMES[result])}.",
            hero_pen(attackhero),
        )

    # Hrunting turns its side's flight into the enemy's.
    hrunting = g.swords[T.HRUNTING]
    if result == T.ATTACKERS_FLEE and _attacks_with(g, hrunting):
        return T.DEFENDERS_FLEE
    if result == T.DEFENDERS_FLEE and _defends_with(g, hrunting):
        return T.ATTACKERS_FLEE
    return result


def _deal_out(
    g: Game, result: int, defender: Counter, attackhero: int, defendhero: int, jarls: list[Jarl]
) -> None:
    """The losing side's counters flee, are wounded or die, one by one."""
    heroes = g.heroes
    if result <= T.ATTACKERS_FLEE:
        effect = (kill, wound, flee)[result - T.ATTACKERS_KILLED]
        if heroes[attackhero].attacking:
            effect(g, defender, heroes[attackhero].counter)
        for j in jarls:
            if j.attacking:
                effect(g, defender, j.counter)
    elif result == T.NO_RESULT:
        if g.listening:
            g.tell(g.t("MSG_NO_RESULT") + ".", WHITE)
    else:
        effect = (flee, wound, kill)[result - T.DEFENDERS_FLEE]
        # The victor named is the hero, or else the first of his jarls.
        if heroes[attackhero].attacking:
            attacker = heroes[attackhero].counter
        else:
            attacker = next(j.counter for j in jarls if j.attacking)
        if defender.kind in (T.MONSTER, T.KINGDOM):
            effect(g, attacker, defender)
        else:
            if defending(g, defendhero):
                effect(g, attacker, heroes[defendhero].counter)
            for j in jarls:
                if j.defending:
                    effect(g, attacker, j.counter)


def _gods_notice(g: Game, attackhero: int, defendhero: int) -> None:
    """Thor rewards, then the gods may notice, each fighting hero still standing."""
    heroes = g.heroes
    survivor = defendhero != -1 and heroes[defendhero].defending and heroes[defendhero].alive
    if heroes[attackhero].attacking:
        thor(g, attackhero)
    if survivor:
        thor(g, defendhero)
    if heroes[attackhero].attacking:
        pray(g, attackhero)
    if survivor:
        pray(g, defendhero)


def _luck(g: Game, hero: int, c: Counter, side: str, own: int, other: int) -> int:
    """Luck a side's hero spends on the die: asked of humans, judged by the Amiga."""
    h = g.heroes[hero]
    t = g.t
    if h.control == T.HUMAN:
        if h.luck < 1:
            return 0
        most = min(h.luck, 9)
        g.say(
            f"{t(side)}{g.who(*c, lower=True)}, {t('MSG_USE_LUCK')} (0-{most})?",
            hero_pen(hero),
        )
        return spend_luck(g, hero)
    if own < other and h.luck > 1:
        luck = min(other - own, h.luck - 1)
        h.luck -= luck
        # The original starts this message with the side's name, then names
        # the hero in a way that starts the message afresh.
        if g.listening:
            g.tell(
                g.who(T.HERO, hero) + f"{t('MSG_USED')} {luck} {t('MSG_LUCK_LOWER')}.",
                hero_pen(hero),
            )
        return luck
    return 0


def spend_luck(g: Game, hero: int) -> int:
    """A human types a digit; asking for more luck than he has spends none."""
    g.hint("0", "0")
    while True:
        key = g.ask(Ask.MULTIKEYBOARD, hero_pen(hero))
        if ord("0") <= key <= ord("9"):
            break
    luck = key - ord("0")
    h = g.heroes[hero]
    if luck > h.luck:
        return 0
    h.luck -= luck
    return luck


def end_battle(g: Game, attackhero: int, defendhero: int, jarls: list[Jarl]) -> None:
    """Stand everyone down after a battle; ``jarls`` are those in it.

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
    for j in jarls:
        if j.attacking:
            j.attacking = j.recruitable = False
        elif j.defending:
            j.defending = j.recruitable = False


def flee(g: Game, router: Counter, routed: Counter) -> None:
    routerhero, routedhero = g.side(router), g.side(routed)
    if routed.kind == T.HERO:
        h = g.heroes[routed.number]
        h.glory = max(h.glory - 2, 0)
    if router.kind == T.HERO and routed.kind == T.JARL:
        if recruit(g, routed.number, routerhero):
            return
    elif routed.kind == T.KINGDOM:
        conquer(g, router, routed.number)
        return
    if g.listening:
        g.tell(g.who(*routed) + g.t("MSG_IS_ROUTED") + "!", g.pen(routedhero))
    # Free jarls, monsters and kingdoms rout as the Amiga does.
    if router.kind in (T.MONSTER, T.KINGDOM) or routerhero == -1:
        amiga_routs = True
    else:
        amiga_routs = g.heroes[routerhero].control == T.AMIGA
    if amiga_routs:
        movement.amiga_rout(g, routed)
    else:
        movement.human_rout(g, routed, routerhero)
