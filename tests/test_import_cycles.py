"""No import circles among the project's modules, counting imports made inside functions too.

A circle means two modules that cannot be understood (or loaded) one
without the other; an import deferred into a function only hides it.  The
graph is read from the source with ast, so the test needs nothing imported.
"""

from __future__ import annotations

from importgraph import import_graph


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
