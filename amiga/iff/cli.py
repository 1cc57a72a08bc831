"""``python -m amiga.iff``: inspect IFF files and convert ILBM to and from PNG."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NoReturn

import numpy as np
from construct import ConstructError

from amiga.dos import read_limited, write_atomic

from .container import MAX_FILE_SIZE, Chunk, Group, parse_iff
from .errors import IffError
from .ilbm import BMHD, CAMG_EHB, CAMG_HAM, Compression, Ilbm, Masking, read_ilbm, write_ilbm
from .png import decode_png, encode_png


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line, like every other error here."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for any bad input)."""
    parser = Parser(prog="python -m amiga.iff", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    info = commands.add_parser("info", help="print the chunk tree of an IFF file")
    info.add_argument("file", type=Path)
    topng = commands.add_parser(
        "topng",
        help="convert an ILBM to PNG: indexed with its exact palette and pens; "
        "RGB(A) for deep, EHB and masked pictures",
    )
    topng.add_argument("source", type=Path)
    topng.add_argument("target", type=Path)
    fromimage = commands.add_parser(
        "fromimage", help="convert an indexed PNG (or RGB with <= 256 colours) to ILBM"
    )
    fromimage.add_argument("source", type=Path)
    fromimage.add_argument("target", type=Path)
    args = parser.parse_args(argv)

    sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    try:
        if args.command == "info":
            root = parse_iff(read_limited(args.file, MAX_FILE_SIZE), str(args.file))
            print("\n".join(_tree(root, 0)))
        elif args.command == "topng":
            ilbm = read_ilbm(read_limited(args.source, MAX_FILE_SIZE), str(args.source))
            write_atomic(args.target, _to_png(ilbm), own=False)
        else:
            png = decode_png(read_limited(args.source, MAX_FILE_SIZE), str(args.source))
            write_atomic(
                args.target,
                write_ilbm(png.pixels, png.palette, transparent_colour=png.transparent),
                own=False,
            )
    except BrokenPipeError:
        # The reader went away (as with "| head"): stop quietly, as Unix tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open for the exit flush
        return 0
    except (IffError, OSError) as error:
        print(f"{parser.prog}: {error}", file=sys.stderr)
        return 2
    return 0


def _tree(node: Chunk | Group, depth: int) -> Iterator[str]:
    indent = "  " * depth
    if isinstance(node, Group):
        yield f"{indent}{node.kind} {node.type}  {node.size} bytes at {node.offset}"
        for child in node.children:
            yield from _tree(child, depth + 1)
        return
    detail = _describe(node)
    yield f"{indent}{node.id}  {len(node.data)} bytes at {node.offset}" + (
        f"  {detail}" if detail else ""
    )


def _describe(chunk: Chunk) -> str:
    if chunk.id == "BMHD":
        try:
            bmhd = BMHD.parse(chunk.data)
        except ConstructError:
            return "truncated"
        compression = (
            Compression(bmhd.compression).name
            if bmhd.compression <= max(Compression)
            else f"compression {bmhd.compression}"
        )
        masking = Masking(bmhd.masking).name if bmhd.masking <= max(Masking) else str(bmhd.masking)
        text = f"{bmhd.width}x{bmhd.height}, {bmhd.planes} planes, {compression}, masking {masking}"
        if bmhd.masking == Masking.HAS_TRANSPARENT_COLOUR:
            text += f" (pen {bmhd.transparent_colour})"
        return text
    if chunk.id == "CMAP":
        return f"{len(chunk.data) // 3} colours"
    if chunk.id == "CAMG" and len(chunk.data) >= 4:
        camg = int.from_bytes(chunk.data[:4], "big")
        flags = [name for bit, name in ((CAMG_EHB, "EHB"), (CAMG_HAM, "HAM")) if camg & bit]
        return f"0x{camg:08X}" + (f" ({', '.join(flags)})" if flags else "")
    if chunk.id in ("FVER", "LANG"):
        return repr(chunk.data.split(b"\0", 1)[0].decode("latin-1"))
    return ""


def _to_png(ilbm: Ilbm) -> bytes:
    if ilbm.planes <= 8 and not (ilbm.ehb or ilbm.ham or ilbm.mask is not None):
        return encode_png(ilbm.pixels, ilbm.palette, ilbm.transparent_colour)
    rgb = ilbm.rgb()
    if ilbm.mask is not None:
        opaque = ilbm.mask
    elif ilbm.transparent_colour is not None and ilbm.planes <= 8:
        opaque = ilbm.pixels != ilbm.transparent_colour
    else:
        return encode_png(rgb)
    return encode_png(np.dstack([rgb, opaque.astype(np.uint8) * 255]))
