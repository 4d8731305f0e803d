"""The Voyante's night step: she sees one player's card. Called after the witch (004, `seer_after_witch`) she
acts only if the night spares her, which dawn's table forecasts: this step sits above dawn.py, which imports the
rule modules that import night.py."""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.dawn import doomed
from app.engine.rulesets.thiercelieux.night import holders
from app.engine.rulesets.thiercelieux.roles import wolfish
from app.engine.rulesets.thiercelieux.scratch_facts import QuestionOpened, SeerSaw
from app.engine.rulesets.thiercelieux.state import scratch


# -- Voyante: sees one player's card. ---------------------------------------------------------------------------
def voyante_open(ctx: Ctx) -> None:
    # 004: called after the witch, the seer acts "uniquement si elle n'est pas morte".
    dying = doomed(ctx) if ctx.s.options.get("seer_after_witch") else set()
    for seat in holders(ctx, "voyante"):
        if seat in dying:
            continue
        others = [s for s in ctx.s.living() if s != seat]
        p = ctx.open_prompt(step="voyante", kind="pick", to=[seat], options=others, min=1, max=1)
        ctx.fact(QuestionOpened("voyante", p.id), to=MJ_ONLY)


def voyante_close(ctx: Ctx) -> None:
    pid = scratch(ctx.s).prompts.get("voyante")
    if pid is None or not ctx.s.prompts[pid].to:
        return
    seer = ctx.s.prompts[pid].to[0]
    pick = ctx.s.prompts[pid].answers.get(seer)
    if not pick:
        return
    target = pick[0]
    role = ctx.s.players[target].role
    if ctx.s.options.get("cards", "one") != "one":
        # 004's complications: the seer sees the hidden card that makes a wolf (small: the camp card; great: a
        # wolf among the two), else the player's card.
        role = "loup-garou" if wolfish(ctx.s, ctx.s.players[target]) else ("villageois" if ctx.s.options.get(
            "cards") == "small" else role)
    ctx.fact(SeerSaw(role), to=MJ_ONLY)
    ctx.fact(F.CardSeen(seer, target, role), to=[seer])
