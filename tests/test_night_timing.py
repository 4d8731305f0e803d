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

import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from engine_helpers import Script

from app.engine.core import apply, new_state
from app.engine.flow import Hidden
from app.engine.model import MJ, SYSTEM, Command, Event, Step
from app.engine.rulesets.thiercelieux.manifest import STEPS
from app.engine.rulesets.thiercelieux.night import night_bounds
from app.engine.rulesets.thiercelieux.options import Options

T0 = 1_000_000.0
SANDMAN, SEER, WOLF, V, THIEF = "marchand-de-sable", "voyante", "loup-garou", "villageois", "voleur"
TABLE = [SANDMAN, SEER, WOLF, V, V, V]  # seats 0, 1, 2: the sandman, the seer, the wolf
ROUNDS = 200  # nights per sample

# When a holder answers, given the step (its public start and countdown): None is never.
Behaviour = Callable[[random.Random, Step], float | None]
BEHAVIOURS: dict[str, Behaviour] = {
    "at once": lambda rnd, step: step.started + rnd.uniform(0.2, 2.0),
    "late": lambda rnd, step: step.started + rnd.uniform(0.5, 0.97) * ((step.deadline or step.started) - step.started),
    "never": lambda rnd, step: None,
}


class Night:
    """One game played through the engine alone, without the scripted tests' secrecy checks (for speed)."""

    def __init__(self, roles: Sequence[str], seed: int, options: dict[str, Any], spare: Sequence[str] = ()) -> None:
        self.state, self.events = new_state("thiercelieux", seed, at=T0)
        self.at = T0
        for seat in range(len(roles)):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        preassigned = {str(seat): role for seat, role in enumerate(roles)}
        self.do("configure", MJ, options={"captain": False, **options, "preassigned": preassigned},
                composition=[*roles, *spare])
        self.do("start", MJ)

    def do(self, type_: str, by: int | str, **args: Any) -> list[Event]:
        self.state, events = apply(self.state, Command(type=type_, by=by, at=self.at, args=args))
        self.events.extend(events)
        return events

    def mark(self) -> tuple[str, float] | None:
        step: Step | None = self.state.step
        return (step.key, step.started) if step is not None and self.state.phase == "night" else None


def first_night(roles: Sequence[str], seed: int, behaviour: Behaviour, options: dict[str, Any] | None = None,
                spare: Sequence[str] = (), kill: int | None = None, sleeper: int | None = None) -> dict[str, float]:
    """Play the first night; return each night step's length, from the public `step` events.

    The seer and the wolves act as `behaviour` says; the sandman puts `sleeper` to sleep (or nobody); the MJ kills
    `kill` as the night begins (a dead holder)."""
    rnd = random.Random(seed)
    g = Night(roles, seed, options or {}, spare)
    if kill is not None:
        g.do("kill", MJ, seat=kill)
    while g.state.phase == "night":
        step = g.state.step
        assert step is not None
        mark = g.mark()
        plan: list[tuple[float, int, str, Any]] = []
        for p in g.state.prompts.values():
            if p.closed or p.to_mj or p.step not in (SANDMAN, SEER, "loups"):
                continue
            if p.step == SANDMAN:
                plan += [(step.started + 1.0, seat, p.id, [] if sleeper is None else [sleeper]) for seat in p.to]
                continue
            target = next(x for x in p.options if x not in p.to)
            for seat in p.to:
                when = behaviour(rnd, step)
                if when is not None:
                    plan.append((when, seat, p.id, [target]))
        for when, seat, pid, answer in sorted(plan):
            if g.mark() != mark:
                break
            g.at = max(g.at, when)
            g.do("answer", seat, prompt=pid, answer=answer)
        while g.mark() == mark:
            assert g.state.wake_at is not None
            g.at = max(g.at, g.state.wake_at)
            g.do("tick", SYSTEM)
    starts = [(e.data["key"], e.data["started"]) for e in g.events if e.type == "step"]
    return {key: after - started for (key, started), (_, after) in itertools.pairwise(starts) if key != "dawn"}


def ks_statistic(a: Sequence[float], b: Sequence[float]) -> float:
    """The largest distance between the two empirical distribution functions."""
    xs, ys = sorted(a), sorted(b)
    i = j = 0
    d = 0.0
    while i < len(xs) and j < len(ys):
        x = min(xs[i], ys[j])
        while i < len(xs) and xs[i] <= x:
            i += 1
        while j < len(ys) and ys[j] <= x:
            j += 1
        d = max(d, abs(i / len(xs) - j / len(ys)))
    return d


def ks_critical(n: int, m: int, alpha: float = 0.001) -> float:
    """The two-sample critical value: above it, the samples differ (two-sided, asymptotic)."""
    return math.sqrt(-math.log(alpha / 2) / 2) * math.sqrt((n + m) / (n * m))


def sample(key: str, seeds: range, **kwargs: Any) -> list[float]:
    return [first_night(seed=seed, **kwargs)[key] for seed in seeds]


def assert_same_distribution(present: list[float], absent: list[float], what: str) -> None:
    d, critical = ks_statistic(present, absent), ks_critical(len(present), len(absent))
    assert d < critical, (f"{what}: KS statistic {d:.3f} >= {critical:.3f} (present {min(present):.1f}-"
                          f"{max(present):.1f} s, absent {min(absent):.1f}-{max(absent):.1f} s)")


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
