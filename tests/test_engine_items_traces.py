"""Faithfulness of swords and treasures: the port replays the original's item traces.

Each file in tests/data/oracle/items/ is the trace of a whole game played by
the original 1.95 engine compiled natively (see the README there), chosen so
that together they loot, use and trade every treasure.  Human answers are the
file's own ``Q`` lines.  Games continued from a saved game sit in ``load/``
as ``NAME.saga`` and ``SEED_NAME.trace``, as in the shared oracle.  Every line
must match.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_engine_trace import replay_loaded_game, replay_new_game

ITEMS = Path(__file__).parent / "data" / "oracle" / "items"


def _traces() -> list[Path]:
    return sorted(ITEMS.glob("*.trace"))


def _load_traces() -> list[Path]:
    return sorted((ITEMS / "load").glob("*.trace"))


def test_there_are_item_traces() -> None:
    assert len(_traces()) >= 5 and _load_traces()


@pytest.mark.parametrize("trace", _traces() + _load_traces(), ids=lambda p: p.stem)
def test_item_trace_matches_original(trace: Path) -> None:
    replay = replay_loaded_game if trace.parent.name == "load" else replay_new_game
    replay(trace)
