"""The engine owns the flow (issue 25, item 2; boardgame.io's phases with onBegin/onEnd): a ruleset declares a
table of steps (`StepSpec`: what opens and closes it, how long it lasts, with which steps it may run at once, what
the MJ may do to it) and the engine opens, holds and closes them.

A step follows one of two shapes:
- a plan (`model.Plan`, in the state): a phase's steps known when it begins, in groups run one after another (a
  night's calls). `begin_plan` sets it and opens its first group, `next_group` moves on, `open_group` opens the
  group under way (False once every group has run: the ruleset then ends the phase, dawn, victory checks first);
  `go_on` does it all when a step is over.
- a chain: the step's `close` opens the next one itself (`open_step`), as Soupçons' turns do (an offer, a reply,
  the next offer), the turn's place kept in the ruleset's own state.
Either way `finish_step` ends the step under way: a step of hidden length (`Hidden`) answered early holds to its
drawn end (night_length.py, the one home of that rule), then its questions close and each of its specs closes.

Length policies: `Countdown` (a public countdown the ruleset computes: an option, a seat's time; None for none;
with an optional floor, `min_end`, before which the step does not end) and `Hidden` (the plausible hidden length:
drawn in bounds that depend on the options and the step's key only, whoever holds the step; an MJ's judgment call
may stretch the countdown, never the drawn end).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from app.engine.context import MJ_ONLY, Ctx
from app.engine.night_length import hold_to_end, open_hidden

Action = Callable[[Ctx], None]


@dataclass(frozen=True, slots=True)
class Countdown:
    """A public countdown of `seconds(ctx)` (None: none; the answers or the MJ end the step). `min_end`: a floor,
    the time before which the step does not end even once every answer is in (a forum's vote lock; the Servante's
    pause, which says nothing of her), told to the MJ alone unless `public_floor`; None: no floor."""

    seconds: Callable[[Ctx], float | None]
    min_end: Callable[[Ctx], float | None] | None = None
    public_floor: bool = False


@dataclass(frozen=True, slots=True)
class Hidden:
    """The plausible hidden length (night_length.py): drawn in `bounds(options)` whoever holds the step. `wait`:
    the MJ's time when the step awaits his judgment call (None: it does not). `mark`: see `open_hidden`."""

    bounds: Callable[[dict[str, Any]], tuple[float, float]]
    wait: Callable[[Ctx], float | None] | None = None
    mark: bool = True


Length = Countdown | Hidden
Finished = Literal["held", "closed"] | None


@dataclass(frozen=True, slots=True)
class StepSpec:
    """One step a ruleset declares. `open` asks its questions once the engine has opened it (its clock set);
    `close` applies its answers once the engine has closed them, and opens what comes next in a chain. Steps of
    the same `group` may run at once (a night run in parallel): a group of several opens under the group's name.
    `mj_extend` / `mj_advance`: whether the MJ may move its countdown (`extend`) or end it now (`advance`)."""

    key: str
    open: Action
    close: Action
    length: Length
    group: str | None = None
    mj_extend: bool = True
    mj_advance: bool = True


Steps = Mapping[str, StepSpec]


def step_table(*specs: StepSpec) -> dict[str, StepSpec]:
    """A ruleset's steps by key, written as literals in one place (its manifest)."""
    out: dict[str, StepSpec] = {}
    for spec in specs:
        if spec.key in out:
            raise ValueError(f"two specs for the step {spec.key!r}")
        out[spec.key] = spec
    return out


def stages(keys: Iterable[str], steps: Steps, parallel: bool) -> list[list[str]]:
    """`keys` in groups run one after another: one step a group, or (`parallel`) the neighbours of one `group`
    together."""
    out: list[list[str]] = []
    for key in keys:
        group = steps[key].group if key in steps else None
        if parallel and group is not None and out and group_of(out[-1], steps) == group:
            out[-1].append(key)
        else:
            out.append([key])
    return out


def group_of(keys: list[str], steps: Steps) -> str | None:
    found = {steps[k].group if k in steps else None for k in keys}
    return found.pop() if len(found) == 1 else None


def step_key(keys: list[str], steps: Steps) -> str:
    """The key a group of steps opens under: its one step's, or its group's name."""
    if len(keys) == 1:
        return keys[0]
    name = group_of(keys, steps)
    assert name is not None, f"steps of different groups run at once: {keys}"
    return name


# -- opening ---------------------------------------------------------------------------------------------------------
def open_step(ctx: Ctx, steps: Steps, key: str) -> None:
    """Open one step: its clock, then its questions."""
    open_keys(ctx, steps, [key])


