"""What the windowed game costs while it waits, and how soon it answers.

    python benchmarks/idle.py [SECONDS] [CLICKS]

Prints, for a 2x window, the CPU time used over SECONDS (default 20) of
waiting at the title screen and at a human's question (the turn prompt of a
loaded game), the click-to-redraw latency at the title screen (a click on a
hero's control, until the frame showing its new value; median of CLICKS,
default 12), and, under a flood
of about 3,000 synthetic events a second, the memory used and how long a
close takes to be honoured.  The goal is at most 1% of a core idle, i.e.
200 ms over 20 s.

Each case runs the real ``saga`` in a child process, which measures itself.
With a display (``DISPLAY``), clicks go through the X server (XTest), as a
player's do; with ``SDL_VIDEODRIVER=dummy`` they are posted to SDL's queue.
"""

from __future__ import annotations

import ctypes
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SETTLE = 2.0  # seconds after the first frame before measuring
# Balder's control on the title screen (a Cycle gadget), in screen pixels.
GADGET = (312, 211, 426, 225)
FLOOD_SECONDS = 5.0
FLOOD_RATE = 3000  # events a second


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class _Clicker:
    """Clicks into the game's window: through XTest with a display, else posted to SDL."""

    def __init__(self) -> None:
        import pygame

        self.pygame = pygame
        self.x11 = None
        if pygame.display.get_driver() == "x11":
            x11 = ctypes.CDLL("libX11.so.6")
            self.xtst = ctypes.CDLL("libXtst.so.6")
            x11.XOpenDisplay.restype = ctypes.c_void_p
            x11.XDefaultRootWindow.restype = ctypes.c_ulong
            x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
            x11.XFlush.argtypes = [ctypes.c_void_p]
            self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p] + [ctypes.c_int] * 3
            self.xtst.XTestFakeMotionEvent.argtypes.append(ctypes.c_ulong)
            self.xtst.XTestFakeButtonEvent.argtypes = [
                ctypes.c_void_p,
                ctypes.c_uint,
                ctypes.c_int,
                ctypes.c_ulong,
            ]
            self.dpy = x11.XOpenDisplay(None)
            root = x11.XDefaultRootWindow(self.dpy)
            x, y, child = ctypes.c_int(), ctypes.c_int(), ctypes.c_ulong()
            window = pygame.display.get_wm_info()["window"]
            x11.XTranslateCoordinates(
                ctypes.c_void_p(self.dpy),
                ctypes.c_ulong(window),
                ctypes.c_ulong(root),
                0,
                0,
                ctypes.byref(x),
                ctypes.byref(y),
                ctypes.byref(child),
            )
            self.origin = (x.value, y.value)
            self.x11 = x11

    def move(self, x: int, y: int) -> None:
        if self.x11 is not None:
            ox, oy = self.origin
            self.xtst.XTestFakeMotionEvent(self.dpy, -1, ox + x, oy + y, 0)
            self.x11.XFlush(self.dpy)
        else:
            self.pygame.event.post(
                self.pygame.event.Event(
                    self.pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)
                )
            )

    def click(self, x: int, y: int) -> float:
        """Press and release the left button at window pixel (x, y); when it was pressed."""
        pg = self.pygame
        if self.x11 is not None:
            self.move(x, y)
            time.sleep(0.05)
            pressed = time.monotonic()
            self.xtst.XTestFakeButtonEvent(self.dpy, 1, 1, 0)
            self.xtst.XTestFakeButtonEvent(self.dpy, 1, 0, 0)
            self.x11.XFlush(self.dpy)
            return pressed
        pressed = time.monotonic()
        for kind in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP):
            pg.event.post(pg.event.Event(kind, pos=(x, y), button=1))
        return pressed


def _child(mode: str, folder: str, seconds: float, clicks: int) -> None:
    """Run the game in this process and measure it from a second thread."""
    from amiga.display import present
    from saga.cli import main

    ready = threading.Event()
    frames: list[tuple[float, int]] = []  # while clicking: when, and the gadget's pixels
    watching = threading.Event()
    show = present.Presenter.present

    def watched(self: present.Presenter) -> None:
        show(self)
        ready.set()
        if watching.is_set():
            x0, y0, x1, y1 = GADGET
            frames.append((time.monotonic(), hash(self.screen.pixels[y0:y1, x0:x1].tobytes())))

    present.Presenter.present = watched  # type: ignore[method-assign]

    from amiga.input import pygame_source

    translate = pygame_source.PygameEventSource._translate
    presses: list[float] = []  # when each button press was read from SDL

    def read(self: pygame_source.PygameEventSource, event: object) -> None:
        if getattr(event, "type", None) == pygame_source.pygame.MOUSEBUTTONDOWN:
            presses.append(time.monotonic())
        translate(self, event)  # type: ignore[arg-type]

    pygame_source.PygameEventSource._translate = read  # type: ignore[method-assign]

    def measure() -> None:
        ready.wait(60)
        time.sleep(SETTLE)
        if mode == "flood":
            _flood()
        start_cpu, start = time.process_time(), time.monotonic()
        time.sleep(seconds)
        cpu = time.process_time() - start_cpu
        print(f"cpu {cpu * 1000:.0f} {time.monotonic() - start:.2f}", flush=True)
        if mode == "title":
            clicker = _Clicker()
            x, y = (GADGET[0] + GADGET[2]) // 2 * 2, (GADGET[1] + GADGET[3]) // 2 * 2
            watching.set()
            for _ in range(clicks):
                time.sleep(0.3)
                before = frames[-1][1] if frames else None
                pressed = clicker.click(x, y)
                time.sleep(0.3)
                shown = [t for t, h in frames if t >= pressed and h != before]
                read = [t for t in presses if t >= pressed]
                if shown and read:
                    total, heard = shown[0] - pressed, read[0] - pressed
                    print(f"latency {total * 1000:.2f} {heard * 1000:.2f}", flush=True)
        os._exit(0)

    threading.Thread(target=measure, daemon=True).start()
    args = ["--config", str(Path(folder) / "Saga.config")]
    if mode == "question":
        args.append(str(Path(folder) / "human.saga"))
    main(args)


