"""Role packs: a card added to Thiercelieux from one file (docs/adding-a-role.md). A `RolePack` declares the card,
its night steps and where they sit in the night's order; `Thiercelieux.with_packs` returns a new ruleset whose
tables include it. Nothing here is global: the built-in ruleset's tables (roles.ROLES, manifest.STEPS,
night.NIGHT_ORDERS) stay as they are, and a ruleset's `night` (a `Night`) is what the flow reads (flow.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from app.engine.context import Ctx
from app.engine.rulesets.thiercelieux.manifest import STEPS
from app.engine.rulesets.thiercelieux.night import NightStep, steps_for
from app.engine.rulesets.thiercelieux.night_plan import insert_in_order, night_cards, night_order
from app.engine.rulesets.thiercelieux.roles import VILLAGE, Role


@dataclass(frozen=True)
class RolePack:
    """One card and what it brings to the night.

    - `role`: the card (key, camp, unique…; its `night_steps` are the keys of `steps`);
    - `steps`: its night steps, each an open and a close function (NightStep);
    - `after`: step key -> the built-in step it follows in every preset order (the end of the night if absent);
    - `first_night_only`: the steps called on the first night alone;
    - `weight`: its weight for the balance indicator (roles.WEIGHTS' scale);
    - `texts`: language -> catalogue key -> text, for at least "fr" and "en" (role.<key>, step.<step>…).
    """

    role: Role
    steps: tuple[NightStep, ...] = ()
    after: Mapping[str, str] = field(default_factory=dict)
    first_night_only: frozenset[str] = frozenset()
    weight: int = 0
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def check(self, known_roles: Iterable[str], known_steps: Iterable[str]) -> None:
        """A pack that would shadow a card or a step, or leave one of its steps unordered or untranslated, is a
        programming error: refused when the ruleset is built, never during a game."""
        keys = {step.key for step in self.steps}
        if self.role.key in set(known_roles):
            raise ValueError(f"the card {self.role.key!r} exists already")
        if keys & set(known_steps):
            raise ValueError(f"the steps {sorted(keys & set(known_steps))} exist already")
        if set(self.role.night_steps) != keys:
            raise ValueError(f"{self.role.key!r}: night_steps must name exactly its steps {sorted(keys)}")
        if self.role.camp != VILLAGE or self.role.wolf:
            # camp_of, is_wolf and the victories read roles.ROLES: another camp needs those made per ruleset first.
            raise ValueError(f"{self.role.key!r}: a pack card plays for the village")
        for lang in ("fr", "en"):
            missing = {f"role.{self.role.key}", *(f"step.{k}" for k in keys)} - set(self.texts.get(lang, {}))
            if missing:
                raise ValueError(f"{self.role.key!r}: no {lang} text for {sorted(missing)}")


@dataclass(frozen=True)
class Night:
    """A ruleset's night: every step's handlers and the packs whose steps join the built-in order."""

    steps: Mapping[str, NightStep] = field(default_factory=lambda: STEPS)
    packs: tuple[RolePack, ...] = ()

    def with_pack(self, pack: RolePack) -> Night:
        return replace(self, steps={**self.steps, **{s.key: s for s in pack.steps}}, packs=(*self.packs, pack))

    def order(self, options: dict[str, Any]) -> list[str]:
        """The built-in order (night_plan.night_order), each pack step put after the step it follows."""
        order = night_order(options)
        for pack in self.packs:
            for step in pack.steps:
                anchor = pack.after.get(step.key)
                order.insert(order.index(anchor) + 1 if anchor in order else len(order), step.key)
        return order

    def tonight(self, ctx: Ctx) -> list[str]:
        """Tonight's steps: the built-in ones (night.steps_for), and a pack's while its card is in play (dealt or
        not, alive or dead: like any step, so that whether a step is called reveals nothing)."""
        order, cards = self.order(ctx.s.options), night_cards(ctx.s)
        keys = steps_for(order, ctx.s.night, cards)
        for pack in self.packs:
            if pack.role.key not in cards:
                continue
            for step in pack.steps:
                if step.key not in pack.first_night_only or ctx.s.night == 1:
                    keys = insert_in_order(keys, step.key, order)
        return keys


BUILTIN = Night()


def night_of(ruleset: object) -> Night:
    """The night of a game's ruleset (ctx.ruleset): a Thiercelieux's own, with its packs."""
    found = getattr(ruleset, "night", None)
    return found if isinstance(found, Night) else BUILTIN
