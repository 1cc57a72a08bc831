"""An AGA-class indexed screen: pens, palette, RastPort drawing, presentation.

Knows nothing of any particular program.  Everything here works without
pygame; the window lives in :mod:`amiga.display.present` and screenshots in
:mod:`amiga.display.screenshot`.
"""

from amiga.display.bitmap import BitMap
from amiga.display.box import Box
from amiga.display.clock import Metronome
from amiga.display.dirty import DirtyRegion
from amiga.display.font import Font, default_font
from amiga.display.image import Image
from amiga.display.palette import Palette, rgb32_table
from amiga.display.rastport import DrawMode, RastPort, line_points
from amiga.display.screen import HIRES_LACE_PAL, PAL_HEIGHT, PAL_WIDTH, DisplayError, Screen
from amiga.display.viewport import Viewport, fit_scale

__all__ = [
    "HIRES_LACE_PAL",
    "PAL_HEIGHT",
    "PAL_WIDTH",
    "BitMap",
    "Box",
    "DirtyRegion",
    "DisplayError",
    "DrawMode",
    "Font",
    "Image",
    "Metronome",
    "Palette",
    "RastPort",
    "Screen",
    "Viewport",
    "default_font",
    "fit_scale",
    "line_points",
    "rgb32_table",
]
