"""The rulebook's text: its sections, links, tables and numbers, laid out in lines.

The rulebook is one plain text file per language in :mod:`saga.manual`,
written so that a translator needs to know only this:

- ``# id | Title`` starts a section.  The id is for links and stays as it
  is; the title is translated.  The first section is the contents page.
- ``## Heading`` is a heading inside a section.
- A blank line ends a paragraph; ``- `` starts an item of a list.
- ``[[id]]`` links to a section, shown by its title; ``[[id|words]]``
  shows other words.
- ``{NAME}`` is a number of the rules, filled in from the game's own tables
  (see :data:`NUMBERS`), so the text can never disagree with them;
  ``{MSG_...}`` is a message of the catalog, such as the key that answers
  a question (``{MSG_KEY_GLORY}``), so the text names the keys the game
  in that language takes.
- A line ``@table name | Header | Header ...`` is a table whose rows come
  from the game's tables (see :func:`table_rows`); only the headers are
  translated.  Lines starting with ``|`` are a table written out, its first
  line the headers, cells parted by ``|``.
- ``@contents`` lists every section; ``@buttons Contents | Back | < | >``
  (once, at the top) names the viewer's buttons.

Everything here is text in, text out; :mod:`saga.screen.manual` draws it.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field

from saga.engine import tables as T
from saga.look.text import Lookup
from saga.screen.info import SWORD_DOCS, TREASURE_DOCS, doc_lines
from saga.screen.pages import RUNE_DOCS, SPELL_PAGES

# The rules' numbers the text may name as {NAME}: the engine's own figures.
NUMBERS: dict[str, int] = {
    "HERO_STRENGTH": T.HERO_STRENGTH,
    "HERO_MOVES": T.HERO_MOVES,
    "START_LUCK": T.START_LUCK,
    "VALHALLA": T.VALHALLA,
    "MAX_TURNS": T.MAX_TURNS,
    "DEFAULT_TURNS": T.DEFAULT_TURNS,
    "MAX_JARLS": T.MAX_JARLS_PER_HERO,
    "FREY_FAXI_RIDES": T.FREY_FAXI_RIDES,
    "HEROES": len(T.HERO_NAMES),
    "JARLS": len(T.JARL_TABLE),
    "SWORDS": len(T.SWORD_NAMES),
    "LANDS": T.LAND_AREAS,
    "SEAS": T.AREAS - T.LAND_AREAS,
    "BASIC_MONSTERS": T.BASIC_MONSTERS,
    "ADVANCED_MONSTERS": T.ADVANCED_MONSTERS,
    "BASIC_TREASURES": T.BASIC_TREASURES,
    "ADVANCED_TREASURES": T.ADVANCED_TREASURES,
    "GODS": len(T.GOD_NAMES),
    "RUNES": len(T.RUNE_NAMES),
}

_LINK = re.compile(r"\[\[([a-z0-9-]+)(?:\|([^\]]*))?\]\]")
_NUMBER = re.compile(r"\{([A-Z0-9_]+)\}")


class GuideError(ValueError):
    """The rulebook's text breaks its own format (a bad link, table or number)."""


@dataclass
class Section:
    """One section of the rulebook as written: laid out only when shown, to the window's width."""

    id: str
    title: str
    lines: list[str] = field(default_factory=list)  # the raw lines under the title


@dataclass
class Guide:
    """A rulebook file: its sections in order, and its viewer's buttons in its language."""

    sections: list[Section]
    buttons: list[str]

    def index(self, section_id: str) -> int:
        """Where a link leads: GuideError for an id no section has (a link the text got wrong)."""
        for n, section in enumerate(self.sections):
            if section.id == section_id:
                return n
        raise GuideError(f"no section {section_id!r}")


def parse(text: str) -> Guide:
    """The sections of a rulebook file, and its buttons' names."""
    sections: list[Section] = []
    buttons = ["Contents", "Back", "<", ">"]
    for line in text.splitlines():
        if line.startswith("# "):
            section_id, bar, title = line[2:].partition("|")
            if not bar or not section_id.strip():
                raise GuideError(f"a section needs '# id | Title': {line!r}")
            sections.append(Section(section_id.strip(), title.strip()))
        elif line.startswith("@buttons "):
            buttons = [name.strip() for name in line[len("@buttons ") :].split("|")]
            if len(buttons) != 4:
                raise GuideError("@buttons names four buttons")
        elif sections:
            sections[-1].lines.append(line.rstrip())
    if not sections:
        raise GuideError("the rulebook has no sections")
    ids = [s.id for s in sections]
    if len(set(ids)) != len(ids):
        raise GuideError("two sections share an id")
    return Guide(sections, buttons)


# -- laying out ------------------------------------------------------------------

# A piece of a line: its text, its style, and the section a link leads to.
HEADING, TEXT, LINK, TABLE_HEAD = "heading", "text", "link", "table-head"


@dataclass(frozen=True)
class Span:
    text: str
    style: str = TEXT
    target: str | None = None

    @property
    def is_link(self) -> bool:
        """Whether it is a link to follow: the spaces between a link's words
        are part of the link but not a button of their own."""
        return self.target is not None and bool(self.text.strip())


