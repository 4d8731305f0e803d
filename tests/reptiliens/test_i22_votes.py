"""Issue 22, item 4: the vote of Les Reptiliens de Quinte-Bourg is given in turn and each ballot stands (seed 000 §6
Président, §2 an interrupted vote, §10 the laws on the vote)."""

from __future__ import annotations

from typing import Any

from app.engine.model import MJ
from app.engine.rulesets.reptiliens import laws
from app.engine.views import SPECTATOR
from tests.support.reptiliens import ALPHA, R, Table, V
from tests.support.seed_quotes import quote_tests

SIX = [ALPHA, R, V, V, V, V]


def table(offices: dict[str, int], camp: list[str] | None = None, **kw: Any) -> Table:
    """A game at the morning of day 1 (nobody died), with these offices and no others."""
    t = Table(camp or SIX, **kw)
    for office, seat in {**{key: None for key in t.state.offices}, **offices}.items():
        t.do("set_office", MJ, office=office, seat=seat)
    t.play_night({})
    return t


def to_vote(t: Table, law: str | None = None, senator: int = 3) -> None:
    """Nobody proposes a law but 5, who proposes `law` (the MJ allows it, the Sénateur accepts); then the vote."""
    t.run_until("rp-loi")
    for seat in t.prompt("rp-loi").to:
        t.answer(seat, "rp-loi", law if law and seat == 5 else laws.NONE)
    if law:
        t.mj("rp-loi-aval", [5])
        t.answer(senator, "rp-loi-senat", True)
    t.run_until("rp-vote")


def open_ballots(t: Table) -> list[list[int]]:
    return [p.to for p in t.open_prompts("rp-vote")]


def test_the_president_votes_then_each_voter_in_turn_the_way_he_chose() -> None:
    """§6 «Le président décide du moment où le débat est clos, passant ainsi au vote. Il donne alors le sien, puis
    décide dans quel sens (horaire ou anti-horaire) seront annoncés les votes suivants.» One voter is asked at a
    time, from the Président's neighbour that way; each ballot is announced to all as it is given."""
    t = table({"rp-president": 2}, options={"ballot_time": 7})
    to_vote(t)
    assert open_ballots(t) == [[2]] and t.prompt("rp-sens").to == [2]
    assert t.rejected("answer", 1, prompt=t.prompt("rp-vote").id, answer=[5]) == "no_such_prompt"
    t.answer(2, "rp-vote", [5])
    assert t.announced("rp-bulletin", SPECTATOR) == [{"seat": 2, "seats": [5]}]  # at once, to everyone
    assert t.step == "rp-vote" and t.turn() == 2  # his direction still to come
    t.answer(2, "rp-sens", "counterclockwise")
    assert t.announced("rp-sens-vote") == [{"seat": 2, "direction": "counterclockwise"}]
    order = []
    for target in (5, 5, 4, 5, 4):
        seat = t.turn()
        assert seat is not None and open_ballots(t) == [[seat]]
        step = t.state.step
        assert step is not None and step.deadline == step.started + 7  # each voter's own time (`ballot_time`)
        order.append(seat)
        t.answer(seat, "rp-vote", [target])
    assert order == [1, 0, 5, 4, 3]  # counterclockwise = decreasing seats, from his neighbour
    assert [b["seat"] for b in t.announced("rp-bulletin")] == [2, 1, 0, 5, 4, 3]
    result = t.announced("rp-resultat-vote")[-1]
    assert [b[0] for b in result["ballots"]] == [2, 1, 0, 5, 4, 3] and result["counts"] == {"4": 2, "5": 4}
    assert t.announced("rp-condamne") == [{"seat": 5}]


def test_a_ballot_once_given_stands() -> None:
    """§6 «seront annoncés les votes suivants»: a ballot said aloud is not taken back. The Président's, given while
    his step waits for the direction, is locked; a voter's turn ends with his ballot."""
    t = table({"rp-president": 2})
    to_vote(t)
    ballot = t.prompt("rp-vote")
    t.answer(2, "rp-vote", [4])
    assert t.rejected("answer", 2, prompt=ballot.id, answer=[5]) == "vote_locked"
    t.answer(2, "rp-sens", "clockwise")
    assert t.turn() == 3
    mine = t.prompt("rp-vote")
    t.answer(3, "rp-vote", [5])
    assert t.rejected("answer", 3, prompt=mine.id, answer=[4]) == "prompt_closed"
    assert t.turn() == 4 and t.own.day.ballots == [[2, [4]], [3, [5]]]
    assert t.view(SPECTATOR)["village"]["session"]["ballots"] == [[2, [4]], [3, [5]]]


