"""The ``.saga`` file declared once, field by field, with construct.

:data:`LAYOUT` gives, in file order, every field's bytes (big-endian; single
bytes signed, the 16-bit numbers unsigned), its dotted name and the values
the original can load and play on safely.  Writing, reading, refusing bad
files, ``python -m saga.inspect`` and the trace comparisons all work from
it.  :mod:`saga.files.savefile` reads and writes the files and loads this module
at the first save or load: construct takes a tenth of the game's start-up
to import, and the title screen needs none of it.

Loading keeps the original loader's gaps on purpose (see :func:`decode`),
and refuses, with a message naming the field, any file that the original
would crash on.
"""

from __future__ import annotations

import functools
import re
import struct
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from construct import Adapter, Const, Construct, Int8ub, Int16ub, Padding, Struct

from saga.engine import tables as T
from saga.engine.state import GameState
from saga.files.saveformat import LOAD_SIZE, MAGIC, SAVE_SIZE, SaveFileError, whole
from saga.look.text import english

# How a value reads to a person: inspect shows areas and heroes by name.
Shows = Callable[[int], str]
_ENGLISH = english()  # field names and sea names do not follow the player's language


def _area_name(area: int) -> str:
    if not 0 <= area < T.AREAS:
        return "nowhere" if area == -1 else f"area {area}"
    name = T.AREA_TABLE[area].name
    if name.startswith("MSG_"):  # seas share their names; the number tells them apart
        return f"{_ENGLISH(name)} ({area})"
    return name


def _hero_name(hero: int) -> str:
    return _table(T.HERO_NAMES, "nobody")(hero)


def _jarl_name(jarl: int) -> str:
    return _table(tuple(j.name for j in T.JARL_TABLE))(jarl)


def _table(names: tuple[str, ...], none: str = "none") -> Shows:
    return lambda v: names[v] if 0 <= v < len(names) else none if v == -1 else str(v)


class Field(Adapter):
    """One number of the file: its width, the range the original loads safely, how it reads.

    Writing keeps only the low bits, as the original's ``(UBYTE)`` casts do.
    ``flag`` fields become booleans in the game state.
    """

    def __init__(self, width: int, low: int, high: int, shows: Shows = str, flag: bool = False):
        super().__init__(Int8ub if width == 1 else Int16ub)
        self.signed = width == 1
        self.mask = (1 << (8 * width)) - 1
        self.low, self.high, self.shows, self.flag = low, high, shows, flag
        # Whether the original loads every value the bytes can hold.
        self.anything = (low, high) == ((-128, 127) if self.signed else (0, self.mask))

    def _decode(self, obj: int, context: Any, path: Any) -> int:
        return obj - 256 if self.signed and obj > 127 else obj

    def _encode(self, obj: int, context: Any, path: Any) -> int:
        return int(obj) & self.mask


def _byte(low: int = -128, high: int = 127, shows: Shows = str) -> Field:
    return Field(1, low, high, shows)


def _flag() -> Field:
    return Field(1, 0, 1, lambda v: {0: "no", 1: "yes"}.get(v, str(v)), flag=True)


def _word() -> Field:
    # 16-bit counts: play may pass 65535 and wrap, which the original survives.
    return Field(2, 0, 0xFFFF)


def _area() -> Field:
    return _byte(0, T.AREAS - 1, _area_name)


def _home() -> Field:
    return _byte(0, T.LAND_AREAS - 1, _area_name)  # homes are lands


def _sea() -> Field:
    return _byte(T.SEA_NORMAL, T.SEA_BAD, _table(("normal", "good", "bad")))


