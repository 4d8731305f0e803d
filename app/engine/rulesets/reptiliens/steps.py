"""The types and helpers of the ruleset's handlers: `night_step`, the `StepSpec` (app/engine/flow.py) of each step
key of the calendar (calendar.NIGHTS, calendar.OPENING, the MJ's deal), built from the pair of small functions it
has, `open` (ask the step's questions) and `close` (apply its answers), each given the step's line of the table;
the lengths' parts that read the options (`fixed`, `mj_wait`); `Answered`, what acts at once on an answer;
`CommandHandler`, a command of the ruleset's own; and the helpers they share (who is called, who is awake, the
prompts by role, the night's declarations). What they write in the state they write as typed facts (facts.py),
never through a generic setter. The tables themselves are literals in manifest.py, the one place that says who
handles what: the engine's flow opens every step of the night's plan (week.py), held or not, alive or not, for
its plausible hidden length; a power is added by writing its row there, without touching the driver.

A step whose power belongs to a later piece of work is listed in manifest.IN_PROGRESS: it is called and lasts its
plausible length like any other, and asks nothing yet (docs/rules/reptiliens.md, "called, power in progress").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.flow import Countdown, Hidden, StepSpec, open_step
from app.engine.model import Command, GameState, Prompt
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.cards import CARD_BY_KEY
from app.engine.rulesets.reptiliens.state import CAMP, SPECIALTY, SPECIALTY2, own
from app.engine.rulesets.reptiliens.tables import rules

Handler = Callable[[Ctx, K.Step], None]


def nothing(ctx: Ctx, step: K.Step) -> None:
    return None


def night_step(key: str, length: Hidden, open: Handler = nothing, close: Handler = nothing) -> StepSpec:
    """A step of the deal, the opening or a night: the engine opens it for its hidden `length`, then its handlers
    ask and apply, given its line of the table."""
    return StepSpec(key, open=lambda ctx: open(ctx, line(ctx.s, key)), close=lambda ctx: close(ctx, line(ctx.s, key)),
                    length=length)


def day_step(key: str, length: Countdown, close: Callable[[Ctx], bool]) -> StepSpec:
    """A step a part of the day opens (flow.open_step, once the part has decided it runs), for its countdown; its
    questions are the part's, asked once it is open; `close` goes on with the day (its bool, the day over, is
    read back from the plan: day.finish)."""
    def closed(ctx: Ctx) -> None:
        close(ctx)

    return StepSpec(key, open=no_questions, close=closed, length=length)


def open_day_step(ctx: Ctx, key: str) -> None:
    """The engine opens the day step `key` for its countdown (manifest.STEPS, through the ruleset: tables.py)."""
    open_step(ctx, rules(ctx).steps, key)


def option_time(option: str) -> Countdown:
    """A countdown of one option's seconds."""
    return Countdown(lambda ctx: float(ctx.s.options[option]))


def line(state: GameState, key: str) -> K.Step:
    """The step's line of the opening or of tonight's table; the MJ's deal has none: a line of its key alone."""
    found = next((step for step in (*K.OPENING, *tonight(state)) if step.key == key), None)
    return K.Step(key) if found is None else found


def fixed(option: str) -> Callable[[dict[str, Any]], tuple[float, float]]:
    """Bounds of one length, an option's (the lovers' 30 seconds), instead of a draw."""
    def bounds(options: dict[str, Any]) -> tuple[float, float]:
        return float(options[option]), float(options[option])

    return bounds


def mj_wait(ctx: Ctx) -> float | None:
    """A step that may ask the MJ a judgment call waits for him, with an MJ, up to `mj_time`."""
    return float(ctx.s.options["mj_time"]) if ctx.s.options.get("moderation") == "mj" else None


def mj_deal_wait(ctx: Ctx) -> float | None:
    """The MJ's deal waits for him whatever the moderation (he draws the cards at the table)."""
    return float(ctx.s.options["mj_time"])


def festival_time(ctx: Ctx) -> float:
    return float(ctx.s.options["festival"])


def no_questions(ctx: Ctx) -> None:
    """A step that asks nothing and applies nothing (the festival: its conversations are commands)."""
    return None


