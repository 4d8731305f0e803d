"""The day (seed 000 §12 "Déroulement des journées"), in the seed's order (calendar.DAY_STEPS), as a registry of
handlers like the night's: each opens its step and says so, or does its work at once. This part implements the
morning's reports (the charmed count, the night's dead), the session (debate, vote, the condemned's window, the
execution) and the richest citizen; the offices' steps, the inheritance, the move, the special session, the law,
the marriages and the pickpockets are part 2's and take no time yet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState
from app.engine.prompts import tally
from app.engine.rulesets.reptiliens import fates
from app.engine.rulesets.reptiliens.attacks import richest_citizen
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import prompt_of, remember_prompt, setv

Opener = Callable[[Ctx], bool]  # True: a step is open, the day waits for it
DEBATE, VOTE, CONDEMNED, REPORT = "rp-debat", "rp-vote", "rp-condamne", "rp-bilan-morts"
LAST_WORDS = 280  # characters of a last message


def run(ctx: Ctx) -> bool:
    """Go on with the day's order from where it stands; True when the day is over."""
    while ctx.s.phase == "day":
        o = own(ctx.s)
        if o.i >= len(o.plan):
            return True
        if DAY.get(o.plan[o.i], later)(ctx):
            return False
        if ctx.s.phase != "day":
            return False
        setv(ctx, "i", own(ctx.s).i + 1)
    return False


def next_step(ctx: Ctx) -> bool:
    setv(ctx, "i", own(ctx.s).i + 1)
    return run(ctx)


def finish(ctx: Ctx) -> bool:
    """A step of the day is over; True when the day is over."""
    step = ctx.s.step
    assert step is not None
    for prompt in ctx.step_prompts():
        ctx.close_prompt(prompt)
    return FINISH[step.key](ctx)


def later(ctx: Ctx) -> bool:
    """A step of part 2 (offices, inheritance, move, special session, law, marriages, pickpockets)."""
    return False


# -- the morning's reports ------------------------------------------------------------------------------------------
def charmed_report(ctx: Ctx) -> bool:
    """"Bilan des charmés": the charmed of the night learn it; everyone hears how many living are charmed."""
    for seat in own(ctx.s).night.charmed:
        ctx.emit("rp-charmed", {"seat": seat}, to=[seat])
    setv(ctx, "night.charmed", [])
    count = sum(1 for seat in own(ctx.s).charmed if ctx.s.players[seat].alive)
    ctx.announce("rp-charmes", count=count)
    fates.check(ctx)  # §4 Musiciens: "Ils gagnent si tous les vivants ont été charmés"
    return False


def deaths_report(ctx: Ctx) -> bool:
    """"Bilan des morts": the night's dead are named, with no cause (§2)."""
    had = len(own(ctx.s).night.dying)
    fates.settle_owed(ctx)
    fates.dawn_deaths(ctx)
    if not had:
        ctx.announce("rp-pas-de-mort")
    if fates.check(ctx):
        return False
    ctx.open_step(REPORT, float(ctx.s.options["dawn"]))
    return True


# -- the session: debate, vote, the condemned's window, the execution ------------------------------------------------
def session(ctx: Ctx) -> bool:
    ctx.open_step(DEBATE, float(ctx.s.options["debate"]))
    return True


def voters(state: GameState) -> list[int]:
    """Who votes: the living (part 2: the law of the day may restrict it, the ghosts may vote)."""
    return state.living()


def open_vote(ctx: Ctx) -> bool:
    ctx.open_step(VOTE, float(ctx.s.options["vote"]))
    living = ctx.s.living()
    prompt = ctx.open_prompt(step=VOTE, kind="pick", to=voters(ctx.s), options=living,
                             min=0 if ctx.s.options.get("allow_abstain", True) else 1, max=1, visibility="public",
                             info={"reason": "against"})
    remember_prompt(ctx, "vote", prompt)
    return True


def tie_break(ctx: Ctx, tied: list[int]) -> int | None:
    """Part 2: "En cas d'égalité, sa voix prime" (the Président). Part 1: a tie executes nobody."""
    return None


