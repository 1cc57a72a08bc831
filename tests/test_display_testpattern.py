"""The test card, rendered and compared pen for pen with the stored picture.

To accept an intended change, look at the new card and replace the file:
``python -m amiga.display testpattern tests/data/display_testpattern.png``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from amiga.display import testpattern
from amiga.display.__main__ import main
from amiga.iff import read_ilbm
from amiga.iff.png import decode_png

EXPECTED = Path(__file__).parent / "data" / "display_testpattern.png"


def test_the_test_card_matches_the_stored_picture() -> None:
    screen = testpattern.render()
    expected = decode_png(EXPECTED.read_bytes())
    assert expected.palette == screen.palette.colours()
    mismatch = np.argwhere(expected.pixels != screen.pixels)
    assert mismatch.size == 0, f"{len(mismatch)} pixels differ, first at (y, x) {mismatch[0]}"


def test_the_command_line_writes_png_and_ilbm(tmp_path: Path) -> None:
    assert main(["testpattern", str(tmp_path / "card.png"), "--scale", "2"]) == 0
    big = decode_png((tmp_path / "card.png").read_bytes())
    screen = testpattern.render()
    assert (big.pixels[::2, ::2] == screen.pixels).all() and big.pixels.shape == (1024, 1280)
    assert main(["testpattern", str(tmp_path / "card.iff")]) == 0
    assert (read_ilbm((tmp_path / "card.iff").read_bytes()).pixels == screen.pixels).all()
