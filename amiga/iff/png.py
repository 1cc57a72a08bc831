"""Just enough PNG to move pictures between ILBM and modern tools.

Writing covers indexed (with a tRNS transparent pen), RGB and RGBA images.
Reading covers what maps onto ILBM pens: indexed images of any bit depth, and
8-bit RGB images with at most 256 colours.  Everything else is refused with a
message saying what to save instead.  Errors are :class:`IffError`, so the
command line has one exception type to report.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .errors import IffError

SIGNATURE = b"\x89PNG\r\n\x1a\n"
INDEXED, RGB, RGBA = 3, 2, 6
_CHANNELS = {INDEXED: 1, RGB: 3}
MAX_SIDE = 0xFFFF  # the most an ILBM can hold, so no point decoding more
_DEFLATE_MAX_RATIO = 1032  # deflate cannot expand data more than this


@dataclass
class PngImage:
    """A decoded PNG as pens: ``alpha`` has one 0-255 entry per palette entry, if any."""

    pixels: np.ndarray
    palette: list[tuple[int, int, int]]
    alpha: list[int] | None


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
    chunks = _read_chunks(data, name)
    if not chunks or chunks[0][0] != b"IHDR" or len(chunks[0][1]) != 13:
        raise IffError(name, "IHDR", "missing; not a PNG")
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    _check_header(width, height, depth, colour_type, interlace, name)
    channels = _CHANNELS[colour_type]
    stride = (width * channels * depth + 7) // 8
    idat = b"".join(body for kind, body in chunks if kind == b"IDAT")
    raw = _inflate(idat, height, stride + 1, name)
    rows = _unfilter(raw, height, stride, max(1, channels * depth // 8), name)
    found = {kind: body for kind, body in chunks}

    if colour_type == INDEXED:
        plte = found.get(b"PLTE", b"")
        if not plte or len(plte) % 3 or len(plte) > 768:
            raise IffError(name, "PLTE", "an indexed PNG needs a palette of 1-256 colours")
        pixels = _unpack_rows(rows, width, depth)
        palette = list(zip(plte[0::3], plte[1::3], plte[2::3], strict=True))
        if int(pixels.max()) >= len(palette):
            raise IffError(name, "IDAT", f"pen {int(pixels.max())} is beyond the palette")
        trns = found.get(b"tRNS")
        alpha = None if trns is None else list(trns[: len(palette)].ljust(len(palette), b"\xff"))
        return PngImage(pixels, palette, alpha)

    colours, pixels = np.unique(rows.reshape(-1, 3), axis=0, return_inverse=True)
    if len(colours) > 256:
        raise IffError(name, "IDAT", f"{len(colours)} colours; an ILBM from RGB holds 256 at most")
    palette = [(int(r), int(g), int(b)) for r, g, b in colours]
    trns = found.get(b"tRNS")
    alpha = None
    if trns is not None and len(trns) == 6:
        key = tuple(struct.unpack(">HHH", trns))
        alpha = [0 if colour == key else 255 for colour in palette]
    return PngImage(pixels.reshape(height, width).astype(np.uint8), palette, alpha)


def _read_chunks(data: bytes, name: str) -> list[tuple[bytes, bytes]]:
    if not data.startswith(SIGNATURE):
        raise IffError(name, None, "not a PNG file")
    chunks = []
    pos = len(SIGNATURE)
    while pos < len(data):
        if len(data) - pos < 12:
            raise IffError(name, None, f"truncated chunk at offset {pos}")
        length, kind = struct.unpack_from(">I4s", data, pos)
        label = kind.decode("latin-1")
        if length > len(data) - pos - 12:
            raise IffError(name, label, f"claims {length} bytes; the file ends first")
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack_from(">I", data, pos + 8 + length)
        if crc != zlib.crc32(kind + body):
            raise IffError(name, label, "CRC mismatch; the file is damaged")
        if kind == b"IEND":
            return chunks
        if not kind[0] & 0x20 and kind not in (b"IHDR", b"PLTE", b"IDAT"):
            raise IffError(name, label, "unknown critical chunk")
        chunks.append((kind, body))
        pos += 12 + length
    raise IffError(name, "IEND", "missing; the file is truncated")


def _check_header(
    width: int, height: int, depth: int, colour_type: int, interlace: int, name: str
) -> None:
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise IffError(name, "IHDR", f"{width}x{height} does not fit an ILBM (1..65535 a side)")
    if interlace:
        raise IffError(name, "IHDR", "interlaced PNGs are not supported; save without Adam7")
    if colour_type == INDEXED and depth in (1, 2, 4, 8):
        return
    if colour_type == RGB and depth == 8:
        return
    raise IffError(
        name,
        "IHDR",
        f"colour type {colour_type} at {depth} bits is not supported; "
        "save an indexed (palette) PNG or 8-bit RGB",
    )


def _inflate(idat: bytes, height: int, row_size: int, name: str) -> bytes:
    size = height * row_size
    if size > len(idat) * _DEFLATE_MAX_RATIO:
        raise IffError(name, "IDAT", f"{len(idat)} bytes cannot inflate to {size}")
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(idat, size)
    except zlib.error as error:
        raise IffError(name, "IDAT", f"bad compressed data ({error})") from None
    if len(raw) < size:
        raise IffError(name, "IDAT", f"image data ends early at row {len(raw) // row_size}")
    return raw


def _unfilter(raw: bytes, height: int, stride: int, bpp: int, name: str) -> np.ndarray:
    """Undo PNG's per-row filters (PNG spec section 9)."""
    lines = np.frombuffer(raw, np.uint8).reshape(height, stride + 1)
    out = np.zeros((height, stride), np.uint8)
    prior = np.zeros(stride, np.uint8)
    for y in range(height):
        kind, line = int(lines[y, 0]), lines[y, 1:]
        if kind == 0:
            out[y] = line
        elif kind == 1:
            out[y] = _undo_sub(line, bpp)
        elif kind == 2:
            out[y] = line + prior
        elif kind in (3, 4):
            out[y] = _undo_sequential(line, prior, bpp, paeth=kind == 4)
        else:
            raise IffError(name, "IDAT", f"unknown filter type {kind} on row {y}")
        prior = out[y]
    return out


