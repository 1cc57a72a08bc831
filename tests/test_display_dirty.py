"""Dirty boxes: merged as they come, clipped, collapsed when too many."""

from __future__ import annotations

from amiga.display import BitMap, Box, DirtyRegion

SCREEN = Box(0, 0, 640, 512)


def test_touching_boxes_merge_and_separate_ones_do_not() -> None:
    region = DirtyRegion(SCREEN)
    region.add(Box(0, 0, 8, 8))
    region.add(Box(8, 0, 16, 8))  # a second glyph beside the first
    region.add(Box(100, 100, 110, 110))
    assert sorted(region.boxes) == [Box(0, 0, 16, 8), Box(100, 100, 110, 110)]


def test_a_merge_can_swallow_further_boxes() -> None:
    region = DirtyRegion(SCREEN)
    region.add(Box(0, 0, 10, 10))
    region.add(Box(20, 0, 30, 10))
    region.add(Box(5, 0, 25, 10))  # bridges the two
    assert region.boxes == (Box(0, 0, 30, 10),)


def test_boxes_are_clipped_and_empty_ones_dropped() -> None:
    region = DirtyRegion(SCREEN)
    region.add(Box(-10, -10, 5, 5))
    region.add(Box(700, 0, 800, 10))
    region.add(Box(3, 3, 3, 9))
    assert region.boxes == (Box(0, 0, 5, 5),)


def test_too_many_boxes_collapse_to_their_bounds() -> None:
    region = DirtyRegion(SCREEN, max_boxes=4)
    for i in range(5):
        region.add(Box.sized(i * 20, i * 20, 4, 4))
    assert region.boxes == (Box(0, 0, 84, 84),)


def test_take_hands_over_and_clears() -> None:
    region = DirtyRegion(SCREEN)
    region.add(Box(1, 2, 3, 4))
    assert region
    assert region.take() == [Box(1, 2, 3, 4)]
    assert not region
    region.add_all()
    assert region.take() == [SCREEN]
    assert region.area == 0


def test_a_bitmap_records_what_is_drawn_on_it() -> None:
    bitmap = BitMap(64, 32)
    bitmap.touch(Box(60, 30, 70, 40))
    assert bitmap.dirty.take() == [Box(60, 30, 64, 32)]
