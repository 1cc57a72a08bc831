"""The ``.saga`` saved-game format of the original, "SAGA 1.80", 1780 bytes.

Layout, all big-endian, bytes signed unless noted:

====== ===== =============================================================
offset bytes  contents
====== ===== =============================================================
0      10    ``SAGA 1.80`` and a NUL
10     2     turn, Frey Faxi rides left (-1: the horse is gone)
12     6x19  heroes: control alive verydead moves god rune where homewhere
             promoted wounded, then wealth glory luck (unsigned 16-bit),
             then sea loseturn maidens
126    18x8  jarls: where homewhere face hero taken sea loseturn alive
270    32x6  monsters: taken alive where wealth sea, and an unused byte
462    8x4   treasures: taken possessor possessortype where
494    6x4   swords: the same
518    36x2  lands: king, ice
590    2     advanced, turns
592    6x198 heroes' scores at the end of turns 1..99 (unsigned 16-bit)
====== ===== =============================================================

Loading keeps the original loader's gaps on purpose (see :func:`decode`),
and refuses, with a message, any file that the original would crash on.
"""

from __future__ import annotations

import os
import struct
import tempfile
from pathlib import Path

from saga.engine import tables as T
from saga.engine.state import GameState

MAGIC = b"SAGA 1.80\0"
SAVE_SIZE = 1780
# The original loader reads this many bytes and no more, so the last two
# scores of the sixth hero never come back from a file.
LOAD_SIZE = 1776

_HERO = "10b3H3b"
_FORMAT = (
    ">10s2b"
    + _HERO * len(T.HERO_NAMES)
    + "8b" * len(T.JARL_TABLE)
    + "6b" * len(T.MONSTER_TABLE)
    + "4b" * (len(T.TREASURE_NAMES) + len(T.SWORD_NAMES))
    + "2b" * T.LAND_AREAS
    + "2b"
    + "99H" * len(T.HERO_NAMES)
)
_READ = struct.Struct(_FORMAT)
# Writing truncates every field to its width, as the original's casts do.
_WRITE = struct.Struct(_FORMAT.replace("b", "B"))
assert _READ.size == SAVE_SIZE


class SaveFileError(ValueError):
    """A file that is not a saved game the original could load safely."""


def encode(state: GameState) -> bytes:
    """The exact bytes the original writes for this state."""

    def byte(value: int) -> int:  # as the original's (UBYTE) casts truncate
        return int(value) & 0xFF

    v: list[int | bytes] = [MAGIC, byte(state.turn), byte(state.faxirides)]
    for h in state.heroes:
        v += map(byte, (
            h.control, h.alive, h.verydead, h.moves, h.god, h.rune, h.where, h.homewhere,
            h.promoted, h.wounded,
        ))
        v += (h.wealth & 0xFFFF, h.glory & 0xFFFF, h.luck & 0xFFFF)
        v += map(byte, (h.sea, h.loseturn, h.maidens))
    for j in state.jarls:
        v += map(byte, (j.where, j.homewhere, j.face, j.hero, j.taken, j.sea, j.loseturn, j.alive))
    for m in state.monsters:
        v += map(byte, (m.taken, m.alive, m.where, m.wealth, m.sea, 0))
    for item in state.treasures + state.swords:
        v += map(byte, (item.taken, item.possessor, item.possessortype, item.where))
    for area in range(T.LAND_AREAS):
        v += map(byte, (state.king[area], state.ice[area]))
    v += map(byte, (state.advanced, state.turns))
    for h in state.heroes:
        v += [s & 0xFFFF for s in h.score[1:100]]
    return _WRITE.pack(*v)


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise SaveFileError(what)


def _flag(value: int, what: str) -> bool:
    _check(value in (0, 1), f"{what} is {value}, not a yes/no value")
    return bool(value)


def _in(value: int, low: int, high: int, what: str) -> int:
    _check(low <= value <= high, f"{what} is {value}, outside {low}..{high}")
    return value


# Who may hold an item, by possessortype: the range of possessor numbers.
_HOLDERS = {
    -1: (-1, -1),
    T.HERO: (0, len(T.HERO_NAMES) - 1),
    T.JARL: (0, len(T.JARL_TABLE) - 1),
    T.MONSTER: (0, len(T.MONSTER_TABLE) - 1),
    T.KINGDOM: (-1, -1),
}


