"""004's vote and mayor variants, each a room option."""

from __future__ import annotations

from app.engine.model import MJ
from app.engine.rulesets.thiercelieux.state import captain as captain_of
from tests.support.engine import Script

VILLAGE6 = ["loup-garou", "villageois", "villageois", "villageois", "villageois", "villageois"]


def game(**options: object) -> Script:
    g = Script(VILLAGE6, options={"captain": False, **options})
    g.run_until("vote", day=1)  # the silent wolf killed nobody: all six alive
    assert g.living() == [0, 1, 2, 3, 4, 5]
    return g


def test_continuous_vote_ends_as_soon_as_someone_has_a_majority() -> None:
    """004: "dès que quelqu'un recueille une majorité de votes ... celui qui recueille le plus de votes est lynché"."""
    g = game(vote_mode="continuous")
    g.answer(1, "vote", [2])
    g.answer(1, "vote", [3])  # changing one's mind is allowed
    g.answer(4, "vote", [3])
    assert g.step == "vote"  # 2 of 6: no majority yet
    g.answer(5, "vote", [3])
    assert g.step == "vote"  # 3 of 6 is not more than half
    g.answer(0, "vote", [3])
    assert not g.alive(3) and g.causes()[3] == "vote"


def test_hesitating_counts_against_oneself() -> None:
    """004: "quelqu'un qui hésite ou change son vote vote contre lui-même"."""
    g = game(hesitation_against_self=True)
    g.answer(1, "vote", [2])
    g.answer(1, "vote", [3])
    assert g.prompt("vote").answers[1] == [1]
    assert g.answer_rejected(1, "vote", [4]) == "vote_final"
    assert g.announcements("hesitated") == [{"seat": 1}]


def test_trial_the_accused_pleads_then_guilty_or_not() -> None:
    """004: a suspect is designated, pleads, then the players vote guilty or not guilty; no majority, no death."""
    g = game(vote_mode="trial")
    for seat in (1, 2, 4):
        g.answer(seat, "vote", [3])
    for seat in (0, 3, 5):
        g.answer(seat, "vote", [])
    assert g.step == "plea" and g.alive(3)
    assert g.announcements("accused") == [{"seat": 3}]
    g.wait()
    verdict = g.prompt("verdict")
    assert 3 not in verdict.to and verdict.kind == "confirm"
    for seat, guilty in ((0, False), (1, True), (2, False), (4, True), (5, False)):
        g.answer(seat, "verdict", guilty)
    assert g.alive(3) and g.announcements("verdict")[-1] == {"seat": 3, "guilty": 2, "innocent": 3}
    assert g.state.phase == "night"


def test_cest_surement_pas_lui_the_last_one_standing_is_eliminated() -> None:
    """004 (Nouvelle Lune): the left neighbour of the last dead clears a player, who clears another, and so on."""
    g = Script(VILLAGE6, options={"captain": False, "vote_mode": "standing"})
    g.run_until("loups", night=1)
    g.answer(0, "loups", [2])
    g.run_until("standing", day=1)
    chain = []
    clearer = 3  # the left neighbour of the last dead (seat 2)
    while g.step == "standing":
        prompt = g.prompt("standing")
        assert prompt.to == [clearer]
        target = next(x for x in prompt.options if x != 0) if len(prompt.options) > 1 else prompt.options[0]
        g.answer(clearer, "standing", [target])
        chain.append(target)
        clearer = target
    survivors = [x for x in [0, 1, 3, 4, 5] if x not in chain]
    assert len(survivors) == 1 and not g.alive(survivors[0]) and g.causes()[survivors[0]] == "vote"


def test_a_tie_means_a_second_round_whatever_the_captain() -> None:
    """004: "en cas d'ex-aequo on fait un 2e tour"."""
    g = Script(VILLAGE6, options={"captain": False, "tie_rule": "revote", "captain_double": False})
    g.run_until("vote", day=1)
    g.do("set_captain", MJ, seat=1)
    for seat, target in ((1, 2), (2, 3), (3, 2), (4, 3), (5, 0), (0, 5)):
        g.answer(seat, "vote", [target])
    # 2 and 3 tie at two votes; the captain voted for 2, but the rule is a second round.
    assert g.step == "revote" and sorted(g.prompt("revote").options) == [2, 3]


def test_one_vote_mayor_still_breaks_ties() -> None:
    """004: "Il n'a qu'une voix mais tranche en cas d'ex-aequo"."""
    g = Script(VILLAGE6, options={"captain": False, "captain_double": False})
    g.run_until("vote", day=1)
    g.do("set_captain", MJ, seat=1)
    for seat, target in ((1, 2), (2, 3), (3, 2), (4, 3), (5, 0), (0, 5)):
        g.answer(seat, "vote", [target])
    assert g.announcements("vote_result")[-1]["counts"] == {"2": 2, "3": 2, "0": 1, "5": 1}
    assert not g.alive(2)


def test_the_first_dead_names_the_mayor() -> None:
    """004: "il n'est pas élu par le village, mais c'est le premier mort qui le désigne"."""
    g = Script(VILLAGE6, options={"captain": True, "captain_mode": "first_dead"})
    g.run_until("loups", night=1)
    g.answer(0, "loups", [2])
    g.run_until("successeur", day=1)
    assert g.prompt("successeur").to == [2]
    g.answer(2, "successeur", [4])
    assert captain_of(g.state) == 4
    g.run_until("debate", day=1)
    assert "election" not in g.steps_run()


def test_cupidon_may_be_barred_from_voting_against_his_lovers() -> None:
    """004: "Certains MDJ lui interdisent de ... voter contre ... ses amoureux"."""
    g = Script(["cupidon", "loup-garou", "villageois", "villageois", "villageois"],
               options={"captain": False, "cupid_no_vote_lovers": True})
    g.run_until("cupidon", night=1)
    g.answer(0, "cupidon", [2, 3])
    g.run_until("vote", day=1)
    assert g.answer_rejected(0, "vote", [2]) == "cupid_vote"
    g.answer(0, "vote", [4])
