"""The window under its window system and under abuse, through SDL's real event path.

SDL's dummy driver stands in for the window system: the window is resized
through SDL (as a window manager's resize reaches SDL), events are posted
to SDL's queue and read back by the game as it reads a player's.  Every wait
here is bounded: a game that does not quit is made to, and the test fails.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest
from guards import HANG

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
from pygame._sdl2.video import Window  # noqa: E402

from amiga.display import Screen  # noqa: E402
from amiga.display.present import Presenter  # noqa: E402
from amiga.input import IDCMP, ScriptedEventSource  # noqa: E402
from amiga.input import pygame_source as ps  # noqa: E402
from saga.engine import tables as T  # noqa: E402
from saga.engine.session import Session, Setup  # noqa: E402
from saga.files import savefile  # noqa: E402
from saga.files.config import Config  # noqa: E402
from saga.look.text import english  # noqa: E402
from saga.play.hosts import QuietHost  # noqa: E402
from saga.screen.title import TitleScreen  # noqa: E402
from saga.screen.ui import QuitProgram, Ui  # noqa: E402
from saga.window.app import run_window  # noqa: E402

TEXT = english()
FLOOD = 6000  # events posted, at the pace the game lets them in


def post(kind: int, **attributes: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attributes))


def window_rgb() -> np.ndarray:
    return pygame.surfarray.array3d(pygame.display.get_surface()).transpose(1, 0, 2)


def settle(source: ps.PygameEventSource) -> list[IDCMP]:
    """Read what SDL has, as the game does before each frame."""
    return [m.idcmp for m in source]


# -- item 6: the window survives its window system ------------------------------


def test_a_fullscreen_window_resized_by_the_window_system(screen: Screen) -> None:
    presenter = Presenter(screen, "Test", fullscreen=True)
    try:
        source = ps.PygameEventSource(presenter)
        window = Window.from_display_module()
        window.set_windowed()  # what a window manager may do to a fullscreen window
        window.size = (800, 600)
        settle(source)
        post(pygame.MOUSEMOTION, pos=(699, 499), rel=(1, 1), buttons=(0, 0, 0))
        settle(source)
        presenter.present()  # crashed: "subsurface rectangle outside surface area"
        assert pygame.display.get_surface().get_size() == (800, 600)
        assert presenter.viewport.window_size == (800, 600)
        assert presenter.viewport.offset == (80, 44)
        assert (source.mouse_x, source.mouse_y) == (699 - 80, 499 - 44)
        ox, oy = presenter.viewport.offset
        shown = window_rgb()
        assert (shown[100, 300] == screen.palette.rgb[screen.pixels[100 - oy, 300 - ox]]).all()
    finally:
        presenter.close()


def test_a_fullscreen_window_told_of_a_resize_keeps_its_picture_whole(screen: Screen) -> None:
    presenter = Presenter(screen, "Test", fullscreen=True)
    try:
        source = ps.PygameEventSource(presenter)
        post(pygame.VIDEORESIZE, w=320, h=200, size=(320, 200))
        settle(source)
        presenter.present()
        size = pygame.display.get_surface().get_size()
        assert presenter.viewport.window_size == size
        assert presenter.fullscreen
    finally:
        presenter.close()


@pytest.mark.parametrize("size", [(1, 300), (300, 1), (1, 1)])
def test_a_stretched_window_one_pixel_wide_or_high(screen: Screen, size: tuple[int, int]) -> None:
    presenter = Presenter(screen, "Test", scale=1, stretch=True)
    try:
        source = ps.PygameEventSource(presenter)
        Window.from_display_module().size = size  # a resize by the user, through
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)  # the window manager
        settle(source)
        for pos in ((0, 0), (size[0] - 1, size[1] - 1), (5, 7)):
            post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            settle(source)  # divided by zero here
            assert 0 <= source.mouse_x < 640 and 0 <= source.mouse_y < 512
        screen.bitmap.touch(screen.bitmap.bounds)
        presenter.present()
        assert pygame.display.get_surface().get_size() == size
    finally:
        presenter.close()


def test_a_window_resized_to_nothing_stays_a_window(screen: Screen) -> None:
    """(0, 0) would ask SDL for a window the size of the desktop."""
    presenter = Presenter(screen, "Test", scale=1)
    try:
        source = ps.PygameEventSource(presenter)
        post(pygame.VIDEORESIZE, w=0, h=0, size=(0, 0))
        settle(source)
        presenter.present()
        assert pygame.display.get_surface().get_size() == (1, 1)
    finally:
        presenter.close()


def test_minimised_nothing_is_shown_and_restored_everything_is(screen: Screen) -> None:
    presenter = Presenter(screen, "Test", scale=1)
    try:
        source = ps.PygameEventSource(presenter)
        presenter.present()
        post(pygame.WINDOWMINIMIZED)
        settle(source)
        screen.pixels[:] = 5
        screen.bitmap.touch(screen.bitmap.bounds)
        presenter.present()
        assert not (window_rgb() == screen.palette.rgb[5]).all()
        post(pygame.WINDOWRESTORED)
        settle(source)
        presenter.present()
        assert (window_rgb() == screen.palette.rgb[5]).all()
    finally:
        presenter.close()


@pytest.mark.parametrize("fullscreen", [False, True])
def test_a_display_change_refits_the_window(screen: Screen, fullscreen: bool) -> None:
    presenter = Presenter(screen, "Test", scale=1, fullscreen=fullscreen)
    try:
        source = ps.PygameEventSource(presenter)
        presenter.present()
        post(pygame.WINDOWDISPLAYCHANGED, display_index=0)
        settle(source)
        presenter.present()
        assert presenter.viewport.window_size == pygame.display.get_surface().get_size()
        assert presenter.fullscreen == fullscreen
    finally:
        presenter.close()


# -- the live game: a real window, its real source, quits within a second -------


class Watched(ps.PygameEventSource):
    """The game's own event source, kept where the test can see it."""

    made: ClassVar[list[Watched]] = []

    def __init__(self, presenter: Presenter) -> None:
        super().__init__(presenter)
        Watched.made.append(self)


