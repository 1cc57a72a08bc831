"""The original's map, counters and colours, decoded from its C arrays as 1.95 draws them.

What 1.95 does with them (``system.c``), and so what is done here:

* **The map** is a 623x467 picture in 7 bitplanes (``OriginalMapData``,
  plane after plane, 39 words a row), drawn 9 pixels in and 12 down.  Its
  pens are the screen's: lands in 32..67 (land n in pen 32 + n, so the game
  colours a land by setting one pen), seas in 68..97, and the islands' coasts
  in 98..103.  Drawing it, 1.95 turns every sea and the coasts' sea side
  into the one sea pen, the coast lines and pen 7 into black, and swaps
  pens 10 and 11 (the picture has them the wrong way round).  The area under
  the pointer is read from the picture's own pens: a land's or a sea's pen
  names it, a coast belongs to its island (Scandia, Pictland, the
  Hebrides), and everything else is no area.
* **The counters** are 72 one-plane 24x24 pictures (``OriginalCounterData``):
  heroes, jarls and a face-down jarl, monsters, swords, treasures and a
  face-down treasure.  A set bit is black; the rest takes the colour of its
  kind (pens 20..27), lighter for a hero, jarl or monster that is selected.
* **The colours** are ``table1`` (the interface's pens 0..12), ``table2``
  (the counters' 20..27) and ``table3`` (85..113), in LoadRGB32's layout;
  lands take ``taxcolours`` by their tax, kingdoms ``herocolour`` and lands
  under ice a grey (``darken()``), and the frame its hero's four shades
  (``border()``).

Each part is used only if it is whole; :class:`Original` says what was found,
what was used and, for what was not, which file, line and plane failed: each
problem a :class:`~saga.look.text.Notice`, in English for ``--check`` and in
the player's language in the window.  Only the C reader's own complaint (it
quotes the file's text, as a compiler would) stays English there, after a
sentence in the player's language that says the file is not such data.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

import numpy as np

from saga.look.text import Notice
from saga.original import cdata as C
from saga.original.copy import Copy

RGB = tuple[int, int, int]

MAP_WIDTH, MAP_HEIGHT, PLANES = 623, 467, 7
ROW_WORDS = (MAP_WIDTH + 15) // 16
PLANE_WORDS = ROW_WORDS * MAP_HEIGHT
MAP_WORDS = PLANE_WORDS * PLANES  # MAPSIZE
MAP_AT = (9, 12)  # where 1.95 puts the picture's top left corner on the screen
SCREEN = (512, 640)
NO_AREA = 255

COUNTER_IMAGES = 72  # COUNTERIMAGES
COUNTER_WORDS = 48  # 24 rows of two words
COUNTER_SIZE = 24
FIRST_IMAGE = {"hero": 0, "jarl": 6, "face_down_jarl": 24, "monster": 25, "sword": 57,
               "treasure": 63, "face_down_treasure": 71}  # fmt: skip

# Pens as 1.95 uses them.
BLACK, SEA = 0, 12
FIRST_LAND, LAST_SEA = 32, 97
ISLAND_COASTS = {98: 11, 99: 11, 100: 30, 101: 30, 102: 31, 103: 31}  # Scandia, Pictland, Hebrides
COUNTER_TILE = {"hero": 20, "jarl": 22, "monster": 24, "sword": 26, "treasure": 27}
FRAME_PENS = (110, 111, 112, 113)
# A case of border()'s switch: a hero's name, or the default (1.95's "acase" ends the one before).
_CASE = re.compile(r"\ba?(?:case\s+([A-Z]+)\s*:|default\s*:)")
HEROES = ("BEOWULF", "BRUNHILD", "EGIL", "RAGNAR", "SIEGFRIED", "STARKAD")


def screen_pen(pen: int) -> int:
    """The pen 1.95 draws a pixel of the map picture in."""
    if pen == 7 or pen in (98, 100, 102):
        return BLACK  # coast lines, and what the picture drew in pen 7
    if pen in (10, 11):
        return 21 - pen  # the picture has these two the wrong way round
    if 68 <= pen <= LAST_SEA or pen in (99, 101, 103):
        return SEA
    return pen


def area_of(pen: int) -> int:
    """The area 1.95 finds under a pixel of the picture in ``pen``, or NO_AREA."""
    if FIRST_LAND <= pen <= LAST_SEA:
        return pen - FIRST_LAND
    return ISLAND_COASTS.get(pen, NO_AREA)


@dataclass
class OriginalMap:
    """The picture as 1.95 shows it on the screen: its pens, and the area under each pixel."""

    pens: np.ndarray  # 512x640, 1.95's pens after its conversion (black off the picture)
    areas: np.ndarray  # 512x640, the area under each pixel, NO_AREA on none


@dataclass
class Colours:
    """The parts of 1.95's palette that were found whole; what is None was not."""

    pens: dict[int, RGB] = field(default_factory=dict)  # from table1..table3
    lands: tuple[RGB, ...] | None = None  # by tax, 0..10
    kingdoms: tuple[RGB, ...] | None = None  # by hero
    ice: RGB | None = None
    frames: dict[int, tuple[RGB, ...]] | None = None  # by hero, -1 for no hero


