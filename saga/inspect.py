"""Show what a saved game holds, field by field, or how two saved games differ.

    python -m saga.inspect FILE.saga             every field, one per line
    python -m saga.inspect FILE.saga OTHER.saga  only the fields that differ

Fields are named as in :data:`saga.files.savelayout.LAYOUT`, e.g. ``heroes.Egil.luck 3``
or ``jarls.Amleth.where Juteland``; a difference reads
``heroes.Egil.luck 3 ≠ 4`` (FILE's value first).  Exit status: 0 when the
files are the same, 1 when they differ, 2 when a file cannot be read or is
no saved game.  Values the game would refuse to load are shown as they are,
so a damaged save can be looked into.
"""

from __future__ import annotations

import argparse
import os
import sys

from saga.files import savefile, savelayout
from saga.look.text import warn


def describe(data: bytes) -> list[str]:
    """Every field of a save, as ``name value`` lines in file order."""
    return [
        f"{name} {savelayout.show(name, value)}" for name, value in savelayout.parse(data).items()
    ]


def _read(name: str) -> bytes:
    data = savefile.read(name)
    savelayout.parse(data, name)  # a whole save, or SaveFileError
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m saga.inspect",
        description="Print every field of a saved game, or the fields in which two differ.",
    )
    parser.add_argument("file", metavar="FILE.saga")
    parser.add_argument("other", metavar="OTHER.saga", nargs="?")
    options = parser.parse_args(argv)
    try:
        first = _read(options.file)
        second = _read(options.other) if options.other is not None else None
    except savefile.SaveFileError as e:
        warn(str(e), "saga.inspect")
        return 2
    try:
        if second is None:
            print("\n".join(describe(first)))
            return 0
        lines = savelayout.differences(first, second)
        if lines:
            print("\n".join(lines))
        return 1 if lines else 0
    except BrokenPipeError:
        # The reader went away (as with "| head"): stop quietly, as Unix tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open for the exit flush
        return 0


if __name__ == "__main__":
    sys.exit(main())
