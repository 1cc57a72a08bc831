"""ILBM: round trips through every format variant, and refusal of bad pictures."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from amiga.iff import (
    CAMG_EHB,
    CAMG_HAM,
    Chunk,
    Compression,
    Group,
    IffError,
    Masking,
    read_ilbm,
    write_iff,
    write_ilbm,
)
from amiga.iff.ilbm import BMHD, MAX_PIXELS

WIDTHS = [1, 15, 16, 17, 623]


def random_picture(planes: int, width: int, height: int = 5, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 1 << planes, (height, width))
    pixels[:, : width // 2] = pixels[:, :1]  # some runs for ByteRun1 to find
    return pixels.astype(np.uint8)


def grey_palette(planes: int) -> list[tuple[int, int, int]]:
    return [(i, 255 - i, i // 2) for i in range(1 << planes)]


@pytest.mark.parametrize("compress", [True, False], ids=["byterun1", "raw"])
@pytest.mark.parametrize("masking", list(Masking), ids=[m.name for m in Masking])
@pytest.mark.parametrize("planes", range(1, 9))
def test_round_trip_every_plane_count_compression_and_masking(
    planes: int, masking: Masking, compress: bool
) -> None:
    for width in WIDTHS:
        pixels = random_picture(planes, width, seed=planes * width)
        palette = grey_palette(planes)
        extra: dict = {"masking": masking}
        if masking == Masking.HAS_MASK:
            extra["mask"] = random_picture(1, width, seed=width).astype(bool)
        if masking == Masking.HAS_TRANSPARENT_COLOUR:
            extra["transparent_colour"] = (1 << planes) - 1
        picture = read_ilbm(write_ilbm(pixels, palette, compress=compress, **extra))
        assert (picture.width, picture.height, picture.planes) == (width, 5, planes)
        assert picture.pixels.dtype == np.uint8
        np.testing.assert_array_equal(picture.pixels, pixels)
        assert picture.palette == palette
        assert picture.masking == masking
        assert picture.compression == (Compression.BYTERUN1 if compress else Compression.NONE)
        assert picture.transparent_colour == extra.get("transparent_colour")
        if masking == Masking.HAS_MASK:
            np.testing.assert_array_equal(picture.mask, extra["mask"])
        else:
            assert picture.mask is None


@pytest.mark.parametrize("width", WIDTHS)
def test_extra_half_brite_round_trips_and_halves_pens_32_to_63(width: int) -> None:
    pixels = random_picture(6, width)
    palette = [(255, 128, 3)] + [(i * 8, 255 - i * 8, 17) for i in range(1, 32)]
    picture = read_ilbm(write_ilbm(pixels, palette, camg=CAMG_EHB | 0x8000))
    assert picture.ehb and picture.planes == 6 and picture.camg == CAMG_EHB | 0x8000
    np.testing.assert_array_equal(picture.pixels, pixels)
    assert picture.palette == palette
    colours = picture.colours()
    assert colours.shape == (64, 3)
    assert tuple(colours[32]) == (127, 64, 1)
    np.testing.assert_array_equal(colours[32:], colours[:32] >> 1)
    np.testing.assert_array_equal(picture.rgb(), colours[pixels])


def test_ehb_ignores_upper_colours_stored_in_the_cmap() -> None:
    # Some programs store 64 colours for EHB, the upper 32 wrong; the hardware
    # derives pens 32-63 from 0-31 whatever the CMAP says.
    palette = [(100, 100, 100)] * 32 + [(9, 9, 9)] * 32
    picture = read_ilbm(write_ilbm(np.array([[33]], np.uint8), palette, camg=CAMG_EHB))
    assert picture.palette == palette
    assert tuple(picture.rgb()[0, 0]) == (50, 50, 50)


@pytest.mark.parametrize("compress", [True, False])
@pytest.mark.parametrize("width", WIDTHS)
def test_deep_24_plane_pictures_round_trip_as_rgb(width: int, compress: bool) -> None:
    rgb = np.random.default_rng(width).integers(0, 256, (4, width, 3)).astype(np.uint8)
    picture = read_ilbm(write_ilbm(rgb, compress=compress))
    assert picture.planes == 24 and picture.palette == []
    np.testing.assert_array_equal(picture.pixels, rgb)
    np.testing.assert_array_equal(picture.rgb(), rgb)
    with pytest.raises(IffError, match="colours, not pens"):
        picture.colours()


def test_deep_picture_with_a_mask_plane() -> None:
    rgb = np.full((2, 3, 3), 200, np.uint8)
    mask = np.array([[1, 0, 1], [0, 1, 0]], bool)
    picture = read_ilbm(write_ilbm(rgb, mask=mask))
    np.testing.assert_array_equal(picture.mask, mask)
    np.testing.assert_array_equal(picture.pixels, rgb)


def test_planes_default_to_the_fewest_that_hold_pens_and_palette() -> None:
    assert read_ilbm(write_ilbm(np.zeros((1, 1), np.uint8))).planes == 1
    assert read_ilbm(write_ilbm(np.array([[5]], np.uint8))).planes == 3
    assert read_ilbm(write_ilbm(np.array([[0]], np.uint8), grey_palette(5))).planes == 5
    assert read_ilbm(write_ilbm(np.array([[0]], np.uint8), planes=7)).planes == 7


def test_rgb_uses_black_for_pens_beyond_the_palette() -> None:
    picture = read_ilbm(write_ilbm(np.array([[0, 3]], np.uint8), [(1, 2, 3)], planes=2))
    assert picture.rgb().tolist() == [[[1, 2, 3], [0, 0, 0]]]


def test_ham_pictures_read_but_refuse_rgb() -> None:
    picture = read_ilbm(write_ilbm(random_picture(6, 8), camg=CAMG_HAM))
    assert picture.ham and not picture.ehb
    with pytest.raises(IffError, match="HAM pictures are not supported"):
        picture.rgb()


def test_the_screenshot_call_signature() -> None:
    # amiga.display saves screenshots with exactly this call.
    pixels = random_picture(5, 320, height=256)
    data = write_ilbm(pixels, grey_palette(5), compress=True, camg=0x8000)
    picture = read_ilbm(data)
    np.testing.assert_array_equal(picture.pixels, pixels)
    assert picture.camg == 0x8000


def test_a_form_in_a_list_inherits_bmhd_and_cmap_from_a_prop() -> None:
    pixels = random_picture(3, 20)
    single = read_ilbm(write_ilbm(pixels, grey_palette(3), compress=False))
    bmhd = BMHD.build(
        dict(width=20, height=5, x=0, y=0, planes=3, masking=0, compression=0,
             transparent_colour=0, x_aspect=1, y_aspect=1, page_width=20, page_height=5)
    )  # fmt: skip
    body = write_ilbm(pixels, compress=False)
    body_chunk = body[body.index(b"BODY") + 8 :]
    data = write_iff(
        Group(
            "LIST",
            "ILBM",
            [
                Group(
                    "PROP",
                    "ILBM",
                    [Chunk("BMHD", bmhd), Chunk("CMAP", bytes(sum(grey_palette(3), ())))],
                ),
                Group("FORM", "ILBM", [Chunk("BODY", body_chunk)]),
            ],
        )
    )
    picture = read_ilbm(data, "list.iff")
    np.testing.assert_array_equal(picture.pixels, single.pixels)
    assert picture.palette == single.palette


def test_odd_cmap_length_and_huge_cmap_are_tolerated() -> None:
    data = bytearray(write_ilbm(np.zeros((1, 1), np.uint8), [(1, 2, 3), (4, 5, 6)]))
    assert read_ilbm(bytes(data)).palette == [(1, 2, 3), (4, 5, 6)]
    cmap = bytes(range(256)) * 12  # 1024 entries
    form = Group(
        "FORM",
        "ILBM",
        [Chunk("BMHD", data[20:40]), Chunk("CMAP", cmap + b"\1"), Chunk("BODY", b"\0\0\0\0")],
    )
    picture = read_ilbm(write_iff(form))
    assert len(picture.palette) == 256


def bmhd(width: int, height: int, planes: int = 1, masking: int = 0, compression: int = 1) -> bytes:
    return BMHD.build(
        dict(width=width, height=height, x=0, y=0, planes=planes, masking=masking,
             compression=compression, transparent_colour=0, x_aspect=1, y_aspect=1,
             page_width=0, page_height=0)
    )  # fmt: skip


def ilbm_bytes(*chunks: tuple[str, bytes]) -> bytes:
    return write_iff(Group("FORM", "ILBM", [Chunk(cid, data) for cid, data in chunks]))


@pytest.mark.parametrize(
    ("chunks", "message"),
    [
        ([("BODY", b"")], "title.iff: BMHD: missing"),
        ([("BMHD", bmhd(1, 1))], "title.iff: BODY: missing"),
        ([("BMHD", b"\0" * 10), ("BODY", b"")], "title.iff: BMHD: only 10 bytes; needs 20"),
        ([("BMHD", bmhd(0, 4)), ("BODY", b"")], "BMHD: empty picture"),
        ([("BMHD", bmhd(4, 4, planes=9)), ("BODY", b"")], "BMHD: 9 planes are not supported"),
        ([("BMHD", bmhd(4, 4, masking=4)), ("BODY", b"")], "BMHD: unknown masking 4"),
        ([("BMHD", bmhd(4, 4, compression=2)), ("BODY", b"")], "BMHD: unknown compression 2"),
        (
            [("BMHD", bmhd(16, 4, compression=0)), ("BODY", b"\0" * 5)],
            "BODY: uncompressed data ends early at row 2",
        ),
        (
            [("BMHD", bmhd(16, 20)), ("BODY", b"\xff\0" * 12)],
            "BODY: ByteRun1 data ends early at row 12",
        ),
        ([("BMHD", bmhd(16, 2)), ("BODY", b"\xfd\0"), ("CAMG", b"\0")], "CAMG: only 1 bytes"),
    ],
)
def test_bad_pictures_name_the_file_and_chunk(chunks: list, message: str) -> None:
    with pytest.raises(IffError, match=message):
        read_ilbm(ilbm_bytes(*chunks), "title.iff")


def test_no_ilbm_in_the_file() -> None:
    with pytest.raises(IffError, match=r"x\.iff: contains no FORM ILBM"):
        read_ilbm(write_iff(Group("FORM", "8SVX", [])), "x.iff")


def test_a_giant_bmhd_is_refused_before_anything_is_allocated() -> None:
    data = ilbm_bytes(("BMHD", bmhd(4096, 4096, planes=8)), ("BODY", b"\x81\0" * 50))
    tracemalloc.start()
    try:
        with pytest.raises(IffError, match="100 bytes of ByteRun1 data cannot expand"):
            read_ilbm(data, "giant.iff")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 100_000


def test_a_picture_beyond_the_pixel_limit_is_refused_at_its_header() -> None:
    data = ilbm_bytes(("BMHD", bmhd(65535, 65535, planes=1)), ("BODY", b"\x81\0" * 50))
    with pytest.raises(IffError, match=f"65535x65535 is more than {MAX_PIXELS} pixels"):
        read_ilbm(data, "giant.iff")


def test_the_most_a_small_file_can_claim_stays_bounded() -> None:
    """A one-plane picture of nothing but runs: the worst output per byte there is."""
    side = 4096
    body = b"\x81\0" * (side * side // 8 // 128)
    data = ilbm_bytes(("BMHD", bmhd(side, side, planes=1)), ("BODY", body))
    tracemalloc.start()
    try:
        assert read_ilbm(data, "runs.iff").pixels.shape == (side, side)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * side * side  # a few bytes a pixel, never more


def test_a_giant_uncompressed_bmhd_is_refused_too() -> None:
    data = ilbm_bytes(("BMHD", bmhd(4096, 4096, planes=8, compression=0)), ("BODY", b"\0" * 64))
    with pytest.raises(IffError, match="ends early at row 0"):
        read_ilbm(data, "giant.iff")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pixels": np.zeros((2, 2), float)}, "must be integers"),
        ({"pixels": np.zeros(4, np.uint8)}, "HxW or HxWx3"),
        ({"pixels": np.zeros((0, 4), np.uint8)}, "sides must be 1..65535"),
        ({"pixels": np.full((1, 1), 300)}, "0..255"),
        ({"palette": [(1, 2)]}, "triples"),
        ({"palette": [(1, 2, 300)]}, "0..255"),
        ({"planes": 1, "pixels": np.full((1, 1), 2, np.uint8)}, "pen 2 does not fit 1 planes"),
        ({"planes": 9}, "does not fit 9 planes"),
        ({"camg": CAMG_EHB, "planes": 5}, "EHB needs 6 planes"),
        ({"camg": CAMG_EHB, "palette": grey_palette(7)}, "at most 64 colours"),
        ({"camg": 1 << 32}, "does not fit 32 bits"),
        ({"mask": np.ones((2, 2), bool), "masking": Masking.NONE}, "go together"),
        ({"masking": Masking.HAS_MASK}, "go together"),
        ({"transparent_colour": 1, "masking": Masking.LASSO}, "go together"),
        ({"masking": 7}, "unknown masking 7"),
        ({"mask": np.ones((3, 3), bool)}, "mask is"),
        ({"pixels": np.zeros((2, 2, 3), np.uint8), "planes": 8}, "24-plane"),
    ],
)
def test_writer_refuses_what_it_cannot_write(kwargs: dict, message: str) -> None:
    arguments = {"pixels": np.zeros((2, 2), np.uint8), "palette": [], **kwargs}
    with pytest.raises(IffError, match=message):
        write_ilbm(arguments.pop("pixels"), arguments.pop("palette"), **arguments)
