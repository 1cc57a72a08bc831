"""What a screen wrote, for tests that read a window's words rather than its pixels."""

from __future__ import annotations

from saga.screen.ui import Ui


def record_text(ui: Ui) -> list[str]:
    """Every string ``ui`` draws from now on, in order (drawn as before, too)."""
    shown: list[str] = []
    text = ui.text

    def keep(x: int, y: int, said: str, pen: int, **kw: bool) -> None:
        shown.append(said)
        text(x, y, said, pen, **kw)

    ui.text = keep  # type: ignore[method-assign]
    return shown
