"""``python -m amiga.iff``: info, topng, fromimage, and one-line errors with status 2."""

from __future__ import annotations

import os
import re
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

from amiga.iff import CAMG_EHB, IffError, read_ilbm, write_ilbm
from amiga.iff.cli import main
from amiga.iff.png import decode_png, encode_png

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

PALETTE = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255), (9, 8, 7)]


def pens(width: int = 19, height: int = 3, top: int = 5) -> np.ndarray:
    return (np.arange(width * height).reshape(height, width) % top).astype(np.uint8)


def run(*argv: str | Path) -> int:
    return main([str(arg) for arg in argv])


def test_info_prints_the_tree_with_bmhd_details(tmp_path: Path, capsys) -> None:
    path = tmp_path / "pic.iff"
    path.write_bytes(write_ilbm(pens(), PALETTE, transparent_colour=4, camg=CAMG_EHB | 0x8000))
    assert run("info", path) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("FORM ILBM  ")
    assert lines[1] == (
        "  BMHD  20 bytes at 12  19x3, 6 planes, BYTERUN1, masking HAS_TRANSPARENT_COLOUR (pen 4)"
    )
    assert lines[2] == "  CMAP  15 bytes at 40  5 colours"
    assert lines[3] == "  CAMG  4 bytes at 64  0x00008080 (EHB)"
    assert lines[4].startswith("  BODY  ")


def test_topng_writes_an_indexed_png_with_the_exact_palette_and_pens(tmp_path: Path) -> None:
    source, target = tmp_path / "pic.iff", tmp_path / "pic.png"
    source.write_bytes(write_ilbm(pens(), PALETTE, transparent_colour=2))
    assert run("topng", source, target) == 0
    png = decode_png(target.read_bytes())
    np.testing.assert_array_equal(png.pixels, pens())
    assert png.palette[:5] == PALETTE
    assert png.transparent == 2
    # An independent decoder agrees (libpng via SDL_image).
    surface = pygame.image.load(str(target))
    np.testing.assert_array_equal(pygame.surfarray.array2d(surface).T, pens())
    assert [tuple(c[:3]) for c in surface.get_palette()[:5]] == PALETTE


@pytest.mark.parametrize("planes", [1, 2, 3, 4, 5, 8])
def test_png_bit_depths_round_trip_through_pygame(tmp_path: Path, planes: int) -> None:
    pixels = pens(top=1 << planes)
    palette = [(i, i, 255 - i) for i in range(1 << planes)]
    path = tmp_path / "p.png"
    path.write_bytes(encode_png(pixels, palette))
    surface = pygame.image.load(str(path))
    np.testing.assert_array_equal(pygame.surfarray.array2d(surface).T, pixels)


@pytest.mark.parametrize("colours", [2, 3, 16, 17, 256])
def test_decoding_keeps_pens_palette_and_its_length(colours: int) -> None:
    pixels = pens(top=colours)
    palette = [(i, 255 - i, i // 2) for i in range(colours)]
    png = decode_png(encode_png(pixels, palette))
    np.testing.assert_array_equal(png.pixels, pixels)
    assert png.palette == palette and png.transparent is None


def test_the_transparent_pen_is_found_even_when_its_colour_repeats() -> None:
    palette = [(5, 5, 5)] * 4 + [(9, 9, 9)]
    assert decode_png(encode_png(pens(top=5), palette, transparent=3)).transparent == 3


def test_an_interlaced_png_reads_as_the_plain_one() -> None:
    # tests/data/interlaced.png: pens(7 rows, 5 colours) saved by ImageMagick with Adam7.
    png = decode_png((Path(__file__).parent / "data" / "interlaced.png").read_bytes())
    colours = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255), (250, 250, 250)]
    np.testing.assert_array_equal(np.array(png.palette)[png.pixels], np.array(colours)[pens(19, 7)])


def test_ehb_deep_and_masked_pictures_become_rgb_or_rgba(tmp_path: Path) -> None:
    ehb = pens(top=64)
    cases = {
        "ehb": (write_ilbm(ehb, PALETTE, camg=CAMG_EHB), 3),
        "deep": (write_ilbm(np.full((2, 3, 3), 77, np.uint8)), 3),
        "mask": (write_ilbm(pens(), PALETTE, mask=pens() > 1), 4),
        "ehb_key": (write_ilbm(ehb, PALETTE, camg=CAMG_EHB, transparent_colour=0), 4),
    }
    for name, (data, channels) in cases.items():
        source, target = tmp_path / f"{name}.iff", tmp_path / f"{name}.png"
        source.write_bytes(data)
        assert run("topng", source, target) == 0
        picture = read_ilbm(data)
        surface = pygame.image.load(str(target))
        rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
        np.testing.assert_array_equal(rgb, picture.rgb())
        assert surface.get_bytesize() == channels, name
    surface = pygame.image.load(str(tmp_path / "mask.png"))
    alpha = pygame.surfarray.array_alpha(surface).T
    np.testing.assert_array_equal(alpha, np.where(pens() > 1, 255, 0))


def test_fromimage_reverses_topng(tmp_path: Path) -> None:
    original = write_ilbm(pens(623, 4), PALETTE, transparent_colour=3)
    (tmp_path / "a.iff").write_bytes(original)
    assert run("topng", tmp_path / "a.iff", tmp_path / "a.png") == 0
    assert run("fromimage", tmp_path / "a.png", tmp_path / "b.iff") == 0
    picture = read_ilbm((tmp_path / "b.iff").read_bytes())
    np.testing.assert_array_equal(picture.pixels, pens(623, 4))
    assert picture.palette == PALETTE
    assert picture.transparent_colour == 3


