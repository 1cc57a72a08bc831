"""Small pen images with an optional mask: counters, icons, saved backgrounds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, eq=False)
class Image:
    """Pens to copy, and which of them to copy.

    Where ``mask`` is False the destination shows through, as with the
    blitter's cookie-cut; with no mask the image is an opaque rectangle.
    """

    pixels: np.ndarray
    mask: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.pixels.ndim != 2 or self.pixels.dtype != np.uint8:
            raise ValueError("image pixels must be a 2-D uint8 array")
        if self.mask is not None and (
            self.mask.shape != self.pixels.shape or self.mask.dtype != bool
        ):
            raise ValueError("an image mask is a boolean array shaped like its pixels")

    @property
    def width(self) -> int:
        return int(self.pixels.shape[1])

    @property
    def height(self) -> int:
        return int(self.pixels.shape[0])

    @classmethod
    def from_rows(cls, rows: Sequence[str], pens: Mapping[str, int]) -> Image:
        """Draw an image as text: each character names a pen in ``pens``;
        characters not in ``pens`` are transparent.
        """
        if len({len(row) for row in rows}) != 1:
            raise ValueError("image rows must all be the same length")
        mask = np.array([[ch in pens for ch in row] for row in rows])
        pixels = np.array([[pens.get(ch, 0) for ch in row] for row in rows], np.uint8)
        return cls(pixels, mask)

    @classmethod
    def keyed(cls, pixels: np.ndarray, transparent: int) -> Image:
        """Mask out one pen, as a brush saved with a transparent colour."""
        return cls(pixels, pixels != transparent)