@pytest.fixture
def live(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Watched]]:
    Watched.made = []
    monkeypatch.setattr(ps, "PygameEventSource", Watched)
    yield Watched.made


def run_game(
    config: Config,
    during: Callable[[threading.Event], None],
    path: Path | None = None,
) -> tuple[int, float]:
    """Run the game in the window while ``during`` acts from a thread; the
    status and when it returned.  ``during`` is told when the window is up;
    if the game is still running :data:`HANG` seconds after ``during`` is
    done, it is shut (and a test's guard of half that fails)."""
    up = threading.Event()
    done = threading.Event()
    show = Presenter.present

    def present(self: Presenter) -> None:
        show(self)
        up.set()

    def act() -> None:
        up.wait(HANG)
        during(up)
        if not done.wait(HANG):
            while not done.wait(0.5):
                pygame.event.post(pygame.event.Event(pygame.QUIT))

    Presenter.present = present  # type: ignore[method-assign]
    thread = threading.Thread(target=act, daemon=True)
    try:
        thread.start()
        status = run_window(config, TEXT, 3, path)
        return status, time.monotonic()
    finally:
        done.set()
        Presenter.present = show  # type: ignore[method-assign]
        thread.join(HANG)


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def ctrl(scancode: str, char: str) -> list[pygame.event.Event]:
    code = getattr(pygame, f"KSCAN_{scancode}")
    return [
        pygame.event.Event(kind, key=ord(char), scancode=code, mod=pygame.KMOD_LCTRL, unicode="")
        for kind in (pygame.KEYDOWN, pygame.KEYUP)
    ]


def shift_esc() -> list[pygame.event.Event]:
    code = pygame.KSCAN_ESCAPE
    return [
        pygame.event.Event(kind, key=27, scancode=code, mod=pygame.KMOD_LSHIFT, unicode="")
        for kind in (pygame.KEYDOWN, pygame.KEYUP)
    ]


def flood_event(rng: np.random.Generator) -> pygame.event.Event:
    """Motion, a key that does nothing and clicks where nothing is, at the title screen."""
    x, y = int(rng.integers(640)), int(rng.integers(400, 470))
    kind = rng.integers(10)
    if kind < 7:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))
    if kind < 9:
        scancode = pygame.KSCAN_X
        return pygame.event.Event(pygame.KEYDOWN, key=ord("x"), scancode=scancode, mod=0)
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)


QUITS: dict[str, Callable[[], None]] = {
    "close": lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)),
    "shift+esc": lambda: [pygame.event.post(e) for e in shift_esc()] and None,
    "ctrl+q": lambda: [pygame.event.post(e) for e in ctrl("Q", "q")] and None,
    "sigterm": lambda: os.kill(os.getpid(), signal.SIGTERM),
}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for memory")
@pytest.mark.parametrize("how", list(QUITS))
def test_a_flood_of_input_stays_small_and_a_quit_overtakes_it(
    tmp_path: Path, live: list[Watched], how: str
) -> None:
    """A flood of thousands of events, then a quit: the queue never holds more
    than its limit, memory stays flat, and the quit is honoured (it used to
    wait behind 400,000 messages; how soon: benchmarks/idle.py)."""
    config = Config(home=tmp_path, scale=1)
    seen: dict[str, float] = {"longest": 0, "sent": 0}

    def flood(up: threading.Event) -> None:
        rng = np.random.default_rng(7)
        before = rss_mb()
        end = time.monotonic() + HANG / 2  # a guard: the flood is counted, not timed
        while seen["sent"] < FLOOD and time.monotonic() < end:
            for _ in range(100):
                try:
                    pygame.event.post(flood_event(rng))
                    seen["sent"] += 1
                except pygame.error:
                    pass  # SDL's own queue is full: the game is behind
            seen["longest"] = max(seen["longest"], len(live[0]))
            time.sleep(0.001)
        seen["grown"] = rss_mb() - before
        seen["quit"] = time.monotonic()
        QUITS[how]()

    status, returned = run_game(config, flood)
    waited = returned - seen["quit"]
    print(
        f"{how}: {seen['sent']:.0f} events, queue at most {seen['longest']:.0f},"
        f" {live[0].dropped} dropped, memory {seen['grown']:+.1f} MB,"
        f" quit after {waited * 1000:.0f} ms"
    )
    assert status == 0
    assert seen["sent"] >= FLOOD
    assert seen["longest"] <= ps.QUEUE_LIMIT + 2
    assert seen["grown"] < 20
    assert waited < HANG / 2  # not stuck behind the flood