def _undo_sub(line: np.ndarray, bpp: int) -> np.ndarray:
    # Each byte adds the reconstructed byte bpp to its left: a running sum per lane.
    padded = np.zeros(-(-len(line) // bpp) * bpp, np.uint8)
    padded[: len(line)] = line
    lanes = np.cumsum(padded.reshape(-1, bpp), axis=0, dtype=np.uint8)
    return lanes.reshape(-1)[: len(line)]


def _undo_sequential(line: np.ndarray, prior: np.ndarray, bpp: int, *, paeth: bool) -> np.ndarray:
    # Average and Paeth depend on the byte just reconstructed, so go byte by byte.
    out = bytearray(line.tobytes())
    up = prior.tolist()
    for i in range(len(out)):
        left = out[i - bpp] if i >= bpp else 0
        if paeth:
            upper_left = up[i - bpp] if i >= bpp else 0
            estimate = left + up[i] - upper_left
            da, db, dc = abs(estimate - left), abs(estimate - up[i]), abs(estimate - upper_left)
            predictor = left if da <= db and da <= dc else up[i] if db <= dc else upper_left
        else:
            predictor = (left + up[i]) >> 1
        out[i] = (out[i] + predictor) & 0xFF
    return np.frombuffer(bytes(out), np.uint8)


def _pack_rows(pixels: np.ndarray, depth: int) -> np.ndarray:
    per_byte = 8 // depth
    height, width = pixels.shape
    padded = np.zeros((height, -(-width // per_byte) * per_byte), np.uint8)
    padded[:, :width] = pixels
    shifts = (8 - depth - depth * np.arange(per_byte)).astype(np.uint8)
    groups = padded.reshape(height, -1, per_byte) << shifts
    return np.bitwise_or.reduce(groups, axis=2).astype(np.uint8)


def _unpack_rows(rows: np.ndarray, width: int, depth: int) -> np.ndarray:
    per_byte = 8 // depth
    shifts = (8 - depth - depth * np.arange(per_byte)).astype(np.uint8)
    values = (rows[:, :, None] >> shifts) & ((1 << depth) - 1)
    return np.ascontiguousarray(values.reshape(len(rows), -1)[:, :width]).astype(np.uint8)
