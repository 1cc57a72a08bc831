"""Showing a screen in a pygame window: the only display module using SDL.

Pixels stay pens until the moment they are shown: the bitmap is wrapped,
without copying, as an 8-bit SDL surface whose palette is the screen's, and
SDL's blit does the pen-to-colour lookup while converting to the window's
format.  The converted picture is then scaled by a whole number into the
window.  Only dirty boxes are converted and scaled; a palette change makes
everything dirty, since any pixel may use the changed pen.

``benchmarks/display.py`` compares this with scaling the 8-bit surface first
and with numpy palette lookups; converting then scaling was the fastest.
"""

from __future__ import annotations

import os
import sys

from amiga.display.box import Box
from amiga.display.clock import Metronome
from amiga.display.screen import DisplayError, Screen
from amiga.display.viewport import Viewport, fit_scale

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL2 otherwise backs a plain window's surface with an OpenGL texture: on a
# desktop without a GPU driver that loads Mesa's LLVM rasteriser (100 MB and
# a tenth of a second) to copy one 2D picture.  X11's shared-memory
# framebuffer does the same job in a few megabytes.  Users may still ask.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

# pygame's ``pkgdata`` imports setuptools' ``pkg_resources`` when it is
# installed, which costs 60 ms at start-up; when that import fails pygame
# finds its data files by itself, so the import is made to fail meanwhile.
_hide_pkg_resources = "pkg_resources" not in sys.modules
if _hide_pkg_resources:
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]
try:
    import pygame  # after silencing its greeting on stdout
finally:
    if _hide_pkg_resources:
        del sys.modules["pkg_resources"]

PAL_FRAME_HZ = 50.0

# Desktop pixels left for the window's title bar and a panel when choosing
# the largest windowed scale: enough that 640x512 is doubled on a
# 1920x1080 desktop, where 1024 lines just fit.
WINDOW_MARGIN = (0, 48)

# Dirty boxes covering at least this share of the screen are converted as one
# full frame, which saves the per-box set-up when it no longer buys anything.
FULL_FRAME_SHARE = 0.75


class Presenter:
    """A window showing one :class:`Screen`, scaled by a whole number.

    ``scale`` None picks the largest scale that fits the desktop (or the
    display, in fullscreen, where the picture is centred with black bars).
    """

    def __init__(
        self,
        screen: Screen,
        title: str,
        *,
        scale: int | None = None,
        fullscreen: bool = False,
        frame_hz: float = PAL_FRAME_HZ,
    ) -> None:
        try:
            pygame.display.init()
        except pygame.error as e:
            raise DisplayError(f"can't open a window: {e}") from None
        pygame.display.set_caption(title)
        self.screen = screen
        self._requested_scale = scale
        self._fullscreen = fullscreen
        self.frame_clock = Metronome(frame_hz)
        self._indexed = pygame.image.frombuffer(
            screen.bitmap.pixels, (screen.width, screen.height), "P"
        )
        self._palette_version: int | None = None
        self._open()

    @property
    def fullscreen(self) -> bool:
        return self._fullscreen

    @property
    def scale(self) -> int:
        return self.viewport.scale

    def set_scale(self, scale: int | None) -> None:
        """Rescale to 1x, 2x, 3x... or, with None, the largest that fits."""
        self._requested_scale = scale
        self._open()

    def toggle_fullscreen(self) -> None:
        self._fullscreen = not self._fullscreen
        self._open()

    def window_to_screen(self, x: int, y: int) -> tuple[int, int]:
        """The screen pixel under a window position, e.g. the mouse."""
        return self.viewport.to_screen(x, y)

    def invalidate(self) -> None:
        """Repaint the whole window at the next present, e.g. after SDL
        reports it exposed."""
        self._window.fill(0)
        self.screen.bitmap.dirty.add_all()
        pygame.display.flip()  # presents update only the screen's area, not the borders

    def present(self) -> None:
        """Show what changed since the last present."""
        bitmap = self.screen.bitmap
        palette = self.screen.palette
        if palette.version != self._palette_version:
            self._indexed.set_palette(palette.rgb)
            self._palette_version = palette.version
            bitmap.dirty.add_all()
        if bitmap.dirty.area >= FULL_FRAME_SHARE * bitmap.bounds.area:
            bitmap.dirty.add_all()
        boxes = bitmap.dirty.take()
        if boxes:
            pygame.display.update([self._show(box) for box in boxes])

    def wait_frame(self) -> None:
        """Sleep until the next PAL frame (50 Hz unless told otherwise)."""
        self.frame_clock.wait()

    def close(self) -> None:
        pygame.display.quit()

    def _show(self, box: Box) -> pygame.Rect:
        """Convert and scale one box of screen into the window."""
        source = pygame.Rect(box.left, box.top, box.width, box.height)
        shown = self.viewport.to_window(box)
        target = pygame.Rect(shown.left, shown.top, shown.width, shown.height)
        if self.viewport.scale == 1:
            self._window.blit(self._indexed, target, source)
        else:
            self._rgb.blit(self._indexed, source, source)
            pygame.transform.scale(
                self._rgb.subsurface(source), target.size, self._window.subsurface(target)
            )
        return target

    def _open(self) -> None:
        width, height = self.screen.width, self.screen.height
        if self._fullscreen:
            self._window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            space = self._window.get_size()
            fit = fit_scale(width, height, *space)
            scale = min(self._requested_scale, fit) if self._requested_scale else fit
            self.viewport = Viewport(width, height, scale, *space)
        else:
            desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
            scale = self._requested_scale or fit_scale(
                width, height, desktop_w - WINDOW_MARGIN[0], desktop_h - WINDOW_MARGIN[1]
            )
            self.viewport = Viewport.windowed(width, height, scale)
            self._window = pygame.display.set_mode(
                (self.viewport.window_width, self.viewport.window_height)
            )
        # The window's own pixel format, so scaling into it is a plain copy.
        self._rgb = pygame.Surface((width, height), 0, self._window)
        self.invalidate()
