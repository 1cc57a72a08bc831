"""The ``saga`` command.

    saga [options] [BEOWULF=HUMAN|AMIGA|NONE ...] [[FILE=]savedgame]

As on the Amiga, hero controls given here override ``Saga.config``, and a
saved game named here is loaded at start-up (taken exactly as given; if no
such file exists, ``.saga`` is tried after it).  ``saga ?`` shows the
template.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path

from amiga.dos import FileProblem
from amiga.input import EventSource
from saga import config as configuration
from saga import savefile
from saga.engine import tables as T
from saga.engine.host import Host
from saga.engine.rng import clock_seed
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.headless import watch
from saga.hosts import ScriptError, TerminalHost
from saga.places import AUTOSAVE, AUTOSAVE_REPLAY, find_places
from saga.replay import Recorder, Replay, ReplayError, ReplayHost
from saga.replay import read as read_replay
from saga.text import Lookup, load_text

TEMPLATE = (
    "saga [--headless] [--seed N] [--turns N] [--advanced] [--language NAME] "
    "[--config FILE] [--fix-bugs] [--record FILE] [BEOWULF=HUMAN|AMIGA|NONE] [BRUNHILD=...] "
    "[EGIL=...] [RAGNAR=...] "
    "[SIEGFRIED=...] [STARKAD=...] [[FILE=]savedgame]  |  saga [--headless] --replay FILE  |  "
    "saga --simulate N [--seed S] [--turns T] [--advanced] [--jobs J] [--csv FILE] "
    "[--chart FILE.png] [HERO=AMIGA|NONE ...]  |  "
    "saga --headless --host [ADDR:]PORT [--code CODE] [--seat HERO,...] [--answers FILE] "
    "[--announce] [options] [HERO=...] [FILE]  |  "
    "saga --headless --join ADDR:PORT --code CODE [--seat HERO,...] [--answers FILE]  |  "
    "saga --find"
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
    p.add_argument(
        "--headless",
        action="store_true",
        help="watch the Amiga play in the terminal, without a window",
    )
    p.add_argument("--seed", type=int, help="seed the dice, to repeat a game exactly")
    p.add_argument("--turns", type=int, help=f"game length, 1 to {T.MAX_TURNS} turns")
    p.add_argument("--advanced", action="store_true", help="advanced monsters and treasures")
    p.add_argument("--language", help="catalog language, e.g. deutsch (default: English)")
    p.add_argument(
        "--config",
        type=Path,
        help="settings file (default: ./Saga.config if there is one, else the "
        "user's settings folder)",
    )
    p.add_argument(
        "--fix-bugs",
        action="store_true",
        help="mend the original's known traps (the game is then not faithful)",
    )
    p.add_argument(
        "args",
        nargs="*",
        metavar="HERO=CONTROL or FILE",
        help="hero controls and a saved game to load",
    )
    _add_replay_options(p)
    _add_network_options(p)
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
    except (UsageError, savefile.SaveFileError, ReplayError) as e:
        print(f"saga: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _check_numbers(options: argparse.Namespace) -> None:
    if options.turns is not None and not 1 <= options.turns <= T.MAX_TURNS:
        raise UsageError(f"--turns must be 1 to {T.MAX_TURNS}")
    if options.seed is not None and options.seed < 0:
        raise UsageError("--seed must not be negative")


def _run(options: argparse.Namespace) -> int:
    _check_numbers(options)
    _check_replay_options(options)
    _check_network_options(options)
    if options.simulate is not None:
        return _simulate(options)
    places = find_places(options.config)
    store = configuration.SettingsFile(places.settings)
    config, problems = store.read(configuration.Config(home=places.data))
    # What the command line says holds for this run only: the store never hears of it.
    controls = config.controls
    game_file = _apply_args(options.args, controls)
    if options.turns is not None:
        config.turns = options.turns
    config.advanced = config.advanced or options.advanced
    config.fixes = config.fixes or options.fix_bugs
    text, warnings = load_text(options.language, config.language, os.environ, places.progdir)
    for warning in [*problems, *warnings]:
        print(f"saga: {warning}", file=sys.stderr)
    if options.replay:
        return _replay(options, config, text)
    if options.find:
        return _find()
    if options.join:
        return _join(options, config, text)
    save_path = _find_save(game_file) if game_file else None
    state = _load_game(save_path, text) if save_path else None
    seed = options.seed if options.seed is not None else clock_seed()
    setup = Setup(seed, tuple(controls), config.turns, config.advanced, config.fixes, state)
    if not places.portable:
        try:
            config.home.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(f"{text('MSG_CANT_WRITE')} {config.home}: {e.strerror or e}") from None
    if not options.headless and options.host:
        raise UsageError(
            "--host and --join play in the terminal: add --headless (in the window, use "
            "Host game... or Join game... on the title screen)"
        )
    if not options.headless:
        from amiga.display import DisplayError
        from saga.window.app import run_window  # pygame stays out of headless runs

        try:
            return run_window(
                config,
                setup,
                text,
                save_path,
                store=store,
                wrap_host=_recording(options, config, autosave=True),
            )
        except DisplayError as e:
            raise UsageError(f"{e}; try --headless") from None

    in_play = setup.in_play()
    if not any(in_play):
        raise UsageError("at least one hero must play (e.g. RAGNAR=AMIGA)")
    if options.host:
        return _host(options, config, setup, text)
    humans = [T.HERO_NAMES[i] for i, c in enumerate(in_play) if c == T.HUMAN]
    if humans:
        raise UsageError(
            f"--headless plays only Amiga heroes; {', '.join(humans)} "
            f"{'is' if len(humans) == 1 else 'are'} human "
            f"(give e.g. {humans[0].upper()}=AMIGA or {humans[0].upper()}=NONE)"
        )
    host = _terminal_host(text, config.home / AUTOSAVE)
    record = _recording(options, config, autosave=True)
    watch(Session(setup, text, record(host, setup)), host.out)
    return 0


def _terminal_host(text: Lookup, autosave: Path | None, answers: bool = False) -> TerminalHost:
    """The terminal's host; with ``answers`` its player answers on standard input."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")  # never die on a missing glyph
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    return TerminalHost(sys.stdout, text, autosave, colour, sys.stdin if answers else None)


