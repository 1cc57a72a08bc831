"""LhA archives, as Aminet still hands out Amiga software: read in memory, bounded.

    archive = LhaArchive(data)                # the archive's bytes, already read
    for entry in archive.entries: ...         # name, sizes, method
    text = archive.read(entry, limit=4 << 20) # one member's bytes

Headers of levels 0, 1 and 2 are read, and the methods ``-lh0-`` (stored)
and ``-lh4-`` to ``-lh7-`` (LZSS with static Huffman codes, the same
decoder with a 4 to 64 KiB window).  Nothing is written to disk.

Why not a package from PyPI: the one there (``lhafile``) decodes a member
until its compressed data ends, not until the size its header states, so a
small hostile member can grow without bound in memory, and its decoder is C
code fed whatever the file holds.  Here every size is checked before it is
used: a member is decoded up to the size its header gives and no further,
that size must be under the caller's limit, and a member that says it is
smaller than it decodes to, or whose CRC differs, is refused.  Readers
raise only :class:`LhaError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# The methods read, with the size of their sliding window in bits.
WINDOW_BITS = {b"-lh4-": 12, b"-lh5-": 13, b"-lh6-": 15, b"-lh7-": 16}
STORED = b"-lh0-"
FOLDER = b"-lhd-"
MAX_ENTRIES = 10_000
MAX_BLOCK_TABLES = 100_000  # a sane member has a few; each costs a table build

_LITERALS = 256
_MIN_MATCH = 3
_CODES = _LITERALS + 256 - _MIN_MATCH + 1  # literals, then match lengths 3..256
_LENGTH_CODES = 19  # the code lengths' own code: lengths 0..16 and three run codes
_MAX_CODE_BITS = 16
_PEEK = 16  # decoding tables are indexed by the next 16 bits


class LhaError(ValueError):
    """The archive or a member cannot be read: why, in words."""


@dataclass(frozen=True)
class LhaEntry:
    """One member: its path in the archive (``/`` between folders), how it is packed, where."""

    name: str
    method: bytes
    packed_size: int
    size: int
    crc: int | None  # CRC-16 of the unpacked bytes (None: the header gives none)
    offset: int  # where the packed data starts

    @property
    def is_folder(self) -> bool:
        return self.method == FOLDER


class LhaArchive:
    """The members of an LhA archive held in memory; :meth:`read` unpacks one."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.entries = _read_headers(data)

    def read(self, entry: LhaEntry, limit: int) -> bytes:
        """The unpacked bytes of ``entry``; :class:`LhaError` if it says it is larger
        than ``limit``, is packed in a way not read here, or does not unpack whole."""
        if entry.size > limit:
            raise LhaError(f"{entry.name} would unpack to {entry.size} bytes, more than {limit}")
        packed = self.data[entry.offset : entry.offset + entry.packed_size]
        out: bytes | bytearray
        if entry.method == STORED:
            if entry.packed_size != entry.size:
                raise LhaError(
                    f"{entry.name} is stored in {entry.packed_size} bytes, not {entry.size}"
                )
            out = packed
        elif entry.method in WINDOW_BITS:
            out = _Decoder(packed, WINDOW_BITS[entry.method], entry.name).unpack(entry.size)
        else:
            method = entry.method.decode("latin-1")
            raise LhaError(f"{entry.name} is packed with {method!r}, which is not read here")
        if entry.crc is not None and crc16(out) != entry.crc:
            raise LhaError(f"{entry.name} is damaged (its CRC does not match)")
        return bytes(out)


def is_lha(data: bytes) -> bool:
    """Whether ``data`` starts like an LhA archive (a method name at its place)."""
    return len(data) > 7 and data[2:4] == b"-l" and data[6:7] == b"-"


# -- headers ---------------------------------------------------------------------


def _u16(data: bytes, at: int) -> int:
    return int.from_bytes(data[at : at + 2], "little")


def _u32(data: bytes, at: int) -> int:
    return int.from_bytes(data[at : at + 4], "little")


def _read_headers(data: bytes) -> list[LhaEntry]:
    entries: list[LhaEntry] = []
    at = 0
    while at < len(data) and data[at] != 0:  # a zero byte ends the archive
        if len(entries) >= MAX_ENTRIES:
            raise LhaError(f"more than {MAX_ENTRIES} members")
        if at + 22 > len(data):
            raise LhaError(f"the header at byte {at} is cut off")
        level = data[at + 20]
        if level in (0, 1):
            entry, at = _header_01(data, at, level)
        elif level == 2:
            entry, at = _header_2(data, at)
        else:
            raise LhaError(f"the header at byte {at} is of level {level}, which is not read here")
        if entry.offset + entry.packed_size > len(data):
            raise LhaError(f"{entry.name} is cut off (the archive ends inside it)")
        entries.append(entry)
        at = entry.offset + entry.packed_size
    return entries


