"""Saga: the game, its screens and its tools.

The version comes from the installed package's metadata, so pyproject.toml
is its one source; the release date goes with it, as an Amiga version
string's date goes with its number.
"""

from importlib import metadata

try:
    __version__ = metadata.version("saga-amiga")
except metadata.PackageNotFoundError:  # run from a bare checkout
    __version__ = "unreleased"
RELEASE_DATE = "24.11.2026"  # the day __version__ was released (dd.mm.yyyy, as on the Amiga)
