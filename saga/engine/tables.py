"""The fixed tables of Saga: the map, the counters and their numbers.

These are the facts of the board game as the Amiga conversion encoded them.
Index order matters everywhere: the engine scans these tables in order and
draws random numbers as it goes, so reordering a table changes every game.
Names that a catalog translates are given as message names (``MSG_...``);
proper nouns are given as they are.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Kind(IntEnum):
    """Counter kinds, numbered as the original's ``countertype`` (and so in save files)."""

    HERO = 0
    JARL = 1
    MONSTER = 2
    TREASURE = 3
    SWORD = 4
    KINGDOM = 5  # an area, as a counter to attack or an item's holder when it lies loose


class Control(IntEnum):
    """Who controls a hero, numbered as in the original's save and settings files."""

    NONE = 0  # not in play
    HUMAN = 1
    AMIGA = 2


# The rules name them without the class, as the original's defines do.
HERO, JARL, MONSTER, TREASURE, SWORD, KINGDOM = (
    Kind.HERO,
    Kind.JARL,
    Kind.MONSTER,
    Kind.TREASURE,
    Kind.SWORD,
    Kind.KINGDOM,
)
NONE, HUMAN, AMIGA = Control.NONE, Control.HUMAN, Control.AMIGA

# Area kinds.
LAND, SEA, ISLE, PENINSULA = range(4)

# Sea travel for the coming move: normal, Njord's free passage, or barred.
SEA_NORMAL, SEA_GOOD, SEA_BAD = range(3)

# Jarl counters lie face up or face down.
FACE_UP, FACE_DOWN = range(2)

# Monster species.
DRAGON, DROW, GIANT, GHOST, TROLL, WITCH, HYDRA, SERPENT, KRAKEN = range(9)

# Swords.
BALMUNG, DRAGVENDILL, GRAM, HRUNTING, LOVI, TYRFING = range(6)

# Treasures: the first four are basic, the rest come with advanced mode.
BROSUNG_NECKLACE, FREY_FAXI, MAGIC_SHIRT, MAIL_COAT = range(4)
HEALING_POTION, INVISIBILITY_RING, MAGIC_CROWN, TELEPORT_SCROLL = range(4, 8)

# Runes, in the order of the rulebook's die roll.
AMSIR, EON, GEOFU, ING, OGAL, SYGIL = range(6)

# Gods, in the order of the rulebook's die roll.
FREY, LOKI, NJORD, ODIN, THOR, TYR = range(6)

# Spells, numbered by the die roll that casts them.
HAGALL, IS, JARA, NIED, WYNN, YR = range(1, 7)

HERO_STRENGTH = 5
HERO_MOVES = 4
START_LUCK = 3
MAX_TURNS = 99  # the score table has a slot for each turn up to this
DEFAULT_TURNS = 20  # a game's length unless the title screen or the command line sets one
VALHALLA = 15  # the final score that earns a hero a place in Valhalla
FREY_FAXI_RIDES = 3
MAX_JARLS_PER_HERO = 4
LAND_AREAS = 36  # areas 0..35 are lands; 36..65 are seas
AREAS = 66

# How many monsters and treasures each mode puts in play.
BASIC_MONSTERS, ADVANCED_MONSTERS = 27, 32
BASIC_TREASURES, ADVANCED_TREASURES = 4, 8

HERO_NAMES = ("Beowulf", "Brunhild", "Egil", "Ragnar", "Siegfried", "Starkad")


class Area(NamedTuple):
    """One region of the map: where its counters stack, its tax and its neighbours."""

    x: int
    y: int
    tax: int
    kind: int
    name: str  # a proper noun, or the message name of a sea's name
    links: tuple[int, ...]


def _area(x: int, y: int, tax: int, kind: int, name: str, *links: int) -> Area:
    return Area(x, y, tax, kind, name, links)


_ATL, _IRI, _ENG, _NOR, _BAL = (
    "MSG_ATLANTIC_OCEAN",
    "MSG_IRISH_SEA",
    "MSG_ENGLISH_CHANNEL",
    "MSG_NORTH_SEA",
    "MSG_BALTIC_SEA",
)

