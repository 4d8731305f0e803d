"""The rules of Les Loups-Garous de Thiercelieux (seed 003, RULES-NOTES), played move by move on fixed cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app.engine.core import apply, replay
from app.engine.model import MJ, Command, GameState
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.thiercelieux.state import captain as captain_of
from app.engine.rulesets.thiercelieux.state import lovers as lovers_of
from app.engine.rulesets.thiercelieux.state import marks, scratch
from app.engine.rulesets.thiercelieux.state import spare_cards as spare_cards_of
from app.engine.views import SPECTATOR, event_visible
from app.sim import FAST, Game, bot_round, play
from tests.support.engine import Script, Secrets
from tests.support.thiercelieux import (
    BASIC,
    CAPTAIN_GAME,
    CUPID,
    HUNTER,
    PF,
    SEER,
    THIEF,
    WITCH,
    V,
    W,
    elect,
    play_night,
    vote,
)


# -- the witch ---------------------------------------------------------------------------------------------------
def test_witch_heals_the_wolves_victim() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [5]}, until="sorciere")
    assert g.prompt("sorciere-heal").info == {"victim": 5}
    assert g.prompt("sorciere-heal").to == [2]
    g.answer(2, "sorciere-heal", True)
    g.answer(2, "sorciere-poison", [])
    assert g.state.phase == "day" and g.step == "dawn"
    assert g.living() == list(range(7))
    assert g.deaths() == []
    assert g.announcements("no_death")
    assert g.view(2)["secrets"]["potions"] == {"heal": False, "poison": True}


def test_witch_heals_herself() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [2]}, until="sorciere")
    assert g.prompt("sorciere-heal").info == {"victim": 2}
    g.answer(2, "sorciere-heal", True)
    g.answer(2, "sorciere-poison", [])
    assert g.step == "dawn"
    assert g.living() == list(range(7))
    assert marks(g.state, 2).heal_used is True


def test_witch_uses_both_potions_the_same_night() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [5], "sorciere-heal": True, "sorciere-poison": [0]})
    assert g.causes() == {0: "night"}  # the victim is saved, the poisoned wolf dies
    assert g.alive(5)
    assert g.view(2)["secrets"]["potions"] == {"heal": False, "poison": False}


def test_witch_poison_adds_a_second_death() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [5], "sorciere-heal": False, "sorciere-poison": [6]})
    assert g.causes() == {5: "night", 6: "night"}
    assert g.living() == [0, 1, 2, 3, 4]


def test_each_potion_only_once_per_game() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [5], "sorciere-heal": True, "sorciere-poison": []})
    assert g.living() == list(range(7))
    vote(g, {})  # nobody is eliminated
    assert g.living() == list(range(7))
    play_night(g, {"voyante": [0], "loups": [6]}, until="sorciere")
    assert g.state.night == 2
    assert g.open_steps() == {"sorciere-poison"}  # the healing potion is gone
    assert g.announcements("witch_sees", viewer=2) == [{"seat": 6}]  # she still sees the victim
    g.answer(2, "sorciere-poison", [1])
    assert g.causes() == {6: "night", 1: "night"}
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"voyante": [0], "loups": [5]})
    assert "sorciere" in g.steps_run(mark)  # the step still runs, for appearances
    assert g.opened(mark) == ["vote", "voyante", "loups"]  # but both potions are gone
    assert g.causes()[5] == "night"
    assert g.view(2)["secrets"]["potions"] == {"heal": False, "poison": False}


# -- the hunter --------------------------------------------------------------------------------------------------
def test_hunter_shoots_after_a_night_death() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [3], "sorciere-heal": False, "sorciere-poison": []})
    g.run_until("chasseur")
    shot = g.prompt("chasseur")
    assert shot.to == [3] and shot.dead_may_answer and not g.alive(3)
    assert 3 not in shot.options
    assert g.answer_rejected(5, "chasseur", [0]) == "no_such_prompt"
    g.answer(3, "chasseur", [0])
    assert g.causes() == {3: "night", 0: "hunter"}
    assert g.state.players[0].revealed
    assert g.seen_roles(5)[0] == W and g.seen_roles(SPECTATOR)[0] == W
    assert g.announcements("hunter_shoots") == [{"seat": 3, "target": 0}]
    assert g.step == "debate"


def test_hunter_shoots_after_a_lynch() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [6], "sorciere-heal": False, "sorciere-poison": []})
    vote(g, {0: [3], 1: [3], 2: [3], 4: [3], 5: [3], 3: []})
    assert g.causes() == {6: "night", 3: "vote"}
    assert g.step == "chasseur"
    g.answer(3, "chasseur", [1])
    assert g.causes()[1] == "hunter"
    assert g.seen_roles(SPECTATOR) == {1: W, 3: HUNTER, 6: V}
    assert g.state.phase == "night" and g.state.night == 2


# -- the lovers --------------------------------------------------------------------------------------------------
def test_lovers_die_of_grief() -> None:
    g = Script([W, W, CUPID, V, V, V, V])
    assert g.step == "cupidon"
    g.answer(2, "cupidon", [3, 4])
    assert lovers_of(g.state) == [3, 4]
    assert g.view(3)["secrets"]["lover"] == 4 and g.view(4)["secrets"]["lover"] == 3
    assert 4 not in g.seen_roles(3)  # lovers recognise each other, not each other's card
    play_night(g, {"loups": [3]})
    assert g.causes() == {3: "night", 4: "grief"}


def test_hunter_in_love_dies_of_grief_and_shoots() -> None:
    g = Script([W, W, CUPID, HUNTER, V, V, V])
    g.answer(2, "cupidon", [3, 5])
    play_night(g, {"loups": [5]})
    assert g.causes() == {5: "night", 3: "grief"}
    g.run_until("chasseur")
    g.answer(3, "chasseur", [0])
    assert g.causes() == {5: "night", 3: "grief", 0: "hunter"}
    assert g.living() == [1, 2, 4, 6]


def test_cupidon_may_choose_himself() -> None:
    g = Script([W, W, CUPID, V, V, V, V])
    g.answer(2, "cupidon", [2, 5])
    assert lovers_of(g.state) == [2, 5]
    secrets = g.view(2)["secrets"]
    assert secrets["lover"] == 5 and secrets["cupid_pair"] == [2, 5]
    play_night(g, {"loups": [5]})
    assert g.causes() == {5: "night", 2: "grief"}


MIXED = [W, CUPID, V, WITCH, V]


def test_mixed_couple_wins_alone() -> None:
    g = Script(MIXED)
    g.answer(1, "cupidon", [0, 1])  # the wolf and Cupidon himself
    play_night(g, {"loups": [2], "sorciere-heal": False, "sorciere-poison": [4]})
    g.run_until("vote")
    assert g.living() == [0, 1, 3] and g.result is None
    vote(g, {0: [3], 1: [3], 3: [0]})
    assert g.result == {"camp": "lovers", "winners": [0, 1], "reason": "victory"}


def test_lovers_of_the_same_camp_do_not_win_alone() -> None:
    g = Script(MIXED)
    g.answer(1, "cupidon", [1, 3])  # Cupidon and the witch: both villagers
    play_night(g, {"loups": [2], "sorciere-heal": False, "sorciere-poison": [4]})
    vote(g, {0: [1], 1: [0], 3: [0]})
    assert g.living() == [1, 3]
    assert g.result == {"camp": "village", "winners": [1, 2, 3, 4], "reason": "victory"}


def test_a_lover_cannot_vote_against_the_beloved_nor_oneself_and_the_dead_cannot_vote() -> None:
    g = Script([W, W, CUPID, V, V, V, V])
    g.answer(2, "cupidon", [3, 4])
    play_night(g, {"loups": [6]})
    g.run_until("vote")
    assert g.answer_rejected(3, "vote", [4]) == "lover_vote"
    assert g.answer_rejected(4, "vote", [3]) == "lover_vote"
    assert g.answer_rejected(5, "vote", [5]) == "self_vote"
    assert g.answer_rejected(6, "vote", [0]) in ("dead", "no_such_prompt")
    pid = g.prompt("vote").id
    assert g.rejected("answer", MJ, prompt=pid, seat=6, answer=[0]) in ("dead", "no_such_prompt")
    g.answer(3, "vote", [0])  # anyone else is fine
    g.answer(3, "vote", [])  # and so is changing one's mind
    assert g.prompt("vote").answers[3] == []


def captain_game(captain: bool = True) -> Script:
    g = Script(CAPTAIN_GAME, options={"captain": captain})
    play_night(g, {"loups": [7]})
    return g


def test_captain_is_elected_on_day_one_and_shown_to_all() -> None:
    g = captain_game()
    g.run_until("election", day=1)
    assert sorted(g.prompt("election").to) == list(range(7))
    for seat in range(7):
        g.answer(seat, "election", [2] if seat != 4 else [4])
    assert captain_of(g.state) == 2
    assert g.announcements("new_captain") == [{"seat": 2}]
    assert all(p["offices"] == (["captain"] if p["seat"] == 2 else []) for p in g.view(SPECTATOR)["players"])
    assert g.step == "debate"


def test_captain_vote_counts_double() -> None:
    g = captain_game()
    elect(g, 2)
    vote(g, {2: [4], 0: [5]})
    assert g.causes()[4] == "vote" and g.alive(5)
    assert g.announcements("vote_result")[-1]["counts"] == {"4": 2, "5": 1}


def test_tie_broken_by_the_captains_vote() -> None:
    g = captain_game()
    elect(g, 2)
    vote(g, {2: [4], 0: [5], 1: [5], 3: [5]})  # 4: 2 (the captain), 5: 3
    assert g.causes()[5] == "vote"
    g.run_until("vote", day=2)
    vote(g, {2: [4], 0: [6], 1: [6]})  # 4: 2, 6: 2, the captain voted for 4
    assert g.causes()[4] == "vote" and g.alive(6)
    assert g.announcements("captain_breaks_tie") == [{"seat": 4}]


def test_captain_who_voted_for_someone_else_chooses_among_the_tied() -> None:
    g = captain_game()
    elect(g, 2)
    vote(g, {3: [4], 4: [3], 0: [3], 1: [3], 5: [4], 6: [4], 2: [0]})  # 3: 3, 4: 3, 0: 2
    assert g.step == "captain-tiebreak"
    tiebreak = g.prompt("captain-tiebreak")
    assert tiebreak.to == [2] and tiebreak.options == [3, 4]
    assert g.answer_rejected(3, "captain-tiebreak", [4]) == "no_such_prompt"
    assert g.answer_rejected(2, "captain-tiebreak", [0]) == "target_not_allowed"
    g.answer(2, "captain-tiebreak", [4])
    assert g.causes()[4] == "vote" and g.alive(3) and g.alive(0)


def test_tie_when_the_captain_abstained_goes_to_a_revote() -> None:
    g = captain_game()
    elect(g, 2)
    vote(g, {3: [4], 4: [3], 0: [3], 5: [4], 2: []})
    assert g.step == "revote"
    revote = g.prompt("revote")
    assert revote.options == [3, 4] and sorted(revote.to) == list(range(7))  # the tied vote too
    assert g.answer_rejected(0, "revote", [5]) == "target_not_allowed"
    vote(g, {0: [3], 1: [3], 5: [4]}, step="revote")
    assert g.causes()[3] == "vote" and g.alive(4)


def test_tie_without_captain_revote_then_nobody() -> None:
    g = captain_game(captain=False)
    g.run_until("vote")
    vote(g, {3: [4], 4: [3]})
    assert g.step == "revote"
    assert g.announcements("tie_revote") == [{"seats": [3, 4]}]
    vote(g, {3: [4], 4: [3]}, step="revote")
    assert g.announcements("tie_nobody") == [{"seats": [3, 4]}]
    assert g.living() == list(range(7))
    assert g.state.phase == "night" and g.state.night == 2


def test_captain_names_his_successor_when_he_dies() -> None:
    g = captain_game()
    elect(g, 2)
    vote(g, {s: [2] for s in range(7) if s != 2})
    assert not g.alive(2) and captain_of(g.state) is None
    assert g.step == "successeur"
    successor = g.prompt("successeur")
    assert successor.to == [2] and successor.dead_may_answer and 2 not in successor.options
    assert g.answer_rejected(5, "successeur", [5]) == "no_such_prompt"
    g.answer(2, "successeur", [5])
    assert captain_of(g.state) == 5
    assert g.announcements("new_captain")[-1] == {"seat": 5}
    # The new captain's vote counts double.
    play_night(g, {"loups": [6]})
    vote(g, {5: [3], 0: [4]})
    assert g.causes()[3] == "vote"


def test_silent_dead_captain_gets_a_successor_anyway() -> None:
    g = captain_game()
    elect(g, 2)
    vote(g, {s: [2] for s in range(7) if s != 2})
    g.wait()  # the dead captain says nothing
    assert captain_of(g.state) in g.living()


# -- the Voleur --------------------------------------------------------------------------------------------------
def test_voleur_swaps_with_a_spare_card_and_acts_the_same_night() -> None:
    g = Script([THIEF, W, V, V, V, V], spare=[SEER, V])
    assert g.step == "voleur"
    prompt = g.prompt("voleur")
    assert prompt.to == [0] and sorted(prompt.info["cards"]) == sorted([SEER, V])
    assert prompt.options == ["keep", "0", "1"]
    assert all(p["info"] == {} for p in g.view(1)["prompts"])
    g.answer(0, "voleur", str(prompt.info["cards"].index(SEER)))
    assert g.role(0) == SEER and g.state.players[0].original_role == THIEF
    assert sorted(spare_cards_of(g.state)) == sorted([THIEF, V])
    assert g.announcements("thief_swapped", viewer=0) == [{"role": SEER}]
    assert g.announcements("thief_swapped", viewer=1) == []
    assert g.step == "voyante" and g.prompt("voyante").to == [0]
    g.answer(0, "voyante", [1])
    assert g.seen_roles(0) == {0: SEER, 1: W}


def test_voleur_may_keep_his_card() -> None:
    g = Script([THIEF, W, V, V, V, V], spare=[SEER, V])
    mark = len(g.events)
    g.answer(0, "voleur", "keep")
    assert g.role(0) == THIEF and sorted(spare_cards_of(g.state)) == sorted([SEER, V])
    assert g.steps_run(mark) == ["voyante", "loups"]  # the seer's turn runs though nobody holds the card
    assert g.opened(mark) == ["loups"]


def test_voleur_must_take_a_wolf_when_both_spare_cards_are_wolves() -> None:
    g = Script([THIEF, W, V, V, V, V], spare=[W, W])
    prompt = g.prompt("voleur")
    assert prompt.options == ["0", "1"]  # no "keep"
    assert g.answer_rejected(0, "voleur", "keep") == "bad_answer"
    g.wait()  # silence: a wolf card is drawn for him
    assert g.role(0) == W
    assert g.step == "loups" and sorted(g.prompt("loups").to) == [0, 1]
    assert g.seen_roles(0) == {0: W, 1: W} and g.seen_roles(1) == {0: W, 1: W}
    g.answer(0, "loups", [3])
    g.answer(1, "loups", [3])
    assert g.causes() == {3: "night"}


def test_voleur_who_becomes_a_wolf_hunts_the_same_night() -> None:
    g = Script([THIEF, W, V, V, V, V], spare=[W, V])
    g.answer(0, "voleur", str(g.prompt("voleur").info["cards"].index(W)))
    assert g.step == "loups" and sorted(g.prompt("loups").to) == [0, 1]


# -- the Petite Fille --------------------------------------------------------------------------------------------
PF_GAME = [W, W, PF, V, V, V, V]


def test_petite_fille_caught_peeking_dies_instead_of_the_victim() -> None:
    g = Script(PF_GAME, options={"petite_fille_risk": 1.0})
    assert g.prompt("petite-fille-peek").to == [2]
    g.answer(2, "petite-fille-peek", True)
    g.answer(0, "loups", [5])
    g.answer(1, "loups", [5])
    assert g.causes() == {2: "night"}
    assert g.alive(5)
    assert len(g.announcements("petite_fille_caught", viewer=0)) == 1
    assert g.announcements("petite_fille_caught", viewer=5) == []


def test_petite_fille_peeking_unseen_sees_the_tally_never_the_wolves() -> None:
    g = Script(PF_GAME, options={"petite_fille_risk": 0.0})
    g.answer(2, "petite-fille-peek", True)
    g.answer(0, "loups", [5])
    assert g.view(2)["secrets"]["peek"] == {"5": 1}
    g.answer(1, "loups", [6])
    assert g.view(2)["secrets"]["peek"] == {"5": 1, "6": 1}
    assert g.seen_roles(2) == {2: PF}
    assert all(p["step"] != "loups" for p in g.view(2)["prompts"])
    assert g.view(3).get("secrets", {}).get("peek") is None  # only she peeks
    g.answer(1, "loups", [5])
    assert g.causes() == {5: "night"}
    assert g.seen_roles(2) == {2: PF, 5: V}


def test_petite_fille_who_does_not_peek_sees_nothing() -> None:
    g = Script(PF_GAME, options={"petite_fille_risk": 1.0})
    g.answer(2, "petite-fille-peek", False)
    g.answer(0, "loups", [5])
    assert "peek" not in g.view(2)["secrets"]
    g.answer(1, "loups", [5])
    assert g.causes() == {5: "night"}


HOUSES = [W, V, PF, V, W, V, V]  # houses side by side in seat order: 5 lives between 4 and 6


@pytest.mark.parametrize(
    ("house", "dead", "seen"),
    [
        (4, {5: "night"}, [4]),  # at a wolf's house she sees that wolf
        (5, {2: "night"}, []),  # at the victim's house she dies in his place
        (6, {5: "night"}, [0, 4]),  # next door to the victim she sees every wolf
        (1, {5: "night"}, []),  # anywhere else she sees nothing
        (None, {5: "night"}, []),  # or she stays at home
    ],
)
def test_petite_fille_houses(house: int | None, dead: dict[int, str], seen: list[int]) -> None:
    g = Script(HOUSES, options={"petite_fille": "houses"})
    prompt = g.prompt("petite-fille-houses")
    assert prompt.to == [2] and 2 not in prompt.options and prompt.min == 0
    g.answer(2, "petite-fille-houses", [] if house is None else [house])
    g.answer(0, "loups", [5])
    g.answer(4, "loups", [5])
    assert g.causes() == dead
    if 2 in dead:
        return
    saw = g.announcements("petite_fille_saw", viewer=2)
    assert saw == ([] if house is None else [{"seats": seen}])
    expected = {2: PF, **{s: W for s in seen}}
    if 5 in dead:
        expected[5] = V
    assert g.seen_roles(2) == expected


# -- the wolves --------------------------------------------------------------------------------------------------
DISAGREE = [W, W, W, V, V, V, V, V]


def test_wolves_who_disagree_kill_nobody() -> None:
    g = Script(DISAGREE, options={"wolves_disagree": "nobody"})
    g.answer(0, "loups", [4])
    g.answer(1, "loups", [5])
    g.answer(2, "loups", [4])
    assert g.step == "loups"  # a pack that disagrees is not done
    g.wait()
    assert g.deaths() == []
    assert g.announcements("wolves_no_agreement", viewer=0) == [{}]
    assert g.announcements("no_death")


def test_wolves_who_disagree_under_plurality_kill_the_top_target() -> None:
    g = Script(DISAGREE, options={"wolves_disagree": "plurality"})
    g.answer(0, "loups", [4])
    g.answer(1, "loups", [5])
    g.answer(2, "loups", [4])
    g.wait()
    assert g.causes() == {4: "night"}


def test_wolves_who_disagree_under_a_leader_kill_the_leaders_pick() -> None:
    """RULES-NOTES: "the MJ may set a deciding rule instead (majority, leader)": the first wolf around the table."""
    g = Script(DISAGREE, options={"wolves_disagree": "leader"})
    assert g.prompt("loups").info == {"leader": 0}
    g.answer(0, "loups", [5])
    g.answer(1, "loups", [4])
    g.answer(2, "loups", [4])
    g.wait()
    assert g.causes() == {5: "night"}  # the leader's pick, against the other two


def test_a_silent_wolf_does_not_block_the_pack() -> None:
    g = Script(DISAGREE)
    g.answer(0, "loups", [4])
    g.answer(1, "loups", [4])
    g.wait()
    assert g.causes() == {4: "night"}


def test_wolves_cannot_eat_a_wolf_and_a_seer_sees_a_card() -> None:
    g = Script(BASIC)
    g.answer(4, "voyante", [1])
    assert g.seen_roles(4) == {1: W, 4: SEER}
    assert g.answer_rejected(0, "loups", [1]) == "target_not_allowed"


# -- the MJ's overrides ------------------------------------------------------------------------------------------
LOVE_HUNT = [W, W, CUPID, HUNTER, V, V, V]


def test_mj_kill_and_its_consequences() -> None:
    g = Script(LOVE_HUNT)
    g.answer(2, "cupidon", [3, 5])
    play_night(g, {"loups": [6]})
    g.run_until("debate")
    assert g.rejected("kill", 4, seat=5) == "mj_only"
    g.do("kill", MJ, seat=5)
    assert g.causes() == {6: "night", 5: "mj", 3: "grief"}  # grief at once
    assert g.rejected("kill", MJ, seat=5) == "already_dead"
    assert g.step == "chasseur"  # the debate stops for the hunter's last shot
    g.answer(3, "chasseur", [0])
    assert g.causes()[0] == "hunter"
    assert g.step == "debate"  # and resumes
    g.wait()
    assert g.step == "vote" and sorted(g.prompt("vote").to) == [1, 2, 4]
    g.do("kill", MJ, seat=1)  # the last wolf: the village has won, at once (nothing is pending)
    assert g.state.phase == "ended" and g.result is not None and g.result["camp"] == "village"


def test_mj_kills_a_voter_mid_vote() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [6], "sorciere-heal": False, "sorciere-poison": []})
    g.run_until("vote")
    g.answer(5, "vote", [0])
    g.do("kill", MJ, seat=5)
    assert 5 not in g.prompt("vote").to and 5 not in g.prompt("vote").answers
    assert g.answer_rejected(5, "vote", [1]) in ("dead", "no_such_prompt")


def test_mj_revive() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [6], "sorciere-heal": False, "sorciere-poison": []})
    g.run_until("debate")
    assert g.rejected("revive", MJ, seat=5) == "alive"
    g.do("revive", MJ, seat=6)
    assert g.alive(6)
    g.run_until("vote")
    assert 6 in g.prompt("vote").to
    g.answer(6, "vote", [0])


def test_mj_set_role_mid_game_only_that_seat_learns_it() -> None:
    g = Script([W, W, SEER, V, V, V, V])
    play_night(g, {"voyante": [0], "loups": [6]})
    g.run_until("debate")
    events = g.do("set_role", MJ, seat=5, role=HUNTER)
    changed = next(e for e in events if e.type == "role_set")
    assert changed.to == [5]
    assert g.view(5)["me"]["role"] == HUNTER and g.role(5) == HUNTER
    for viewer in (0, 1, 2, 3, 4, SPECTATOR):
        assert not event_visible(changed, viewer, g.state)
        assert 5 not in g.seen_roles(viewer)
    vote(g, {s: [5] for s in g.living() if s != 5})
    assert g.step == "chasseur"  # the new card acts
    g.answer(5, "chasseur", [0])
    assert g.causes()[0] == "hunter"


def test_mj_set_captain() -> None:
    g = captain_game(captain=False)
    g.run_until("debate")
    g.do("set_captain", MJ, seat=2)
    assert captain_of(g.state) == 2 and g.announcements("new_captain") == [{"seat": 2}]
    vote(g, {2: [4], 0: [5]})
    assert g.causes()[4] == "vote"
    assert g.rejected("set_captain", MJ, seat=4) == "dead"
    assert g.rejected("set_captain", 2, seat=3) == "mj_only"
    g.do("set_captain", MJ, seat=None)
    assert captain_of(g.state) is None


def test_mj_pause_and_resume_shift_the_deadlines() -> None:
    g = captain_game(captain=False)
    g.run_until("vote")
    deadline = g.deadline
    assert g.prompt("vote").deadline == deadline
    g.at += 10
    paused = g.at
    g.do("pause", MJ)
    assert g.view(3)["paused"] and g.state.wake_at is None
    assert g.answer_rejected(3, "vote", [4]) == "paused"
    assert g.rejected("pause", MJ) == "already_paused"
    g.at = deadline + 50
    g.tick()
    assert g.step == "vote"  # time stands still
    g.at = paused + 100
    g.do("resume", MJ)
    assert g.deadline == deadline + 100 and g.prompt("vote").deadline == deadline + 100
    assert g.state.wake_at == deadline + 100
    g.answer(3, "vote", [4])
    g.later(9)
    assert g.step == "vote"
    g.wait()
    assert g.step != "vote" and g.causes()[4] == "vote"
    assert g.rejected("resume", MJ) == "not_paused"


def test_mj_extend() -> None:
    g = captain_game(captain=False)
    g.run_until("vote")
    deadline = g.deadline
    g.do("extend", MJ, seconds=30)
    assert g.deadline == deadline + 30 and g.prompt("vote").deadline == deadline + 30
    g.at = deadline + 1
    g.tick()
    assert g.step == "vote"
    assert g.rejected("extend", MJ, seconds="soon") == "bad_seconds"
    g.do("extend", MJ, seconds=-1000)  # never before now: the vote closes at once
    assert g.step != "vote" and g.state.phase == "night"


def test_mj_advance_closes_a_step_with_the_answers_so_far() -> None:
    g = captain_game(captain=False)
    g.run_until("vote")
    g.answer(0, "vote", [5])
    g.answer(1, "vote", [5])
    g.answer(3, "vote", [4])
    g.do("advance", MJ)
    assert g.causes()[5] == "vote"
    assert g.state.phase == "night"
    g.answer(0, "loups", [3])
    g.do("advance", MJ)  # one wolf answered: the pack's choice stands
    assert g.step == "dawn" and g.causes()[3] == "night"


def test_mj_undo_restarts_the_day() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [3], "sorciere-heal": False, "sorciere-poison": []})
    g.run_until("chasseur")
    g.answer(3, "chasseur", [5])
    g.run_until("debate")
    living_at_dawn = [0, 1, 2, 4, 6]  # 3 died in the night, 5 was shot this morning
    assert g.living() == [s for s in living_at_dawn if s != 5]
    g.do("kill", MJ, seat=6)
    g.run_until("vote")
    g.answer(0, "vote", [4])
    g.do("undo", MJ)
    assert g.state.phase == "day" and g.state.day == 1 and g.step == "dawn"
    assert g.living() == [0, 1, 2, 4, 5, 6]  # the night's death stands; the day starts over
    assert g.open_prompts() == []
    g.run_until("chasseur")  # the hunter's morning shot comes again
    g.answer(3, "chasseur", [6])
    assert g.living() == [0, 1, 2, 4, 5]
    vote(g, {0: [4], 1: [4], 5: [4]})
    assert not g.alive(4)


def test_mj_undo_restarts_the_night() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [6], "sorciere-heal": False, "sorciere-poison": []})
    vote(g, {})
    g.run_until("voyante", night=2)
    g.answer(4, "voyante", [1])
    g.answer(0, "loups", [5])
    g.answer(1, "loups", [5])
    assert g.step == "sorciere"
    g.do("undo", MJ)
    assert g.state.phase == "night" and g.state.night == 2 and g.step == "voyante"
    assert scratch(g.state).victim is None
    assert g.living() == [0, 1, 2, 3, 4, 5]
    assert g.rejected("undo", 4) == "mj_only"
    play_night(g, {"voyante": [1], "loups": [4], "sorciere-heal": False, "sorciere-poison": []})
    assert g.causes() == {6: "night", 4: "night"}


def test_mj_end() -> None:
    g = Script(BASIC)
    pid = g.prompt("voyante").id
    g.do("end", MJ)
    assert g.state.phase == "ended"
    assert g.result == {"camp": None, "winners": [], "reason": "mj"}
    assert g.seen_roles(SPECTATOR) == dict(enumerate(BASIC))  # all cards are shown
    assert g.rejected("answer", 4, prompt=pid, answer=[0]) == "prompt_closed"
    assert g.rejected("end", MJ) == "wrong_phase"
    assert g.rejected("tick", 0) == "server_only"


def test_the_mj_answers_for_a_seat_and_is_logged() -> None:
    g = Script(BASIC)
    pid = g.prompt("voyante").id
    events = g.do("answer", MJ, prompt=pid, seat=4, answer=[1])
    assert any(e.type == "override" and e.to == [] for e in events)
    assert g.seen_roles(4)[1] == W
    assert g.rejected("answer", MJ, prompt=g.prompt("loups").id, answer=[3]) == "no_such_prompt"
    assert MJ_SEAT not in g.prompt("loups").answers


# -- replay ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8, 13, 21, 34])
def test_replay_rebuilds_the_final_state(seed: int) -> None:
    game = play("thiercelieux", seed, 5 + seed % 12)
    assert game.state.phase == "ended"
    assert replay(game.events).model_dump() == game.state.model_dump()


def test_replay_after_overrides_and_draws() -> None:
    g = Script([THIEF, W, W, WITCH, HUNTER, V, V], spare=[W, W], options={"captain": True})
    g.wait()  # the thief's card is drawn
    g.do("pause", MJ)
    g.at += 5
    g.do("resume", MJ)
    play_night(g, {"loups": [4], "sorciere-heal": False, "sorciere-poison": [5]})
    g.do("undo", MJ)
    g.run_until("chasseur")
    g.answer(4, "chasseur", [0])
    g.run_until("vote", day=1)
    g.do("set_captain", MJ, seat=3)
    g.do("extend", MJ, seconds=10)
    g.do("advance", MJ)
    assert replay(g.events).model_dump() == g.state.model_dump()
    for cut in range(1, len(g.events), 7):  # every prefix is a consistent state too
        replay(g.events[:cut])


# -- secrecy -----------------------------------------------------------------------------------------------------
class CheckedGame(Game):
    """The simulator's game, checking every projection after every command."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.secrets = Secrets()
        super().__init__(*args, **kwargs)

    def do(self, cmd: Command) -> list[Any]:
        events = super().do(cmd)
        self.secrets.check(self.state, events)
        return events


