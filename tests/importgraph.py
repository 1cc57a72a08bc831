"""The project's import graph, read from the source with ast.

Every import counts: at the top, inside functions, and relative ones
(``from ..window import app``).  Nothing is imported to build it.  The
circle test and the layer test both read this one graph.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("amiga", "saga", "catalogs")


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(root: Path) -> dict[str, Path]:
    return {
        _module_name(path, root): path
        for package in PACKAGES
        if (root / package).is_dir()
        for path in (root / package).rglob("*.py")
    }


def _targets(node: ast.AST, here: str, is_package: bool, known: set[str]) -> set[str]:
    """The project's modules one import statement loads (itself, not its parent packages)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in known}
    if not isinstance(node, ast.ImportFrom):
        return set()
    if node.level:
        base = here.split(".") if is_package else here.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        module = ".".join([*base, *([node.module] if node.module else [])])
    else:
        module = node.module or ""
    found = set()
    for alias in node.names:
        # "from package import module" loads the module; "from module import name" the module.
        submodule = f"{module}.{alias.name}"
        found.add(submodule if submodule in known else module)
    return found & known


def import_graph(root: Path = REPO) -> dict[str, set[str]]:
    """Each of the project's modules (under ``root``) to the project's modules it imports."""
    modules = _modules(root)
    known = set(modules)
    graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in ast.walk(tree):
            edges |= _targets(node, name, is_package, known)
        graph[name] = edges - {name}
    return graph
