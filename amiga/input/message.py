"""The message every input source delivers, after Intuition's IntuiMessage."""

from __future__ import annotations

from dataclasses import dataclass

from amiga.input.codes import IDCMP, IECODE_UP_PREFIX, Qualifier

_NO_QUALIFIER = Qualifier(0)


@dataclass(frozen=True, slots=True)
class IntuiMessage:
    """One input event: its class, code and qualifier as Intuition sets them,
    where the pointer was (in screen pixels) and when (seconds).

    For RAWKEY the code is a raw key, plus 0x80 on release; for
    MOUSEBUTTONS a :class:`~amiga.input.codes.MouseCode`; for VANILLAKEY a
    character's code point: one of ISO-8859-1 or of ISO-8859-7, the sets an
    Amiga keymap types (:mod:`amiga.codesets`).
    """

    idcmp: IDCMP
    code: int = 0
    qualifier: Qualifier = _NO_QUALIFIER
    mouse_x: int = 0
    mouse_y: int = 0
    time: float = 0.0

    @property
    def key_up(self) -> bool:
        """A key or button release (RAWKEY and MOUSEBUTTONS)."""
        return bool(self.code & IECODE_UP_PREFIX)

    @property
    def raw_key(self) -> int:
        """The RAWKEY code without its release bit."""
        return self.code & ~IECODE_UP_PREFIX

    @property
    def char(self) -> str:
        """The character of a VANILLAKEY message."""
        return chr(self.code)