# Centres are in screen pixels of the original 640x512 map screen.  The
# links of each area are listed in the original's order, which the Amiga's
# movement and rout choices depend on.
AREA_TABLE: tuple[Area, ...] = (
    _area(590, 50, 3, LAND, "Finmark", 1),
    _area(584, 115, 3, LAND, "Trondheim", 0, 2, 3, 60),
    _area(489, 113, 6, LAND, "Mordaland", 1, 3, 4, 55, 59, 60),
    _area(573, 184, 2, LAND, "Upland", 1, 2, 4, 5, 6),
    _area(451, 187, 5, LAND, "Agdar", 2, 3, 5, 48, 49, 54, 55),
    _area(514, 212, 3, LAND, "Romeirt", 3, 4, 6, 7, 47, 48),
    _area(569, 244, 7, LAND, "Jamtland", 3, 5, 7, 8, 65),
    _area(512, 273, 6, LAND, "Vester Gotland", 5, 6, 8, 9, 47),
    _area(549, 316, 7, LAND, "Oster Gotland", 6, 7, 9, 63, 65),
    _area(502, 334, 4, LAND, "Suder Gotland", 7, 8, 11, 47, 63),
    _area(420, 298, 6, LAND, "Juteland", 11, 14, 46, 47, 48, 49),
    _area(441, 355, 3, ISLE, "Scandia", 9, 10, 12, 13, 14, 47, 63),
    _area(522, 453, 4, LAND, "Pomerania", 11, 13, 63, 64),
    _area(393, 432, 6, LAND, "Saxony", 11, 12, 14, 15, 16, 46),
    _area(392, 383, 7, LAND, "Anglia", 10, 11, 13, 46),
    _area(305, 394, 7, LAND, "Fenland", 13, 16, 17, 44, 45, 46),
    _area(305, 445, 10, LAND, "Rhineland", 13, 15, 17),
    _area(242, 439, 9, LAND, "Frisia", 15, 16, 18, 44),
    _area(175, 449, 3, LAND, "Frankland", 17, 19, 43, 44),
    _area(97, 450, 10, LAND, "Armorica", 18, 42, 43),
    _area(75, 329, 2, LAND, "Cornwall", 21, 42, 43),
    _area(109, 344, 10, LAND, "Wessex", 20, 22, 23, 24, 25, 42, 43),
    _area(153, 365, 9, LAND, "Sussex", 21, 23, 24, 43, 44),
    _area(190, 340, 6, LAND, "East Anglia", 22, 24, 44, 45),
    _area(148, 324, 3, LAND, "Mercia", 21, 22, 23, 25, 26, 27, 45, 51),
    _area(108, 298, 3, LAND, "Daffyd", 21, 24, 26, 41, 42),
    _area(145, 279, 2, LAND, "Gwynedd", 24, 25, 27, 41),
    _area(186, 228, 8, LAND, "Northumberland", 24, 26, 28, 41, 51, 52),
    _area(178, 168, 3, LAND, "Dalriada", 27, 29, 30, 40, 41, 52),
    _area(222, 141, 5, LAND, "Caledonia", 28, 30, 52, 57),
    _area(230, 96, 2, PENINSULA, "Pictland", 28, 29, 31, 40, 57, 58, 61, 62),
    _area(167, 77, 3, ISLE, "Hebrides", 30, 36, 39, 40, 62),
    _area(62, 51, 3, LAND, "Thule", 36, 37),
    _area(54, 173, 5, LAND, "Connacht", 34, 35, 38, 39),
    _area(109, 173, 4, LAND, "Ulster", 33, 35, 39, 40, 41),
    _area(60, 214, 6, LAND, "Leinster", 33, 34, 41),
    _area(134, 43, 0, SEA, _ATL, 31, 32, 37, 39),
    _area(52, 105, 0, SEA, _ATL, 32, 36, 38, 39),
    _area(53, 141, 0, SEA, _ATL, 33, 37, 39),
    _area(82, 129, 0, SEA, _ATL, 31, 33, 34, 36, 37, 38, 40),
    _area(137, 176, 0, SEA, _IRI, 28, 30, 31, 34, 39, 41),
    _area(116, 236, 0, SEA, _IRI, 25, 26, 27, 28, 34, 35, 40, 42),
    _area(57, 303, 0, SEA, _IRI, 19, 20, 21, 25, 41, 43),
    _area(127, 400, 0, SEA, _ENG, 18, 19, 20, 21, 22, 42, 44),
    _area(217, 381, 0, SEA, _ENG, 15, 17, 18, 22, 23, 43, 45),
    _area(261, 339, 0, SEA, _NOR, 15, 23, 24, 44, 46, 50, 51),
    _area(343, 345, 0, SEA, _NOR, 10, 13, 14, 15, 45, 49, 50),
    _area(467, 293, 0, SEA, "Kategatt", 5, 7, 9, 10, 11, 48),
    _area(445, 240, 0, SEA, "Skagerrak", 4, 5, 10, 47, 49),
    _area(376, 281, 0, SEA, _NOR, 4, 10, 48, 46, 50, 54),
    _area(311, 279, 0, SEA, _NOR, 45, 46, 49, 51, 53, 54),
    _area(240, 269, 0, SEA, _NOR, 24, 27, 45, 50, 52, 53),
    _area(248, 204, 0, SEA, _NOR, 27, 28, 29, 51, 53, 56, 57),
    _area(324, 207, 0, SEA, _NOR, 50, 51, 52, 54, 55, 56),
    _area(379, 197, 0, SEA, _NOR, 4, 49, 50, 53, 55),
    _area(386, 135, 0, SEA, _NOR, 2, 4, 53, 54, 56, 58, 59),
    _area(318, 145, 0, SEA, _NOR, 52, 53, 55, 57, 58),
    _area(267, 144, 0, SEA, _NOR, 29, 30, 52, 56, 58),
    _area(338, 101, 0, SEA, _NOR, 30, 55, 56, 57, 59, 60, 61),
    _area(427, 84, 0, SEA, _NOR, 2, 55, 58, 60),
    _area(456, 38, 0, SEA, _NOR, 1, 2, 58, 59, 61),
    _area(341, 58, 0, SEA, _NOR, 30, 58, 60, 62),
    _area(257, 55, 0, SEA, _NOR, 30, 31, 61),
    _area(509, 396, 0, SEA, _BAL, 8, 9, 11, 12, 64, 65),
    _area(587, 415, 0, SEA, _BAL, 12, 63, 65),
    _area(587, 356, 0, SEA, _BAL, 6, 8, 63, 64),
)

