"""A night step's length says nothing about who is in play (issue "A table that can trust the server", item 4).

Every phone sees when a night step starts and ends. If its length depended on whether its holder is alive, awake
and answering, the table could tell a dead seer from a living one. Here hundreds of first nights are played in
virtual time with the room's default clocks: the seer and the wolves answer at once, late, or never; or the seer
is dead (or her card was left in the middle by the Voleur) and the pack asleep. A two-sample Kolmogorov-Smirnov
test compares the lengths of the steps of an absent role with those of a present one, whatever it did. (When a
step ended once answered and past a hidden minimum, a seer answering late took 23-44 s and a dead one 8-20 s:
D = 1.)
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.flow import Hidden
from app.engine.model import MJ
from app.engine.rulesets.thiercelieux.manifest import STEPS
from app.engine.rulesets.thiercelieux.night import night_bounds
from app.engine.rulesets.thiercelieux.options import Options
from tests.support.engine import Script
from tests.support.night_timing import (
    BEHAVIOURS,
    SANDMAN,
    SEER,
    THIEF,
    WOLF,
    V,
    assert_same_distribution,
    first_night,
    ks_critical,
    ks_statistic,
)

TABLE = [SANDMAN, SEER, WOLF, V, V, V]  # seats 0, 1, 2: the sandman, the seer, the wolf
ROUNDS = 200  # nights per sample


def sample(key: str, seeds: range, **kwargs: Any) -> list[float]:
    return [first_night(seed=seed, **kwargs)[key] for seed in seeds]


def test_ks_statistic_and_critical_value() -> None:
    assert ks_statistic([1, 2, 3], [1, 2, 3]) == 0
    assert ks_statistic([1, 2, 3], [4, 5, 6]) == 1
    assert ks_statistic([1, 2, 3, 4], [3, 4, 5, 6]) == 0.5
    assert ks_critical(150, 150) == pytest.approx(0.225, abs=0.001)


def test_the_length_depends_on_the_step_and_the_options_only() -> None:
    live = Options().model_dump()
    assert live["night_step"] == 60
    assert night_bounds("voyante", live) == pytest.approx((24, 40))
    assert night_bounds("loups", live) == pytest.approx((36, 60))  # a pack needs longer to agree
    # A parallel stage draws in its steps' widest bounds (app/engine/flow.open_keys): the pack's.
    assert STEPS["loups"].group == STEPS["voyante"].group and isinstance(STEPS["loups"].length, Hidden)
    assert STEPS["loups"].length.bounds(live) == night_bounds("loups", live)
    assert night_bounds("voyante", {**live, "night_step": 120}) == pytest.approx((48, 80))
    given = {**live, "plausible_min": 30, "plausible_max": 20}
    assert night_bounds("voyante", given) == (20, 30)
    assert night_bounds("loups", given) == (30, 45)
    assert night_bounds("loups", {**given, "night_step": 25}) == (25, 25)  # never past night_step
    forum = Options(schedule="forum", night_step=7200).model_dump()
    assert night_bounds("voyante", forum) == night_bounds("loups", forum) == (7200, 7200)


def test_the_same_draw_whatever_the_holders_do() -> None:
    """The length is drawn when the step opens: for a given game, answering at once, late or never changes no
    step's length (the statistics below compare different games)."""
    for seed in range(40):
        lengths = [first_night(TABLE, seed, behaviour) for behaviour in BEHAVIOURS.values()]
        assert lengths[0] == lengths[1] == lengths[2]
        low, high = night_bounds(SEER, Options().model_dump())
        assert low <= lengths[0][SEER] <= high


def test_the_countdown_is_the_end_and_only_the_mj_cuts_it_short() -> None:
    g = Script([SEER, WOLF, V, V, V], options={"night_step": 60}, hurry=False)
    step = g.state.step
    assert step is not None and step.key == SEER and step.deadline is not None
    assert g.prompt(SEER).deadline == step.deadline == step.min_end
    g.answer(0, SEER, [1])
    assert g.state.wake_at == step.deadline  # no tick before the end
    g.later(0.5)
    assert g.step == SEER
    # The MJ gives more time after she answered: the step lasts to its new end all the same.
    g.do("extend", MJ, seconds=10)
    g.at = step.deadline + 5
    g.tick()
    assert g.step == SEER and g.prompt(SEER).deadline == step.deadline + 10
    g.at = step.deadline + 10
    g.tick()
    assert g.step == "loups"
    # Closing a step early is the MJ's own choice (`advance`), as at a real table.
    g.later(1)
    g.do("advance", MJ)
    assert g.step == "dawn"


def test_a_forum_night_step_lasts_its_scheduled_time() -> None:
    """In a forum game a night step ends at its deadline (`night_step`, hours), answered or not."""
    g = Script([SEER, WOLF, V, V, V], options={"schedule": "forum", "night_step": 7200}, hurry=False)
    assert g.step == SEER and g.state.step is not None and g.deadline == g.state.step.started + 7200
    g.answer(0, SEER, [1])
    g.later(7199)
    assert g.step == SEER
    g.later(1)
    assert g.step == "loups" and g.deadline == g.at + 7200


def test_a_step_lasts_the_same_whether_its_holder_is_there_or_not() -> None:
    """The seer's and the wolves' steps: present (answering at once, late, never) against absent (the seer dead, or
    her card in the middle; the only wolf put to sleep by the sandman), with the room's default clocks."""
    dead = [first_night(TABLE, seed, BEHAVIOURS["at once"], kill=1, sleeper=2) for seed in range(ROUNDS)]
    middle = sample(SEER, range(ROUNDS, 2 * ROUNDS), roles=[THIEF, WOLF, V, V, V, V], spare=[SEER, V],
                    behaviour=BEHAVIOURS["at once"])
    for offset, (name, behaviour) in enumerate(BEHAVIOURS.items(), start=2):
        seeds = range(offset * ROUNDS, (offset + 1) * ROUNDS)
        present = [first_night(TABLE, seed, behaviour) for seed in seeds]
        assert_same_distribution([n[SEER] for n in present], [n[SEER] for n in dead], f"seer {name} / dead")
        assert_same_distribution([n[SEER] for n in present], middle, f"seer {name} / card in the middle")
        assert_same_distribution([n["loups"] for n in present], [n["loups"] for n in dead], f"wolves {name} / asleep")


def test_a_parallel_stage_lasts_the_same_whoever_is_in_it() -> None:
    parallel = {"night_parallel": True}
    absent = [first_night(TABLE, seed, BEHAVIOURS["at once"], parallel, kill=1, sleeper=2)["ensemble"]
              for seed in range(ROUNDS)]
    for offset, (name, behaviour) in enumerate(BEHAVIOURS.items(), start=1):
        seeds = range(offset * ROUNDS, (offset + 1) * ROUNDS)
        present = [first_night(TABLE, seed, behaviour, parallel)["ensemble"] for seed in seeds]
        assert_same_distribution(present, absent, f"parallel stage {name} / nobody in it")
