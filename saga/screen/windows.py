"""Requesters over the map: what Help shows, the summary, and the rule pages.

Each one dims the screen behind it, shows its lines in a bevelled box, and
goes away at the next click or key, leaving the screen as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from amiga.display.box import Box
from amiga.input import IDCMP, IntuiMessage, MouseCode, RawKey
from amiga.intuition import Button, DrawInfo, Window
from saga.engine import tables as T
from saga.engine.counters import usual_moves
from saga.engine.game import Game
from saga.screen import pens as P
from saga.screen.ui import DRAW_INFO, HEIGHT, WIDTH, Ui

Text = Callable[[str], str]
Line = tuple[str, int]  # text and pen
LINE_HEIGHT = 9

_SPECIES = T.SPECIES_NAMES
_KINDS = {T.LAND: "MSG_LAND", T.SEA: "MSG_SEA", T.ISLE: "MSG_ISLAND", T.PENINSULA: "MSG_PENINSULA"}
_SEA_TRAVEL = {T.SEA_NORMAL: "MSG_YES", T.SEA_GOOD: "MSG_SEA_AIDED", T.SEA_BAD: "MSG_NO"}

# The rule pages: a heading and the catalog lines that explain it.
RUNE_DOCS = (("MSG_AMSIR", 2), ("MSG_EON", 1), ("MSG_GEOFU", 4), ("MSG_ING", 2),
             ("MSG_OGAL", 1), ("MSG_SYGIL", 4))
SPELL_DOCS = (("MSG_HAGALL", 5), ("MSG_IS", 3), ("MSG_JARA", 1), ("MSG_NIED", 3),
              ("MSG_WYNN", 2), ("MSG_YR", 3))
SWORD_DOCS = (("MSG_BALMUNG", 5), (None, 0), (None, 0), ("MSG_HRUNTING", 3), ("MSG_LOVI", 3),
              (None, 0))
TREASURE_DOCS = (("MSG_NECKLACE", 7), ("MSG_FAXI", 3), ("MSG_SHIRT", 3), ("MSG_COAT", 3),
                 ("MSG_POTION", 3), ("MSG_RING", 3), ("MSG_CROWN", 3), ("MSG_SCROLL", 3))


# Info requesters: the lines on dark grey under a black title bar.
INFO_LOOK = replace(DRAW_INFO, background=P.DARK_GREY, fill=P.BLACK)
SCREEN = Box(0, 0, WIDTH, HEIGHT)


def _window(title: str, lines: Sequence[Line], extra: int, di: DrawInfo, title_pen: int,
            min_width: int = 0) -> Window:
    width = max([min_width, len(title) * 8, *(len(text) * 8 for text, _ in lines)]) + 24
    height = (len(lines) + 2) * LINE_HEIGHT + 14 + extra
    return Window.centred(width, height, SCREEN, title, di, title_pen=title_pen)


def _draw_lines(ui: Ui, window: Window, lines: Sequence[Line], *, shadow: bool = True) -> None:
    inner = window.inner
    for row, (text, pen) in enumerate(lines):
        ui.text(inner.left + 8, inner.top + 8 + row * LINE_HEIGHT, text, pen, shadow=shadow)


def requester(ui: Ui, title: str, lines: Sequence[Line], *, title_pen: int = P.WHITE) -> None:
    """Show lines in a box over the dimmed screen until a click or a key."""
    window = _window(title, lines, 0, INFO_LOOK, title_pen)
    with ui.requester_layer():
        window.draw(ui.rp)
        _draw_lines(ui, window, lines)
        ui.wait_for(dismisses)


def ask_yes_no(ui: Ui, title: str, lines: Sequence[Line], *, yes: str, no: str) -> bool:
    """A requester with two buttons; True for the left one.

    Return or the left button's first letter says yes; Esc, the right
    button's letter, or the right or middle mouse button say no.  A click
    beside the buttons does nothing.
    """
    width = max(len(yes), len(no)) * 8 + 24
    window = _window(title, lines, 24, DRAW_INFO, P.WHITE, min_width=2 * width + 24)
    b = window.box
    top = b.bottom - 22
    yes_button = Button(Box(b.left + 10, top, b.left + 10 + width, top + 14), yes)
    no_button = Button(Box(b.right - 10 - width, top, b.right - 10, top + 14), no)
    window.gadgets.add(yes_button)
    window.gadgets.add(no_button)
    keys = {"\r": True, "\x1b": False, yes[:1].upper(): True, no[:1].upper(): False}
    with ui.requester_layer():
        window.draw(ui.rp)
        _draw_lines(ui, window, lines, shadow=False)
        while True:
            window.gadgets.draw(ui.rp, DRAW_INFO)
            message = ui.next_message(None)
            if message is None:
                continue
            chosen = window.handle(message)
            if chosen is not None:
                return chosen is yes_button
            if message.idcmp == IDCMP.VANILLAKEY and message.char.upper() in keys:
                return keys[message.char.upper()]
            if message.idcmp == IDCMP.MOUSEBUTTONS and message.code in _OTHER_BUTTONS:
                return False


_OTHER_BUTTONS = (MouseCode.MIDDLEDOWN, MouseCode.MENUDOWN)

# Keys that send no character; any other key is taken as its character,
# so that one press never closes a requester and answers a question too.
_SILENT_KEYS = frozenset((RawKey.HELP, RawKey.UP, RawKey.DOWN, RawKey.LEFT, RawKey.RIGHT,
                          *range(RawKey.F1, RawKey.F10 + 1)))


def dismisses(m: IntuiMessage) -> bool:
    """Any mouse button, a character, or a key that has no character."""
    if m.idcmp == IDCMP.MOUSEBUTTONS:
        return m.code in (MouseCode.SELECTDOWN, *_OTHER_BUTTONS)
    if m.idcmp == IDCMP.RAWKEY:
        return not m.key_up and m.raw_key in _SILENT_KEYS
    return m.idcmp == IDCMP.VANILLAKEY


def _name_list(names: list[str], t: Text) -> str:
    return ", ".join(names) if names else t("MSG_NONE")


def _held(g: Game, kind: int, counter: int) -> tuple[str, str]:
    sword = next((T.SWORD_NAMES[i] for i, s in enumerate(g.swords) if s.held_by(kind, counter)),
                 g.t("MSG_NONE"))
    treasures = [g.item_name(T.TREASURE, i) for i, item in enumerate(g.treasures)
                 if item.held_by(kind, counter)]
    return sword, _name_list(treasures, g.t)


def hero_lines(g: Game, hero: int, t: Text) -> list[Line]:
    h = g.heroes[hero]
    pen = P.WHITE
    control = {T.HUMAN: "MSG_HUMAN", T.AMIGA: None, T.NONE: "MSG_NONE"}[h.control]
    state = "MSG_WOUNDED" if h.wounded else "MSG_HEALTHY"
    if not h.alive:
        state = "MSG_WITHDRAW" if h.verydead else "MSG_DEAD_HERO"
    sword, treasures = _held(g, T.HERO, hero)
    jarls = [j.name for j in g.jarls if j.alive and j.hero == hero]
    kingdoms = [g.area_name(a) for a in range(T.LAND_AREAS) if g.king[a] == hero]
    rows = [
        (t("MSG_CONTROL"), t(control) if control else "Amiga"),
        (t("MSG_COMBAT_STRENGTH"), f"{h.strength}-{usual_moves(g, T.HERO, hero)}"),
        (t("MSG_LOCATION"), f"{g.area_name(h.where)} ({T.AREA_TABLE[h.where].tax})"),
        (t("MSG_HOMELAND"), g.area_name(h.homewhere)),
        (t("MSG_STATUS"), t(state)),
        (t("MSG_GLORY"), str(h.glory)),
        (t("MSG_LUCK"), str(h.luck)),
        (t("MSG_WEALTH"), str(h.wealth)),
        (t("MSG_RUNE"), T.RUNE_NAMES[h.rune] if h.rune >= 0 else t("MSG_NONE")),
        (t("MSG_GOD"), T.GOD_NAMES[h.god] if h.god >= 0 else t("MSG_NONE")),
        (t("MSG_MAIDENS"), str(h.maidens)),
        (t("MSG_MOVE_BY_SEA"), t(_SEA_TRAVEL[h.sea])),
        (t("MSG_SWORD"), sword),
        (t("MSG_MAGIC_TREASURES"), treasures),
        (t("MSG_RECRUITED_JARLS"), _name_list(jarls, t)),
        (t("MSG_CONQUERED_KINGDOMS"), _name_list(kingdoms, t)),
    ]
    return _table(rows, pen)


def _table(rows: list[tuple[str, str]], pen: int) -> list[Line]:
    width = max(len(label) for label, _ in rows) + 2
    return [(f"{label + ':':<{width}}{value}", pen) for label, value in rows]


def jarl_lines(g: Game, jarl: int, t: Text) -> list[Line]:
    j = g.jarls[jarl]
    if j.face == T.FACE_DOWN:
        return [(f"{t('MSG_HIDDEN_JARL')} (?-?)", P.WHITE)]
    sword, treasures = _held(g, T.JARL, jarl)
    owner = g.heroes[j.hero].name if j.hero >= 0 else t("MSG_NONE")
    rows = [
        (t("MSG_HERO_NAME"), owner),
        (t("MSG_COMBAT_STRENGTH"), f"{j.strength}-{usual_moves(g, T.JARL, jarl)}"),
        (t("MSG_LOCATION"), f"{g.area_name(j.where)} ({T.AREA_TABLE[j.where].tax})"),
        (t("MSG_HOMELAND"), g.area_name(j.homewhere)),
        (t("MSG_WEALTH"), str(j.wealth)),
        (t("MSG_MOVE_BY_SEA"), t(_SEA_TRAVEL[j.sea])),
        (t("MSG_SWORD"), sword),
        (t("MSG_MAGIC_TREASURES"), treasures),
    ]
    return _table(rows, P.WHITE)


def monster_lines(g: Game, monster: int, t: Text) -> list[Line]:
    m = g.monsters[monster]
    rows = [
        (t("MSG_MONSTER_SPECIES"), t(_SPECIES[m.species])),
        (t("MSG_COMBAT_STRENGTH"), f"{m.strength}-{m.moves}"),
        (t("MSG_LOCATION"), g.area_name(m.where)),
        (t("MSG_GLORY") + "/" + t("MSG_LUCK"), f"{m.glory}/{m.luck}"),
    ]
    return _table(rows, P.WHITE)


def area_lines(g: Game, area: int, t: Text) -> list[Line]:
    spec = T.AREA_TABLE[area]
    king = g.king[area]
    here = [g.heroes[h.index].name for h in g.heroes if h.alive and h.where == area]
    here += [j.name if j.face == T.FACE_UP else t("MSG_HIDDEN_JARL")
             for j in g.jarls if j.alive and j.where == area]
    here += [g.monster_name(m.index) for m in g.monsters if m.alive and m.where == area]
    rows = [
        (t("MSG_TYPE"), t(_KINDS[spec.kind])),
        (t("MSG_TAX_FACTOR"), str(spec.tax) if area < T.LAND_AREAS else t("MSG_NOT_APPLICABLE")),
    ]
    if area < T.LAND_AREAS:
        rows.append((t("MSG_KING"), g.heroes[king].name if king >= 0 else t("MSG_KING_NONE")))
        rows.append((t("MSG_ICE").capitalize() + "?", t("MSG_YES" if g.ice[area] else "MSG_NO")))
    lines = _table(rows, P.WHITE)
    lines += [(f"  {name}", P.LIGHT_GREY) for name in here]
    return lines


def doc_lines(t: Text, prefix: str | None, count: int) -> list[str]:
    if prefix is None:
        return [t("MSG_NO_POWERS")]
    return [t(f"{prefix}_{n}") for n in range(1, count + 1)]


def item_lines(g: Game, kind: int, number: int, t: Text) -> list[Line]:
    docs = SWORD_DOCS if kind == T.SWORD else TREASURE_DOCS
    return [(line, P.WHITE) for line in doc_lines(t, *docs[number])]


def info_window(ui: Ui, g: Game, t: Text, thing: tuple) -> None:
    """What Help shows about the counter or area under the pointer."""
    if thing[0] == "area":
        area = thing[1]
        pen = P.FIRST_HERO + g.king[area] if g.king[area] >= 0 else P.WHITE
        requester(ui, g.area_name(area), area_lines(g, area, t), title_pen=pen)
        return
    _, kind, number = thing
    if kind == T.HERO:
        title, lines = g.who(T.HERO, number).strip(), hero_lines(g, number, t)
        pen = P.FIRST_HERO + number
    elif kind == T.JARL:
        title, lines, pen = g.jarls[number].name, jarl_lines(g, number, t), P.WHITE
        if g.jarls[number].face == T.FACE_DOWN:
            title = t("MSG_JARL")
    elif kind == T.MONSTER:
        title, lines, pen = g.monster_name(number), monster_lines(g, number, t), P.WHITE
    else:
        title, lines, pen = g.item_name(kind, number), item_lines(g, kind, number, t), P.WHITE
    requester(ui, title, lines, title_pen=pen)


def summary_lines(g: Game, t: Text) -> list[Line]:
    """One line a hero: strength-moves, jarls, kingdoms, sword, treasures,
    player, state, rune, glory, luck, gold."""
    lines = [(t("MSG_SUMMARY_HEADINGS"), P.LIGHT_GREY)]
    for h in g.heroes:
        if h.control == T.NONE:
            continue
        hero = h.index
        jarls = sum(1 for j in g.jarls if j.alive and j.hero == hero)
        kingdoms = sum(1 for a in range(T.LAND_AREAS) if g.king[a] == hero)
        sword = "*" if any(s.held_by(T.HERO, hero) for s in g.swords) else "-"
        treasures = sum(1 for item in g.treasures if item.held_by(T.HERO, hero))
        control = t("MSG_KEY_HUMAN") if h.control == T.HUMAN else "A"
        state = t("MSG_KEY_WOUNDED") if h.wounded else t("MSG_KEY_HEALTHY")
        if not h.alive:
            state = t("MSG_KEY_DEAD")
        rune = T.RUNE_NAMES[h.rune][0] if h.rune >= 0 else "-"
        moves = usual_moves(g, T.HERO, hero)
        lines.append((
            f"{h.name[:10]:<10} {h.strength}-{moves} {jarls} {kingdoms} {sword} {treasures} "
            f"{control} {state} {rune} {h.glory:>4} {h.luck:>4} {h.wealth:>4}",
            P.FIRST_HERO + hero,
        ))
    return lines


def summary_window(ui: Ui, g: Game, t: Text) -> None:
    requester(ui, t("MSG_SUMMARY_TITLE"), summary_lines(g, t))


def rules_window(ui: Ui, t: Text, page: str) -> None:
    """One of the Help menu's pages: runes, spells, swords or treasures."""
    if page == "runes":
        entries = [(name, doc) for name, doc in zip(T.RUNE_NAMES, RUNE_DOCS, strict=True)]
        title = t("MSG_HELP_RUNES")
    elif page == "spells":
        entries = [(T.SPELL_NAMES[i + 1], d) for i, d in enumerate(SPELL_DOCS)]
        title = t("MSG_HELP_SPELLS")
    elif page == "swords":
        entries = list(zip(T.SWORD_NAMES, SWORD_DOCS, strict=True))
        title = t("MSG_HELP_SWORDS")
    else:
        names = [t(n) if n.startswith("MSG_") else n for n in T.TREASURE_NAMES]
        entries = list(zip(names, TREASURE_DOCS, strict=True))
        title = t("MSG_HELP_TREASURES")
    lines: list[Line] = []
    for name, (prefix, count) in entries:
        lines.append((name, P.GOLD))
        lines += [(f"  {line}", P.WHITE) for line in doc_lines(t, prefix, count)]
    requester(ui, title, lines)


def about_window(ui: Ui, t: Text) -> None:
    lines = [
        ("Saga", P.GOLD),
        (f"{t('MSG_BY')} James R. Jacobs, Amigan Software, 2002-2024", P.WHITE),
        ("TSR Hobbies, 1980", P.WHITE),
        (f"{t('MSG_TRANSLATOR_1')} {t('MSG_TRANSLATOR_2')}", P.LIGHT_GREY),
    ]
    requester(ui, t("MSG_ABOUT_TITLE"), lines)