def test_a_silent_turn_is_no_ballot_and_the_next_voter_is_asked() -> None:
    """A voter silent until his time runs out casts no ballot (said to all); the Président's silence on the
    direction: clockwise (RULES-NOTES “Clockwise = increasing seat order.”)."""
    t = table({"rp-president": 2})
    to_vote(t)
    t.wait()
    assert t.announced("rp-bulletin-absent") == [{"seat": 2}]
    assert t.announced("rp-sens-vote") == [{"seat": 2, "direction": "clockwise"}] and t.turn() == 3
    t.wait()
    assert t.announced("rp-bulletin-absent")[-1] == {"seat": 3} and t.turn() == 4
    assert t.own.day.ballots == [[2, None], [3, None]] and t.own.day.turns == [5, 0, 1]


def test_without_a_president_clockwise_from_the_first_seat() -> None:
    """No Président to choose: nobody's ballot first, the turns clockwise from the first seat."""
    t = table({})
    to_vote(t)
    assert not t.open_prompts("rp-sens") and t.own.day.direction == "clockwise"
    assert t.turn() == 0 and t.own.day.turns == [1, 2, 3, 4, 5]


def test_a_president_the_law_keeps_from_voting_still_chooses_the_direction() -> None:
    """§6 «les personnes autorisées à voter par la loi du jour (le cas échéant)»; §10 «Seuls votent ceux qui : - ont
    0 ou 1 pièce (dons avant le vote possibles)». A Président holding two coins does not vote, yet he decides which
    way the votes go."""
    t = table({"rp-president": 2, "rp-senateur": 3})
    t.run_until("rp-loi")
    t.do("rp-give", 4, to=2, coins=1)
    to_vote(t, laws.POOR_VOTE)
    assert t.own.day.voters == [0, 1, 3, 4, 5]
    assert open_ballots(t) == [] and t.prompt("rp-sens").to == [2]
    t.answer(2, "rp-sens", "clockwise")
    assert t.turn() == 3 and t.own.day.turns == [4, 5, 0, 1]


def test_an_invocation_suspends_the_voter_and_his_turn_resumes() -> None:
    """§2 «Le cas échéant, le MJ reprend ensuite là où il en était auparavant. En outre, si une phase de vote est
    interrompue, elle n'est pas réinitialisée.» The voter whose turn it was is asked again, the same question, the
    ballots given before kept, his clock stopped while the invocation ran."""
    t = table({"rp-president": 2}, camp=[ALPHA, R, "rp-fennec", V, V, V], lovers=(4, 5))
    to_vote(t)
    t.answer(2, "rp-vote", [5])
    t.answer(2, "rp-sens", "clockwise")
    t.answer(3, "rp-vote", [5])
    assert t.turn() == 4
    ballot = t.prompt("rp-vote")
    step = t.state.step
    assert step is not None and step.deadline is not None
    deadline = step.deadline
    t.at += 3
    t.do("invoke", 2, power="rp-morsure")
    assert t.step == "rp-mise-a-mort"
    assert t.rejected("answer", 4, prompt=ballot.id, answer=[5]) == "prompt_suspended"
    assert t.view(SPECTATOR)["village"]["session"]["turn"] == 4  # still his turn, set aside
    t.at += 10
    t.answer(2, "rp-morsure", [0])
    assert not t.alive(0)
    assert t.step == "rp-vote" and t.turn() == 4 and t.prompt("rp-vote").id == ballot.id
    assert t.state.step is not None and t.state.step.deadline == deadline + 10
    assert t.own.day.ballots == [[2, [5]], [3, [5]]]
    t.answer(4, "rp-vote", [1])
    assert t.turn() == 5
    t.answer(5, "rp-vote", [5])
    assert t.turn() == 1 and [0, None] in t.own.day.ballots  # the dead do not vote
    t.answer(1, "rp-vote", [5])
    assert t.announced("rp-condamne") == [{"seat": 5}]