# Every area has eight link slots; the Amiga's choices index them directly
# and treat an empty slot as "no area" (-1).
LINK_SLOTS = 8
LINKS: tuple[tuple[int, ...], ...] = tuple(
    a.links + (-1,) * (LINK_SLOTS - len(a.links)) for a in AREA_TABLE
)


class JarlSpec(NamedTuple):
    strength: int
    moves: int
    name: str


JARL_TABLE: tuple[JarlSpec, ...] = tuple(
    JarlSpec(s, m, n)
    for s, m, n in (
        (2, 3, "Amleth"),
        (3, 3, "Bjarki"),
        (3, 3, "Erik"),
        (2, 2, "Eyjolf"),
        (3, 2, "Gretter"),
        (2, 2, "Hagen"),
        (2, 3, "Harald"),
        (2, 3, "Helgi"),
        (2, 2, "Hengist"),
        (2, 2, "Horsi"),
        (4, 2, "Hrolfwulf"),
        (4, 2, "Ivar"),
        (4, 3, "Kari"),
        (2, 3, "Skallagrim"),
        (3, 3, "Thorolf"),
        (2, 3, "Thorvald"),
        (3, 3, "Welland"),
        (3, 3, "Wiglar"),
    )
)


class MonsterSpec(NamedTuple):
    species: int
    strength: int
    moves: int
    name: str
    glory: int  # won for a kill; half of it for a wound
    luck: int


MONSTER_TABLE: tuple[MonsterSpec, ...] = tuple(
    MonsterSpec(*row)
    for row in (
        (DRAGON, 10, 1, "Aludreng", 6, 5),
        (DRAGON, 11, 2, "Fafnir", 6, 5),
        (DRAGON, 10, 2, "Glerion", 6, 5),
        (DRAGON, 10, 2, "Hallbjorn", 6, 5),
        (DRAGON, 9, 3, "Istvan", 6, 5),
        (DRAGON, 11, 2, "Stigandi", 6, 5),
        (DROW, 2, 2, "Atli", 3, 2),
        (DROW, 3, 1, "Gizur", 3, 2),
        (DROW, 3, 1, "Hallgerd", 3, 2),
        (GHOST, 4, 2, "Gizar", 2, 2),
        (GHOST, 4, 1, "Glam", 2, 2),
        (GHOST, 4, 0, "Gunnar", 2, 2),
        (GHOST, 4, 0, "Hrap", 2, 2),
        (GHOST, 4, 1, "Mord", 2, 2),
        (GHOST, 4, 1, "Trogrier", 2, 2),
        (GIANT, 7, 0, "Angantyr", 4, 3),
        (GIANT, 6, 1, "Hall", 4, 3),
        (GIANT, 8, 1, "Storvick", 4, 3),
        (TROLL, 6, 2, "Grendall", 3, 3),
        (TROLL, 5, 2, "Hallbjorn", 3, 3),
        (TROLL, 5, 1, "Hauk", 3, 3),
        (TROLL, 6, 1, "Hogshead", 3, 3),
        (TROLL, 5, 3, "Onund", 3, 3),
        (TROLL, 5, 2, "Svinafell", 3, 3),
        (WITCH, 3, 4, "Gerdrak", 5, 4),
        (WITCH, 3, 5, "Grunhild", 5, 4),
        (WITCH, 4, 4, "Hedin", 5, 4),
        (HYDRA, 12, 1, "Anschar", 7, 5),
        (HYDRA, 13, 1, "Hardrada", 7, 5),
        (SERPENT, 12, 2, "Olaf", 7, 5),
        (SERPENT, 13, 1, "Petro", 7, 5),
        (KRAKEN, 14, 4, "Irving", 8, 5),
    )
)

