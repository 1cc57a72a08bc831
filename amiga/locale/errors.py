"""The exception and warning types of :mod:`amiga.locale`."""

from __future__ import annotations


class LocaleError(ValueError):
    """A catalog source (.cd or .ct) that cannot be used.

    The message starts with ``file:line:`` (or just ``file:`` when the problem is
    something missing), the form editors and compilers use, so a translator can
    jump straight to the mistake.
    """

    def __init__(self, filename: str, line: int | None, problem: str) -> None:
        where = f"{filename}:{line}" if line is not None else filename
        super().__init__(f"{where}: {problem}")
        self.filename = filename
        self.line = line
        self.problem = problem

    def __reduce__(self) -> tuple[type[LocaleError], tuple[str, int | None, str]]:
        return (type(self), (self.filename, self.line, self.problem))


class LocaleWarning(UserWarning):
    """Something worth telling a translator or player that need not stop anything.

    Issued through :mod:`warnings`: a missing or broken catalog at run time (the
    built-in strings are used instead), and questionable input to the compiler.
    Filter on this category to silence or escalate them.
    """