Line = list[Span]


def fill(text: str, t: Lookup) -> str:
    """The text with every {NAME} replaced by its number, and every
    {MSG_...} by the catalog's message (a key to press, a menu's name)."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("MSG_"):
            try:
                return t(name)
            except KeyError:
                raise GuideError(f"no message {{{name}}}") from None
        if name not in NUMBERS:
            raise GuideError(f"no number {{{name}}}")
        return str(NUMBERS[name])

    return _NUMBER.sub(value, text)


def layout(guide: Guide, number: int, t: Lookup, columns: int) -> list[Line]:
    """One section in lines of at most ``columns`` characters."""
    section = guide.sections[number]
    lines: list[Line] = [[Span(section.title, HEADING)]]
    previous = ""
    for kind, body in _blocks(section.lines):
        if not (kind == previous == "item"):
            lines.append([])
        previous = kind
        if kind == "heading":
            lines.append([Span(body[0], HEADING)])
        elif kind == "contents":
            lines += [
                [Span("  "), Span(s.title, LINK, s.id)] for s in guide.sections if s is not section
            ]
        elif kind == "table":
            lines += _table(_table_cells(body[0], t), columns)
        elif kind == "rows":
            rows = [[fill(cell.strip(), t) for cell in row.strip("|").split("|")] for row in body]
            lines += _table(rows, columns)
        else:
            lines += _paragraph(guide, fill(body[0], t), columns, kind == "item")
    return lines


def _blocks(raw: list[str]) -> list[tuple[str, list[str]]]:
    """Paragraphs, items, headings, contents, tables: each one block, its
    text in one string (a written-out table: one string a row)."""
    blocks: list[tuple[str, list[str]]] = []
    words: list[str] = []
    item = False
    rows: list[str] = []

    def end() -> None:
        nonlocal item
        if words:
            blocks.append(("item" if item else "para", [" ".join(words)]))
            words.clear()
        if rows:
            blocks.append(("rows", list(rows)))
            rows.clear()
        item = False

    for line in raw:
        stripped = line.strip()
        if stripped.startswith("|"):
            if words:
                end()
            rows.append(stripped)
            continue
        if not stripped or stripped.startswith(("## ", "- ", "@")):
            end()
        if stripped.startswith("## "):
            blocks.append(("heading", [stripped[3:]]))
        elif stripped == "@contents":
            blocks.append(("contents", []))
        elif stripped.startswith("@table "):
            blocks.append(("table", [stripped[len("@table ") :]]))
        elif stripped.startswith("- "):
            item = True
            words.append(stripped[2:])
        elif stripped:
            words.append(stripped)
    end()
    return blocks


def _paragraph(guide: Guide, body: str, columns: int, item: bool) -> list[Line]:
    """Words wrapped to the width, links kept as links across line breaks."""
    words = _words(guide, body)
    indent = "  " if item else ""
    lines: list[Line] = []
    line: Line = [Span("- ")] if item else []
    width = len(indent)
    for word, spaced in words:
        fresh = width == len(indent)
        need = len(word.text) + (1 if spaced and not fresh else 0)
        if width + need > columns and not fresh:
            lines.append(line)
            line, width, need = ([Span(indent)] if indent else []), len(indent), len(word.text)
        elif need > len(word.text):
            last = line[-1]
            joined = last.style == word.style == LINK and last.target == word.target
            line.append(Span(" ", LINK, word.target) if joined else Span(" "))
        line.append(word)
        width += need
    if line:
        lines.append(line)
    return [_merge(line) for line in lines]


def _words(guide: Guide, text: str) -> list[tuple[Span, bool]]:
    """Each word, and whether a space comes before it (punctuation after a
    link has none)."""
    words: list[tuple[Span, bool]] = []

    def plain_words(part: str) -> None:
        for n, word in enumerate(part.split()):
            words.append((Span(word), n > 0 or part[:1].isspace()))

    at = 0
    for match in _LINK.finditer(text):
        plain_words(text[at : match.start()])
        target = match.group(1)
        shown = match.group(2) or guide.sections[guide.index(target)].title
        before = text[match.start() - 1 : match.start()]
        for n, word in enumerate(shown.split()):
            words.append((Span(word, LINK, target), n > 0 or before.isspace() or not before))
        at = match.end()
    plain_words(text[at:])
    if words:
        words[0] = (words[0][0], False)
    return words


def _merge(line: Line) -> Line:
    """Neighbouring pieces of one style and link as one piece."""
    merged: Line = []
    for span in line:
        if merged and merged[-1].style == span.style and merged[-1].target == span.target:
            merged[-1] = Span(merged[-1].text + span.text, span.style, span.target)
        else:
            merged.append(span)
    return merged


def _table(rows: list[list[str]], columns: int) -> list[Line]:
    """Rows in aligned columns, the first row the headers; a last column too
    wide for the window wraps under itself."""
    count = max(len(row) for row in rows)
    rows = [row + [""] * (count - len(row)) for row in rows]
    widths = [max(len(row[c]) for row in rows) for c in range(count)]
    lead = sum(widths[:-1]) + 2 * (count - 1) + 2
    last = max(12, min(widths[-1], columns - lead))
    lines: list[Line] = []
    for number, row in enumerate(rows):
        style = TABLE_HEAD if number == 0 else TEXT
        tail = textwrap.wrap(row[-1], last, break_long_words=False) or [""]
        first = "  " + "".join(cell.ljust(widths[c] + 2) for c, cell in enumerate(row[:-1]))
        lines.append([Span((first + tail[0]).rstrip(), style)])
        lines += [[Span((" " * lead + more).rstrip(), style)] for more in tail[1:]]
    return lines


# -- the game's tables ---------------------------------------------------------


def _table_cells(directive: str, t: Lookup) -> list[list[str]]:
    name, *headers = (part.strip() for part in directive.split("|"))
    rows = table_rows(name, t)
    if len(headers) != len(rows[0]):
        raise GuideError(f"@table {name} has {len(rows[0])} columns, not {len(headers)}")
    return [headers, *rows]


def _spread(values: list[int]) -> str:
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}-{high}"


def _doc(t: Lookup, doc: tuple[str, int] | None) -> str:
    return " ".join(doc_lines(t, doc))


def _crt(t: Lookup) -> list[list[str]]:
    low, high = T.ATTACKERS_KILLED, T.DEFENDERS_KILLED
    rows = []
    for score in range(low, high + 1):
        label = f"{score}-" if score == low else f"{score}+" if score == high else str(score)
        rows.append([label, t(T.RESULT_NAMES[T.combat_result(score)])])
    return rows


def _monsters(t: Lookup) -> list[list[str]]:
    species: dict[int, list[T.MonsterSpec]] = {}
    for m in T.MONSTER_TABLE:
        species.setdefault(m.species, []).append(m)
    return [
        [
            t(T.SPECIES_NAMES[kind]),
            str(len(ms)),
            _spread([m.strength for m in ms]),
            _spread([m.moves for m in ms]),
            _spread([m.glory for m in ms]),
            _spread([m.luck for m in ms]),
        ]
        for kind, ms in species.items()
    ]


def _jarls(t: Lookup) -> list[list[str]]:
    half = (len(T.JARL_TABLE) + 1) // 2
    return [
        [left.name, f"{left.strength}-{left.moves}", right.name, f"{right.strength}-{right.moves}"]
        for left, right in zip(T.JARL_TABLE[:half], T.JARL_TABLE[half:], strict=False)
    ]


def _lands(t: Lookup) -> list[list[str]]:
    lands = T.AREA_TABLE[: T.LAND_AREAS]
    third = (len(lands) + 2) // 3
    return [
        [cell for a in lands[row::third] for cell in (a.name, str(a.tax))] for row in range(third)
    ]


def _swords(t: Lookup) -> list[list[str]]:
    return [
        [name.split(" (")[0], f"+{bonus}", _doc(t, doc)]
        for name, bonus, doc in zip(T.SWORD_NAMES, T.SWORD_BONUS, SWORD_DOCS, strict=True)
    ]


def _treasures(first: int, last: int) -> Callable[[Lookup], list[list[str]]]:
    def rows(t: Lookup) -> list[list[str]]:
        return [
            [t(n) if n.startswith("MSG_") else n, _doc(t, TREASURE_DOCS[k])]
            for k, n in enumerate(T.TREASURE_NAMES[first:last], start=first)
        ]

    return rows


def _runes(t: Lookup) -> list[list[str]]:
    return [
        [str(n + 1), rune, t(meaning), _doc(t, doc)]
        for n, (rune, meaning, doc) in enumerate(
            zip(T.RUNE_NAMES, T.RUNE_DESCRIPTIONS, RUNE_DOCS, strict=True)
        )
    ]


def _spells(t: Lookup) -> list[list[str]]:
    return [
        [str(spell), T.SPELL_NAMES[spell], _doc(t, (prefix, count))]
        for spell, _, prefix, count in SPELL_PAGES
    ]


def _gods(t: Lookup) -> list[list[str]]:
    return [[str(n + 1), god] for n, god in enumerate(T.GOD_NAMES)]


# Every table a rulebook may name, and how its rows are made.
_TABLE_ROWS: dict[str, Callable[[Lookup], list[list[str]]]] = {
    "crt": _crt,
    "monsters": _monsters,
    "jarls": _jarls,
    "lands": _lands,
    "swords": _swords,
    "treasures": _treasures(0, T.BASIC_TREASURES),
    "advanced-treasures": _treasures(T.BASIC_TREASURES, T.ADVANCED_TREASURES),
    "runes": _runes,
    "spells": _spells,
    "gods": _gods,
}
TABLES = tuple(_TABLE_ROWS)


def table_rows(name: str, t: Lookup) -> list[list[str]]:
    """The rows of one of the game's tables, in the player's language."""
    if name not in _TABLE_ROWS:
        raise GuideError(f"no table {name!r}")
    return _TABLE_ROWS[name](t)
