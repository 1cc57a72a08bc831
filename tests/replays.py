"""The shared traces of the original as replay files: the trace's arguments
as a ``SAGA-REPLAY`` first line, then the trace itself (its ``Q`` lines are
the answers, every other line is ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import oracle_traces


def _traces(folder: str) -> list[Path]:
    """The oracle's traces (the repository's copies and any more shared ones)
    lying directly in ``folder`` ("" for the top) of their oracle."""
    return [
        trace for key, trace in oracle_traces() if key.split(":", 1)[1].rpartition("/")[0] == folder
    ]


def human_traces() -> list[Path]:
    """The oracle's traces of new games with a human hero (a 1 in the controls)."""
    return [p for p in _traces("") if "1" in p.stem.split("_")[3]]


def load_traces() -> list[Path]:
    """The oracle's traces of continued games: ``SEED_NAME.trace`` beside ``NAME.saga``."""
    return _traces("load")


def needed(traces: list[Path]) -> list[Path]:
    """The traces a test needs, or skip it where the oracle is not to be had."""
    if not traces:
        pytest.skip("no traces of the original in tests/data/oracle or $SAGA_ORACLE")
    return traces


def replay_text(trace: Path) -> str:
    """A replay of the game the trace records, made of the trace."""
    if trace.parent.name == "load":
        seed, name = trace.stem.split("_", 1)
        save = (trace.parent / f"{name}.saga").read_bytes()
        header = f"SAGA-REPLAY 1 LOAD {seed}\nS {save.hex()}\n"
    else:
        seed, turns, advanced, controls = trace.stem.split("_")
        header = f"SAGA-REPLAY 1 {seed} {turns} {advanced} {' '.join(controls)}\n"
    return header + trace.read_text()


def scores(trace_text: str) -> list[int]:
    return [int(line.split()[2]) for line in trace_text.splitlines() if line.startswith("SCORE ")]
