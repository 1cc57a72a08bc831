"""One way to write a fuzz test: a quick run for every test session, and a soak twin.

``@fuzz(strategy, ...)`` turns a test body into a hypothesis test of a few hundred
cases, and puts beside it, under the same name with ``_soak`` added, one of
10,000 cases marked ``soak`` (run with ``pytest -m soak``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

QUICK_EXAMPLES = 300
SOAK_EXAMPLES = 10_000

_COMMON = {
    "deadline": None,  # a slow machine is not a failure; hangs are caught by the tests' own bounds
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    "database": None,
}
QUICK = settings(max_examples=QUICK_EXAMPLES, **_COMMON)  # type: ignore[arg-type]
SOAK = settings(max_examples=SOAK_EXAMPLES, **_COMMON)  # type: ignore[arg-type]


def fuzz(
    *strategies: st.SearchStrategy[object], examples: int = QUICK_EXAMPLES
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Decorate a test body; its module also gains ``<name>_soak``."""

    def make(body: Callable[..., None]) -> Callable[..., None]:
        soak = pytest.mark.soak(SOAK(given(*strategies)(body)))
        setattr(sys.modules[body.__module__], f"{body.__name__}_soak", soak)
        return settings(QUICK, max_examples=examples)(given(*strategies)(body))

    return make