@dataclass
class Original:
    """Everything read from the player's copy, and what was said about it."""

    map: OriginalMap | None = None
    counters: list[np.ndarray] | None = None  # 72 boolean 24x24 pictures: True is black
    colours: Colours = field(default_factory=Colours)
    found: list[str] = field(default_factory=list)  # what was found and used
    problems: list[Notice] = field(default_factory=list)  # what failed, and where

    @property
    def used(self) -> list[str]:
        """The parts taken from the copy: "map", "counters", "colours"."""
        parts = [("map", self.map is not None), ("counters", self.counters is not None)]
        parts.append(("colours", bool(self.colours.pens)))
        return [name for name, whole in parts if whole]


def read_original(copy: Copy) -> Original:
    """Decode what the copy holds; each part is taken only if whole."""
    original = Original(problems=list(copy.problems))
    sources: dict[str, C.Source] = {}
    for name, data in copy.files.items():
        try:
            sources[name] = C.source(data, copy.where[name])
        except C.CDataError as e:
            original.problems.append(Notice(str(e), _file(name), "MSG_ORIGINAL_NOT_TEXT"))
    names: dict[str, int] = {}
    if "saga.h" in sources:
        names = C.defines(sources["saga.h"])
        sizes = [f"{n} {names[n]}" for n in ("MAPSIZE", "COUNTERIMAGES", "DEPTH") if n in names]
        original.found.append(f"{sources['saga.h'].name}: {', '.join(sizes) or 'no sizes'}")
    _read_map(original, sources.get("themap.c"), names)
    _read_counters(original, sources.get("counters.h"), names)
    if "system.c" in sources:
        _read_colours(original, sources["system.c"], names)
    if copy.files:  # a copy that was read at all: say which of its files are missing
        for name in ("themap.c", "counters.h", "system.c"):
            if name not in sources and not any(name in p for p in original.problems):
                english = f"{name} is not in your copy"
                original.problems.append(Notice(english, name, "MSG_ORIGINAL_NOT_IN_COPY"))
    return original


def _file(name: str) -> str:
    """A file of the copy as the window names it: ``themap.c``, not where it was found."""
    return name.split(": ")[-1].rsplit("/", 1)[-1]


def _unreadable(english: str, problem: C.CDataError) -> Notice:
    """A problem of the C text: the player's sentence, the reader's own words after it."""
    where = f"{_file(problem.name)}:{problem.line}" if problem.line else _file(problem.name)
    return Notice(english, where, "MSG_ORIGINAL_NOT_DATA", f"({problem.what})")


