"""The information window: what Help (or Shift+click) tells about one thing.

Heroes, jarls and monsters get a column of labelled figures; a hero or a
jarl also a second column of what it commands and carries, with small
counters of its sword, treasures and jarls.  Lands and seas list everything
in them; a treasure or a sword says where it is and what it does.  The
fields, and how the labels are put together, follow the Amiga original.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from saga.art import COUNTER_SIZE
from saga.engine import tables as T
from saga.look.text import Lookup
from saga.look.view import GameView, ItemView, PieceView, SideView
from saga.screen import pens as P
from saga.screen.board import Thing
from saga.screen.panel import LINE_HEIGHT, Panel, text_width
from saga.screen.ui import Ui

MARGIN = 8
VALUE_COLUMN = 23  # characters: labels are padded to this width, as the original's
SLOT = COUNTER_SIZE + 4  # a small counter and its gap

_KINDS = {T.LAND: "MSG_LAND", T.SEA: "MSG_SEA", T.ISLE: "MSG_ISLAND", T.PENINSULA: "MSG_PENINSULA"}
_SEA = {T.SEA_NORMAL: "MSG_YES", T.SEA_BAD: "MSG_NO", T.SEA_GOOD: "MSG_SEA_AIDED"}
_LASTING_GODS = (T.ODIN, T.THOR, T.TYR)  # the gods whose favour lasts; others pass

# What each treasure and sword does: the catalog's lines for it.
TREASURE_DOCS = (
    ("MSG_NECKLACE", 7),
    ("MSG_FAXI", 3),
    ("MSG_SHIRT", 3),
    ("MSG_COAT", 3),
    ("MSG_POTION", 3),
    ("MSG_RING", 3),
    ("MSG_CROWN", 3),
    ("MSG_SCROLL", 3),
)
SWORD_DOCS = (("MSG_BALMUNG", 5), None, None, ("MSG_HRUNTING", 3), ("MSG_LOVI", 3), None)


@dataclass
class Sheet:
    """A window's content before it is laid out."""

    rows: list[tuple[str, str]]  # labelled figures, the left column
    right: list[str] = field(default_factory=list)  # the second column
    sword: int | None = None  # small counters: the sword, treasures, jarls
    treasures: list[int] = field(default_factory=list)
    jarls: list[tuple[int, int]] = field(default_factory=list)  # (jarl, hero)
    notes: list[str] = field(default_factory=list)  # plain lines under the rows


def doc_lines(t: Lookup, doc: tuple[str, int] | None) -> list[str]:
    if doc is None:
        return [t("MSG_NO_POWERS")]
    prefix, count = doc
    return [t(f"{prefix}_{n}") for n in range(1, count + 1)]


def _yes(t: Lookup, flag: bool) -> str:
    return t("MSG_YES" if flag else "MSG_NO")


def _place(v: GameView, area: int) -> str:
    return f"{v.area_name(area)} ({v.tax(area)})"


def _flags(t: Lookup, c: SideView) -> list[tuple[str, str]]:
    """The spell and movement flags of a hero or jarl, labelled as the original."""
    return [
        (f"Jara ({t('MSG_LOSE_TURN')})?", _yes(t, c.loseturn)),
        *_hagall_and_sea(t, c),
        (f"{t('MSG_ROUTED')}?", _yes(t, c.routed)),
    ]


def _hagall_and_sea(t: Lookup, c: PieceView) -> list[tuple[str, str]]:
    return [
        (f"Hagall ({t('MSG_HAIL')})?", _yes(t, c.hagall)),
        (f"{t('MSG_MOVE_BY_SEA')}?", t(_SEA[c.sea])),
    ]


def _strength(v: GameView, kind: T.Kind, number: int) -> str:
    printed, _ = v.printed(kind, number)
    return f"{printed} ({v.attack(kind, number)}/{v.defence(kind, number)})"


def _moves(v: GameView, kind: T.Kind, number: int) -> str:
    _, printed = v.printed(kind, number)
    return f"{printed} ({v.usual_moves(kind, number)})"


def _sword_of(v: GameView, kind: T.Kind, number: int) -> int | None:
    return next((s for s, item in enumerate(v.swords) if item.held_by(kind, number)), None)


