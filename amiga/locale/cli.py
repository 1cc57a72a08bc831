"""``python -m amiga.locale``: compile catalogs and look inside them."""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path

from amiga.dos import read_limited, write_atomic
from amiga.iff import IffError, read_ctlg
from amiga.iff.cli import Parser
from amiga.iff.ctlg import MAX_CATALOG_SIZE

from .compiler import compile_catalog
from .errors import LocaleError
from .escapes import escape
from .source import read_cd, read_ct


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for any bad input)."""
    parser = Parser(prog="python -m amiga.locale", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    compile_ = commands.add_parser("compile", help="compile NAME.cd and LANG.ct to a .catalog")
    compile_.add_argument("description", type=Path, metavar="NAME.cd")
    compile_.add_argument("translation", type=Path, metavar="LANG.ct")
    compile_.add_argument("-o", "--output", type=Path, required=True, metavar="NAME.catalog")
    dump = commands.add_parser("dump", help="list every string of a .catalog")
    dump.add_argument("catalog", type=Path, metavar="FILE.catalog")
    args = parser.parse_args(argv)

    sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    try:
        if args.command == "compile":
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                data = compile_catalog(read_cd(args.description), read_ct(args.translation))
            for warning in caught:
                print(f"warning: {warning.message}", file=sys.stderr)
            write_atomic(args.output, data, own=False)
        else:
            catalog = read_ctlg(read_limited(args.catalog, MAX_CATALOG_SIZE), str(args.catalog))
            print(f"language: {catalog.language}")
            print(f"version:  {catalog.version}")
            print(f"codeset:  {catalog.codeset}")
            for msg_id, text in sorted(catalog.strings.items()):
                print(f'{msg_id:6}  "{escape(text)}"')
    except BrokenPipeError:
        # The reader went away (as with "| head"): stop quietly, as Unix tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open for the exit flush
        return 0
    except (LocaleError, IffError, OSError) as error:
        print(f"{parser.prog}: {error}", file=sys.stderr)
        return 2
    return 0
