"""Each quirk of the original that docs/design.md says the port must keep."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from engine_helpers import RecordingHost, blank_game, draws, put_hero, put_jarl, put_monster

from saga.engine import movement
from saga.engine import tables as T
from saga.engine.assess import ITEM, Camp, Phase, Sides, Survey
from saga.engine.attacks import attack_phase, attackers, can_attack
from saga.engine.combat import battle, defending, end_battle
from saga.engine.counters import strengths
from saga.engine.game import Game
from saga.engine.host import Ask
from saga.engine.items import ring_escape
from saga.engine.state import Counter
from saga.hosts import ScriptError


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
    assert 14 not in Survey(g, Counter(T.HERO, 0)).offers
    sword.possessortype = -1  # only an item of nobody's would count
    assert Survey(g, Counter(T.HERO, 0)).offers[14] == ITEM


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
