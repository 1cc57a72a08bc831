"""The layering rules, by folder: which floor may import which, and the engine needs no pygame.

The floors are read from the one import graph (tests/importgraph.py), so an
import inside a function or a relative one counts like any other.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from importgraph import import_graph

REPO = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    """Every module a file imports by name, at the top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _files(*folders: str, root: Path = REPO) -> list[Path]:
    return sorted(path for folder in folders for path in (root / folder).rglob("*.py"))


def pygame_importers(paths: list[Path]) -> list[Path]:
    """The files that import pygame (or a part of it) anywhere."""
    return [p for p in paths if any(n.split(".")[0] == "pygame" for n in _imports(p))]


# Where dice could come from besides the game's own source.
OTHER_DICE = ("random", "secrets", "numpy.random", "os.urandom", "uuid")


def other_dice(paths: list[Path]) -> list[Path]:
    """The files that could draw a number that is not the game's: they import a
    random source, or reach for numpy's (``np.random``) or the system's."""
    found = []
    for path in paths:
        names = _imports(path)
        reached = {
            f"{node.value.id}.{node.attr}"
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        }
        aliases = {"np", "numpy", "os"}
        reached = {r for r in reached if r.split(".")[0] in aliases}
        reached = {r.replace("np.", "numpy.", 1) for r in reached}
        if (names | reached) & set(OTHER_DICE):
            found.append(path)
    return found


# The floors that take part in a game: the engine and everything that starts,
# loads, records or plays one.  (The screens and the window only show it;
# saga/art may shuffle while it draws the map; saga/net draws join codes
# from secrets: none of them decides anything in a game.)
IN_THE_GAME = ("saga/engine", "saga/look", "saga/files", "saga/play")


def test_the_engine_runs_without_pygame() -> None:
    code = "import sys, saga.trace, saga.headless, saga.cli;sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0


def test_nothing_below_the_window_imports_pygame() -> None:
    # Read, not run: an import inside a function counts too.  The screens
    # draw on amiga's display, which alone (with the window) talks to pygame.
    below = _files(*IN_THE_GAME, "saga/net", "saga/art", "saga/screen")
    assert pygame_importers(below) == []
    assert pygame_importers([REPO / "saga" / "window" / "app.py"]) != []  # the check sees one


def test_outcomes_draw_only_from_the_injected_source() -> None:
    # Every module that decides game outcomes takes its dice from g.goodrand
    # (the commands, saga/*.py, among them).
    files = [*_files(*IN_THE_GAME), *sorted((REPO / "saga").glob("*.py"))]
    assert other_dice(files) == []


@pytest.mark.parametrize(
    "line",
    [
        "import random",
        "from random import randint",
        "def f():\n    import secrets\n",
        "import numpy as np\nx = np.random.default_rng()",
        "import os\nx = os.urandom(4)",
        "from numpy.random import default_rng",
        "import pygame",
    ],
)
def test_the_dice_and_pygame_checks_fail_when_broken(tmp_path: Path, line: str) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text(line + "\n")
    assert [broken] == (pygame_importers if "pygame" in line else other_dice)([broken])


# The floors, bottom up, and what each may import of the project besides
# itself ("saga" alone is the package's version).  saga/*.py are the front
# ends (the commands: cli, trace, simulate, inspect, ...), the top floor,
# which may import anything and which nothing below imports; they stay flat
# because ``python -m saga.trace`` is how the original is compared.
FRONT_ENDS = "saga.*"
FLOORS: dict[str, set[str]] = {
    "amiga": set(),
    "catalogs": set(),
    "saga.engine": set(),
    "saga.look": {"amiga", "saga.engine"},
    "saga.art": {"amiga", "saga.look", "saga.engine.tables", "saga.engine.host"},
    # The player's copy of the original's pictures, standing in for our art.
    "saga.original": {"amiga", "saga.look", "saga.art", "saga.engine.tables"},
    "saga.files": {"amiga", "saga.engine", "saga.look"},
    "saga.play": {"amiga", "saga.engine", "saga.look", "saga.files"},
    "saga.net": {"amiga", "saga", "saga.engine", "saga.look", "saga.files", "saga.play"},
    "saga.screen": {"amiga", "saga", "saga.engine.tables", "saga.look", "saga.art", "saga.files"},
    "saga.window": {
        *("amiga", "saga", "saga.engine", "saga.look", "saga.art", "saga.files"),
        *("saga.original", "saga.play", "saga.net", "saga.screen"),
    },
    "saga.desktop": {"amiga"},
    "saga.manual": set(),  # the rulebook's text, data only
}


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def floor_of(module: str) -> str:
    """The floor a module stands on: its folder, or FRONT_ENDS for saga/*.py."""
    for floor in sorted(FLOORS, key=len, reverse=True):
        if _under(module, floor):
            return floor
    return FRONT_ENDS if module.startswith("saga.") else module


def violations(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import that breaks the floors: (importer, imported)."""
    found = []
    for module, targets in sorted(graph.items()):
        floor = floor_of(module)
        for target in sorted(targets):
            if floor == FRONT_ENDS or _under(target, floor) or target == module:
                continue
            allowed = FLOORS.get(floor, set())
            ok = floor_of(target) != FRONT_ENDS and any(
                target == a if a == "saga" else _under(target, a) for a in allowed
            )
            if not ok:
                found.append((module, target))
    return found


def test_every_import_keeps_to_the_floors() -> None:
    assert violations(import_graph()) == []


def test_every_folder_of_code_has_a_rule() -> None:
    folders = {
        ".".join(path.parent.relative_to(REPO).parts[:2])
        for package in ("amiga", "saga", "catalogs")
        for path in (REPO / package).rglob("*.py")
        if path.parent != REPO / "saga"
    }
    assert {floor_of(folder) for folder in folders} <= set(FLOORS)
    assert floor_of("saga.trace") == FRONT_ENDS


@pytest.mark.parametrize("floor", sorted(set(FLOORS) - {"saga.window"}))
def test_each_rule_fails_when_broken(floor: str) -> None:
    # Reaching up from any floor is seen, written at the top of a file,
    # inside a function or relative (the graph reads them all the same).
    graph = import_graph()
    module = next(m for m in sorted(graph) if _under(m, floor))
    for above in ("saga.window.app", "saga.cli"):
        broken = {**graph, module: graph[module] | {above}}
        assert (module, above) in violations(broken)


def test_the_window_reaches_no_front_end() -> None:
    graph = import_graph()
    broken = {**graph, "saga.window.app": graph["saga.window.app"] | {"saga.cli"}}
    assert ("saga.window.app", "saga.cli") in violations(broken)


def test_the_graph_reads_relative_and_deferred_imports(tmp_path: Path) -> None:
    package = tmp_path / "saga"
    (package / "net").mkdir(parents=True)
    (package / "window").mkdir()
    for init in ("__init__.py", "net/__init__.py", "window/__init__.py", "window/app.py"):
        (package / init).write_text("")
    (package / "net" / "a.py").write_text("from ..window import app\n")
    (package / "net" / "b.py").write_text("def f():\n    import saga.window.app\n")
    graph = import_graph(tmp_path)
    assert ("saga.net.a", "saga.window.app") in violations(graph)
    assert ("saga.net.b", "saga.window.app") in violations(graph)


def test_the_window_code_keeps_pygames_greeting_off_stdout() -> None:
    # Every pygame import goes through amiga.display.present, which silences it.
    code = "import saga.window.app, saga.screen.about"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == ""
