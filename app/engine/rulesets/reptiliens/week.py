"""The week of a Reptiliens game (seed 000 §1, §11, §12; RULES-NOTES "Calendar"): the deal and the opening at
the start of night 1, each night's table, the dawn, the day in §12's order, the Sunday festival after Saturday's
day, then Monday's night.

The engine owns the flow (app/engine/flow.py): a night's steps (the deal, the opening, its table) are the
engine's plan, one step a group, each declared in manifest.STEPS with its hidden length, which the engine draws
and holds (night_length.py): a time drawn from the room's options and its key only, whoever holds its card, alive
or not, answering early, late or never, as in Thiercelieux. With an MJ, a step that asks him a judgment call waits
for him (up to `mj_time`), never less than its drawn length. Only the MJ ends a step early (`advance`). The day's
order is the engine's plan too, its parts run by day.run, the steps they open declared in manifest.STEPS with
their countdowns (steps.day_step), closed by the engine (day.finish); the festival is one step of the table.
"""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.flow import Hidden, begin_plan, lay_plan, next_group, open_group
from app.engine.flow import finish_step as finish
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens import day, fates, invoke, stalemate
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.manifest import STEPS
from app.engine.rulesets.reptiliens.state import own

DEAL = "rp-donne"
DAWN = K.DAWN.key  # "Aube : fin des sommeils lourds": a marker, no one is called
GO_ON = "rp-mj-suite"  # the MJ's "go on" in a step of his judgment calls that has none to make


def weekday(state: Any) -> K.Weekday:
    return K.weekday_of_night(max(state.night, 1), state.options.get("first_weekday", K.MON))


# -- the night -----------------------------------------------------------------------------------------------------
def begin_game(ctx: Ctx) -> None:
    """Night 1 opens with the deal (the MJ's, when he draws), then the opening (§11), then its table."""
    ctx.emit("phase", {"phase": "night", "night": 1})
    plan = [DEAL] if ctx.s.options.get("draws") == "mj" else []
    plan += [step.key for step in K.OPENING]
    start_night(ctx, plan)


def begin_night(ctx: Ctx) -> None:
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "night", "night": ctx.s.night + 1})
    start_night(ctx, [])


def start_night(ctx: Ctx, before: list[str]) -> None:
    fates.settle_owed(ctx)  # a day's unseen payment not shown yet (no richest-citizen report today) shows at nightfall
    plan = before + [step.key for step in K.steps_for_night(ctx.s.night, ctx.s.options.get("first_weekday", K.MON))]
    ctx.fact(F.NightFell(), to=MJ_ONLY)
    ctx.announce(f"rp-nuit-{weekday(ctx.s)}", night=ctx.s.night)
    # A night's keys are all different (tests/reptiliens/test_week.py), one step a group: none runs in parallel.
    if begin_plan(ctx, STEPS, [[key] for key in plan]):
        mj_go_on(ctx)
    else:  # pragma: no cover - a night always has steps
        dawn(ctx)


def go_on(ctx: Ctx) -> None:
    """A night step has closed: the next one opens (the dawn marker applied on the way), or the day begins."""
    if ctx.s.phase == "ended":
        return
    caught_up(ctx)
    next_group(ctx)
    plan = ctx.s.plan
    assert plan is not None
    while plan.current() == [DAWN]:
        ctx.fact(F.SleepsEnded(), to=MJ_ONLY)  # "Aube : fin des sommeils lourds"
        next_group(ctx)
    if open_group(ctx, STEPS):
        mj_go_on(ctx)
    else:
        dawn(ctx)


def caught_up(ctx: Ctx) -> None:
    """A night an older engine began stands at its open step's key, its plan at its first: the plan goes there."""
    plan, step = ctx.s.plan, ctx.s.step
    assert plan is not None and step is not None
    if plan.at == 0 and plan.current() != [step.key] and [step.key] in plan.groups:
        ctx.emit("plan", {"at": plan.groups.index([step.key])}, to=MJ_ONLY)


def mj_go_on(ctx: Ctx) -> None:
    """Nothing to decide in a step of the MJ's judgment calls (no Monk, Holmes… dealt, nobody to convert): the MJ
    still says when to go on, so the step lasts as long as one where he decides, and its length tells nobody which
    cards were dealt."""
    if waits_for_mj(ctx) and not any(p.to_mj for p in ctx.step_prompts()):
        ctx.open_prompt(step=GO_ON, kind="confirm", to_mj=True)


def waits_for_mj(ctx: Ctx) -> bool:
    """The step open now is one of the MJ's judgment calls, with an MJ (or his deal): it ends once he has answered,
    never before its drawn length, at most `mj_time` after it opened."""
    step = ctx.s.step
    length = STEPS[step.key].length if step is not None and step.key in STEPS else None
    return isinstance(length, Hidden) and length.wait is not None and length.wait(ctx) is not None


# -- the day ------------------------------------------------------------------------------------------------------
def dawn(ctx: Ctx) -> None:
    stalemate.note(ctx)  # whether anyone answered tonight, before the night's questions are cleared
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "day", "day": ctx.s.day + 1})
    lay_plan(ctx, [[part] for part in K.DAY_STEPS])
    ctx.announce(f"rp-jour-{weekday(ctx.s)}", day=ctx.s.day)
    if day.run(ctx):
        nightfall(ctx)


def begin_festival(ctx: Ctx) -> None:
    """§1 Sunday: "C'est la fête au village. Pas de morts, pas d'exécution." A day with no session and no night."""
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "day", "day": ctx.s.day})
    ctx.fact(F.FestivalBegan(), to=MJ_ONLY)
    ctx.announce("rp-fete")
    begin_plan(ctx, STEPS, [[key] for key in K.FESTIVAL_STEPS])


def nightfall(ctx: Ctx) -> None:
    if fates.check(ctx) or stalemate.check(ctx):  # an automatic game nobody can finish ends (stalemate.py)
        return
    if not own(ctx.s).festival and weekday(ctx.s) == K.SAT:
        begin_festival(ctx)
    else:
        begin_night(ctx)


def finish_step(ctx: Ctx) -> None:
    step = ctx.s.step
    assert step is not None
    if own(ctx.s).invocation is not None and step.key in invoke.STEP_KEYS:
        invoke.finish(ctx)
        return
    if ctx.s.phase == "night" and step.key in STEPS:
        finish(ctx, STEPS, then=go_on)  # held to its drawn end, or closed and the next one opened
        return
    if step.key in K.FESTIVAL_STEPS:
        finish(ctx, STEPS, then=nightfall)
        return
    if day.finish(ctx):
        nightfall(ctx)


def restart_phase(ctx: Ctx) -> None:
    """After an undo, the phase the state was about to start again."""
    undone = next(e for e in reversed(ctx.events) if e.type == "undone")
    if undone.data["phase"] == "night":
        if undone.data["number"] == 1:
            begin_game(ctx)
        else:
            begin_night(ctx)
    elif undone.data["number"] == ctx.s.day:
        begin_festival(ctx)  # the festival keeps Saturday's number
    else:
        dawn(ctx)
