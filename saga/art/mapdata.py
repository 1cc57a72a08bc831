"""Hand-made data that shapes our map of the northern world.

The map is computed from the area centres and links of the game tables (see
:mod:`saga.art.borders`); what is here shapes it: the coastlines, drawn by
hand, and the few points where the computed borders would crowd a counter
stack or look wrong.  Coordinates are screen pixels.  After changing
anything, run ``python -m saga.art.build`` and look at its ``--preview``.
"""

from __future__ import annotations

from typing import NamedTuple

# The map's frame, inclusive: below the title bar, above the message area.
FRAME = (0, 11, 623, 477)

# Links that the map shows only as a corner: four areas meet at one point.
CORNERS: tuple[tuple[int, int], ...] = ((21, 23),)

# Links that would cross another link if drawn straight, with the points
# they bend through (from the lower-numbered area).  Only their direction
# matters: it says on which side of each area the link leaves.
LINK_BENDS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    (42, 43): ((75, 365),),
}

# The compass rose's top left corner: it parts the Atlantic from the North
# Sea above the Hebrides, which the game does not link.
ROSE_AT = (183, 11)

# Where the borders of a face meet, where the computed point will not do.
JUNCTIONS: dict[tuple[int, int, int], tuple[int, int]] = {
    # Wessex, Sussex, East Anglia and Mercia meet at one point.
    (21, 22, 24): (150, 342),
    (22, 23, 24): (150, 342),
    (20, 42, 43): (54, 341),  # Land's End
    (20, 21, 42): (90, 309),
    (20, 21, 43): (92, 356),
    (37, 38, 39): (68, 121),
    (21, 25, 42): (94, 306),
    (30, 58, 61): (306, 70),
    (30, 61, 62): (276, 64),
    (24, 45, 51): (212, 294),
    # The mouths of the straits.
    (30, 31, 40): (196, 99),
    (30, 31, 62): (205, 62),
}
# Where a border crosses the line between its two areas, where the middle
# of their counter stacks will not do.
GATES: dict[tuple[int, int], tuple[int, int]] = {
    (21, 24): (131, 336),
    (21, 22): (134, 348),
    (23, 24): (168, 337),
    (22, 23): (166, 349),
    (39, 40): (128, 115),
    (42, 43): (62, 380),
}

# Borders drawn ruler-straight: the four that meet at a corner must reach it
# as a clean cross.
STRAIGHT: tuple[tuple[int, int], ...] = ((21, 22), (21, 24), (22, 23), (23, 24))

# Further points a border passes through, besides its gate.
WAYPOINTS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    (21, 24): ((146, 338),),
    (21, 22): ((146, 346),),
    (23, 24): ((154, 338),),
    (22, 23): ((154, 346),),
    (13, 14): ((376, 397), (404, 397)),
    (24, 26): ((160, 292),),
}

# Where the border between two areas along the frame meets it, by the outer
# face's direction (u, v): Trondheim reaches the top edge west of Finmark,
# which the game links to nothing else.
FRAME_POINTS: dict[tuple[int, int], tuple[int, int]] = {
    (0, 1): (545, 11),
    (1, 0): (623, 85),
    # The Hebrides reach up under the compass rose.
    (62, 31): (204, 33),
    (31, 36): (188, 33),
}

# The colour of a land by its tax, between these anchors.
TAX_RAMP: dict[int, tuple[int, int, int]] = {
    2: (210, 200, 150),
    4: (186, 198, 122),
    6: (150, 188, 100),
    8: (114, 170, 82),
    10: (84, 150, 66),
}
# Lightness shifts told apart by neighbouring lands.
LIGHTNESS_SHIFTS = (0, 10, -10, 5, -5)

SEA_COLOURS: dict[str, tuple[int, int, int]] = {
    "MSG_ATLANTIC_OCEAN": (62, 104, 172),
    "MSG_IRISH_SEA": (72, 120, 190),
    "MSG_ENGLISH_CHANNEL": (74, 124, 192),
    "MSG_NORTH_SEA": (70, 118, 188),
    "MSG_BALTIC_SEA": (78, 126, 182),
    "Kategatt": (76, 126, 190),
    "Skagerrak": (72, 120, 188),
}
DEEP_SEAS = (50, 53, 56)
DEEP_SEA_COLOUR = (62, 108, 180)

# The look of each land, and how many little pictures it gets at most.
TERRAIN: dict[int, tuple[str, int]] = {
    0: ("mountains", 8),
    1: ("mountains", 8),
    2: ("mountains", 8),
    3: ("pines", 10),
    4: ("mountains", 7),
    5: ("mountains", 4),
    6: ("pines", 8),
    7: ("forest", 5),
    8: ("forest", 5),
    9: ("plain", 3),
    10: ("plain", 3),
    11: ("plain", 3),
    12: ("forest", 6),
    13: ("forest", 6),
    14: ("plain", 2),
    15: ("marsh", 4),
    16: ("hills", 4),
    17: ("marsh", 4),
    18: ("forest", 5),
    19: ("hills", 5),
    20: ("hills", 2),
    21: ("plain", 3),
    22: ("forest", 3),
    23: ("marsh", 3),
    24: ("forest", 3),
    25: ("mountains", 3),
    26: ("mountains", 3),
    27: ("hills", 4),
    28: ("mountains", 4),
    29: ("mountains", 4),
    30: ("mountains", 5),
    31: ("hills", 2),
    32: ("mountains", 5),
    33: ("hills", 3),
    34: ("hills", 3),
    35: ("plain", 3),
}

