"""Games over the internet by a spoken code: what a code looks like, which servers carry it.

A host gives every open seat its own magic-wormhole code, like
``7-crossover-clockwork``, and one more for spectators; a joiner types the
code its host reads out.  Everything that needs Twisted and magic-wormhole
is in :mod:`saga.net.tunnel`; this module loads neither, so the command
line can tell a code from an address, and write the codes file, for free.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from amiga.dos import write_atomic
from saga.engine import tables as T

WATCH = "watch"  # the codes file's name for the spectators' code

_CODE = re.compile(r"[0-9]+(?:-[a-z]+)+")


def normal_code(text: str) -> str:
    """A code as typed or heard, in wormhole's form: ``7 Crossover clockwork``
    is ``7-crossover-clockwork``."""
    return "-".join(re.split(r"[\s-]+", text.strip().lower()))


def is_code(text: str) -> bool:
    """Whether ``text`` is a wormhole code (a number and words) rather than an address."""
    return _CODE.fullmatch(normal_code(text)) is not None


@dataclass(frozen=True)
class Servers:
    """Where codes are exchanged and, when no direct path exists, the game relayed.

    ``mailbox`` is a mailbox server's WebSocket URL and ``relay`` a transit
    relay's hint (``tcp:HOST:PORT``); empty is magic-wormhole's public one.
    ``direct`` False keeps to the relay, so the other machines never learn
    this machine's addresses.
    """

    mailbox: str = ""
    relay: str = ""
    direct: bool = True


def seat_name(seat: int | None) -> str:
    """A code's seat as the codes file names it."""
    return WATCH if seat is None else T.HERO_NAMES[seat]


def write_codes(path: Path, codes: Mapping[int | None, str]) -> None:
    """The codes that let a machine in now, one ``HERO CODE`` line each (``watch CODE``
    for spectators), written whole so that a reader never sees half of them.
    ``path`` is the user's: a link, a pipe or a folder there is refused
    (:class:`~amiga.dos.FileProblem`), never followed or replaced."""
    seats = sorted((s for s in codes if s is not None), key=int)
    lines = [f"{seat_name(seat)} {codes[seat]}\n" for seat in seats]
    if None in codes:
        lines.append(f"{WATCH} {codes[None]}\n")
    write_atomic(path, "".join(lines).encode("ascii"), own=False)
