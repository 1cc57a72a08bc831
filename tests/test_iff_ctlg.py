"""CTLG catalogs: FlexCat's exact layout, round trips and refusal of broken tables."""

from __future__ import annotations

import struct

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from amiga import codesets
from amiga.iff import Ctlg, IffError, read_ctlg, write_ctlg


def chunk(chunk_id: bytes, data: bytes) -> bytes:
    return chunk_id + struct.pack(">I", len(data)) + data + b"\0" * (len(data) & 1)


def entry(string_id: int, stored_length: int, slot: bytes) -> bytes:
    return struct.pack(">II", string_id, stored_length) + slot


def flexcat_catalog(*entries: bytes) -> bytes:
    """A catalog laid out by hand the way FlexCat's CreateCat() writes one."""
    content = (
        b"CTLG"
        + chunk(b"FVER", b"$VER: game.catalog 2.1 (01.02.2003)\0")
        + chunk(b"LANG", b"deutsch\0")
        + chunk(b"CSET", b"\0" * 32)
        + chunk(b"STRS", b"".join(entries))
    )
    return b"FORM" + struct.pack(">I", len(content)) + content


FLEXCAT = flexcat_catalog(
    entry(0, 1, b"\0\0\0\0"),  # "": length 0 is a multiple of 4, so 1 is stored
    entry(1, 3, b"abc\0"),  # 3 bytes and a NUL fill the slot exactly
    entry(2, 5, b"abcd\0\0\0\0"),  # 4: stored as 5, so the slot has room for a NUL
    entry(7, 5, b"abcde\0\0\0"),
    entry(8, 9, b"\xe4\xf6\xfc\xdf\xc4\xd6\xdc\xa7\0\0\0\0"),  # ISO-8859-1
)
STRINGS = {0: "", 1: "abc", 2: "abcd", 7: "abcde", 8: "äöüßÄÖÜ§"}


def test_reads_a_flexcat_catalog() -> None:
    catalog = read_ctlg(FLEXCAT, "game.catalog")
    assert catalog.strings == STRINGS
    assert catalog.language == "deutsch"
    assert catalog.version == "$VER: game.catalog 2.1 (01.02.2003)"
    assert catalog.version_number() == (2, 1)
    assert catalog.codeset == 0


def test_writes_byte_for_byte_what_flexcat_writes() -> None:
    catalog = Ctlg(STRINGS, "deutsch", "$VER: game.catalog 2.1 (01.02.2003)", 0)
    assert write_ctlg(catalog) == FLEXCAT


def test_strings_are_written_in_id_order_whatever_the_dict_order() -> None:
    forwards = Ctlg(dict(sorted(STRINGS.items())), "deutsch")
    backwards = Ctlg(dict(sorted(STRINGS.items(), reverse=True)), "deutsch")
    assert write_ctlg(forwards) == write_ctlg(backwards)


def test_a_string_ends_at_its_first_nul_as_in_locale_library() -> None:
    data = flexcat_catalog(entry(3, 8, b"ab\0cdefg"))
    assert read_ctlg(data).strings == {3: "ab"}


def test_header_chunks_are_optional() -> None:
    data = write_ctlg(Ctlg({1: "x"}))
    assert read_ctlg(data) == Ctlg({1: "x"})
    assert b"FVER" not in data and b"LANG" not in data


def test_version_number_needs_a_version_string() -> None:
    assert Ctlg(version="$VER: x.catalog 40.12").version_number() == (40, 12)
    assert Ctlg(version="no version here").version_number() is None
    assert Ctlg(version="$VER: x.catalog 3 (1.1.02)").version_number() == (3, 0)
    assert Ctlg().version_number() is None


@pytest.mark.parametrize(
    ("strs", "message"),
    [
        (entry(1, 8, b"abcd"), "a string runs past the end"),
        (entry(1, 0xFFFFFFFF, b"abcd"), "a string runs past the end"),
        (entry(1, 1, b"a\0\0\0") + b"\0\0", "a string runs past the end"),
        (entry(1, 1, b"a\0\0\0") * 2, "string 1 appears twice"),
    ],
)
def test_broken_string_tables_are_refused(strs: bytes, message: str) -> None:
    with pytest.raises(IffError, match=f"x.catalog: STRS: {message}"):
        read_ctlg(flexcat_catalog(strs), "x.catalog")


def test_wrong_cset_size_and_missing_form_are_refused() -> None:
    data = FLEXCAT.replace(b"CSET\0\0\0\x20" + b"\0" * 32, b"CSET\0\0\0\x1c" + b"\0" * 28)
    data = data[:4] + struct.pack(">I", len(data) - 8) + data[8:]
    with pytest.raises(IffError, match="CSET: is 28 bytes, not 32"):
        read_ctlg(data)
    with pytest.raises(IffError, match="contains no FORM CTLG"):
        read_ctlg(b"FORM\0\0\0\4ILBM")


@pytest.mark.parametrize(
    ("catalog", "message"),
    [
        (Ctlg({1: "€uro"}), "'€' in '€uro' is not ISO-8859-1"),
        (Ctlg({1: "Ωμέγα Ä"}, language="greek"), "'Ä' in .* is not ISO-8859-7"),
        (Ctlg({1: "a\0b"}), "contains NUL"),
        (Ctlg({-1: "a"}), "does not fit 32 bits"),
        (Ctlg({}, codeset=1 << 32), "does not fit 32 bits"),
        (Ctlg({}, language="ελληνικά"), "LANG: .* is not ISO-8859-1"),
    ],
)
def test_writer_refuses_what_a_catalog_cannot_hold(catalog: Ctlg, message: str) -> None:
    with pytest.raises(IffError, match=message):
        write_ctlg(catalog)


latin1_text = st.text(st.characters(min_codepoint=1, max_codepoint=255), max_size=40)


@given(
    st.dictionaries(st.integers(0, 0xFFFFFFFF), latin1_text, max_size=20),
    st.none() | latin1_text,
    st.none() | latin1_text,
    st.integers(0, 0xFFFFFFFF),
)
def test_write_then_read_gives_identical_strings(
    strings: dict[int, str], language: str | None, version: str | None, codeset: int
) -> None:
    assume(codesets.codec(codeset, language) in (None, "ISO-8859-1"))  # Greek below
    catalog = Ctlg(strings, language, version, codeset)
    assert read_ctlg(write_ctlg(catalog)) == catalog


@pytest.mark.parametrize(("codeset", "language"), [(10, None), (0, "greek"), (10, "greek")])
def test_a_greek_catalog_keeps_its_strings_in_iso_8859_7(
    codeset: int, language: str | None
) -> None:
    catalog = Ctlg({1: "Ναι", 2: "Όχι, ΐ ΰ ς € ‘’ ― ·", 3: "Aa"}, language, "$VER: x 1.0", codeset)
    data = write_ctlg(catalog)
    assert "Ναι".encode("iso8859_7") + b"\0" in data  # one byte a letter, as on the Amiga
    assert read_ctlg(data) == catalog


def test_a_latin_1_catalog_does_not_read_as_greek() -> None:
    data = write_ctlg(Ctlg({1: "Ä"}, language="deutsch"))
    assert read_ctlg(data).strings == {1: "Ä"}
    # The same byte in a Greek catalog of codeset 0 is a Greek letter.
    assert read_ctlg(write_ctlg(Ctlg({1: "Δ"}, language="greek"))).strings == {1: "Δ"}
    assert "Ä".encode("latin-1") == "Δ".encode("iso8859_7")
