"""Each quirk of the original that docs/design.md says the port must keep, and
each of the original's ways the rulebook tells a player about."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from engine_helpers import TEXT, RecordingHost, blank_game, draws, put_hero, put_jarl, put_monster

from saga.engine import items, movement, placement, turn, wounds
from saga.engine import tables as T
from saga.engine.assess import Camp, Phase, Sides, Survey
from saga.engine.attacks import attack_phase, attackers, can_attack
from saga.engine.combat import battle, defending, end_battle
from saga.engine.counters import moves, strengths
from saga.engine.game import Game
from saga.engine.host import DONE, Ask
from saga.engine.items import ring_escape
from saga.engine.state import Counter
from saga.play.hosts import ScriptError


def _fight(g: Game, attacker: int, kind: int, defender: int) -> None:
    attackers(g, attacker, g.heroes[attacker].where, True)
    battle(g, Counter(kind, defender), attacker)


def test_brunhild_keeps_defending() -> None:
    # Quirk "Brunhild keeps defending": the original clears defenders with
    # `!= 1` for `!= -1`, so hero 1's flag is never cleared after a battle.
    host = RecordingHost()
    g = blank_game(host)
    put_hero(g, 3, 5)  # Ragnar
    put_hero(g, 1, 5, strength=40)
    put_hero(g, 2, 5, strength=40)
    _fight(g, 3, T.HERO, 1)
    assert g.heroes[1].alive and g.heroes[1].defending
    g.heroes[3].alive = True
    _fight(g, 3, T.HERO, 2)
    assert g.heroes[2].alive and not g.heroes[2].defending
    # Later, elsewhere, her strength still joins a defence she is not part of.
    g.heroes[3].alive, g.heroes[3].where = True, 20
    put_monster(g, 18, 20)  # Grendall, strength 6
    host.said.clear()
    _fight(g, 3, T.MONSTER, 18)
    assert any(text.startswith("Attack: 5. Defence: 46.") for text, _ in host.said)


def test_defending_flag_of_hero_minus_one_reads_false() -> None:
    # Quirk: the original reads hero[-1] when clearing defenders; the reference
    # build reads zero there.  Python's [-1] would read Starkad instead.
    g = blank_game()
    put_hero(g, 5, 9, defending=True)
    assert not defending(g, -1)
    end_battle(g, 3, -1, g.jarls)
    assert g.heroes[5].defending


def test_unowned_jarl_with_the_ring_gets_the_roll() -> None:
    # Quirk: wear_ring() reads hero[-1].control for a jarl without a hero,
    # which is zero (none) in the reference build, so the jarl rolls to escape.
    g = blank_game()
    put_jarl(g, 10, 4)
    ring = g.treasures[T.INVISIBILITY_RING]
    ring.possessortype, ring.possessor = T.JARL, 10
    calls = draws(g)
    ring_escape(g, Counter(T.JARL, 10))
    assert draws(g) == calls + 1


def test_the_ring_never_lets_an_amiga_wearer_escape() -> None:
    # Quirk "Invisibility Ring": the Amiga always puts it on, and wearing it
    # skips the escape roll, so it never escapes.
    g = blank_game()
    put_hero(g, 4, 7)
    ring = g.treasures[T.INVISIBILITY_RING]
    ring.possessortype, ring.possessor = T.HERO, 4
    calls = draws(g)
    assert not any(ring_escape(g, Counter(T.HERO, 4)) for _ in range(50))
    assert draws(g) == calls


def test_a_rider_named_after_the_horse_is_gone_is_jarl_minus_one() -> None:
    # Quirk: after Frey Faxi's last ride the original names jarl[-1], which
    # the reference build reads as a nameless jarl of the first hero.
    g = blank_game()
    assert g.who(T.JARL, -1) == "Hero Beowulf's jarl  "


def test_loose_items_score_nothing() -> None:
    # Quirk "Loose items score nothing": dropped items belong to the kingdom,
    # and the Amiga only looks for items owned by nobody.
    g = blank_game()
    put_hero(g, 0, 13)
    sword = g.swords[T.GRAM]
    sword.possessortype, sword.possessor, sword.where = T.KINGDOM, -1, 14
    assert 14 not in Survey(g, Counter(T.HERO, 0)).items
    sword.possessortype = -1  # only an item of nobody's would count
    assert 14 in Survey(g, Counter(T.HERO, 0)).items


def test_defender_estimate_adds_the_wrong_jarl_and_counts_the_dead() -> None:
    # Quirk "Defender estimate": each ally adds the estimated jarl's own
    # strength again, and dead allies still count.
    g = blank_game()
    put_hero(g, 2, 30)
    put_jarl(g, 0, 8, hero=2)  # Amleth, strength 2: the one estimated
    put_jarl(g, 10, 8, hero=2)  # Hrolfwulf, strength 4
    put_jarl(g, 11, 8, hero=2, alive=False)  # Ivar, dead
    assert Sides(g).jarl_side(0, 8) == 2 + 2 + 2


def test_swords_never_count_in_the_amigas_estimates() -> None:
    # The sword bonus sits in an unreachable `else` branch of getstrength().
    g = blank_game()
    put_hero(g, 0, 3)
    sword = g.swords[T.TYRFING]
    sword.possessortype, sword.possessor = T.HERO, 0
    assert strengths(g)[0][0] == T.HERO_STRENGTH


def test_last_counter_decides_whether_a_side_can_attack() -> None:
    # In findattackers() each eligible counter overwrites the answer.
    g = blank_game()
    put_hero(g, 0, 6)
    put_jarl(g, 3, 6, hero=0)
    put_monster(g, 20, 6)
    g.jarls[3].fought.append(Counter(T.MONSTER, 20))
    assert not can_attack(g, 0, 6, Counter(T.MONSTER, 20))


def test_an_amiga_jarl_on_frey_faxi_gets_no_extra_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    # Quirk "Frey Faxi and jarls": the horse is used up, but the Amiga's
    # jarl walks only his usual distance.
    g = blank_game()
    g.state.turn = g.state.turns = 20  # late enough that the horse is ridden
    put_hero(g, 3, 6)
    put_jarl(g, 12, 6, hero=3)  # Kari, 4-3
    horse = g.treasures[T.FREY_FAXI]
    horse.possessortype, horse.possessor = T.JARL, 12
    walks: list[tuple[int, int]] = []
    real_walk = movement._amiga_walk

    def walk(
        g: Game, c: Counter, n: int, step: Callable[[Game, int, int], None], camp: Camp | None
    ) -> None:
        walks.append((c.kind, n))
        real_walk(g, c, n, step, camp)

    monkeypatch.setattr(movement, "_amiga_walk", walk)
    movement.move_side(g, 3, Phase(g))
    assert g.state.faxirides == 2
    assert (T.JARL, 3) in walks


def test_the_paralysed_hero_trap() -> None:
    # Quirk "The paralysed-hero trap": a human hero who lost his turn while
    # sharing an area with a monster is asked to choose attackers forever.
    def trapped(fixes: bool) -> tuple[Game, RecordingHost]:
        host = RecordingHost([(Ask.COUNTRY, 6, 5, T.KINGDOM), (Ask.COUNTRY, 6, -3, T.KINGDOM)] * 30)
        g = blank_game(host)
        g.fixes = fixes
        put_hero(g, 0, 5, control=T.HUMAN, loseturn=True)
        put_monster(g, 18, 5)
        return g, host

    g, host = trapped(fixes=False)
    with pytest.raises(ScriptError, match="no answer left"):
        attack_phase(g, 0)
    assert host.remaining == 0
    g, host = trapped(fixes=True)  # the bug-fix flag lets him off
    attack_phase(g, 0)
    assert host.remaining == 60


def test_a_jarl_riding_frey_faxi_records_area_0_and_carries_his_passengers() -> None:
    # Quirk "Frey Faxi and jarls" (step_jarl): a riding jarl's step is
    # recorded as area 0, whatever area he rides into; his hero and jarls
    # riding with him go along.
    g = blank_game()
    put_hero(g, 3, 6, passenger=True)
    put_jarl(g, 12, 6, hero=3)
    put_jarl(g, 4, 6, hero=3, passenger=True)
    g.rider = Counter(T.JARL, 12)
    g.whichmove = 1
    movement.step_jarl(g, 12, 7)
    assert (g.jarls[12].where, g.heroes[3].where, g.jarls[4].where) == (7, 7, 7)
    assert g.movearray[1] == 0 and g.visited[0] and not g.visited[7]
    g.rider = None  # on foot, the step is recorded where it goes
    movement.step_jarl(g, 12, 8)
    assert g.movearray[2] == 8 and g.visited[8]


@pytest.mark.parametrize(
    "armour, attacker_sword, defence",
    [
        (None, None, 5),
        (T.MAGIC_SHIRT, None, 6),
        (T.MAIL_COAT, None, 7),
        (T.MAIL_COAT, T.BALMUNG, 5),  # Balmung cuts through magic armour
    ],
)
def test_magic_armour_in_battle(
    armour: int | None, attacker_sword: int | None, defence: int
) -> None:
    host = RecordingHost()
    g = blank_game(host)
    put_hero(g, 3, 5, luck=0)  # Ragnar attacks; no luck to spend on either side
    put_hero(g, 2, 5, strength=5, luck=0)  # Egil defends
    if armour is not None:
        item = g.treasures[armour]
        item.possessortype, item.possessor, item.where = T.HERO, 2, -1
    if attacker_sword is not None:
        item = g.swords[attacker_sword]
        item.possessortype, item.possessor, item.where = T.HERO, 3, -1
    _fight(g, 3, T.HERO, 2)
    lines = [text for text, _ in host.said if text.startswith("Attack: ")]
    assert lines and f"Defence: {defence}." in lines[0]


# -- what the rulebook tells of the original's ways ------------------------------


@pytest.mark.parametrize("fixes", [False, True])
def test_brunhild_defends_against_her_own_jarl_even_with_the_bug_fixes(fixes: bool) -> None:
    # The rulebook: once she has defended, her strength joins every later
    # defence anywhere, even against her own jarls; --fix-bugs leaves it so.
    host = RecordingHost()
    g = blank_game(host)
    g.fixes = fixes
    put_hero(g, 3, 5)
    put_hero(g, 1, 5, strength=40)
    _fight(g, 3, T.HERO, 1)
    assert g.heroes[1].defending
    g.heroes[1].luck = 0  # none to spend on the next battle
    put_jarl(g, 10, 20, hero=1)  # Hrolfwulf, hers, far away
    put_monster(g, 18, 20)  # Grendall, strength 6
    host.said.clear()
    attackers(g, 1, 20, True)
    battle(g, Counter(T.MONSTER, 18), 1)
    assert any(text.startswith("Attack: 4. Defence: 46.") for text, _ in host.said)


def test_a_restart_after_a_transfer_keeps_the_jarls_name_and_factors() -> None:
    g = blank_game()
    put_hero(g, 0, 5)
    put_jarl(g, 12, 9, hero=0)  # Kari, 4-3
    g.jarls[12].homewhere = 30  # where Kari first came into play
    placement.promote(g, 0, 12)
    h = g.heroes[0]
    assert (h.name, h.strength, h.moves, h.where, h.homewhere) == ("Kari", 4, 3, 9, 30)
    h.alive = False
    placement.new_hero(g, 0, give_sword=False)  # a restart, as a human's R or the Amiga's
    assert (h.name, h.strength, h.moves, h.promoted) == ("Kari", 4, 3, 12)
    assert h.luck == T.START_LUCK and h.glory == 0


def test_the_necklace_is_traded_with_every_dragon_next_door() -> None:
    # After one trade the search goes on, and each further trade goes through
    # without the necklace: the counter takes every dragon's treasure, and the
    # necklace ends with the last dragon traded with.
    yes = (Ask.YNKEYBOARD, 6, ord("Y"), T.KINGDOM)
    g = blank_game(RecordingHost([yes, yes]))
    put_hero(g, 0, 20, control=T.HUMAN)  # Cornwall, next to Wessex (21) and the sea (42)
    put_monster(g, 0, 21)
    put_monster(g, 1, 42)
    guarded = {0: T.FREY_FAXI, 1: T.MAGIC_SHIRT}
    for monster, treasure in guarded.items():
        item = g.treasures[treasure]
        item.taken, item.possessortype, item.possessor, item.where = True, T.MONSTER, monster, -1
    necklace = g.treasures[T.BROSUNG_NECKLACE]
    necklace.taken, necklace.possessortype, necklace.possessor = True, T.HERO, 0
    items.offer_necklace(g, Counter(T.HERO, 0), T.HUMAN)
    assert all(g.treasures[t].held_by(T.HERO, 0) for t in guarded.values())
    assert necklace.held_by(T.MONSTER, 1)


@pytest.mark.parametrize("hero_there", [False, True])
def test_a_slain_jarls_gold_goes_whole_to_each_of_the_slayers_jarls(hero_there: bool) -> None:
    g = blank_game()
    put_hero(g, 0, 8 if hero_there else 30, wealth=0)
    put_jarl(g, 10, 8, hero=0)
    put_jarl(g, 11, 8, hero=0)
    put_jarl(g, 12, 8, hero=2, wealth=5)  # carrying taxes
    put_hero(g, 2, 40)
    wounds.kill(g, Counter(T.JARL, 10), Counter(T.JARL, 12))
    takers = [g.heroes[0].wealth, g.jarls[10].wealth, g.jarls[11].wealth]
    assert takers == ([5, 0, 0] if hero_there else [0, 5, 5])
    assert g.jarls[12].wealth == 5  # the dead jarl keeps it too


def test_a_maiden_cannot_save_a_hero_already_wounded() -> None:
    g = blank_game()
    put_hero(g, 3, 5)
    put_hero(g, 0, 5, maidens=1)
    wounds.wound(g, Counter(T.HERO, 3), Counter(T.HERO, 0))  # healed at once
    assert g.heroes[0].alive and not g.heroes[0].wounded and g.heroes[0].maidens == 0
    put_hero(g, 1, 5, maidens=2, wounded=True)
    wounds.wound(g, Counter(T.HERO, 3), Counter(T.HERO, 1))  # the death check comes first
    assert not g.heroes[1].alive and g.heroes[1].maidens == 2


def test_frey_faxi_doubles_before_the_shirt_and_eon_are_added() -> None:
    g = blank_game()
    put_hero(g, 0, 5, rune=T.EON)
    shirt = g.treasures[T.MAGIC_SHIRT]
    shirt.possessortype, shirt.possessor = T.HERO, 0
    assert moves(g, Counter(T.HERO, 0), True) == 2 * T.HERO_MOVES + 2


def test_a_hero_riding_with_a_jarl_moves_first_and_is_carried_after() -> None:
    pen, k = 6, T.KINGDOM
    host = RecordingHost(
        [
            (Ask.YNKEYBOARD, pen, ord("Y"), k),  # Helgi rides Frey Faxi
            (Ask.COUNTER, pen, 0, T.HERO),  # Beowulf comes along
            (Ask.COUNTER, pen, DONE, k),
            (Ask.COUNTRY, pen, 14, k),  # Beowulf's own move first: Juteland -> Anglia
            (Ask.COUNTRY, pen, DONE, k),
            (Ask.COUNTRY, pen, 47, k),  # then Helgi's ride: Juteland -> Kategatt
            (Ask.COUNTRY, pen, DONE, k),
        ]
    )
    g = blank_game(host)
    put_hero(g, 0, 10, control=T.HUMAN)
    put_jarl(g, 7, 10, hero=0)  # Helgi
    horse = g.treasures[T.FREY_FAXI]
    horse.taken, horse.possessortype, horse.possessor = True, T.JARL, 7
    movement.move_side(g, 0, Phase(g))
    assert host.remaining == 0
    assert g.heroes[0].where == g.jarls[7].where == 47


def test_the_amiga_never_takes_passengers_on_frey_faxi() -> None:
    g = blank_game()
    g.state.turn = g.state.turns = 20  # late enough that the horse is ridden
    put_hero(g, 0, 10)
    put_jarl(g, 7, 10, hero=0)
    horse = g.treasures[T.FREY_FAXI]
    horse.taken, horse.possessortype, horse.possessor = True, T.HERO, 0
    movement.move_side(g, 0, Phase(g))
    assert g.state.faxirides == T.FREY_FAXI_RIDES - 1
    assert not g.jarls[7].passenger and g.rider is None


def test_the_teleport_scroll_ignores_a_ban_on_sea_travel() -> None:
    pen = 6
    host = RecordingHost(
        [(Ask.YNKEYBOARD, pen, ord("Y"), T.KINGDOM), (Ask.COUNTRY, pen, 50, T.KINGDOM)]
    )
    g = blank_game(host)
    put_hero(g, 0, 10, control=T.HUMAN, sea=T.SEA_BAD)
    scroll = g.treasures[T.TELEPORT_SCROLL]
    scroll.taken, scroll.possessortype, scroll.possessor = True, T.HERO, 0
    movement.move_side(g, 0, Phase(g))
    assert g.heroes[0].where == 50 and T.AREA_TABLE[50].kind == T.SEA


def test_njords_free_sea_steps_go_on_through_pictland() -> None:
    g = blank_game()
    put_hero(g, 0, 28, sea=T.SEA_GOOD)  # Dalriada
    g.whichmove = g.whichrealmove = 1
    for area in (40, 30, 57):  # the Irish Sea, Pictland, the North Sea
        movement.step_hero(g, 0, area)
    assert T.AREA_TABLE[30].kind == T.PENINSULA
    assert g.whichmove == 2  # only the first sea area cost a move
    movement.step_hero(g, 0, 29)  # Caledonia, land: the trip ends
    movement.step_hero(g, 0, 52)
    assert g.whichmove == 4


class _Coins:
    """A generator whose draws are given: here the coin tosses of a tie."""

    def __init__(self, *draws: int) -> None:
        self.draws = list(draws)

    def goodrand(self) -> int:
        return self.draws.pop(0)


@pytest.mark.parametrize(
    "coins, first",
    [((0, 0), 2), ((1, 0), 2), ((0, 1), 1), ((1, 1), 0)],
)
def test_ties_in_the_order_of_play_favour_heroes_later_in_the_list(
    coins: tuple[int, int], first: int
) -> None:
    # Three heroes of equal glory: Egil, the last, moves first on two of the
    # four ways the two coins fall; Beowulf and Brunhild on one each.
    g = blank_game()
    for hero in (0, 1, 2):
        put_hero(g, hero, hero, glory=4)
    g.goodrand = _Coins(*coins, 0).goodrand  # the third coin: the two left for second place
    turn._choose_order(g)
    assert g.order[0] == first


def test_the_gold_a_jarl_carries_does_not_score() -> None:
    g = blank_game()
    put_hero(g, 0, 5, luck=0)
    put_jarl(g, 10, 5, hero=0)  # Hrolfwulf, 4: half of it scores
    before = turn.score(g, 0)
    g.jarls[10].wealth = 50
    assert turn.score(g, 0) == before == 2


def test_a_game_of_one_hero_names_no_winner() -> None:
    g = blank_game()
    put_hero(g, 0, 5, glory=30)
    assert turn.game_over_line(g) == TEXT("MSG_GAME_OVER") + "!"
    put_hero(g, 1, 6, glory=1)
    assert turn.game_over_line(g).endswith(" Beowulf wins!")


def test_the_game_ends_when_every_hero_has_withdrawn() -> None:
    g = blank_game()
    put_hero(g, 0, 5)
    put_hero(g, 3, 6)
    g.state.turn, g.state.turns = 4, 20
    for hero in (0, 3):
        g.heroes[hero].alive = False
        placement.withdraw(g, hero)
    turn.play(g)
    assert g.state.turn == 4  # over at the next turn's prompt, sixteen turns early
