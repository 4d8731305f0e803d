"""The server is `app/` alone (issue 26): the bench (bench/) and the demo, client and in-process server (tools/) sit
beside it, and nothing in the app imports them, so the package and the Docker image carry none of it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT


def imported(path: Path) -> set[str]:
    """The top-level packages `path` imports, at its top or inside a function."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out


def test_the_app_imports_neither_the_bench_nor_the_tools() -> None:
    modules = sorted((ROOT / "app").rglob("*.py"))
    assert len(modules) > 50
    found = {str(p.relative_to(ROOT)): sorted(imported(p) & {"bench", "tools"}) for p in modules}
    assert {name: pkgs for name, pkgs in found.items() if pkgs} == {}


@pytest.mark.parametrize(("module", "usage"), [("bench", "--quick"), ("bench.loadtest", "--rooms"),
                                              ("tools.demo", "--server-bots"), ("app", "simulate")])
def test_each_has_its_own_entry_point(module: str, usage: str) -> None:
    out = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True, check=True,
                         cwd=ROOT, timeout=60).stdout
    assert f"python -m {module}" in out and usage in out
