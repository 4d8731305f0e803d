"""An example role pack (docs/adding-a-role.md): the Garde du corps names, each night before the wolves, another
player; if the wolves attack that player, they survive. A card, one night step, its texts: nothing else."""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.rulesets.thiercelieux.more_roles import pick_step, picked
from app.engine.rulesets.thiercelieux.night import NightStep
from app.engine.rulesets.thiercelieux.packs import RolePack
from app.engine.rulesets.thiercelieux.roles import VILLAGE, Role
from app.engine.rulesets.thiercelieux.scratch_facts import SalvateurProtected

KEY = "garde-du-corps"


def guard(ctx: Ctx) -> None:
    seat, target = picked(ctx, KEY)  # the answer to the question pick_step asked its holder
    if seat is not None and target is not None:
        ctx.fact(SalvateurProtected(target), to=MJ_ONLY)  # the Salvateur's fact: dawn spares them from the wolves


GARDE = RolePack(
    role=Role(KEY, VILLAGE, night_steps=(KEY,), tags=frozenset({"power"})),  # lost with the Ancien's death
    steps=(NightStep(KEY, pick_step(KEY, KEY).open, guard),),  # one living holder picks another living player
    after={KEY: "salvateur"},  # called right after the Salvateur in both presets, so before the wolves
    weight=3,
    texts={"fr": {f"role.{KEY}": "Garde du corps", f"step.{KEY}": "Le Garde du corps",
                  f"prompt.{KEY}": "Qui garder cette nuit ?"},
           "en": {f"role.{KEY}": "Bodyguard", f"step.{KEY}": "The Bodyguard",
                  f"prompt.{KEY}": "Whom do you guard tonight?"}},
)
