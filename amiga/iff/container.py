"""The IFF-85 container: FORM, LIST, CAT and PROP groups holding chunks.

The whole file is parsed into a small tree up front.  IFF files are small, and a
tree makes round-tripping trivial: every chunk a reader does not understand is
kept, byte for byte, and written back unchanged.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from .errors import IffError

GROUP_KINDS = ("FORM", "LIST", "CAT ", "PROP")
TOP_LEVEL_KINDS = ("FORM", "LIST", "CAT ")

# Real files nest three or four levels deep (LIST > FORM ANIM > FORM ILBM).  The
# limit keeps a hostile file of endlessly nested FORMs from exhausting the stack.
MAX_DEPTH = 32

# The largest file the tools read: many times any real picture or catalog, and
# small enough that decoding it cannot exhaust memory.
MAX_FILE_SIZE = 16 << 20

_HEADER = struct.Struct(">4sI")


@dataclass(slots=True)
class Chunk:
    """A leaf chunk.  ``offset`` is where its header starts in the parsed file."""

    id: str
    data: bytes
    offset: int = field(default=0, compare=False)


@dataclass(slots=True)
class Group:
    """A FORM, LIST, CAT or PROP and its children, in file order."""

    kind: str
    type: str
    children: list[Chunk | Group] = field(default_factory=list)
    offset: int = field(default=0, compare=False)

    def chunk(self, chunk_id: str) -> Chunk | None:
        """The first direct child chunk with this ID, if any."""
        return next(self.chunks(chunk_id), None)

    def chunks(self, chunk_id: str) -> Iterator[Chunk]:
        """Every direct child chunk with this ID (some chunk types may repeat)."""
        return (c for c in self.children if isinstance(c, Chunk) and c.id == chunk_id)

    @property
    def size(self) -> int:
        """The group's size field: its type ID plus its padded children."""
        return 4 + sum(8 + _padded(_content_size(c)) for c in self.children)


@dataclass(frozen=True, slots=True)
class ResolvedForm:
    """A FORM together with the properties it inherits from enclosing LISTs' PROPs."""

    form: Group
    inherited: Mapping[str, Chunk]

    def get(self, chunk_id: str) -> Chunk | None:
        """The FORM's own chunk, else the inherited PROP chunk, else None."""
        own = self.form.chunk(chunk_id)
        return own if own is not None else self.inherited.get(chunk_id)


def parse_iff(data: bytes, name: str = "<memory>") -> Group:
    """Parse a whole IFF file into its top-level group.

    Every size is checked against the bytes that actually exist before anything is
    sliced, so a hostile length can only produce an :class:`IffError`.  Trailing
    bytes after the top-level group (modem padding, for instance) are ignored, and
    so is a missing pad byte after the very last chunk of a group.
    """
    data = bytes(data)
    if len(data) < 12:
        raise IffError(name, None, f"only {len(data)} bytes; too short to be an IFF file")
    kind, size = _HEADER.unpack_from(data, 0)
    kind = kind.decode("latin-1")
    if kind not in TOP_LEVEL_KINDS:
        raise IffError(name, None, f"not an IFF file (starts with {kind!r})")
    if size > len(data) - 8:
        raise IffError(name, kind, f"claims {size} bytes but the file holds only {len(data) - 8}")
    return _parse_group(data, 0, 8 + size, kind, 0, name)


def write_iff(group: Group) -> bytes:
    """Serialise a group, computing every size field and odd-length pad byte."""
    out = bytearray()
    _write(group, out)
    if len(out) - 8 > 0x7FFFFFFF:
        raise IffError("write_iff", group.kind, "larger than the 2 GiB an IFF size can express")
    return bytes(out)


def find_forms(root: Group, form_type: str) -> Iterator[ResolvedForm]:
    """Every FORM of ``form_type`` in file order, searching nested groups depth-first.

    PROP groups in a LIST supply default chunks for the FORMs that follow them in
    that LIST (and in LISTs nested inside it), as IFF-85 specifies.
    """
    return _find(root, form_type, {})


def _find(group: Group, form_type: str, props: Mapping[str, Chunk]) -> Iterator[ResolvedForm]:
    if group.kind == "FORM" and group.type == form_type:
        yield ResolvedForm(group, props)
        return
    local = dict(props)
    for child in group.children:
        if not isinstance(child, Group):
            continue
        if child.kind == "PROP":
            if group.kind == "LIST" and child.type == form_type:
                prop: dict[str, Chunk] = {}
                for chunk in child.children:
                    if isinstance(chunk, Chunk):
                        prop.setdefault(chunk.id, chunk)
                local.update(prop)
        else:
            yield from _find(child, form_type, local)


def _parse_group(data: bytes, start: int, end: int, kind: str, depth: int, name: str) -> Group:
    if depth >= MAX_DEPTH:
        raise IffError(name, kind, f"nested more than {MAX_DEPTH} levels deep at offset {start}")
    if end - start < 12:
        raise IffError(name, kind, f"at offset {start} is too short to hold a type ID")
    group = Group(kind, data[start + 8 : start + 12].decode("latin-1"), offset=start)
    pos = start + 12
    while pos < end:
        if end - pos < 8:
            raise IffError(
                name, kind, f"{end - pos} stray bytes at offset {pos} inside {kind} {group.type}"
            )
        raw_id, size = _HEADER.unpack_from(data, pos)
        chunk_id = raw_id.decode("latin-1")
        body = pos + 8
        if size > end - body:
            raise IffError(
                name,
                chunk_id,
                f"at offset {pos} claims {size} bytes but only {end - body} remain "
                f"in {kind} {group.type}",
            )
        if chunk_id in GROUP_KINDS:
            group.children.append(_parse_group(data, pos, body + size, chunk_id, depth + 1, name))
        else:
            group.children.append(Chunk(chunk_id, data[body : body + size], pos))
        pos = body + _padded(size)
    return group


def _write(node: Chunk | Group, out: bytearray) -> None:
    out += _id_bytes(node.id if isinstance(node, Chunk) else node.kind)
    if isinstance(node, Chunk):
        out += struct.pack(">I", len(node.data))
        out += node.data
        if len(node.data) & 1:
            out.append(0)
        return
    if node.kind not in GROUP_KINDS:
        raise IffError("write_iff", node.kind, f"is not one of {', '.join(GROUP_KINDS)}")
    out += struct.pack(">I", node.size)
    out += _id_bytes(node.type)
    for child in node.children:
        if isinstance(child, Chunk) and child.id in GROUP_KINDS:
            raise IffError("write_iff", child.id, "is a group ID; build a Group instead")
        _write(child, out)


def _id_bytes(chunk_id: str) -> bytes:
    try:
        raw = chunk_id.encode("latin-1")
    except UnicodeEncodeError:
        raw = b""
    if len(raw) != 4:
        raise IffError("write_iff", None, f"chunk ID {chunk_id!r} is not 4 ISO-8859-1 characters")
    return raw


def _content_size(node: Chunk | Group) -> int:
    return len(node.data) if isinstance(node, Chunk) else node.size


def _padded(size: int) -> int:
    return size + (size & 1)
