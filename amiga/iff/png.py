"""PNG for moving pictures between ILBM and modern tools.

Reading is pygame's (SDL_image, that is libpng), which keeps everything an
ILBM needs exactly: an indexed PNG of 1, 2, 4 or 8 bits becomes an 8-bit
surface with the same pens and a palette of the same length, and its one
fully transparent pen becomes the colour key; grey, 16-bit and interlaced
PNGs load too.  Only two things around it are ours: a look at the header
first, so that a PNG whose size no ILBM can hold, or that claims more
pixels than its bytes could inflate to, is refused before anything is
allocated; and the transparent pen's number, which pygame reports only as a
colour (ambiguous when two pens share it), so it is read back through a
palette of distinct colours.

Writing stays ours (about 40 lines), because pygame's writer cannot write
what an ILBM holds.  With pygame 2.6.1 and SDL_image 2.0.5, saving an 8-bit
surface with a colour key writes no tRNS chunk, so a masked picture's
transparent pen is lost; and it always writes 8 bits and 256 palette
entries, pygame's default colours after the picture's own, so a 32-colour
picture would come back as 256 colours and an 8-plane ILBM.

pygame is imported only when a PNG is read: ``amiga.iff`` is loaded at
start-up for the catalogs, and the headless tools neither need nor pay for
pygame.  A damaged PNG makes libpng print its own one-line diagnosis on
stderr before our message.  Errors are :class:`IffError`, so the command
line has one exception type to report.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .errors import IffError

if TYPE_CHECKING:
    import pygame

SIGNATURE = b"\x89PNG\r\n\x1a\n"
INDEXED, RGB, RGBA = 3, 2, 6
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # samples a pixel, by colour type
MAX_SIDE = 0xFFFF  # the most an ILBM can hold, so no point decoding more
_DEFLATE_MAX_RATIO = 1032  # deflate cannot expand data more than this


@dataclass
class PngImage:
    """A decoded PNG as pens, with its fully transparent pen if it has one."""

    pixels: np.ndarray
    palette: list[tuple[int, int, int]]
    transparent: int | None


def encode_png(
    pixels: np.ndarray,
    palette: Sequence[tuple[int, int, int]] = (),
    transparent: int | None = None,
) -> bytes:
    """Encode (h, w) pens with a palette, or (h, w, 3) RGB, or (h, w, 4) RGBA.

    Indexed images use the smallest bit depth that holds every pen, the palette and
    the transparent pen; pens the palette does not cover come out black.
    """
    pixels = np.asarray(pixels, np.uint8)
    height, width = pixels.shape[:2]
    chunks = []
    if pixels.ndim == 2:
        entries = max(len(palette), int(pixels.max()) + 1, (transparent or 0) + 1)
        if entries > 256:
            raise IffError("encode_png", "PLTE", f"{entries} colours; a PNG palette holds 256")
        depth = next(d for d in (1, 2, 4, 8) if entries <= 1 << d)
        plte = np.zeros((entries, 3), np.uint8)
        plte[: len(palette)] = np.array(palette, np.uint8).reshape(-1, 3)
        chunks.append((b"PLTE", plte.tobytes()))
        if transparent is not None:
            chunks.append((b"tRNS", b"\xff" * transparent + b"\0"))
        colour_type, rows = INDEXED, _pack_rows(pixels, depth)
    else:
        depth, colour_type = 8, RGB if pixels.shape[2] == 3 else RGBA
        rows = pixels.reshape(height, -1)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    filtered = np.hstack([np.zeros((height, 1), np.uint8), rows])  # filter type 0
    chunks = [(b"IHDR", ihdr), *chunks, (b"IDAT", zlib.compress(filtered.tobytes(), 9))]
    chunks.append((b"IEND", b""))
    return SIGNATURE + b"".join(
        struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        for kind, body in chunks
    )


def decode_png(data: bytes, name: str = "<memory>") -> PngImage:
    """Decode a PNG that can become an ILBM.  Raises only :class:`IffError`."""
    _check_header(data, name)
    from amiga.display.present import pygame  # imported there quietly and quickly

    try:
        surface = pygame.image.load(io.BytesIO(data), "picture.png")
    except (pygame.error, ValueError) as error:
        raise IffError(name, None, f"not a readable PNG ({error})") from None
    translucent = surface.get_flags() & pygame.SRCALPHA
    if translucent and (pygame.surfarray.array_alpha(surface) < 255).any():
        raise IffError(
            name, "tRNS", "an ILBM can make exactly one colour fully transparent, nothing more"
        )
    if surface.get_bitsize() == 8:
        pixels = np.ascontiguousarray(pygame.surfarray.array2d(surface).T, np.uint8)
        palette = [(c.r, c.g, c.b) for c in surface.get_palette()]
        if int(pixels.max()) >= len(palette):
            raise IffError(name, "IDAT", f"pen {int(pixels.max())} is beyond the palette")
        return PngImage(pixels, palette, _key_pen(surface))

    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    colours, pens = np.unique(rgb.reshape(-1, 3), axis=0, return_inverse=True)
    if len(colours) > 256:
        raise IffError(name, "IDAT", f"{len(colours)} colours; an ILBM from RGB holds 256 at most")
    palette = [(int(r), int(g), int(b)) for r, g, b in colours]
    key = surface.get_colorkey()
    colour = None if key is None else (key[0], key[1], key[2])
    transparent = palette.index(colour) if colour in palette else None
    return PngImage(pens.reshape(rgb.shape[:2]).astype(np.uint8), palette, transparent)


def _check_header(data: bytes, name: str) -> None:
    if not data.startswith(SIGNATURE):
        raise IffError(name, None, "not a PNG file")
    if len(data) < 33 or data[12:16] != b"IHDR":
        raise IffError(name, "IHDR", "missing; not a PNG")
    width, height, depth, colour_type = struct.unpack(">IIBB", data[16:26])
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise IffError(name, "IHDR", f"{width}x{height} does not fit an ILBM (1..65535 a side)")
    size = height * ((width * _CHANNELS.get(colour_type, 4) * depth + 7) // 8 + 1)
    if size > len(data) * _DEFLATE_MAX_RATIO:
        raise IffError(name, "IDAT", f"{len(data)} bytes cannot inflate to {size}")


def _key_pen(surface: pygame.Surface) -> int | None:
    """The colour key's pen: SDL keeps the pen, pygame tells only its colour."""
    palette = surface.get_palette()
    surface.set_palette([(pen, 0, 0) for pen in range(len(palette))])  # at most 256 pens
    key = surface.get_colorkey()
    surface.set_palette(palette)
    return None if key is None else key[0]


def _pack_rows(pixels: np.ndarray, depth: int) -> np.ndarray:
    per_byte = 8 // depth
    height, width = pixels.shape
    padded = np.zeros((height, -(-width // per_byte) * per_byte), np.uint8)
    padded[:, :width] = pixels
    shifts = (8 - depth - depth * np.arange(per_byte)).astype(np.uint8)
    groups = padded.reshape(height, -1, per_byte) << shifts
    return np.asarray(np.bitwise_or.reduce(groups, axis=2), np.uint8)