SPECIES_NAMES = (
    "MSG_DRAGON",
    "MSG_DROW",
    "MSG_GIANT",
    "MSG_GHOST",
    "MSG_TROLL",
    "MSG_WITCH",
    "MSG_HYDRA",
    "MSG_SEA_SERPENT",
    "MSG_KRAKEN",
)

# The sword names carry their bonus, as the counters do.
SWORD_NAMES = (
    "Balmung (+1)",
    "Dragvendill (+2)",
    "Gram (+2)",
    "Hrunting (+1)",
    "Lovi (+1)",
    "Tyrfing (+2)",
)
SWORD_BONUS = (1, 2, 2, 1, 1, 2)
OGAL_BONUS = 1  # the Ogal rune's part in its hero's battles
# What magic armour adds to its wearer's defence (unless Balmung is against it).
ARMOUR_BONUS = ((MAGIC_SHIRT, 1), (MAIL_COAT, 2))

# Frey Faxi is a name; the other treasures are described, so they translate.
TREASURE_NAMES = (
    "MSG_BROSUNG_NECKLACE",
    "Frey Faxi",
    "MSG_MAGIC_SHIRT",
    "MSG_MAIL_COAT",
    "MSG_HEALING_POTION",
    "MSG_INVISIBILITY_RING",
    "MSG_MAGIC_CROWN",
    "MSG_TELEPORT_SCROLL",
)

RUNE_NAMES = ("Amsir", "Eon", "Geofu", "Ing", "Ogal", "Sygil")
RUNE_DESCRIPTIONS = (
    "MSG_RUNE_OF_THE_GODS",
    "MSG_RUNE_OF_TIME",
    "MSG_RUNE_OF_GIFTS",
    "MSG_RUNE_OF_HEALING",
    "MSG_RUNE_OF_FURY",
    "MSG_RUNE_OF_THE_SUN",
)
GOD_NAMES = ("Frey", "Loki", "Njord", "Odin", "Thor", "Tyr")
SPELL_NAMES = {HAGALL: "Hagall", IS: "Is", JARA: "Jara", NIED: "Nied", WYNN: "Wynn", YR: "Yr"}


def combat_result(score: int) -> int:
    """Map attack minus defence plus the die onto the results table.

    The Amiga version extends the table without limit in both directions, so
    everything at or below 2 kills the attackers and everything at or above
    8 kills the defenders.
    """
    return min(max(score, 2), 8)


# The results table, by the clamped score above.
ATTACKERS_KILLED, ATTACKERS_WOUNDED, ATTACKERS_FLEE, NO_RESULT = 2, 3, 4, 5
DEFENDERS_FLEE, DEFENDERS_WOUNDED, DEFENDERS_KILLED = 6, 7, 8

# What each result is called (the combat message and the rulebook's table).
RESULT_NAMES = {
    ATTACKERS_KILLED: "MSG_ATTACKERS_KILLED",
    ATTACKERS_WOUNDED: "MSG_ATTACKERS_WOUNDED",
    ATTACKERS_FLEE: "MSG_ATTACKERS_FLEE",
    NO_RESULT: "MSG_NO_RESULT",
    DEFENDERS_FLEE: "MSG_DEFENDERS_FLEE",
    DEFENDERS_WOUNDED: "MSG_DEFENDERS_WOUNDED",
    DEFENDERS_KILLED: "MSG_DEFENDERS_KILLED",
}