def decode(data: bytes) -> GameState:
    """Build the state the original's loader would, refusing unsafe files.

    The original's loader is not a perfect restore, and the port keeps its
    gaps: jarls lose the taxes they carry (not in the file); every living
    face-up jarl becomes recruitable again; a hero who never played reads as
    promoted from jarl 0, taking that jarl's name, strength and moves; and
    only the first 1776 bytes count.
    """
    _check(len(data) >= LOAD_SIZE, f"it is {len(data)} bytes long; a saved game has {SAVE_SIZE}")
    _check(data[:10] == MAGIC, "it does not start with the SAGA 1.80 header")
    fields = iter(_READ.unpack(bytes(data[:LOAD_SIZE]) + bytes(SAVE_SIZE - LOAD_SIZE)))
    nxt = fields.__next__
    nxt()  # the header, checked above
    s = GameState()
    s.turn = nxt()
    s.faxirides = _in(nxt(), -1, T.FREY_FAXI_RIDES, "the Frey Faxi rides")
    for h in s.heroes:
        who = f"hero {h.name}"
        h.control = _in(nxt(), T.NONE, T.AMIGA, f"{who}'s control")
        h.alive = _flag(nxt(), f"{who}'s alive flag")
        h.verydead = _flag(nxt(), f"{who}'s withdrawn flag")
        nxt()  # moves: the loader replaces them below
        h.god = _in(nxt(), -1, T.TYR, f"{who}'s god")
        h.rune = _in(nxt(), -1, T.SYGIL, f"{who}'s rune")
        h.where = _in(nxt(), 0, T.AREAS - 1, f"{who}'s area")
        h.homewhere = _in(nxt(), 0, T.LAND_AREAS - 1, f"{who}'s home area")
        h.promoted = _in(nxt(), -1, len(T.JARL_TABLE) - 1, f"{who}'s promoted jarl")
        h.wounded = _flag(nxt(), f"{who}'s wounded flag")
        h.wealth, h.glory, h.luck = nxt(), nxt(), nxt()
        h.sea = _in(nxt(), T.SEA_NORMAL, T.SEA_BAD, f"{who}'s sea travel")
        h.loseturn = _flag(nxt(), f"{who}'s lose-turn flag")
        h.maidens = _in(nxt(), 0, 127, f"{who}'s healing maidens")
        if h.promoted >= 0:
            spec = T.JARL_TABLE[h.promoted]
            h.name, h.strength, h.moves = spec.name, spec.strength, spec.moves
    for j in s.jarls:
        who = f"jarl {j.name}"
        j.where = _in(nxt(), 0, T.AREAS - 1, f"{who}'s area")
        j.homewhere = _in(nxt(), 0, T.LAND_AREAS - 1, f"{who}'s home area")
        j.face = _in(nxt(), T.FACE_UP, T.FACE_DOWN, f"{who}'s face")
        j.hero = _in(nxt(), -1, len(T.HERO_NAMES) - 1, f"{who}'s hero")
        j.taken = _flag(nxt(), f"{who}'s taken flag")
        j.sea = _in(nxt(), T.SEA_NORMAL, T.SEA_BAD, f"{who}'s sea travel")
        j.loseturn = _flag(nxt(), f"{who}'s lose-turn flag")
        j.alive = _flag(nxt(), f"{who}'s alive flag")
        j.recruitable = j.alive and j.face == T.FACE_UP
    for m in s.monsters:
        who = f"monster {m.name}"
        m.taken = _flag(nxt(), f"{who}'s taken flag")
        m.alive = _flag(nxt(), f"{who}'s alive flag")
        m.where = _in(nxt(), 0, T.AREAS - 1, f"{who}'s area")
        m.wealth = _in(nxt(), 0, 127, f"{who}'s hoard")
        m.sea = _in(nxt(), T.SEA_NORMAL, T.SEA_BAD, f"{who}'s sea travel")
        nxt()  # unused
    for kind, items in (("treasure", s.treasures), ("sword", s.swords)):
        for number, item in enumerate(items):
            who = f"{kind} {number}"
            item.taken = _flag(nxt(), f"{who}'s taken flag")
            item.possessor = nxt()
            item.possessortype = nxt()
            item.where = _in(nxt(), -1, T.AREAS - 1, f"{who}'s area")
            holders = _HOLDERS.get(item.possessortype)
            _check(holders is not None, f"{who} is held by an unknown kind of counter")
            _in(item.possessor, *holders, f"{who}'s holder")  # type: ignore[misc]
    for area in range(T.LAND_AREAS):
        name = T.AREA_TABLE[area].name
        s.king[area] = _in(nxt(), -1, len(T.HERO_NAMES) - 1, f"{name}'s king")
        s.ice[area] = _flag(nxt(), f"{name}'s ice flag")
    s.advanced = _flag(nxt(), "the advanced flag")
    s.turns = _in(nxt(), 1, 99, "the number of turns")
    _in(s.turn, 1, 99, "the turn")
    for h in s.heroes:
        h.score[1:100] = [nxt() for _ in range(99)]
    if s.faxirides == -1:
        # The loader makes sure a horse that has run off is gone for good.
        horse = s.treasures[T.FREY_FAXI]
        horse.possessor = horse.possessortype = horse.where = -1
    return s


def load(path: str | os.PathLike[str]) -> GameState:
    """Read a saved game, or raise SaveFileError saying what is wrong with it."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise SaveFileError(f"{p}: can't read it: {e.strerror or e}") from e
    try:
        return decode(data)
    except SaveFileError as e:
        raise SaveFileError(f"{p} is not a saved game Saga can load: {e}") from None


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace a file in one step, so a crash never leaves half a save."""
    p = Path(path)
    try:
        mode = p.stat().st_mode & 0o777  # keep the old file's permissions
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", dir=p.parent or ".")
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(path: str | os.PathLike[str], state: GameState) -> None:
    write_atomic(path, encode(state))


def try_save(path: str | os.PathLike[str], state: GameState) -> str | None:
    """Save, returning why it failed (None on success), for callers who play on."""
    try:
        save(path, state)
    except OSError as e:
        return str(e.strerror or e)
    return None
