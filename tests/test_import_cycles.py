"""No import circles among the project's modules, counting imports made inside functions too.

A circle means two modules that cannot be understood (or loaded) one
without the other; an import deferred into a function only hides it.  The
graph is read from the source with ast, so the test needs nothing imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("amiga", "saga", "catalogs")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for package in PACKAGES
        if (REPO / package).is_dir()
        for path in (REPO / package).rglob("*.py")
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


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
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


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_deferred_and_relative_imports() -> None:
    graph = import_graph()
    assert "saga.engine.host" in graph["saga.engine.combat"]
    assert "amiga.locale.errors" in graph["amiga.locale.catalog"]  # from .errors import ...
    assert "saga.chart" in graph["saga.simulate"]  # imported inside a function


def test_no_module_imports_itself_round_a_circle() -> None:
    assert cycles(import_graph()) == []
