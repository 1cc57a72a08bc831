"""Play a whole game headless and print its trace, for comparison with the original.

    python -m saga.trace SEED TURNS ADVANCED C0 C1 C2 C3 C4 C5 [--answers FILE]
    python -m saga.trace --load FILE.saga SEED [--answers FILE]
    python -m saga.trace --replay FILE

Controls are 0 (none), 1 (human) and 2 (Amiga), for Beowulf, Brunhild,
Egil, Ragnar, Siegfried and Starkad.  Human answers come from the ``Q``
lines of FILE (a trace file works as it is).  The output is one ``T`` line
per start-of-turn autosave, a ``Q`` line per human question, then the
``FINAL`` state, ``END`` with the number of random draws, and six
``SCORE`` lines.  See DESIGN.md, "Trace format".  A replay file (see
:mod:`saga.replay`) holds the arguments and the answers in one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from saga import savefile
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.placement import start_game
from saga.engine.rng import Lcg64
from saga.engine.state import GameState
from saga.engine.turn import final_scores, play
from saga.host import Answer, Ask, ScriptedHost, ScriptError
from saga.text import english


class TraceError(ValueError):
    """A trace argument or answers file that cannot be used."""


def read_answers(lines: Iterable[str], name: str = "answers") -> list[tuple[Ask, int, int, int]]:
    """The ``Q`` lines of a trace, as scripted answers; other lines are ignored."""
    answers = []
    for number, line in enumerate(lines, 1):
        fields = line.split()
        if not fields or fields[0] != "Q":
            continue
        try:
            if len(fields) != 5:
                raise ValueError("it needs MODE, colour, result and countertype")
            mode = Ask[fields[1]]
            pen, result, countertype = (int(f) for f in fields[2:])
        except (KeyError, ValueError) as e:
            raise TraceError(f"{name}, line {number}: not a Q line I understand ({e})") from None
        answers.append((mode, pen, result, countertype))
    return answers


def q_line(mode: Ask, pen: int, result: int, countertype: int) -> str:
    """One question put to a human, as traces and replays write it."""
    return f"Q {mode.name} {pen} {result} {countertype}"


class TraceHost(ScriptedHost):
    """Prints the autosaves and the questions as the trace format wants them."""

    def __init__(self, answers: list[tuple[Ask, int, int, int]], out: TextIO) -> None:
        super().__init__(answers)
        self.out = out

    def autosave(self, state: GameState) -> None:
        self.out.write(f"T {state.turn} {savefile.encode(state).hex()}\n")

    def ask(self, mode: Ask, pen: int) -> Answer:
        answer = super().ask(mode, pen)
        assert answer.countertype is not None  # scripted answers always say
        self.out.write(q_line(mode, pen, answer.result, answer.countertype) + "\n")
        return answer


def run(
    state: GameState | None,
    seed: int,
    answers: list[tuple[Ask, int, int, int]],
    out: TextIO,
    new_game: tuple[list[int], int, bool] | None = None,
    text: Callable[[str], str] | None = None,
    fixes: bool = False,
) -> None:
    """Play one game, new (``new_game``) or loaded (``state``), writing its trace."""
    rng = Lcg64(seed)
    host = TraceHost(answers, out)
    g = Game(state or GameState(), rng, host, text or english(), fixes=fixes)
    if new_game:
        controls, turns, advanced = new_game
        start_game(g, controls, turns, advanced)
    play(g)
    s = g.state
    out.write(f"FINAL {s.turn} {savefile.encode(s).hex()}\n")
    out.write(f"END {s.turn - 1} {rng.calls}\n")
    for hero, value in enumerate(final_scores(g)):
        out.write(f"SCORE {hero} {value}\n")


def _number(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise TraceError(f"{what} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise TraceError(f"{what} must be {low}..{high}, not {value}")
    return value


def parse_seed(text: str) -> int:
    return _number(text, "SEED", 0, 2**64 - 1)


def parse_game(args: list[str]) -> tuple[int, tuple[list[int], int, bool]]:
    """``SEED TURNS ADVANCED C0..C5`` as the seed and the new game's settings."""
    if len(args) != 9:
        raise TraceError("give SEED TURNS ADVANCED and six controls")
    seed = parse_seed(args[0])
    turns = _number(args[1], "TURNS", 1, 99)
    advanced = bool(_number(args[2], "ADVANCED", 0, 1))
    controls = [
        _number(c, f"the control of {name}", T.NONE, T.AMIGA)
        for c, name in zip(args[3:], T.HERO_NAMES, strict=True)
    ]
    return seed, (controls, turns, advanced)


def _trace(options: argparse.Namespace) -> None:
    if options.replay:
        if options.args or options.load or options.answers:
            raise TraceError("--replay takes no other arguments: the file holds them")
        from saga import replay  # imported here: it builds on this module

        game = replay.read(options.replay)
        run(game.state(), game.seed, game.answers, sys.stdout, game.new_game(), fixes=game.fixes)
        return
    answers: list[tuple[Ask, int, int, int]] = []
    if options.answers:
        path = Path(options.answers)
        try:
            lines = path.read_text(encoding="latin-1").splitlines()
        except OSError as e:
            raise TraceError(f"{path}: can't read it: {e.strerror or e}") from None
        answers = read_answers(lines, str(path))
    if options.load:
        if len(options.args) != 1:
            raise TraceError("with --load give only the SEED")
        seed = parse_seed(options.args[0])
        run(savefile.load(options.load), seed, answers, sys.stdout)
        return
    seed, new_game = parse_game(options.args)
    if T.HUMAN in new_game[0] and not options.answers:
        raise TraceError("a game with a human hero needs --answers")
    run(None, seed, answers, sys.stdout, new_game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m saga.trace",
        description="Play a headless game and print its trace (see DESIGN.md).",
    )
    parser.add_argument("--load", metavar="FILE.saga", help="continue a saved game")
    parser.add_argument("--answers", metavar="FILE", help="human answers (Q lines)")
    parser.add_argument("--replay", metavar="FILE", help="a replay file: arguments and answers")
    parser.add_argument("args", nargs="*", help="SEED TURNS ADVANCED C0..C5, or SEED with --load")
    try:
        _trace(parser.parse_args(argv))
    except (TraceError, savefile.SaveFileError) as e:  # a ReplayError is a TraceError
        print(f"saga.trace: {e}", file=sys.stderr)
        return 2
    except ScriptError as e:  # e.g. the paralysed-hero trap asks for ever
        sys.stdout.flush()
        print(f"saga.trace: stopped: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
