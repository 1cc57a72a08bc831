"""The clipboard: text put there for other programs to paste, as the Amiga's
clipboard.device (unit 0) held it."""

from __future__ import annotations


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
    except (pygame.error, NotImplementedError):
        return False
    return True
