"""The .saga format: exact bytes, the original loader's gaps, and refusing bad files."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from engine_helpers import TEXT, RecordingHost, new_game
from guards import returns
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amiga import dos
from amiga.dos import Problem
from saga.engine import tables as T
from saga.engine.host import CHOICE_KEYS, DONE, Answer, Ask, answer_key
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.engine.turn import play
from saga.files import savefile, savelayout


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
    out[savefile.LOAD_SIZE :] = bytes(savefile.SAVE_SIZE - savefile.LOAD_SIZE)
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
    # Quirk: loading is not a perfect restore (docs/design.md, "The saved file").
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


def _with(field: str, value: int, base: bytes = SAVES[0]) -> bytes:
    values = savelayout.parse(base)
    values[field] = value
    return savelayout.build(values)


@pytest.mark.parametrize(
    "data, field, message",
    [
        (b"", "", "0 bytes"),
        (SAVES[0][:1000], "", "1000 bytes long"),
        (b"SAGA 1.55\0" + SAVES[0][10:], "", "header"),
        (_patched(12 + 6, 66), "heroes.Beowulf.where", "66"),  # a hero in area 66
        (_patched(12 + 6, -1), "heroes.Beowulf.where", "-1"),
        (_patched(126 + 3, -5), "jarls.Amleth.hero", "-5"),  # a jarl owner of -5
        (_patched(12 + 8, 50), "heroes.Beowulf.promoted", "50"),
        (_patched(12 + 1, 2), "heroes.Beowulf.alive", "not a yes/no value"),
        (_patched(462 + 2, 3), "treasures.Brosung_Necklace.possessortype", "unknown kind"),
        (_patched(591, 0), "turns", "outside 1..99"),
        (_patched(10, 100), "turn", "outside 0..99"),
        (
            _with("swords.Gram.possessor", 6, _with("swords.Gram.possessortype", T.HERO)),
            "swords.Gram.possessor",
            "6, outside 0..5",
        ),
    ],
)
def test_unsafe_files_are_refused_with_a_reason(data: bytes, field: str, message: str) -> None:
    with pytest.raises(savefile.SaveFileError, match=message) as caught:
        savefile.decode(data, "x.saga")
    e = caught.value
    assert (e.field, e.filename) == (field, "x.saga")
    assert message in e.reason
    assert str(e).startswith(f"x.saga is not a saved game Saga can load: {field}")


def _narrowed() -> list[tuple[str, int]]:
    """Each field's values just outside its safe range, where the byte can hold them."""
    cases = []
    for name, field in savelayout.FIELDS.items():
        top = 127 if field.signed else 0xFFFF
        bottom = -128 if field.signed else 0
        if field.high < top:
            cases.append((name, field.high + 1))
        if field.low > bottom:
            cases.append((name, field.low - 1))
    return cases


def test_every_field_out_of_range_is_refused_by_name() -> None:
    cases = _narrowed()
    assert len(cases) > 400
    for name, value in cases:
        with pytest.raises(savefile.SaveFileError) as caught:
            savefile.decode(_with(name, value), "bad.saga")
        assert caught.value.field == name
        message = f"bad.saga is not a saved game Saga can load: {name} is {value}"
        assert message in str(caught.value)


def test_the_declaration_holds_every_byte_once() -> None:
    # The fast reader and writer are derived from the construct declaration: they must agree.
    for data in SAVES[::5]:
        tree = savelayout.LAYOUT.parse(data)
        assert savelayout.LAYOUT.build(tree) == data
        flat = savelayout.parse(data)
        assert flat["heroes.Egil.luck"] == tree.heroes.Egil.luck
        assert flat["scores.Starkad.7"] == tree.scores.Starkad["7"]
        assert savelayout.build(flat) == data
    assert len(savelayout.FIELDS) == 2 + 6 * 16 + 18 * 8 + 32 * 5 + 14 * 4 + 36 * 2 + 2 + 6 * 99


