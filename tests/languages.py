"""The game's words in each language it ships, for the tests that check every one."""

from __future__ import annotations

from pathlib import Path

from saga.look.text import Lookup, english, load_text

REPO = Path(__file__).resolve().parent.parent
ENGLISH = english()
GERMAN, _ = load_text("deutsch", None, {}, REPO)
GREEK, _ = load_text("greek", None, {}, REPO)
ITALIAN, _ = load_text("italiano", None, {}, REPO)
LANGUAGES: dict[str, Lookup] = {
    "english": ENGLISH,
    "deutsch": GERMAN,
    "greek": GREEK,
    "italiano": ITALIAN,
}
