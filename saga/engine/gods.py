"""The gods' notice after a battle, and the gods who act in the next one."""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.host import hero_pen


def pray(g: Game, hero: int) -> None:
    """After a battle a god notices the hero on a 1 (or 2, with Amsir)."""
    roll = g.d6()
    if roll == 1 or (g.heroes[hero].rune == T.AMSIR and roll == 2):
        notice(g, hero)


def notice(g: Game, hero: int) -> None:
    h = g.heroes[hero]
    t = g.t
    god = g.goodrand() % len(T.GOD_NAMES)
    roll = g.d6()
    if god == T.FREY:
        gift = 1 if roll <= 4 else 2
        h.maidens += gift
        text = (
            f"Frey {t('MSG_WILL_SEND_MAIDEN')} {h.name}"
            f"{t('MSG_S_NEXT_WOUND' if gift == 1 else 'MSG_S_NEXT_TWO_WOUNDS')}."
        )
    elif god == T.LOKI:
        if roll <= 3:
            h.luck = max(h.luck - 1, 0)
            text = f"Loki {t('MSG_LOKI_STEALS')} {h.name}."
        else:
            h.luck += 1
            text = f"Loki {t('MSG_LOKI_GRANTS')} {h.name} {t('MSG_LOKI_FOR_DARING')}."
    elif god == T.NJORD:
        if roll <= 2:
            h.sea = T.SEA_GOOD
            text = f"Njord {t('MSG_HELPS_HERO')} {h.name} {t('MSG_NJORD_SEA_NEXT_TURN')}."
        elif roll <= 4:
            marks = g.d6()
            h.wealth += marks
            text = (
                f"Njord {t('MSG_GIVES')} {marks} {t('MSG_GOLD_TO_HERO')} {h.name} "
                f"{t('MSG_AS_A_GIFT')}."
            )
        elif roll == 5:
            marks = min(g.d6(), h.wealth)
            h.wealth -= marks
            text = (
                f"Njord {t('MSG_TAKES')} {marks} {t('MSG_GOLD_FROM_HERO')} {h.name} "
                f"{t('MSG_AS_TRIBUTE')}."
            )
        else:
            h.sea = T.SEA_BAD
            text = f"Njord {t('MSG_BARS_HERO')} {h.name} {t('MSG_NJORD_NO_SEA')}."
    else:
        # Odin, Thor and Tyr act in the hero's next battle.
        h.god = god
        text = f"{T.GOD_NAMES[god]} {t('MSG_HEARD_PRAYER')} {h.name}."
    g.tell(text, hero_pen(hero))


def thor(g: Game, hero: int) -> None:
    """Thor, if he noticed the hero, rewards him after this battle."""
    h = g.heroes[hero]
    if h.god != T.THOR:
        return
    h.god = -1
    t = g.t
    roll = g.d6()
    if roll <= 3:
        text = f"Thor {t('MSG_THOR_DECIDES')} {h.name} {t('MSG_THOR_NO_REWARD')}."
    elif roll <= 5:
        h.glory += 1
        text = f"Thor {t('MSG_THOR_REWARDS')} {h.name} {t('MSG_THOR_SPEAKS')}."
    else:
        h.glory += 2
        text = f"Thor {t('MSG_THOR_HONOURS')} {h.name} {t('MSG_THOR_FEASTS')}."
    g.tell(text, hero_pen(hero))


def battle_god(g: Game, hero: int, attacking: bool) -> int:
    """What Odin or Tyr, if they noticed the hero, add to his side this battle."""
    h = g.heroes[hero]
    if h.god not in (T.ODIN, T.TYR):
        return 0
    god, h.god = h.god, -1
    t = g.t
    roll = g.d6()
    name = h.name
    if god == T.ODIN:
        if roll == 1:
            change, text = -3, f"Odin {t('MSG_HELPS_HERO')} {name}{t('MSG_S_FOE_PLUS_3')}."
        elif roll == 2:
            change, text = -1, f"Odin {t('MSG_WOLF_FOR_HERO')} {name}{t('MSG_S_FOE')}."
        elif roll == 3:
            change, text = 0, f"Odin{t('MSG_S_RAVENS_WATCH')}."
        elif roll == 4:
            change, text = 1, f"Odin {t('MSG_WOLF_FOR_HERO')} {name}."
        elif roll == 5:
            change, text = 3, f"Odin {t('MSG_HELPS_HERO')} {name} {t('MSG_PLUS_3')}."
        else:
            change, text = 5, f"Odin {t('MSG_ODIN_IN_PERSON')}!"
            h.glory += 3
    elif roll == 1:
        change, text = -1, f"Tyr {t('MSG_HELPS_HERO')} {name}{t('MSG_S_FOE_PLUS_1')}."
    elif roll <= 3:
        change, text = 0, f"Tyr {t('MSG_TYR_FAIR_FIGHT')}."
    elif roll == 4:
        change, text = 1, f"Tyr {t('MSG_HELPS_HERO')} {name} {t('MSG_PLUS_1')}."
    elif roll == 5:
        change, text = 2, f"Tyr {t('MSG_HELPS_HERO')} {name} {t('MSG_PLUS_2')}."
    else:
        # One for the hero and one for each of his jarls in the fight.
        side = [j.attacking if attacking else j.defending for j in g.jarls]
        change = 1 + sum(side)
        text = f"Tyr {t('MSG_HELPS_HERO')} {name} {t('MSG_PLUS_1_EACH')}."
    g.tell(text, hero_pen(hero))
    return change
