"""Cross-check the ILBM decoder against SDL_image, through pygame.image.load.

SDL_image is an independent decoder, so agreement on ordinary files is good
evidence that reader and writer follow the format rather than each other.  It
is wrong in a few known places, each marked "SDL_image is wrong" below, where
the test pins down both the right answer and SDL_image's wrong one.
"""

from __future__ import annotations

import io
import os
import struct

import numpy as np
import pytest

from amiga.iff import CAMG_EHB, Masking, read_ilbm, write_ilbm

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")


def sdl_load(data: bytes) -> tuple[np.ndarray, list[tuple[int, int, int]], int | None]:
    """Pixels (rows first), palette and colour key as SDL_image decodes the file."""
    surface = pygame.image.load(io.BytesIO(data), "picture.iff")
    if surface.get_bitsize() == 8:
        pixels = pygame.surfarray.array2d(surface).T
        palette = [tuple(colour[:3]) for colour in surface.get_palette()]
    else:
        pixels = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
        palette = []
    return pixels, palette, surface.get_colorkey() and surface.map_rgb(surface.get_colorkey())


def picture(planes: int, width: int, height: int = 6, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 1 << planes, (height, width))
    pixels[::2, : width // 2] = pixels[::2, :1]  # runs, so repeat runs get used
    return pixels.astype(np.uint8)


def palette_for(planes: int) -> list[tuple[int, int, int]]:
    return [((i * 7) % 256, (i * 13) % 256, (255 - i) % 256) for i in range(1 << planes)]


@pytest.mark.parametrize("compress", [True, False], ids=["byterun1", "raw"])
@pytest.mark.parametrize("width", [1, 15, 16, 17, 623])
@pytest.mark.parametrize("planes", range(1, 9))
def test_pens_and_palette_agree_with_sdl_image(planes: int, width: int, compress: bool) -> None:
    pixels, palette = picture(planes, width, seed=width), palette_for(planes)
    data = write_ilbm(pixels, palette, compress=compress)
    ours = read_ilbm(data)
    sdl_pixels, sdl_palette, _ = sdl_load(data)
    # SDL_image is wrong: it reports the width padded to a multiple of 16.
    assert sdl_pixels.shape == (6, (width + 15) // 16 * 16)
    np.testing.assert_array_equal(ours.pixels, sdl_pixels[:, :width])
    np.testing.assert_array_equal(ours.pixels, pixels)
    assert sdl_palette[: len(palette)] == ours.palette == palette


def test_extra_half_brite_agrees_with_sdl_image() -> None:
    pixels, palette = picture(6, 40), palette_for(5)
    data = write_ilbm(pixels, palette, camg=CAMG_EHB)
    ours = read_ilbm(data)
    sdl_pixels, sdl_palette, _ = sdl_load(data)
    np.testing.assert_array_equal(ours.pixels, sdl_pixels[:, :40])
    assert sdl_palette[:64] == [tuple(int(c) for c in colour) for colour in ours.colours()]


def test_transparent_colour_agrees_with_sdl_image() -> None:
    pixels = picture(4, 20)
    data = write_ilbm(pixels, palette_for(4), transparent_colour=9)
    ours = read_ilbm(data)
    sdl_pixels, _, colour_key = sdl_load(data)
    assert ours.masking == Masking.HAS_TRANSPARENT_COLOUR
    assert ours.transparent_colour == colour_key == 9
    np.testing.assert_array_equal(ours.pixels, sdl_pixels[:, :20])


def test_deep_24_plane_picture_agrees_with_sdl_image() -> None:
    rgb = np.random.default_rng(3).integers(0, 256, (5, 21, 3)).astype(np.uint8)
    data = write_ilbm(rgb)
    sdl_pixels, _, _ = sdl_load(data)
    np.testing.assert_array_equal(read_ilbm(data).pixels, sdl_pixels[:, :21])


@pytest.mark.parametrize("planes", [2, 5, 7])
def test_mask_plane_sdl_image_is_wrong(planes: int) -> None:
    pixels = picture(planes, 30)
    mask = picture(1, 30, seed=9).astype(bool)
    data = write_ilbm(pixels, palette_for(planes), mask=mask)
    ours = read_ilbm(data)
    np.testing.assert_array_equal(ours.pixels, pixels)
    np.testing.assert_array_equal(ours.mask, mask)
    sdl_pixels = sdl_load(data)[0][:, :30]
    # SDL_image is wrong: it decodes the mask plane as one more bitplane, so every
    # opaque pixel gains bit `planes`.  Below that bit it agrees with us.
    np.testing.assert_array_equal(sdl_pixels & ((1 << planes) - 1), pixels)
    np.testing.assert_array_equal(sdl_pixels >> planes, mask)


def test_noop_control_bytes_sdl_image_is_wrong() -> None:
    pixels = picture(3, 16, height=2)
    plain = write_ilbm(pixels, palette_for(3), compress=False)
    body = plain[plain.index(b"BODY") + 8 :]
    # Each of the six 2-byte plane rows as a literal run, each preceded by a -128 no-op.
    packed = b"".join(b"\x80\x01" + body[i : i + 2] for i in range(0, len(body), 2))
    data = plain[: plain.index(b"BODY")] + b"BODY" + struct.pack(">I", len(packed)) + packed
    data = b"FORM" + struct.pack(">I", len(data) - 8) + data[8:]
    data = data.replace(b"\x03\x00\x00\x00\x00", b"\x03\x00\x01\x00\x00", 1)  # BMHD: ByteRun1
    np.testing.assert_array_equal(read_ilbm(data).pixels, pixels)
    # SDL_image is wrong: it reads -128 as "repeat the next byte 129 times", which
    # overruns the row, so it refuses the file.
    with pytest.raises(pygame.error):
        sdl_load(data)


def hand_made(chunks: list[tuple[bytes, bytes]]) -> bytes:
    """An IFF file assembled by hand, independently of amiga.iff's writer."""
    content = b"ILBM" + b"".join(
        cid + struct.pack(">I", len(data)) + data + b"\0" * (len(data) & 1) for cid, data in chunks
    )
    return b"FORM" + struct.pack(">I", len(content)) + content


def bmhd(width: int, height: int, planes: int, compression: int) -> bytes:
    return struct.pack(
        ">HHhhBBBBHBBhh", width, height, 0, 0, planes, 0, compression, 0, 0, 10, 11, 320, 200
    )


def test_hand_made_compressed_picture_with_odd_chunks_agrees_with_sdl_image() -> None:
    # 12x2 pixels, 2 planes.  Rows are 2 bytes a plane; runs of every kind, and an
    # odd-length ANNO chunk (with its pad byte) between CMAP and BODY.
    body = (
        b"\x01\xaa\xf0"  # row 0, plane 0: literal run of 2
        + b"\xff\x0f"  # row 0, plane 1: repeat run of 2
        + b"\x00\xff\x00\x00"  # row 1, plane 0: two literal runs of 1
        + b"\xff\xcc"  # row 1, plane 1
    )
    data = hand_made(
        [
            (b"BMHD", bmhd(12, 2, 2, 1)),
            (b"CMAP", bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])),
            (b"ANNO", b"odd"),
            (b"CAMG", struct.pack(">I", 0x8000)),
            (b"BODY", body),
        ]
    )
    expected = np.array(
        [[1, 0, 1, 0, 3, 2, 3, 2, 1, 1, 1, 1], [3, 3, 1, 1, 3, 3, 1, 1, 2, 2, 0, 0]], np.uint8
    )
    ours = read_ilbm(data)
    np.testing.assert_array_equal(ours.pixels, expected)
    assert ours.camg == 0x8000 and ours.palette[1] == (255, 0, 0)
    np.testing.assert_array_equal(sdl_load(data)[0][:, :12], expected)


def test_hand_made_uncompressed_picture_agrees_with_sdl_image() -> None:
    rng = np.random.default_rng(5)
    body = rng.integers(0, 256, 4 * 5 * 4, dtype=np.uint8).tobytes()  # 32x4, 5 planes
    data = hand_made(
        [
            (b"BMHD", bmhd(32, 4, 5, 0)),
            (b"CMAP", bytes(range(96))),
            (b"DPI ", b"\0\x48\0\x48"),
            (b"BODY", body),
        ]
    )
    sdl_pixels, sdl_palette, _ = sdl_load(data)
    ours = read_ilbm(data)
    np.testing.assert_array_equal(ours.pixels, sdl_pixels)
    assert ours.palette == sdl_palette[:32]