HERO = Struct(
    "control" / _byte(T.NONE, T.AMIGA, _table(("none", "human", "Amiga"))),
    "alive" / _flag(),
    "verydead" / _flag(),
    "moves" / _byte(),  # the loader sets moves from the hero's rank instead
    "god" / _byte(-1, T.TYR, _table(T.GOD_NAMES)),
    "rune" / _byte(-1, T.SYGIL, _table(T.RUNE_NAMES)),
    "where" / _area(),
    "homewhere" / _home(),
    "promoted" / _byte(-1, len(T.JARL_TABLE) - 1, _jarl_name),
    "wounded" / _flag(),
    "wealth" / _word(),
    "glory" / _word(),
    "luck" / _word(),
    "sea" / _sea(),
    "loseturn" / _flag(),
    # Frey's maidens only ever count up by prayers and down by wounds, and
    # the count is only tested for zero, so when play pushes it past 127 the
    # original writes, reads back and plays on with a negative count safely:
    # every value of the byte is one the original's own play can save.
    "maidens" / _byte(),
)
JARL = Struct(
    "where" / _area(),
    "homewhere" / _home(),
    "face" / _byte(T.FACE_UP, T.FACE_DOWN, _table(("up", "down"))),
    "hero" / _byte(-1, len(T.HERO_NAMES) - 1, _hero_name),
    "taken" / _flag(),
    "sea" / _sea(),
    "loseturn" / _flag(),
    "alive" / _flag(),
)
MONSTER = Struct(
    "taken" / _flag(),
    "alive" / _flag(),
    "where" / _area(),
    "wealth" / _byte(0, 127),  # a hoard is placed (0 or 20) and taken, never added to
    "sea" / _sea(),
    Padding(1),  # the original writes 0 and its loader skips it
)
_KINDS = tuple(kind.name.lower() for kind in T.Kind)
ITEM = Struct(
    "taken" / _flag(),
    "possessor" / _byte(),  # checked against possessortype, see _HOLDERS
    "possessortype" / _byte(shows=_table(_KINDS)),
    "where" / _byte(-1, T.AREAS - 1, _area_name),
)
LAND = Struct(
    "king" / _byte(-1, len(T.HERO_NAMES) - 1, _hero_name),
    "ice" / _flag(),
)
SCORES = Struct(*(str(turn) / _word() for turn in range(1, T.MAX_TURNS + 1)))


def _key(name: str) -> str:
    """A table's name as a field name: English, no bonus, underscores for spaces."""
    text = _ENGLISH(name) if name.startswith("MSG_") else name
    return re.sub(r"\s*\(.*\)", "", text).replace(" ", "_")


def _keys(names: list[str]) -> list[str]:
    """Field names for a table, numbering a name that occurs twice (two monsters are Hallbjorn)."""
    return [_key(n) if names.count(n) == 1 else f"{_key(n)}_{i}" for i, n in enumerate(names)]


HERO_KEYS = list(T.HERO_NAMES)
JARL_KEYS = _keys([j.name for j in T.JARL_TABLE])
MONSTER_KEYS = _keys([m.name for m in T.MONSTER_TABLE])
TREASURE_KEYS = _keys(list(T.TREASURE_NAMES))
SWORD_KEYS = _keys(list(T.SWORD_NAMES))
LAND_KEYS = _keys([a.name for a in T.AREA_TABLE[: T.LAND_AREAS]])

# The sections of the file that describe counters: their field names and the
# record of each.  The game state keeps each section's counters in a list of
# the same name (``state.heroes``...).
_RECORDS: dict[str, tuple[list[str], Struct]] = {
    "heroes": (HERO_KEYS, HERO),
    "jarls": (JARL_KEYS, JARL),
    "monsters": (MONSTER_KEYS, MONSTER),
    "treasures": (TREASURE_KEYS, ITEM),
    "swords": (SWORD_KEYS, ITEM),
}

LAYOUT = Struct(
    "magic" / Const(MAGIC),
    # Play writes score[turn]: the table has slots 0..MAX_TURNS (0 unused but there).
    "turn" / _byte(0, T.MAX_TURNS),
    "faxirides" / _byte(-1, T.FREY_FAXI_RIDES),  # -1: the horse is gone
    *(part / Struct(*(k / record for k in keys)) for part, (keys, record) in _RECORDS.items()),
    "lands" / Struct(*(k / LAND for k in LAND_KEYS)),
    "advanced" / _flag(),
    # Turns past MAX_TURNS would let play write a score past the table's end.
    "turns" / _byte(1, T.MAX_TURNS),
    "scores" / Struct(*(k / SCORES for k in HERO_KEYS)),  # at the end of turns 1..MAX_TURNS
)


