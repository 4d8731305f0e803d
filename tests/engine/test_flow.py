"""The engine's flow (app/engine/flow.py; issue 25, item 2): a ruleset declares its steps as `StepSpec`s and the
engine opens, holds and closes them, the phase's plan typed in the state.

Tried on a ruleset of a few lines registered for these tests only: one night of three calls, the seer's, the pack's
(the wolf and the owl, who may be called together) and a vote; each seat is told what it must answer, and the
journal says which steps closed (an `announce` the close writes)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from app.engine.context import Ctx
from app.engine.core import new_state
from app.engine.evolve import evolve
from app.engine.flow import (
    Countdown,
    Hidden,
    Steps,
    StepSpec,
    begin_plan,
    go_on,
    mj_may,
    stages,
    step_table,
)
from app.engine.model import MJ, SYSTEM, Event, GameState
from app.engine.options import EngineOptions
from app.engine.ruleset import RULESETS, Role, Ruleset, register
from app.engine.views import SPECTATOR, event_visible, view
from tests.support.scripted import Scripted

KEY = "flowtoy"
T0 = 1_000.0
CALLS = ["seer", "wolf", "owl", "vote"]


class Options(EngineOptions):
    parallel: bool = False
    seer_at: int = 0  # the seat that holds the seer's card; none: nobody (its length must not tell)
    floor: float = 0.0  # the vote lasts at least this long, answered or not (0: no floor)
    floor_public: bool = False  # everyone is told the vote's floor (else the MJ alone)


def ask(card: str) -> Any:
    def open_(ctx: Ctx) -> None:
        seat = ctx.s.options["seer_at"] if card == "seer" else {"wolf": 1, "owl": 2}[card]
        if seat in ctx.s.players and ctx.s.players[seat].alive:
            ctx.open_prompt(step=card, kind="pick", to=[seat], options=ctx.s.living(), min=1, max=1)
    return open_


def closed(key: str) -> Any:
    def close(ctx: Ctx) -> None:
        ctx.announce("closed", step=key)
    return close


def ask_vote(ctx: Ctx) -> None:
    living = ctx.s.living()
    ctx.open_prompt(step="vote", kind="pick", to=living, options=living, min=0, max=1, visibility="public")


def vote_floor(ctx: Ctx) -> float | None:
    floor = float(ctx.s.options["floor"])
    return ctx.at + floor if floor else None


def table(public_floor: bool) -> Steps:
    return step_table(
        StepSpec("seer", open=ask("seer"), close=closed("seer"), length=Hidden(lambda o: (10.0, 20.0))),
        StepSpec("wolf", open=ask("wolf"), close=closed("wolf"), length=Hidden(lambda o: (10.0, 20.0)), group="pack"),
        StepSpec("owl", open=ask("owl"), close=closed("owl"), length=Hidden(lambda o: (30.0, 40.0)), group="pack"),
        StepSpec("vote", open=ask_vote, close=closed("vote"),
                 length=Countdown(lambda ctx: 60.0, min_end=vote_floor, public_floor=public_floor), mj_advance=False),
    )


STEPS, PUBLIC_FLOOR = table(False), table(True)


def steps_of(ctx: Ctx) -> Steps:
    return PUBLIC_FLOOR if ctx.s.options["floor_public"] else STEPS


def dawn(ctx: Ctx) -> None:
    ctx.emit("ended", {"camp": None, "winners": [], "reason": "dawn"})


class FlowToy(Ruleset):
    key = KEY
    min_players = 2
    options_model = Options
    roles: ClassVar[dict[str, Role]] = {"villager": Role("villager", "village", unique=False)}
    steps: ClassVar[Steps] = STEPS

    def check_composition(self, state: GameState) -> None:
        return None

    def start(self, ctx: Ctx) -> None:
        for p in ctx.s.by_position():
            ctx.set_card(p.seat, "villager", original=True)
        ctx.emit("phase", {"phase": "night", "night": 1})
        if not begin_plan(ctx, steps_of(ctx), stages(CALLS, STEPS, bool(ctx.s.options["parallel"]))):
            dawn(ctx)  # pragma: no cover - the plan is never empty

    def finish_step(self, ctx: Ctx) -> None:
        assert go_on(ctx, steps_of(ctx), dawn)

    def kill(self, ctx: Ctx, seat: int, cause: str) -> None:
        ctx.died(seat, cause)


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    register(FlowToy())
    try:
        yield
    finally:
        RULESETS.pop(KEY, None)


class Table(Scripted):
    def __init__(self, seed: int = 5, **options: Any) -> None:
        self.state, self.events = new_state(KEY, seed, options, at=T0)
        self.at = T0
        for seat in range(4):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        self.do("start", MJ)

    def closes(self) -> list[str]:
        return [e.data["params"]["step"] for e in self.events
                if e.type == "announce" and e.data["key"] == "closed"]

    def tick_at(self, at: float) -> None:
        self.at = at
        self.do("tick", SYSTEM)

    def deadline(self) -> float:
        assert self.state.step is not None and self.state.step.deadline is not None
        return self.state.step.deadline


def test_the_plan_runs_its_groups_in_order_and_ends_the_phase() -> None:
    t = Table()
    assert t.state.plan is not None and t.state.plan.groups == [["seer"], ["wolf"], ["owl"], ["vote"]]
    for key in ("seer", "wolf", "owl"):
        assert t.state.step is not None and t.state.step.key == key and t.state.plan.current() == [key]
        t.tick_at(t.deadline())
    assert t.closes() == ["seer", "wolf", "owl"]
    assert t.state.step is not None and t.state.step.key == "vote" and t.deadline() == t.at + 60
    for seat in range(4):
        t.answer(seat, "vote", [0])
    assert t.closes() == ["seer", "wolf", "owl", "vote"] and t.state.phase == "ended"
    assert t.state.plan is not None and t.state.plan.over()


def test_the_plan_is_the_mjs_alone() -> None:
    t = Table()
    plans = [e for e in t.events if e.type == "plan"]
    assert plans
    for viewer in (0, 1, SPECTATOR):
        assert not any(event_visible(e, viewer, t.state) for e in plans)
        assert "plan" not in view(t.state, viewer)
    assert all(event_visible(e, MJ, t.state) for e in plans)


def test_a_hidden_step_answered_at_once_lasts_its_drawn_length() -> None:
    t = Table()
    drawn = t.deadline()
    assert T0 + 10 <= drawn <= T0 + 20
    t.at = T0 + 1
    t.answer(0, "seer", [2])  # answered at once: the step holds to its drawn end, so its length tells nothing
    assert t.state.step is not None and t.state.step.key == "seer" and t.closes() == []
    assert t.state.step.min_end == drawn
    t.tick_at(drawn)
    assert t.closes() == ["seer"] and t.state.step is not None and t.state.step.key == "wolf"


def test_a_step_nobody_holds_lasts_as_long_as_a_held_one() -> None:
    """Whether a seat holds the seer's card or nobody does, its step opens and ends at the same moments."""
    alive, dead = Table(seer_at=3), Table(seer_at=9)
    assert alive.deadline() == dead.deadline()
    assert [p.step for p in dead.open_prompts()] == []
    alive.at = T0 + 1
    alive.answer(3, "seer", [0])
    for t in (alive, dead):
        t.tick_at(t.deadline())
    assert alive.deadline() == dead.deadline() and alive.closes() == dead.closes() == ["seer"]