# Loader gaps: moves come from the hero's rank; the last four bytes are not read.
_NOT_KEPT = {f"heroes.{h}.moves" for h in T.HERO_NAMES} | {"scores.Starkad.98", "scores.Starkad.99"}


def _changed(values: dict[str, int], ends: tuple[str, str]) -> dict[str, int]:
    """Every field moved to an end of its safe range, keeping each item's holder consistent."""
    out = {}
    for name, field in savelayout.FIELDS.items():
        first, second = (getattr(field, end) for end in ends)
        out[name] = first if values[name] != first else second
    for name in savelayout.FIELDS:
        if name.endswith(".possessortype"):
            holder = name[: -len("type")]
            if values[name] == -1:
                out[name], out[holder] = T.HERO, 5
            else:
                out[name], out[holder] = -1, -1
    out["faxirides"] = 2  # -1 would take Frey Faxi off the board on loading
    return out


@pytest.mark.parametrize("base", [SAVES[0], SAVES[-1]], ids=["first", "last"])
@pytest.mark.parametrize("ends", [("high", "low"), ("low", "high")])
def test_every_field_round_trips_through_the_declaration(
    base: bytes, ends: tuple[str, str]
) -> None:
    values = savelayout.parse(base)
    trial = _changed(values, ends)
    back = savelayout.parse(savefile.encode(savefile.decode(savelayout.build(trial))))
    for name in savelayout.FIELDS:
        if name not in _NOT_KEPT:
            assert back[name] == trial[name] != values[name], name


def test_each_field_loads_where_the_game_keeps_it() -> None:
    # Loading and saving run code compiled from the declaration; a round trip
    # alone would not notice two fields swapped both ways, so look in the state.
    last_land = len(savelayout.LAND_KEYS) - 1
    where: dict[str, Callable[[GameState], object]] = {
        "turn": lambda s: s.turn,
        "faxirides": lambda s: s.faxirides,
        "heroes.Starkad.maidens": lambda s: s.heroes[5].maidens,
        "heroes.Brunhild.wounded": lambda s: s.heroes[1].wounded,
        "jarls.Wiglar.homewhere": lambda s: s.jarls[-1].homewhere,
        "monsters.Irving.wealth": lambda s: s.monsters[-1].wealth,
        "treasures.Teleport_Scroll.where": lambda s: s.treasures[-1].where,
        "swords.Gram.taken": lambda s: s.swords[2].taken,
        "lands.Leinster.king": lambda s: s.king[last_land],
        "lands.Leinster.ice": lambda s: s.ice[last_land],
        "advanced": lambda s: s.advanced,
        "turns": lambda s: s.turns,
        "scores.Beowulf.1": lambda s: s.heroes[0].score[1],
        "scores.Starkad.97": lambda s: s.heroes[5].score[97],
    }
    base = savelayout.parse(SAVES[-1])
    for name, get in where.items():
        field = savelayout.FIELDS[name]
        value = field.high if base[name] != field.high else field.low
        state = savefile.decode(savelayout.build({**base, name: value}))
        assert get(state) == value, name
        assert isinstance(get(state), bool) == field.flag, name


def test_turn_0_loads_and_plays() -> None:
    # The original loads and plays a save of turn 0 safely (it writes score[0]).
    g = new_game(9, [T.AMIGA, T.NONE, T.AMIGA, T.NONE, T.NONE, T.NONE], turns=3)
    g.state.turn = 0
    state = savefile.decode(savefile.encode(g.state))
    assert state.turn == 0
    g = Session(Setup.continuing(1, state), TEXT, RecordingHost()).game
    play(g)
    assert g.state.turn == 4
    saves = g.host.saves  # type: ignore[attr-defined]
    assert [s[10] for s in saves] == [0, 1, 2, 3]
    for data in saves:
        savefile.decode(data)


