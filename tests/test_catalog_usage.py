"""Every message of the catalog that the original program shows is shown by ours too.

A message counts as used when its name appears in the program's source, or,
for the numbered lines of the help pages (``MSG_HAGALL_1`` ...), when the
stem they are looked up by does.  The only exceptions are listed below,
each with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

from saga.look.text import builtin_messages

SOURCE = "\n".join(
    path.read_text(encoding="utf-8")
    for path in sorted((Path(__file__).parent.parent / "saga").rglob("*.py"))
)

# Only AmigaOS has these, so a program on another system has nowhere to show them.
AMIGAOS_ONLY = {
    "MSG_PROCESS_NUMBER": "the About window's Exec process number",
    "MSG_PRIORITY": "the About window's Exec task priority",
    "FILENAME_MANUAL": "the AmigaGuide file the Manual item hands to amigaguide.library "
    "(ours shows its manual in its own window)",
    "MSG_SCREENMODE_TITLE": "the ASL screen-mode requester",
    "MSG_WHICH_SCREEN": "the choice between a custom and the Workbench screen",
    "MSG_SCREEN_CHOICES": "the choice between a custom and the Workbench screen",
    "MSG_PUBSCREEN": "the PUBSCREEN argument's public screen",
    "MSG_CANT_LOCK_NAMED": "locking a public screen",
    "MSG_CANT_LOCK_DEFAULT": "locking the default public screen",
    "MSG_FATAL_ERROR": "the requester for failing to get screens, windows, menus or memory",
}

# In the catalog, but the original program never shows them either.
ORIGINAL_NEVER_SHOWS = {
    "MSG_CALL_FOR_AID": "no code of the original looks it up",
    "MSG_POSSESSIVE": "no code of the original looks it up",
    "MSG_S_HERO": "no code of the original looks it up",
    "MSG_NO_REST": "no code of the original looks it up",
    "MSG_YES_REST": "no code of the original looks it up",
    "MSG_QUIT_BUTTON": "no code of the original looks it up",
    "MSG_OPENING": "the original's 'Loading...' message is commented out",
}

EXEMPT = {**AMIGAOS_ONLY, **ORIGINAL_NEVER_SHOWS}


def _used(name: str) -> bool:
    if re.search(rf"\b{name}\b", SOURCE):
        return True
    numbered = re.fullmatch(r"(MSG_\w+)_\d+", name)
    return bool(numbered and re.search(rf"[\"']{numbered[1]}[\"']", SOURCE))


def test_every_message_the_original_shows_is_used() -> None:
    unused = {name for name in builtin_messages() if not _used(name)}
    assert sorted(unused - set(EXEMPT)) == []


def test_the_exceptions_are_still_exceptions() -> None:
    """A name on the lists that the program now uses must come off them."""
    assert set(EXEMPT) <= set(builtin_messages())
    assert sorted(name for name in EXEMPT if _used(name)) == []
