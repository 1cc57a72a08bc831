"""Play a whole game headless and print its trace, for comparison with the original.

    python -m saga.trace SEED TURNS ADVANCED C0 C1 C2 C3 C4 C5 [--answers FILE]
    python -m saga.trace --load FILE.saga SEED [--answers FILE]
    python -m saga.trace ... --expect FILE.trace
    python -m saga.trace ... --messages [--catalog FILE.catalog | --language NAME]
    python -m saga.trace --replay FILE

Controls are 0 (none), 1 (human) and 2 (Amiga), for Beowulf, Brunhild,
Egil, Ragnar, Siegfried and Starkad.  Human answers come from the ``Q``
lines of FILE (a trace file works as it is).  The output is one ``T`` line
per start-of-turn autosave, a ``Q`` line per human question, then the
``FINAL`` state, ``END`` with the number of random draws, and six
``SCORE`` lines.  With ``--messages`` every message of the lower message
line is printed too, in order, as ``M <pen> <text>``, in the language of
the catalog given (English without one).  See docs/design.md, "Trace format".

With ``--expect`` the trace is also compared with FILE (say, the original's
trace of the same game, whose ``Q`` lines then serve as the answers), and
the first difference is reported by field: ``turn 7: heroes.Egil.luck 3 ≠ 4``.

A replay file (see :mod:`saga.files.replayfile`) holds the arguments and the answers in one.
"""

from __future__ import annotations

import argparse
import io
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from amiga.dos import FileProblem, read_limited
from amiga.locale import Catalog, LocaleWarning
from saga.engine import tables as T
from saga.engine.host import WHITE, Answer, Ask
from saga.engine.rng import Lcg64
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files import savefile
from saga.files.replayfile import Answer as Scripted
from saga.files.replayfile import (
    TraceError,
    file_lines,
    parse_game,
    parse_seed,
    q_line,
    read_answers,
)
from saga.files.replayfile import read as read_replay
from saga.look.text import Lookup, Text, english, load_text, warn
from saga.play.hosts import ScriptedHost, ScriptError


def catalog_text(path: Path) -> Text:
    """The game's words from one compiled catalog file, whatever its language.

    Unlike the game, which carries on in English, a trace stops on a catalog
    it cannot use: a comparison in the wrong language would only mislead.
    """
    from amiga.iff import IffError, read_ctlg  # only a catalog needs the IFF reader
    from amiga.iff.ctlg import MAX_CATALOG_SIZE

    try:
        ctlg = read_ctlg(read_limited(path, MAX_CATALOG_SIZE), str(path))
    except (FileProblem, IffError) as e:
        raise TraceError(f"can't use the catalog: {e}") from None
    with warnings.catch_warnings(record=True) as missing:
        warnings.simplefilter("always", LocaleWarning)
        text = Text(Catalog(ctlg.strings, language=ctlg.language, name=str(path)))
    for warning in missing:
        _warn(str(warning.message))
    return text


def language_text(name: str) -> Text:
    """The game's words in an installed language, as ``saga --language`` finds them."""
    text, problems = load_text(name, None, {}, Path.cwd())
    for problem in problems:
        _warn(problem)
    if problems and text.language is None:
        raise TraceError(f"no usable catalog for the language {name!r}")
    return text


class TraceHost(ScriptedHost):
    """Prints the autosaves and the questions as the trace format wants them."""

    def __init__(self, answers: Sequence[Scripted], out: TextIO, messages: bool = False) -> None:
        super().__init__(answers)
        self.out = out
        self.messages = self.listening = messages

    def say(self, text: str, pen: int) -> None:
        if self.messages:
            self.out.write(f"M {pen} {text}\n")

    def autosave(self, state: GameState) -> None:
        self.out.write(f"T {state.turn} {savefile.encode(state).hex()}\n")

    def ask(self, mode: Ask, pen: int) -> Answer:
        answer = super().ask(mode, pen)
        assert answer.countertype is not None  # scripted answers always say
        self.out.write(q_line(mode, pen, answer.result, answer.countertype) + "\n")
        return answer


def run(
    setup: Setup,
    answers: Sequence[Scripted],
    out: TextIO,
    text: Lookup | None = None,
    messages: bool = False,
) -> None:
    """Play one game, new or loaded, writing its trace."""
    host = TraceHost(answers, out, messages)
    rng = Lcg64(setup.seed)
    session = Session(setup, text or english(), host, rng)
    session.play()
    s = session.state
    out.write(f"FINAL {s.turn} {savefile.encode(s).hex()}\n")
    # The original ends on the score table with this line where messages go.
    host.say(session.game_over_line(), WHITE)
    out.write(f"END {s.turn - 1} {rng.calls}\n")
    for hero, value in enumerate(session.scores()):
        out.write(f"SCORE {hero} {value}\n")


