"""Screenshots of a screen's pens and palette, made without a window.

Both formats keep pens rather than colours, as an Amiga screen grabber
did, so a screenshot can be compared pen for pen or loaded back.
"""

from __future__ import annotations

from amiga.display.screen import Screen
from amiga.iff import write_ilbm
from amiga.iff.png import encode_png


def png_bytes(screen: Screen) -> bytes:
    """The screen as an indexed PNG."""
    return encode_png(screen.pixels, screen.palette.colours())


def ilbm_bytes(screen: Screen, *, compress: bool = True) -> bytes:
    """The screen as an IFF ILBM with its display mode in the CAMG chunk."""
    return write_ilbm(
        screen.pixels, screen.palette.colours(), compress=compress, camg=screen.mode_id
    )
