"""Conversion between Amiga bitplanes and chunky (one byte per pixel) images.

An ILBM row stores each plane as a run of 16-bit words, most significant bit
leftmost, so every row is padded to a multiple of 16 pixels.
"""

from __future__ import annotations

import numpy as np

# _SPREAD[b] is a uint64 whose eight bytes are the eight bits of b, leftmost
# pixel first in memory.  Shifting it left by p moves every bit to bit p of its
# own byte, so OR-ing one lookup per plane assembles eight chunky pixels at once;
# no bit ever crosses into a neighbouring byte, which keeps this independent of
# the machine's byte order.
_SPREAD = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1).view(np.uint64).ravel()


def row_bytes(width: int) -> int:
    """Bytes per plane per row: the width rounded up to whole 16-bit words."""
    return (width + 15) // 16 * 2


def planar_to_chunky(planes: np.ndarray, width: int) -> np.ndarray:
    """Combine up to 8 planes, shaped (height, planes, row_bytes), into pixels.

    Plane 0 supplies bit 0 of each pixel.  The row padding is cropped away.
    """
    height, depth, stride = planes.shape
    pixels = np.zeros((height, stride), np.uint64)
    for plane in range(depth):
        pixels |= _SPREAD[planes[:, plane, :]] << np.uint64(plane)
    return np.ascontiguousarray(pixels.view(np.uint8).reshape(height, stride * 8)[:, :width])


def chunky_to_planar(pixels: np.ndarray, depth: int) -> np.ndarray:
    """Split a (height, width) uint8 image into ``depth`` planes, padding each row."""
    height, width = pixels.shape
    padded = np.zeros((height, row_bytes(width) * 8), np.uint8)
    padded[:, :width] = pixels
    return np.stack([np.packbits((padded >> plane) & 1, axis=1) for plane in range(depth)], axis=1)
