"""The tests' own layout (issue 26, item 7; docs/architecture.md, "Where the tests are"): a folder a layer, the
shared helpers in tests/support and nowhere else."""

from __future__ import annotations

import ast

from tests.support.paths import TESTS

LAYERS = {"engine", "thiercelieux", "reptiliens", "soupcons", "rooms", "web", "browser", "tooling"}


def test_every_test_module_is_in_a_layers_folder() -> None:
    misplaced = [str(p.relative_to(TESTS)) for p in TESTS.rglob("test_*.py") if p.parent.name not in LAYERS
                 or p.parent.parent != TESTS]
    assert misplaced == []
    assert {p.name for p in TESTS.iterdir() if p.is_dir() and (p / "__init__.py").exists()} == LAYERS | {
        "support", "roles_example"}


def test_no_test_module_imports_another_and_support_holds_no_test() -> None:
    found = []
    for path in TESTS.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1].startswith("test_"):
                found.append(f"{path.relative_to(TESTS)} imports {node.module}")
        if path.parent.name == "support":
            found += [f"{path.relative_to(TESTS)} defines {n.name}" for n in tree.body
                      if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test_")]
    assert found == []
