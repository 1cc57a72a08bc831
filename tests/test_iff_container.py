"""The IFF-85 container: nesting, padding, round trips and refusal of bad sizes."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from amiga.iff import Chunk, Group, IffError, find_forms, parse_iff, write_iff
from amiga.iff.container import MAX_DEPTH


def chunk_bytes(chunk_id: bytes, data: bytes) -> bytes:
    return chunk_id + struct.pack(">I", len(data)) + data + b"\0" * (len(data) & 1)


def group_bytes(kind: bytes, group_type: bytes, *children: bytes) -> bytes:
    content = group_type + b"".join(children)
    return kind + struct.pack(">I", len(content)) + content


NESTED = group_bytes(
    b"LIST",
    b"ILBM",
    group_bytes(b"PROP", b"ILBM", chunk_bytes(b"CMAP", b"\1\2\3"), chunk_bytes(b"AUTH", b"me")),
    group_bytes(b"FORM", b"ILBM", chunk_bytes(b"BODY", b"odd")),
    group_bytes(
        b"CAT ",
        b"ILBM",
        group_bytes(b"FORM", b"ILBM", chunk_bytes(b"CMAP", b"\4\5\6"), chunk_bytes(b"XYZ1", b"")),
    ),
)


def test_nested_groups_parse_into_a_tree() -> None:
    root = parse_iff(NESTED, "nested.iff")
    assert (root.kind, root.type) == ("LIST", "ILBM")
    prop, form, cat = root.children
    assert isinstance(prop, Group) and prop.kind == "PROP"
    assert prop.chunk("CMAP") == Chunk("CMAP", b"\1\2\3")
    assert isinstance(form, Group) and form.chunk("BODY") == Chunk("BODY", b"odd")
    assert isinstance(cat, Group) and cat.kind == "CAT "
    inner = cat.children[0]
    assert isinstance(inner, Group) and inner.chunk("XYZ1") == Chunk("XYZ1", b"")
    assert form.offset == 12 + (12 + 12 + 10)  # after the LIST header and the whole PROP


def test_round_trip_is_byte_identical_and_keeps_unknown_chunks() -> None:
    assert write_iff(parse_iff(NESTED)) == NESTED


def test_odd_chunks_are_padded_and_the_pad_counts_in_the_group_size() -> None:
    data = write_iff(Group("FORM", "TEST", [Chunk("ODD1", b"abc"), Chunk("EVEN", b"ab")]))
    assert data == group_bytes(
        b"FORM", b"TEST", chunk_bytes(b"ODD1", b"abc"), chunk_bytes(b"EVEN", b"ab")
    )
    assert data[8 + 4 + 8 + 3] == 0  # the pad byte


def test_missing_pad_after_the_last_chunk_is_tolerated() -> None:
    content = b"TEST" + b"ODD1" + struct.pack(">I", 3) + b"abc"
    root = parse_iff(b"FORM" + struct.pack(">I", len(content)) + content)
    assert root.chunk("ODD1") == Chunk("ODD1", b"abc")


def test_trailing_bytes_after_the_top_group_are_ignored() -> None:
    assert parse_iff(NESTED + b"\0" * 7) == parse_iff(NESTED)


def test_props_are_inherited_by_later_forms_and_overridden_by_their_own_chunks() -> None:
    first, second = find_forms(parse_iff(NESTED), "ILBM")
    assert first.get("CMAP") == Chunk("CMAP", b"\1\2\3")  # from the PROP
    assert first.get("BODY") == Chunk("BODY", b"odd")
    assert second.get("CMAP") == Chunk("CMAP", b"\4\5\6")  # its own wins
    assert second.get("AUTH") == Chunk("AUTH", b"me")
    assert first.get("NONE") is None


def test_props_apply_only_inside_their_list() -> None:
    outside = group_bytes(b"FORM", b"ILBM", chunk_bytes(b"BODY", b"x"))
    data = group_bytes(b"CAT ", b"ILBM", NESTED, outside)
    forms = list(find_forms(parse_iff(data), "ILBM"))
    assert len(forms) == 3
    assert forms[2].get("CMAP") is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"FORM", "too short to be an IFF file"),
        (b"JUNK" + b"\0" * 12, "not an IFF file"),
        (b"FORM" + struct.pack(">I", 100) + b"ILBM", "claims 100 bytes but the file holds only 4"),
        (group_bytes(b"FORM", b"ILBM", b"BODY\0\0\0\x63xx"), "BODY: at offset 12"),
        (group_bytes(b"FORM", b"ILBM", b"BOD"), "3 stray bytes at offset 12"),
        (group_bytes(b"FORM", b"ILBM", chunk_bytes(b"FORM", b"IL")), "too short to hold a type"),
    ],
)
def test_bad_sizes_are_refused_with_the_file_and_chunk_named(data: bytes, message: str) -> None:
    with pytest.raises(IffError, match=message) as caught:
        parse_iff(data, "bad.iff")
    assert str(caught.value).startswith("bad.iff: ")


def test_a_huge_length_is_refused_without_reading_further() -> None:
    data = group_bytes(b"FORM", b"ILBM", b"BODY" + struct.pack(">I", 0xFFFFFFFF))
    with pytest.raises(IffError, match="BODY: at offset 12 claims 4294967295 bytes"):
        parse_iff(data, "huge.iff")


def test_nesting_deeper_than_the_limit_is_refused_not_a_recursion_error() -> None:
    data = chunk_bytes(b"LEAF", b"")
    for _ in range(MAX_DEPTH + 5):
        data = group_bytes(b"FORM", b"DEEP", data)
    with pytest.raises(IffError, match="nested more than"):
        parse_iff(data, "deep.iff")


def test_writer_rejects_bad_ids() -> None:
    with pytest.raises(IffError, match="not 4 ISO-8859-1 characters"):
        write_iff(Group("FORM", "TOOLONG", []))
    with pytest.raises(IffError, match="is a group ID"):
        write_iff(Group("FORM", "TEST", [Chunk("FORM", b"")]))
    with pytest.raises(IffError, match="is not one of"):
        write_iff(Group("BLOB", "TEST", []))


def test_errors_pickle() -> None:
    import pickle

    error = IffError("a.iff", "BODY", "broken")
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == "a.iff: BODY: broken" and copy.chunk == "BODY"


ids = st.sampled_from(["ABCD", "BODY", "CMAP", "XY  ", "1234"])
chunks = st.builds(Chunk, ids, st.binary(max_size=9))
trees = st.recursive(
    chunks,
    lambda children: st.builds(
        Group, st.sampled_from(["FORM", "LIST", "CAT "]), ids, st.lists(children, max_size=4)
    ),
    max_leaves=12,
)


@given(st.builds(Group, st.just("FORM"), ids, st.lists(trees, max_size=4)))
def test_any_tree_round_trips(tree: Group) -> None:
    data = write_iff(tree)
    assert parse_iff(data) == tree
    assert write_iff(parse_iff(data)) == data
