"""A real window on an X server (Xvfb) quits cleanly, whatever SDL had in flight.

Runs only where ``Xvfb`` is installed.  The window's program is a child
process, on a display reached through a proxy here that holds back, by a
second, what every connection but the first sends the server.  SDL's x11
driver opens its window on the first and keeps the second for the wake-up
messages its own wait sends that window whenever an event comes (the last
one can reach the server after the window is destroyed; the proxy makes
that sure).  Xlib then reported BadWindow (X_SendEvent) as SDL closed the
display, and exited with status 1.  Such a message to a window gone (SDL
sends others, the clipboard's) now passes as nothing; other errors do not.
"""

from __future__ import annotations

import os
import queue
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb")

REPO = Path(__file__).resolve().parent.parent
HOLD = 1.0  # seconds the proxy holds back the later connections' requests
HANG_GUARD = 60.0

# The program: a window waits for messages; another thread posts a close
# (as any SDL event arriving while it sleeps would wake it); it closes.
CHILD = """
import threading, time
import pygame
from amiga.display import Screen
from amiga.display.present import Presenter
from amiga.input import IDCMP
from amiga.input.pygame_source import PygameEventSource

presenter = Presenter(Screen(), "Test", scale=1)
source = PygameEventSource(presenter)
presenter.present()

def close():
    time.sleep(1.0)
    pygame.event.post(pygame.event.Event(pygame.QUIT))

threading.Thread(target=close, daemon=True).start()
deadline = time.monotonic() + 20
while (message := source.next_event(1.0)) is None or message.idcmp != IDCMP.CLOSEWINDOW:
    assert time.monotonic() < deadline, "no close message"
presenter.close()
print("closed", flush=True)
"""


@pytest.fixture
def xvfb() -> Iterator[str]:
    """A private Xvfb; yields the path of its socket."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as said:
            number = said.readline().strip()
        if not number.isdigit():
            pytest.skip("Xvfb did not start")
        yield f"/tmp/.X11-unix/X{number}"
    finally:
        server.terminate()
        server.wait(10)


class HoldingProxy:
    """Forwards X connections from 127.0.0.1 to a server's socket; all but
    the first connection's requests arrive ``HOLD`` seconds late."""

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self.listener = socket.socket()
        for port in range(6100, 6400):  # X display n listens on 6000 + n
            try:
                self.listener.bind(("127.0.0.1", port))
                break
            except OSError:
                continue
        else:
            pytest.skip("no free X display port")
        self.display = f"127.0.0.1:{port - 6000}"
        self.listener.listen(8)
        self.listener.settimeout(0.5)
        self.connections = 0
        self.stopped = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                continue
            server = socket.socket(socket.AF_UNIX)
            server.connect(self.upstream)
            hold = HOLD if self.connections else 0.0
            self.connections += 1
            threading.Thread(target=self._pipe, args=(client, server, hold), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client, 0.0), daemon=True).start()

    def _pipe(self, source: socket.socket, target: socket.socket, hold: float) -> None:
        held: queue.Queue[tuple[float, bytes]] = queue.Queue()

        def deliver() -> None:
            while (item := held.get())[1]:
                time.sleep(max(0.0, item[0] - time.monotonic()))
                try:
                    target.sendall(item[1])
                except OSError:
                    return
            target.close()

        threading.Thread(target=deliver, daemon=True).start()
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            held.put((time.monotonic() + hold, data))
            if not data:
                return

    def close(self) -> None:
        self.stopped.set()
        self.listener.close()


def test_a_window_closed_just_after_an_event_woke_it_exits_cleanly(xvfb: str) -> None:
    proxy = HoldingProxy(xvfb)
    try:
        env = {**os.environ, "DISPLAY": proxy.display, "SDL_VIDEODRIVER": "x11"}
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
        env.pop("WAYLAND_DISPLAY", None)
        done = subprocess.run(
            [sys.executable, "-c", CHILD],
            env=env,
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
        )
    finally:
        proxy.close()
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "closed\n")


# The program: a window; then, on SDL's own connection, a request about a
# window that was there and is gone (``send``: a message to it, as SDL's
# clipboard sends; ``map``: showing it, which nothing here ever asks).
GONE = """
import ctypes, sys
import pygame
from amiga.display import Screen
from amiga.display.present import Presenter
from amiga.input.pygame_source import PygameEventSource

presenter = Presenter(Screen(), "Test", scale=1)
source = PygameEventSource(presenter)
presenter.present()
xlib = ctypes.CDLL("libX11.so.6")
unwrap = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)
capsule = pygame.display.get_wm_info()["display"]
display = ctypes.c_void_p(unwrap(("PyCapsule_GetPointer", ctypes.pythonapi))(capsule, b"display"))
window, void, c_int, c_uint = ctypes.c_ulong, ctypes.c_void_p, ctypes.c_int, ctypes.c_uint
xlib.XDefaultRootWindow.argtypes, xlib.XDefaultRootWindow.restype = [void], window
xlib.XCreateSimpleWindow.argtypes = [void, window, *[c_int] * 2, *[c_uint] * 3, window, window]
xlib.XCreateSimpleWindow.restype = window
xlib.XDestroyWindow.argtypes = xlib.XMapWindow.argtypes = [void, window]
xlib.XSendEvent.argtypes = [void, window, c_int, ctypes.c_long, void]
xlib.XSync.argtypes = [void, c_int]
gone = xlib.XCreateSimpleWindow(display, xlib.XDefaultRootWindow(display), 0, 0, 9, 9, 0, 0, 0)
xlib.XDestroyWindow(display, gone)
event = (ctypes.c_long * 24)()
event[0], event[6] = 33, 32  # a ClientMessage, of 32-bit data
if sys.argv[1] == "send":
    xlib.XSendEvent(display, gone, 0, 0, event)
else:
    xlib.XMapWindow(display, gone)
xlib.XSync(display, 0)
print("alive", flush=True)
presenter.close()
"""


@pytest.mark.parametrize(("request_", "lives"), [("send", True), ("map", False)])
def test_a_message_to_a_window_gone_passes_and_other_errors_do_not(
    xvfb: str, request_: str, lives: bool
) -> None:
    env = {**os.environ, "DISPLAY": f":{xvfb.rsplit('X', 1)[1]}", "SDL_VIDEODRIVER": "x11"}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run(
        [sys.executable, "-c", GONE, request_],
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    if lives:
        assert (done.returncode, done.stderr, done.stdout) == (0, "", "alive\n")
    else:
        assert done.returncode != 0 and "BadWindow" in done.stderr, done.stderr
        assert done.stdout == ""
