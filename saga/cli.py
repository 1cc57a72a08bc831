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
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from amiga.dos import FileProblem, check_writable, same_file
from saga import version_line
from saga.engine import tables as T
from saga.engine.host import WHITE, Host
from saga.engine.rng import clock_seed
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files import config as configuration
from saga.files import savefile
from saga.files.places import MAX_GAMES, Places, Slot, claim_slot, find_places
from saga.files.replayfile import Replay, ReplayError
from saga.files.replayfile import read as read_replay
from saga.headless import watch
from saga.look.text import Lookup, Notice, Unfit, load_text, printable, warn
from saga.play.hosts import ScriptError, TerminalHost
from saga.play.replay import Recorder, ReplayHost

if TYPE_CHECKING:
    from amiga.input import EventSource
    from saga.art.kit import Art
    from saga.net.online import Servers
    from saga.screen.network import HostForm, JoinForm  # the window's forms, answered here

TEMPLATE = (
    "saga [--headless] [--seed N] [--turns N] [--advanced] [--language NAME] "
    "[--config FILE] [--fix-bugs] [--record FILE] [BEOWULF=HUMAN|AMIGA|NONE] [BRUNHILD=...] "
    "[EGIL=...] [RAGNAR=...] "
    "[SIEGFRIED=...] [STARKAD=...] [[FILE=]savedgame]  |  saga [--headless] --replay FILE  |  "
    "saga --simulate N [--seed S] [--turns T] [--advanced] [--jobs J] [--csv FILE] "
    "[--chart FILE.png] [HERO=AMIGA|NONE ...]  |  "
    "saga [--headless] --host online|[ADDR:]PORT [--codes FILE] [--code CODE] "
    "[--seat HERO,...] [--answers FILE] [--announce] [options] [HERO=...] [FILE]  |  "
    "saga [--headless] --join CODE|ADDR:PORT [--code CODE] [--seat HERO,...] [--answers FILE]  |  "
    "saga --find"
)

# What ``saga ?`` adds under the template: the window's keys.
KEYS = """In the window (Ctrl or the Windows key is the right Amiga key):
  Ctrl+N new  Ctrl+O open  Ctrl+S save  Ctrl+A save as  Ctrl+Q quit
  Ctrl+B title bar  Ctrl+W watch the Amiga  Ctrl+G summary
  Ctrl+1..4 runes, spells, swords, treasures  Ctrl+M manual  Ctrl+? about
  Shift+Esc quit at once   Alt+Enter fullscreen   Alt+1/2/3 scale, Alt+0 fit
  The Help key, F1 or Insert is Help; F11 is the Amiga's F1"""


class UsageError(ValueError):
    pass


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="saga",
        description="Saga: Age of Heroes, the Amiga conversion, on a modern machine.",
        epilog="Heroes: " + ", ".join(n.upper() for n in T.HERO_NAMES) + ".\n\n" + KEYS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("-V", "--version", action="version", version=version_line())
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
        help="mend the original's one known trap, a paralysed hero asked to attack for ever "
        "(the game is then not faithful)",
    )
    p.add_argument(
        "--original",
        type=Path,
        metavar="PATH",
        help="show the original's map, counters and colours from your copy of Saga 1.95: "
        "the Aminet archive Saga.lha, its source folder, or its files",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="with --original: say what was found in the copy and used, and what failed where",
    )
    p.add_argument(
        "args",
        nargs="*",
        metavar="HERO=CONTROL or FILE",
        help="hero controls and a saved game to load",
    )
    _add_replay_options(p)
    _add_network_options(p)
    desktop = p.add_argument_group("desktop (Linux and other XDG desktops)")
    desktop.add_argument(
        "--install-desktop",
        action="store_true",
        help="add Saga to this user's application menu (entry, icon and metadata)",
    )
    desktop.add_argument(
        "--uninstall-desktop",
        action="store_true",
        help="take Saga out of this user's application menu again",
    )
    return p