def test_a_window_closed_during_a_save_leaves_a_whole_save(
    tmp_path: Path, live: list[Watched]
) -> None:
    """Ctrl+S at the turn prompt and the close right behind it: the save is
    either whole or not begun, and nothing half-written is left about."""
    session = Session(
        Setup(5, (T.HUMAN, T.AMIGA, T.NONE, T.NONE, T.NONE, T.NONE), 3), TEXT, QuietHost()
    )
    session.start()
    g = session.game
    path = tmp_path / "mine.saga"
    savefile.save(path, g.state)
    before = path.read_bytes()
    config = Config(home=tmp_path, scale=1)

    def save_and_close(up: threading.Event) -> None:
        for event in ctrl("S", "s"):
            pygame.event.post(event)
        os.kill(os.getpid(), signal.SIGTERM)

    status, _ = run_game(config, save_and_close, path)
    assert status == 0
    assert path.read_bytes() == before or savefile.load(path) is not None
    assert sorted(p.name for p in tmp_path.iterdir()) in (
        ["mine.saga"],
        ["Autosave.saga", "mine.saga"],
    )


# -- item 8: rest when idle ------------------------------------------------------


def test_the_title_screen_waits_without_ticks_or_frames(
    tmp_path: Path, live: list[Watched]
) -> None:
    """Idle at the title screen, the game gets no message and draws nothing
    until there is input, but repaints an exposed window with no input to
    wake it, and a SIGTERM ends it though it sleeps; the CPU it used
    meanwhile is printed (the figures: benchmarks/idle.py)."""
    config = Config(home=tmp_path, scale=1)
    seen: dict[str, object] = {}
    shown: list[int] = []
    show = Presenter.present

    def counted(self: Presenter) -> None:
        shown.append(len(self.screen.bitmap.dirty.boxes))
        show(self)

    def idle(up: threading.Event) -> None:
        time.sleep(0.3)
        source = live[0]
        seen["ticks"] = source.want_ticks
        frames = len(shown)
        time.sleep(1.0)
        seen["frames"] = len(shown) - frames
        pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
        guard = time.monotonic() + HANG / 2
        while not any(shown[frames:]) and time.monotonic() < guard:
            time.sleep(0.01)  # with no input to wake for
        seen["repainted"] = any(shown[frames:])
        quit_at.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGTERM)  # heard though the game sleeps

    quit_at: list[float] = []
    Presenter.present = counted  # type: ignore[method-assign]
    try:
        cpu = time.process_time()
        _, returned = run_game(config, idle)
        print(f"title screen, 1.6 s: {(time.process_time() - cpu) * 1000:.0f} ms CPU")
    finally:
        Presenter.present = show  # type: ignore[method-assign]
    assert seen == {"ticks": False, "frames": 0, "repainted": True}
    assert returned - quit_at[0] < HANG / 2  # heard, not left to the guard


def test_ticks_resume_on_their_beat_not_at_once(screen: Screen) -> None:
    """Ticks switched off and on again come on their ten-a-second grid, as if
    they had gone on meanwhile: a message delay is as long as it always was."""
    presenter = Presenter(screen, "Test", scale=1)
    try:
        now = [100.0]
        source = ps.PygameEventSource(presenter, clock=lambda: now[0])
        pygame.event.clear()
        source.want_ticks = False
        now[0] += 5.04
        assert source.next_event() is None
        source.want_ticks = True
        assert source.next_event() is None
        now[0] += 0.07
        assert source.next_event().idcmp == IDCMP.INTUITICKS
    finally:
        presenter.close()


def test_a_requester_or_the_title_screen_asks_for_no_ticks() -> None:
    ui = Ui(ScriptedEventSource())
    assert ui.source.want_ticks
    with ui.requester_layer():
        assert not ui.source.want_ticks
    assert ui.source.want_ticks
    title = TitleScreen(ui, Config(), TEXT, lambda key: None)
    with pytest.raises(QuitProgram):
        title.run()
    assert ui.source.want_ticks


def test_the_title_screen_redraws_only_what_changed_and_shows_it_all() -> None:
    """After clicks and keys, the screen is what a full drawing shows."""
    source = ScriptedEventSource()
    source.click(360, 217).click(360, 230).raw(0x4E).key("t").move(330, 400)
    ui = Ui(source)
    config = Config(controls=[T.NONE] * 6)
    title = TitleScreen(ui, config, TEXT, lambda key: None)
    with pytest.raises(QuitProgram):
        title.run()
    assert config.controls[:2] == [T.HUMAN, T.HUMAN] and config.controls[5] == T.HUMAN
    shown = ui.screen.pixels.copy()
    title.draw()
    assert (ui.screen.pixels == shown).all()
