"""Command line: ``python -m amiga.display testpattern OUT.png [--scale N]``.

Writes the test card as an indexed PNG (or IFF ILBM when OUT ends in
``.iff`` or ``.ilbm``), with no window needed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from amiga.display import testpattern
from amiga.display.screenshot import ilbm_bytes, png_bytes
from amiga.iff.png import encode_png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m amiga.display")
    commands = parser.add_subparsers(dest="command", required=True)
    card = commands.add_parser("testpattern", help="render the test card")
    card.add_argument("out", type=Path, help="PNG, or ILBM if it ends .iff or .ilbm")
    card.add_argument("--scale", type=int, default=1, help="enlarge a PNG N times")
    args = parser.parse_args(argv)

    screen = testpattern.render()
    if args.out.suffix.lower() in (".iff", ".ilbm"):
        data = ilbm_bytes(screen)
    elif args.scale == 1:
        data = png_bytes(screen)
    else:
        big = np.repeat(np.repeat(screen.pixels, args.scale, 0), args.scale, 1)
        data = encode_png(big, screen.palette.colours())
    args.out.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