# -- record, replay and simulate ----------------------------------------------


def _add_replay_options(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group("record, replay and simulate")
    group.add_argument(
        "--record", type=Path, metavar="FILE", help="write the replay of the game played to FILE"
    )
    group.add_argument(
        "--replay",
        type=Path,
        metavar="FILE",
        help="play a replay back in the window (Tab: full speed) or --headless",
    )
    group.add_argument(
        "--simulate",
        type=int,
        metavar="N",
        help="play N games of Amiga heroes headless; print each hero's figures",
    )
    group.add_argument(
        "--jobs",
        type=int,
        metavar="J",
        help="with --simulate: processes to use (default: one per core)",
    )
    group.add_argument(
        "--csv", type=Path, metavar="FILE", help="with --simulate: write one row per game"
    )
    group.add_argument(
        "--chart",
        type=Path,
        metavar="FILE.png",
        help="with --simulate: draw each hero's score distribution",
    )


def _check_replay_options(options: argparse.Namespace) -> None:
    if options.simulate is None and (options.jobs or options.csv or options.chart):
        raise UsageError("--jobs, --csv and --chart go with --simulate")
    if options.simulate is not None and (options.record or options.replay or options.headless):
        raise UsageError("--simulate plays headless, and records or replays nothing")
    if options.replay and (
        options.args or options.seed is not None or options.turns is not None or options.advanced
    ):
        raise UsageError(
            "--replay takes the game from its file: give no heroes, saved game, "
            "--seed, --turns or --advanced"
        )
    if options.record:
        if options.replay and options.record.resolve() == options.replay.resolve():
            raise UsageError("--record must not overwrite the replay being played")
        try:
            options.record.open("w").close()  # find out now if it can be written
        except OSError as e:
            raise UsageError(f"can't record to {options.record}: {e.strerror or e}") from None


def _recording(
    options: argparse.Namespace, config: configuration.Config, autosave: bool
) -> Callable[[Host, Setup], Host]:
    """Keep each game's replay: beside the autosave, and in --record FILE."""
    paths = [config.home / AUTOSAVE_REPLAY] if autosave else []
    if options.record and options.record.resolve() not in [p.resolve() for p in paths]:
        paths.append(options.record)

    def record(host: Host, setup: Setup) -> Host:
        if not paths:
            return host
        return Recorder(host, setup.seed, setup.loaded, paths, fixes=setup.fixes, warn=_warn)

    return record


def _warn(message: str) -> None:
    print(f"saga: {message}", file=sys.stderr)


def _replay(options: argparse.Namespace, config: configuration.Config, text: Lookup) -> int:
    game = read_replay(options.replay)
    setup = game.setup()
    config = dataclasses.replace(config, fixes=game.fixes)  # a replay keeps no settings
    record = _recording(options, config, autosave=False)
    try:
        if options.headless:
            host = _terminal_host(text, None)
            watch(Session(setup, text, record(ReplayHost(host, game.answers), setup)), host.out)
            return 0
        return watch_replay(game, config, text, record)
    except ScriptError as e:
        sys.stdout.flush()
        print(f"saga: the replay stops: {e}", file=sys.stderr)
        return 1


def watch_replay(
    game: Replay,
    config: configuration.Config,
    text: Lookup,
    record: Callable[[Host, Setup], Host],
    source: EventSource | None = None,
) -> int:
    """Watch a replay: it plays itself at the message delay; Tab runs it at full speed.

    If it ends before the game does (its player left), the window's player
    takes over from there.
    """
    from amiga.display import DisplayError
    from saga.window.app import run_window
    from saga.window.host import ScreenHost

    def replay_into(host: ScreenHost, setup: Setup) -> Host:
        host.autoplay = True

        def take_over() -> None:
            host.autoplay = host.fast = False

        return record(ReplayHost(host, game.answers, take_over), setup)

    setup = game.setup()
    if setup.state is None:
        config.controls, config.turns, config.advanced = game.controls, game.turns, game.advanced
    try:
        return run_window(config, setup, text, source=source, wrap_host=replay_into, once=True)
    except DisplayError as e:
        raise UsageError(f"{e}; try --headless") from None


def _simulate(options: argparse.Namespace) -> int:
    from saga import simulate

    controls = [T.AMIGA] * len(T.HERO_NAMES)
    if _apply_args(options.args, controls):
        raise UsageError("--simulate plays new games: give no saved game")
    if T.HUMAN in controls:
        raise UsageError("--simulate plays only Amiga heroes (give HERO=AMIGA or HERO=NONE)")
    if not any(controls):
        raise UsageError("at least one hero must play (e.g. RAGNAR=AMIGA)")
    if options.simulate < 1:
        raise UsageError("--simulate needs at least 1 game")
    if options.jobs is not None and options.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    plan = simulate.Plan(
        games=options.simulate,
        seed=options.seed if options.seed is not None else clock_seed(),
        turns=options.turns or configuration.Config().turns,
        advanced=options.advanced,
        controls=tuple(controls),
        fixes=options.fix_bugs,
    )
    return simulate.command(plan, options.jobs or os.cpu_count() or 1, options.csv, options.chart)


# -- network play --------------------------------------------------------------


def _add_network_options(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group('network play (see README, "Playing over the network")')
    group.add_argument(
        "--host", metavar="[ADDR:]PORT", help="host this game for players on other machines"
    )
    group.add_argument("--join", metavar="ADDR:PORT", help="join the game hosted there")
    group.add_argument(
        "--code", metavar="CODE", help="the join code (the host makes one if not given)"
    )
    group.add_argument(
        "--seat",
        metavar="HERO[,HERO...]",
        help="the heroes this machine plays (joining without it watches as a spectator)",
    )
    group.add_argument(
        "--announce",
        action="store_true",
        help="with --host: announce the game on the local network",
    )
    group.add_argument(
        "--find", action="store_true", help="list the games announced on the local network"
    )
    group.add_argument(
        "--answers",
        type=Path,
        metavar="FILE",
        help="with --headless: answer this machine's seats from the Q lines of FILE",
    )


def _check_network_options(options: argparse.Namespace) -> None:
    networked = options.host or options.join
    if options.host and options.join:
        raise UsageError("--host or --join, not both")
    if not networked and (options.code or options.seat or options.answers):
        raise UsageError("--code, --seat and --answers go with --host or --join")
    if networked and (options.replay or options.simulate is not None):
        raise UsageError("a network game neither replays nor simulates")
    if options.announce and not options.host:
        raise UsageError("--announce goes with --host")
    if options.answers and not options.headless:
        raise UsageError("--answers goes with --headless")
    if options.join and (
        options.args or options.seed is not None or options.turns is not None or options.advanced
    ):
        raise UsageError(
            "--join takes the game from its host: give no heroes, saved game, "
            "--seed, --turns or --advanced"
        )
    if options.join and not options.headless:
        raise UsageError(
            "--host and --join play in the terminal: add --headless (in the window, use "
            "Host game... or Join game... on the title screen)"
        )


def _network(options: argparse.Namespace, config: configuration.Config, text: Lookup) -> dict:
    """What hosting and joining share: the seats, the terminal, the recorder."""
    from saga.net import play

    seats = play.read_seats(options.seat)
    answers = None
    if options.answers:
        try:
            from saga.trace import TraceError, read_answers, read_lines

            answers = read_answers(read_lines(str(options.answers)), str(options.answers))
        except TraceError as e:
            raise UsageError(str(e)) from None
    return {
        "seating": play.Seating(seats, answers),
        "play": lambda session: watch(session, sys.stdout),
        "wrap": _recording(options, config, autosave=True),
        "keep": config.home,
        "tell": play.say,
        "alteration": os.environ.get("SAGA_NET_TEST_DESYNC"),
    }


def _host(
    options: argparse.Namespace, config: configuration.Config, setup: Setup, text: Lookup
) -> int:
    from saga.net import play
    from saga.net.lockstep import NetStop
    from saga.net.protocol import new_code, parse_address

    try:
        address = parse_address(options.host)
        shared = _network(options, config, text)
        host = _terminal_host(text, config.home / AUTOSAVE, answers=not options.answers)
        code = options.code or new_code()
        registry = None
        if options.announce:
            from saga.net.discovery import default_registry

            registry = default_registry()
        try:
            return play.host_game(
                setup, text, host, address=address, code=code, registry=registry, **shared
            )
        finally:
            if registry is not None:
                registry.close()
    except (NetStop, ValueError) as e:
        raise UsageError(str(e)) from None


def _join(options: argparse.Namespace, config: configuration.Config, text: Lookup) -> int:
    from saga.net import play
    from saga.net.lockstep import NetStop
    from saga.net.protocol import parse_address

    if not options.code:
        raise UsageError("--join needs the host's --code")
    try:
        address = parse_address(options.join)
        if not address[0]:
            raise UsageError("--join needs the host's address, e.g. 192.168.1.20:4000")
        shared = _network(options, config, text)
        return play.join_game(
            address,
            options.code,
            text,
            lambda: _terminal_host(text, config.home / AUTOSAVE, answers=not options.answers),
            **shared,
        )
    except (NetStop, ValueError) as e:
        raise UsageError(str(e)) from None


def _find() -> int:
    """List the games announced on the local network (after listening a moment)."""
    import time

    from saga.net.discovery import default_registry, describe

    registry = default_registry()
    try:
        time.sleep(FIND_WAIT)
        games = registry.games()
    finally:
        registry.close()
    for game in games:
        print(describe(game))
    if not games:
        print("saga: no games announced on the local network", file=sys.stderr)
    return 0


FIND_WAIT = 2.0  # seconds --find listens for announcements


def _load_game(path: Path, t: Lookup) -> GameState:
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
