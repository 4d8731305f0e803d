"""Les Reptiliens' one manifest (issue 25, item 1): who handles what is written in manifest.py, every step of the
calendar has its row there, and no other module of the package fills a table when it is imported. The rule modules
never import the manifest: what they read of it (the day's parts, the office powers, the hooks…) the Ruleset
exposes as typed attributes (tables.py), the same objects as the manifest's."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

from app.engine.flow import Countdown, Hidden, StepSpec
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.reptiliens import (
    REPTILIENS,
    cameras,
    coins,
    day,
    dead,
    laws,
    manifest,
    marriages,
    office_powers,
    sculpture,
    sessions,
    succession,
    week,
)
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens.tables import Hooks, ManifestRuleset

PACKAGE = Path(manifest.__file__).parent
PREFIX = "app.engine.rulesets.reptiliens"
# Decorators a module may apply at import time: they fill no table of the ruleset. `handles` fills the core's table
# of fact handlers (app/engine/evolve.py): the core's own registry, for issue 25's item 3 (typed facts).
HARMLESS_DECORATORS = {"dataclass", "cache", "lru_cache", "handles", "staticmethod", "classmethod", "property"}


def _modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.glob("*.py"))}


def _module_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements run at import: the module's body and the blocks in it, not the bodies of its functions."""
    out: list[ast.stmt] = []
    for node in body:
        out.append(node)
        if isinstance(node, (ast.If, ast.For, ast.While, ast.With, ast.Try)):
            for block in ("body", "orelse", "finalbody"):
                out += _module_level(getattr(node, block, []))
            for handler in getattr(node, "handlers", []):
                out += _module_level(handler.body)
    return out


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return ast.unparse(target).rsplit(".", 1)[-1]


# The steps the day's parts open (manifest.DAY decides whether a part runs; the engine opens its step).
DAY_STEPS = {cameras.CAMERA, office_powers.ADORED_SWAP, succession.CHOICE, succession.APPLY, day.REPORT, coins.HERITAGE,
             sculpture.MOVE, coins.PICKPOCKET, sessions.SPECIAL, laws.PART, laws.APPROVAL, laws.SENATE, laws.TICK,
             sessions.DEBATE, sessions.VOTE, sessions.PROSECUTOR, sessions.TRIAL, sessions.CONDEMNED,
             marriages.STEP}


def test_every_calendar_step_has_its_handlers() -> None:
    keys = {step.key for step in K.OPENING} | {step.key for steps in K.NIGHTS.values() for step in steps}
    keys.add(week.DEAL)  # the MJ's deal, before the opening when he draws the cards (week.begin_game)
    keys |= set(K.FESTIVAL_STEPS)  # the Sunday festival's step (week.begin_festival)
    keys |= DAY_STEPS
    assert keys - set(manifest.STEPS) == set(), "a step of the calendar that nobody handles"
    assert set(manifest.STEPS) - keys == set(), "a handler for a step the calendar never calls"
    for key, spec in manifest.STEPS.items():
        assert isinstance(spec, StepSpec) and spec.key == key


def test_a_night_step_lasts_a_hidden_length_and_the_festival_a_countdown() -> None:
    """The engine's flow (app/engine/flow.py) draws a night step's length from the options and its key alone; the
    festival and the day's steps have a public countdown."""
    for key, spec in manifest.STEPS.items():
        assert isinstance(spec.length, Countdown if key in {*K.FESTIVAL_STEPS, *DAY_STEPS} else Hidden), key


def test_every_part_of_the_day_has_its_opener() -> None:
    assert set(manifest.DAY) == set(K.DAY_STEPS)


def test_no_row_written_twice() -> None:
    """A dict literal keeps the last of two equal keys without a word (the old `register_day` refused a second)."""
    tree = _modules()["manifest"]
    for node in tree.body:
        if not isinstance(node, ast.AnnAssign) or not isinstance(node.target, ast.Name) or node.value is None:
            continue
        table = getattr(manifest, node.target.id)
        if isinstance(node.value, ast.Dict):
            assert len(node.value.keys) == len(table), node.target.id
        elif isinstance(node.value, ast.DictComp):  # a table written {h.key: h for h in (Row(...), ...)}
            rows = node.value.generators[0].iter
            assert isinstance(rows, ast.Tuple) and len(rows.elts) == len(table), node.target.id


