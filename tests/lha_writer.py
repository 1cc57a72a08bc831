"""A small LhA writer for the tests: stored (-lh0-) and -lh5- members, header levels 0 to 2.

Only the tests use it: they pack files we make ourselves, so that the reader
(:mod:`amiga.lha`) is tried on archives as LhA lays them out, without any
archive from elsewhere.  The -lh5- packer is plain (greedy matches, one
code table per block) but writes every part of the format the reader must
understand: the code-length code with its skip field, runs of zero lengths,
single-symbol tables, literals, matches and distances.
"""

from __future__ import annotations

import heapq
from collections import Counter

from amiga.lha import crc16

WINDOW_BITS = 13
MIN_MATCH, MAX_MATCH = 3, 256
CODES = 510
BLOCK = 0xFFFF


class _Bits:
    def __init__(self) -> None:
        self.value = 0
        self.count = 0

    def put(self, value: int, bits: int) -> None:
        assert 0 <= value < (1 << bits) or bits == 0
        self.value = (self.value << bits) | value
        self.count += bits

    def bytes(self) -> bytes:
        pad = -self.count % 8
        return (self.value << pad).to_bytes((self.count + pad) // 8, "big")


def _lengths(freq: dict[int, int], limit: int = 16) -> dict[int, int]:
    """Huffman code lengths of at most ``limit`` bits (frequencies flattened until they fit)."""
    freq = {s: f for s, f in freq.items() if f}
    while True:
        heap = [(f, i, (s,)) for i, (s, f) in enumerate(sorted(freq.items()))]
        heapq.heapify(heap)
        depth = dict.fromkeys(freq, 0)
        tie = len(heap)
        while len(heap) > 1:
            fa, _, a = heapq.heappop(heap)
            fb, _, b = heapq.heappop(heap)
            for s in a + b:
                depth[s] += 1
            heapq.heappush(heap, (fa + fb, tie, a + b))
            tie += 1
        if max(depth.values()) <= limit:
            return depth
        freq = {s: (f + 1) // 2 for s, f in freq.items()}


def _codes(lengths: dict[int, int]) -> dict[int, tuple[int, int]]:
    """Canonical codes: shorter first, then by symbol, as LhA's tables are made."""
    codes, code = {}, 0
    for length in range(1, 17):
        for symbol in sorted(s for s, n in lengths.items() if n == length):
            codes[symbol] = (code, length)
            code += 1
        code <<= 1
    return codes


def _put_lengths(out: _Bits, lengths: list[int], width: int, special: int) -> None:
    """A code-length or distance table in the 3-bit-and-unary form."""
    n = len(lengths)
    while n and lengths[n - 1] == 0:
        n -= 1
    out.put(n, width)
    i = 0
    while i < n:
        length = lengths[i]
        if length < 7:
            out.put(length, 3)
        else:
            out.put(7, 3)
            for _ in range(length - 7):
                out.put(1, 1)
            out.put(0, 1)
        i += 1
        if i == special:
            skip = 0
            while skip < 3 and i + skip < n and lengths[i + skip] == 0:
                skip += 1
            out.put(skip, 2)
            i += skip


def _table(out: _Bits, freq: dict[int, int], count: int, width: int, special: int) -> dict:
    used = [s for s, f in freq.items() if f]
    if len(used) == 1:  # the single-symbol form: no bits per code
        out.put(0, width)
        out.put(used[0], width)
        return {used[0]: (0, 0)}
    lengths = _lengths(freq)
    _put_lengths(out, [lengths.get(s, 0) for s in range(count)], width, special)
    return _codes(lengths)


def _literal_lengths(lengths: list[int]) -> list[tuple[int, int, int]]:
    """The literal lengths as (length code, extra value, extra bits), with runs of zeros."""
    n = len(lengths)
    while n and lengths[n - 1] == 0:
        n -= 1
    items: list[tuple[int, int, int]] = []
    i = 0
    while i < n:
        if lengths[i]:
            items.append((lengths[i] + 2, 0, 0))
            i += 1
            continue
        run = 0
        while i + run < n and lengths[i + run] == 0:
            run += 1
        run = min(run, 20 + 511)
        if run <= 2:
            items.extend([(0, 0, 0)] * run)
        elif run <= 18:
            items.append((1, run - 3, 4))
        elif run == 19:
            items.extend([(0, 0, 0), (1, 15, 4)])
        else:
            items.append((2, run - 20, 9))
        i += run
    return items


def _tokens(data: bytes) -> list[tuple[int, int]]:
    """Greedy LZSS: (literal byte, 0) or (256 + length - 3, distance)."""
    heads: dict[bytes, list[int]] = {}
    tokens: list[tuple[int, int]] = []
    i, window = 0, 1 << WINDOW_BITS
    while i < len(data):
        best, where = 0, 0
        key = data[i : i + MIN_MATCH]
        for j in reversed(heads.get(key, [])[-16:]):
            if i - j > window:
                break
            n = 0
            while n < MAX_MATCH and i + n < len(data) and data[j + n] == data[i + n]:
                n += 1
            if n > best:
                best, where = n, j
        step = best if best >= MIN_MATCH else 1
        if best >= MIN_MATCH:
            tokens.append((256 + best - MIN_MATCH, i - where - 1))
        else:
            tokens.append((data[i], 0))
        for k in range(i, i + step):
            heads.setdefault(data[k : k + MIN_MATCH], []).append(k)
        i += step
    return tokens


def lh5(data: bytes) -> bytes:
    out = _Bits()
    tokens = _tokens(data)
    for start in range(0, len(tokens), BLOCK):
        block = tokens[start : start + BLOCK]
        out.put(len(block), 16)
        literal_freq = Counter(code for code, _ in block)
        literal_lengths = _lengths(literal_freq) if len(literal_freq) > 1 else {}
        distance_freq = Counter(d.bit_length() for code, d in block if code >= 256)
        if not distance_freq:
            distance_freq[0] = 1
        if len(literal_freq) == 1:
            out.put(0, 5)  # no code-length code
            out.put(0, 5)
            out.put(0, 9)
            out.put(next(iter(literal_freq)), 9)
            literal_codes = {next(iter(literal_freq)): (0, 0)}
        else:
            items = _literal_lengths([literal_lengths.get(s, 0) for s in range(CODES)])
            length_codes = _table(out, Counter(c for c, _, _ in items), 19, 5, 3)
            out.put(
                len([literal_lengths.get(s, 0) for s in range(CODES)]) - _trailing(literal_lengths),
                9,
            )
            for code, extra, bits in items:
                value, length = length_codes[code]
                out.put(value, length)
                out.put(extra, bits)
            literal_codes = _codes(literal_lengths)
        distance_codes = _table(out, distance_freq, WINDOW_BITS + 1, 4, -1)
        for code, distance in block:
            value, length = literal_codes[code]
            out.put(value, length)
            if code >= 256:
                bits = distance.bit_length()
                value, length = distance_codes[bits]
                out.put(value, length)
                if bits > 1:
                    out.put(distance - (1 << (bits - 1)), bits - 1)
    return out.bytes()


def _trailing(lengths: dict[int, int]) -> int:
    n = CODES
    while n and not lengths.get(n - 1):
        n -= 1
    return CODES - n


def member(name: str, data: bytes, *, method: str = "lh0", level: int = 0) -> bytes:
    """One member's header and packed data."""
    packed = lh5(data) if method == "lh5" else data
    tag = f"-{method}-".encode()
    crc = crc16(data)
    # 31 December 2024 at noon: a DOS date and time (levels 0 and 1), Unix seconds (level 2).
    dos = ((2024 - 1980) << 9 | 12 << 5 | 31) << 16 | 12 << 11
    stamp = (dos if level < 2 else 1735646400).to_bytes(4, "little")
    raw = name.replace("/", "\\").encode("latin-1")
    if level in (0, 1):
        body = tag + len(packed).to_bytes(4, "little") + len(data).to_bytes(4, "little") + stamp
        body += bytes([0x20, level, len(raw)]) + raw + crc.to_bytes(2, "little")
        if level == 1:
            body += b"A" + (0).to_bytes(2, "little")  # the OS, then no extended header
        return bytes([len(body), sum(body) & 0xFF]) + body + packed
    base = name.encode("latin-1").rsplit(b"/", 1)
    folder, file_name = (base[0], base[1]) if len(base) == 2 else (b"", base[0])
    extended = bytes([0x01]) + file_name
    extended = (len(extended) + 2).to_bytes(2, "little") + extended
    if folder:
        part = bytes([0x02]) + folder.replace(b"/", b"\xff")
        extended += (len(part) + 2).to_bytes(2, "little") + part
    extended += (0).to_bytes(2, "little")
    # The first extended header's size sits in the base header; each then names the next.
    first, rest = extended[:2], extended[2:]
    body = tag + len(packed).to_bytes(4, "little") + len(data).to_bytes(4, "little") + stamp
    body += bytes([0x20, 2]) + crc.to_bytes(2, "little") + b"U" + first
    header = body + rest
    size = 2 + len(header)
    return size.to_bytes(2, "little") + header + packed


def archive(files: dict[str, bytes], *, method: str = "lh0", level: int = 0) -> bytes:
    """An LhA archive of ``files`` (path → bytes), ended by a zero byte."""
    return b"".join(member(n, d, method=method, level=level) for n, d in files.items()) + b"\0"
