"""Every kind of question the engine puts to a human, answered by a script."""

from __future__ import annotations

from engine_helpers import RecordingHost, blank_game, put_hero, put_jarl, put_monster

from saga.engine import tables as T
from saga.engine.assess import Phase
from saga.engine.combat import spend_luck
from saga.engine.game import Game
from saga.engine.host import BACKSPACE, DONE, OFF_MAP, Ask
from saga.engine.items import ask_treasure
from saga.engine.movement import move_side
from saga.engine.session import Session, Setup
from saga.engine.state import Counter
from saga.engine.turn import settle_dead_heroes
from saga.engine.wounds import gain, recruit

PEN = 6  # Beowulf's pen
K = T.KINGDOM


def _game(answers: list[tuple[Ask, int, int, int]]) -> tuple[Game, RecordingHost]:
    host = RecordingHost(answers)
    return blank_game(host), host


def test_country_moves_with_backspace_and_done() -> None:
    g, host = _game(
        [
            (Ask.COUNTRY, PEN, 14, K),  # Juteland -> Anglia
            (Ask.COUNTRY, PEN, 13, K),  # -> Saxony
            (Ask.COUNTRY, PEN, BACKSPACE, K),  # redo from Juteland
            (Ask.COUNTRY, PEN, OFF_MAP, K),  # ignored
            (Ask.COUNTRY, PEN, 30, K),  # not next door: ignored
            (Ask.COUNTRY, PEN, 11, K),  # -> Scandia
            (Ask.COUNTRY, PEN, DONE, K),
        ]
    )
    put_hero(g, 0, 10, control=T.HUMAN)
    move_side(g, 0, Phase(g))
    assert g.heroes[0].where == 11
    assert host.remaining == 0
    prompts = [text for text, _ in host.said if "move" in text]
    assert prompts[0] == "Hero Beowulf in Juteland, move 1 of 4?"
    assert prompts[1].endswith("(Backspace: start over)")


def test_moves_run_out_without_asking_for_done() -> None:
    g, host = _game([(Ask.COUNTRY, PEN, a, K) for a in (14, 13, 16, 17)])
    put_hero(g, 0, 10, control=T.HUMAN)
    move_side(g, 0, Phase(g))
    assert g.heroes[0].where == 17 and host.remaining == 0


def test_counter_picks_a_defender() -> None:
    g, _host = _game(
        [
            (Ask.COUNTRY, PEN, 20, K),  # attack from Cornwall
            (Ask.COUNTER, PEN, 3, T.TREASURE),  # not something to fight
            (Ask.COUNTER, PEN, 7, T.MONSTER),  # a monster elsewhere: no
            (Ask.COUNTER, PEN, 18, T.MONSTER),  # Grendall, here
            (Ask.MULTIKEYBOARD, PEN, ord("0"), T.MONSTER),
            (Ask.GLKEYBOARD, PEN, ord("G"), T.MONSTER),  # if he wins something
            (Ask.COUNTRY, PEN, DONE, K),
        ]
    )
    put_hero(g, 0, 20, control=T.HUMAN, strength=30)
    put_monster(g, 18, 20)
    put_monster(g, 7, 3)
    from saga.engine.attacks import attack_phase

    attack_phase(g, 0)
    assert (T.MONSTER, 18) in g.heroes[0].fought
    assert not g.monsters[18].alive


def test_luck_is_a_digit_key_and_never_more_than_he_has() -> None:
    g, _host = _game(
        [
            (Ask.MULTIKEYBOARD, PEN, ord("x"), K),  # not a digit: asked again
            (Ask.MULTIKEYBOARD, PEN, ord("2"), K),
            (Ask.MULTIKEYBOARD, PEN, ord("9"), K),  # more than he has: spends none
        ]
    )
    put_hero(g, 0, 1, control=T.HUMAN, luck=3)
    assert spend_luck(g, 0) == 2 and g.heroes[0].luck == 1
    assert spend_luck(g, 0) == 0 and g.heroes[0].luck == 1


def test_yes_no_recruits_a_jarl() -> None:
    g, _host = _game(
        [
            (Ask.YNKEYBOARD, PEN, ord("Q"), K),  # a wrong key is ignored
            (Ask.YNKEYBOARD, PEN, ord("Y"), K),
            (Ask.GLKEYBOARD, PEN, ord("L"), K),
        ]
    )
    put_hero(g, 0, 4, control=T.HUMAN, luck=2)
    put_jarl(g, 1, 4, recruitable=True)  # Bjarki, 3-3: worth 1 glory or luck
    assert recruit(g, 1, 0)
    assert g.jarls[1].hero == 0 and g.heroes[0].luck == 2  # paid 1, gained 1


