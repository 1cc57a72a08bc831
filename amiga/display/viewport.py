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
    stretch: bool = False  # fill the window, keeping the screen's shape

    @property
    def picture(self) -> tuple[int, int]:
        """The size of the shown screen in window pixels.

        Stretched, it is the largest with the screen's aspect (640:512) that
        the window holds, so the picture is never distorted, but at least
        one pixel each way, however thin the window is stretched; otherwise
        the whole-number scale.
        """
        if not self.stretch:
            return self.screen_width * self.scale, self.screen_height * self.scale
        across = self.window_height * self.screen_width // self.screen_height
        if across <= self.window_width:
            return max(1, across), max(1, self.window_height)
        down = self.window_width * self.screen_height // self.screen_width
        return max(1, self.window_width), max(1, down)

    def __post_init__(self) -> None:
        if self.scale < 1:
            raise ValueError(f"scale must be at least 1, not {self.scale}")

    @classmethod
    def windowed(cls, screen_width: int, screen_height: int, scale: int) -> Viewport:
        """A window exactly the size of the scaled screen."""
        return cls(screen_width, screen_height, scale, screen_width * scale, screen_height * scale)

    @property
    def window_size(self) -> tuple[int, int]:
        return self.window_width, self.window_height

    @property
    def offset(self) -> tuple[int, int]:
        """Window position of the screen's top-left pixel."""
        width, height = self.picture
        return (self.window_width - width) // 2, (self.window_height - height) // 2

    def to_screen(self, x: int, y: int) -> tuple[int, int]:
        """The screen pixel under window pixel (x, y), clamped to the screen
        as Intuition keeps the pointer on it."""
        ox, oy = self.offset
        width, height = self.picture
        return (
            min(max((x - ox) * self.screen_width // width, 0), self.screen_width - 1),
            min(max((y - oy) * self.screen_height // height, 0), self.screen_height - 1),
        )

    def to_window(self, box: Box) -> Box:
        """The window pixels that show a box of screen pixels."""
        ox, oy = self.offset
        width, height = self.picture
        sw, sh = self.screen_width, self.screen_height
        return Box(
            box.left * width // sw + ox,
            box.top * height // sh + oy,
            -(-box.right * width // sw) + ox,
            -(-box.bottom * height // sh) + oy,
        )


def fit_scale(screen_width: int, screen_height: int, space_width: int, space_height: int) -> int:
    """The largest whole scale at which the screen fits the space (at least 1)."""
    return max(1, min(space_width // screen_width, space_height // screen_height))
