"""With a human MJ, the rules' judgment calls are optional prompts to the MJ; without an answer, or in automatic
mode, the ruleset's default decides."""

from __future__ import annotations

from app.engine.model import MJ
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.thiercelieux.state import captain as captain_of
from tests.support.engine import Script

ROLES = ["loup-garou", "loup-garou", "villageois", "villageois", "villageois", "villageois"]


def test_the_mj_settles_the_wolves_disagreement() -> None:
    g = Script(ROLES, options={"moderation": "mj"})
    g.run_until("loups", night=1)
    judgment = g.prompt("loups-mj")
    assert judgment.to_mj and judgment.optional
    # The players never see the MJ's prompt.
    for seat in range(6):
        assert all(p["step"] != "loups-mj" for p in g.view(seat)["prompts"])
    g.answer(0, "loups", [2])
    g.answer(1, "loups", [3])
    g.do("answer", MJ, prompt=judgment.id, answer=[4])
    g.run_until("dawn", day=1)
    assert g.dead() == [4]
    # The MJ's call is in the log, seen by the MJ only.
    calls = [e for e in g.events if e.type == "answered" and e.data["prompt"] == judgment.id]
    assert [(e.data["seat"], e.data["answer"], e.to) for e in calls] == [(MJ_SEAT, [4], [])]


def test_an_agreeing_pack_is_not_overruled_and_silence_keeps_the_default() -> None:
    g = Script(ROLES, options={"moderation": "mj"})
    g.run_until("loups", night=1)
    g.answer(0, "loups", [2])
    g.answer(1, "loups", [2])
    g.run_until("dawn", day=1)
    assert g.dead() == [2]  # the step did not wait for the MJ's optional prompt
    g = Script(ROLES, options={"moderation": "mj"}, seed=8)
    g.run_until("loups", night=1)
    g.answer(0, "loups", [2])
    g.answer(1, "loups", [3])
    g.run_until("dawn", day=1)
    assert g.dead() == []  # no agreement, no judgment: nobody dies (003)


def test_automatic_mode_asks_the_mj_nothing() -> None:
    g = Script(ROLES, options={"moderation": "auto"})
    g.run_until("loups", night=1)
    assert not g.open_prompts("loups-mj")


def test_the_mj_breaks_an_election_tie() -> None:
    g = Script(ROLES, options={"moderation": "mj", "captain": True})
    g.run_until("election", day=1)
    judgment = g.prompt("election-mj")
    living = g.living()
    g.answer(living[0], "election", [living[1]])
    g.answer(living[1], "election", [living[0]])
    g.do("answer", MJ, prompt=judgment.id, answer=[living[0]])
    for seat in living[2:]:
        g.answer(seat, "election", [])
    g.run_until("debate", day=1)
    assert captain_of(g.state) == living[0]


def test_the_mj_closes_one_prompt_with_the_answers_so_far() -> None:
    g = Script(["sorciere", "loup-garou", "villageois", "villageois", "villageois"])
    g.run_until("loups", night=1)
    g.answer(1, "loups", [2])
    g.run_until("sorciere", night=1)
    heal = g.prompt("sorciere-heal")
    g.answer(0, "sorciere-heal", True)
    g.do("close_prompt", MJ, prompt=heal.id)
    assert g.step == "sorciere"  # the poison question is still open
    assert g.rejected("close_prompt", MJ, prompt=heal.id) == "no_such_prompt"
    assert g.rejected("close_prompt", 0, prompt=g.prompt("sorciere-poison").id) == "mj_only"
    g.do("close_prompt", MJ, prompt=g.prompt("sorciere-poison").id)
    g.run_until("dawn", day=1)
    assert g.dead() == []  # the heal given before the close counts
    overrides = [e.data for e in g.events if e.type == "override" and e.data["action"] == "close_prompt"]
    assert [o["step"] for o in overrides] == ["sorciere-heal", "sorciere-poison"]


def test_the_mj_ends_a_debate_that_has_no_countdown() -> None:
    """A meneur at the table ends the debate when the village has said enough (option mj_ends_debate)."""
    g = Script(["loup-garou", "loup-garou", "voyante", "villageois", "villageois", "villageois", "villageois"],
               options={"moderation": "mj", "mj_ends_debate": True})
    g.run_until("voyante")
    g.answer(2, "voyante", [0])
    g.run_until("debate", day=1)
    assert g.state.step is not None and g.state.step.deadline is None
    assert g.view(3)["step"]["deadline"] is None
    g.later(3600)
    assert g.step == "debate"  # an hour later, still talking
    g.do("advance", MJ)
    assert g.step == "vote"


def test_without_an_mj_the_debate_keeps_its_countdown() -> None:
    g = Script(["loup-garou", "loup-garou", "villageois", "villageois", "villageois"],
               options={"moderation": "auto", "mj_ends_debate": True})
    g.run_until("debate", day=1)
    assert g.state.step is not None and g.state.step.deadline is not None
