"""The manifest's tables and hooks as the rule modules reach them: through the ruleset object (`rules(ctx)`, or
`rules_of(state)` where there is no context), never by importing manifest.py, which imports them all.

`ManifestRuleset` declares them, typed; the Reptiliens Ruleset (__init__.py) sets each from the manifest. So the day
runs its parts (day.run), a death calls what follows it (fates.kill), an office's invoked power is found
(invoke.py) and an illegal office exchange is reassigned (office_powers.scrutateur) with no import back to the
manifest: app/engine's import graph has no cycle (tests/engine/test_import_graph.py). This module imports no rule
module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from app.engine.context import Ctx
from app.engine.model import GameState
from app.engine.ruleset import Ruleset, get_ruleset
from app.engine.rulesets.reptiliens.state import Invocation

DayPart = Callable[[Ctx], bool]  # a part of the day: True when it opened a step, the day waits for it


@dataclass(frozen=True)
class OfficePower:
    """An invoked power an office gives, not a card (§6 the Procureur's inquiry, cameras.py), listed in
    manifest.OFFICE_POWERS."""

    holds: Callable[[GameState, int], bool]  # whether `seat` has it now
    targets: Callable[[GameState, int], list[int]]
    apply: Callable[[Ctx, Invocation, int], None]
    affordable: Callable[[GameState, int], bool]


@dataclass(frozen=True)
class Hooks:
    """What a module calls back into, by name, without importing the module that does it (manifest.HOOKS)."""

    record_death: Callable[[Ctx, int], None]  # fates.kill: the dead's choice, §9 (dead.record)
    settle_asides: Callable[[Ctx], None]  # dead.settle_all: the Scrutateur's unanswered draws (succession.py)


class ManifestRuleset(Ruleset):
    """Les Reptiliens' Ruleset as its rule modules see it: the manifest's tables the modules read back."""

    day_parts: ClassVar[Mapping[str, DayPart]]  # manifest.DAY
    office_powers: ClassVar[Mapping[str, OfficePower]]  # manifest.OFFICE_POWERS
    on_death: ClassVar[Sequence[Callable[[Ctx, int], None]]]  # manifest.ON_DEATH
    on_illegal_offices: ClassVar[Sequence[Callable[[Ctx, Sequence[str], int | None], None]]]  # ON_ILLEGAL_OFFICES
    hooks: ClassVar[Hooks]  # manifest.HOOKS


def _checked(ruleset: Ruleset) -> ManifestRuleset:
    if not isinstance(ruleset, ManifestRuleset):
        raise TypeError(f"{ruleset.key!r} is not Les Reptiliens")  # pragma: no cover - a ruleset bug
    return ruleset


def rules(ctx: Ctx) -> ManifestRuleset:
    return _checked(ctx.ruleset)


def rules_of(state: GameState) -> ManifestRuleset:
    return _checked(get_ruleset(state.ruleset))
