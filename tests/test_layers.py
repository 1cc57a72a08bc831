"""The layering rules: amiga/ knows nothing of saga/, and the engine needs no pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
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
    code = (
        "import sys, saga.trace, saga.headless, saga.cli;"
        "sys.exit('pygame' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0


def test_outcomes_draw_only_from_the_injected_source() -> None:
    # Every module that decides game outcomes must take its dice from g.goodrand.
    # (saga/art may shuffle while it draws the map; it decides nothing.)
    for path in [*(REPO / "saga").glob("*.py"), *(REPO / "saga" / "engine").glob("*.py")]:
        names = _imports(path)
        assert "random" not in names and "secrets" not in names, path