def _apply_args(args: list[str], controls: list[T.Control], notices: list[str]) -> str | None:
    """Apply HERO=CONTROL words to the controls; return the saved game named, if any.

    A control that is no control changes nothing, as in 1.95: the hero keeps
    the control it had, and a notice in ``notices`` says so.
    """
    heroes = [n.upper() for n in T.HERO_NAMES]
    game_file = None
    for arg in args:
        key, sep, value = arg.partition("=")
        if sep and key.upper() in heroes:
            hero = heroes.index(key.upper())
            control = configuration.CONTROL_NAMES.get(value.upper())
            if control is None:
                kept = configuration.CONTROL_WORDS[controls[hero]]
                english = (
                    f"{heroes[hero]} must be HUMAN, AMIGA or NONE, not {value!r}; it stays {kept}"
                )
                notices.append(Notice(english, arg, "MSG_CONTROL_WORDS", f"{kept}."))
                continue
            controls[hero] = control
        elif sep and key.upper() == "FILE":
            game_file = value
        elif not sep or os.path.lexists(arg):  # never raises, whatever the name
            if game_file is not None:
                raise UsageError(f"only one saved game can be loaded ({game_file!r} and {arg!r})")
            game_file = arg
        else:
            raise UsageError(str(Unfit("MSG_NOT_A_HERO", repr(key), ", ".join(heroes))))
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
        warn(str(e))
        return 2
    except KeyboardInterrupt:
        return 130


def _run(options: argparse.Namespace) -> int:
    """Check every argument and read every file first; only then write anything."""
    if options.install_desktop or options.uninstall_desktop:
        return _desktop(install=options.install_desktop, remove=options.uninstall_desktop)
    _check_replay_options(options)
    _check_network_options(options)
    if options.simulate is not None:
        return _simulate(options)
    places = find_places(options.config)
    store = configuration.SettingsFile(places.settings, own=options.config is None)
    config, problems = store.read(configuration.Config(home=places.data))
    # What the command line says holds for this run only: the store never hears of it.
    controls = config.controls
    game_file = _apply_args(options.args, controls, problems)
    if options.turns is not None:
        config.turns = options.turns
    config.advanced = config.advanced or options.advanced
    config.fixes = config.fixes or options.fix_bugs
    text, warnings = load_text(options.language, config.language, os.environ, places.progdir)
    for warning in [*problems, *warnings]:
        warn(warning)
    original = _original_path(options, config, places)
    # The copy this run uses, as a path from here: the Settings menu's file
    # requester opens at it.  Like --turns, it reaches the file only if the
    # player then picks a copy in the window.
    config.original = str(original) if original is not None else ""
    if options.check:
        return _check_original(original)
    # The window shows them again over the title screen, in the player's language.
    notices = [problem for problem in problems if isinstance(problem, Notice)]
    if options.replay:
        return _replay(options, places, config, text)
    if options.find:
        return _find()
    save_path = _find_save(game_file) if game_file else None
    _check_record(options, places, save_path, "the saved game")
    seed = options.seed if options.seed is not None else clock_seed()
    try:  # the command line's game, checked at the door even when a saved one is played
        setup = Setup(seed, tuple(controls), config.turns, config.advanced, config.fixes)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if not options.headless:
        # The window opens a saved game itself: one that fails is told in a
        # requester, and the title screen follows, as in 1.95.  It makes each
        # game's set-up from ``config`` (as checked here) when the game starts.
        network = _network_wish(options, config, save_path)
        art, told = _original_art(original)
        notices = [*notices, *told]
        servers = _servers(options, config) if _online(options) else None
        return _window(
            options, places, config, store, text, seed, save_path, network, servers, notices, art
        )
    if options.join:
        return _join(options, places, config, text)
    if save_path is not None:
        setup = Setup.continuing(seed, _load_game(save_path, text), config.fixes)
    if options.host:
        if not any(setup.controls):
            raise UsageError("at least one hero must play (e.g. RAGNAR=AMIGA)")
        return _host(options, places, config, setup, text)
    _check_headless(setup)
    slot = _claim(config, places, text)
    try:
        host = _terminal_host(slot.autosave)
        watch(Session(setup, text, _recording(options, slot)(host, setup)), host.out)
        return 0
    finally:
        slot.release()


