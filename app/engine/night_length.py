"""The rule that hides which cards are dealt: a night step lasts a time drawn when it opens, whoever holds its card,
alive or not, answered or not, so that its length tells nobody whether anyone was called. One rule for every
ruleset: the bounds (`plausible_range`), the draw (`open_hidden`) and the hold (`hold_to_end`) live here only;
app/engine/flow.py applies them to every step whose length policy is `Hidden` (the night steps of Thiercelieux
and Reptiliens); no ruleset draws or holds a step's length itself."""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx


def plausible_range(options: dict[str, Any], factor: float = 1.0) -> tuple[float, float]:
    """The bounds a night step's length is drawn in: [plausible_min, plausible_max] (unset: 40 % and two thirds of
    `night_step`), `factor` times as long for a step that needs it (a pack's talk), never more than `night_step`."""
    cap = float(options["night_step"])
    given = options.get("plausible_min"), options.get("plausible_max")
    low = 0.4 * cap if given[0] is None else float(given[0])
    high = 2 * cap / 3 if given[1] is None else float(given[1])
    low, high = min(low, high), max(low, high)
    return min(low * factor, cap), min(high * factor, cap)


def open_hidden(ctx: Ctx, key: str, bounds: tuple[float, float], wait: float | None = None,
                mark: bool = True) -> float:
    """Open step `key` for a length drawn in `bounds`, whatever its holders do; return that length.

    Its countdown (public) is the drawn end, or `wait` if longer: a judgment call the MJ is awaited for, which
    ends once he answered but never before the drawn end, written then as the step's hidden `min_end` (to the MJ
    alone). `mark`: write that `min_end` at once even without a wait, so the step never ends before its deadline;
    without it, `hold_to_end` holds a step answered early when the engine first tries to close it (one event fewer
    when nobody answers early)."""
    low, high = bounds
    length = ctx.uniform(low, high)
    ctx.open_step(key, length if wait is None else max(length, wait))
    if mark or wait is not None:
        ctx.emit("step_timer", {"min_end": ctx.at + length}, to=MJ_ONLY)
    return length


def hold_to_end(ctx: Ctx) -> bool:
    """A hidden-length step that the engine would close before its deadline (its holders answered, or the MJ
    extended it afterwards) lasts to that deadline instead: True when it was held (its `min_end` moved there)."""
    step = ctx.s.step
    if step is None or step.deadline is None or ctx.at >= step.deadline:
        return False
    ctx.emit("step_timer", {"min_end": step.deadline}, to=MJ_ONLY)
    return True