# A prompt whose answer acts at once, within its step (a snoop sees the cards he turned, a thief's loot opens the
# question of giving some back), keyed by the prompt's `step` in manifest.ANSWERED; the Ruleset's `on_answer` calls it.
Answered = Callable[[Ctx, Prompt, int], None]

# The ruleset's own commands beyond the engine's (a gift, a marriage request, an application, …), by type in
# manifest.COMMANDS; the Ruleset's `command` calls them. Each checks who sends it and refuses with a clear Rejected.
CommandHandler = Callable[[Ctx, Command], None]


def tonight(state: GameState) -> tuple[K.Step, ...]:
    return K.steps_for_night(state.night, state.options.get("first_weekday", K.MON)) if state.night else ()


# -- who is called ----------------------------------------------------------------------------------------------
def dying(state: GameState) -> set[int]:
    """Killed tonight, named at dawn (§2 "le mort est annoncé seulement le matin"): alive to everyone, themselves
    included, until then (still called, their questions open, their answers taken), they act no more (`awake`)."""
    return {int(seat) for seat, _ in own(state).night.dying}


def awake(state: GameState, seat: int) -> bool:
    """Alive, not killed tonight, not in a heavy sleep (§5 "La cible n'agira plus jusqu'à l'aube")."""
    p = state.players[seat]
    return p.alive and seat not in own(state).night.asleep and seat not in dying(state)


def holds_name(state: GameState, seat: int, name: str) -> bool:
    p = state.players[seat]
    return name in (p.card(CAMP), p.card(SPECIALTY), p.card(SPECIALTY2))  # an inherited specialty too (§9)


def callers(state: GameState, names: tuple[str, ...]) -> list[int]:
    """The living seats not asleep that hold one of the names a step calls, in seat order. One killed tonight is
    called like anyone (leaving him out would tell him, and the MJ's table, that he dies); each step's close reads
    `awake`, so his answer has no effect."""
    out = set(own(state).night.asleep)
    return [p.seat for p in state.by_position()
            if p.alive and p.seat not in out
            and (p.card(CAMP) in names or p.card(SPECIALTY) in names or p.card(SPECIALTY2) in names)]


def holder(state: GameState, card: str) -> int | None:
    """The seat holding a camp card, dead or alive."""
    return next((p.seat for p in state.by_position() if p.card(CAMP) == card), None)


def is_reptilian(state: GameState, seat: int) -> bool:
    """RULES-NOTES: a Reptilian card (Seth too), or converted; dead or alive; a lover holding one too."""
    card = state.players[seat].card(CAMP)
    found = CARD_BY_KEY.get(card or "")
    return bool(found and found.reptilian) or "rp-reptiliens" in own(state).converted.get(seat, [])


def pack(state: GameState) -> list[int]:
    """The Reptilians who take part tonight: alive, awake, not killed tonight."""
    return [p.seat for p in state.by_position() if is_reptilian(state, p.seat) and awake(state, p.seat)]


def lovers(state: GameState) -> list[int]:
    """The couple, while both are alive (they live and die together after the spare life)."""
    couple = own(state).lovers
    return list(couple) if len(couple) == 2 and all(state.players[s].alive for s in couple) else []


# -- the prompts by role, the declarations --------------------------------------------------------------------------
def remember_prompt(ctx: Ctx, role: str, prompt: Prompt) -> None:
    """`prompt_of(ctx, role)` finds it: named on the event that opened it when that is the last one, else (a prompt
    opened earlier in the command) by an event of its own."""
    if not ctx.name_prompt(prompt, role):
        ctx.fact(F.PromptRemembered(role, prompt.id), to=MJ_ONLY)


def prompt_of(ctx: Ctx, role: str) -> Prompt | None:
    pid = own(ctx.s).prompts.get(role)
    return None if pid is None else ctx.s.prompts.get(pid)


def answer(prompt: Prompt | None, seat: int) -> Any:
    return None if prompt is None else prompt.answers.get(seat)


def declare(ctx: Ctx, kind: str, **data: Any) -> None:
    """A long action given or imposed tonight (places.Declaration), in the steps' order."""
    ctx.fact(F.Declared({"kind": kind, **data}), to=MJ_ONLY)
