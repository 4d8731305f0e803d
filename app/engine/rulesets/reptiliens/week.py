"""The week of a Reptiliens game (seed 000 §1, §11, §12; RULES-NOTES "Calendar"): the deal and the opening at
the start of night 1, each night's table, the dawn, the day in §12's order, the Sunday festival after Saturday's
day, then Monday's night.

A night step (and an opening step) lasts a time drawn from the room's options and its key only, whoever holds
its card, alive or not, answering early, late or never: its deadline, its prompts' deadlines and its hidden
`min_end` are that moment, as in Thiercelieux. With an MJ, a step that asks him a judgment call waits for him
(up to `mj_time`), never less than its drawn length. Only the MJ ends a step early (`advance`).
"""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.night_length import plausible_range
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens import day, fates, invoke, stalemate
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.manifest import STEPS
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import calendar_step

DEAL = "rp-donne"
DAWN = K.DAWN.key  # "Aube : fin des sommeils lourds": a marker, no one is called
GO_ON = "rp-mj-suite"  # the MJ's "go on" in a step of his judgment calls that has none to make


def weekday(state: Any) -> K.Weekday:
    return K.weekday_of_night(max(state.night, 1), state.options.get("first_weekday", K.MON))


def step_range(options: dict[str, Any], key: str) -> tuple[float, float]:
    """The bounds of a night step's length: [plausible_min, plausible_max] (unset: 40 % and two thirds of
    `night_step`), half as long again for the pack's concertation, never more than `night_step`."""
    handlers = STEPS[key]
    if handlers.fixed is not None:
        length = float(options[handlers.fixed])
        return length, length
    return plausible_range(options, 1.5 if handlers.pack else 1.0)


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
    ctx.fact(F.NightBegan(plan), to=MJ_ONLY)
    ctx.announce(f"rp-nuit-{weekday(ctx.s)}", night=ctx.s.night)
    open_night_step(ctx, 0)


def open_night_step(ctx: Ctx, i: int) -> None:
    """Open the `i`-th step of the night's plan. Where the night stands is the open step's place in the plan (a
    night's keys are all different, tests/test_reptiliens_week.py), not a number of its own: one event fewer a
    step, and a Reptiliens command costs no more than a Thiercelieux one (docs/bench.md)."""
    plan = own(ctx.s).plan
    while i < len(plan) and plan[i] == DAWN:
        ctx.fact(F.SleepsEnded(), to=MJ_ONLY)  # "Aube : fin des sommeils lourds"
        i += 1
    if i >= len(plan):
        dawn(ctx)
        return
    key = plan[i]
    handlers = STEPS[key]
    low, high = step_range(ctx.s.options, key)
    length = ctx.uniform(low, high)
    # The step ends at its drawn end, answered or not (finish_night_step holds it until then); one that waits for
    # the MJ shows his time as its countdown and may end once he has answered, never before its drawn length.
    if waits_for_mj(ctx, key):
        ctx.open_step(key, max(length, float(ctx.s.options["mj_time"])))
        ctx.emit("step_timer", {"min_end": ctx.at + length}, to=MJ_ONLY)
    else:
        ctx.open_step(key, length)
    handlers.open(ctx, step_of(ctx, key))
    if waits_for_mj(ctx, key) and not any(p.to_mj for p in ctx.step_prompts()):
        # Nothing to decide (no Monk, Holmes… dealt, nobody to convert): the MJ still says when to go on, so the step
        # lasts as long as one where he decides, and its length tells nobody which cards were dealt.
        ctx.open_prompt(step=GO_ON, kind="confirm", to_mj=True)


def waits_for_mj(ctx: Ctx, key: str) -> bool:
    """A step of the MJ's judgment calls, with an MJ (or his deal): it ends once he has answered, never before its
    drawn length, at most `mj_time` after it opened."""
    return STEPS[key].mj and (ctx.s.options.get("moderation") == "mj" or key == DEAL)


def step_of(ctx: Ctx, key: str) -> K.Step:
    return K.Step(DEAL) if key == DEAL else calendar_step(ctx.s, key)


def finish_night_step(ctx: Ctx) -> None:
    s = ctx.s
    step = s.step
    assert step is not None
    if not waits_for_mj(ctx, step.key) and step.deadline is not None and ctx.at < step.deadline:
        # Its holders answered (or the MJ extended it afterwards): it still lasts to its end, like any night step.
        ctx.emit("step_timer", {"min_end": step.deadline}, to=MJ_ONLY)
        return
    for prompt in ctx.step_prompts():
        ctx.close_prompt(prompt)
    STEPS[step.key].close(ctx, step_of(ctx, step.key))
    if s.phase == "ended":
        return
    open_night_step(ctx, own(s).plan.index(step.key) + 1)


# -- the day ------------------------------------------------------------------------------------------------------
def dawn(ctx: Ctx) -> None:
    stalemate.note(ctx)  # whether anyone answered tonight, before the night's questions are cleared
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "day", "day": ctx.s.day + 1})
    ctx.fact(F.DayBegan(list(K.DAY_STEPS)), to=MJ_ONLY)
    ctx.announce(f"rp-jour-{weekday(ctx.s)}", day=ctx.s.day)
    if day.run(ctx):
        nightfall(ctx)


def begin_festival(ctx: Ctx) -> None:
    """§1 Sunday: "C'est la fête au village. Pas de morts, pas d'exécution." A day with no session and no night."""
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "day", "day": ctx.s.day})
    ctx.fact(F.DayBegan(list(K.FESTIVAL_STEPS), festival=True), to=MJ_ONLY)
    ctx.announce("rp-fete")
    ctx.open_step(K.FESTIVAL_STEPS[0], float(ctx.s.options["festival"]))


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
        finish_night_step(ctx)
        return
    if step.key in K.FESTIVAL_STEPS:
        for prompt in ctx.step_prompts():
            ctx.close_prompt(prompt)
        nightfall(ctx)
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
