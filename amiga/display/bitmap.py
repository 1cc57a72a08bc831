"""Chunky pixel memory: one byte per pixel holding a pen number."""

from __future__ import annotations

import numpy as np

from amiga.display.box import Box
from amiga.display.dirty import DirtyRegion


class BitMap:
    """An indexed ``height x width`` image and a record of what changed.

    The Amiga kept pixels in bitplanes; a byte per pixel (chunky) is the same
    information in the form numpy and SDL handle fastest, and ``depth`` still
    says how many planes the picture would need, which bounds COMPLEMENT and
    the half-brite plane.

    ``pixels`` is a fixed buffer: presentation shares its memory, so write
    into it (``pixels[...] = ...``) rather than rebinding it, and call
    :meth:`touch` for any box changed behind the RastPort's back.
    """

    def __init__(self, width: int, height: int, depth: int = 8) -> None:
        if not 1 <= depth <= 8:
            raise ValueError(f"a chunky bitmap has 1 to 8 planes, not {depth}")
        self.depth = depth
        self.pixels = np.zeros((height, width), np.uint8)
        self.bounds = Box(0, 0, width, height)
        self.dirty = DirtyRegion(self.bounds)

    @property
    def width(self) -> int:
        return self.bounds.right

    @property
    def height(self) -> int:
        return self.bounds.bottom

    def touch(self, box: Box) -> None:
        """Note that ``box`` must be shown again."""
        self.dirty.add(box)
