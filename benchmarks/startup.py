"""How long each front end takes to start, beside the floors; and memory.

    python benchmarks/startup.py [RUNS] [--no-memory]

Each of these runs as a fresh process, RUNS times (default 9, at least 7),
interleaved (one of each in turn, so that all share whatever else the
machine is doing), after one warm-up round that byte-compiles the modules;
each is timed from starting the process to its first useful moment, and
the median is printed beside the floors, as ratios:

- ``python -c pass``: the floor of any Python program;
- a bare pygame window: ``import pygame``, then the same window as the
  game's opened and one frame shown, as the simplest pygame program does it;
  and the same without setuptools' ``pkg_resources``, which pygame imports
  when it is installed and the game keeps out (the stricter floor);
- ``python -c "import numpy"``;
- ``saga``: the title screen's first frame presented (goal: at most 1.1x the
  bare pygame window; both windows are shown);
- ``saga --headless`` of six Amiga heroes: its first line printed;
- ``python -m saga.trace``: one whole 20-turn game of six Amiga heroes
  (goal: at most 1.5x ``import numpy``);
- a network joiner (``saga --headless --join``) up to being told that
  nobody listens on the port it tried.

Then, unless ``--no-memory``, the peak resident memory at the title screen
and while a short all-Amiga game is played in the window at 1x, 2x and 3x
(targets 100 MB at 2x and 120 MB at 3x).

SDL's dummy driver is used unless a display is set (``DISPLAY`` or
``WAYLAND_DISPLAY``, or ``SDL_VIDEODRIVER`` given explicitly): a real
window costs what a player's costs, the dummy one only what is ours.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HEROES = ("BEOWULF", "BRUNHILD", "EGIL", "RAGNAR", "SIEGFRIED", "STARKAD")
AMIGA = [f"{hero}=AMIGA" for hero in HEROES]

# The title screen's first frame: the game's own start with its presenter
# stopping the process once the first frame is shown.  It prints the
# window's size first, for the bare window to open the same.
TITLE = """\
import os, sys
from amiga.display import present
show = present.Presenter.present
def first_present(self):
    show(self)
    print(*self._window.get_size(), flush=True)
    os._exit(0)
