"""What other machines can make this one print, bounded.

A peer decides when a line about it is printed (it joins, leaves, goes out
of step, is let go), and a hostile one would print them by the thousand.
Every such line goes through :class:`Notices`: at most
:data:`PER_SOURCE` lines a minute about one address (or about the host, on
a joiner) and :data:`IN_ALL` in all; the first line held back says so, and
the next line let through after a quiet spell counts what was held back,
in the words of ``text`` (the player's language).  Every line is made
:func:`~saga.look.text.printable`.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable

from saga.look.text import Lookup, english, fill, printable

PER_SOURCE = 8  # lines a minute about one source
IN_ALL = 40  # lines a minute in all
WINDOW = 60.0
MAX_SOURCES = 1024  # sources remembered
MAX_LINE = 300  # characters of one line


class Notices:
    """Passes lines on to ``tell``, each source's and all of them at a bounded rate
    (what it says of the lines held back worded by ``text``: English unless given)."""

    def __init__(
        self,
        tell: Callable[[str], None],
        clock: Callable[[], float] = time.monotonic,
        *,
        text: Lookup | None = None,
    ) -> None:
        self.tell = tell
        self.clock = clock
        self.text = text or english()
        self._sources: OrderedDict[str, deque[float]] = OrderedDict()
        self._all: deque[float] = deque()
        self._held = 0  # lines held back since the last one said

    def say(self, source: str, line: str) -> None:
        """Print ``line`` about ``source`` (an address), unless it has had its share."""
        now = self.clock()
        recent = self._sources.pop(source, None) or deque()
        self._sources[source] = recent
        while len(self._sources) > MAX_SOURCES:
            self._sources.popitem(last=False)
        for times in (recent, self._all):
            while times and times[0] <= now - WINDOW:
                times.popleft()
        if len(recent) > PER_SOURCE or len(self._all) > IN_ALL:
            self._held += 1
            return
        if len(recent) == PER_SOURCE or len(self._all) == IN_ALL:
            line = self.text("MSG_NET_HELD_BACK")
            self._held += 1
        elif self._held:
            line += " " + fill(self.text("MSG_NET_HELD_BEFORE"), self._held)
            self._held = 0
        recent.append(now)
        self._all.append(now)
        self.tell(printable(line[:MAX_LINE]))