def _treasures_of(v: GameView, kind: T.Kind, number: int) -> list[int]:
    return [i for i, item in enumerate(v.treasures) if item.held_by(kind, number)]


def _treasure_list(v: GameView, t: Lookup, held: list[int], *, singular: bool) -> list[str]:
    lines = []
    for number in held:
        line = " " + v.item_name(T.TREASURE, number)
        if number == T.FREY_FAXI:
            word = "MSG_RIDE" if singular and v.faxirides == 1 else "MSG_RIDES_LEFT"
            line += f" ({v.faxirides} {t(word)})"
        lines.append(line)
    return lines or [" " + t("MSG_NONE")]


def hero_sheet(v: GameView, t: Lookup, hero: int) -> Sheet:
    h = v.heroes[hero]
    sword = _sword_of(v, T.HERO, hero)
    treasures = _treasures_of(v, T.HERO, hero)
    jarls = [j.index for j in v.jarls if j.alive and j.hero == hero]
    rows = [
        (t("MSG_HERO_NAME") + ":", h.name),
        (t("MSG_CONTROL") + ":", t("MSG_HUMAN") if h.control == T.HUMAN else "Amiga"),
        (t("MSG_COMBAT_STRENGTH") + ":", _strength(v, T.HERO, hero)),
        (t("MSG_MOVEMENT_FACTOR") + ":", _moves(v, T.HERO, hero)),
        (t("MSG_GLORY") + ":", str(h.glory)),
        (t("MSG_LUCK") + ":", str(h.luck)),
        (t("MSG_WEALTH") + ":", str(h.wealth)),
        (t("MSG_LOCATION") + ":", _place(v, h.where)),
        (t("MSG_HOMELAND") + ":", _place(v, h.homewhere)),
        (t("MSG_MAIDENS") + ":", str(h.maidens)),
        (t("MSG_RUNE") + ":", T.RUNE_NAMES[h.rune] if h.rune >= 0 else t("MSG_NONE")),
        (t("MSG_SWORD") + ":", T.SWORD_NAMES[sword] if sword is not None else t("MSG_NONE")),
        (t("MSG_STATUS") + ":", t("MSG_WOUNDED" if h.wounded else "MSG_HEALTHY")),
        (t("MSG_GOD") + ":", T.GOD_NAMES[h.god] if h.god in _LASTING_GODS else t("MSG_NONE")),
        *_flags(t, h),
    ]
    jarl_lines = []
    for j in jarls:
        strength, moves = v.printed(T.JARL, j)
        jarl_lines.append(f" {v.jarls[j].name} ({strength}-{moves})")
    kingdoms = [f" {_place(v, a)}" for a in range(T.LAND_AREAS) if v.kings[a] == hero]
    right = [
        t("MSG_RECRUITED_JARLS") + ":",
        *(jarl_lines or [" " + t("MSG_NONE")]),
        "",
        t("MSG_CONQUERED_KINGDOMS") + ":",
        *(kingdoms or [" " + t("MSG_NONE")]),
        "",
        t("MSG_MAGIC_TREASURES") + ":",
        *_treasure_list(v, t, treasures, singular=True),
    ]
    return Sheet(rows, right, sword, treasures, [(j, hero) for j in jarls])


def jarl_sheet(v: GameView, t: Lookup, jarl: int) -> Sheet:
    j = v.jarls[jarl]
    up = j.face == T.FACE_UP
    unknown = t("MSG_UNKNOWN")
    sword = _sword_of(v, T.JARL, jarl)
    treasures = _treasures_of(v, T.JARL, jarl)
    rows = [
        (t("MSG_JARL_NAME") + ":", j.name if up else unknown),
        (t("MSG_HERO") + ":", v.heroes[j.hero].name if j.hero >= 0 else t("MSG_KING_NONE")),
        (t("MSG_COMBAT_STRENGTH") + ":", _strength(v, T.JARL, jarl) if up else unknown),
        (t("MSG_MOVEMENT_FACTOR") + ":", _moves(v, T.JARL, jarl) if up else unknown),
        (t("MSG_WEALTH") + ":", str(j.wealth)),
        (t("MSG_LOCATION") + ":", _place(v, j.where)),
        (t("MSG_HOMELAND") + ":", _place(v, j.homewhere)),
        (t("MSG_SWORD") + ":", T.SWORD_NAMES[sword] if sword is not None else t("MSG_NONE")),
        *_flags(t, j),
    ]
    right = [t("MSG_MAGIC_TREASURES") + ":", *_treasure_list(v, t, treasures, singular=False)]
    return Sheet(rows, right, sword, treasures)


