"""Hostile files: mutated IFF, ILBM, CTLG and PNG data raise only IffError, and
never make the reader allocate much more than the file could decode to."""

from __future__ import annotations

import tracemalloc
import warnings
from collections.abc import Callable

import numpy as np
from fuzzing import fuzz
from hypothesis import strategies as st

from amiga.iff import (
    CAMG_EHB,
    Chunk,
    Ctlg,
    Group,
    IffError,
    parse_iff,
    read_ctlg,
    read_ilbm,
    write_ctlg,
    write_iff,
    write_ilbm,
)
from amiga.iff.png import decode_png, encode_png
from amiga.locale import Catalog, LocaleWarning, load_catalog

# Fixed overhead (parsed trees, Python objects, numpy temporaries) plus a
# generous multiple of the file size; a reader that believed a header's
# dimensions before checking them would blow far past this.
ALLOWANCE = 512 * 1024
PER_BYTE = 64


def _pixels(planes: int, width: int, height: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 1 << planes, (height, width))
    pixels[:, : width // 2] = 1
    return pixels.astype(np.uint8)


ILBM_SEEDS = [
    write_ilbm(_pixels(3, 20, 6, 1), [(i, i, i) for i in range(8)]),
    write_ilbm(_pixels(5, 17, 4, 2), [(i, 0, i) for i in range(32)], compress=False),
    write_ilbm(_pixels(2, 33, 3, 3), [(1, 2, 3)] * 4, mask=_pixels(1, 33, 3, 4) > 0),
    write_ilbm(_pixels(6, 16, 2, 5), [(9, 9, 9)] * 32, camg=CAMG_EHB, transparent_colour=3),
    write_ilbm(np.full((3, 5, 3), 200, np.uint8)),
    write_iff(
        Group(
            "LIST",
            "ILBM",
            [
                Group("PROP", "ILBM", [Chunk("CMAP", b"\1\2\3\4\5\6")]),
                parse_iff(write_ilbm(_pixels(1, 8, 8, 6))),
            ],
        )
    ),
]
CTLG_SEEDS = [
    write_ctlg(
        Ctlg(
            {0: "", 1: "abc", 2: "abcd", 40: "Übersetzung\n", 41: "x" * 30},
            "deutsch",
            "$VER: fuzz.catalog 1.0 (1.1.2024)",
        )
    )
]
PNG_SEEDS = [
    encode_png(_pixels(4, 21, 5, 7), [(i, i, i) for i in range(16)], transparent=2),
    encode_png(np.random.default_rng(8).integers(0, 3, (6, 7, 3)).astype(np.uint8) * 100),
]
# The first decode imports pygame and starts its image loader: done once here,
# that memory is not counted against whichever damaged PNG comes first.
for _seed in PNG_SEEDS:
    decode_png(_seed)


def _size_fields(data: bytes) -> list[int]:
    """Offsets of every IFF size field in a well-formed file."""
    offsets: list[int] = []

    def visit(node: Chunk | Group) -> None:
        offsets.append(node.offset + 4)
        if isinstance(node, Group):
            for child in node.children:
                visit(child)

    visit(parse_iff(data))
    return offsets


def _mutate(draw: st.DrawFn, data: bytearray, size_fields: list[int]) -> None:
    """Apply one to four bit flips, truncations, insertions, deletions or huge numbers."""
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "truncate", "insert", "delete", "huge", "word"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "truncate":
            del data[at:]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 16))]
        elif kind == "huge":
            at = draw(st.sampled_from(size_fields or [at]))
            value = draw(st.sampled_from([0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, len(data), 1]))
            data[at : at + 4] = value.to_bytes(4, "big")
        else:  # 16-bit fields such as BMHD width and height
            data[at : at + 2] = draw(st.sampled_from([0xFFFF, 0x8000, 0, 1])).to_bytes(2, "big")


@st.composite
def _raw_mutation(draw: st.DrawFn, seeds: list[bytes]) -> bytes:
    seed = draw(st.sampled_from(seeds))
    try:
        size_fields = _size_fields(seed)
    except IffError:  # not an IFF file: a PNG
        size_fields = []
    data = bytearray(seed)
    _mutate(draw, data, size_fields)
    return bytes(data)


@st.composite
def _chunk_mutation(draw: st.DrawFn, seeds: list[bytes]) -> bytes:
    """Mutate the contents of a few chunks but keep the container consistent, so the
    damage reaches BMHD, BODY, CMAP, STRS... rather than stopping at the FORM."""
    root = parse_iff(draw(st.sampled_from(seeds)))
    holders = []

    def visit(group: Group) -> None:
        for index, child in enumerate(group.children):
            if isinstance(child, Group):
                visit(child)
            else:
                holders.append((group, index))

    visit(root)
    for _ in range(draw(st.integers(1, 3))):
        group, index = draw(st.sampled_from(holders))
        chunk = group.children[index]
        data = bytearray(chunk.data)
        _mutate(draw, data, [])
        group.children[index] = Chunk(chunk.id, bytes(data))
    return write_iff(root)


def mutated(seeds: list[bytes]) -> st.SearchStrategy[bytes]:
    """Seed files damaged anywhere, or damaged inside chunks with sizes kept right."""
    iff_seeds = [seed for seed in seeds if seed[:4] in (b"FORM", b"LIST", b"CAT ")]
    if not iff_seeds:
        return _raw_mutation(seeds)
    return st.one_of(_raw_mutation(seeds), _chunk_mutation(iff_seeds))


def assert_bounded(action: Callable[[], object], data: bytes) -> None:
    """Run ``action``; it may fail only with IffError, and must stay within memory."""
    tracemalloc.start()
    try:
        action()
    except IffError:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert peak <= ALLOWANCE + PER_BYTE * len(data), f"{peak} bytes for a {len(data)}-byte file"


def decode_picture(data: bytes) -> None:
    picture = read_ilbm(data, "fuzz.iff")
    picture.rgb()


@fuzz(mutated(ILBM_SEEDS))
def test_mutated_ilbm_raises_only_iff_error_within_bounded_memory(data: bytes) -> None:
    assert_bounded(lambda: decode_picture(data), data)


@fuzz(mutated(ILBM_SEEDS + CTLG_SEEDS))
def test_mutated_iff_parses_or_raises_iff_error(data: bytes) -> None:
    assert_bounded(lambda: write_iff(parse_iff(data)), data)


@fuzz(mutated(CTLG_SEEDS))
def test_mutated_catalog_raises_only_iff_error_within_bounded_memory(data: bytes) -> None:
    assert_bounded(lambda: read_ctlg(data, "fuzz.catalog"), data)


@fuzz(mutated(CTLG_SEEDS))
def test_mutated_catalog_falls_back_to_built_in_strings(data: bytes) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # anything but a LocaleWarning fails the test
        warnings.simplefilter("ignore", LocaleWarning)
        catalog = load_catalog(data, name="fuzz.catalog", language="deutsch")
        assert isinstance(catalog, Catalog)
        assert isinstance(catalog.get(123456, "built-in"), str)


@fuzz(mutated(PNG_SEEDS))
def test_mutated_png_raises_only_iff_error(data: bytes) -> None:
    assert_bounded(lambda: decode_png(data, "fuzz.png"), data)
