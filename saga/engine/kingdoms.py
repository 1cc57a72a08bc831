"""Founding kingdoms, collecting their taxes, and losing them to bandits."""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.host import hero_pen
from saga.engine.state import Counter


def conquer(g: Game, victor: Counter, area: int) -> None:
    hero = g.side(victor)
    # Named before the change, or it would read "...conquered Ragnar's kingdom";
    # and only for someone listening (naming a kingdom costs more than taking it).
    text = (
        g.who(*victor) + g.t("MSG_HAS_CONQUERED") + g.who(T.KINGDOM, area, lower=True) + "."
        if g.listening
        else ""
    )
    g.king[area] = hero
    if text:
        g.tell(text, hero_pen(hero))


def collect_taxes(g: Game) -> None:
    """Phase 3: each kingdom pays whoever of its hero's side is there.

    A kingdom with nobody of its side present is overrun, unless the Magic
    Crown holds it (half the time).  Ice stops both taxes and overrunning.
    Dead heroes still count, as they may yet promote a jarl.
    """
    crown = g.treasures[T.MAGIC_CROWN]
    # Taken once for all heroes: while one hero's kingdoms pay, only his own
    # can change hands (overrun), so the others' stay as listed here.
    kingdoms: dict[int, list[int]] = {}
    for area, king in enumerate(g.king[: T.LAND_AREAS]):
        if king != -1:
            kingdoms.setdefault(king, []).append(area)
    for h in g.heroes:
        hero = h.index
        if h.control == T.NONE or h.verydead or hero not in kingdoms:
            continue
        # His jarls, in board order: paying taxes moves nobody.
        jarls = [j for j in g.jarls if j.alive and j.hero == hero]
        for area in kingdoms[hero]:
            if g.ice[area]:
                continue
            wears_crown = crown.held_by(T.HERO, hero) or (
                crown.possessortype == T.JARL and g.jarls[crown.possessor].hero == hero
            )
            held = wears_crown and g.d6() >= 4
            tax = T.AREA_TABLE[area].tax + (h.rune == T.GEOFU)
            if h.where == area:
                held = True
                h.wealth += tax
            else:
                for j in jarls:
                    if j.where == area:
                        held = True
                        j.wealth += tax  # the first jarl of his found there
                        break
            if not held:
                text = g.who(T.KINGDOM, area) + g.t("MSG_OVERRUN") + "." if g.listening else ""
                g.king[area] = -1
                if text:
                    g.tell(text, hero_pen(hero))