def monster_sheet(v: GameView, t: Lookup, monster: int) -> Sheet:
    m = v.monsters[monster]
    carries = any(item.held_by(T.MONSTER, monster) for item in v.treasures)
    rows = [
        (t("MSG_MONSTER_NAME") + ":", m.name),
        (t("MSG_MONSTER_SPECIES") + ":", v.species_name(monster)),
        (t("MSG_COMBAT_STRENGTH") + ":", _strength(v, T.MONSTER, monster)),
        (t("MSG_MOVEMENT_FACTOR") + ":", _moves(v, T.MONSTER, monster)),
        (t("MSG_WEALTH") + ":", str(m.wealth)),
        (t("MSG_LOCATION") + ":", _place(v, m.where)),
        *_hagall_and_sea(t, m),
        (t("MSG_TREASURE") + "?", _yes(t, carries)),
        (t("MSG_GLORY") + ":", str(m.glory)),
        (t("MSG_LUCK") + ":", str(m.luck)),
    ]
    return Sheet(rows)


def _holder(v: GameView, t: Lookup, item: ItemView) -> str:
    """Who holds an item, or the area it lies in."""
    kind, holder = item.possessortype, item.possessor
    if kind == T.HERO:
        return v.who(T.HERO, holder).strip()
    if kind == T.JARL:
        j = v.jarls[holder]
        return f"{t('MSG_JARL')} {j.name}" if j.face == T.FACE_UP else t("MSG_HIDDEN_JARL")
    if kind == T.MONSTER:
        return v.monster_name(holder)
    where = item.where
    return _place(v, where) if 0 <= where < T.AREAS else t("MSG_NONE")


def treasure_sheet(v: GameView, t: Lookup, number: int) -> Sheet:
    rides = str(v.faxirides) if number == T.FREY_FAXI else t("MSG_NOT_APPLICABLE")
    rows = [
        (t("MSG_TREASURE_NAME") + ":", v.item_name(T.TREASURE, number)),
        (t("MSG_LOCATION") + ":", _holder(v, t, v.treasures[number])),
        (t("MSG_RIDES") + ":", rides),
    ]
    return Sheet(rows, notes=["", *doc_lines(t, TREASURE_DOCS[number])])


def sword_sheet(v: GameView, t: Lookup, number: int) -> Sheet:
    rows = [
        (t("MSG_SWORD_NAME") + ":", T.SWORD_NAMES[number]),
        (t("MSG_LOCATION") + ":", _holder(v, t, v.swords[number])),
    ]
    return Sheet(rows, notes=["", *doc_lines(t, SWORD_DOCS[number])])


def area_sheet(v: GameView, t: Lookup, area: int) -> Sheet:
    king = v.kings[area]
    rows = [
        (t("MSG_KINGDOM_NAME") + ":", v.area_name(area)),
        (t("MSG_KING") + ":", v.heroes[king].name if king >= 0 else t("MSG_KING_NONE")),
        (t("MSG_TAX_FACTOR") + ":", str(v.tax(area))),
        (t("MSG_TYPE") + ":", t(_KINDS[T.AREA_TABLE[area].kind])),
        (f"Is ({t('MSG_ICE')})?", _yes(t, v.ice[area])),
    ]
    here = []
    for h in v.heroes:
        if h.alive and h.where == area:
            here.append(f" {t('MSG_HERO')} {h.name} ({h.strength}-{h.moves})")
    for j in v.jarls:
        if j.alive and j.where == area:
            if j.face == T.FACE_UP:
                here.append(f" {t('MSG_JARL')} {j.name} ({j.strength}-{j.moves})")
            else:
                here.append(f" {t('MSG_HIDDEN_JARL')} (?-?)")
    for m in v.monsters:
        if m.alive and m.where == area:
            here.append(f" {v.monster_name(m.index)} ({m.strength}-{m.moves})")
    for number, item in enumerate(v.treasures):
        if item.possessortype == T.KINGDOM and item.where == area:
            here.append(f" {t('MSG_THE')} {v.item_name(T.TREASURE, number)}")
    for number, item in enumerate(v.swords):
        if item.possessortype == T.KINGDOM and item.where == area:
            here.append(f" {t('MSG_SWORD')} {T.SWORD_NAMES[number]}")
    return Sheet(rows, [t("MSG_CONTENTS") + ":", *(here or [" " + t("MSG_NONE")])])


