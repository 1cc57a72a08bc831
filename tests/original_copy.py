"""A stand-in for the player's copy of Saga 1.95, made from our own art, for the tests.

Our map, counters and colours are written out in the original's C layout
(the arrays, the ``#define`` sizes, LoadRGB32 tables, ``darken()`` and
``border()``), as the reader must find them in the real files; none of the
original's files or data is used.  The map is our region map, lands and
seas in their pens, with a strip of the pens 1.95 converts.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from saga.art import NONE, load_map
from saga.art.kit import OwnArt
from saga.engine import tables as T
from saga.look import pens as P

WIDTH, HEIGHT, PLANES, ROW_WORDS = 623, 467, 7, 39
AT_X, AT_Y = 9, 12
# A strip along the top edge in the pens 1.95 converts (and one it keeps).
SPECIAL = (7, 10, 11, 98, 99, 100, 101, 102, 103, 110, 113, 120, 5)

HEADER = """// Sizes, as saga.h gives them (written for the tests)
#define MAPSIZE     127491 // 624 x 467 x 7 / 16
#define DEPTH            7
#define HEROES           ( 6 - 1)
#define JARLS            (18 - 1)
#define MONSTERS         (32 - 1)
#define SORDS            ( 6 - 1)
#define TREASURES        ( 8 - 1)
#define COUNTERIMAGES    (HEROES + 1 + JARLS + 2 + MONSTERS + 1 + SORDS + 1 + TREASURES + 2)
"""


def map_pens() -> np.ndarray:
    """The 467x623 picture written: each area in its pen, the special strip, black elsewhere."""
    _, regions, _ = load_map()
    window = (slice(AT_Y, AT_Y + HEIGHT), slice(AT_X, AT_X + WIDTH))
    pens = np.where(regions[window] != NONE, 32 + regions[window].astype(np.int32), 0)
    pens = pens.astype(np.uint8)
    for i, pen in enumerate(SPECIAL):
        pens[0:3, 100 + 4 * i : 104 + 4 * i] = pen
    return pens


def counter_bits() -> list[np.ndarray]:
    """Our 72 counters as one-plane pictures: set where ours is dark."""
    art = OwnArt()
    faces = [(T.HERO, n, False) for n in range(6)]
    faces += [(T.JARL, n, False) for n in range(18)] + [(T.JARL, 0, True)]
    faces += [(T.MONSTER, n, False) for n in range(32)]
    faces += [(T.SWORD, n, False) for n in range(6)]
    faces += [(T.TREASURE, n, False) for n in range(8)] + [(T.TREASURE, 0, True)]
    dark = {P.BLACK, P.DARK_GREY, P.DARK_RED}
    return [np.isin(art.counter(k, n, face_down=d).pixels, list(dark)) for k, n, d in faces]


def _words(values: list[int], per_line: int, indent: str = "  ") -> list[str]:
    return [
        indent + ",".join(f"0x{v:04X}" for v in values[i : i + per_line]) + ","
        for i in range(0, len(values), per_line)
    ]


def themap_c(pens: np.ndarray | None = None) -> str:
    pens = map_pens() if pens is None else pens
    padded = np.zeros((HEIGHT, ROW_WORDS * 16), np.uint8)
    padded[:, :WIDTH] = pens
    lines = ['#include "saga.h"', "", "EXPORT UWORD OriginalMapData[MAPSIZE] =", "{"]
    for plane in range(PLANES):
        bits = (padded >> plane) & 1
        words = np.packbits(bits, axis=1).view(">u2").reshape(-1).tolist()
        lines.append(f"  /* Plane {plane} */")
        lines += _words(words, ROW_WORDS)
    lines[-1] = lines[-1].rstrip(",")
    lines += ["};", "", "EXPORT void drawmap(void)", "{   /* not read */", "}"]
    return "\n".join(lines) + "\n"


def counters_h(pictures: list[np.ndarray] | None = None) -> str:
    pictures = counter_bits() if pictures is None else pictures
    lines = ["EXPORT UWORD OriginalCounterData[COUNTERIMAGES][48] = {"]
    for i, bits in enumerate(pictures):
        padded = np.zeros((24, 32), np.uint8)
        padded[:, :24] = bits
        words = np.packbits(padded, axis=1).view(">u2").reshape(-1).tolist()
        body = _words(words, 2)
        body[0] = "{ " + body[0].strip() + f" // picture {i}"
        lines += [*body, "},"]
    lines[-1] = "} };"
    return "\n".join(lines) + "\n"


def _rgb32(colour: tuple[int, int, int]) -> str:
    return ", ".join(f"0x{c * 0x01010101:08X}" for c in colour)


def _load_rgb32(name: str, first: int, colours: list[tuple[int, int, int]]) -> list[str]:
    lines = [f"MODULE ULONG {name}[] = {{({len(colours)} << 16) + {first},"]
    lines += [f"    {_rgb32(c)}, // {first + i}" for i, c in enumerate(colours)]
    return [*lines, "    0};"]


TAX_COLOURS = [(t // 2, 4 + t, 2) for t in range(11)]  # ours, 4 bits a channel
KINGDOM_COLOURS = [(15, 8, 2), (14, 2, 2), (15, 14, 2), (2, 13, 13), (5, 6, 14), (13, 3, 13)]
ICE_COLOUR = (13, 13, 14)


def palette() -> dict[int, tuple[int, int, int]]:
    """The colours written: ours for 0..12 and 20..27, greys for 85..113."""
    colours = {pen: P.fixed_colours()[pen] for pen in range(13)}
    colours.update({20 + i: (40 + 20 * i, 200 - 10 * i, 90) for i in range(8)})
    colours.update({85 + i: (i * 8, i * 8, 255 - i * 8) for i in range(29)})
    return colours


def frames() -> dict[int, list[tuple[int, int, int]]]:
    return {hero: OwnArt().frame(None if hero < 0 else hero) for hero in range(-1, 6)}


def system_c() -> str:
    colours = palette()
    lines = ["// Colours, written for the tests in the layout of system.c", ""]
    lines += _load_rgb32("table1", 0, [colours[p] for p in range(13)])
    lines += _load_rgb32("table2", 20, [colours[p] for p in range(20, 28)])
    lines += _load_rgb32("table3", 85, [colours[p] for p in range(85, 114)])
    lines.append("MODULE struct\n{   ULONG red, green, blue;\n} taxcolours[10 + 1] =\n{")
    lines += [f"    {{ {r}, {g}, {b} }}, // tax {t}" for t, (r, g, b) in enumerate(TAX_COLOURS)]
    lines.append("};")
    lines.append("MODULE struct\n{   ULONG red, green, blue;\n} herocolour[HEROES + 1] =\n{")
    lines += [f"  {{ {r}, {g}, {b} }}," for r, g, b in KINGDOM_COLOURS]
    lines.append("};")
    r, g, b = ICE_COLOUR
    lines.append(
        "EXPORT void darken(void)\n{   SLONG whichcountry;\n"
        "    if (world[whichcountry].is)\n"
        f"    {{   SetRGB4(&ScreenPtr->ViewPort, remapit[colour], {r}, {g}, {b});\n"
        "    } elif (world[whichcountry].hero != -1)\n"
        "    {   SetRGB4(&ScreenPtr->ViewPort, remapit[colour], herocolour[h].red, "
        "herocolour[h].green, herocolour[h].blue);\n    }\n}"
    )
    names = ("BEOWULF", "BRUNHILD", "EGIL", "RAGNAR", "SIEGFRIED", "STARKAD")
    lines.append("EXPORT void border(SLONG whichhero)\n{   switch (whichhero)\n    {")
    for hero, shades in frames().items():
        lines.append(
            "    adefault:" if hero < 0 else f"    {'a' if hero else ''}case {names[hero]}:"
        )
        for pen, shade in zip(range(110, 114), shades, strict=True):
            lines.append(f"        SetRGB32(&ScreenPtr->ViewPort, {pen}, {_rgb32(shade)});")
    lines.append("}   }")
    return "\n".join(lines) + "\n"


def files() -> dict[str, bytes]:
    """The four files, as the archive's ``Saga/source`` holds them."""
    return {
        "saga.h": HEADER.encode(),
        "themap.c": themap_c().encode(),
        "counters.h": counters_h().encode(),
        "system.c": system_c().encode(),
    }


def write(folder: Path, made: dict[str, bytes] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in (made or files()).items():
        (folder / name).write_bytes(data)
    return folder