def test_every_maiden_count_play_can_write_loads_again() -> None:
    # Frey's prayers can push 127 maidens past the byte; the original writes
    # the wrapped count, reads it back and plays on, so the port must too.
    g = new_game(10)
    g.heroes[0].maidens = 127 + 2
    state = savefile.decode(savefile.encode(g.state))
    assert state.heroes[0].maidens == -127
    state.heroes[0].maidens -= 3  # three wounds healed
    assert savefile.decode(savefile.encode(state)).heroes[0].maidens == 126


class _SpaceBarHost(RecordingHost):
    """A human who presses Space (or the first key offered) at every question, 10,000 at most."""

    def ask(self, mode: Ask, pen: int) -> Answer:
        self._next += 1
        assert self._next <= 10_000, f"turn {self.turn}: the game keeps asking {mode.name}"
        if mode in CHOICE_KEYS:
            return Answer(answer_key(TEXT, CHOICE_KEYS[mode][0]))
        return Answer(ord("0") if mode == Ask.MULTIKEYBOARD else DONE)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from(SAVES),
    edits=st.lists(st.tuples(st.integers(0, 1779), st.integers(0, 255)), max_size=8),
    cut=st.one_of(st.none(), st.integers(0, 1780)),
)
def test_mutated_files_load_or_are_refused_but_never_crash(
    base: bytes, edits: list[tuple[int, int]], cut: int | None
) -> None:
    edited = bytearray(base)
    for offset, value in edits:
        edited[offset] = value
    data = bytes(edited[:cut] if cut is not None else edited)
    try:
        state = savefile.decode(data)
    except savefile.SaveFileError as e:
        assert str(e)
        return
    # Whatever loads must play on safely (two turns, with the Amiga for
    # everyone), and the game must load every autosave it writes meanwhile.
    # A changed byte may leave a hero of nobody's with jarls, whose routs
    # the original puts to a human: a player who finishes at once answers.
    for h in state.heroes:
        if h.control == T.HUMAN:
            h.control = T.AMIGA
    state.turns = min(max(state.turn + 1, 1), 99)
    g = Session(Setup.continuing(1, state), TEXT, _SpaceBarHost()).game
    play(g)
    assert len(savefile.encode(g.state)) == savefile.SAVE_SIZE
    for autosave in g.host.saves:  # type: ignore[attr-defined]
        savefile.decode(autosave)


def test_saves_are_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "Autosave.saga"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    dos.write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        dos.write_atomic(target, b"newer")
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


@pytest.mark.parametrize("turn", [0, 1, 7, T.MAX_TURNS, T.MAX_TURNS + 1])
def test_score_tables_are_written_whole_whatever_the_turn(turn: int) -> None:
    # An autosave writes the turns to come as zero bytes, unpacked; a loaded
    # file may hold scores there too, and those are written as they are.
    g = new_game(8)
    s = g.state
    s.turn = turn
    for h in s.heroes:
        h.score[1:] = [(7 * h.index + t) % 300 if t <= turn else 0 for t in range(1, 100)]
    s.heroes[3].score[T.MAX_TURNS] = 65535
    s.heroes[5].score[min(turn + 1, T.MAX_TURNS)] = 1
    values = savelayout.parse(savefile.encode(s))
    for h, name in zip(s.heroes, savelayout.HERO_KEYS, strict=True):
        table = [values[f"scores.{name}.{t}"] for t in range(1, T.MAX_TURNS + 1)]
        assert table == h.score[1:], name


def test_load_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "game.saga"
    bad.write_bytes(b"not a saved game at all")
    with pytest.raises(savefile.SaveFileError, match=r"game\.saga is not a saved game") as caught:
        savefile.load(bad)
    assert caught.value.failure is savefile.Failure.CANT_READ  # shorter than a save
    bad.write_bytes(b"SAGA 1.95\0" + bytes(1770))
    with pytest.raises(savefile.SaveFileError) as caught:
        savefile.load(bad)
    assert caught.value.failure is savefile.Failure.NOT_A_SAVE
    with pytest.raises(savefile.SaveFileError, match="can't read it") as caught:
        savefile.load(tmp_path / "missing.saga")
    assert caught.value.problem is Problem.MISSING
    assert caught.value.failure is savefile.Failure.CANT_OPEN
    assert caught.value.filename == str(tmp_path / "missing.saga")


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.saga"
    os.mkfifo(path)
    return path


