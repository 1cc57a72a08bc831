"""The .saga format: exact bytes, the original loader's gaps, and refusing bad files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from engine_helpers import TEXT, RecordingHost, new_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga import savefile
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.rng import Lcg64
from saga.engine.turn import play


def _autosaves(seed: int, controls: list[int], turns: int = 8, advanced: bool = False):
    g = new_game(seed, controls, turns, advanced)
    play(g)
    return g.host.saves  # type: ignore[attr-defined]


SAVES = [
    save
    for seed, controls, advanced in [
        (1, [T.AMIGA] * 6, False),
        (2, [T.AMIGA, T.NONE, T.AMIGA, T.AMIGA, T.NONE, T.NONE], True),
        (5, [T.NONE, T.NONE, T.NONE, T.AMIGA, T.NONE, T.AMIGA], False),
    ]
    for save in _autosaves(seed, controls, advanced=advanced)
]


def _with_loader_gaps(data: bytes) -> bytes:
    """What the original keeps of a save it loads and writes again."""
    out = bytearray(data)
    for hero in range(6):
        record = 12 + hero * 19
        promoted = out[record + 8]
        if promoted != 0xFF:  # a promoted jarl (or jarl 0, for unplayed heroes)
            out[record + 3] = T.JARL_TABLE[promoted].moves
    out[savefile.LOAD_SIZE:] = bytes(savefile.SAVE_SIZE - savefile.LOAD_SIZE)
    return bytes(out)


def test_layout() -> None:
    data = SAVES[0]
    assert len(data) == savefile.SAVE_SIZE == 1780
    assert data[:10] == b"SAGA 1.80\0"
    assert data[10] == 1 and data[11] == 3  # turn 1, Frey Faxi's three rides
    assert data[590:592] == bytes([0, 8])  # basic mode, eight turns


@pytest.mark.parametrize("index", range(0, len(SAVES), 3))
def test_round_trip_keeps_every_saved_field(index: int) -> None:
    data = SAVES[index]
    expected = _with_loader_gaps(data)
    assert savefile.encode(savefile.decode(data)) == expected
    # Once through the loader, a save comes back byte for byte.
    assert savefile.encode(savefile.decode(expected)) == expected


def test_loader_gaps_are_the_originals() -> None:
    # Quirk: loading is not a perfect restore (DESIGN.md, "The saved file").
    g = new_game(3, [T.AMIGA, T.NONE, T.AMIGA, T.NONE, T.NONE, T.NONE])
    g.jarls[4].taken = g.jarls[4].alive = True
    g.jarls[4].face = T.FACE_UP
    g.jarls[4].wealth = 9
    g.jarls[4].recruitable = False
    g.heroes[5].score[98:100] = [11, 12]
    state = savefile.decode(savefile.encode(g.state))
    assert state.jarls[4].wealth == 0  # carried taxes are not in the file
    assert state.jarls[4].recruitable  # face-up living jarls recruitable again
    unplayed = state.heroes[1]
    assert (unplayed.promoted, unplayed.name, unplayed.moves) == (0, "Amleth", 3)
    assert state.heroes[5].score[98:100] == [0, 0]  # only 1776 bytes are read
    assert state.heroes[5].score[97] == g.heroes[5].score[97]


def test_frey_faxi_gone_for_good_after_load() -> None:
    g = new_game(4)
    g.state.faxirides = -1
    horse = g.treasures[T.FREY_FAXI]
    horse.possessortype, horse.possessor, horse.where = T.HERO, 2, -1
    state = savefile.decode(savefile.encode(g.state))
    assert (state.faxirides, state.treasures[T.FREY_FAXI].possessortype) == (-1, -1)


def _patched(offset: int, value: int) -> bytes:
    data = bytearray(SAVES[0])
    data[offset] = value & 0xFF
    return bytes(data)


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "0 bytes"),
        (SAVES[0][:1000], "1000 bytes long"),
        (b"SAGA 1.55\0" + SAVES[0][10:], "header"),
        (_patched(12 + 6, 66), "Beowulf's area is 66"),  # a hero in area 66
        (_patched(12 + 6, -1), "Beowulf's area is -1"),
        (_patched(126 + 3, -5), "Amleth's hero is -5"),  # a jarl owner of -5
        (_patched(12 + 8, 50), "promoted jarl is 50"),
        (_patched(12 + 1, 2), "alive flag is 2"),
        (_patched(462 + 2, 3), "unknown kind of counter"),
        (_patched(591, 0), "number of turns is 0"),
    ],
)
def test_unsafe_files_are_refused_with_a_reason(data: bytes, message: str) -> None:
    with pytest.raises(savefile.SaveFileError, match=message):
        savefile.decode(data)


def test_load_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "game.saga"
    bad.write_bytes(b"not a saved game at all")
    with pytest.raises(savefile.SaveFileError, match=r"game\.saga is not a saved game"):
        savefile.load(bad)
    with pytest.raises(savefile.SaveFileError, match="can't read it"):
        savefile.load(tmp_path / "missing.saga")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from(SAVES),
    edits=st.lists(st.tuples(st.integers(0, 1779), st.integers(0, 255)), max_size=8),
    cut=st.one_of(st.none(), st.integers(0, 1780)),
)
def test_mutated_files_load_or_are_refused_but_never_crash(
    base: bytes, edits: list[tuple[int, int]], cut: int | None
) -> None:
    data = bytearray(base)
    for offset, value in edits:
        data[offset] = value
    data = bytes(data[:cut] if cut is not None else data)
    try:
        state = savefile.decode(data)
    except savefile.SaveFileError as e:
        assert str(e)
        return
    # Whatever loads must play on safely: one turn, with the Amiga for everyone.
    for h in state.heroes:
        if h.control == T.HUMAN:
            h.control = T.AMIGA
    state.turns = state.turn
    g = Game(state, Lcg64(1), RecordingHost(), TEXT)
    play(g)
    assert len(savefile.encode(g.state)) == savefile.SAVE_SIZE


def test_a_failed_load_leaves_the_game_alone(tmp_path: Path) -> None:
    g = new_game(6)
    before = savefile.encode(g.state)
    bad = tmp_path / "bad.saga"
    bad.write_bytes(_patched(12 + 6, 70))
    with pytest.raises(savefile.SaveFileError):
        g.state = savefile.load(bad)
    assert savefile.encode(g.state) == before


def test_saves_are_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "Autosave.saga"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    savefile.write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        savefile.write_atomic(target, b"newer")
    assert target.read_bytes() == b"new"  # the old save survives
    assert [p.name for p in tmp_path.iterdir()] == ["Autosave.saga"]  # no litter


def test_sixteen_bit_fields_keep_both_bytes() -> None:
    # Found by the differential runs: long games pass 255 marks.
    g = new_game(8)
    h = g.heroes[4]
    h.wealth, h.glory, h.luck = 258, 300, 1000
    h.score[42] = 513
    data = savefile.encode(g.state)
    record = 12 + 4 * 19
    assert data[record + 10 : record + 16] == bytes([1, 2, 1, 44, 3, 232])
    loaded = savefile.decode(data).heroes[4]
    assert (loaded.wealth, loaded.glory, loaded.luck, loaded.score[42]) == (258, 300, 1000, 513)
