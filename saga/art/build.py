"""Regenerate the committed map files and icons from their source data.

    python -m saga.art.build [--check] [--preview DIR]

``--check`` only says whether the committed files are up to date (exit 1 if
not); ``--preview`` also writes PNG previews for people to look at.
"""

from __future__ import annotations

import argparse
import io
import struct
import time
import zlib
from importlib import resources
from pathlib import Path

import numpy as np

from amiga.display.screen import HIRES_LACE_PAL
from amiga.iff import write_ilbm
from saga.art import MAP_FILE, REGIONS_FILE
from saga.art.icon import ICON_SCALES, icon_png
from saga.art.paint import build_map
from saga.art.palette import default_palette


def encode() -> dict[str, bytes]:
    """The bytes of the map's files and the icons, made afresh."""
    art = build_map()
    regions = io.BytesIO()
    np.save(regions, art.areas, allow_pickle=False)
    return {
        MAP_FILE: write_ilbm(art.pixels, default_palette(), planes=7, camg=HIRES_LACE_PAL),
        REGIONS_FILE: _gzip(regions.getvalue()),
        **{name: icon_png(scale) for name, scale in ICON_SCALES.items()},
    }


# A gzip member's header with no name, no time stamp and the "unknown" system
# byte: gzip.compress writes 3 (Unix) for that byte up to Python 3.12 and 255
# from 3.13, and the same data must make the same file on every Python.
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"


def _gzip(data: bytes) -> bytes:
    """``data`` as a gzip file whose bytes depend on nothing but ``data`` (and zlib)."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    body = deflate.compress(data) + deflate.flush()
    return _GZIP_HEADER + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m saga.art.build", description=__doc__)
    parser.add_argument(
        "--check", action="store_true", help="only compare with the committed files"
    )
    parser.add_argument("--preview", type=Path, metavar="DIR", help="also write PNG previews here")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    files = encode()
    folder = Path(str(resources.files("saga.art")))
    stale = [name for name, data in files.items() if _read(folder / name) != data]
    if args.check:
        for name in stale:
            print(f"{name} is out of date: run python -m saga.art.build")
        return 1 if stale else 0
    for name, data in files.items():
        (folder / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes{' (changed)' if name in stale else ''}")
    if args.preview:
        from saga.art.preview import write_previews

        for path in write_previews(args.preview):
            print(f"preview {path}")
    print(f"built in {time.perf_counter() - started:.2f} s")
    return 0


def _read(path: Path) -> bytes | None:
    return path.read_bytes() if path.exists() else None


if __name__ == "__main__":
    raise SystemExit(main())
