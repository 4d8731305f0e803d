"""The types and helpers of the ruleset's handlers: `StepHandlers`, the pair of small functions each step key of
the calendar (calendar.NIGHTS, calendar.OPENING) has, `open` (ask the step's questions) and `close` (apply its
answers), with its flags; `Answered`, what acts at once on an answer; `CommandHandler`, a command of the ruleset's
own; and the helpers they share (who is called, who is awake, the prompts by role, the night's declarations). What
they write in the state they write as typed facts (facts.py), never through a generic setter. The tables themselves
are literals in manifest.py, the one place that says who handles what: the driver (week.py) calls every step of the
night's table, held or not, alive or not, for a plausible hidden length; a power is added by writing its row there,
without touching the driver.

A step whose power belongs to a later piece of work is listed as `in_progress`: it is called and lasts its
plausible length like any other, and asks nothing yet (docs/rules/reptiliens.md, "called, power in progress").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import Command, GameState, Prompt
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.cards import CARD_BY_KEY
from app.engine.rulesets.reptiliens.state import CAMP, SPECIALTY, SPECIALTY2, own

Handler = Callable[[Ctx, K.Step], None]


def nothing(ctx: Ctx, step: K.Step) -> None:
    return None


@dataclass(frozen=True)
class StepHandlers:
    key: str
    open: Handler = nothing
    close: Handler = nothing
    in_progress: bool = False  # called, its power not implemented yet
    pack: bool = False  # a pack's vote: half as long again (week.step_range)
    fixed: str | None = None  # an option giving its exact length (the lovers' 30 seconds), instead of a draw
    mj: bool = False  # may ask the MJ a judgment call: with an MJ, it waits for him up to `mj_time`


# A prompt whose answer acts at once, within its step (a snoop sees the cards he turned, a thief's loot opens the
# question of giving some back), keyed by the prompt's `step` in manifest.ANSWERED; the Ruleset's `on_answer` calls it.
Answered = Callable[[Ctx, Prompt, int], None]

# The ruleset's own commands beyond the engine's (a gift, a marriage request, an application, …), by type in
# manifest.COMMANDS; the Ruleset's `command` calls them. Each checks who sends it and refuses with a clear Rejected.
CommandHandler = Callable[[Ctx, Command], None]


def calendar_step(state: GameState, key: str) -> K.Step:
    """The step `key` of the opening or of tonight's table."""
    for step in (*K.OPENING, *tonight(state)):
        if step.key == key:
            return step
    raise KeyError(key)


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