TERRAIN_SEED = 1980
WAVE_SEED = 2002
WAVE_SPACING = 30


def _points(text: str) -> tuple[tuple[int, int], ...]:
    """Points written as "x,y x,y ..." across lines, the way they were drawn."""
    return tuple((int(x), int(y)) for x, y in (word.split(",") for word in text.split()))


class Coastline(NamedTuple):
    """The shore of one land mass, drawn by hand: open ones run from the
    frame to the frame, closed ones go round an island.  Coasts follow it
    between the points where borders and dividing lines reach the shore."""

    lands: tuple[int, ...]
    closed: bool
    points: tuple[tuple[int, int], ...]


COASTLINES: dict[str, Coastline] = {
    "Britain": Coastline(
        tuple(range(20, 31)),
        True,
        _points(
            """
            203,66 214,60 228,57 240,62 246,70 258,72 270,67
            282,62 296,63 306,70 300,79 288,84
            276,90 266,96 256,104
            250,112 246,124 252,132 248,144 244,154
            240,163 234,170
            232,180 230,192 228,204 230,214
            226,224 224,236 218,248 222,258 216,266
            214,278 212,290 210,300
            216,308 224,316 226,328 220,340 208,346
            198,352 188,358 178,366 168,376
            158,381 146,380 138,370
            128,364 118,362 108,360 98,358
            88,354 76,350 64,348 54,341
            57,328 64,316 74,308 84,306 90,309
            94,306 90,298 86,288 90,278
            98,272 104,262 112,256 122,254
            128,248 126,240 134,236 144,236
            150,230 154,218 150,208 154,198
            152,190 156,180 152,170 156,160 162,150
            164,138 170,126 178,116 186,106 194,98
            198,86 200,76
            """
        ),
    ),
    "Hebrides": Coastline(
        (31,),
        True,
        _points(
            """
            188,33 196,36 204,33
            206,44 206,52 202,64 199,78 194,92
            186,100 174,101 162,98 152,92 146,82 148,70
            150,56 156,46 166,42 178,38
            """
        ),
    ),
    "Thule": Coastline(
        (32,),
        False,
        _points(
            """
            104,11 100,22 94,34 90,46 84,58 74,66 60,68
            46,66 30,70 14,68 0,70
            """
        ),
    ),
    "Ireland": Coastline(
        (33, 34, 35),
        False,
        _points(
            """
            0,150 14,154 28,151 42,155 56,153 66,148
            76,150 86,146 94,138 104,134 114,136
            122,142 124,154 122,166 124,178 120,190
            110,196 100,198 90,202
            84,212 80,224 76,232 64,236 50,238 36,236 20,240
            0,238
            """
        ),
    ),
    "Scandinavia": Coastline(
        tuple(range(0, 10)),
        False,
        _points(
            """
            506,11 502,22 496,32 488,42 480,50
            470,56 462,66 454,74 448,86 444,98
            440,108 436,120 432,132 426,142
            420,152 416,164 414,178 416,192 420,204
            428,208 438,206 450,204 464,204 474,206
            482,214 486,226 490,238 488,250
            486,262 488,274 486,286 484,296
            482,306 480,320 478,334 480,346
            490,352 502,354 514,352 526,348
            536,344 546,340 556,334 566,328 572,316
            576,304 584,296 596,292 610,294 623,292
            """
        ),
    ),
    "Scandia": Coastline(
        (11,),
        True,
        _points(
            """
            424,318 434,312 446,310 458,314 468,320
            474,332 474,346 472,360 478,372 476,386
            466,394 452,398 438,396 424,390
            416,378 414,362 414,346 416,330
            """
        ),
    ),
    "Continent": Coastline(
        (10, 12, 13, 14, 15, 16, 17, 18, 19),
        False,
        _points(
            """
            0,418 14,414 28,416 42,412 56,414 68,410
            80,412 94,410 106,412 118,416 130,414
            142,410 156,408 168,404 182,404 194,400
            206,398 218,396 230,392 242,388
            252,382 262,374 272,366 282,360 292,356
            304,354 316,356 326,360 336,366
            346,374 356,378 366,376 372,366
            374,354 376,342 378,330
            384,318 390,306 394,294 398,280 402,268 408,260
            418,256 428,258 436,264
            438,276 436,290 434,304
            430,314 420,320 412,326
            410,340 410,360 412,380 420,396 440,404 460,406
            480,406 490,408
            500,410 512,412 526,412 540,408
            552,410 558,424 562,440 564,456 565,477
            """
        ),
    ),
}