def test_no_module_fills_a_table_when_imported() -> None:
    """Only manifest.py says who handles what: elsewhere, no call run at import (register, on_answer, X.append…),
    no assignment into a table (X[key] = …, x.Y = …), no decorator that registers (@command)."""
    found: list[str] = []
    for name, tree in _modules().items():
        if name == "manifest":
            continue
        for node in _module_level(tree.body):
            where = f"{name}.py:{node.lineno}"
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                found.append(f"{where} calls {ast.unparse(node.value.func)}")
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                targets = (node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target])
                found += [f"{where} assigns into {ast.unparse(t)}" for t in targets
                          if isinstance(t, (ast.Subscript, ast.Attribute))]
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found += [f"{where} decorates {node.name} with {ast.unparse(d)}" for d in node.decorator_list
                          if _decorator_name(d) not in HARMLESS_DECORATORS]
    assert found == []


def test_no_import_for_its_side_effects() -> None:
    for path in PACKAGE.glob("*.py"):
        assert "noqa: F401" not in path.read_text(encoding="utf-8"), path.name


def _imports(tree: ast.Module) -> set[str]:
    """The package's modules a module imports, at its top or inside a function (a lazy import hides a cycle, it
    does not remove it)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module == PREFIX:
                out |= {alias.name for alias in node.names}
            elif node.module.startswith(PREFIX + "."):
                out.add(node.module.removeprefix(PREFIX + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            out |= {a.name.removeprefix(PREFIX + ".").split(".")[0] for a in node.names if a.name.startswith(PREFIX)}
    return out


def test_the_manifest_is_imported_by_none_of_its_modules() -> None:
    """The manifest imports the rule modules; none of them imports it, not even inside a function: they read its
    tables through the Ruleset (tables.py). Only the Ruleset (__init__), the driver (week) and the views (seen)
    import it, and no module of the package imports those."""
    modules = _modules()
    graph = {name: _imports(tree) & set(modules) for name, tree in modules.items()}
    importers = {name for name, imports in graph.items() if "manifest" in imports}
    assert "__init__" in importers
    assert importers <= {"__init__", "week", "seen"}
    assert {name for name, imports in graph.items() if imports & importers} <= importers
    reached: set[str] = set()
    todo = ["manifest"]
    while todo:
        for name in graph[todo.pop()] - reached:
            reached.add(name)
            todo.append(name)
    assert "manifest" not in reached


# -- the tables the rule modules read back, through the Ruleset (tables.py) -------------------------------------------
# Each attribute ManifestRuleset declares, and the manifest's table or hooks the Ruleset sets it from.
FROM_THE_MANIFEST = {"day_parts": "DAY", "office_powers": "OFFICE_POWERS",
                     "on_death": "ON_DEATH", "on_illegal_offices": "ON_ILLEGAL_OFFICES", "hooks": "HOOKS"}


def test_the_ruleset_exposes_the_manifests_tables() -> None:
    declared = set(ManifestRuleset.__annotations__)
    assert declared == set(FROM_THE_MANIFEST)
    for attribute, table in FROM_THE_MANIFEST.items():
        assert getattr(REPTILIENS, attribute) is getattr(manifest, table), attribute
    assert isinstance(get_ruleset("reptiliens"), ManifestRuleset)
    # the day's parts and ends are the calendar's (test_every_part_of_the_day_has_its_opener): the same tables
    assert set(REPTILIENS.day_parts) == set(K.DAY_STEPS)


def test_the_hooks_are_the_modules_that_do_it() -> None:
    """fates.kill asks the dead his choice (dead.record), dead.settle_all draws the Scrutateur's asides
    (succession.settle_asides): each by its name in manifest.HOOKS, since importing the module would be a cycle."""
    assert isinstance(manifest.HOOKS, Hooks)
    assert manifest.HOOKS.record_death is dead.record
    assert manifest.HOOKS.settle_asides is succession.settle_asides
    assert {f.name for f in fields(Hooks)} == {"record_death", "settle_asides"}
    assert REPTILIENS.on_death == (succession.vacate,)
    assert REPTILIENS.on_illegal_offices == (succession.scrutateur,)


def test_only_the_engine_opens_a_step_but_an_invocations() -> None:
    """Every step of the calendar and the day is opened by the engine's flow from manifest.STEPS (a day part through
    steps.open_day_step); an invocation's steps (invoke.py), outside the day's order, are still opened directly."""
    for name, tree in _modules().items():
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and ast.unparse(node.func) == "ctx.open_step"]
        assert not calls or name == "invoke", name
