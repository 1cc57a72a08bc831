"""The Help menu's pages: the runes, the spells, the swords and the treasures.

Each entry has a bold heading worded as the original words it (a rune with
its meaning, a spell with its effect) and the catalog's lines that explain
it; swords and treasures show their counters beside them.  The four
advanced treasures appear only in advanced games.
"""

from __future__ import annotations

from saga.engine import tables as T
from saga.look.text import Lookup
from saga.screen.info import SWORD_DOCS, TREASURE_DOCS, doc_lines
from saga.screen.panel import LINE_HEIGHT, Panel, text_width
from saga.screen.ui import Ui

PAGE_WIDTH = 44  # characters a line of the pages' text holds
IMAGE_ROOM = 36  # the counters' column on the swords' and treasures' pages
MARGIN = 12

RUNE_DOCS = (
    ("MSG_AMSIR", 2),
    ("MSG_EON", 1),
    ("MSG_GEOFU", 4),
    ("MSG_ING", 2),
    ("MSG_OGAL", 1),
    ("MSG_SYGIL", 4),
)
# Each spell's heading names its effect; the doc lines explain it.
SPELL_PAGES = (
    (T.HAGALL, "MSG_HAIL", "MSG_HAGALL", 5),
    (T.IS, "MSG_ICE", "MSG_IS", 3),
    (T.JARA, "MSG_LOSE_NEXT_TURN", "MSG_JARA", 1),
    (T.NIED, "MSG_NIED_EFFECT", "MSG_NIED", 3),
    (T.WYNN, "MSG_FLEEING", "MSG_WYNN", 2),
    (T.YR, "MSG_WOUNDING", "MSG_YR", 3),
)
TITLES = {
    "runes": "MSG_HELP_RUNES",
    "spells": "MSG_HELP_SPELLS",
    "swords": "MSG_HELP_SWORDS",
    "treasures": "MSG_HELP_TREASURES",
}

Entry = tuple[str, list[str], tuple[T.Kind, int] | None]  # heading, lines, counter


def page_entries(t: Lookup, page: str, *, advanced: bool = False) -> list[Entry]:
    if page == "runes":
        return [
            (f"{name}, {t(meaning)}", doc_lines(t, doc), None)
            for name, meaning, doc in zip(T.RUNE_NAMES, T.RUNE_DESCRIPTIONS, RUNE_DOCS, strict=True)
        ]
    if page == "spells":
        entries: list[Entry] = []
        for spell, effect, prefix, count in SPELL_PAGES:
            heading = f"{T.SPELL_NAMES[spell]} ({t(effect)})"
            if len(heading) > PAGE_WIDTH:  # as the original does for a long translation
                heading = T.SPELL_NAMES[spell]
            entries.append((heading, doc_lines(t, (prefix, count)), None))
        return entries
    if page == "swords":
        return [
            (name, doc_lines(t, doc), (T.SWORD, n))
            for n, (name, doc) in enumerate(zip(T.SWORD_NAMES, SWORD_DOCS, strict=True))
        ]
    count = T.ADVANCED_TREASURES if advanced else T.BASIC_TREASURES
    return [
        (
            t(name) if name.startswith("MSG_") else name,
            doc_lines(t, TREASURE_DOCS[n]),
            (T.TREASURE, n),
        )
        for n, name in enumerate(T.TREASURE_NAMES[:count])
    ]


def rules_window(ui: Ui, t: Lookup, page: str, *, advanced: bool = False) -> Panel:
    """Show one page until a key or a button."""
    panel = open_page(ui, t, page, advanced=advanced)
    panel.wait()
    return panel


def open_page(ui: Ui, t: Lookup, page: str, *, advanced: bool = False) -> Panel:
    entries = page_entries(t, page, advanced=advanced)
    images = any(image for _, _, image in entries)
    x = MARGIN + (IMAGE_ROOM if images else 0)
    widest = max(text_width(line) for heading, lines, _ in entries for line in (heading, *lines))
    rows = sum(1 + len(lines) for _, lines, _ in entries) + len(entries) - 1
    height = 6 + LINE_HEIGHT * rows + (8 if page == "swords" else 0)  # the last counter overhangs
    panel = Panel(
        ui, t(TITLES[page]), x + max(widest, text_width("x" * PAGE_WIDTH)) + MARGIN, height
    )
    row = 0
    for heading, lines, image in entries:
        if image is not None:
            panel.counter(MARGIN, 2 + row * LINE_HEIGHT, panel.ui.art.counter(*image))
        for n, line in enumerate((heading, *lines)):
            panel.text(x, 11 + (row + n) * LINE_HEIGHT, line, bold=n == 0)
        row += len(lines) + 2
    return panel
