"""Intuition-style input: IDCMP messages with raw keys, qualifiers and ticks.

Knows nothing of any particular program.  Everything here works without
pygame; the window's input lives in :mod:`amiga.input.pygame_source`.
"""

from amiga.input.codes import IDCMP, IECODE_UP_PREFIX, MouseCode, Qualifier, RawKey
from amiga.input.message import IntuiMessage
from amiga.input.scripted import ScriptedEventSource
from amiga.input.source import EndOfInput, EventSource

__all__ = [
    "IDCMP",
    "IECODE_UP_PREFIX",
    "EndOfInput",
    "EventSource",
    "IntuiMessage",
    "MouseCode",
    "Qualifier",
    "RawKey",
    "ScriptedEventSource",
]
