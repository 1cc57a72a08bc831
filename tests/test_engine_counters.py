"""The engine's one type for a counter, its lookups, and the Amiga's estimates."""

from __future__ import annotations

import pytest
from engine_helpers import TEXT, blank_game, draws, put_hero, put_jarl, put_monster

from saga.engine import tables as T
from saga.engine.assess import Survey
from saga.engine.counters import is_legal, moves, strengths
from saga.engine.state import Counter


def test_a_counter_is_a_kind_and_a_number_and_compares_as_a_pair() -> None:
    # Screens and saved answers still speak in (countertype, number) pairs.
    assert Counter(T.JARL, 3) == (T.JARL, 3)
    kind, number = Counter(T.MONSTER, 7)
    assert (kind, number) == (T.MONSTER, 7)


def test_one_lookup_finds_the_record_and_the_side() -> None:
    g = blank_game()
    put_hero(g, 2, 5)
    put_jarl(g, 4, 5, hero=2)
    put_jarl(g, 6, 9)
    put_monster(g, 18, 9)
    assert g.piece(Counter(T.HERO, 2)) is g.heroes[2]
    assert g.piece(Counter(T.JARL, 4)) is g.jarls[4]
    assert g.piece(Counter(T.MONSTER, 18)) is g.monsters[18]
    counters = (
        Counter(T.HERO, 2),
        Counter(T.JARL, 4),
        Counter(T.JARL, 6),
        Counter(T.MONSTER, 18),
        Counter(T.KINGDOM, 5),
    )
    assert [g.side(c) for c in counters] == [2, 2, -1, -1, -1]
    with pytest.raises(ValueError, match="no record"):
        g.piece(Counter(T.KINGDOM, 5))


def test_armour_runes_and_hail_shape_the_amigas_strength_estimates() -> None:
    g = blank_game()
    put_hero(g, 0, 3, rune=T.OGAL)
    put_hero(g, 1, 3, hagall=True)
    put_jarl(g, 5, 3, hero=0)
    shirt, coat = g.treasures[T.MAGIC_SHIRT], g.treasures[T.MAIL_COAT]
    shirt.possessortype, shirt.possessor = T.HERO, 1
    coat.possessortype, coat.possessor = T.JARL, 5
    heroes, jarls = strengths(g)
    assert heroes[0] == T.HERO_STRENGTH + 1  # Ogal
    assert heroes[1] == T.HERO_STRENGTH - 1 + 1  # hail, then the shirt
    assert jarls[5] == T.JARL_TABLE[5].strength + 2  # the coat
    coat.possessortype = T.KINGDOM  # lying loose, it protects nobody
    assert strengths(g)[1][5] == T.JARL_TABLE[5].strength


def test_a_survey_judges_an_area_once_but_draws_for_every_look() -> None:
    g = blank_game()
    put_hero(g, 0, 3)
    put_monster(g, 18, 4)
    survey = Survey(g, Counter(T.HERO, 0))
    looks = 1 + sum(1 for a in T.LINKS[3] if a != -1)  # staying, and each link
    for _ in range(2):
        before = draws(g)
        survey.choose(3)
        # Then a coin for each tie with the lead, at most one per other option.
        assert looks <= draws(g) - before <= looks + T.LINK_SLOTS
    judged = [area for area, worth in enumerate(survey._known) if worth is not None]
    assert judged == sorted({3, *T.LINKS[3]} - {-1})


class _Draws:
    """A random source that hands out the given numbers, and counts them."""

    def __init__(self, numbers: list[int]) -> None:
        self.numbers = numbers
        self.calls = 0

    def goodrand(self) -> int:
        self.calls += 1
        return self.numbers.pop(0)


@pytest.mark.parametrize(("coins", "choice"), [([1, 1], 1), ([0, 1], 2), ([1, 0], 3), ([0, 0], 3)])
def test_the_amiga_takes_the_best_score_and_tosses_a_coin_for_each_tie(
    coins: list[int], choice: int
) -> None:
    g = blank_game()
    put_hero(g, 0, 3)
    linked = [a for a in T.LINKS[3] if a != -1]
    assert len(linked) >= 5
    rng = _Draws([])
    g.goodrand = rng.goodrand
    survey = Survey(g, Counter(T.HERO, 0))
    # Staying is worth little, the links 0, 2, 2, 2, 0...: with no random
    # part (all 0s), slot 1 takes the lead from slot 0, slots 2 and 3 tie
    # with it, the rest, the empty slots (-100) and staying fall short.
    survey._known[3] = -10
    for area, worth in zip(linked, [0, 2, 2, 2] + [0] * (len(linked) - 4), strict=True):
        survey._known[area] = worth
    # A 0..3 for staying (drawn first) and each link, then a coin for each
    # tie: an odd number keeps the lead, an even one hands it over.
    rng.numbers = [0] * (1 + len(linked)) + [*coins, 7]
    assert survey.choose(3) == choice
    assert rng.calls == 1 + len(linked) + 2 and rng.numbers == [7]


def test_empty_slots_toss_coins_while_nothing_beats_minus_100() -> None:
    # Quirk kept: the lead starts at -100 on slot 0, so when every link scores
    # below that (a deadly neighbourhood), each empty slot ties and tosses.
    g = blank_game()
    put_hero(g, 0, 3)
    linked = [a for a in T.LINKS[3] if a != -1]
    empty = T.LINK_SLOTS - len(linked)
    assert empty >= 2
    rng = _Draws([])
    g.goodrand = rng.goodrand
    survey = Survey(g, Counter(T.HERO, 0))
    for area in (3, *linked):
        survey._known[area] = -200
    coins = [0] + [1] * (empty - 1)  # the first empty slot takes the lead, the rest keep it
    rng.numbers = [0] * (1 + len(linked)) + [*coins, 7]
    assert survey.choose(3) == len(linked)
    assert rng.numbers == [7]
    rng.numbers = [0] * (1 + len(linked)) + [1] * empty + [7]
    assert survey.choose(3) == 0  # no toss won: slot 0 keeps it, deadly as it is
    assert rng.numbers == [7]


def test_the_sea_bars_whom_it_bars_and_tells_only_humans() -> None:
    g = blank_game()
    sea = next(a for a, spec in enumerate(T.AREA_TABLE) if spec.kind == T.SEA)
    isle = next(a for a, spec in enumerate(T.AREA_TABLE) if spec.kind == T.ISLE)
    land = next(a for a, spec in enumerate(T.AREA_TABLE) if spec.kind == T.LAND)
    put_hero(g, 0, land, control=T.HUMAN)
    hero = Counter(T.HERO, 0)
    assert is_legal(g, hero, sea, True) and is_legal(g, hero, isle, True)
    g.heroes[0].sea = T.SEA_BAD  # Njord's curse
    assert not is_legal(g, hero, isle, False)
    assert g.host.said == []  # type: ignore[attr-defined]
    assert not is_legal(g, hero, sea, True)
    assert g.host.said[-1][0].endswith(TEXT("MSG_NO_SEA_THIS_TURN") + ".")  # type: ignore[attr-defined]
    assert is_legal(g, hero, land, True)
    g.heroes[0].where = isle
    assert moves(g, hero, False) == 0  # stranded on the isle this turn
    serpent = next(m for m, spec in enumerate(T.MONSTER_TABLE) if spec.species == T.SERPENT)
    put_monster(g, serpent, sea)
    monster = Counter(T.MONSTER, serpent)
    said = len(g.host.said)  # type: ignore[attr-defined]
    assert is_legal(g, monster, isle, True) and not is_legal(g, monster, land, True)
    assert len(g.host.said) == said  # type: ignore[attr-defined]
