"""Les Reptiliens on the engine's flow (issue 25, item 2; app/engine/flow.py): a night's steps and the day's order
are the engine's plan (`GameState.plan`), and a game the ruleset's own plan was driving (`plan` and `i` in its
state) goes on where it stood, from a snapshot as from a log."""

from __future__ import annotations

from app.engine.model import GameState
from app.engine.rulesets.reptiliens import calendar as K
from tests.support.reptiliens import ALPHA, R, Table, V

SIX = [ALPHA, R, V, V, V, V]


def at_sandman() -> Table:
    t = Table(SIX, ["rp-marchand-de-sable"])
    t.run_until("rp-sommeil", night=2)
    return t


def old_snapshot(t: Table, i: int) -> dict[str, object]:
    """The state as an engine of version 3 wrote it: the plan's keys and the day's place in the ruleset's state."""
    data = t.state.model_dump(mode="json")
    plan = data.pop("plan")
    data["own"] = {**data["own"], "plan": [group[0] for group in plan["groups"]], "i": i}
    data["version"] = 3
    return data


def test_a_night_is_the_engines_plan_one_step_a_group() -> None:
    t = at_sandman()
    plan = t.state.plan
    assert plan is not None and plan.current() == ["rp-sommeil"]
    assert plan.groups == [[s.key] for s in K.steps_for_night(2)]
    assert not hasattr(t.own, "plan") and not hasattr(t.own, "i")


def test_an_old_snapshot_of_a_night_stands_at_its_open_step() -> None:
    """A night stood at its open step's key; `i` was the last day's place, stale at night."""
    t = at_sandman()
    loaded = GameState.model_validate(old_snapshot(t, i=12))
    assert loaded.plan == t.state.plan and loaded.own == t.state.own


def test_an_old_snapshot_of_a_day_stands_at_its_part() -> None:
    t = Table(SIX)
    t.play_night({"rp-concertation": [4]})
    t.run_until("rp-debat", day=1)
    plan = t.state.plan
    assert plan is not None and not plan.over() and plan.at > 0
    loaded = GameState.model_validate(old_snapshot(t, i=plan.at))
    assert loaded.plan == plan and loaded.own == t.state.own


def test_a_night_an_older_engine_began_goes_on_from_its_open_step() -> None:
    """Its log folds into a plan at its first step (`rp-night`, or `rp-set` of `plan`): the night goes on after its
    open step all the same."""
    control, old = at_sandman(), at_sandman()
    assert old.state.plan is not None
    old.state.plan.at = 0
    since = len(control.events), len(old.events)
    for t in (control, old):
        t.run_until("rp-bilan-morts", day=2)
    run = old.steps_run(since[1])
    assert run == control.steps_run(since[0]) and run[:2] == ["rp-investigation", "rp-larcin"]
    assert old.state.plan == control.state.plan