# What signal.signal hands back: the handler it replaced.
_Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


def _close_on_sigterm() -> _Handler:
    """Until the window is open (which then hears SIGTERM as its close button),
    SIGTERM ends the program as closing the window would: at once, status 0,
    with the folder's autosave slot given back on the way out.  Returns the
    handler it replaced (None where this thread may not set one)."""

    def close(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(0)

    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, close)


def _window(
    options: argparse.Namespace,
    places: Places,
    config: configuration.Config,
    store: configuration.SettingsFile,
    text: Lookup,
    seed: int,
    save_path: Path | None,
    network: HostForm | JoinForm | None,
    servers: Servers | None,
    notices: list[Notice],
    art: Art | None = None,
) -> int:
    """Play in the window, autosaving in the game's own slot: the saved game
    named first, or the network game of ``--host`` or ``--join`` (online, by
    ``servers``); the start-up ``notices`` are shown over the title screen first."""
    from amiga.display import DisplayError
    from saga.window.app import run_window  # pygame stays out of headless runs
    from saga.window.game import LATE_AFTER

    sigterm = _close_on_sigterm()
    slot = _claim(config, places, text)
    try:
        return run_window(
            config,
            text,
            seed,
            save_path,
            store=store,
            record=_recording(options, slot, text),
            network=network,
            servers=servers,
            late_after=LATE_AFTER if options.take_over_after is None else options.take_over_after,
            autosave=slot.autosave,
            notices=notices,
            art=art,
        )
    except DisplayError as e:
        raise UsageError(f"{e}; try --headless") from None
    finally:
        slot.release()
        if sigterm is not None:
            signal.signal(signal.SIGTERM, sigterm)


def _original_path(
    options: argparse.Namespace, config: configuration.Config, places: Places
) -> Path | None:
    """The player's copy of the original: ``--original``, else ``ORIGINAL=`` in the
    settings (a relative name from the settings file's folder), else none."""
    if options.original is not None:
        return Path(options.original)
    if config.original:
        return places.settings.parent / Path(config.original).expanduser()
    if options.check:
        raise UsageError("--check goes with --original PATH (or ORIGINAL= in Saga.config)")
    return None


def _check_original(path: Path | None) -> int:
    """``--check``: what the copy holds and what is used; exit 1 if nothing is usable."""
    from saga.original import load  # the copy's readers come only when a copy is named

    if path is None:
        raise UsageError("--check goes with --original PATH (or ORIGINAL= in Saga.config)")
    loaded = load(path)
    for line in loaded.report():
        print(printable(line))
    return 0 if loaded.usable else 1


def _original_art(path: Path | None) -> tuple[Art | None, list[Notice]]:
    """The art of the player's copy, if one is named, and what to tell about it
    (on stderr now, in a requester over the title screen later)."""
    if path is None:
        return None, []
    from saga.original import load

    loaded = load(path)
    told = loaded.notices()
    for notice in told:
        warn(notice)
    return loaded.art, told


def _check_headless(setup: Setup) -> None:
    if not any(setup.controls):
        raise UsageError("at least one hero must play (e.g. RAGNAR=AMIGA)")
    humans = [T.HERO_NAMES[i] for i, c in enumerate(setup.controls) if c == T.HUMAN]
    if humans:
        raise UsageError(
            f"--headless plays only Amiga heroes; {', '.join(humans)} "
            f"{'is' if len(humans) == 1 else 'are'} human "
            f"(give e.g. {humans[0].upper()}=AMIGA or {humans[0].upper()}=NONE)"
        )


