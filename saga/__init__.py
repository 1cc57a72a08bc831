"""Saga: the game, its screens and its tools.

``__version__`` is this program's version, and the one source of it:
pyproject.toml reads it from here (without importing the package).  It is
a plain string rather than the installed package's metadata, which would
cost a noticeable share of start-up and says nothing when run from a
checkout.  The release date goes with it, as an Amiga version string's date
goes with its number.  ``ORIGINAL_VERSION`` is the Amiga release whose rules,
Amiga players, messages and files this port follows.
"""

from __future__ import annotations

__version__ = "1.0.0"
RELEASE_DATE = "27.11.2026"  # the day __version__ was released (dd.mm.yyyy, as on the Amiga)
ORIGINAL_VERSION = "1.95"  # Saga for the Amiga by James R. Jacobs (Amigan Software), 31.12.2024


def version_line() -> str:
    """This program's version and the original's it follows, as ``saga --version`` says."""
    return (
        f"Saga {__version__} ({RELEASE_DATE}), a port of Saga {ORIGINAL_VERSION} "
        "for the Amiga by James R. Jacobs (Amigan Software)"
    )