def _header_01(data: bytes, at: int, level: int) -> tuple[LhaEntry, int]:
    size = data[at] + 2  # the base header, its two first bytes included
    end = at + size
    if end > len(data) or size < 24:
        raise LhaError(f"the header at byte {at} is cut off or too short")
    if sum(data[at + 2 : end]) & 0xFF != data[at + 1]:
        raise LhaError(f"the header at byte {at} is damaged (its checksum does not match)")
    method = data[at + 2 : at + 7]
    packed, unpacked = _u32(data, at + 7), _u32(data, at + 11)
    name_length = data[at + 21]
    name_end = at + 22 + name_length
    if name_end > end:
        raise LhaError(f"the header at byte {at} names more than it holds")
    name = data[at + 22 : name_end].split(b"\0")[0]  # LhA may add a comment after a NUL
    crc = _u16(data, name_end) if name_end + 2 <= end else None
    folder = b""
    if level == 1:  # extended headers follow; the packed size counts them too
        extended, folder_name, name = _extended(data, end, _u16(data, end - 2), name)
        folder = folder_name
        packed -= extended - end
        end = extended
        if packed < 0:
            raise LhaError(f"the header at byte {at} is damaged (sizes do not add up)")
    return LhaEntry(_path(folder, name), method, packed, unpacked, crc, end), end


def _header_2(data: bytes, at: int) -> tuple[LhaEntry, int]:
    size = _u16(data, at)
    end = at + size
    if size < 26 or end > len(data):
        raise LhaError(f"the header at byte {at} is cut off or too short")
    method = data[at + 2 : at + 7]
    packed, unpacked = _u32(data, at + 7), _u32(data, at + 11)
    crc = _u16(data, at + 21)
    stop, folder, name = _extended(data, at + 26, _u16(data, at + 24), b"", limit=end)
    if stop > end:
        raise LhaError(f"the header at byte {at} is damaged (its parts overrun it)")
    return LhaEntry(_path(folder, name), method, packed, unpacked, crc, end), end


def _extended(
    data: bytes, at: int, size: int, name: bytes, limit: int | None = None
) -> tuple[int, bytes, bytes]:
    """Walk the extended headers from ``at``: (where they end, the folder, the name)."""
    folder = b""
    limit = len(data) if limit is None else limit
    count = 0
    while size:
        count += 1
        if size < 3 or at + size > limit or count > 1000:
            raise LhaError(f"the extended header at byte {at} is damaged")
        kind, body = data[at], data[at + 1 : at + size - 2]
        if kind == 0x01:
            name = body
        elif kind == 0x02:
            folder = body
        at += size
        size = _u16(data, at - 2)
    return at, folder, name


def _path(folder: bytes, name: bytes) -> str:
    """A member's path with ``/`` between its parts, whichever separator the packer used."""
    text = (folder + b"\xff" + name if folder else name).decode("latin-1")
    parts = text.replace("\xff", "/").replace("\\", "/").split("/")
    return "/".join(part for part in parts if part)


# -- CRC-16, as LhA computes it (the ARC polynomial, reflected) ------------------------


@cache
def _crc_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
        table.append(crc)
    return tuple(table)


def crc16(data: bytes | bytearray) -> int:
    table = _crc_table()
    crc = 0
    for byte in data:
        crc = (crc >> 8) ^ table[(crc ^ byte) & 0xFF]
    return crc


# -- the -lh4- to -lh7- decoder ------------------------------------------------------


# A code: a decoding table, or the one symbol a block sends without any bits.
_Code = list[tuple[int, int]] | int


