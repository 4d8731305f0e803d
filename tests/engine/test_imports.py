"""The engine's shape (issue 25): its core modules import no ruleset; the rulesets are registered by the
composition root (app/games.py), not by being imported."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT

ENGINE = ROOT / "app" / "engine"


def imported(path: Path) -> set[str]:
    """Every module `path` imports, at its top or inside a function."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


def test_the_engine_core_imports_no_ruleset() -> None:
    core = [p for p in ENGINE.glob("*.py")]
    assert len(core) > 10
    found = {p.name: sorted(m for m in imported(p) if m.startswith("app.engine.rulesets")) for p in core}
    assert {name: mods for name, mods in found.items() if mods} == {}


def test_importing_a_ruleset_registers_nothing_the_composition_root_does() -> None:
    code = ("import app.engine.rulesets.thiercelieux, app.engine.rulesets.reptiliens, app.engine.rulesets.soupcons\n"
            "from app.engine.ruleset import RULESETS\n"
            "print(sorted(RULESETS))\n"
            "from app import games\n"
            "print(sorted(games.install()))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parent.parent).stdout.split("\n")
    assert out[:2] == ["[]", "['reptiliens', 'soupcons', 'thiercelieux']"]
