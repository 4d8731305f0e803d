"""The step stack (docs/architecture.md, "Cards, offices and the step stack"): a power invoked at any moment sets
the current step aside with its answers and its clocks, runs its own step, and the step resumes where it was
("si une phase de vote est interrompue, elle n'est pas réinitialisée", Reptiliens §2). One invocation at a time.
Tried on a ruleset of a few lines registered for these tests only (tests/support/tiny_ruleset.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.engine.core import replay
from app.engine.model import MJ, SYSTEM, GameState
from app.engine.views import SPECTATOR, event_visible, view
from tests.support.step_stack import T0, Table
from tests.support.tiny_ruleset import own, registered


@pytest.fixture(autouse=True)
def tiny() -> Iterator[None]:
    with registered():
        yield


def test_an_invocation_sets_the_vote_aside_and_it_resumes_where_it_was() -> None:
    t = Table()
    vote = t.vote()
    assert vote.deadline == T0 + 60
    t.at = T0 + 5
    t.answer(0, "vote", [2])
    t.at = T0 + 10
    t.do("invoke", 1, power="shot")
    s = t.state
    assert s.step is not None and s.step.key == "aim" and [x.step.key for x in s.stack if x.step] == ["vote"]
    assert [e.type for e in t.events[-5:]].count("step_suspended") == 1
    assert s.wake_at == T0 + 10 + 20  # the aim's own countdown; the vote's stands still
    # Everyone sees the vote set aside, its ballots kept and its question on hold.
    for viewer in (0, 2, SPECTATOR):
        v = view(s, viewer)
        assert v["suspended"] == [{"key": "vote", "at": T0 + 10}] and v["step"]["key"] == "aim"
        ballot = next(p for p in v["prompts"] if p["step"] == "vote")
        assert ballot["suspended"] is True and ballot["answers"] == {"0": [2]}
    assert t.rejected("answer", 2, prompt=vote.id, answer=[0]) == "prompt_suspended"
    assert t.rejected("invoke", 1, power="shot") == "invocation_running"  # one at a time
    # The gunner aims, 15 seconds later: the vote comes back with 15 more seconds and seat 0's ballot.
    t.at = T0 + 25
    t.answer(1, "aim", [3])
    s = t.state
    assert not t.state.players[3].alive and own(s).shots == [3]
    assert s.step is not None and s.step.key == "vote" and not s.stack
    vote = t.vote()
    assert s.step.deadline == vote.deadline == T0 + 75 and vote.answers == {0: [2]}
    resumed = next(e for e in reversed(t.events) if e.type == "step_resumed")
    assert resumed.data["shift"] == 15 and resumed.to is None
    assert s.wake_at == T0 + 75
    t.answer(2, "vote", [0])  # answers are taken again
    assert "suspended" not in view(s, 2)


def test_a_pause_during_an_invocation_does_not_move_the_suspended_clocks_twice() -> None:
    t = Table()
    coins = t.prompt("coins")
    t.at = T0 + 10
    t.do("invoke", 1, power="shot")
    t.at = T0 + 12
    t.do("pause", MJ)
    t.at = T0 + 42
    t.do("resume", MJ)  # the aim gets 30 more seconds; the vote, set aside, none yet
    assert t.state.step is not None and t.state.step.deadline == T0 + 60
    assert t.state.prompts[coins.id].deadline == T0 + 60
    t.at = T0 + 50
    t.answer(1, "aim", [2])
    # 40 seconds aside in all (10 to 50): the vote's clock and its questions' move on by exactly that.
    assert t.state.step is not None and t.state.step.key == "vote" and t.state.step.deadline == T0 + 100
    assert t.state.prompts[coins.id].deadline == T0 + 100


def test_an_unanswered_invocation_ends_with_its_clock_and_the_vote_goes_on() -> None:
    t = Table()
    t.at = T0 + 30
    t.do("invoke", 1, power="shot")
    t.at = T0 + 50
    t.do("tick", SYSTEM)  # the aim's countdown is over, nobody shot
    assert t.state.step is not None and t.state.step.key == "vote" and t.state.step.deadline == T0 + 80
    assert own(t.state).shots == [] and all(p.alive for p in t.state.players.values())
    t.at = T0 + 80
    t.do("tick", SYSTEM)
    assert t.state.phase == "ended"


def test_who_may_invoke() -> None:
    t = Table()
    assert t.rejected("invoke", 0, power="shot") == "no_such_power"  # no gunner card
    assert t.rejected("invoke", 1, power="curse") == "no_such_power"
    assert t.rejected("invoke", SPECTATOR, power="shot") == "not_a_player"
    assert t.rejected("invoke", 0, power="shot", seat=1) == "no_such_seat"  # not one's own character
    t.do("pause", MJ)
    assert t.rejected("invoke", 1, power="shot") == "paused"
    t.do("resume", MJ)
    t.do("invoke", MJ, power="shot", seat=1)  # the MJ for a seat: an override, in the log
    assert any(e.type == "override" and e.data["action"] == "invoke" for e in t.events)


def test_the_suspension_reaches_everyone_but_the_invoker_stays_secret() -> None:
    """The engine's events say only that a step is set aside and when it resumes; who invoked is the ruleset's
    to tell (here, the kind of power alone)."""
    t = Table()
    since = len(t.events)
    t.do("invoke", 1, power="shot")
    for e in t.events[since:]:
        if e.type in ("step_suspended", "step_resumed", "announce"):
            assert e.to is None and "seat" not in e.data and 1 not in e.data.get("params", {}).values()
        if e.type == "prompt_opened":
            assert e.to == [1] and not event_visible(e, 0, t.state)


def test_the_stack_replays_and_survives_a_copy() -> None:
    t = Table()
    t.at = T0 + 10
    t.answer(0, "vote", [1])
    t.do("invoke", 1, power="shot")
    copy = GameState.model_validate_json(t.state.model_dump_json())
    assert copy.model_dump() == t.state.model_dump() == replay(t.events).model_dump()
    assert own(copy).aimed_tonight == 0 and copy.stack[0].at == T0 + 10