def _claim(config: configuration.Config, places: Places, text: Lookup) -> Slot:
    """This game's autosave and replay in the data folder, never another running game's."""
    if not places.portable:
        try:
            config.home.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(f"{text('MSG_CANT_WRITE')} {config.home}: {e.strerror or e}") from None
    slot = claim_slot(config.home)
    if slot is None:
        raise UsageError(f"{MAX_GAMES} games are already playing in {config.home}")
    if slot.number > 1:
        warn(
            f"another game is playing in {config.home}; this one autosaves to "
            f"{slot.autosave.name} and records {slot.replay.name}"
        )
    return slot


def _terminal_host(autosave: Path | None, answers: bool = False) -> TerminalHost:
    """The host of ``--headless``: the game's messages on stdout, tamed for the terminal;
    with ``answers`` its player answers on standard input."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")  # never die on a missing glyph
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    return TerminalHost(sys.stdout, autosave, colour, sys.stdin if answers else None)


# -- record, replay and simulate ----------------------------------------------


def _desktop(*, install: bool, remove: bool) -> int:
    """``--install-desktop`` or ``--uninstall-desktop``: say every file written or removed."""
    from saga import desktop

    if install and remove:
        raise UsageError("--install-desktop and --uninstall-desktop exclude each other")
    data = desktop.data_home()
    try:
        if install:
            for path in desktop.install(data, desktop.launcher()):
                print(f"installed {path}")
        else:
            removed = desktop.uninstall(data)
            for path in removed:
                print(f"removed {path}")
            if not removed:
                print(f"no desktop entry of Saga's in {data}")
    except desktop.DesktopError as e:
        raise UsageError(str(e)) from None
    return 0


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
        try:
            check_writable(options.record)  # looks only: nothing is created or emptied yet
        except FileProblem as e:
            raise UsageError(f"can't record to {e}") from None


def _check_record(
    options: argparse.Namespace, places: Places, read: Path | None, what: str
) -> None:
    """``--record`` must not name a file this run reads: the settings, the save or the replay.

    Compared as files, not names, so a hard or symbolic link is caught too.
    """
    if not options.record:
        return
    for path, name in [(places.settings, "the settings"), (read, what)]:
        if path is not None and same_file(options.record, path):
            raise UsageError(f"--record must not overwrite {name} ({path})")


def _recording(
    options: argparse.Namespace, slot: Slot | None, window: Lookup | None = None
) -> Callable[[Host, Setup], Host]:
    """Keep each game's replay: beside its autosave (in its slot), and in --record FILE.

    A file that cannot be written is said once on stderr, and in the
    ``window`` (given its words) on the message line too, where the player looks.
    """
    outputs = [(slot.replay, True)] if slot else []
    if options.record and not (slot and same_file(options.record, slot.replay)):
        outputs.append((options.record, False))

    def record(host: Host, setup: Setup) -> Host:
        if not outputs:
            return host

        def failed(path: Path, reason: str) -> None:
            warn(f"can't record the game in {path} any further: {reason}")
            if window is not None:
                host.say(f"{window('MSG_CANT_WRITE')} {path}!", WHITE)

        return Recorder(host, setup, outputs, warn=failed)

    return record


def _replay(
    options: argparse.Namespace, places: Places, config: configuration.Config, text: Lookup
) -> int:
    game = read_replay(options.replay, warn)
    setup = game.setup()
    _check_record(options, places, options.replay, "the replay being played")
    record = _recording(options, None, None if options.headless else text)
    try:
        if options.headless:
            host = _terminal_host(None)
            watch(Session(setup, text, record(ReplayHost(host, game.answers), setup)), host.out)
            return 0
        slot = _claim(config, places, text)  # the player may take over, and then autosaves
        art, _ = _original_art(Path(config.original) if config.original else None)
        try:
            return watch_replay(game, config, text, record, autosave=slot.autosave, art=art)
        finally:
            slot.release()
    except ScriptError as e:
        sys.stdout.flush()
        warn(f"the replay stops: {e}")
        return 1


def watch_replay(
    game: Replay,
    config: configuration.Config,
    text: Lookup,
    record: Callable[[Host, Setup], Host],
    source: EventSource | None = None,
    autosave: Path | None = None,
    art: Art | None = None,
) -> int:
    """Watch a replay: it plays itself at the message delay; Tab runs it at full speed.

    If it ends before the game does (its player left), the window's player
    takes over from there.  The game is the replay's, whatever ``config``
    says: its rules (bug fixes included) and, for a new game, its heroes
    and length; ``config`` itself is left as it was.
    """
    from amiga.display import DisplayError
    from saga.window.app import run_window

    try:
        return run_window(
            config,
            text,
            game.setup().seed,
            source=source,
            record=record,
            watch=game,
            autosave=autosave,
            art=art,
        )
    except DisplayError as e:
        raise UsageError(f"{e}; try --headless") from None


def _simulate(options: argparse.Namespace) -> int:
    from saga import simulate

    controls = [T.AMIGA] * len(T.HERO_NAMES)
    notices: list[str] = []
    named = _apply_args(options.args, controls, notices)
    for notice in notices:
        warn(notice)
    if named:
        raise UsageError("--simulate plays new games: give no saved game")
    if T.HUMAN in controls:
        raise UsageError("--simulate plays only Amiga heroes (give HERO=AMIGA or HERO=NONE)")
    if not any(controls):
        raise UsageError("at least one hero must play (e.g. RAGNAR=AMIGA)")
    if options.simulate < 1:
        raise UsageError("--simulate needs at least 1 game")
    if options.jobs is not None and options.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    try:
        plan = simulate.Plan(
            games=options.simulate,
            seed=options.seed if options.seed is not None else clock_seed(),
            turns=options.turns if options.turns is not None else configuration.Config().turns,
            advanced=options.advanced,
            controls=tuple(controls),
            fixes=options.fix_bugs,
        )
    except ValueError as e:
        raise UsageError(str(e)) from None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    jobs = min(options.jobs or cores or 1, cores or 1)  # more processes than cores only wait
    return simulate.command(plan, jobs, options.csv, options.chart)


# -- network play --------------------------------------------------------------


def _add_network_options(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group('network play (see README, "Playing over the network")')
    group.add_argument(
        "--host",
        metavar="online|[ADDR:]PORT",
        help="host this game for players on other machines: over the internet by a code "
        "for each seat (online), or listening on a port",
    )
    group.add_argument(
        "--join",
        metavar="CODE|ADDR:PORT",
        help="join the game whose host gave this code (7-crossover-clockwork), or hosts there",
    )
    group.add_argument(
        "--code",
        metavar="CODE",
        help="the join code of a port's game: 6 or more of 34679ACDEFGHJKMNPQRTUVWXY, "
        "4 of them different (the host makes one if not given)",
    )
    group.add_argument(
        "--codes",
        type=Path,
        metavar="FILE",
        help="with --host online: keep the codes that let a machine in now in FILE, "
        "a line each: HERO CODE, or watch CODE for spectators",
    )
    group.add_argument(
        "--mailbox",
        metavar="URL",
        help="the magic-wormhole mailbox server that passes the codes (ws://HOST:PORT/v1)",
    )
    group.add_argument(
        "--relay",
        metavar="HINT",
        help="the transit relay for machines that cannot connect directly (tcp:HOST:PORT)",
    )
    group.add_argument(
        "--relay-only",
        action="store_true",
        help="online, connect through the relay only: the other machines never learn "
        "this machine's addresses",
    )
    group.add_argument(
        "--seat",
        metavar="HERO[,HERO...]",
        help="the heroes this machine plays (joining without it watches as a spectator)",
    )
    group.add_argument(
        "--take-over-after",
        metavar="SECONDS",
        type=float,
        help="with --host: play a seat here (its questions on this terminal) once its "
        "player has not come that long, or its answer is that late (its machine gone "
        "or silent); in the window, the host is warned after that long (without it, "
        "after a minute) and may play it here",
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
    online = _online(options)
    if (options.mailbox or options.relay or options.relay_only) and not online:
        raise UsageError("--mailbox, --relay and --relay-only go with --host online or --join CODE")
    if options.codes and not (online and options.host):
        raise UsageError("--codes goes with --host online")
    if online and (options.code or options.announce):
        raise UsageError(
            "an online game is joined by the codes it tells, one for each seat: "
            "it takes no --code, and is not announced on the local network"
        )
    for option, check in (
        ("mailbox", configuration.mailbox_url),
        ("relay", configuration.relay_hint),
    ):
        if getattr(options, option):
            try:
                setattr(options, option, check(getattr(options, option)))
            except ValueError as e:
                raise UsageError(f"--{option}: {e}") from None
    if not networked and (options.code or options.seat or options.answers):
        raise UsageError("--code, --seat and --answers go with --host or --join")
    if networked and (options.replay or options.simulate is not None):
        raise UsageError("a network game neither replays nor simulates")
    if options.announce and not options.host:
        raise UsageError("--announce goes with --host")
    if options.take_over_after is not None and not options.host:
        raise UsageError("--take-over-after goes with --host")
    if options.take_over_after is not None and (
        options.answers or not 0 <= options.take_over_after <= MAX_TAKE_OVER
    ):
        raise UsageError(
            f"--take-over-after: 0 to {MAX_TAKE_OVER} seconds, and the seats taken over "
            "are answered on the terminal (not with --answers)"
        )
    if options.answers and not options.headless:
        raise UsageError("--answers goes with --headless")
    if options.join and (
        options.args or options.seed is not None or options.turns is not None or options.advanced
    ):
        raise UsageError(
            "--join takes the game from its host: give no heroes, saved game, "
            "--seed, --turns or --advanced"
        )
    if options.codes and not options.headless:
        raise UsageError("--codes goes with --headless (the window shows the codes)")


def _network_wish(
    options: argparse.Namespace, config: configuration.Config, save_path: Path | None
) -> HostForm | JoinForm | None:
    """The window's answer to its Host or Join form from ``--host`` or ``--join``,
    checked as the terminal's is (a saved game's seats are checked once it is open)."""
    if not (options.host or options.join):
        return None
    from saga.net.online import normal_code
    from saga.net.protocol import check_code, new_code, parse_address, parse_seats
    from saga.screen.network import HostForm, JoinForm

    try:
        seats = parse_seats(options.seat or "")
    except ValueError as e:
        raise UsageError(f"--seat: {e}") from None
    online = _online(options)
    if options.join and not options.code and not online:
        raise UsageError("--join needs the host's --code")
    address = ("", 0)
    if not online:
        try:
            address = parse_address(options.host or options.join)
        except ValueError as e:
            raise UsageError(str(e)) from None
    try:
        code = check_code(options.code) if options.code else "" if online else new_code()
    except ValueError as e:
        raise UsageError(f"--code: {e}") from None
    if options.join:
        if online:
            return JoinForm(normal_code(options.join), "", options.seat or "")
        if not address[0]:
            raise UsageError(
                "--join needs the host's code (e.g. 7-crossover-clockwork) "
                "or address (e.g. 192.168.1.20:4000)"
            )
        return JoinForm(options.join, code, options.seat or "")
    if save_path is None:
        humans = {h for h, control in enumerate(config.controls) if control == T.HUMAN}
        if not any(config.controls):
            raise UsageError("at least one hero must play (e.g. RAGNAR=AMIGA)")
        if not seats <= humans:
            names = ", ".join(T.HERO_NAMES[h] for h in sorted(seats - humans))
            raise UsageError(f"--seat: {Unfit('MSG_NET_NOT_HUMAN', names)}")
    return HostForm("" if online else options.host, code, seats, online)


def _online(options: argparse.Namespace) -> bool:
    """Whether the network game is online: ``--host online``, or ``--join`` a code."""
    from saga.net.online import is_code

    return options.host == ONLINE or bool(options.join and is_code(options.join))


def _servers(options: argparse.Namespace, config: configuration.Config) -> Servers:
    """The servers of an online game: the command line's, else Saga.config's."""
    from saga.net.online import Servers

    return Servers(
        options.mailbox or config.mailbox, options.relay or config.relay, not options.relay_only
    )


def _network(options: argparse.Namespace, config: configuration.Config, slot: Slot) -> dict:
    """What hosting and joining share: the seats, the terminal, the recorder."""
    from saga.net import play

    seats = play.read_seats(options.seat)
    answers = None
    if options.answers:
        try:
            from saga.files.replayfile import TraceError, file_lines, read_answers

            answers = read_answers(file_lines(options.answers), str(options.answers))
        except TraceError as e:
            raise UsageError(str(e)) from None
    return {
        "seating": play.Seating(seats, answers),
        "play": lambda session: watch(session, sys.stdout),
        "wrap": _recording(options, slot),
        "keep": config.home,
        "tell": play.say,
        "alteration": os.environ.get("SAGA_NET_TEST_DESYNC"),
    }


def _host(
    options: argparse.Namespace,
    places: Places,
    config: configuration.Config,
    setup: Setup,
    text: Lookup,
) -> int:
    from saga.net import play
    from saga.net.lockstep import NetStop
    from saga.net.protocol import new_code, parse_address

    slot = _claim(config, places, text)
    try:
        _check_codes(options, places, slot)
        online = options.host == ONLINE
        address = _servers(options, config) if online else parse_address(options.host)
        shared = _network(options, config, slot)
        host = _terminal_host(slot.autosave, answers=not options.answers)
        code = None if online else options.code or new_code()
        registry = None
        if options.announce:
            from saga.net.discovery import default_registry

            registry = default_registry()
        try:
            return play.host_game(
                setup,
                text,
                host,
                address=address,
                code=code,
                registry=registry,
                take_over_after=options.take_over_after,
                codes=options.codes,
                **shared,
            )
        finally:
            if registry is not None:
                registry.close()
    except (NetStop, ValueError) as e:
        raise UsageError(str(e)) from None
    finally:
        slot.release()


def _check_codes(options: argparse.Namespace, places: Places, slot: Slot) -> None:
    """``--codes FILE`` is rewritten all game long: it must be a plain file (or
    none yet) that this run neither reads nor writes otherwise.  Compared as
    files, so a hard or symbolic link to one of them is caught too."""
    if not options.codes:
        return
    try:
        check_writable(options.codes)  # looks only: a pipe cannot block, a link is not followed
    except FileProblem as e:
        raise UsageError(f"can't write the codes to {e}") from None
    others = [
        (places.settings, "the settings"),
        (slot.autosave, "the autosave"),
        (slot.replay, "the autosave's replay"),
        (options.record, "the --record file"),
        (options.answers, "the --answers file"),
    ]
    for path, name in others:
        if path and same_file(options.codes, path):
            raise UsageError(f"--codes must not overwrite {name} ({path})")


def _join(
    options: argparse.Namespace, places: Places, config: configuration.Config, text: Lookup
) -> int:
    from saga.net import play
    from saga.net.lockstep import NetStop
    from saga.net.online import normal_code
    from saga.net.protocol import check_code, parse_address

    online = _online(options)
    if not options.code and not online:
        raise UsageError("--join needs the host's --code")
    slot = _claim(config, places, text)
    try:
        address = _servers(options, config) if online else parse_address(options.join)
        if isinstance(address, tuple) and not address[0]:
            raise UsageError(
                "--join needs the host's code (e.g. 7-crossover-clockwork) "
                "or address (e.g. 192.168.1.20:4000)"
            )
        code = normal_code(options.join) if online else check_code(options.code)
        shared = _network(options, config, slot)
        return play.join_game(
            address,
            code,
            text,
            lambda: _terminal_host(slot.autosave, answers=not options.answers),
            **shared,
        )
    except (NetStop, ValueError) as e:
        raise UsageError(str(e)) from None
    finally:
        slot.release()


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
ONLINE = "online"  # --host's word for a game over the internet, joined by codes
MAX_TAKE_OVER = 86400.0  # the longest --take-over-after: a day


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
