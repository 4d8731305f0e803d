"""Shared by the tests: helpers first written for tests/thiercelieux/test_rules.py."""
from __future__ import annotations

from typing import Any

from app.engine.rulesets.thiercelieux.state import captain as captain_of
from tests.support.engine import Script

W, V = "loup-garou", "villageois"


WITCH, HUNTER, SEER, CUPID, PF, THIEF = "sorciere", "chasseur", "voyante", "cupidon", "petite-fille", "voleur"


BASIC = [W, W, WITCH, HUNTER, SEER, V, V]  # seats 0..6


def play_night(g: Script, answers: dict[str, Any], until: str | None = None) -> None:
    """Answer every open prompt whose step is in `answers` (each addressee in turn); let the rest time out;
    stop when the night is over (the dawn of the next day, or the end of the game), or at step `until`."""
    night = g.state.night
    for _ in range(100):
        if g.state.phase != "night" or g.state.night != night or (until is not None and g.step == until):
            return
        todo = [
            (p.id, seat, answers[p.step])
            for p in g.open_prompts()
            if p.step in answers
            for seat in p.to
            if seat not in p.answers
        ]
        if todo:
            pid, seat, answer = todo[0]
            g.do("answer", seat, prompt=pid, answer=answer)
        else:
            g.wait()
    raise AssertionError("the night never ended")


def vote(g: Script, ballots: dict[int, list[int]], step: str = "vote") -> None:
    """Cast `ballots` in the (re)vote; everyone else stays silent until the deadline."""
    g.run_until(step)
    for seat, target in ballots.items():
        g.answer(seat, step, target)
    if g.step == step:
        g.wait()


def elect(g: Script, captain: int) -> None:
    g.run_until("election", day=1)
    for seat in g.living():
        g.answer(seat, "election", [captain])
    assert captain_of(g.state) == captain


# -- the captain -------------------------------------------------------------------------------------------------
CAPTAIN_GAME = [W, W, V, V, V, V, V, V]  # the wolves eat seat 7; seats 0..6 vote
