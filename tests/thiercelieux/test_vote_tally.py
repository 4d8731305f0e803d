"""The live count of a vote (the view's `tallies`) is the count its end makes: the captain's ballot twice, the
Corbeau's two votes (001), nothing against the Protecteur's choice (004). It used to be counted by the pages, one per
ballot: "6" then "7" shown, "Bruno (8)" announced. And a vote says which way a reason reads (`info.reason`)."""

from __future__ import annotations

from app.engine.model import MJ, SPECTATOR
from tests.support.engine import Script
from tests.support.thiercelieux import CAPTAIN_GAME, elect, play_night

W, V, RAVEN = "loup-garou", "villageois", "corbeau"


def tally(g: Script, viewer: int | str, step: str = "vote") -> dict[str, dict[str, int]]:
    tallies: dict[str, dict[str, int]] = g.view(viewer)["tallies"][g.prompt(step).id]
    return tallies


def test_the_live_count_weighs_the_captains_ballot_as_the_end_does() -> None:
    g = Script(CAPTAIN_GAME, options={"captain": True})
    play_night(g, {"loups": [7]})
    elect(g, 2)
    g.run_until("vote", day=1)
    assert tally(g, SPECTATOR) == {"counts": {}, "weights": {"2": 2}, "bonus": {}}
    g.answer(2, "vote", [4])
    g.answer(0, "vote", [5])
    g.answer(1, "vote", [5])
    expected = {"counts": {"4": 2, "5": 2}, "weights": {"2": 2}, "bonus": {}}
    for viewer in (SPECTATOR, MJ, 0, 4, 6):  # the same for everyone: the ballots are public
        assert tally(g, viewer) == expected
    g.answer(3, "vote", [5])
    assert tally(g, 6)["counts"] == {"4": 2, "5": 3}
    g.wait()
    assert g.announcements("vote_result")[-1]["counts"] == {"4": 2, "5": 3}
    assert g.causes()[5] == "vote"


def test_a_mayor_with_one_vote_counts_once() -> None:
    """004's variant: the mayor has one vote and only breaks ties."""
    g = Script(CAPTAIN_GAME, options={"captain": True, "captain_double": False})
    play_night(g, {"loups": [7]})
    elect(g, 2)
    g.run_until("vote", day=1)
    g.answer(2, "vote", [4])
    assert tally(g, 3) == {"counts": {"4": 1}, "weights": {}, "bonus": {}}


def test_the_corbeaus_two_votes_are_in_the_live_count() -> None:
    g = Script([W, RAVEN, V, V, V, V, V])
    play_night(g, {"loups": [6], "corbeau": [3]})
    g.run_until("vote", day=1)
    assert tally(g, 4) == {"counts": {"3": 2}, "weights": {}, "bonus": {"3": 2}}
    g.answer(1, "vote", [3])
    g.answer(4, "vote", [5])
    assert tally(g, 4)["counts"] == {"3": 3, "5": 1}
    g.wait()
    assert g.announcements("vote_result")[-1]["counts"] == {"3": 3, "5": 1}


def test_the_election_counts_one_each_and_a_secret_ballot_only_for_the_mj() -> None:
    g = Script(CAPTAIN_GAME, options={"captain": True})
    play_night(g, {"loups": [7]})
    g.run_until("election", day=1)
    g.answer(0, "election", [3])
    g.answer(1, "election", [3])
    assert tally(g, 5, "election") == {"counts": {"3": 2}, "weights": {}, "bonus": {}}
    forum = Script(CAPTAIN_GAME, options={"captain": True, "schedule": "forum", "night_step": 60})
    play_night(forum, {"loups": [7]})
    forum.run_until("election", day=1)
    forum.answer(0, "election", [3])
    prompt = forum.prompt("election")
    assert prompt.visibility != "public"
    assert prompt.id not in forum.view(5)["tallies"] and prompt.id not in forum.view(SPECTATOR)["tallies"]
    assert forum.view(MJ)["tallies"][prompt.id]["counts"] == {"3": 1}


def test_a_reason_reads_against_in_a_vote_and_for_in_an_election() -> None:
    """001: "je vote contre @nom-de-la-victime parce que…"; a captain is voted for. The secret ballot of 001 goes
    to the MJ, who reads its reason."""
    g = Script(CAPTAIN_GAME, options={"captain": True})
    play_night(g, {"loups": [7]})
    g.run_until("election", day=1)
    assert g.prompt("election").info == {"reason": "for"}
    g.answer(0, "election", [3])
    g.do("answer", 1, prompt=g.prompt("election").id, answer=[3], reason="il est calme")
    assert g.view(5)["prompts"][0]["reasons"] == {"1": "il est calme"}
    elect(g, 3)
    g.run_until("vote", day=1)
    assert g.prompt("vote").info == {"reason": "against"}
    forum = Script(CAPTAIN_GAME, options={"captain": True, "schedule": "forum", "night_step": 60})
    play_night(forum, {"loups": [7]})
    forum.run_until("election", day=1)
    assert forum.prompt("election").info == {"reason": "for"}
    forum.do("answer", 1, prompt=forum.prompt("election").id, answer=[3], reason="calme")
    assert forum.view(MJ)["prompts"][0]["reasons"] == {"1": "calme"}
    assert all(p["reasons"] == {} for p in forum.view(5)["prompts"])