@pytest.mark.parametrize(
    ("seed", "players", "options"),
    [
        (11, 12, {}),
        (12, 16, {"petite_fille": "houses", "captain": False}),
        (13, 10, {"petite_fille_risk": 0.0}),
        (14, 9, {"wolves_disagree": "plurality"}),
    ],
)
def test_no_projection_leaks_a_secret(seed: int, players: int, options: dict[str, Any]) -> None:
    rnd = random.Random(seed)
    game = CheckedGame("thiercelieux", seed * 1_000_003, players, {**FAST, **options})
    game.do(Command(type="start", by=MJ, at=game.at))
    for _ in range(3000):
        if game.state.phase == "ended":
            break
        bot_round(game, rnd)
        game.tick()
    assert game.state.phase == "ended"


def test_secrets_the_rules_share() -> None:
    g = Script(BASIC, seed=123_456_789_012)
    g.answer(4, "voyante", [1])
    assert g.seen_roles(0) == {0: W, 1: W}  # the wolves know each other
    assert g.seen_roles(1) == {0: W, 1: W}
    assert g.seen_roles(4) == {4: SEER, 1: W}  # the seer knows whom she probed
    assert g.seen_roles(5) == {5: V}
    assert g.seen_roles(SPECTATOR) == {}
    spectator = g.view(SPECTATOR)
    assert "me" not in spectator and "secrets" not in spectator and "mj" not in spectator
    assert spectator["prompts"] == []
    mj = g.view(MJ)
    assert "mj" in mj and {p["seat"]: p["role"] for p in mj["players"]} == dict(enumerate(BASIC))
    for seat in range(7):
        assert "preassigned" not in g.view(seat)["options"]
    # An MJ-only event (the generator, the hidden timers) never reaches a seat.
    for e in g.events:
        if e.to == []:
            assert not any(event_visible(e, seat, g.state) for seat in range(7))
            assert not event_visible(e, SPECTATOR, g.state)


