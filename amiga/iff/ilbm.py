"""ILBM pictures: reading and writing FORM ILBM (BMHD, CMAP, CAMG, BODY).

Pixels are handed out as numpy arrays of pen numbers (or RGB for 24-plane "deep"
pictures), because that is what both a game and a screenshot tool want; the
bitplane layout stays an implementation detail of this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

import numpy as np
from construct import ConstructError, Container, Int8ub, Int16sb, Int16ub, Padding, Struct

from . import byterun1
from .container import Chunk, Group, ResolvedForm, find_forms, parse_iff, write_iff
from .errors import IffError
from .planar import chunky_to_planar, planar_to_chunky, row_bytes

CAMG_EHB = 0x0080
CAMG_HAM = 0x0800
DEEP_PLANES = 24
MAX_PENS = 256
# Far beyond any Amiga picture (4096x4096), and it bounds what decoding may
# allocate (a few bytes a pixel) whatever a header claims.
MAX_PIXELS = 1 << 24


class Masking(IntEnum):
    """BMHD masking: how (if at all) the picture says which pixels are see-through."""

    NONE = 0
    HAS_MASK = 1
    HAS_TRANSPARENT_COLOUR = 2
    LASSO = 3


class Compression(IntEnum):
    """BMHD compression of the BODY chunk."""

    NONE = 0
    BYTERUN1 = 1


BMHD = Struct(
    "width" / Int16ub,
    "height" / Int16ub,
    "x" / Int16sb,
    "y" / Int16sb,
    "planes" / Int8ub,
    "masking" / Int8ub,
    "compression" / Int8ub,
    Padding(1),
    "transparent_colour" / Int16ub,
    "x_aspect" / Int8ub,
    "y_aspect" / Int8ub,
    "page_width" / Int16sb,
    "page_height" / Int16sb,
)


@dataclass(eq=False)
class Ilbm:
    """A decoded ILBM picture.

    ``pixels`` is (height, width) uint8 pen numbers, or (height, width, 3) RGB for a
    deep picture.  ``mask`` (True = opaque) exists only with :attr:`Masking.HAS_MASK`
    and ``transparent_colour`` only with :attr:`Masking.HAS_TRANSPARENT_COLOUR`, so a
    consumer can test for them without knowing the masking codes.
    """

    width: int
    height: int
    planes: int
    pixels: np.ndarray
    palette: list[tuple[int, int, int]]
    masking: Masking = Masking.NONE
    transparent_colour: int | None = None
    mask: np.ndarray | None = None
    camg: int | None = None
    compression: Compression = Compression.BYTERUN1
    name: str = "<memory>"

    @property
    def ham(self) -> bool:
        """Hold-And-Modify: pens are colour changes, not colours."""
        return self.planes in (6, 8) and bool((self.camg or 0) & CAMG_HAM)

    @property
    def ehb(self) -> bool:
        """Extra-Half-Brite: pens 32-63 show pens 0-31 at half brightness."""
        return self.planes == 6 and not self.ham and bool((self.camg or 0) & CAMG_EHB)

    def colours(self) -> np.ndarray:
        """The colour every pen shows, as a (2**planes, 3) uint8 array.

        Pens the CMAP does not cover are black.  In EHB mode the hardware derives
        pens 32-63 from pens 0-31, whatever the CMAP holds for them.
        """
        if self.ham:
            raise IffError(self.name, "CAMG", "HAM pictures are not supported")
        if self.planes == DEEP_PLANES:
            raise IffError(self.name, "BMHD", "24-plane pictures hold colours, not pens")
        table = np.zeros((1 << self.planes, 3), np.uint8)
        known = np.array(self.palette, np.uint8).reshape(-1, 3)[: len(table)]
        table[: len(known)] = known
        if self.ehb:
            table[32:] = table[:32] >> 1
        return table

    def rgb(self) -> np.ndarray:
        """The picture as (height, width, 3) uint8 RGB, as the Amiga would show it."""
        if self.planes == DEEP_PLANES:
            return self.pixels.copy()
        return np.asarray(self.colours()[self.pixels])


def read_ilbm(data: bytes, name: str = "<memory>") -> Ilbm:
    """Decode the first FORM ILBM in an IFF file (inside a LIST or CAT too).

    Raises only :class:`IffError`.  Every claim a header makes is checked against
    the bytes present before memory is allocated for it, so a hostile file cannot
    make the reader allocate much more than the file could legitimately decode to.
    """
    form = next(find_forms(parse_iff(data, name), "ILBM"), None)
    if form is None:
        raise IffError(name, None, "contains no FORM ILBM")
    header = _read_bmhd(form, name)
    masking = Masking(header.masking)
    body = form.get("BODY")
    if body is None:
        raise IffError(name, "BODY", "missing")
    stored_planes = header.planes + (masking == Masking.HAS_MASK)
    stride = row_bytes(header.width)
    planar = _read_body(
        body.data,
        Compression(header.compression),
        size=header.height * stored_planes * stride,
        row_size=stored_planes * stride,
        name=name,
    ).reshape(header.height, stored_planes, stride)

    planes = header.planes
    if planes == DEEP_PLANES:
        pixels = np.stack(
            [planar_to_chunky(planar[:, 8 * i : 8 * i + 8], header.width) for i in range(3)],
            axis=-1,
        )
    else:
        pixels = planar_to_chunky(planar[:, :planes], header.width)
    return Ilbm(
        width=header.width,
        height=header.height,
        planes=planes,
        pixels=pixels,
        palette=_read_cmap(form.get("CMAP")),
        masking=masking,
        transparent_colour=(
            header.transparent_colour if masking == Masking.HAS_TRANSPARENT_COLOUR else None
        ),
        mask=(
            planar_to_chunky(planar[:, planes:], header.width).view(bool)
            if masking == Masking.HAS_MASK
            else None
        ),
        camg=_read_camg(form.get("CAMG"), name),
        compression=Compression(header.compression),
        name=name,
    )


def write_ilbm(
    pixels: np.ndarray,
    palette: Sequence[tuple[int, int, int]] = (),
    *,
    planes: int | None = None,
    compress: bool = True,
    masking: Masking | None = None,
    transparent_colour: int | None = None,
    mask: np.ndarray | None = None,
    camg: int | None = None,
) -> bytes:
    """Encode a picture as a FORM ILBM file.

    ``pixels`` is (height, width) pen numbers, or (height, width, 3) RGB for a
    24-plane deep picture.  ``planes`` defaults to the fewest that hold every pen
    and palette entry (6 for EHB, which ``camg`` selects).  ``masking`` defaults to
    whatever ``mask`` or ``transparent_colour`` imply.  Raises :class:`IffError` on
    arguments that cannot be written.
    """
    image = _check_pixels(pixels)
    height, width = image.shape[:2]
    cmap = _check_palette(palette)
    depth = _choose_planes(image, len(cmap) // 3, planes, camg)
    masking = _choose_masking(masking, mask, transparent_colour)

    if depth == DEEP_PLANES:
        planar = np.concatenate([chunky_to_planar(image[..., i], 8) for i in range(3)], axis=1)
    else:
        planar = chunky_to_planar(image, depth)
    if mask is not None:
        planar = np.concatenate([planar, _mask_plane(mask, image.shape[:2])], axis=1)
    rows = planar.reshape(-1, planar.shape[2])

    header = BMHD.build(
        {
            "width": width,
            "height": height,
            "x": 0,
            "y": 0,
            "planes": depth,
            "masking": masking,
            "compression": Compression.BYTERUN1 if compress else Compression.NONE,
            "transparent_colour": transparent_colour or 0,
            "x_aspect": 1,
            "y_aspect": 1,
            "page_width": min(width, 0x7FFF),
            "page_height": min(height, 0x7FFF),
        }
    )
    chunks: list[Chunk | Group] = [Chunk("BMHD", header)]
    if cmap:
        chunks.append(Chunk("CMAP", cmap))
    if camg is not None:
        if not 0 <= camg <= 0xFFFFFFFF:
            raise IffError("write_ilbm", "CAMG", f"{camg} does not fit 32 bits")
        chunks.append(Chunk("CAMG", camg.to_bytes(4, "big")))
    chunks.append(Chunk("BODY", byterun1.pack(rows) if compress else rows.tobytes()))
    return write_iff(Group("FORM", "ILBM", chunks))


def _read_bmhd(form: ResolvedForm, name: str) -> Container:
    chunk = form.get("BMHD")
    if chunk is None:
        raise IffError(name, "BMHD", "missing")
    try:
        header = BMHD.parse(chunk.data)
    except ConstructError:
        raise IffError(
            name, "BMHD", f"only {len(chunk.data)} bytes; needs {BMHD.sizeof()}"
        ) from None
    if header.width == 0 or header.height == 0:
        raise IffError(name, "BMHD", f"empty picture ({header.width}x{header.height})")
    if header.width * header.height > MAX_PIXELS:
        raise IffError(
            name, "BMHD", f"{header.width}x{header.height} is more than {MAX_PIXELS} pixels"
        )
    if not (1 <= header.planes <= 8 or header.planes == DEEP_PLANES):
        raise IffError(name, "BMHD", f"{header.planes} planes are not supported (1-8 or 24)")
    if header.masking > max(Masking):
        raise IffError(name, "BMHD", f"unknown masking {header.masking}")
    if header.compression > max(Compression):
        raise IffError(name, "BMHD", f"unknown compression {header.compression}")
    return header


def _read_body(
    data: bytes, compression: Compression, *, size: int, row_size: int, name: str
) -> np.ndarray:
    if compression == Compression.BYTERUN1:
        return byterun1.unpack(data, size, row_size, name=name)
    if len(data) < size:
        raise IffError(name, "BODY", f"uncompressed data ends early at row {len(data) // row_size}")
    return np.frombuffer(data, np.uint8, count=size)


def _read_cmap(chunk: Chunk | None) -> list[tuple[int, int, int]]:
    if chunk is None:
        return []
    # Only 256 pens can ever be addressed; ignoring the rest also keeps a huge CMAP
    # from turning into a huge list.
    data = chunk.data[: MAX_PENS * 3]
    data = data[: len(data) - len(data) % 3]
    return list(zip(data[0::3], data[1::3], data[2::3], strict=True))


def _read_camg(chunk: Chunk | None, name: str) -> int | None:
    if chunk is None:
        return None
    if len(chunk.data) < 4:
        raise IffError(name, "CAMG", f"only {len(chunk.data)} bytes; needs 4")
    return int.from_bytes(chunk.data[:4], "big")


def _check_pixels(pixels: np.ndarray) -> np.ndarray:
    image = np.asarray(pixels)
    if not (image.ndim == 2 or (image.ndim == 3 and image.shape[2] == 3)):
        raise IffError("write_ilbm", "BODY", f"pixels must be HxW or HxWx3, not {image.shape}")
    if not np.issubdtype(image.dtype, np.integer):
        raise IffError("write_ilbm", "BODY", f"pixels must be integers, not {image.dtype}")
    height, width = image.shape[:2]
    if not (1 <= width <= 0xFFFF and 1 <= height <= 0xFFFF):
        raise IffError("write_ilbm", "BMHD", f"{width}x{height}: sides must be 1..65535")
    if image.min() < 0 or image.max() > 255:
        raise IffError("write_ilbm", "BODY", "pixel values must be 0..255")
    return image.astype(np.uint8, copy=False)


def _check_palette(palette: Sequence[tuple[int, int, int]]) -> bytes:
    if len(palette) == 0:
        return b""
    try:
        table = np.array(palette, dtype=np.int64)
    except (TypeError, ValueError):
        table = np.zeros(0, np.int64)
    if table.ndim != 2 or table.shape[1] != 3 or len(table) > MAX_PENS:
        raise IffError("write_ilbm", "CMAP", "palette must be at most 256 (r, g, b) triples")
    if table.min() < 0 or table.max() > 255:
        raise IffError("write_ilbm", "CMAP", "colour components must be 0..255")
    return table.astype(np.uint8).tobytes()


def _choose_planes(image: np.ndarray, pens: int, planes: int | None, camg: int | None) -> int:
    if image.ndim == 3:
        if planes not in (None, DEEP_PLANES) or (camg or 0) & (CAMG_EHB | CAMG_HAM):
            raise IffError("write_ilbm", "BMHD", "RGB pixels make a plain 24-plane picture")
        return DEEP_PLANES
    highest = int(image.max())
    if (camg or 0) & CAMG_EHB:
        # The hardware derives pens 32-63, but a CMAP listing all 64 is common and harmless.
        if planes not in (None, 6) or pens > 64 or highest > 63:
            raise IffError(
                "write_ilbm", "CAMG", "EHB needs 6 planes, pens 0-63 and at most 64 colours"
            )
        return 6
    if planes is None:
        return max(1, (max(highest + 1, pens) - 1).bit_length())
    if not 1 <= planes <= 8 or highest >= 1 << planes:
        raise IffError("write_ilbm", "BMHD", f"pen {highest} does not fit {planes} planes")
    return planes


def _choose_masking(
    masking: Masking | None, mask: np.ndarray | None, transparent_colour: int | None
) -> Masking:
    if masking is None:
        if mask is not None:
            masking = Masking.HAS_MASK
        elif transparent_colour is not None:
            masking = Masking.HAS_TRANSPARENT_COLOUR
        else:
            masking = Masking.NONE
    try:
        masking = Masking(masking)
    except ValueError:
        raise IffError("write_ilbm", "BMHD", f"unknown masking {masking}") from None
    if (masking == Masking.HAS_MASK) != (mask is not None):
        raise IffError("write_ilbm", "BMHD", "mask= and Masking.HAS_MASK go together")
    if (masking == Masking.HAS_TRANSPARENT_COLOUR) != (transparent_colour is not None):
        raise IffError(
            "write_ilbm", "BMHD", "transparent_colour= and HAS_TRANSPARENT_COLOUR go together"
        )
    if transparent_colour is not None and not 0 <= transparent_colour <= 0xFFFF:
        raise IffError("write_ilbm", "BMHD", f"transparent pen {transparent_colour} not 0..65535")
    return masking


def _mask_plane(mask: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    opaque = np.asarray(mask) != 0
    if opaque.shape != shape:
        raise IffError("write_ilbm", "BODY", f"mask is {opaque.shape}, pixels are {shape}")
    return chunky_to_planar(opaque.astype(np.uint8), 1)