def fields(layout: Construct = LAYOUT, prefix: str = "") -> Iterator[tuple[str, Field]]:
    """Every field of the declaration by dotted name, in file order."""
    for sub in layout.subcons:
        if sub.name is None:
            continue  # padding
        inner = sub.subcon  # a named field is wrapped in its name
        if isinstance(inner, Field):
            yield prefix + sub.name, inner
        elif isinstance(inner, Struct):
            yield from fields(inner, f"{prefix}{sub.name}.")


FIELDS = dict(fields())


def _format(layout: Construct, subcons: Sequence[Construct] | None = None) -> str:
    """The declaration (or some of its ``subcons``) as a :mod:`struct` format,
    read side: construct is slow per save."""
    out = []
    for sub in layout.subcons if subcons is None else subcons:
        inner = sub.subcon if sub.name is not None else sub
        if isinstance(inner, Field):
            out.append("b" if inner.signed else "H")
        elif isinstance(inner, Struct):
            out.append(_format(inner))
        elif isinstance(inner, Const):
            out.append(f"{inner.sizeof()}s")
        else:  # padding
            out.append(f"{inner.sizeof()}x")
    return "".join(out)


# Signed single bytes: reading, and writing the values that fit as they are.
_READ = struct.Struct(">" + _format(LAYOUT))
# Writing any value: each is cut to its field's width, as the original's casts do.
_WRITE = struct.Struct(">" + _format(LAYOUT).replace("b", "B"))
_MASKS = [f.mask for f in FIELDS.values()]
assert _READ.size == SAVE_SIZE

# Writing, the score tables apart: everything before them...
assert LAYOUT.subcons[-1].name == "scores"
_HEAD = struct.Struct(">" + _format(LAYOUT, LAYOUT.subcons[:-1]))
# ...and the score tables: each hero's slots for the turns played so far,
# then zero bytes for the turns to come, all six in one go (a struct pads
# with zeros); or every slot of every table.
_SCORE_TABLES = [
    struct.Struct(">" + f"{n}H{2 * (T.MAX_TURNS - n)}x" * len(T.HERO_NAMES))
    for n in range(T.MAX_TURNS + 1)
]


def _score_tables(s: GameState) -> bytes:
    """Every hero's score table, slots 1..MAX_TURNS, as the file holds it.

    The slots after the turn being played are turns to come, zeros (but in
    a loaded file that says otherwise): they are written as zero bytes, not
    packed one by one, which spares an autosave most of its packing.
    Counting a tail's zeros tells them quicker than comparing it with zeros.
    """
    played = min(max(s.turn, 0), T.MAX_TURNS)
    end = played + 1
    values: list[int] = []
    for h in s.heroes:
        score = h.score
        if score[end:].count(0) != T.MAX_TURNS - played:
            return _SCORE_TABLES[T.MAX_TURNS].pack(*[v for h in s.heroes for v in h.score[1:]])
        values += score[1:end]
    return _SCORE_TABLES[played].pack(*values)


def _slot(name: str) -> tuple[str, str | int]:
    """Where a state ``s`` keeps a field, as code: a container, and an attribute or index in it."""
    section, _, rest = name.partition(".")
    if not rest:
        return "s", name
    key, field = rest.split(".")
    if section in _RECORDS:
        return f"s.{section}[{_RECORDS[section][0].index(key)}]", field
    if section == "lands":
        return f"s.{field}", LAND_KEYS.index(key)  # s.king or s.ice
    return f"s.heroes[{HERO_KEYS.index(key)}].score", int(field)


class _Compiled(NamedTuple):
    values: Callable[[GameState], tuple[Any, ...]]
    fill: Callable[[GameState, Sequence[int]], None]
    pack: Callable[[GameState], bytes]


