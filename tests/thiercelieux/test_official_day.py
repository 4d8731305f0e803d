"""The village's day roles of the official game beyond the seeds (issue 14, "The official roles beyond the seeds"):
Ange, Bouc émissaire, Idiot du village, Villageois-Villageois, Juge bègue, Chevalier à l'épée rouillée, Servante
dévouée. The seeds do not describe them: each docstring says the printed rule the test plays (Nouvelle Lune,
Personnages), and docs/rules/thiercelieux.md ("Issue 14") every interpretation."""

from __future__ import annotations

import random

from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux.official_day import (
    ANGE,
    IDIOT,
    JUDGE,
    KNIGHT,
    SCAPEGOAT,
    SERVANT,
    VV,
)
from app.engine.rulesets.thiercelieux.roles import ROLES
from app.engine.views import SPECTATOR
from app.sim_setups import random_setup as sim_setup
from tests.support.engine import Script
from tests.support.thiercelieux import play_night, vote

W, V, SEER, CUPID = "loup-garou", "villageois", "voyante", "cupidon"
NEW = [ANGE, SCAPEGOAT, IDIOT, VV, JUDGE, KNIGHT, SERVANT]


def ended(g: Script) -> tuple[str | None, list[int]]:
    assert g.state.phase == "ended" and g.result is not None
    return g.result["camp"], g.result["winners"]


# -- Ange ----------------------------------------------------------------------------------------------------------
def test_with_an_ange_the_game_opens_with_a_day() -> None:
    """Personnages: with the Ange in play, the game opens with the village's debate and vote, then the first
    night (option `ange_day_first`, on by default)."""
    g = Script([W, ANGE, V, V, V, V])
    assert g.state.phase == "day" and g.state.day == 1 and g.state.night == 0
    assert g.step == "debate"
    assert g.announcements("ange_day_first")
    vote(g, {})  # nobody is eliminated
    assert g.state.phase == "night" and g.state.night == 1


def test_mj_undo_restarts_the_anges_day() -> None:
    g = Script([W, ANGE, VV, V, V, V])
    g.run_until("vote")
    g.answer(0, "vote", [1])
    g.do("undo")
    assert g.state.phase == "day" and g.state.day == 1 and g.state.night == 0 and g.step == "debate"
    assert len(g.announcements("vv_shown")) == 1
    vote(g, {})
    assert g.state.phase == "night" and g.state.night == 1


def test_ange_eliminated_by_the_first_vote_wins_alone_and_the_game_ends() -> None:
    """Personnages: "s'il est éliminé au premier tour" (the first vote), the Ange wins alone; the game ends."""
    g = Script([W, ANGE, V, V, V, V])
    vote(g, {0: [1], 2: [1], 3: [1], 4: [1], 5: [1]})
    assert ended(g) == ("ange", [1])
    assert g.announcements("ange_wins") == [{"seat": 1}]


def test_ange_devoured_the_first_night_wins() -> None:
    """Personnages: the Ange devoured by the wolves in the first night has been eliminated in the first turn."""
    g = Script([W, ANGE, V, V, V, V], options={"ange_day_first": False})
    assert g.state.phase == "night"
    play_night(g, {"loups": [1]})
    while g.state.phase != "ended":
        g.wait()  # dawn
    assert ended(g) == ("ange", [1])


def test_ange_who_survives_the_first_turn_is_a_plain_villager() -> None:
    """Personnages: otherwise he becomes a simple villager: a later death wins him nothing."""
    g = Script([W, W, ANGE, V, V, V, V])
    vote(g, {})  # day 1: nobody
    play_night(g, {"loups": [6]})  # night 1: not him
    vote(g, {0: [2], 1: [2], 3: [2], 4: [2], 5: [2]}, step="vote")  # day 2
    assert not g.alive(2) and g.state.phase == "night"
    assert not g.announcements("ange_wins")


def test_ange_option_goes_on_counts_him_among_the_winners() -> None:
    """The room option `ange_victory: goes_on` (what many MJs do): the game goes on; the Ange wins with the
    winners, whoever they are."""
    g = Script([W, ANGE, V, V, V, V], options={"ange_victory": "goes_on"})
    vote(g, {0: [1], 2: [1], 3: [1], 4: [1], 5: [1]})
    assert g.announcements("ange_wins") == [{"seat": 1}]
    assert g.state.phase == "night"
    play_night(g, {"loups": [5]})
    vote(g, {2: [0], 3: [0], 4: [0]})
    camp, winners = ended(g)
    assert camp == "village" and 1 in winners


# -- Bouc émissaire ------------------------------------------------------------------------------------------------
def test_scapegoat_dies_on_a_tie_and_names_tomorrows_voters() -> None:
    """Nouvelle Lune: on a tie, the Bouc émissaire is eliminated (tied or not); he then names who will vote the
    next day."""
    g = Script([W, W, SCAPEGOAT, V, V, V, V])
    play_night(g, {"loups": [6]})
    vote(g, {0: [3], 3: [0]})
    assert g.causes()[2] == "vote" and g.alive(0) and g.alive(3)
    assert g.announcements("scapegoat_dies") == [{"seat": 2, "seats": [0, 3]}]
    assert g.step == SCAPEGOAT
    g.answer(2, SCAPEGOAT, [3, 4])
    assert g.announcements("scapegoat_chose") == [{"seat": 2, "seats": [3, 4]}]
    play_night(g, {"loups": [5]})
    g.run_until("vote")
    assert sorted(g.prompt("vote").to) == [3, 4]


