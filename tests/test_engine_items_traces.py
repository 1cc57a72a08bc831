"""Faithfulness of swords and treasures: the port replays the original's item traces.

Each file in tests/data/oracle/items/ is the trace of a whole game played by
the original 1.95 engine compiled natively (see the README there), chosen so
that together they loot, use and trade every treasure.  Human answers are the
file's own ``Q`` lines.  Every line must match.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from test_engine_trace import _same_lines

from saga.trace import read_answers, run

ITEMS = Path(__file__).parent / "data" / "oracle" / "items"


def _traces() -> list[Path]:
    return sorted(ITEMS.glob("*.trace"))


def test_there_are_item_traces() -> None:
    assert len(_traces()) >= 5


@pytest.mark.parametrize("trace", _traces(), ids=lambda p: p.stem)
def test_item_trace_matches_original(trace: Path) -> None:
    seed, turns, advanced, controls = trace.stem.split("_")
    expected = trace.read_text()
    out = io.StringIO()
    run(None, int(seed), read_answers(expected.splitlines()), out,
        ([int(c) for c in controls], int(turns), advanced == "1"))
    _same_lines(out.getvalue(), expected)