def open_keys(ctx: Ctx, steps: Steps, keys: list[str]) -> None:
    """Open steps that run at once under one clock: a hidden length drawn in the widest bounds of theirs (one
    countdown for all), else the first one's countdown and its floor; then each asks its questions, in order."""
    specs = [steps[k] for k in keys]
    key = step_key(keys, steps)
    hidden = [s.length for s in specs if isinstance(s.length, Hidden)]
    if hidden:
        bounds = [h.bounds(ctx.s.options) for h in hidden]
        waits = [w for w in (h.wait(ctx) for h in hidden if h.wait is not None) if w is not None]
        open_hidden(ctx, key, (max(b[0] for b in bounds), max(b[1] for b in bounds)),
                    wait=max(waits) if waits else None, mark=any(h.mark for h in hidden))
    else:
        length = specs[0].length
        assert isinstance(length, Countdown)
        ctx.open_step(key, length.seconds(ctx))
        floor = None if length.min_end is None else length.min_end(ctx)
        if floor is not None:
            ctx.emit("step_timer", {"min_end": floor}, to=None if length.public_floor else MJ_ONLY)
    for spec in specs:
        spec.open(ctx)


# -- a plan ----------------------------------------------------------------------------------------------------------
def begin_plan(ctx: Ctx, steps: Steps, groups: list[list[str]]) -> bool:
    """The phase's plan (to the MJ alone), and its first group opened; False if it has none."""
    lay_plan(ctx, groups)
    return open_group(ctx, steps)


def lay_plan(ctx: Ctx, groups: list[list[str]]) -> None:
    """The phase's plan (to the MJ alone), none of it opened: for parts the ruleset opens its own way (Reptiliens'
    day, whose parts open steps of their own or none), moved on by `next_group` all the same."""
    ctx.emit("plan", {"groups": groups, "at": 0}, to=MJ_ONLY)


def next_group(ctx: Ctx) -> None:
    """The plan moves on to its next group (opened by `open_group`, once the ruleset has done what comes between:
    its consequences, its victory checks)."""
    plan = ctx.s.plan
    assert plan is not None, "no plan to move on"
    ctx.emit("plan", {"at": plan.at + 1}, to=MJ_ONLY)


def replan(ctx: Ctx, ahead: list[list[str]]) -> None:
    """The plan's groups still ahead planned again (a step the phase now needs: a card the MJ brought in); the
    groups run so far and the one under way stay as they were."""
    plan = ctx.s.plan
    assert plan is not None, "no plan to change"
    ctx.emit("plan", {"groups": [*plan.done(), *ahead], "at": plan.at}, to=MJ_ONLY)


def open_group(ctx: Ctx, steps: Steps) -> bool:
    """Open the plan's group under way; False when every group has run (the phase's end is the ruleset's)."""
    plan = ctx.s.plan
    if plan is None or plan.over():
        return False
    open_keys(ctx, steps, plan.current())
    return True


# -- closing ---------------------------------------------------------------------------------------------------------
def running(ctx: Ctx, steps: Steps) -> list[str]:
    """The keys of the specs the step under way runs: the plan's group when it opened under that group's key, else
    the step's own key if the table has it."""
    step, plan = ctx.s.step, ctx.s.plan
    if step is None:
        return []
    group = plan.current() if plan is not None else []
    # A plan's part whose key is also a step of its own, undeclared (a part that opens its steps its own way), is
    # not run by the table.
    if group and all(k in steps for k in group) and step.key == step_key(group, steps):
        return group
    return [step.key] if step.key in steps else []


def finish_step(ctx: Ctx, steps: Steps, then: Action | None = None) -> Finished:
    """End the step under way, if it is one of `steps`: a hidden-length step before its drawn end holds ("held",
    nothing else done); else its questions close, each of its specs closes, in order, and `then` runs (what the
    ruleset does once a group of its plan has run: its consequences, the next group) ("closed"). None when the
    step is none of `steps` (the ruleset finishes it its own way)."""
    keys = running(ctx, steps)
    if not keys:
        return None
    specs = [steps[k] for k in keys]
    if any(holds(ctx, s.length) for s in specs) and hold_to_end(ctx):
        return "held"
    for prompt in ctx.step_prompts():
        ctx.close_prompt(prompt)
    for spec in specs:
        spec.close(ctx)
    if then is not None:
        then(ctx)
    return "closed"


def go_on(ctx: Ctx, steps: Steps, end: Action) -> bool:
    """A plan's step is over: finish it; once it closed, the plan opens its next group, or calls `end` (dawn, the
    day's end) when every group has run. A close that ended the game or opened a step of its own (a death's last
    word) stops the plan there: the ruleset calls `go_on` again when that step is over. False when the step is
    none of `steps`."""
    before = ctx.s.step
    done = finish_step(ctx, steps)
    if done != "closed":
        return done is not None
    if ctx.s.phase in ("lobby", "ended") or ctx.s.step is not before:
        return True
    next_group(ctx)
    if not open_group(ctx, steps):
        end(ctx)
    return True


def holds(ctx: Ctx, length: Length) -> bool:
    """Whether a step of this length lasts to its deadline whatever its answers: a hidden length, unless it awaits
    the MJ's judgment call (it ends once he answered, after its drawn end: `min_end`)."""
    return isinstance(length, Hidden) and (length.wait is None or length.wait(ctx) is None)


def mj_may(steps: Steps, key: str | None, action: str) -> bool:
    """Whether the MJ may `extend` or `advance` the step `key` (a step no table declares: yes, as always)."""
    spec = steps.get(key) if key is not None else None
    if spec is None:
        return True
    return spec.mj_extend if action == "extend" else spec.mj_advance