def first_difference(got: list[str], want: list[str]) -> list[str]:
    """Where a trace first departs from the expected one, by field for a saved state.

    Empty when the traces are the same.  A ``T`` or ``FINAL`` line that
    differs is told as ``turn 7: heroes.Egil.luck 3 ≠ 4``, one line per
    field that differs (the produced value first); any other line whole.
    """
    from saga.files import savelayout  # loaded with the first save anyway; not before

    for number, (a, b) in enumerate(zip(got, want, strict=False), 1):
        if a == b:
            continue
        fa, fb = a.split(), b.split()
        if len(fa) == len(fb) == 3 and fa[:2] == fb[:2] and fa[0] in ("T", "FINAL"):
            try:
                saves = bytes.fromhex(fa[2]), bytes.fromhex(fb[2])
            except ValueError:
                pass
            else:
                when = f"turn {fa[1]}" if fa[0] == "T" else f"final state, turn {fa[1]}"
                return [f"{when}: {d}" for d in savelayout.differences(*saves)]
        return [f"line {number}: {a[:120]!r} ≠ {b[:120]!r}"]
    if len(got) != len(want):
        return [f"line {min(len(got), len(want)) + 1}: {len(got)} lines ≠ {len(want)} lines"]
    return []


def _trace(options: argparse.Namespace, out: TextIO, expected: list[str]) -> None:
    text = (
        catalog_text(Path(options.catalog))
        if options.catalog
        else language_text(options.language)
        if options.language
        else english()
    )
    if options.replay:
        if options.args or options.load or options.answers:
            raise TraceError("--replay takes no other arguments: the file holds them")
        game = read_replay(options.replay, _warn)
        run(game.setup(), game.answers, out, text, options.messages)
        return
    answers: Sequence[Scripted] = []
    if options.answers or options.expect:
        name = options.answers or options.expect
        answers = read_answers(file_lines(name) if options.answers else expected, name)
    if options.load:
        if len(options.args) != 1:
            raise TraceError("with --load give only the SEED")
        setup = Setup.continuing(parse_seed(options.args[0]), savefile.load(options.load))
        run(setup, answers, out, text, options.messages)
        return
    setup = parse_game(options.args)
    if T.HUMAN in setup.controls and not (options.answers or options.expect):
        raise TraceError("a game with a human hero needs --answers")
    run(setup, answers, out, text, options.messages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m saga.trace",
        description="Play a headless game and print its trace (see docs/design.md).",
    )
    parser.add_argument("--load", metavar="FILE.saga", help="continue a saved game")
    parser.add_argument("--answers", metavar="FILE", help="human answers (Q lines)")
    parser.add_argument(
        "--expect",
        metavar="FILE",
        help="compare with this trace and report the first difference (exit 1); "
        "its Q lines answer the humans unless --answers is given",
    )
    parser.add_argument("--replay", metavar="FILE", help="a replay file: arguments and answers")
    parser.add_argument(
        "--messages", action="store_true", help="print the message line too, as M <pen> <text>"
    )
    words = parser.add_mutually_exclusive_group()
    words.add_argument("--catalog", metavar="FILE", help="the messages from this compiled catalog")
    words.add_argument("--language", metavar="NAME", help="the messages in an installed language")
    parser.add_argument("args", nargs="*", help="SEED TURNS ADVANCED C0..C5, or SEED with --load")
    options = parser.parse_args(argv)
    if options.messages and isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8")
    # With --expect the trace is kept, to be compared once the game is over.
    kept = io.StringIO() if options.expect else None
    out = kept or sys.stdout
    expected: list[str] = []
    try:
        if options.expect:
            expected = [line.rstrip("\r\n") for line in file_lines(options.expect)]
        _trace(options, out, expected)
    except (TraceError, savefile.SaveFileError) as e:  # a ReplayError is a TraceError
        _warn(str(e))
        return 2
    except ScriptError as e:  # e.g. the paralysed-hero trap asks for ever
        if kept:
            _compared(kept.getvalue(), expected)
        _warn(f"stopped: {e}")
        return 1
    return 1 if kept and _compared(kept.getvalue(), expected) else 0


def _warn(message: str) -> None:
    warn(message, "saga.trace")


def _compared(trace: str, expected: list[str]) -> bool:
    """Show a captured trace, and whether it departs from the expected one (said on stderr)."""
    sys.stdout.flush()
    sys.stdout.write(trace)
    sys.stdout.flush()
    differences = first_difference(trace.splitlines(), expected)
    for line in differences[:_SHOWN]:
        _warn(line)
    if len(differences) > _SHOWN:
        _warn(f"... and {len(differences) - _SHOWN} more fields")
    return bool(differences)


_SHOWN = 20


if __name__ == "__main__":
    sys.exit(main())
