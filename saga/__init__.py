"""Saga: the game, its screens and its tools.

The version comes from the installed package's metadata, so pyproject.toml
is its one source; the release date goes with it, as an Amiga version
string's date goes with its number.
"""

from __future__ import annotations

RELEASE_DATE = "24.11.2026"  # the day __version__ was released (dd.mm.yyyy, as on the Amiga)


def __getattr__(name: str) -> str:
    """``__version__``, read on first use: importlib.metadata (with the email
    package under it) costs a noticeable share of start-up, and only the
    About window needs it."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import metadata

    try:
        version = metadata.version("saga-amiga")
    except metadata.PackageNotFoundError:  # run from a bare checkout
        version = "unreleased"
    globals()["__version__"] = version
    return version
