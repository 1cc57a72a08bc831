"""The one clock a test may read: a generous guard against a hang, never a speed check.

A test that waits for something (a process, a thread, a file, a socket) waits
at most :data:`HANG` seconds, far beyond what any step takes even on a
machine whose cores are busy with other work; speed and reaction times are
figures that ``benchmarks/`` prints.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

HANG = 60.0  # seconds

Result = TypeVar("Result")


def returns(action: Callable[[], Result], seconds: float = HANG) -> Result:
    """What ``action`` returns (or the exception it raises, raised again here),
    run where a hang cannot stop the suite: the test fails if ``action`` has
    not returned within ``seconds``, say because it waits on a named pipe."""
    outcome: list[Result | BaseException] = []

    def run() -> None:
        try:
            outcome.append(action())
        except BaseException as e:  # handed over to the test's own thread
            outcome.append(e)

    thread = threading.Thread(target=run, daemon=True)  # one that hangs is left behind
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s: it hangs"
    (result,) = outcome
    if isinstance(result, BaseException):
        raise result
    return result
