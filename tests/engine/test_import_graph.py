"""The import graph of app/engine has no cycle (issue 25).

Every import of an app.engine module counts, at a module's top and inside its functions: a function-level ("lazy")
import only hides a cycle, the two modules still need each other. Imports under `if TYPE_CHECKING:` never run and
are left out. The whole engine is asserted (a failure names one cycle of each tangle), and the core (app/engine/*.py)
imports no ruleset: a ruleset's modules that need its manifest's tables read them through the ruleset object, and
what they call back into is a hook the manifest lists (Reptiliens: rulesets/reptiliens/tables.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import ROOT

ENGINE = ROOT / "app" / "engine"
THIERCELIEUX = "app.engine.rulesets.thiercelieux"

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of `tree`, however deep (functions, classes, branches), but not type-only ones."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for branch in node.orelse:
                walk(branch)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


def import_graph() -> Graph:
    """module -> the app.engine modules it imports. `from pkg import name` points at pkg.name when that is a
    module, else at pkg; a submodule's implicit import of its parent package is not an edge (Python runs the
    package's __init__ first, but the __init__ importing its submodules is not a cycle)."""
    modules = engine_modules()
    graph: Graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names if alias.name in modules)
                continue
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in modules:
                    edges.add(full)
                elif base in modules:
                    edges.add(base)
        edges.discard(name)
        graph[name] = edges
    return graph


def tangles(graph: Graph) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan): each module of a group reaches every other
    one, and back."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: set[str] = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def cycles(graph: Graph) -> list[list[str]]:
    """One cycle (a path back to its start) for each tangle: breaking it may leave others in the same tangle."""
    return [_a_cycle(graph, group) for group in tangles(graph)]


def _a_cycle(graph: Graph, group: set[str]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for v in frontier:
            for w in sorted(graph[v] & group):
                if w == start:
                    return paths[v] + [start]
                if w not in paths:
                    paths[w] = paths[v] + [w]
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no cycle in {sorted(group)}")  # pragma: no cover - Tarjan groups always have one


def subgraph(graph: Graph, keep: set[str]) -> Graph:
    return {v: graph[v] & keep for v in keep}


def package_cycles(package: str) -> list[list[str]]:
    """The cycles among one package's modules (`package` itself and everything under it)."""
    graph = import_graph()
    return cycles(subgraph(graph, {m for m in graph if m == package or m.startswith(package + ".")}))


def core_cycles() -> list[list[str]]:
    """The cycles among app/engine's core modules (everything but the rulesets)."""
    graph = import_graph()
    return cycles(subgraph(graph, {m for m in graph if not m.startswith("app.engine.rulesets")}))


def engine_cycles() -> list[list[str]]:
    """The cycles of the whole of app/engine (issue 25: none)."""
    return cycles(import_graph())


def _show(found: list[list[str]]) -> str:
    return "\n".join(" -> ".join(c) for c in found)


def test_the_graph_sees_lazy_imports() -> None:
    graph = import_graph()
    assert len(graph) > 30
    # a function-level import in a core module still counts
    lazy = {"a": {"b"}, "b": {"a"}}
    assert cycles(lazy) == [["a", "b", "a"]]
    tree = ast.parse("def f():\n    from app.engine import core\nif TYPE_CHECKING:\n    import app.engine.model\n")
    assert [n.module for n in _imports(tree) if isinstance(n, ast.ImportFrom)] == ["app.engine"]
    assert len(_imports(tree)) == 1


def test_thiercelieux_has_no_import_cycle() -> None:
    assert len([m for m in import_graph() if m.startswith(THIERCELIEUX)]) > 10
    found = package_cycles(THIERCELIEUX)
    assert found == [], "import cycle(s) in Thiercelieux:\n" + _show(found)


def test_the_core_and_soupcons_have_no_import_cycle() -> None:
    """The core's last cycles went with issue 25 (the registry below the model, the channels below the views)."""
    found = core_cycles()
    assert found == [], "import cycle(s) in app/engine's core modules:\n" + _show(found)
    found = package_cycles("app.engine.rulesets.soupcons")
    assert found == [], "import cycle(s) in Soupçons:\n" + _show(found)


def test_the_engine_has_no_import_cycle() -> None:
    """Issue 25, item 1: no cycle anywhere in app/engine, Reptiliens' package included (its modules reach the
    manifest's tables through the Ruleset, tables.py, and the manifest alone imports them all)."""
    graph = import_graph()
    assert len([m for m in graph if m.startswith("app.engine.rulesets.reptiliens.")]) > 30
    found = engine_cycles()
    assert found == [], "import cycle(s) in app/engine:\n" + _show(found)


def test_the_core_imports_no_ruleset() -> None:
    """The core (app/engine/*.py, not rulesets/) knows no ruleset: the composition root (app/games.py) registers
    them."""
    graph = import_graph()
    core = {m for m in graph if not m.startswith("app.engine.rulesets")}
    assert len(core) > 10
    found = {m: sorted(e for e in graph[m] if e.startswith("app.engine.rulesets")) for m in sorted(core)}
    assert {m: e for m, e in found.items() if e} == {}
