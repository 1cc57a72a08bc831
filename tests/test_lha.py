"""The LhA reader: members as LhA packs them, every size bounded, damage refused in words."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lha_writer import archive, lh5, member

from amiga.lha import LhaArchive, LhaError, crc16, is_lha

TEXT = b"".join(b"  0x%04X,0x%04X,0x0000,0x0000,\n" % (i, i * 7 & 0xFFFF) for i in range(3000))
NOISE = bytes(random.Random(5).randrange(256) for _ in range(6000))
FILES = {
    "Saga/source/themap.c": TEXT,
    "Saga/source/noise.bin": NOISE,
    "Saga/source/one": b"x",
    "Saga/source/empty": b"",
    "Saga/source/same": b"a" * 5000,
}

SMALL = archive({"a": TEXT[:3000], "b": NOISE[:500]}, method="lh5")


def _summed(data: bytes) -> bytes:
    """A level-0 header's checksum made right again after a change."""
    return data[:1] + bytes([sum(data[2 : 2 + data[0]]) & 0xFF]) + data[2:]


def _resized(data: bytes, size: int) -> bytes:
    """A level-0 member whose header claims another unpacked size."""
    return _summed(data[:11] + size.to_bytes(4, "little") + data[15:])


def _read_all(data: bytes) -> dict[str, bytes]:
    packed = LhaArchive(data)
    return {e.name: packed.read(e, 1 << 20) for e in packed.entries if not e.is_folder}


@pytest.mark.parametrize("level", [0, 1, 2])
@pytest.mark.parametrize("method", ["lh0", "lh5"])
def test_every_member_comes_back_as_packed(method: str, level: int) -> None:
    data = archive(FILES, method=method, level=level)
    assert is_lha(data)
    assert _read_all(data) == FILES


def test_lh5_packs_text_small_and_reads_it_back() -> None:
    data = archive({"a": TEXT}, method="lh5")
    assert len(data) < len(TEXT) // 4
    assert _read_all(data) == {"a": TEXT}


def test_the_crc_is_lhas() -> None:
    assert crc16(b"123456789") == 0xBB3D  # CRC-16/ARC's check value


def test_a_member_larger_than_the_limit_is_refused_before_it_is_unpacked() -> None:
    packed = LhaArchive(archive({"big": TEXT}, method="lh5"))
    with pytest.raises(LhaError, match="more than 1000"):
        packed.read(packed.entries[0], 1000)


def test_a_bomb_unpacks_no_further_than_its_header_says() -> None:
    # 200 KB of one pair of bytes packs into a few hundred bytes; the header claims 10.
    packed = LhaArchive(_resized(member("bomb", b"ab" * 100_000, method="lh5"), 10) + b"\0")
    with pytest.raises(LhaError, match="CRC"):
        packed.read(packed.entries[0], 1 << 30)


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d[: len(d) // 2], "cut off"),
        (lambda d: d[:10], "cut off"),
        (lambda d: d[:1] + bytes([d[1] ^ 1]) + d[2:], "checksum"),
        (lambda d: _summed(d.replace(b"-lh5-", b"-lz9-", 1)), "not read here"),
        (lambda d: _summed(d[:20] + b"\x07" + d[21:]), "level 7"),
    ],
)
def test_damaged_archives_are_refused_in_words(damage, words: str) -> None:  # type: ignore[no-untyped-def]
    data = archive({"Saga/source/themap.c": TEXT}, method="lh5")
    with pytest.raises(LhaError, match=words):
        _read_all(damage(data))


def test_a_flipped_byte_in_the_packed_data_is_caught() -> None:
    data = bytearray(archive({"a": TEXT}, method="lh5"))
    data[len(data) // 2] ^= 0x10
    with pytest.raises(LhaError):
        _read_all(bytes(data))


def test_a_stored_member_must_be_its_own_size() -> None:
    packed = LhaArchive(_resized(member("a", b"hello"), 6) + b"\0")
    with pytest.raises(LhaError, match="stored"):
        packed.read(packed.entries[0], 100)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damage_gives_lha_error_or_bytes(data: st.DataObject) -> None:
    """Bytes flipped, cut or inserted anywhere: a word why, never another exception."""
    original = bytearray(SMALL)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(original) - 1))
        original[at] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        original = original[: data.draw(st.integers(0, len(original)))]
    with contextlib.suppress(LhaError):
        _read_all(bytes(original))


def test_an_empty_archive_has_no_members() -> None:
    assert LhaArchive(b"\0").entries == []
    assert LhaArchive(b"").entries == []
    assert not is_lha(b"#include <stdio.h>\n")


def test_lh5_data_decodes_alone() -> None:
    # The packer's own round trip, below the archive: the stream holds the codes only.
    assert len(lh5(b"abcabcabcabc")) < 12