def test_saying_no_leaves_the_jarl_free() -> None:
    g, _host = _game([(Ask.YNKEYBOARD, PEN, ord("N"), K)])
    put_hero(g, 0, 4, control=T.HUMAN)
    put_jarl(g, 1, 4, recruitable=True)
    assert not recruit(g, 1, 0)
    assert g.jarls[1].hero == -1 and not g.jarls[1].recruitable


def test_glory_or_luck() -> None:
    g, host = _game([(Ask.GLKEYBOARD, PEN, ord("G"), K), (Ask.GLKEYBOARD, PEN, ord("L"), K)])
    put_hero(g, 0, 4, control=T.HUMAN, luck=0)
    gain(g, 0, 3, 2)
    gain(g, 0, 3, 2)
    assert (g.heroes[0].glory, g.heroes[0].luck) == (3, 2)
    assert host.said[0][0] == "Hero Beowulf, take 3 (G)lory or 2 (L)uck?"


def test_a_yes_no_treasure_question() -> None:
    g, _host = _game([(Ask.YNKEYBOARD, PEN, ord("Y"), K)])
    put_hero(g, 0, 4, control=T.HUMAN)
    assert ask_treasure(g, Counter(T.HERO, 0), T.HEALING_POTION)


def _dead(
    answers: list[tuple[Ask, int, int, int]], with_jarl: bool = True
) -> tuple[Game, RecordingHost]:
    g, host = _game(answers)
    put_hero(g, 0, 4, control=T.HUMAN, alive=False, glory=7)
    if with_jarl:
        put_jarl(g, 12, 9, hero=0)  # Kari
        put_jarl(g, 5, 9, hero=1)  # someone else's
    return g, host


def test_withdraw_restart_transfer() -> None:
    g, host = _dead([(Ask.WRKEYBOARD, PEN, ord("W"), K)])
    settle_dead_heroes(g)
    assert g.heroes[0].verydead and g.jarls[12].hero == -1

    g, host = _dead([(Ask.WRKEYBOARD, PEN, ord("R"), K)])
    settle_dead_heroes(g)
    assert g.heroes[0].alive and g.heroes[0].luck == 3 and g.heroes[0].glory == 0

    g, host = _dead(
        [
            (Ask.WRKEYBOARD, PEN, ord("T"), K),
            (Ask.COUNTER, PEN, 0, T.HERO),  # not a jarl
            (Ask.COUNTER, PEN, 5, T.JARL),  # not his jarl
            (Ask.COUNTER, PEN, 12, T.JARL),
        ]
    )
    settle_dead_heroes(g)
    h = g.heroes[0]
    assert (h.alive, h.name, h.promoted, h.where, h.glory) == (True, "Kari", 12, 9, 0)
    assert host.said[0][0] == "Fallen hero Beowulf, (W)ithdraw/(R)estart/(T)ransfer?"


def test_transfer_needs_a_jarl() -> None:
    g, host = _dead(
        [(Ask.WRKEYBOARD, PEN, ord("T"), K), (Ask.WRKEYBOARD, PEN, ord("W"), K)], with_jarl=False
    )
    settle_dead_heroes(g)
    assert g.heroes[0].verydead and host.remaining == 0
    assert host.said[0][0] == "Fallen hero Beowulf, (W)ithdraw/(R)estart?"


def test_messages_pause_for_the_reader() -> None:
    class Counting(RecordingHost):
        pauses = 0

        def pause(self) -> None:
            self.pauses += 1

    host = Counting()
    g = blank_game(host)
    put_hero(g, 3, 4)
    g.tell("one")
    g.say("two")
    assert host.pauses == 1


def test_an_answer_key_whose_upper_case_is_two_letters_reaches_the_engine() -> None:
    # A catalog may spell yes as "ß"; toupper() leaves it, and so must the engine.
    from saga.look.text import english
    from saga.play.hosts import QuietHost

    text = english()
    words = {"MSG_KEY_YES": "ß"}
    g = Session(Setup(1), lambda name: words.get(name) or text(name), QuietHost()).game
    assert g.key("MSG_KEY_YES") == ord("ß")
