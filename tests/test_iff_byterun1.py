"""ByteRun1: packing, unpacking, the -128 no-op and refusal of broken streams."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from amiga.iff import IffError
from amiga.iff.byterun1 import pack, unpack


def decode(data: bytes, size: int, row_size: int = 4) -> bytes:
    return unpack(data, size, row_size, name="t.iff").tobytes()


def test_literal_repeat_and_noop_runs() -> None:
    data = bytes([2, 1, 2, 3, 0xFE, 9, 0x80, 0x81, 7])  # 3 literals, 3x9, no-op, 128x7
    assert decode(data, 3 + 3 + 128) == b"\1\2\3" + b"\x09" * 3 + b"\x07" * 128


def test_minus_128_is_a_noop_not_an_end_marker() -> None:
    # Decoders that stop at 0x80 lose the data after it.
    assert decode(bytes([0x80, 0x80, 0, 5, 0x80, 0xFF, 6]), 3) == b"\x05\x06\x06"


def test_runs_may_cross_row_boundaries() -> None:
    assert decode(bytes([0xF9, 1]), 8) == b"\1" * 8


def test_data_after_the_picture_is_ignored() -> None:
    assert decode(bytes([0, 5, 0xFF, 9, 9, 9]), 1) == b"\x05"


@pytest.mark.parametrize(
    ("data", "size", "message"),
    [
        (bytes([0, 1, 0, 2]), 12, "ends early at row 0"),
        (bytes([0xF9, 1] * 3 + [0x80] * 200), 24 + 8, "ends early at row 6"),
        (bytes([5, 1, 2]), 6, "ends early"),  # literal run cut short
        (bytes([0xF9, 1]), 5, "overruns the image at row 1"),
        (bytes([0x81, 1]), 200, "cannot expand to 200 bytes"),
    ],
)
def test_broken_streams_are_refused(data: bytes, size: int, message: str) -> None:
    with pytest.raises(IffError, match=f"t.iff: BODY: .*{message}"):
        decode(data, size)


def test_pack_uses_repeat_runs_and_splits_long_runs() -> None:
    row = np.array([[7] * 300 + [1, 2, 3, 3, 4]], np.uint8)
    packed = pack(row)
    assert packed[:2] == bytes([0x81, 7])  # 128 x 7
    assert decode(packed, row.size) == row.tobytes()
    assert len(packed) < 20


def test_pack_never_crosses_rows() -> None:
    rows = np.zeros((3, 4), np.uint8)
    assert pack(rows) == bytes([0xFD, 0]) * 3


@given(
    arrays(np.uint8, st.tuples(st.integers(1, 6), st.integers(1, 300)), elements=st.integers(0, 3))
)
def test_pack_then_unpack_round_trips(rows: np.ndarray) -> None:
    assert decode(pack(rows), rows.size, rows.shape[1]) == rows.tobytes()
