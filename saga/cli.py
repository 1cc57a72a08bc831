"""The ``saga`` command.

    saga [options] [BEOWULF=HUMAN|AMIGA|NONE ...] [[FILE=]savedgame]

As on the Amiga, hero controls given here override ``Saga.config``, and a
saved game named here is loaded at start-up (taken exactly as given; if no
such file exists, ``.saga`` is tried after it).  ``saga ?`` shows the
template.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path

from amiga.dos import FileProblem
from saga import config as configuration
from saga import savefile
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.placement import start_game
from saga.engine.rng import Lcg64, clock_seed
from saga.engine.state import GameState
from saga.places import find_places
from saga.text import load_text

TEMPLATE = (
    "saga [--headless] [--seed N] [--turns N] [--advanced] [--language NAME] "
    "[--config FILE] [BEOWULF=HUMAN|AMIGA|NONE] [BRUNHILD=...] [EGIL=...] [RAGNAR=...] "
    "[SIEGFRIED=...] [STARKAD=...] [[FILE=]savedgame]"
)

# What ``saga ?`` adds under the template: the window's keys.
KEYS = """In the window (Ctrl or the Windows key is the right Amiga key):
  Ctrl+N new  Ctrl+O open  Ctrl+S save  Ctrl+A save as  Ctrl+Q quit
  Ctrl+B title bar  Ctrl+W watch the Amiga  Ctrl+G summary
  Ctrl+1..4 runes, spells, swords, treasures  Ctrl+M manual  Ctrl+? about
  Shift+Esc quit at once   Alt+Enter fullscreen   Alt+1/2/3 scale, Alt+0 fit
  F1 or Insert is Help; F11 is the Amiga's F1"""


class UsageError(ValueError):
    pass


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="saga",
        description="Saga: Age of Heroes, the Amiga conversion, on a modern machine.",
        epilog="Heroes: " + ", ".join(n.upper() for n in T.HERO_NAMES) + ".\n\n" + KEYS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--headless", action="store_true",
                   help="watch the Amiga play in the terminal, without a window")
    p.add_argument("--seed", type=int, help="seed the dice, to repeat a game exactly")
    p.add_argument("--turns", type=int, help="game length, 1 to 99 turns")
    p.add_argument("--advanced", action="store_true", help="advanced monsters and treasures")
    p.add_argument("--language", help="catalog language, e.g. deutsch (default: English)")
    p.add_argument("--config", type=Path,
                   help="settings file (default: ./Saga.config if there is one, else the "
                   "user's settings folder)")
    p.add_argument("--fix-bugs", action="store_true",
                   help="mend the original's known traps (the game is then not faithful)")
    p.add_argument("args", nargs="*", metavar="HERO=CONTROL or FILE",
                   help="hero controls and a saved game to load")
    return p


def _apply_args(args: list[str], controls: list[int]) -> str | None:
    """Apply HERO=CONTROL words to the controls; return the saved game named, if any."""
    heroes = [n.upper() for n in T.HERO_NAMES]
    game_file = None
    for arg in args:
        key, sep, value = arg.partition("=")
        if sep and key.upper() in heroes:
            control = configuration.CONTROL_NAMES.get(value.upper())
            if control is None:
                raise UsageError(f"{key.upper()} must be HUMAN, AMIGA or NONE, not {value!r}")
            controls[heroes.index(key.upper())] = control
        elif sep and key.upper() == "FILE":
            game_file = value
        elif not sep or os.path.lexists(arg):  # never raises, whatever the name
            if game_file is not None:
                raise UsageError(f"only one saved game can be loaded ({game_file!r} and {arg!r})")
            game_file = arg
        else:
            raise UsageError(f"{key!r} is not a hero (use {', '.join(heroes)})")
    return game_file


def _find_save(name: str) -> Path:
    plain = os.path.lexists(name) or name.lower().endswith(".saga")
    if not plain and os.path.lexists(name + ".saga"):
        return Path(name + ".saga")
    return Path(name)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["?"]:  # the AmigaDOS way to ask for a command's template
        text, _ = load_text(None, None, os.environ, Path.cwd())
        print(f"{text('MSG_USAGE')}: {TEMPLATE}")
        print(KEYS)
        return 0
    options = _parser().parse_args(argv)
    try:
        return _run(options)
    except (UsageError, savefile.SaveFileError) as e:
        print(f"saga: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run(options: argparse.Namespace) -> int:
    places = find_places(options.config)
    store = configuration.SettingsFile(places.settings)
    config, problems = store.read(configuration.Config(home=places.data))
    # What the command line says holds for this run only: the store never hears of it.
    controls = config.controls
    game_file = _apply_args(options.args, controls)
    if options.turns is not None:
        if not 1 <= options.turns <= 99:
            raise UsageError("--turns must be 1 to 99")
        config.turns = options.turns
    config.advanced = config.advanced or options.advanced
    config.fix_bugs = config.fix_bugs or options.fix_bugs
    if options.seed is not None and options.seed < 0:
        raise UsageError("--seed must not be negative")
    text, warnings = load_text(options.language, config.language, os.environ, places.progdir)
    for warning in [*problems, *warnings]:
        print(f"saga: {warning}", file=sys.stderr)
    rng = Lcg64(options.seed if options.seed is not None else clock_seed())
    save_path = _find_save(game_file) if game_file else None
    state = _load_game(save_path, text) if save_path else None
    if not places.portable:
        try:
            config.home.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(f"{text('MSG_CANT_WRITE')} {config.home}: {e.strerror or e}") from None
    if not options.headless:
        from amiga.display import DisplayError
        from saga.screen.app import run_window  # pygame stays out of headless runs

        try:
            return run_window(config, controls, state, rng, text, save_path, store=store)
        except DisplayError as e:
            raise UsageError(f"{e}; try --headless") from None

    from saga.headless import TerminalHost, watch

    in_play = [h.control for h in state.heroes] if state else controls
    if not any(in_play):
        raise UsageError("at least one hero must play (e.g. RAGNAR=AMIGA)")
    humans = [T.HERO_NAMES[i] for i, c in enumerate(in_play) if c == T.HUMAN]
    if humans:
        raise UsageError(
            f"--headless plays only Amiga heroes; {', '.join(humans)} "
            f"{'is' if len(humans) == 1 else 'are'} human "
            f"(give e.g. {humans[0].upper()}=AMIGA or {humans[0].upper()}=NONE)"
        )
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")  # never die on a missing glyph
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    host = TerminalHost(sys.stdout, text, config.home / "Autosave.saga", colour)
    g = Game(state or GameState(), rng, host, text, fixes=config.fix_bugs)
    if state is None:
        start_game(g, controls, config.turns, config.advanced)
    watch(g)
    return 0


def _load_game(path: Path, t: Callable[[str], str]) -> GameState:
    """The saved game named on the command line, or one clear message why not."""
    try:
        return savefile.load(path)
    except savefile.SaveFileError:
        raise
    except (OSError, ValueError) as e:
        problem = str(e) if isinstance(e, FileProblem) else f"{path}: {e}"
        raise UsageError(f"{t('MSG_CANT_READ')} {problem}") from None


if __name__ == "__main__":
    sys.exit(main())