def test_a_group_runs_at_once_under_one_clock_in_the_widest_bounds() -> None:
    t = Table(parallel=True)
    assert t.state.plan is not None and t.state.plan.groups == [["seer"], ["wolf", "owl"], ["vote"]]
    t.tick_at(t.deadline())
    step = t.state.step
    assert step is not None and step.key == "pack" and T0 + 30 <= t.deadline() - t.at + T0 <= T0 + 40
    assert sorted(p.step for p in t.open_prompts()) == ["owl", "wolf"]
    t.tick_at(t.deadline())
    assert t.closes() == ["seer", "wolf", "owl"] and t.state.step is not None and t.state.step.key == "vote"


def test_the_mj_may_advance_and_extend_only_what_the_spec_allows() -> None:
    t = Table()
    t.do("extend", MJ, seconds=30)  # the seer's step: the MJ may stretch its countdown, never its drawn end
    t.do("advance", MJ)
    assert t.closes() == ["seer"]
    for _ in ("wolf", "owl"):
        t.do("advance", MJ)
    assert t.state.step is not None and t.state.step.key == "vote"
    assert t.rejected("advance", MJ) == "step_fixed"
    t.do("extend", MJ, seconds=30)
    assert t.deadline() == t.at + 90


@pytest.mark.parametrize("public", [False, True])
def test_a_countdown_with_a_floor_lasts_to_it_answered_or_not(public: bool) -> None:
    """A floor (a forum's vote lock, the Servante's pause): every answer in, the step still waits for it; it is
    told to the MJ alone unless the spec makes it public."""
    t = Table(floor=30.0, floor_public=public)
    for _ in ("seer", "wolf", "owl"):
        t.tick_at(t.deadline())
    opened = t.at
    assert t.state.step is not None and t.state.step.key == "vote" and t.state.step.min_end == opened + 30
    timers = [e for e in t.events if e.type == "step_timer" and e.data["min_end"] == opened + 30]
    assert len(timers) == 1 and event_visible(timers[0], MJ, t.state)
    assert event_visible(timers[0], 0, t.state) is public and event_visible(timers[0], SPECTATOR, t.state) is public
    t.at = opened + 1
    for seat in range(4):
        t.answer(seat, "vote", [0])
    assert t.closes() == ["seer", "wolf", "owl"] and t.state.step is not None and t.state.step.key == "vote"
    t.tick_at(opened + 30)
    assert t.closes() == ["seer", "wolf", "owl", "vote"] and t.state.phase == "ended"


def test_the_table_and_its_helpers() -> None:
    with pytest.raises(ValueError, match="two specs"):
        step_table(STEPS["seer"], STEPS["seer"])
    assert stages(CALLS, STEPS, parallel=False) == [[k] for k in CALLS]
    assert stages(["wolf", "seer", "owl"], STEPS, parallel=True) == [["wolf"], ["seer"], ["owl"]]  # neighbours only
    assert mj_may(STEPS, "vote", "extend") and not mj_may(STEPS, "vote", "advance")
    assert mj_may(STEPS, "undeclared", "advance") and mj_may(STEPS, None, "extend")


def test_a_new_phase_forgets_the_plan() -> None:
    t = Table()
    assert t.state.plan is not None
    after = evolve(t.state.model_copy(deep=True), Event(type="phase", data={"phase": "day", "day": 1}, at=t.at))
    assert after.plan is None
