"""Shared by the tests: helpers first written for tests/thiercelieux/test_night_timing.py."""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from app.engine.core import apply, new_state
from app.engine.model import MJ, SYSTEM, Command, Event, Step

T0 = 1_000_000.0


SANDMAN, SEER, WOLF, V, THIEF = "marchand-de-sable", "voyante", "loup-garou", "villageois", "voleur"


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


def assert_same_distribution(present: list[float], absent: list[float], what: str) -> None:
    d, critical = ks_statistic(present, absent), ks_critical(len(present), len(absent))
    assert d < critical, (f"{what}: KS statistic {d:.3f} >= {critical:.3f} (present {min(present):.1f}-"
                          f"{max(present):.1f} s, absent {min(absent):.1f}-{max(absent):.1f} s)")