def close_vote(ctx: Ctx) -> bool:
    """The most votes among the ballots cast; a tie, nobody (until the Président breaks it, part 2). True when
    the day is over."""
    prompt = prompt_of(ctx, "vote")
    counts: Counter[int] = tally(prompt) if prompt is not None else Counter()
    counts = Counter({seat: n for seat, n in counts.items() if ctx.s.players[seat].alive})
    ctx.announce("rp-resultat-vote", counts={str(k): v for k, v in sorted(counts.items())})
    if not counts:
        ctx.announce("rp-pas-d-execution")
        return next_step(ctx)
    top = max(counts.values())
    tied = sorted(seat for seat, n in counts.items() if n == top)
    condemned = tied[0] if len(tied) == 1 else tie_break(ctx, tied)
    if condemned is None:
        ctx.announce("rp-egalite", seats=tied)
        return next_step(ctx)
    setv(ctx, "day.condemned", condemned)
    ctx.announce("rp-condamne", seat=condemned)
    # §2 "il dispose de 15 secondes pour demander une éventuelle action invoquée (ou transmettre un dernier
    # message)": the invoke button, or this question; a message ends the window.
    ctx.open_step(CONDEMNED, float(ctx.s.options["condemned_window"]))
    words = ctx.open_prompt(step=CONDEMNED, kind="text", to=[condemned], min=1, max=LAST_WORDS)
    remember_prompt(ctx, "last-words", words)
    return False


def execute(ctx: Ctx) -> bool:
    seat = own(ctx.s).day.condemned
    words = prompt_of(ctx, "last-words")
    if seat is not None and words is not None and seat in words.answers:
        ctx.announce("rp-dernier-message", seat=seat, text=str(words.answers[seat]))
    # "Mettre à mort le bourreau ne sauvera pas la vie de la personne choisie pour être exécutée."
    if seat is not None and ctx.s.players[seat].alive:
        fates.kill(ctx, seat, fates.EXECUTED)
        if fates.check(ctx):
            return False
    return next_step(ctx)


# -- the richest citizen (§7) ---------------------------------------------------------------------------------------
def richest(ctx: Ctx) -> bool:
    """"Bilan du plus riche citoyen": strictly richer than each other living player, his house is safe from the
    next attack. Told to all, unless fortunes are hidden (then to him)."""
    fortunes = {seat: own(ctx.s).coins.get(seat, 0) for seat in ctx.s.living()}
    seat = richest_citizen(fortunes)
    setv(ctx, "richest", seat)
    if seat is not None:
        ctx.announce("rp-plus-riche", to=[seat] if ctx.s.options.get("hide_fortunes") else None, seat=seat)
    else:
        ctx.announce("rp-plus-riche-aucun", to=MJ_ONLY if ctx.s.options.get("hide_fortunes") else None)
    return False


DAY: dict[str, Opener] = {
    "rp-bilan-charmes": charmed_report,
    "rp-bilan-morts": deaths_report,
    "rp-execution": session,
    "rp-plus-riche": richest,
}
# Each says whether the day is over.
FINISH: dict[str, Callable[[Ctx], bool]] = {
    REPORT: next_step,
    DEBATE: lambda ctx: not open_vote(ctx),
    VOTE: close_vote,
    CONDEMNED: execute,
}


def register_day(key: str, opener: Opener) -> None:
    """A part of the day's order (calendar.DAY_STEPS) from a module of its own (society.py imports them): it opens
    its step(s) and returns True, or does its work at once and returns False."""
    if key in DAY:
        raise ValueError(f"day step {key} registered twice")
    DAY[key] = opener


def register_finish(step: str, finish: Callable[[Ctx], bool]) -> None:
    """What ends a step that a day part opened (its key may differ from the part's); True when the day is over
    (usually `next_step(ctx)`)."""
    if step in FINISH:
        raise ValueError(f"day step {step} registered twice")
    FINISH[step] = finish