def test_apply_never_mutates_its_input() -> None:
    g = Script(BASIC)
    before = g.state.model_dump()
    new, _ = apply(g.state, Command(type="answer", by=4, at=g.at, args={"prompt": g.prompt("voyante").id,
                                                                           "answer": [0]}))
    assert g.state.model_dump() == before and new.model_dump() != before


def test_preassigned_cards_stay_secret() -> None:
    g = Script(BASIC, start=False)  # the configure command carried every seat's card
    events = g.do("set_role", MJ, seat=5, role=SEER)
    assert g.state.options["preassigned"]["5"] == SEER
    for e in [*g.events, *events]:
        if "preassigned" in str(e.data):
            assert e.to == [], f"{e.type} shows the pre-assigned cards"
    assert all("preassigned" not in g.view(seat)["options"] for seat in range(7))
    assert "preassigned" in g.view(MJ)["options"]


def test_undo_from_a_snapshot_written_when_checkpoints_were_objects() -> None:
    """Snapshots stored before the checkpoint became JSON text hold it as an object: it loads, and undo works."""
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [3], "sorciere-heal": False, "sorciere-poison": []})
    g.run_until("vote")
    assert isinstance(g.state.checkpoint, str)
    old = g.state.model_dump(mode="json")
    old["checkpoint"] = json.loads(old["checkpoint"])  # as such a snapshot holds it
    g.state = GameState.model_validate(old)
    assert g.state.checkpoint is not None and json.loads(g.state.checkpoint) == old["checkpoint"]
    g.do("undo", MJ)
    assert g.state.phase == "day" and g.state.day == 1 and g.step == "dawn"