class _Decoder:
    """Blocks of Huffman-coded literals and (length, distance) pairs, read MSB first."""

    def __init__(self, packed: bytes, window_bits: int, name: str) -> None:
        self.data = packed
        self.name = name
        self.pos = 0  # the next byte of ``data`` to take into ``bits``
        self.bits = 0  # bits not yet used, the next one highest
        self.count = 0  # how many there are in ``bits``
        self.distance_codes = window_bits + 1
        self.distance_bits = 5 if window_bits > 13 else 4
        self.tables = 0

    def _fill(self, n: int) -> None:
        while self.count < n:
            byte = self.data[self.pos] if self.pos < len(self.data) else 0
            self.pos += 1
            self.bits = (self.bits << 8) | byte
            self.count += 8
        if self.pos > len(self.data) + 4:
            raise LhaError(f"{self.name} ends before it is whole")

    def _take(self, n: int) -> int:
        if n == 0:
            return 0
        self._fill(n)
        self.count -= n
        value = self.bits >> self.count
        self.bits &= (1 << self.count) - 1
        return value

    def _peek(self) -> int:
        self._fill(_PEEK)
        return self.bits >> (self.count - _PEEK)

    def _table(self, lengths: list[int]) -> list[tuple[int, int]]:
        """A decoding table of canonical Huffman codes: the next 16 bits → (symbol, bits)."""
        self.tables += 1
        if self.tables > MAX_BLOCK_TABLES:
            raise LhaError(f"{self.name} has too many blocks")
        table: list[tuple[int, int]] = [(-1, 0)] * (1 << _PEEK)
        code = 0
        for length in range(1, _MAX_CODE_BITS + 1):
            span = 1 << (_PEEK - length)
            for symbol, bits in enumerate(lengths):
                if bits == length:
                    table[code : code + span] = [(symbol, length)] * span
                    code += span
                    if code > 1 << _PEEK:
                        raise LhaError(f"{self.name} is damaged (a code table overflows)")
        if code != 1 << _PEEK:
            raise LhaError(f"{self.name} is damaged (a code table is incomplete)")
        return table

    def _decode(self, table: list[tuple[int, int]]) -> int:
        symbol, length = table[self._peek()]
        self.count -= length
        self.bits &= (1 << self.count) - 1
        return symbol

    def _lengths(self, count: int, width: int, special: int) -> _Code:
        """The code lengths' or the distances' code: a table, or the one symbol always sent."""
        n = self._take(width)
        if n == 0:
            return self._single(self._take(width), count)
        if n > count:
            raise LhaError(f"{self.name} is damaged (too many code lengths)")
        lengths = [0] * count
        i = 0
        while i < n:
            length = self._take(3)
            if length == 7:
                while self._take(1):
                    length += 1
                    if length > _MAX_CODE_BITS:
                        raise LhaError(f"{self.name} is damaged (a code is too long)")
            lengths[i] = length
            i += 1
            if i == special:
                i += self._take(2)  # lengths skipped as zero
        return self._table(lengths)

    def _single(self, symbol: int, count: int) -> int:
        if symbol >= count:
            raise LhaError(f"{self.name} is damaged (a code out of range)")
        return symbol

    def _literal_lengths(
        self, length_code: list[tuple[int, int]] | int
    ) -> list[tuple[int, int]] | int:
        n = self._take(9)
        if n == 0:
            return self._single(self._take(9), _CODES)
        if n > _CODES:
            raise LhaError(f"{self.name} is damaged (too many codes)")
        lengths = [0] * _CODES
        i = 0
        while i < n:
            c = length_code if isinstance(length_code, int) else self._decode(length_code)
            if c <= 2:
                run = 1 if c == 0 else self._take(4) + 3 if c == 1 else self._take(9) + 20
                i += run  # zeros
            else:
                lengths[i] = c - 2
                i += 1
        if i > _CODES:
            raise LhaError(f"{self.name} is damaged (codes run past the end)")
        return self._table(lengths)

    def unpack(self, size: int) -> bytearray:
        out = bytearray()
        window = 1 << (self.distance_codes - 1)
        literal: _Code = 0
        distance: _Code = 0
        left = 0  # codes left in the block
        while len(out) < size:
            if left == 0:
                left = self._take(16)
                if left == 0:
                    raise LhaError(f"{self.name} is damaged (an empty block)")
                length_code = self._lengths(_LENGTH_CODES, 5, 3)
                literal = self._literal_lengths(length_code)
                distance = self._lengths(self.distance_codes, self.distance_bits, -1)
            left -= 1
            code = literal if isinstance(literal, int) else self._decode(literal)
            if code < _LITERALS:
                out.append(code)
                continue
            run = code - _LITERALS + _MIN_MATCH
            bits = distance if isinstance(distance, int) else self._decode(distance)
            back = (1 << (bits - 1)) + self._take(bits - 1) if bits > 1 else bits
            back += 1
            if back > window:
                raise LhaError(f"{self.name} is damaged (a match reaches too far back)")
            start = len(out) - back
            run = min(run, size - len(out))
            if start < 0:  # before the first byte the window holds spaces
                ahead = min(-start, run)
                out += b" " * ahead
                start, run = len(out) - back, run - ahead
            if back >= run:
                out += out[start : start + run]
            else:
                for i in range(run):
                    out.append(out[start + i])
        return out