def test_the_pages_show_whose_turn_it_is_and_the_ballots_given() -> None:
    """What every phone reads: the open ballot is public with its one voter (the pages' generic "waiting for"), and
    the village's session says whose turn it is, the ballots given in order and who is still to vote."""
    t = table({"rp-president": 2})
    to_vote(t)
    t.answer(2, "rp-vote", [5])
    t.answer(2, "rp-sens", "clockwise")
    t.answer(3, "rp-vote", [])
    assert t.announced("rp-bulletin") == [{"seat": 2, "seats": [5]}, {"seat": 3, "seats": []}]  # a blank, said
    for viewer in (SPECTATOR, 0, 4):
        v = t.view(viewer)
        session = v["village"]["session"]
        assert session["turn"] == 4 and session["ballots"] == [[2, [5]], [3, []]]
        assert session["turns"] == [5, 0, 1] and session["direction"] == "clockwise"
        shown = [p for p in v["prompts"] if p["step"] == "rp-vote"]
        assert [(p["to"], p["mine"], p["answers"]) for p in shown] == [([4], viewer == 4, {})]


def test_paying_in_turn_the_coin_goes_with_the_ballot() -> None:
    """§10 «Le vote est payant»: the coin is paid as the ballot is given; a voter who gave his coin away before his
    turn has none left to vote with; a blank costs nothing."""
    t = table({"rp-senateur": 3})
    to_vote(t, laws.PAYING)
    assert t.turn() == 0
    t.answer(0, "rp-vote", [5])
    assert t.own.coins[0] == 0  # at once
    t.do("rp-give", 2, to=1, coins=1)  # before his turn
    t.answer(1, "rp-vote", [])
    assert t.own.coins[1] == 2
    assert t.announced("rp-vote-impaye") == [{"seat": 2}] and t.turn() == 3
    t.cast({3: 5, 4: 5, 5: 4})
    assert t.own.day.ballots == [[0, [5]], [1, []], [2, None], [3, [5]], [4, [5]], [5, [4]]]
    assert t.announced("rp-condamne") == [{"seat": 5}]


def test_blank_forbidden_in_turn() -> None:
    """§10 «Le vote blanc est interdit»: each voter's ballot names someone; a silent voter casts none (nobody votes
    in his name)."""
    t = table({"rp-senateur": 3})
    to_vote(t, laws.BLANK_FORBIDDEN)
    assert t.prompt("rp-vote").min == 1 and t.answer_rejected(0, "rp-vote", []) == "wrong_count"
    t.cast({1: 4, 2: 4})
    assert t.own.day.ballots[0] == [0, None] and t.announced("rp-bulletin-absent")[0] == {"seat": 0}
    assert t.announced("rp-condamne") == [{"seat": 4}]


def test_a_condorcet_ballot_is_announced_ranked() -> None:
    """§10 «Le scrutin sera un scrutin de Condorcet»: each ranked ballot is announced in its order, in turn."""
    t = table({"rp-senateur": 3})
    to_vote(t, laws.CONDORCET)
    t.cast({0: [4, 5], 1: [4, 5], 2: [5, 3], 3: [5, 4], 4: [3, 5], 5: [3, 4]})
    assert t.announced("rp-bulletin-classe")[:2] == [{"seat": 0, "seats": [4, 5]}, {"seat": 1, "seats": [4, 5]}]
    assert t.announced("rp-condamne") == [{"seat": 5}]


def test_the_purge_tribunal_stays_all_at_once() -> None:
    """§6 «Pour chacun des accusés, tous les vivants (la loi du jour ne s'applique pas) voteront»: the verdict on an
    accused is asked of all the living at once (`vote`), after the Purge's vote in turn."""
    t = table({"rp-president": 2}, camp=[ALPHA, R, V, V, V, V, V, V], lovers=(0, 1))
    t.run_until("rp-session-speciale")
    t.answer(2, "rp-session-speciale", "purge")
    to_vote(t)
    t.cast({0: 7, 1: 7, 2: 7, 3: 6, 4: 6, 5: 5, 6: 4, 7: 4}, direction="clockwise")
    t.wait()  # the condemned's window
    assert t.step == "rp-tribunal" and t.prompt("rp-tribunal").to == [0, 1, 2, 3, 4, 5, 6]


globals().update(quote_tests(globals()))
