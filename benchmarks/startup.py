"""Start-up time and memory of the windowed game.

    python benchmarks/startup.py [RUNS]

Prints the time from starting the process to the first presented frame of
the title screen (median of RUNS fresh processes, default 7), the peak
resident memory at that moment, and the peak while a short all-Amiga game is
played in the window at 1x, 2x and 3x.  The targets are 0.20 s, and 100 MB at
2x (120 MB at 3x).

SDL's dummy driver is used unless a display is set (``DISPLAY`` or
``WAYLAND_DISPLAY``, or ``SDL_VIDEODRIVER`` given explicitly): a real
window costs what a player's costs, the dummy one only what is ours.
"""

from __future__ import annotations

import contextlib
import os
import resource
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _child_title(started: float, folder: str) -> None:
    """Run ``saga`` until the title screen is first shown, then report and leave.

    Its settings go to ``folder``, which the parent made: making one here
    would import :mod:`tempfile`, which the game itself does not need.
    """
    from amiga.display import present
    from saga.cli import main

    show = present.Presenter.present

    def first_present(self: present.Presenter) -> None:
        show(self)
        print(f"{time.time() - started:.4f} {_peak_mb():.1f}", flush=True)
        os._exit(0)

    present.Presenter.present = first_present  # type: ignore[method-assign]
    main(["--config", str(Path(folder) / "Saga.config")])


def _child_game(scale: int) -> None:
    """Play five turns of six Amiga heroes in the window, started from the title screen."""
    import tempfile

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
    print(f"{_peak_mb():.1f}", flush=True)


def _run_child(*args: str) -> str:
    import subprocess  # the parent's alone: the child's start-up is what is measured

    env = dict(os.environ)
    # An installed game has its modules byte-compiled; let the first run do it.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not any(env.get(k) for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")):
        env["SDL_VIDEODRIVER"] = "dummy"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, __file__, *args],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.split()[-1] if args[0] == "--game" else done.stdout.strip()


def main() -> None:
    import statistics  # the parent's alone, like subprocess
    import tempfile

    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    driver = os.environ.get("SDL_VIDEODRIVER") or (
        "a real display"
        if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
        else "dummy"
    )
    print(f"SDL video: {driver}; {runs} runs")
    times, peaks = [], []
    with tempfile.TemporaryDirectory() as folder:
        _run_child("--title", repr(time.time()), folder)  # warm-up: compiles the modules once
        for _ in range(runs):
            seconds, peak = _run_child("--title", repr(time.time()), folder).split()
            times.append(float(seconds))
            peaks.append(float(peak))
    print(
        f"first frame of the title screen: median {statistics.median(times):.3f} s "
        f"(min {min(times):.3f}, max {max(times):.3f}); target 0.20 s"
    )
    print(f"peak memory at the title screen: {statistics.median(peaks):.0f} MB")
    for scale in (1, 2, 3):
        print(f"peak memory playing at {scale}x: {float(_run_child('--game', str(scale))):.0f} MB")
    print("targets: 100 MB at 2x, 120 MB at 3x")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--title"]:
        _child_title(float(sys.argv[2]), sys.argv[3])
    elif sys.argv[1:2] == ["--game"]:
        _child_game(int(sys.argv[2]))
    else:
        main()