def test_silent_scapegoat_lets_everyone_vote() -> None:
    """Without his answer, the village votes as usual the next day."""
    g = Script([W, W, SCAPEGOAT, V, V, V, V])
    play_night(g, {"loups": [6]})
    vote(g, {0: [3], 3: [0]})
    g.wait()  # his choice times out
    play_night(g, {"loups": [5]})
    g.run_until("vote")
    assert sorted(g.prompt("vote").to) == [0, 1, 3, 4]


# -- Idiot du village --------------------------------------------------------------------------------------------
def test_village_idiot_is_spared_revealed_and_loses_his_vote() -> None:
    """Nouvelle Lune: condemned by the village, the Idiot does not die: he is revealed, stays in the game, and
    never votes again; condemned again, he dies."""
    g = Script([W, W, IDIOT, V, V, V, V])
    play_night(g, {"loups": [6]})
    vote(g, {0: [2], 1: [2], 3: [2], 4: [2], 5: [2]})
    assert g.alive(2) and g.announcements("idiot_spared") == [{"seat": 2}]
    assert g.seen_roles(SPECTATOR)[2] == IDIOT and g.seen_roles(4)[2] == IDIOT
    play_night(g, {"loups": [5]})
    g.run_until("vote")
    assert 2 not in g.prompt("vote").to and 2 in g.prompt("vote").options
    vote(g, {0: [2], 1: [2], 3: [2], 4: [2]})
    assert g.causes()[2] == "vote"


def test_the_idiot_option_of_004_still_works_beside_the_role() -> None:
    """004's option `idiot_du_village` (the first dead villager debates without a vote) is another rule than the
    card: both apply in the same game."""
    g = Script([W, W, IDIOT, V, V, V, V], options={"idiot_du_village": True})
    play_night(g, {"loups": [6]})
    assert g.announcements("village_idiot") == [{"seat": 6}]
    vote(g, {0: [2], 1: [2], 3: [2], 4: [2], 5: [2]})
    assert g.alive(2) and g.announcements("idiot_spared") == [{"seat": 2}]


# -- Villageois-Villageois ---------------------------------------------------------------------------------------
def test_villageois_villageois_card_is_public() -> None:
    """Personnages: his card shows a villager on both sides: everyone knows him innocent from the start."""
    g = Script([W, W, VV, V, V, V])
    assert g.seen_roles(SPECTATOR) == {2: VV}
    assert all(g.seen_roles(seat)[2] == VV for seat in range(6))
    assert g.announcements("vv_shown") == [{"seat": 2}]


def test_villageois_villageois_given_by_the_mj_is_face_up_at_once() -> None:
    g = Script([W, W, V, V, V, V])
    play_night(g, {"loups": [5]})
    g.do("set_role", seat=3, role=VV)
    assert g.seen_roles(SPECTATOR) == {3: VV, 5: V}


# -- Juge bègue --------------------------------------------------------------------------------------------------
def test_stuttering_judge_orders_a_second_vote_once() -> None:
    """Personnages: once in the game the Juge bègue signals the MJ during the vote; a second vote follows the first
    at once, without a debate. Nobody but the MJ learns who signalled."""
    g = Script([W, W, W, JUDGE, V, V, V, V, V])
    play_night(g, {"loups": [8]})
    g.run_until("vote")
    g.answer(3, JUDGE, True)
    assert g.announcements("judge_signalled", viewer=4) == []
    since = len(g.events)
    vote(g, {seat: [0] for seat in (1, 3, 4, 5, 6, 7)})
    assert not g.alive(0)
    assert g.step == "vote" and g.state.day == 1 and "debate" not in g.steps_run(since)
    assert g.announcements("second_vote")
    vote(g, {seat: [1] for seat in (2, 3, 4, 5, 6, 7)})
    assert not g.alive(1) and g.state.phase == "night"
    play_night(g, {"loups": [7]})
    g.run_until("vote", day=2)
    assert not g.open_prompts(JUDGE)  # once in the game


def test_judge_who_stays_silent_changes_nothing() -> None:
    g = Script([W, W, JUDGE, V, V, V, V])
    play_night(g, {"loups": [6]})
    g.run_until("vote")
    assert g.prompt(JUDGE).to == [2]
    vote(g, {seat: [0] for seat in (1, 2, 3, 4, 5)})
    assert g.state.phase == "night"


