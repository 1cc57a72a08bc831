"""Which parts of a bitmap changed since they were last shown."""

from __future__ import annotations

from amiga.display.box import Box


class DirtyRegion:
    """A short list of boxes covering every pixel drawn since the last ``take``.

    Boxes that overlap or touch are merged as they arrive, so typing a line
    of text leaves one box, not one per glyph.  Past ``max_boxes`` the list
    collapses to its bounding box: by then repainting a little too much costs
    less than walking a long list.
    """

    def __init__(self, bounds: Box, max_boxes: int = 32) -> None:
        self.bounds = bounds
        self.max_boxes = max_boxes
        self._boxes: list[Box] = []

    def __bool__(self) -> bool:
        return bool(self._boxes)

    @property
    def boxes(self) -> tuple[Box, ...]:
        return tuple(self._boxes)

    @property
    def area(self) -> int:
        return sum(box.area for box in self._boxes)

    def add(self, box: Box) -> None:
        box = box.clip(self.bounds)
        if box.empty:
            return
        merged = True
        while merged:
            merged = False
            for i, old in enumerate(self._boxes):
                if old.touches(box):
                    box = box.union(self._boxes.pop(i))
                    merged = True
                    break
        self._boxes.append(box)
        if len(self._boxes) > self.max_boxes:
            whole = self._boxes[0]
            for other in self._boxes[1:]:
                whole = whole.union(other)
            self._boxes = [whole]

    def add_all(self) -> None:
        """Everything changed, e.g. after a palette change or a lost window."""
        self._boxes = [self.bounds]

    def take(self) -> list[Box]:
        """Hand over the dirty boxes and start clean."""
        boxes, self._boxes = self._boxes, []
        return boxes
