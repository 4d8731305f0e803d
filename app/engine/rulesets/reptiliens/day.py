"""The day (seed 000 §12 "Déroulement des journées"), in the seed's order (calendar.DAY_STEPS), the engine's plan
(app/engine/flow.py): each part (manifest.DAY, read through the ruleset, tables.py) decides whether it runs and
has the engine open its step (steps.open_day_step: a `day_step` of manifest.STEPS, its countdown), or does its
work at once; the engine closes the step and calls its spec's close, which goes on with the day. This module runs
the day and implements the morning's charmed count and the richest citizen; the other parts live in modules of their
own (sessions.py: the special session and the session; laws.py: the law of the day; dead.py: the night's dead; …).
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine.context import MJ_ONLY, Ctx
from app.engine.flow import finish_step, next_group
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens import fates
from app.engine.rulesets.reptiliens.attacks import richest_citizen
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.tables import rules

Opener = Callable[[Ctx], bool]  # True: a step is open, the day waits for it
REPORT = "rp-bilan-morts"


def run(ctx: Ctx) -> bool:
    """Go on with the day's order from where it stands; True when the day is over."""
    while ctx.s.phase == "day":
        plan = ctx.s.plan
        if plan is None or plan.over():
            return True
        if rules(ctx).day_parts.get(plan.current()[0], later)(ctx):
            return False
        if ctx.s.phase != "day":
            return False
        next_group(ctx)
    return False


def next_step(ctx: Ctx) -> bool:
    next_group(ctx)
    return run(ctx)


def finish(ctx: Ctx) -> bool:
    """A step of the day is over: the engine closes its questions and calls its spec's close (manifest.STEPS);
    True when the day is over."""
    done = finish_step(ctx, rules(ctx).steps)
    assert done == "closed", f"a step of the day that manifest.STEPS does not declare: {ctx.s.step}"
    return over(ctx)


def over(ctx: Ctx) -> bool:
    """The day's plan has run to its end, the day still on (a close whose part was the day's last: `run` said so)."""
    plan = ctx.s.plan
    return ctx.s.phase == "day" and (plan is None or plan.over())


def later(ctx: Ctx) -> bool:
    """A step of part 2 (offices, inheritance, move, special session, law, marriages, pickpockets)."""
    return False


# -- the morning's reports ------------------------------------------------------------------------------------------
def charmed_report(ctx: Ctx) -> bool:
    """"Bilan des charmés": the charmed of the night learn it; everyone hears how many living are charmed."""
    for seat in own(ctx.s).night.charmed:
        ctx.emit("rp-charmed", {"seat": seat}, to=[seat])
    ctx.fact(F.CharmedTold(), to=MJ_ONLY)
    count = sum(1 for seat in own(ctx.s).charmed if ctx.s.players[seat].alive)
    ctx.announce("rp-charmes", count=count)
    fates.check(ctx)  # §4 Musiciens: "Ils gagnent si tous les vivants ont été charmés"
    return False


# "Bilan des morts" (the night's dead named, each choosing what he becomes) is dead.py's.


# -- the session (debate, vote, the condemned's window, the execution): sessions.py, with the Président's and the
# Bourreau's parts; the law of the day: laws.py.


# -- the richest citizen (§7) ---------------------------------------------------------------------------------------
def richest(ctx: Ctx) -> bool:
    """"Bilan du plus riche citoyen": strictly richer than each other living player, his house is safe from the
    next attack. Told to all, unless fortunes are hidden (then to him). The MJ brings the fortunes up to date first:
    what an unseen invoker paid today shows now, with the day's table (fates.settle_owed)."""
    fates.settle_owed(ctx)
    fortunes = {seat: own(ctx.s).coins.get(seat, 0) for seat in ctx.s.living()}
    seat = richest_citizen(fortunes)
    ctx.fact(F.RichestNamed(seat), to=MJ_ONLY)
    if seat is not None:
        ctx.announce("rp-plus-riche", to=[seat] if ctx.s.options.get("hide_fortunes") else None, seat=seat)
    else:
        ctx.announce("rp-plus-riche-aucun", to=MJ_ONLY if ctx.s.options.get("hide_fortunes") else None)
    return False
