"""The lobby (seat order, leaving), who sees what when dead, and the time an empty night step takes."""

from __future__ import annotations

from app.engine.model import MJ, SPECTATOR
from tests.support.engine import Script

ROLES = ["loup-garou", "voyante", "villageois", "villageois", "villageois"]


def test_the_mj_reorders_the_seats_before_the_start() -> None:
    g = Script(ROLES, start=False)
    g.do("reorder", MJ, order=[4, 3, 2, 1, 0])
    assert [p["seat"] for p in g.view(SPECTATOR)["players"]] == [4, 3, 2, 1, 0]
    assert g.rejected("reorder", 2, order=[0, 1, 2, 3, 4]) == "mj_only"
    assert g.rejected("reorder", MJ, order=[0, 1, 2]) == "bad_order"
    assert g.rejected("reorder", MJ, order=[0, 0, 1, 2, 3]) == "bad_order"
    g.do("start", MJ)
    assert g.rejected("reorder", MJ, order=[0, 1, 2, 3, 4]) == "wrong_phase"


def test_a_player_leaves_or_the_mj_removes_one_in_the_lobby() -> None:
    g = Script([*ROLES, "villageois"], start=False)
    g.do("leave", 5)
    g.do("leave", MJ, seat=4)
    assert sorted(g.state.players) == [0, 1, 2, 3]
    assert [p.position for p in g.state.by_position()] == [0, 1, 2, 3]
    assert g.rejected("leave", MJ, seat=9) == "no_such_seat"


def test_the_dead_see_everything_only_when_the_room_says_so() -> None:
    for dead_see_all in (False, True):
        g = Script(ROLES, options={"dead_see_all": dead_see_all})
        g.run_until("loups", night=1)
        g.do("kill", MJ, seat=3)
        seen = g.seen_roles(3)
        if dead_see_all:
            assert seen == {s: p.role for s, p in g.state.players.items()}
            assert "mj" not in g.view(3)
        else:
            assert seen == {3: "villageois"}
        assert not g.seen_roles(SPECTATOR).keys() - {3}  # spectators only ever see the revealed dead


def test_a_step_for_a_dead_role_lasts_as_long_as_a_living_ones() -> None:
    """RULES-NOTES: a night step for an absent or dead role takes a plausible, randomised time. Its end is drawn
    when it opens and it ends then, answered or not (the statistics are in tests/thiercelieux/test_night_timing.py)."""
    g = Script(ROLES, options={"plausible_min": 8, "plausible_max": 20, "night_step": 45}, hurry=False)
    step = g.state.step
    assert step is not None and step.key == "voyante" and step.deadline is not None
    assert step.started + 8 <= step.deadline <= step.started + 20
    assert step.min_end == step.deadline
    assert g.prompt("voyante").deadline == step.deadline  # the seer's countdown is the step's end
    g.answer(1, "voyante", [0])
    g.at = step.deadline - 0.5
    g.tick()
    assert g.step == "voyante"  # answered, but not over before its end
    g.at = step.deadline
    g.tick()
    assert g.step == "loups"
    g.do("kill", MJ, seat=1)  # the seer dies on the first night
    g.run_until("voyante", night=2)
    step = g.state.step
    assert step is not None and step.deadline is not None
    assert step.started + 8 <= step.deadline <= step.started + 20
    assert not g.open_prompts("voyante")
    g.at = step.deadline - 0.5
    g.tick()
    assert g.step == "voyante"  # nothing to answer, but not over before its end
    g.at = step.deadline
    g.tick()
    assert g.step == "loups"
    # Every phone sees the same countdown, the wolves' included.
    assert g.state.step is not None
    assert {g.view(s)["step"]["deadline"] for s in g.state.players} == {g.state.step.deadline}