@functools.cache
def _compiled() -> _Compiled:
    """Functions specialised to the declaration: ``values(s)``, ``fill(s, v)`` and ``pack(s)``.

    ``values`` lists a state's fields in file order and ``fill`` puts them
    back, in straight-line code naming each attribute: several times faster
    than going through 1100 fields one by one, which took most of the time
    of a turn's autosave.  ``pack`` hands the same fields straight to the
    file's struct, which spares every autosave a 1100-field tuple (a fifth
    of its time), the score tables apart (:func:`_score_tables`); a value
    too wide for its field raises ``struct.error``.
    A run of one list's slots held by successive fields (a hero's scores)
    goes as one slice.  Compiled on first use, as it takes milliseconds
    that the game's start-up need not wait for.
    """
    flags = [field.flag for field in FIELDS.values()]
    runs: list[tuple[str, str | int, int, int]] = []  # container, key, first field, count
    for index, name in enumerate(FIELDS):
        container, key = _slot(name)
        if runs and isinstance(key, int) and not flags[index]:
            last, first, start, count = runs[-1]
            if last == container and first == key - count and not flags[start]:
                runs[-1] = last, first, start, count + 1
                continue
        runs.append((container, key, index, 1))
    local = {c: f"c{i}" for i, c in enumerate(dict.fromkeys(c for c, *_ in runs if c != "s"))}
    bind = [f"    {name} = {code}" for code, name in local.items()]
    local["s"] = "s"
    items, stores, head, head_at = [], [], [], set()
    names = list(FIELDS)
    for container, key, start, count in runs:
        at = local[container]
        if isinstance(key, str):
            target, value = f"{at}.{key}", f"v[{start}]"
        elif count == 1:
            target, value = f"{at}[{key}]", f"v[{start}]"
        else:
            target, value = f"{at}[{key}:{key + count}]", f"v[{start}:{start + count}]"
        items.append(f"*{target}" if count > 1 else target)
        if not names[start].startswith("scores."):
            head.append(items[-1])
            head_at.add(at)
        # A flag is a boolean in the state; on loading it has been checked to be 0 or 1.
        stores.append(f"    {target} = {value}" + (" == 1" if flags[start] else ""))
    source = "\n".join(
        [
            "def values(s):",
            *bind,
            f"    return ({', '.join(items)},)",
            "def pack(s):",
            *(line for line in bind if line.split()[0] in head_at),
            f"    return _head(MAGIC, {', '.join(head)}) + _score_tables(s)",
            "def fill(s, v):",
            *bind,
            *stores,
        ]
    )
    namespace: dict[str, Any] = {
        "_head": _HEAD.pack,
        "_score_tables": _score_tables,
        "MAGIC": MAGIC,
    }
    exec(compile(source, "<saga.files.savefile, compiled from LAYOUT>", "exec"), namespace)
    return _Compiled(namespace["values"], namespace["fill"], namespace["pack"])


def _unpack(data: bytes, filename: str) -> tuple[int, ...]:
    """Every field of a save of a size that loads, in file order, unchecked."""
    values = _READ.unpack(whole(data, filename))
    if values[0] != MAGIC:
        raise SaveFileError("it does not start with the SAGA 1.80 header", filename=filename)
    return values[1:]


def parse(data: bytes, filename: str = "") -> dict[str, int]:
    """Every field of a save by dotted name, unchecked (for inspecting).

    A file of a size the game loads is taken, the bytes it lacks as zeros.
    """
    return dict(zip(FIELDS, _unpack(data, filename), strict=True))


def show(name: str, value: int) -> str:
    """A field's value as a person reads it: names for areas, heroes, gods..."""
    return FIELDS[name].shows(value)


def differences(a: bytes, b: bytes) -> list[str]:
    """The fields in which two saves differ, as ``heroes.Egil.luck 3 ≠ 4`` lines."""
    if a == b:
        return []
    try:
        fa, fb = parse(a), parse(b)
    except SaveFileError:
        fa = fb = {}
    lines = [f"{k} {show(k, fa[k])} ≠ {show(k, fb[k])}" for k in fa if fa[k] != fb[k]]
    if not lines:  # a difference no field holds: the header, the padding or the length
        offset = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        if offset is None:
            lines = [f"length {len(a)} ≠ {len(b)}"]
        else:
            lines = [f"byte {offset} {a[offset]} ≠ {b[offset]}"]
    return lines


