"""Screenshots of a screen's pens and palette, made without a window.

Both formats keep pens rather than colours, as an Amiga screen grabber
did, so a screenshot can be compared pen for pen or loaded back.
:func:`save_screenshot` is a program's screenshot key: both files, numbered,
in a folder of the program's choosing.
"""

from __future__ import annotations

import re
from pathlib import Path

from amiga.display.screen import Screen
from amiga.iff import write_ilbm
from amiga.iff.png import encode_png


def shown_colours(screen: Screen) -> list[tuple[int, int, int]]:
    """The palette a picture of the screen needs: its pens (128 for the
    game's screen), and their half-bright shadows only while something is
    dimmed, so a screen without a requester up saves as the Amiga's 128
    colours in 7 planes."""
    colours = screen.palette.colours()
    pens = screen.palette.pens
    return colours if int(screen.pixels.max()) >= pens else colours[:pens]


def png_bytes(screen: Screen) -> bytes:
    """The screen as an indexed PNG."""
    return encode_png(screen.pixels, shown_colours(screen))


def ilbm_bytes(screen: Screen, *, compress: bool = True) -> bytes:
    """The screen as an IFF ILBM with its display mode in the CAMG chunk."""
    return write_ilbm(screen.pixels, shown_colours(screen), compress=compress, camg=screen.mode_id)


def save_screenshot(
    screen: Screen, folder: Path, stem: str, *, scale: int = 1
) -> tuple[Path, Path]:
    """Save the screen in ``folder`` as ``<stem>-NNN.iff`` (the ILBM an Amiga
    grabber writes) and ``<stem>-NNN.png`` (``scale`` times as big, as the
    window shows it), numbered after the last one there; returns both paths.

    Never overwrites a file.  Raises OSError if the folder cannot be made
    or written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    numbered = re.compile(rf"{re.escape(stem)}-(\d+)")
    taken = [int(m[1]) for path in folder.iterdir() if (m := numbered.fullmatch(path.stem))]
    name = f"{stem}-{max(taken, default=0) + 1:03d}"
    pixels = screen.pixels.repeat(scale, 0).repeat(scale, 1) if scale > 1 else screen.pixels
    saved = []
    for suffix, data in (
        (".iff", ilbm_bytes(screen)),
        (".png", encode_png(pixels, shown_colours(screen))),
    ):
        path = folder / (name + suffix)
        with path.open("xb") as file:
            file.write(data)
        saved.append(path)
    return saved[0], saved[1]
