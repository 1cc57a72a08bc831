"""The shared traces of the original as replay files: the trace's arguments
as a ``SAGA-REPLAY`` first line, then the trace itself (its ``Q`` lines are
the answers, every other line is ignored)."""

from __future__ import annotations

from pathlib import Path

from conftest import oracle_traces


def human_traces() -> list[Path]:
    """The original's traces of new games with a human hero (a 1 in the controls):
    the repository's, and any more in the shared oracle."""
    return [
        p
        for _, p in oracle_traces()
        if p.parent.name not in ("load", "items") and "1" in p.stem.split("_")[3]
    ]


def load_traces() -> list[Path]:
    """The original's traces of continued games: ``SEED_NAME.trace`` beside ``NAME.saga``."""
    return [p for _, p in oracle_traces() if p.parent.name == "load"]


def needed(traces: list[Path]) -> list[Path]:
    """The traces a test needs; every clone has some (tests/data/oracle), so none is a failure."""
    assert traces, "no traces of the original: tests/data/oracle is missing from this clone"
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
