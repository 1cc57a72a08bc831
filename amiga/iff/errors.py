"""The single exception type of :mod:`amiga.iff`."""

from __future__ import annotations


class IffError(ValueError):
    """Anything wrong with an IFF file (or with what a caller asked a writer to write).

    Readers raise nothing else, so callers that load untrusted files need exactly one
    ``except`` clause.  The message always starts with the file name and, when one is
    involved, the chunk, because "BODY ends early" is useless without knowing which
    of a game's hundred pictures is broken.
    """

    def __init__(self, name: str, chunk: str | None, problem: str) -> None:
        where = f"{name}: {chunk}" if chunk else name
        super().__init__(f"{where}: {problem}")
        self.name = name
        self.chunk = chunk
        self.problem = problem

    def __reduce__(self) -> tuple[type[IffError], tuple[str, str | None, str]]:
        # The default reduction would call IffError(message) and fail; keep the
        # error picklable so it can cross process boundaries.
        return (type(self), (self.name, self.chunk, self.problem))
