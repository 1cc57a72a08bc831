"""Half-open pixel rectangles, the common currency of clipping and repainting."""

from __future__ import annotations

from typing import NamedTuple


class Box(NamedTuple):
    """Pixels ``left <= x < right`` and ``top <= y < bottom``.

    Half-open boxes clip and merge without the off-by-one fixes that the
    Amiga's inclusive ``(xmin, ymin, xmax, ymax)`` rectangles need, so
    inclusive coordinates are converted once, at the drawing API.
    """

    left: int
    top: int
    right: int
    bottom: int

    @classmethod
    def inclusive(cls, xmin: int, ymin: int, xmax: int, ymax: int) -> Box:
        """The box of an Amiga-style rectangle whose corners are both drawn."""
        return cls(xmin, ymin, xmax + 1, ymax + 1)

    @classmethod
    def sized(cls, x: int, y: int, width: int, height: int) -> Box:
        return cls(x, y, x + width, y + height)

    @property
    def width(self) -> int:
        return max(0, self.right - self.left)

    @property
    def height(self) -> int:
        return max(0, self.bottom - self.top)

    @property
    def area(self) -> int:
        return self.width * self.height

    @property
    def empty(self) -> bool:
        return self.width == 0 or self.height == 0

    @property
    def slices(self) -> tuple[slice, slice]:
        """Index a (row, column) numpy array with this box."""
        return slice(self.top, self.bottom), slice(self.left, self.right)

    def clip(self, other: Box) -> Box:
        """The part of this box inside ``other`` (possibly empty)."""
        return Box(
            max(self.left, other.left),
            max(self.top, other.top),
            min(self.right, other.right),
            min(self.bottom, other.bottom),
        )

    def union(self, other: Box) -> Box:
        """The smallest box holding both."""
        return Box(
            min(self.left, other.left),
            min(self.top, other.top),
            max(self.right, other.right),
            max(self.bottom, other.bottom),
        )

    def touches(self, other: Box) -> bool:
        """Overlapping or edge-adjacent, so that their union wastes nothing."""
        return (
            self.left <= other.right
            and other.left <= self.right
            and self.top <= other.bottom
            and other.top <= self.bottom
        )

    def moved(self, dx: int, dy: int) -> Box:
        return Box(self.left + dx, self.top + dy, self.right + dx, self.bottom + dy)