def _lacks(src: C.Source, name: str) -> Notice:
    return Notice(f"{src.name} has no {name}", _file(src.name), ("MSG_ORIGINAL_LACKS", name))


# -- the map ------------------------------------------------------------------------


def _read_map(original: Original, src: C.Source | None, names: dict[str, int]) -> None:
    if src is None:
        return
    size = names.get("MAPSIZE", MAP_WORDS)
    depth = names.get("DEPTH", PLANES)
    if size != MAP_WORDS or depth != PLANES:
        english = (
            f"saga.h gives the map {size} words in {depth} planes, not the "
            f"{MAP_WORDS} of a {MAP_WIDTH}x{MAP_HEIGHT} picture in {PLANES}: not Saga 1.95's map"
        )
        said = ("MSG_ORIGINAL_MAP_SIZE", str(size), str(depth), str(MAP_WORDS), str(PLANES))
        original.problems.append(Notice(english, "saga.h", said))
        return
    init = C.find_initializer(src, "OriginalMapData", names, max_values=size, max_value=0xFFFF)
    if init is None:
        original.problems.append(_lacks(src, "OriginalMapData"))
        return
    words = len(init.values)
    if not init.whole or words != MAP_WORDS:
        plane = min(words // PLANE_WORDS, PLANES - 1)
        stop = init.line_of(words - 1) if words else init.start_line
        file = _file(src.name)
        if init.ended:  # the file is cut off
            # The plane begins on the line after the last word of the one before (its comment).
            begins = init.line_of(plane * PLANE_WORDS - 1) + 1 if plane else init.start_line
            english = (
                f"{file} ends in plane {plane} of {PLANES} (line {begins}; cut off at line {stop})"
            )
            said = ("MSG_ORIGINAL_MAP_CUT", str(plane), str(PLANES), str(begins), str(stop))
            original.problems.append(Notice(english, file, said))
        elif init.problem is not None:
            english = f"{init.problem} (in plane {plane} of {PLANES})"
            original.problems.append(_unreadable(english, init.problem))
        else:
            english = (
                f"{src.name}: OriginalMapData holds {words} words, not {MAP_WORDS} "
                f"(it ends in plane {plane} of {PLANES}, line {stop})"
            )
            counted = (
                "MSG_ORIGINAL_MAP_WORDS",
                str(words),
                str(MAP_WORDS),
                str(plane),
                str(PLANES),
            )
            original.problems.append(Notice(english, f"{file}:{stop}", counted))
        return
    original.map = _decode_map(init.values)
    original.found.append(
        f"{src.name}: the map, {MAP_WIDTH}x{MAP_HEIGHT} in {PLANES} planes, {words} words"
    )


def _decode_map(words: list[int]) -> OriginalMap:
    planes = np.array(words, dtype=">u2").reshape(PLANES, MAP_HEIGHT, ROW_WORDS)
    bits = np.unpackbits(planes.view(np.uint8), axis=2)[:, :, :MAP_WIDTH]
    raw = np.zeros((MAP_HEIGHT, MAP_WIDTH), np.uint8)
    for plane in range(PLANES):
        raw |= bits[plane] << plane
    shown = np.array([screen_pen(p) for p in range(256)], np.uint8)[raw]
    area = np.array([area_of(p) for p in range(256)], np.uint8)[raw]
    pens = np.zeros(SCREEN, np.uint8)
    areas = np.full(SCREEN, NO_AREA, np.uint8)
    x, y = MAP_AT
    pens[y : y + MAP_HEIGHT, x : x + MAP_WIDTH] = shown
    areas[y : y + MAP_HEIGHT, x : x + MAP_WIDTH] = area
    return OriginalMap(pens, areas)


# -- the counters -------------------------------------------------------------------


def _read_counters(original: Original, src: C.Source | None, names: dict[str, int]) -> None:
    if src is None:
        return
    count = names.get("COUNTERIMAGES", COUNTER_IMAGES)
    if count != COUNTER_IMAGES:
        english = f"saga.h gives {count} counter pictures, not 1.95's {COUNTER_IMAGES}"
        said = ("MSG_ORIGINAL_COUNTER_COUNT", str(count), str(COUNTER_IMAGES))
        original.problems.append(Notice(english, "saga.h", said))
        return
    init = C.find_initializer(
        src, "OriginalCounterData", names, max_values=count * COUNTER_WORDS, max_value=0xFFFF
    )
    if init is None:
        original.problems.append(_lacks(src, "OriginalCounterData"))
        return
    groups = [*init.groups, len(init.values)]
    whole = [b - a == COUNTER_WORDS for a, b in itertools.pairwise(groups)]
    if not init.whole or len(init.values) != count * COUNTER_WORDS or not all(whole):
        done = whole.index(False) if False in whole else len(init.values) // COUNTER_WORDS
        line = init.line_of(done * COUNTER_WORDS)
        why = f": {init.problem}" if init.problem else ""
        english = (
            f"{src.name} holds {done} whole counter pictures of {count} "
            f"(picture {done} at line {line} is not whole{why})"
        )
        cut = ("MSG_ORIGINAL_COUNTERS_CUT", str(done), str(count), str(done))
        detail = [f"({init.problem.what})"] if init.problem and not init.ended else []
        original.problems.append(Notice(english, f"{_file(src.name)}:{line}", cut, *detail))
        return
    words = np.array(init.values, dtype=">u2").reshape(count, COUNTER_SIZE, 2)
    bits = np.unpackbits(words.view(np.uint8), axis=2)[:, :, :COUNTER_SIZE].astype(bool)
    original.counters = list(bits)
    original.found.append(
        f"{src.name}: {count} counter pictures of 24x24 (6 heroes, 18 jarls and a face-down "
        "one, 32 monsters, 6 swords, 8 treasures and a face-down one)"
    )


# -- the colours --------------------------------------------------------------------


def _read_colours(original: Original, src: C.Source, names: dict[str, int]) -> None:
    colours = original.colours
    for table in ("table1", "table2", "table3"):
        found = _load_rgb32(original, src, table, names)
        if found:
            colours.pens.update(found)
            first, last = min(found), max(found)
            original.found.append(f"{src.name}: {table}, pens {first}..{last}")
    colours.lands = _rgb4_table(original, src, "taxcolours", 11, names)
    colours.kingdoms = _rgb4_table(original, src, "herocolour", len(HEROES), names)
    colours.ice = _ice(original, src)
    colours.frames = _frames(original, src)


def _load_rgb32(
    original: Original, src: C.Source, name: str, names: dict[str, int]
) -> dict[int, RGB]:
    """A LoadRGB32 table: (count << 16) + first pen, three 32-bit values a pen, then 0."""
    init = C.find_initializer(src, name, names, max_values=3 * 256 + 2, max_value=0xFFFFFFFF)
    if init is None:
        original.problems.append(_lacks(src, name))
        return {}
    at = f"{src.name}, {name} at line {init.start_line}"
    if init.problem is not None:
        original.problems.append(_unreadable(f"{at}: {init.problem}", init.problem))
        return {}
    count, first = (init.values[0] >> 16, init.values[0] & 0xFFFF) if init.values else (0, 0)
    body = init.values[1:]
    if count == 0 or first + count > 256 or len(body) != 3 * count + 1 or body[-1] != 0:
        english = f"{at}: not a LoadRGB32 table of {count} colours from pen {first}"
        where = f"{_file(src.name)}:{init.start_line}"
        original.problems.append(Notice(english, where, ("MSG_ORIGINAL_NOT_TABLE", name)))
        return {}
    return {
        first + i: (body[3 * i] >> 24, body[3 * i + 1] >> 24, body[3 * i + 2] >> 24)
        for i in range(count)
    }


def _rgb4_table(
    original: Original, src: C.Source, name: str, count: int, names: dict[str, int]
) -> tuple[RGB, ...] | None:
    """An array of {red, green, blue} in 4 bits each, as SetRGB4 takes them."""
    init = C.find_initializer(src, name, names, max_values=3 * count, max_value=15)
    if init is None:
        original.problems.append(_lacks(src, name))
        return None
    at = f"{src.name}, {name} at line {init.start_line}"
    if init.problem is not None:
        original.problems.append(_unreadable(f"{at}: {init.problem}", init.problem))
        return None
    if len(init.values) != 3 * count:
        found = len(init.values) // 3
        english = f"{at}: {found} colours, not {count}"
        said = ("MSG_ORIGINAL_COLOUR_COUNT", name, str(found), str(count))
        where = f"{_file(src.name)}:{init.start_line}"
        original.problems.append(Notice(english, where, said))
        return None
    v = init.values
    colours = tuple(_rgb4(v[3 * i], v[3 * i + 1], v[3 * i + 2]) for i in range(count))
    original.found.append(f"{src.name}: {name}, {count} colours")
    return colours


def _rgb4(r: int, g: int, b: int) -> RGB:
    return (r * 17, g * 17, b * 17)


def _ice(original: Original, src: C.Source) -> RGB | None:
    """The grey of a land under ice: darken()'s one SetRGB4 with numbers for its colour."""
    body = C.function_body(src, "darken")
    for args, _ in C.calls(src, body, "SetRGB4") if body else ():
        values = [C.number(a, src) for a in args[-3:]] if len(args) == 5 else []
        if len(values) == 3 and all(v is not None and 0 <= v <= 15 for v in values):
            r, g, b = (v or 0 for v in values)
            original.found.append(f"{src.name}: ice, in darken()")
            return _rgb4(r, g, b)
    english = f"{src.name}: no colour for ice in darken()"
    original.problems.append(Notice(english, _file(src.name), "MSG_ORIGINAL_NO_ICE"))
    return None


def _frames(original: Original, src: C.Source) -> dict[int, tuple[RGB, ...]] | None:
    """border()'s four frame shades for each hero, and for no hero (its default)."""
    body = C.function_body(src, "border")
    if body is None:
        original.problems.append(_lacks(src, "border()"))
        return None
    text, offset = body
    labels = [
        (m.start(), HEROES.index(m[1]) if m[1] else -1)
        for m in _CASE.finditer(text)
        if not m[1] or m[1] in HEROES
    ]
    frames: dict[int, dict[int, RGB]] = {}
    for args, pos in C.calls(src, body, "SetRGB32"):
        values = [C.number(a, src) for a in args[1:]] if len(args) == 5 else []
        at = pos - offset
        hero = [h for start, h in labels if start <= at]
        if not hero or len(values) != 4 or any(v is None for v in values):
            continue
        pen, r, g, b = (v or 0 for v in values)
        if pen in FRAME_PENS and all(0 <= c <= 0xFFFFFFFF for c in (r, g, b)):
            frames.setdefault(hero[-1], {})[pen] = (r >> 24, g >> 24, b >> 24)
    whole = {
        hero: tuple(shades[p] for p in FRAME_PENS)
        for hero, shades in frames.items()
        if set(shades) == set(FRAME_PENS)
    }
    if set(whole) != {-1, *range(len(HEROES))}:
        missing = [HEROES[h] if h >= 0 else "default" for h in [*range(6), -1] if h not in whole]
        english = f"{src.name}: border() lacks the frame of {', '.join(missing)}"
        said = ("MSG_ORIGINAL_NO_FRAMES", ", ".join(missing))
        original.problems.append(Notice(english, _file(src.name), said))
        return None
    original.found.append(f"{src.name}: the frame's shades for each hero, in border()")
    return whole
