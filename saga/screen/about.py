"""About Saga: this program's version and date, the credits, what it runs on.

Laid out as the Amiga original's About window: a picture in the top left
corner with the name, date and credits beside it, then what the program was
built for and runs on, then who translated the text in use; then the
port's own other translations, and the translators of the original 1.95's
catalogs, each after its catalog's language as AmigaOS names it.  The original's lines about AmigaOS
processes and public screens have no meaning here; their place tells the
versions of pygame and SDL instead.
"""

from __future__ import annotations

from amiga.display.present import backend_versions
from saga import RELEASE_DATE, __version__
from saga.engine import tables as T
from saga.look.text import Lookup
from saga.screen import pens as P
from saga.screen.panel import Panel
from saga.screen.ui import Ui

WIDTH, HEIGHT = 360, 214
LABEL = 24  # characters: labels are padded to this width
BOARD_GAME_YEAR = 1981  # as the 1.2a manual dates TSR's "Saga: Age of Heroes"
# Saga 1.95's own catalogs and who made them, as its guide credits them.
ORIGINAL_TRANSLATORS = (
    ("deutsch", "Thomas Veress, Stefan Haubenthal"),
    ("greek", "Anthony Iliakis"),
    ("italiano", "Samir Hawamdeh"),
)


def about_lines(t: Lookup) -> list[tuple[int, int, str, bool]]:
    """(x, baseline, text, bold) of every line, in the window's coordinates."""
    import platform  # only this window asks, and importing it slows every start

    python = f"Python {platform.python_version()}"
    system = f"{platform.system()} {platform.release()}".strip()
    return [
        (67, 14, f"Saga {__version__}", True),
        (67, 24, f"({RELEASE_DATE})", False),
        (67, 44, f"{t('MSG_BY')} James R. Jacobs", False),
        (67, 54, "Amigan Software, 2002", False),
        (67, 64, f"{t('MSG_APP_DESCRIPTION')}: TSR Hobbies, {BOARD_GAME_YEAR}", False),
        (11, 84, f"{t('MSG_BUILT_FOR'):<{LABEL}} {python}", False),
        (11, 94, f"{t('MSG_RUNNING_ON'):<{LABEL}} {system}", False),
        (11, 104, f"{'':<{LABEL}} {backend_versions()}", False),
        (11, 124, t("MSG_TRANSLATOR_1"), False),
        (11, 134, t("MSG_TRANSLATOR_2"), False),
        (11, 154, t("MSG_TRANSLATIONS"), False),
        (11, 174, t("MSG_ORIGINAL_TRANSLATORS"), False),
        *(
            (19, 184 + 10 * n, f"{language:<10}{names}", False)
            for n, (language, names) in enumerate(ORIGINAL_TRANSLATORS)
        ),
    ]


def open_about(ui: Ui, t: Lookup) -> Panel:
    lines = about_lines(t)
    width = max(WIDTH, *(x + 8 * len(text) + 12 for x, _, text, _ in lines))
    panel = Panel(ui, t("MSG_ABOUT_TITLE"), width, HEIGHT)
    panel.counter(8, 6, ui.art.counter(T.HERO, 4))  # Siegfried and a dragon stand for the game
    panel.counter(36, 6, ui.art.counter(T.MONSTER, 0))
    for x, y, text, bold in lines:
        panel.text(x, y, text, P.WHITE, bold=bold)
    return panel


def about_window(ui: Ui, t: Lookup) -> Panel:
    panel = open_about(ui, t)
    panel.wait()
    return panel
