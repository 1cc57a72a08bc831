"""The clipboard: text put there for other programs to paste, as the Amiga's
clipboard.device (unit 0) held it.

pygame's ``scrap`` cannot place text on some systems (X11 with pygame 2's
SDL 2 build says "content could not be placed"), so SDL's own clipboard
call is tried as well, in the SDL library pygame brought.  The window's
event loop then hands the text to whoever pastes it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os


def put_text(text: str) -> bool:
    """Put ``text`` on the system's clipboard; False where there is none to reach
    (no window open, or a display without one)."""
    import pygame
    import pygame.scrap as scrap

    if pygame.display.get_surface() is None:
        return False
    try:
        if not scrap.get_init():
            scrap.init()
        scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except (pygame.error, NotImplementedError):
        pass
    sdl = _sdl(os.path.dirname(pygame.__file__))
    if sdl is None:
        return False
    return int(sdl.SDL_SetClipboardText(text.encode("utf-8"))) == 0


def _sdl(pygame_folder: str) -> ctypes.CDLL | None:
    """The SDL 2 library pygame runs on (already loaded: this finds it again)."""
    found = [
        *glob.glob(os.path.join(pygame_folder, os.pardir, "pygame.libs", "libSDL2-*")),
        *glob.glob(os.path.join(pygame_folder, ".dylibs", "libSDL2*")),
        *glob.glob(os.path.join(pygame_folder, "SDL2.dll")),
    ]
    system = ctypes.util.find_library("SDL2")
    for path in [*found, *([system] if system else [])]:
        try:
            sdl = ctypes.CDLL(path)
            sdl.SDL_SetClipboardText.argtypes = [ctypes.c_char_p]
            sdl.SDL_SetClipboardText.restype = ctypes.c_int
            return sdl
        except (OSError, AttributeError):
            continue
    return None