present.Presenter.present = first_present
from saga.cli import main
main(["--config", sys.argv[1]])
"""
# The simplest pygame program that opens that window and shows a frame.
BARE_WINDOW = """\
import os, sys
import pygame
pygame.display.init()
pygame.display.set_caption("Saga")
window = pygame.display.set_mode((int(sys.argv[1]), int(sys.argv[2])), pygame.RESIZABLE)
window.fill((0, 0, 0))
pygame.display.flip()
os._exit(0)
"""


# The same, keeping setuptools' pkg_resources out of pygame's import as the game does.
STRICT_WINDOW = "import sys\nsys.modules['pkg_resources'] = None\n" + BARE_WINDOW


def _closed_port() -> int:
    """A loopback port nobody listens on (just released by us)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed game has its modules compiled
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # the bare window prints no banner either
    if not any(env.get(k) for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")):
        env["SDL_VIDEODRIVER"] = "dummy"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


def _timed(command: list[str], env: dict[str, str], cwd: str, first_line: bool = False) -> float:
    """Seconds from starting a process to its end, or to its first line of output."""
    start = time.perf_counter()
    if not first_line:
        subprocess.run(command, env=env, cwd=cwd, capture_output=True, timeout=120)
        return time.perf_counter() - start
    with subprocess.Popen(
        command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    ) as child:
        assert child.stdout is not None
        child.stdout.readline()
        took = time.perf_counter() - start
        child.kill()
    return took


def _front_ends(config: str, window: tuple[int, int]) -> dict[str, tuple[list[str], bool]]:
    """Each program timed: its command line, and whether its first line ends the timing."""
    py = sys.executable
    game = [py, "-m", "saga"]
    nobody = f"127.0.0.1:{_closed_port()}"
    return {
        "python -c pass": ([py, "-c", "pass"], False),
        "bare pygame window": ([py, "-c", BARE_WINDOW, *map(str, window)], False),
        "  without pkg_resources": ([py, "-c", STRICT_WINDOW, *map(str, window)], False),
        'python -c "import numpy"': ([py, "-c", "import numpy"], False),
        "saga: the title's first frame": ([py, "-c", TITLE, config], False),
        "saga --headless: first line": (
            [*game, "--headless", "--config", config, "--seed", "1", *AMIGA],
            True,
        ),
        "python -m saga.trace: one game": (
            [py, "-m", "saga.trace", "1", "20", "0", *("2" * 6)],
            False,
        ),
        "network joiner: to 'can't reach'": (
            [*game, "--headless", "--config", config, "--join", nobody, "--code", "ABCDEF"],
            False,
        ),
    }


def _times(runs: int) -> None:
    env = _env()
    driver = env.get("SDL_VIDEODRIVER") or "a real display"
    with tempfile.TemporaryDirectory() as folder:
        config = str(Path(folder) / "Saga.config")
        first = [sys.executable, "-c", TITLE, config]
        done = subprocess.run(first, env=env, cwd=folder, capture_output=True, text=True)
        width, height = (int(n) for n in done.stdout.split()[-2:])
        programs = _front_ends(config, (width, height))
        times: dict[str, list[float]] = {name: [] for name in programs}
        for round_ in range(runs + 1):  # the first round compiles and warms up
            for name, (command, first_line) in programs.items():
                took = _timed(command, env, folder, first_line)
                if round_:
                    times[name].append(took)
    medians = {name: statistics.median(t) for name, t in times.items()}
    floor, window, _, numpy = (medians[k] for k in list(programs)[:4])
    print(f"SDL video: {driver}, a {width}x{height} window; medians of {runs} interleaved runs")
    print(f"  {'':34} {'median':>8} {'min':>7} {'max':>7}  {'/ window':>8} {'/ pass':>7}")
    for name, runs_took in times.items():
        median = medians[name]
        low, high = min(runs_took) * 1000, max(runs_took) * 1000
        print(
            f"  {name:34} {median * 1000:6.0f}ms {low:5.0f}ms {high:5.0f}ms"
            f"  {median / window:7.2f}x {median / floor:6.2f}x"
        )
    shown = medians["saga: the title's first frame"]
    strict = medians["  without pkg_resources"]
    trace_ratio = medians["python -m saga.trace: one game"] / numpy
    print(
        f"  goals: the title {shown / window:.2f}x the bare window ({shown / strict:.2f}x the "
        f"one without pkg_resources; <= 1.1x); a game by saga.trace {trace_ratio:.2f}x "
        "import numpy (<= 1.5x)"
    )


def _child_game(scale: int) -> None:
    """Play five turns of six Amiga heroes in the window, started from the title screen."""
    import contextlib
    import resource

    from amiga.input import ScriptedEventSource
    from amiga.input.source import EndOfInput
    from saga.engine import tables as T
    from saga.files.config import Config
    from saga.look.text import english
    from saga.window.app import run_window

    turns = 5
    config = Config(controls=[T.AMIGA] * 6, turns=turns, delay=0, scale=scale)
    source = ScriptedEventSource()
    for _ in range(1 + turns):  # Start, then each "Turn n of N" prompt
        source.key(" ")
    with tempfile.TemporaryDirectory() as folder:
        config.home = Path(folder)
        with contextlib.suppress(EndOfInput):  # the script ends at the game-over screen
            run_window(config, english(), 1, source=source)
    print(f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f}", flush=True)


# The title's peak memory: the title program, reporting instead of the size.
TITLE_MEMORY = TITLE.replace(
    "    print(*self._window.get_size(), flush=True)\n",
    "    import resource\n"
    "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, flush=True)\n",
)


def _memory() -> None:
    env = _env()

    def peak(command: list[str]) -> float:
        done = subprocess.run(
            command, env=env, cwd=REPO, capture_output=True, text=True, timeout=120, check=True
        )
        return float(done.stdout.split()[-1])

    with tempfile.TemporaryDirectory() as folder:
        at_title = peak([sys.executable, "-c", TITLE_MEMORY, str(Path(folder) / "Saga.config")])
    print(f"peak memory at the title screen: {at_title:.0f} MB")
    for scale in (1, 2, 3):
        playing = peak([sys.executable, __file__, "--game", str(scale)])
        print(f"peak memory playing at {scale}x: {playing:.0f} MB")
    print("targets: 100 MB at 2x, 120 MB at 3x")


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--no-memory"]
    runs = max(int(args[0]) if args else 9, 7)
    _times(runs)
    if "--no-memory" not in sys.argv:
        _memory()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--game"]:
        _child_game(int(sys.argv[2]))
    else:
        main()
