"""Where the screen sits in the window: integer scale and letterbox offset."""

from __future__ import annotations

from dataclasses import dataclass

from amiga.display.box import Box


@dataclass(frozen=True)
class Viewport:
    """A screen shown at ``scale`` times, centred in a window.

    PAL hires-interlace pixels are square, so whole-number scaling is the
    exact picture; any window space left over (fullscreen on a wider
    display) is an even black border.
    """

    screen_width: int
    screen_height: int
    scale: int
    window_width: int
    window_height: int

    def __post_init__(self) -> None:
        if self.scale < 1:
            raise ValueError(f"scale must be at least 1, not {self.scale}")

    @classmethod
    def windowed(cls, screen_width: int, screen_height: int, scale: int) -> Viewport:
        """A window exactly the size of the scaled screen."""
        return cls(screen_width, screen_height, scale, screen_width * scale, screen_height * scale)

    @property
    def offset(self) -> tuple[int, int]:
        """Window position of the screen's top-left pixel."""
        return (
            (self.window_width - self.screen_width * self.scale) // 2,
            (self.window_height - self.screen_height * self.scale) // 2,
        )

    def to_screen(self, x: int, y: int) -> tuple[int, int]:
        """The screen pixel under window pixel (x, y), clamped to the screen
        as Intuition keeps the pointer on it."""
        ox, oy = self.offset
        return (
            min(max((x - ox) // self.scale, 0), self.screen_width - 1),
            min(max((y - oy) // self.scale, 0), self.screen_height - 1),
        )

    def to_window(self, box: Box) -> Box:
        """The window pixels that show a box of screen pixels."""
        ox, oy = self.offset
        s = self.scale
        return Box(box.left * s + ox, box.top * s + oy, box.right * s + ox, box.bottom * s + oy)


def fit_scale(screen_width: int, screen_height: int, space_width: int, space_height: int) -> int:
    """The largest whole scale at which the screen fits the space (at least 1)."""
    return max(1, min(space_width // screen_width, space_height // screen_height))
