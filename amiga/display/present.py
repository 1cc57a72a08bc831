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

import io
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
# Intuition lets the click that activates a window reach it too (a gadget
# answers at once); SDL otherwise throws away a click that brings its window
# the focus, so a player who clicks into a window behind another lost it.
os.environ.setdefault("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")

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


def backend_versions() -> str:
    """What shows the screen, for an About window: pygame's and SDL's versions."""
    sdl = ".".join(str(n) for n in pygame.get_sdl_version())
    return f"pygame {pygame.version.ver}, SDL {sdl}"


# Desktop pixels left for the window's title bar and a panel when choosing
# the largest windowed scale: enough that 640x512 is doubled on a
# 1920x1080 desktop, where 1024 lines just fit.
WINDOW_MARGIN = (0, 48)

# SDL's drivers that open no window; one of them chosen by SDL itself, not by
# the user's SDL_VIDEODRIVER, means there is no display to show a window on.
HEADLESS_DRIVERS = ("offscreen", "dummy")


def _no_desktop() -> bool:
    """On a system whose windows live on X11 or Wayland, whether neither is there.

    Said before SDL looks, which would first complain on stderr in its own
    words and then quietly settle for its offscreen driver.  A user who
    means SDL's console driver names it in SDL_VIDEODRIVER.
    """
    if os.environ.get("SDL_VIDEODRIVER") or sys.platform in ("darwin", "win32", "cygwin"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


# How much light the dark line of a scanline pair keeps (the CRT look).
SCANLINE_LEVEL = 120

# Dirty boxes covering at least this share of the screen are converted as one
# full frame, which saves the per-box set-up when it no longer buys anything.
FULL_FRAME_SHARE = 0.75


class Presenter:
    """A window showing one :class:`Screen`, scaled by a whole number.

    ``scale`` None picks the largest scale that fits the desktop (or the
    display, in fullscreen, where the picture is centred with black bars).
    The window can be resized; ``stretch`` then fills it (and a fullscreen
    display) as far as the screen's 640:512 shape allows, rather than by a
    whole number.  ``scanlines`` darkens the last window row of every
    screen line, as a CRT showed the gaps between them (at 2x and up).
    ``icon`` is a picture file (PNG) for the window's icon.
    """

    def __init__(
        self,
        screen: Screen,
        title: str,
        *,
        scale: int | None = None,
        fullscreen: bool = False,
        stretch: bool = False,
        scanlines: bool = False,
        frame_hz: float = PAL_FRAME_HZ,
        icon: bytes | None = None,
    ) -> None:
        if _no_desktop():
            raise DisplayError(
                "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY)"
            )
        try:
            pygame.display.init()
        except pygame.error as e:
            raise DisplayError(f"can't open a window: {e}") from None
        driver = pygame.display.get_driver()
        asked = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
        if driver in HEADLESS_DRIVERS and driver not in asked:
            pygame.display.quit()
            raise DisplayError(f"no display to open a window on (SDL chose its {driver} driver)")
        self.stretch = stretch
        self.scanlines = scanlines
        self._window_size: tuple[int, int] | None = None  # as the user resized it
        pygame.display.set_caption(title)
        if icon is not None:  # before the window opens, as some desktops look only then
            pygame.display.set_icon(pygame.image.load(io.BytesIO(icon), "icon.png"))
        self.screen = screen
        self._requested_scale = scale
        self._fullscreen = fullscreen
        self.frame_clock = Metronome(frame_hz)
        self._indexed = pygame.image.frombuffer(
            screen.bitmap.pixels.data, (screen.width, screen.height), "P"
        )
        self._palette_version: int | None = None
        self._hidden = False  # minimised
        self._open()

    @property
    def fullscreen(self) -> bool:
        return self._fullscreen

    @property
    def scale(self) -> int:
        return self.viewport.scale

    def set_scale(self, scale: int | None) -> None:
        """Rescale to 1x, 2x, 3x... or, with None, the largest that fits;
        a window takes that size again."""
        self._requested_scale = scale
        self._window_size = None
        self._open()

    def toggle_fullscreen(self) -> None:
        self._fullscreen = not self._fullscreen
        self._open()

    def set_stretch(self, on: bool) -> None:
        self.stretch = on
        self._open()

    def set_scanlines(self, on: bool) -> None:
        self.scanlines = on
        self._open()

    def resized(self, width: int, height: int) -> None:
        """The window was resized, by the user or the window system, in any
        mode: show the screen in its new size.  A window keeps that size
        when its scale or settings change; a fullscreen one only fits the
        picture to what it was given."""
        if not self._fullscreen:
            self._window_size = (max(1, width), max(1, height))  # (0, 0) asks SDL for the desktop
            if self._window_size != self._window.get_size():
                self._open()
                return
        self._fit()

    def minimised(self, hidden: bool) -> None:
        """The window was minimised (True) or restored: nothing is shown
        meanwhile, and everything again when it is back."""
        self._hidden = hidden
        if not hidden:
            self._fit()

    def display_changed(self) -> None:
        """The window moved to another display: a fullscreen one takes that
        display's size; a window keeps its own."""
        if self._fullscreen:
            self._open()
        else:
            self._fit()

    def window_to_screen(self, x: int, y: int) -> tuple[int, int]:
        """The screen pixel under a window position, e.g. the mouse."""
        self.check_window()
        return self.viewport.to_screen(x, y)

    def check_window(self) -> None:
        """Lay the screen out afresh if the window system resized or replaced
        the window without a word: drawing by the old size would write
        outside the new one, and the pointer would be misplaced."""
        window = pygame.display.get_surface()
        if window is not self._window or window.get_size() != self.viewport.window_size:
            self._fit()

    def invalidate(self) -> None:
        """Repaint the whole window at the next present, e.g. after SDL
        reports it exposed."""
        self._window.fill(0)
        self.screen.bitmap.dirty.add_all()
        pygame.display.flip()  # presents update only the screen's area, not the borders

    def present(self) -> None:
        """Show what changed since the last present (nothing while minimised)."""
        if self._hidden:
            return
        self.check_window()
        bitmap = self.screen.bitmap
        palette = self.screen.palette
        if palette.version != self._palette_version:
            self._indexed.set_palette(palette.rgb.tolist())
            self._palette_version = palette.version
            bitmap.dirty.add_all()
        if bitmap.dirty.area >= FULL_FRAME_SHARE * bitmap.bounds.area:
            bitmap.dirty.add_all()
        if self.viewport.stretch and bitmap.dirty.area:
            bitmap.dirty.add_all()  # a fractional scale is redone whole
        boxes = bitmap.dirty.take()
        if boxes:
            pygame.display.update([self._show(box) for box in boxes])

    def close(self) -> None:
        pygame.display.quit()

    def _show(self, box: Box) -> pygame.Rect:
        """Convert and scale one box of screen into the window."""
        source = pygame.Rect(box.left, box.top, box.width, box.height)
        shown = self.viewport.to_window(box)
        target = pygame.Rect(shown.left, shown.top, shown.width, shown.height)
        if target.size == source.size:
            self._window.blit(self._indexed, target, source)
        else:
            self._rgb.blit(self._indexed, source, source)
            pygame.transform.scale(
                self._rgb.subsurface(source), target.size, self._window.subsurface(target)
            )
        if self._shade is not None:
            ox, oy = self.viewport.offset
            self._window.blit(
                self._shade, target, target.move(-ox, -oy), special_flags=pygame.BLEND_MULT
            )
        return target

    def _fit(self) -> None:
        """Lay the screen out afresh in the window as it now is, and repaint it."""
        self._window = pygame.display.get_surface()
        # The window's own pixel format, so scaling into it is a plain copy.
        self._rgb = pygame.Surface((self.screen.width, self.screen.height), 0, self._window)
        self._layout(*self._window.get_size())
        self.invalidate()

    def _layout(self, space_w: int, space_h: int) -> None:
        """Place the screen in a window or display of a size."""
        width, height = self.screen.width, self.screen.height
        fit = fit_scale(width, height, space_w, space_h)
        scale = min(self._requested_scale, fit) if self._requested_scale else fit
        self.viewport = Viewport(width, height, scale, space_w, space_h, self.stretch)
        self._shade = self._scanline_mask() if self.scanlines else None

    def _scanline_mask(self) -> pygame.Surface | None:
        """A picture-sized surface to multiply by: the last row of each line dimmed."""
        pw, ph = self.viewport.picture
        if ph < 2 * self.screen.height:
            return None  # one row a line leaves no gap to show
        mask = pygame.Surface((pw, ph), 0, self._window)
        mask.fill((255, 255, 255))
        level = (SCANLINE_LEVEL,) * 3
        for line in range(1, self.screen.height + 1):
            row = line * ph // self.screen.height - 1
            mask.fill(level, pygame.Rect(0, row, pw, 1))
        return mask

    def _open(self) -> None:
        width, height = self.screen.width, self.screen.height
        if self._fullscreen:
            self._window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size = self._window_size
            if size is None:
                desktop_w, desktop_h = pygame.display.get_desktop_sizes()[0]
                scale = self._requested_scale or fit_scale(
                    width, height, desktop_w - WINDOW_MARGIN[0], desktop_h - WINDOW_MARGIN[1]
                )
                size = (width * scale, height * scale)
            self._window = pygame.display.set_mode(size, pygame.RESIZABLE)
            if self._window.get_size() != size:  # some drivers keep a fullscreen size at first
                self._window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._fit()
