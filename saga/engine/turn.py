"""The turn loop: order of play, the phases, dead heroes, scores, game end."""

from __future__ import annotations

from saga.engine import tables as T
from saga.engine.assess import Phase
from saga.engine.attacks import Fighters, attack_phase
from saga.engine.game import Game
from saga.engine.host import Ask, Lookup, hero_pen
from saga.engine.kingdoms import collect_taxes
from saga.engine.movement import move_side
from saga.engine.placement import new_hero, place_jarls, place_monsters, promote, withdraw
from saga.engine.state import GameState, Hero, Jarl


def scores(g: Game) -> list[int]:
    """Each hero's score: glory, plus gold and luck turned into glory, plus his jarls."""
    necklace = g.treasures[T.BROSUNG_NECKLACE]
    totals = [h.glory + h.wealth // 10 + h.luck // 3 for h in g.heroes]
    if necklace.possessortype == T.HERO:
        totals[necklace.possessor] += 2  # it is worth 20 marks
    for j in g.jarls:
        if j.alive and j.hero != -1:
            totals[j.hero] += j.strength // 2
            if necklace.held_by(T.JARL, j.index):
                totals[j.hero] += 2
    return totals


def score(g: Game, hero: int) -> int:
    """One hero's score (see :func:`scores`)."""
    return scores(g)[hero]


def mark_scores(g: Game) -> None:
    """Note each playing hero's score for the turn in progress.

    The original's summary window does this as it opens.  The turn's end
    notes the scores again, so it only shows in a game saved in between,
    whose bytes then match the original's.
    """
    turn = g.state.turn
    for h, value in zip(g.heroes, scores(g), strict=True):
        if h.control != T.NONE and 0 < turn < len(h.score):
            h.score[turn] = value


def _choose_order(g: Game) -> None:
    """The most glorious hero moves first; ties are settled by coin tosses."""
    for h in g.heroes:
        h.moved = False
    for place in range(len(g.heroes)):
        best, glory = -1, -1
        for h in g.heroes:
            if (
                h.alive
                and not h.moved
                and (h.glory > glory or (h.glory == glory and not g.goodrand() % 2))
            ):
                best, glory = h.index, h.glory
        g.order[place] = best
        if best != -1:
            g.heroes[best].moved = True


def movement_phase(g: Game) -> None:
    sides: list[Hero | Jarl] = [*g.heroes, *g.jarls]
    for c in sides:
        c.hagall = c.routed = False
        if c.fought:
            c.fought.clear()
    for m in g.monsters:
        m.hagall = False
    _choose_order(g)
    phase = Phase(g)
    for hero in g.order:
        if hero == -1:
            break
        g.turn_of = hero
        move_side(g, hero, phase)
    g.turn_of = -1
    # Spells and gods last until this move; fresh ones come from the battles.
    for c in sides:
        c.sea = T.SEA_NORMAL
        c.loseturn = False
    for m in g.monsters:
        m.sea = T.SEA_NORMAL


def combat_phase(g: Game) -> None:
    fighters = Fighters(g)
    for hero in g.order:
        if hero == -1:
            break
        g.turn_of = hero
        attack_phase(g, hero, fighters)
    g.turn_of = -1


def settle_dead_heroes(g: Game) -> None:
    """Each dead hero promotes a jarl, withdraws or restarts."""
    s = g.state
    for h in g.heroes:
        if h.alive or h.verydead:
            continue
        hero = h.index
        pen = hero_pen(hero)
        jarls = [j for j in g.jarls if j.alive and j.hero == hero]
        t = g.t
        if h.control == T.AMIGA:
            if jarls:
                # The strongest jarl, the fastest among equals, the first among those.
                best = max(jarls, key=lambda j: (j.strength, j.moves))
                text = (
                    f"{t('MSG_DEAD_HERO')} {h.name} {t('MSG_PROMOTES_JARL')} {best.name} "
                    f"({best.strength}-{best.moves})."
                )
                promote(g, hero, best.index)
            elif s.turn > s.turns // 2:
                withdraw(g, hero)
                text = f"{t('MSG_DEAD_HERO')} {h.name} {t('MSG_WITHDRAWS')}."
            else:
                new_hero(g, hero, give_sword=False)
                text = f"{t('MSG_DEAD_HERO')} {h.name} {t('MSG_RESTARTS')}."
            g.tell(text, pen)
        elif h.control == T.HUMAN:
            _human_dead_hero(g, hero, bool(jarls))


def _human_dead_hero(g: Game, hero: int, can_transfer: bool) -> None:
    h = g.heroes[hero]
    pen = hero_pen(hero)
    t = g.t
    text = (
        f"{t('MSG_DEAD_HERO')} {h.name}, ({t('MSG_KEY_WITHDRAW')}){t('MSG_WITHDRAW_REST')}"
        f"/({t('MSG_KEY_RESTART')}){t('MSG_RESTART_REST')}"
    )
    if can_transfer:
        text += f"/({t('MSG_KEY_TRANSFER')}){t('MSG_TRANSFER_REST')}?"
    else:
        text += "?"
    g.say(text, pen)
    withdraw_key, restart_key = g.key("MSG_KEY_WITHDRAW"), g.key("MSG_KEY_RESTART")
    transfer_key = g.key("MSG_KEY_TRANSFER") if can_transfer else None
    while True:
        result = g.ask(Ask.WRKEYBOARD, pen)
        if result in (withdraw_key, restart_key, transfer_key):
            break
    choice = "t" if result == transfer_key else "w" if result == withdraw_key else "r"
    if choice == "t":
        g.say(f"{t('MSG_DEAD_HERO')} {h.name}, {t('MSG_CHOOSE_HEIR')}?", pen)
        while True:
            jarl = g.ask(Ask.COUNTER, pen)
            if 0 <= jarl < len(g.jarls) and g.countertype == T.JARL and g.jarls[jarl].hero == hero:
                break
        promote(g, hero, jarl)
    elif choice == "w":
        withdraw(g, hero)
    else:
        new_hero(g, hero, give_sword=False)


def turn_label(t: Lookup, s: GameState) -> str:
    """ "Turn n of N", as both the title bar and the start-of-turn prompt word it."""
    return f"{t('MSG_TURN')} {s.turn} {t('MSG_OF')} {s.turns}"


def all_withdrawn(g: Game) -> bool:
    return not any(h.alive or not h.verydead for h in g.heroes)


def play(g: Game) -> None:
    """Play from the current turn to the end (or until the host stops it).

    Each turn starts with the "Turn n of N" prompt and the autosave, then
    dead heroes are dealt with, the three phases run, new monsters and jarls
    arrive (except after the last turn), and every hero's score is noted.
    """
    s = g.state
    host = g.host
    while True:
        # As in the original the prompt comes before the autosave, and is
        # shown once more when every hero has withdrawn, just before the end.
        if g.listening:
            g.say(turn_label(g.t, s) + "...")
        host.autosave(s)
        if all_withdrawn(g):
            return
        if not host.turn_starts(s):
            return
        settle_dead_heroes(g)
        movement_phase(g)
        combat_phase(g)
        collect_taxes(g)
        if s.turn < s.turns:
            place_monsters(g)
            place_jarls(g)
        for h, value in zip(g.heroes, scores(g), strict=True):
            h.score[s.turn] = value
        s.turn += 1
        if s.turn > s.turns:
            return


def game_over_line(g: Game) -> str:
    """The line under the final scores: the game is over, and who won, if one hero did.

    Only heroes in play count, and a tie names nobody; the best score is
    sought from 0 up, as the original does.
    """
    t = g.t
    line = t("MSG_GAME_OVER") + "!"
    playing = [h.index for h in g.heroes if h.control != T.NONE]
    if len(playing) > 1:
        final = scores(g)
        best = max([0, *(final[hero] for hero in playing)])
        winners = [hero for hero in playing if final[hero] == best]
        if len(winners) == 1:
            line += f" {g.heroes[winners[0]].name} {t('MSG_WINS')}!"
    return line
