"""Thiercelieux's tables are literals in one place (issue 25, item 1): the manifest names every night step's
handlers, and no module of the package finishes a table of another module when it is imported."""

from __future__ import annotations

import ast

import pytest

from app.engine import flow
from app.engine.flow import Countdown, Hidden, StepSpec
from app.engine.rulesets.thiercelieux import Thiercelieux
from app.engine.rulesets.thiercelieux.day_steps import DAY_STEPS
from app.engine.rulesets.thiercelieux.manifest import STEPS
from app.engine.rulesets.thiercelieux.night import (
    FIRST_NIGHT_ONLY,
    NIGHT_ORDERS,
    PARALLEL,
    TOGETHER,
    night_bounds,
    stages,
)
from app.engine.rulesets.thiercelieux.options import Options
from app.engine.rulesets.thiercelieux.roles import ROLES
from tests.support.paths import ROOT

PACKAGE = ROOT / "app" / "engine" / "rulesets" / "thiercelieux"
# Methods that change a list, dict or set in place.
MUTATORS = frozenset({"append", "insert", "extend", "update", "add", "discard", "remove", "setdefault", "pop",
                      "popitem", "clear", "__setitem__"})


@pytest.mark.parametrize("preset", sorted(NIGHT_ORDERS))
def test_every_step_of_every_preset_has_handlers(preset: str) -> None:
    missing = [key for key in NIGHT_ORDERS[preset] if key not in STEPS]
    assert missing == []


def test_the_manifest_has_no_step_outside_the_orders() -> None:
    ordered = {key for order in NIGHT_ORDERS.values() for key in order}
    assert set(STEPS) == ordered
    assert all(step.key == key for key, step in STEPS.items())  # the table's key is the step's own


def test_the_other_tables_name_known_steps() -> None:
    assert set(STEPS) >= FIRST_NIGHT_ONLY
    assert set(STEPS) >= PARALLEL
    woken = {key for role in ROLES.values() for key in role.night_steps}
    assert woken <= set(STEPS)


def test_every_step_is_a_spec_of_the_engines_flow_with_the_hidden_length() -> None:
    """Issue 25, item 2: the engine's flow runs the night; each step's length is the plausible hidden one, by the
    options and its key alone (a pack's half as long again), and the steps that may share a stage are one group."""
    options = Options().model_dump()
    for key, step in STEPS.items():
        assert isinstance(step, StepSpec) and isinstance(step.length, Hidden) and step.length.wait is None
        assert step.length.bounds(options) == night_bounds(key, options)
        assert step.group == (TOGETHER if key in PARALLEL else None)
    assert night_bounds("loups", options)[1] > night_bounds("voyante", options)[1]


@pytest.mark.parametrize("preset", sorted(NIGHT_ORDERS))
def test_the_nights_stages_are_the_engines_groups(preset: str) -> None:
    """night.stages (for the modules below the manifest: a card brought in) groups as the engine's flow.stages
    does from the specs' groups."""
    for parallel in (False, True):
        assert stages(NIGHT_ORDERS[preset], parallel) == flow.stages(NIGHT_ORDERS[preset], STEPS, parallel)


def _root(node: ast.expr) -> ast.expr:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node


def _imported(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            names |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return names


def import_time_mutations(source: str) -> list[str]:
    """What a module's top level (not its functions or classes) changes in place in a name it imported: a
    subscript or attribute assigned or deleted (`STEPS[k] = …`, `mod.TABLE[k] = …`), or a mutating call
    (`RESOLUTION.insert(…)`, `ROLES.update(…)`), in a loop or not."""
    tree = ast.parse(source)
    imported = _imported(tree)
    found: list[str] = []
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for node in ast.walk(statement):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            for target in targets:
                root = _root(target)
                if root is not target and isinstance(root, ast.Name) and root.id in imported:
                    found.append(f"line {getattr(node, 'lineno', '?')}: {ast.unparse(target)}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                root = _root(node.func.value)
                if isinstance(root, ast.Name) and root.id in imported:
                    found.append(f"line {node.lineno}: {ast.unparse(node.func)}(…)")
    return found


def test_the_day_steps_are_the_engines() -> None:
    """The day's steps are DAY_STEPS' specs, each a countdown the MJ may stretch or end as before; the ruleset's
    table holds the night's and the day's, apart; and no module of the package opens a step itself (the engine's
    flow opens each from its spec: flow.open_day_step)."""
    assert not set(STEPS) & set(DAY_STEPS)
    assert dict(Thiercelieux.steps) == {**STEPS, **DAY_STEPS}
    for spec in DAY_STEPS.values():
        assert isinstance(spec.length, Countdown) and spec.group is None and spec.mj_extend and spec.mj_advance
    for path in PACKAGE.glob("*.py"):
        assert "ctx.open_step(" not in path.read_text(encoding="utf-8"), path.name


@pytest.mark.parametrize("module", sorted(p.name for p in PACKAGE.glob("*.py")))
def test_no_module_fills_a_table_at_import(module: str) -> None:
    assert import_time_mutations((PACKAGE / module).read_text(encoding="utf-8")) == []


def test_the_check_sees_the_old_registrations() -> None:
    old = """
from app.engine.rulesets.thiercelieux.night import STEPS, NightStep, FIRST_NIGHT_ONLY
from app.engine.rulesets.thiercelieux import resolution
from app.engine.rulesets.thiercelieux.roles import ROLES
for _step in [NightStep("renard", f, g)]:
    STEPS[_step.key] = _step
STEPS["vampires"] = NightStep("vampires", f, g)
resolution.RESOLUTION.insert(1, ("x", f))
FIRST_NIGHT_ONLY.update({"chien-loup"})
ROLES.setdefault("x", None)
LOCAL = {}
LOCAL["mine"] = 1  # its own table: not a registration

def later():
    STEPS["x"] = None  # at run time, not at import
"""
    assert len(import_time_mutations(old)) == 5
