"""CTLG catalogs, the IFF files locale.library loads translated strings from.

Layout (as FlexCat writes it and locale.library reads it)::

    FORM CTLG
      FVER  "$VER: name.catalog 1.0 (dd.mm.yyyy)" NUL
      LANG  "deutsch" NUL
      CSET  ULONG codeset, 7 reserved ULONGs
      STRS  { ULONG id; ULONG length; UBYTE text[length] padded to 4 bytes }...

locale.library keeps the STRS chunk in memory and hands out pointers into it,
so every string must be followed by a NUL inside its padded slot.  When a
string's length is a multiple of 4 the padding would otherwise hold no NUL, so
FlexCat stores length+1 (counting one NUL) and pads to the next multiple of 4.
We write the same bytes, and read a string as locale.library does: up to its
first NUL.  The strings' bytes are in the catalog's character set (CSET, or
for 0 its language's usual one: see :mod:`amiga.codesets`), so a Greek
catalog's ISO-8859-7 reads as Greek letters.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

from construct import Bytes, ConstructError, Int32ub, Padding, Struct, this

from amiga import codesets

from .container import Chunk, Group, find_forms, parse_iff, write_iff
from .errors import IffError

MAX_CATALOG_SIZE = 1 << 20  # a large program's catalog is a few tens of kilobytes

CSET = Struct("codeset" / Int32ub, Padding(28))
STRS_ENTRY = Struct(
    "id" / Int32ub,
    "length" / Int32ub,
    "data" / Bytes((this.length + 3) & ~3),
)

# locale.library reads the catalog's version from the FVER string the same way.
_VERSION = re.compile(r"\$VER:\s*\S+\s+(\d+)(?:\.(\d+))?")


@dataclass
class Ctlg:
    """The contents of a catalog: string IDs to text, and the header chunks.

    The version and language are ASCII in every catalog; the strings are
    text, kept in the file in the character set ``codeset`` names.
    """

    strings: dict[int, str] = field(default_factory=dict)
    language: str | None = None
    version: str | None = None
    codeset: int = 0

    def version_number(self) -> tuple[int, int] | None:
        """(version, revision) from the FVER string, as OpenCatalog() checks it."""
        match = _VERSION.search(self.version or "")
        return (int(match[1]), int(match[2] or 0)) if match else None


def read_ctlg(data: bytes, name: str = "<memory>") -> Ctlg:
    """Decode the first FORM CTLG in an IFF file.  Raises only :class:`IffError`."""
    form = next(find_forms(parse_iff(data, name), "CTLG"), None)
    if form is None:
        raise IffError(name, None, "contains no FORM CTLG")
    catalog = Ctlg()
    if (chunk := form.get("FVER")) is not None:
        catalog.version = _c_string(chunk.data)
    if (chunk := form.get("LANG")) is not None:
        catalog.language = _c_string(chunk.data)
    if (chunk := form.get("CSET")) is not None:
        if len(chunk.data) != CSET.sizeof():
            raise IffError(name, "CSET", f"is {len(chunk.data)} bytes, not {CSET.sizeof()}")
        catalog.codeset = CSET.parse(chunk.data).codeset
    raw: dict[int, bytes] = {}
    for chunk in form.form.chunks("STRS"):
        _read_strings(chunk.data, raw, name)
    catalog.strings = {
        string_id: codesets.decode(data, catalog.codeset, catalog.language)
        for string_id, data in raw.items()
    }
    return catalog


def write_ctlg(catalog: Ctlg) -> bytes:
    """Encode a catalog byte-for-byte as FlexCat would, strings in ID order.

    Sorted IDs let locale.library binary-search the table; they also make the
    output independent of dictionary order, so identical input gives identical bytes.
    """
    chunks: list[Chunk | Group] = []
    if catalog.version is not None:
        chunks.append(Chunk("FVER", _encode(catalog.version, "FVER") + b"\0"))
    if catalog.language is not None:
        chunks.append(Chunk("LANG", _encode(catalog.language, "LANG") + b"\0"))
    if not 0 <= catalog.codeset <= 0xFFFFFFFF:
        raise IffError("write_ctlg", "CSET", f"codeset {catalog.codeset} does not fit 32 bits")
    chunks.append(Chunk("CSET", CSET.build({"codeset": catalog.codeset})))
    strings = bytearray()
    for string_id, text in sorted(catalog.strings.items()):
        if not 0 <= string_id <= 0xFFFFFFFF:
            raise IffError("write_ctlg", "STRS", f"string ID {string_id} does not fit 32 bits")
        raw = _encode(text, "STRS", catalog.codeset, catalog.language)
        length = len(raw) + (len(raw) % 4 == 0)
        padded = raw.ljust((length + 3) & ~3, b"\0")
        strings += STRS_ENTRY.build({"id": string_id, "length": length, "data": padded})
    chunks.append(Chunk("STRS", bytes(strings)))
    return write_iff(Group("FORM", "CTLG", chunks))


def _read_strings(data: bytes, strings: dict[int, bytes], name: str) -> None:
    # One entry at a time, so a table of many tiny strings never exists as a list
    # of parsed records on top of the resulting dictionary.
    stream = io.BytesIO(data)
    while stream.tell() < len(data):
        try:
            entry = STRS_ENTRY.parse_stream(stream)
        except ConstructError:
            raise IffError(name, "STRS", "a string runs past the end of the chunk") from None
        if entry.id in strings:
            raise IffError(name, "STRS", f"string {entry.id} appears twice")
        strings[entry.id] = entry.data[: entry.length].split(b"\0", 1)[0]


def _encode(
    text: str, chunk: str, codeset: int = codesets.LATIN_1, language: str | None = None
) -> bytes:
    try:
        raw = codesets.encode(text, codeset, language)
    except UnicodeEncodeError as error:
        bad = text[error.start]
        set_name = codesets.codec(codeset, language) or codesets.CODECS[codesets.LATIN_1]
        raise IffError("write_ctlg", chunk, f"{bad!r} in {text[:40]!r} is not {set_name}") from None
    if b"\0" in raw:
        raise IffError("write_ctlg", chunk, f"{text[:40]!r} contains NUL, which would end it early")
    return raw


def _c_string(data: bytes) -> str:
    return data.split(b"\0", 1)[0].decode("latin-1")