def sheet_for(v: GameView, t: Lookup, thing: Thing) -> Sheet:
    if thing[0] == "area":
        return area_sheet(v, t, thing[1])
    _, kind, number = thing
    builder = {
        T.HERO: hero_sheet,
        T.JARL: jarl_sheet,
        T.MONSTER: monster_sheet,
        T.TREASURE: treasure_sheet,
        T.SWORD: sword_sheet,
    }[kind]
    return builder(v, t, number)


def _image_columns(sheet: Sheet) -> int:
    first = int(sheet.sword is not None or bool(sheet.jarls))
    return first + (len(sheet.treasures) + 3) // 4


def info_window(ui: Ui, v: GameView, t: Lookup, thing: Thing) -> Panel:
    """Open the window about a thing, wait for a key or a button, close it."""
    panel = open_info(ui, v, t, thing)
    panel.wait()
    return panel


def open_info(ui: Ui, v: GameView, t: Lookup, thing: Thing) -> Panel:
    """Draw the information window and leave it open (for :func:`info_window`)."""
    sheet = sheet_for(v, t, thing)
    value_x = MARGIN + max(
        [text_width(" " * VALUE_COLUMN), *(text_width(label) + 2 * 8 for label, _ in sheet.rows)]
    )
    left_w = (
        max(
            [
                value_x + max(text_width(value) for _, value in sheet.rows),
                *(MARGIN + text_width(note) for note in sheet.notes),
            ]
        )
        + MARGIN
    )
    right_w = max((text_width(line) for line in sheet.right), default=0)
    right_x = left_w + 3 * MARGIN
    images_x = right_x + right_w + 2 * MARGIN if sheet.right else left_w
    columns = _image_columns(sheet)
    width = images_x + columns * SLOT + (MARGIN if columns else 0)
    if not sheet.right and not columns:
        width = left_w
    lines = max(len(sheet.rows) + len(sheet.notes), len(sheet.right))
    images = max(len(sheet.jarls) + (sheet.sword is not None), min(4, len(sheet.treasures)))
    height = max(4 + LINE_HEIGHT * lines, 4 + SLOT * images) + 6
    panel = Panel(ui, t("MSG_DETAILS"), width, height)
    for row, (label, value) in enumerate(sheet.rows):
        panel.text(MARGIN, 11 + row * LINE_HEIGHT, label)
        panel.text(value_x, 11 + row * LINE_HEIGHT, value)
    for row, note in enumerate(sheet.notes, len(sheet.rows)):
        panel.text(MARGIN, 11 + row * LINE_HEIGHT, note)
    for row, line in enumerate(sheet.right):
        panel.text(right_x, 11 + row * LINE_HEIGHT, line)
    _draw_images(panel, sheet, images_x)
    return panel


def _draw_images(panel: Panel, sheet: Sheet, x: int) -> None:
    art = panel.ui.art
    y = 5
    if sheet.sword is not None or sheet.jarls:
        if sheet.sword is not None:
            panel.counter(x, y, art.counter(T.SWORD, sheet.sword))
            y += SLOT
        for jarl, hero in sheet.jarls:
            panel.counter(x, y, art.counter(T.JARL, jarl, pen=P.hero_pen(hero)))
            y += SLOT
        x += SLOT
    for n, treasure in enumerate(sheet.treasures):
        panel.counter(x + (n // 4) * SLOT, 5 + (n % 4) * SLOT, art.counter(T.TREASURE, treasure))