def _flood() -> None:
    """About FLOOD_RATE events a second of motion, keys and clicks, then a close."""
    import random

    import pygame

    rng = random.Random(1)
    peak = before = _rss_mb()
    end = time.monotonic() + FLOOD_SECONDS
    sent = 0
    while time.monotonic() < end:
        for _ in range(FLOOD_RATE // 100):
            pos = (rng.randrange(1280), rng.randrange(30, 1024))
            kind = rng.randrange(10)
            if kind < 7:
                event = pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)
                )
            elif kind < 9:
                event = pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.K_x, mod=0, scancode=27, unicode="x"
                )
            else:
                event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            try:
                pygame.event.post(event)
                sent += 1
            except pygame.error:
                pass  # SDL's own queue is full
        time.sleep(0.01)
        peak = max(peak, _rss_mb())
    print(f"flood {sent} {before:.1f} {peak:.1f}", flush=True)
    posted = time.monotonic()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    print(f"quit {posted:.6f}", flush=True)
    time.sleep(30)
    print("still running 30 s after the close", flush=True)
    os._exit(1)


def _make_folder(folder: Path) -> None:
    from saga.engine import tables as T
    from saga.engine.session import Session, Setup
    from saga.files import savefile
    from saga.look.text import english
    from saga.play.hosts import QuietHost

    (folder / "Saga.config").write_text("SCALE=2\n")
    setup = Setup(5, (T.HUMAN, T.AMIGA, T.NONE, T.NONE, T.NONE, T.NONE), 5)
    session = Session(setup, english(), QuietHost())
    session.start()
    savefile.save(folder / "human.saga", session.state)


def _run(mode: str, folder: Path, seconds: float, clicks: int = 0) -> list[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    child = subprocess.Popen(
        [sys.executable, __file__, "--child", mode, str(folder), str(seconds), str(clicks)],
        env=env,
        cwd=folder,
        stdout=subprocess.PIPE,
        text=True,
    )
    lines = []
    assert child.stdout is not None
    for line in child.stdout:
        lines.append(line.strip())
        if line.startswith("quit "):
            break
    if mode == "flood":
        try:
            if child.wait(timeout=30) == 0:
                lines.append(f"exited {time.monotonic():.6f}")
        except subprocess.TimeoutExpired:
            child.kill()
    child.wait()
    return lines


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20.0
    clicks = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    if not any(os.environ.get(k) for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    driver = os.environ.get("SDL_VIDEODRIVER") or f"X display {os.environ.get('DISPLAY')}"
    print(f"SDL video: {driver}; a 2x window; {seconds:g} s idle each")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        _make_folder(folder)
        for mode, what in (("title", "the title screen"), ("question", "a human's question")):
            lines = _run(mode, folder, seconds, clicks)
            cpu = [line.split() for line in lines if line.startswith("cpu ")]
            for _, ms, wall in cpu:
                share = float(ms) / float(wall) / 10
                print(f"idle at {what}: {ms} ms CPU over {wall} s ({share:.2f}% of a core)")
            measured = [line.split()[1:] for line in lines if line.startswith("latency ")]
            if measured:
                latencies = [float(total) for total, _ in measured]
                heard = statistics.median(float(read) for _, read in measured)
                middle = statistics.median(latencies)
                print(
                    f"click-to-redraw at the title screen: median {middle:.1f} ms"
                    f" (min {min(latencies):.1f}, max {max(latencies):.1f}, {len(measured)} clicks;"
                    f" the press read after a median {heard:.1f} ms)"
                )
        lines = _run("flood", folder, 0.0)
        for line in lines:
            if line.startswith("flood "):
                _, sent, before, peak = line.split()
                print(
                    f"flood of {sent} events in {FLOOD_SECONDS:g} s at the title screen: "
                    f"memory {before} MB before, {peak} MB at most"
                )
        quit_at = [float(line.split()[1]) for line in lines if line.startswith("quit ")]
        exited = [float(line.split()[1]) for line in lines if line.startswith("exited ")]
        if quit_at and exited:
            print(f"close after the flood honoured in {(exited[0] - quit_at[0]) * 1000:.0f} ms")
        else:
            print("close after the flood NOT honoured within 30 s")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5]))
    else:
        main()