# -- Chevalier à l'épée rouillée ---------------------------------------------------------------------------------
def test_knight_devoured_gives_tetanus_to_the_first_wolf_on_his_left() -> None:
    """Personnages: devoured by the wolves, the Chevalier wounds the first Loup-Garou on his left (the next seats
    around the table), who dies the next night."""
    g = Script([V, KNIGHT, V, W, W, V, V, V])
    play_night(g, {"loups": [1]})
    assert not g.alive(1) and g.alive(3)
    vote(g, {})
    play_night(g, {"loups": [6]})
    assert g.causes() == {1: "night", 3: "night", 6: "night"}
    assert g.alive(4)


def test_knight_lynched_wounds_nobody() -> None:
    g = Script([V, KNIGHT, V, W, W, V, V, V])
    play_night(g, {"loups": [7]})
    vote(g, {seat: [1] for seat in (0, 2, 3, 4, 5, 6)})
    play_night(g, {"loups": [6]})
    assert g.alive(3) and g.alive(4)


# -- Servante dévouée --------------------------------------------------------------------------------------------
def test_servant_takes_the_condemned_role_in_secret() -> None:
    """Personnages: before the condemned's card is revealed, the Servante dévouée may unveil herself and take his
    role for the rest of the game; he dies with her card."""
    g = Script([W, W, SERVANT, V, V, V, SEER])
    play_night(g, {"loups": [5], "voyante": [0]})
    vote(g, {seat: [6] for seat in (0, 1, 2, 3, 4)})
    assert g.step == SERVANT
    g.answer(2, SERVANT, True)
    g.wait()
    assert g.role(2) == SEER and g.deaths()[-1] == {"seat": 6, "cause": "vote", "role": SERVANT}
    assert g.announcements("servant_takes", viewer=3) == [{"seat": 2, "target": 6}]
    assert g.announcements("servant_new_role", viewer=3) == []
    assert g.seen_roles(3).get(2) is None  # her new card stays hidden
    play_night(g, {"loups": [4]}, until="voyante")
    assert g.prompt("voyante").to == [2]


def test_servant_step_lasts_the_same_asked_or_not() -> None:
    """Whenever her card is in play, each lynch waits the same time for her: asked, in love (she may not), or
    dead, the pause says nothing of her."""
    lengths = []
    for roles, pair in (([W, W, SERVANT, CUPID, V, V, V], [3, 4]), ([W, W, SERVANT, CUPID, V, V, V], [2, 4])):
        g = Script(roles)
        g.answer(3, "cupidon", pair)
        play_night(g, {"loups": [6]})
        vote(g, {seat: [5] for seat in (0, 1, 2, 3, 4)})
        assert g.step == SERVANT
        lengths.append(g.deadline - g.state.step.started)  # type: ignore[union-attr]
        if 2 not in pair:
            g.answer(2, SERVANT, False)
        else:
            assert not g.open_prompts(SERVANT)  # in love: not asked
        assert g.step == SERVANT  # an answer does not end the pause early
        g.wait()
        assert not g.alive(5) and g.role(2) == SERVANT
    assert lengths[0] == lengths[1] == 30


# -- the composition help and random games -------------------------------------------------------------------
def test_the_roles_are_in_the_ruleset_and_the_composition_help() -> None:
    rules = get_ruleset("thiercelieux")
    assert all(key in rules.roles and ROLES[key].camp == "village" for key in NEW)
    # The balance indicator weighs them (a power helps the village; the Ange is a vote the village may lose).
    plain = rules.composition_report(8, [W, W, V, V, V, V, V, V])["balance"]
    assert rules.composition_report(8, [W, W, JUDGE, V, V, V, V, V])["balance"] > plain
    assert rules.composition_report(8, [W, W, ANGE, V, V, V, V, V])["balance"] < plain
    dealt: set[str] = set()
    rnd = random.Random(3)
    for _ in range(200):
        comp, _opts = sim_setup(rules.key, 12, rnd)
        dealt |= set(comp)
    assert set(NEW) <= dealt


def test_servant_who_takes_a_wolf_card_hunts_with_the_pack() -> None:
    """The condemned's role, whatever it is: a Loup-Garou's card makes her a wolf, who wakes with the pack."""
    g = Script([W, W, SERVANT, V, V, V, V])
    play_night(g, {"loups": [6]})
    vote(g, {seat: [0] for seat in (1, 2, 3, 4, 5)})
    g.answer(2, SERVANT, True)
    g.wait()
    assert g.causes()[0] == "vote" and g.role(2) == W
    play_night(g, {"loups": [5]}, until="loups")
    assert sorted(g.prompt("loups").to) == [1, 2]


def test_servant_takes_spent_powers_as_the_dead_left_them_with_the_option() -> None:
    """Interpretation, the room option `servante_powers`: fresh powers (default), or as the condemned left them."""
    for option, heal_left in (("fresh", True), ("spent", False)):
        g = Script([W, W, SERVANT, "sorciere", V, V, V], options={"servante_powers": option})
        play_night(g, {"loups": [6], "sorciere-heal": True, "sorciere-poison": []})
        assert g.alive(6)
        vote(g, {seat: [3] for seat in (0, 1, 2, 4, 5)})
        g.answer(2, SERVANT, True)
        g.wait()
        play_night(g, {"loups": [5]}, until="sorciere")
        assert bool(g.open_prompts("sorciere-heal")) is heal_left