def encode(state: GameState) -> bytes:
    """The exact bytes the original writes for this state."""
    compiled = _compiled()
    try:
        return compiled.pack(state)  # every value fits its field as it is...
    except struct.error:  # ...or is cut to its low bits, as the original's casts do
        values = compiled.values(state)
        return _WRITE.pack(MAGIC, *(int(v) & m for v, m in zip(values, _MASKS, strict=True)))


def build(values: dict[str, int]) -> bytes:
    """The bytes of a save given every field by name, as :func:`parse` returns them."""
    return _WRITE.pack(MAGIC, *(values[n] & f.mask for n, f in FIELDS.items()))


# Who may hold an item, by possessortype: the range of possessor numbers.
_HOLDERS = {
    -1: (-1, -1),
    T.HERO: (0, len(T.HERO_NAMES) - 1),
    T.JARL: (0, len(T.JARL_TABLE) - 1),
    T.MONSTER: (0, len(T.MONSTER_TABLE) - 1),
    T.KINGDOM: (-1, -1),
}


# The fields whose bytes can hold values the original does not load: where
# they are in the file, the range it loads, and their names.
_LIMITED = [
    (index, field.low, field.high, name)
    for index, (name, field) in enumerate(FIELDS.items())
    if not field.anything
]
_AT = {name: index for index, name in enumerate(FIELDS)}
# Each item, and where its possessortype and possessor are in the file.
_ITEMS = [
    (item, _AT[f"{item}.possessortype"], _AT[f"{item}.possessor"])
    for section in ("treasures", "swords")
    for item in (f"{section}.{key}" for key in _RECORDS[section][0])
]


def _check(values: Sequence[int], filename: str = "") -> None:
    """Refuse a value the original could not load and play on safely, naming its field."""
    for index, low, high, name in _LIMITED:
        value = values[index]
        if not low <= value <= high:
            if FIELDS[name].flag:
                raise SaveFileError(f"{value}, not a yes/no value", name, filename)
            raise SaveFileError(f"{value}, outside {low}..{high}", name, filename)
    for item, kind_at, holder_at in _ITEMS:
        kind = values[kind_at]
        holders = _HOLDERS.get(kind)
        if holders is None:
            raise SaveFileError(
                f"{kind}, an unknown kind of counter", f"{item}.possessortype", filename
            )
        low, high = holders
        holder = values[holder_at]
        if not low <= holder <= high:
            raise SaveFileError(
                f"{holder}, outside {low}..{high} for this kind of holder",
                f"{item}.possessor",
                filename,
            )


def decode(data: bytes, name: str = "") -> GameState:
    """Build the state the original's loader would, refusing unsafe files.

    The original's loader is not a perfect restore, and the port keeps its
    gaps: jarls lose the taxes they carry (not in the file); every living
    face-up jarl becomes recruitable again; a hero who never played reads as
    promoted from jarl 0, taking that jarl's name, strength and moves; and
    only the first 1776 bytes count.  ``name`` is the file's, for messages.
    """
    whole(data, name)  # a size the original loads
    values = _unpack(bytes(data[:LOAD_SIZE]) + bytes(SAVE_SIZE - LOAD_SIZE), name)
    _check(values, name)
    s = GameState()
    _compiled().fill(s, values)
    for h in s.heroes:
        h.control = T.Control(h.control)  # the file holds its number; _check knows it
        if h.promoted >= 0:  # moves come from the rank, not from the file
            spec = T.JARL_TABLE[h.promoted]
            h.name, h.strength, h.moves = spec.name, spec.strength, spec.moves
        else:
            h.moves = T.HERO_MOVES
    for j in s.jarls:
        j.recruitable = j.alive and j.face == T.FACE_UP
    if s.faxirides == -1:
        # The loader makes sure a horse that has run off is gone for good.
        horse = s.treasures[T.FREY_FAXI]
        horse.possessor = horse.possessortype = horse.where = -1
    return s
