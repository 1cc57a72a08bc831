"""A message delay is time, not focus: it runs out in a real window (SDL's dummy
driver, the real clock) that the desktop has taken the focus from, with no input."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

pygame = pytest.importorskip("pygame")

from amiga.display import Screen  # noqa: E402
from amiga.display.present import Presenter  # noqa: E402
from amiga.input import IDCMP  # noqa: E402
from amiga.input.pygame_source import PygameEventSource  # noqa: E402
from saga.engine.session import Session, Setup  # noqa: E402
from saga.files.config import Config  # noqa: E402
from saga.look.text import english  # noqa: E402
from saga.play.hosts import QuietHost  # noqa: E402
from saga.screen.board import Board  # noqa: E402
from saga.screen.ui import Ui  # noqa: E402
from saga.window.host import ScreenHost  # noqa: E402

GUARD = 10.0  # seconds: a hang guard, far above any delay here


@pytest.fixture
def window() -> Iterator[Ui]:
    screen = Screen(640, 512, depth=7, halfbrite=True)
    presenter = Presenter(screen, "Test", scale=1)
    try:
        source = PygameEventSource(presenter)
        pygame.event.clear()
        yield Ui(source, presenter, screen)
    finally:
        presenter.close()


def test_a_local_games_message_delay_runs_out_without_the_focus(window: Ui) -> None:
    ui = window
    g = Session(Setup(1), english(), QuietHost()).game
    config = Config(delay=1)
    host = ScreenHost(ui, Board(ui), english(), config, g, None, print, summary=lambda: None)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert ui.next_message(0).idcmp == IDCMP.INACTIVEWINDOW  # the desktop looks elsewhere
    # The guard closes the window if the delays are still waiting by then:
    # the pauses would end in QuitProgram, and the test fail.
    guard = threading.Timer(GUARD, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    guard.start()
    try:
        for _ in range(3):
            host.pause()  # no key, no click: each runs out by itself
    finally:
        guard.cancel()
