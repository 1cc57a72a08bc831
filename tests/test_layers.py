"""The layering rules: amiga/ knows nothing of saga/, and the engine needs no pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_amiga_never_imports_saga() -> None:
    for path in (REPO / "amiga").rglob("*.py"):
        assert not any(n == "saga" or n.startswith("saga.") for n in _imports(path)), path


def test_the_engine_runs_without_pygame() -> None:
    code = "import sys, saga.trace, saga.headless, saga.cli;sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0


def test_outcomes_draw_only_from_the_injected_source() -> None:
    # Every module that decides game outcomes must take its dice from g.goodrand.
    # (saga/art may shuffle while it draws the map; it decides nothing.)
    for path in [*(REPO / "saga").glob("*.py"), *(REPO / "saga" / "engine").glob("*.py")]:
        names = _imports(path)
        assert "random" not in names and "secrets" not in names, path


def _imported_modules(path: Path) -> set[str]:
    """Every module a file imports, ``from a import b`` counted as ``a.b``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _project_imports(folder: Path) -> list[tuple[str, str]]:
    """(file, module) for every project module that a folder's files import."""
    return [
        (str(path.relative_to(REPO)), name)
        for path in folder.rglob("*.py")
        for name in _imported_modules(path)
        if name.split(".")[0] in ("saga", "amiga", "pygame")
    ]


def test_the_engine_imports_nothing_above_it() -> None:
    # The rules, the Amiga players and the host interface stand alone: no
    # screens, no window, no files, no tools, and no pygame.
    for path, name in _project_imports(REPO / "saga" / "engine"):
        assert name.startswith("saga.engine."), (path, name)


def test_screens_are_views() -> None:
    # Everything under saga/screen draws: it sees a game only through
    # saga.view (which can change nothing) and the engine's tables, and
    # never reaches for the drivers in saga/window that run the engine.
    screens = list((REPO / "saga" / "screen").glob("*.py"))
    assert len(screens) > 5
    for path, name in _project_imports(REPO / "saga" / "screen"):
        assert not name.startswith("saga.window"), (path, name)
        if name.startswith("saga.engine"):
            assert name.startswith("saga.engine.tables"), (path, name)


def test_the_window_code_keeps_pygames_greeting_off_stdout() -> None:
    # Every pygame import goes through amiga.display.present, which silences it.
    code = "import saga.window.app, saga.screen.about"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == ""