def test_fromimage_reads_pngs_written_by_libpng_with_every_filter(tmp_path: Path) -> None:
    rng = np.random.default_rng(4)
    pixels = rng.integers(0, 16, (40, 50)).astype(np.uint8)
    pixels[:20] = np.arange(50) % 16  # smooth rows make libpng pick Sub/Up/Average/Paeth
    surface = pygame.Surface((50, 40), depth=8)
    palette = [(i * 16, 255 - i * 16, i) for i in range(16)]
    surface.set_palette(palette + [(0, 0, 0)] * 240)
    pygame.surfarray.blit_array(surface, pixels.T)
    pygame.image.save(surface, str(tmp_path / "indexed.png"))
    rgb_surface = pygame.Surface((50, 40), depth=24)
    pygame.surfarray.blit_array(rgb_surface, np.array(palette, np.uint8)[pixels].transpose(1, 0, 2))
    pygame.image.save(rgb_surface, str(tmp_path / "rgb.png"))

    assert run("fromimage", tmp_path / "indexed.png", tmp_path / "i.iff") == 0
    indexed = read_ilbm((tmp_path / "i.iff").read_bytes())
    np.testing.assert_array_equal(indexed.pixels, pixels)
    assert indexed.palette[:16] == palette

    assert filter_types(tmp_path / "rgb.png", 3 * 50 + 1) == {0, 1, 2, 3, 4}
    assert run("fromimage", tmp_path / "rgb.png", tmp_path / "r.iff") == 0
    from_rgb = read_ilbm((tmp_path / "r.iff").read_bytes())
    np.testing.assert_array_equal(from_rgb.rgb(), np.array(palette, np.uint8)[pixels])
    assert from_rgb.planes == 4


def filter_types(path: Path, line_size: int) -> set[int]:
    data = path.read_bytes()
    start = data.index(b"IDAT")
    (length,) = struct.unpack(">I", data[start - 4 : start])
    raw = zlib.decompress(data[start + 4 : start + 4 + length])
    return set(raw[::line_size])


def png_file(ihdr: bytes, *chunks: tuple[bytes, bytes]) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + b"".join(chunk(*c) for c in chunks)
        + chunk(b"IEND", b"")
    )


RGBA_16 = png_file(
    struct.pack(">IIBBBBB", 1, 1, 16, 6, 0, 0, 0), (b"IDAT", zlib.compress(b"\0" * 9))
)
INTERLACED = png_file(struct.pack(">IIBBBBB", 1, 1, 8, 3, 0, 0, 1))
TOO_MANY_COLOURS = encode_png(
    np.random.default_rng(0).integers(0, 256, (30, 30, 3)).astype(np.uint8)
)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not an image", "not a PNG file"),
        (RGBA_16, "exactly one colour fully transparent"),
        (INTERLACED, "not a readable PNG"),
        (TOO_MANY_COLOURS, "900 colours; an ILBM from RGB holds 256 at most"),
        (encode_png(pens(), PALETTE)[:-20], "not a readable PNG"),
        (png_file(struct.pack(">IIBBBBB", 70000, 1, 8, 3, 0, 0, 0)), "70000x1 does not fit"),
    ],
)
def test_fromimage_refuses_unsuitable_pngs_in_one_line(
    tmp_path: Path, capsys, content: bytes, message: str
) -> None:
    (tmp_path / "in.png").write_bytes(content)
    assert run("fromimage", tmp_path / "in.png", tmp_path / "out.iff") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"python -m amiga.iff: {tmp_path / 'in.png'}: ")
    assert re.search(message, err)
    assert not (tmp_path / "out.iff").exists()


def test_partial_transparency_is_refused(tmp_path: Path, capsys) -> None:
    data = encode_png(pens(), PALETTE, transparent=1)
    data = data.replace(b"tRNS\xff\x00", b"tRNS\x80\x00")
    body = data[data.index(b"tRNS") : data.index(b"tRNS") + 6]
    crc_at = data.index(b"tRNS") + 6
    data = data[:crc_at] + struct.pack(">I", zlib.crc32(body)) + data[crc_at + 4 :]
    (tmp_path / "t.png").write_bytes(data)
    assert run("fromimage", tmp_path / "t.png", tmp_path / "t.iff") == 2
    assert "exactly one colour fully transparent" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["info", "/nonexistent/file.iff"],
        ["topng", "/nonexistent/file.iff", "out.png"],
        ["frobnicate"],
        [],
        ["info"],
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(argv: list[str], capsys) -> None:
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's way out
        status = exit_.code
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_broken_iff_through_the_real_entry_point(tmp_path: Path) -> None:
    path = tmp_path / "title.iff"
    data = write_ilbm(pens(16, 20), PALETTE)
    path.write_bytes(data[:-30])
    result = subprocess.run(
        [sys.executable, "-m", "amiga.iff", "topng", str(path), str(tmp_path / "x.png")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "title.iff: " in result.stderr


def test_encode_png_refuses_more_than_256_colours() -> None:
    with pytest.raises(IffError, match="257 colours"):
        encode_png(np.zeros((1, 1), np.uint8), [(0, 0, 0)] * 257)