def _huge(tmp_path: Path) -> Path:
    path = tmp_path / "huge.saga"
    with path.open("wb") as f:
        f.truncate(2 << 30)  # sparse: 2 GB that take no room
    return path


@pytest.mark.parametrize(
    "make, problem",
    [
        (_huge, Problem.TOO_LARGE),
        (lambda tmp: Path("/dev/zero"), Problem.NOT_A_FILE),
        (_fifo, Problem.NOT_A_FILE),
        (lambda tmp: tmp, Problem.FOLDER),
        (lambda tmp: tmp / ("x" * 300 + ".saga"), Problem.BAD_NAME),
    ],
    ids=["2GB", "dev-zero", "fifo", "folder", "300-char-name"],
)
def test_loading_anything_but_a_save_says_so_at_once(
    make: Callable[[Path], Path], problem: Problem, tmp_path: Path
) -> None:
    path = make(tmp_path)
    with pytest.raises(savefile.SaveFileError) as caught:
        returns(lambda: savefile.load(path))  # never waits on a pipe or reads a device
    e = caught.value
    assert e.problem is problem and e.filename == str(path)
    assert e.failure is savefile.Failure.CANT_OPEN
    assert str(e).startswith(f"{path}: can't read it: it {problem.value}")


# A process that says when it starts saving, then saves for ever, until it is killed.
SAVER = """
import sys
from pathlib import Path
from amiga import dos
target, old, new = Path(sys.argv[1]), b"o" * (256 << 10), b"n" * (256 << 10)
print("saving", flush=True)
while True:
    dos.write_atomic(target, new)
    dos.write_atomic(target, old)
"""


def test_a_killed_save_leaves_the_old_or_the_new_file_and_no_litter(tmp_path: Path) -> None:
    """Kill a saving process at random moments: the save is never torn, leftovers go next time.
    (Processes of their own, not forks of this one, whose threads a fork would copy.)"""
    target = tmp_path / "Autosave.saga"
    old = b"o" * (256 << 10)  # big enough to be caught mid-write
    target.write_bytes(old)
    rnd = random.Random(11)
    litter_seen = 0
    for _ in range(50):
        with subprocess.Popen(
            [sys.executable, "-c", SAVER, str(target)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parents[1],  # where amiga/ is
        ) as saver:
            assert saver.stdout is not None and saver.stdout.readline() == "saving\n"
            time.sleep(rnd.uniform(0, 0.01))
            saver.kill()
        assert target.read_bytes() in (old, b"n" * (256 << 10))
        litter_seen += len(list(tmp_path.iterdir())) > 1
    assert litter_seen  # the kills did land mid-save
    dos.write_atomic(target, b"next")
    assert [p.name for p in tmp_path.iterdir()] == ["Autosave.saga"]
    assert target.read_bytes() == b"next"


def test_only_our_own_leftovers_are_swept(tmp_path: Path) -> None:
    with subprocess.Popen([sys.executable, "-c", ""]) as gone:
        pass  # waited for: its number names no running process now
    dead = gone.pid
    leftover = tmp_path / f".Autosave.saga.{dead}.abcd_123"
    kept = [
        f".Autosave.saga.{os.getpid()}.abcd_123",  # our own, maybe a save under way
        f".Autosave.saga.{os.getppid()}.abcd_123",  # a running process's
        f".Other.saga.{dead}.abcd_123",  # another file's
        f".Autosave.saga.{dead}.abc",  # not mkstemp's naming
        "Autosave.saga.bak",
        ".Autosave.saga",
    ]
    for name in [leftover.name, *kept]:
        (tmp_path / name).write_bytes(b"x")
    dos.write_atomic(tmp_path / "Autosave.saga", b"new")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*kept, "Autosave.saga"])
