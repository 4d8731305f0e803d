"""Issue 14, rules left half-done: the lovers never harm each other (003), the Loup Blanc's nights (001), the hunters
among the francs-maçons (004), and small tables. Played move by move on fixed cards; each test quotes its seed."""

from __future__ import annotations

import pytest

from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux.asks import asks
from app.engine.rulesets.thiercelieux.more_roles import white_wolf_night
from app.engine.rulesets.thiercelieux.night import night_bounds
from app.engine.rulesets.thiercelieux.options import Options
from app.engine.rulesets.thiercelieux.state import marks
from app.sim import play
from tests.support.engine import Script
from tests.support.night_timing import BEHAVIOURS, assert_same_distribution, first_night
from tests.support.thiercelieux import elect, play_night, vote

W, V, LB = "loup-garou", "villageois", "loup-blanc"
CUPID, WITCH, HUNTER, MASON, ASSASSIN, TUEUR = "cupidon", "sorciere", "chasseur", "franc-macon", "assassin", "tueur"
CORBEAU, MAGICIEN, SANDMAN, VAMPIRE = "corbeau", "magicien", "marchand-de-sable", "vampire"

# -- 1. « ni lui porter aucun préjudice » ------------------------------------------------------------------------
def in_love(roles: list[str], pair: list[int], **options: object) -> Script:
    g = Script(roles, options=dict(options))
    g.answer(roles.index(CUPID), "cupidon", pair)
    return g


def test_a_wolf_lover_cannot_name_the_beloved_as_the_packs_victim() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé, ni lui porter aucun préjudice (méme pour faire
    semblant )." The pack's victim is chosen by a vote of the wolves: a wolf in love may not name his beloved."""
    g = in_love([W, W, CUPID, V, V, V, V], [0, 3])
    play_night(g, {}, until="loups")
    assert g.answer_rejected(0, "loups", [3]) == "lover_harm"
    pid = g.prompt("loups").id
    # The page greys the beloved out for the lover, and for him only (the other wolf knows nothing of it).
    assert asks(g.state, [0])["disabled"][pid] == {"0": {"3": "lover_harm"}}
    assert "disabled" not in asks(g.state, [1])
    g.answer(1, "loups", [3])  # the other wolf may: the rule binds the lover
    g.answer(0, "loups", [5])  # and the lover may name anyone else
    assert g.prompt("loups").answers == {1: [3], 0: [5]}


def test_a_witch_in_love_cannot_poison_her_beloved() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé, ni lui porter aucun préjudice (méme pour faire
    semblant )." """
    g = in_love([W, CUPID, WITCH, V, V, V], [2, 3])
    play_night(g, {"loups": [5]}, until="sorciere")
    assert g.answer_rejected(2, "sorciere-poison", [3]) == "lover_harm"
    g.answer(2, "sorciere-poison", [4])
    play_night(g, {"sorciere-heal": False})
    assert g.causes() == {5: "night", 4: "night"}


def test_nor_may_a_killer_by_night_or_by_day_harm_the_beloved() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé, ni lui porter aucun préjudice (méme pour faire
    semblant )." The Tueur's knife (004) and the Assassin's signal (004) are harm too."""
    g = in_love([W, CUPID, TUEUR, ASSASSIN, V, V, V], [2, 4])
    play_night(g, {"loups": [6]}, until="tueur")
    assert g.answer_rejected(2, "tueur", [4]) == "lover_harm"
    g.answer(2, "tueur", [])
    play_night(g, {})
    g.run_until("debate")
    assert g.prompt("assassin").to == [3]
    g.answer(3, "assassin", [4])  # not in love: free to strike
    assert g.causes()[4] == "assassin" and g.causes()[2] == "grief"


def test_nor_may_the_grand_mechant_loup_devour_the_beloved() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé, ni lui porter aucun préjudice (méme pour faire
    semblant )." The Grand Méchant Loup's second victim is a death like the pack's."""
    g = in_love([W, "grand-mechant-loup", CUPID, V, V, V, V], [1, 3])
    play_night(g, {"loups": [6]}, until="grand-mechant-loup")
    assert g.answer_rejected(1, "grand-mechant-loup", [3]) == "lover_harm"
    assert asks(g.state, [1])["disabled"][g.prompt("grand-mechant-loup").id] == {"1": {"3": "lover_harm"}}
    g.answer(1, "grand-mechant-loup", [5])


def test_a_lover_on_the_jury_cannot_find_the_beloved_guilty() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé" — in 004's trial, a guilty verdict is a vote."""
    g = in_love([W, CUPID, V, V, V, V, V], [2, 3], vote_mode="trial")
    play_night(g, {"loups": [6]})
    vote(g, {0: [3], 1: [3], 4: [3], 5: [3]})
    g.run_until("verdict")
    assert g.answer_rejected(2, "verdict", True) == "lover_vote"
    assert asks(g.state, [2])["disabled"][g.prompt("verdict").id] == {"2": {"true": "lover_vote"}}
    assert "disabled" not in asks(g.state, [4])
    g.answer(2, "verdict", False)


def test_the_room_may_let_lovers_harm_each_other_but_never_vote_against() -> None:
    """003: "ni lui porter aucun préjudice" — the room option `lovers_may_harm` lifts it; "ne doit jamais voter
    contre son aimé" still binds, in the verdict of 004's trial as in the vote."""
    g = in_love([W, W, CUPID, V, V, V, V], [0, 3], lovers_may_harm=True, vote_mode="trial")
    play_night(g, {}, until="loups")
    assert "disabled" not in asks(g.state, [0])
    g.answer(0, "loups", [6])
    g.answer(1, "loups", [6])
    play_night(g, {})
    vote(g, {1: [3], 2: [3], 4: [3], 5: [3]})
    g.run_until("verdict")
    assert g.answer_rejected(0, "verdict", True) == "lover_vote"
    g.answer(0, "verdict", False)


def test_the_corbeaus_mark_is_a_vote_against_and_binds_a_lover() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé" — 001: the Corbeau's mark gives "deux voix contre
    lui", votes against the beloved that bind even with `lovers_may_harm`."""
    g = in_love([W, CUPID, CORBEAU, V, V, V], [2, 3], lovers_may_harm=True)
    play_night(g, {"loups": [5]}, until="corbeau")
    assert g.answer_rejected(2, "corbeau", [3]) == "lover_vote"
    assert asks(g.state, [2])["disabled"][g.prompt("corbeau").id] == {"2": {"3": "lover_vote"}}
    g.answer(2, "corbeau", [4])


def test_a_captain_in_love_never_breaks_a_tie_against_the_beloved() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé" — the captain's choice among the tied (001)
    decides who is eliminated: a vote against."""
    g = in_love([W, W, CUPID, V, V, V, V, V], [3, 4], captain=True)
    play_night(g, {"loups": [7]})
    elect(g, 3)
    # 4 and 5 tie at three votes; the captain (3) voted for 0 (two votes).
    vote(g, {3: [0], 0: [4], 1: [4], 5: [4], 2: [5], 4: [5], 6: [5]})
    assert g.step == "captain-tiebreak" and g.prompt("captain-tiebreak").options == [4, 5]
    assert g.answer_rejected(3, "captain-tiebreak", [4]) == "lover_vote"
    assert asks(g.state, [3])["disabled"][g.prompt("captain-tiebreak").id] == {"3": {"4": "lover_vote"}}
    g.answer(3, "captain-tiebreak", [5])
    assert g.causes()[5] == "vote" and g.alive(4)


def test_nor_leave_the_beloved_the_last_one_standing() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé" — in 004's "C'est sûrement pas lui", clearing the
    other of the last two standing eliminates the beloved: a vote against him."""
    g = in_love([W, CUPID, V, V, V, V], [2, 3], vote_mode="standing")
    play_night(g, {"loups": [5]})
    g.run_until("standing", day=1)
    for clearer, cleared in ((0, 1), (1, 4), (4, 2)):  # 0, the left neighbour of the last dead, starts
        g.answer(clearer, "standing", [cleared])
    assert g.prompt("standing").to == [2] and sorted(g.prompt("standing").options) == [0, 3]
    assert g.answer_rejected(2, "standing", [0]) == "lover_vote"  # 3 would be left standing
    assert asks(g.state, [2])["disabled"][g.prompt("standing").id] == {"2": {"0": "lover_vote"}}
    g.answer(2, "standing", [3])
    assert g.causes()[0] == "vote"


def test_a_frog_a_night_asleep_or_a_vampires_bite_are_harm_too() -> None:
    """003: "Un Amoureux ne doit jamais voter contre son aimé, ni lui porter aucun préjudice (méme pour faire
    semblant )." — 004: the frog "ne participe pas au jeu pendant un jour et une nuit", the sandman's victim "ne
    se réveillera pas cette nuit", the vampires' victim "devient vampire"."""
    g = in_love([W, CUPID, MAGICIEN, SANDMAN, V, V, V], [2, 3])
    play_night(g, {}, until="marchand-de-sable")
    assert g.answer_rejected(3, "marchand-de-sable", [2]) == "lover_harm"
    g.answer(3, "marchand-de-sable", [4])
    play_night(g, {"loups": [6]}, until="magicien")
    assert g.answer_rejected(2, "magicien", [3]) == "lover_harm"
    g.answer(2, "magicien", [5])
    bitten = in_love([W, CUPID, VAMPIRE, V, V, V, V], [2, 3])
    play_night(bitten, {"loups": [6]}, until="vampires")
    assert bitten.answer_rejected(2, "vampires", [3]) == "lover_harm"
    assert asks(bitten.state, [2])["disabled"][bitten.prompt("vampires").id] == {"2": {"3": "lover_harm"}}
    # Anyone else may be bitten; the vampire and his new fellow then know each other (the secrecy check follows).
    bitten.answer(2, "vampires", [4])
    play_night(bitten, {})
    assert marks(bitten.state, 4).vampire is True
    assert bitten.view(2)["players"][4]["role"] == VAMPIRE


def test_a_lover_not_yet_told_is_not_bound() -> None:
    """003: "Le meneur dit: Les Amoureux se réveillent, se reconnaissent, et se rendorment!" — a lover is bound
    once told whom he loves: before, a refusal would tell him. With the MJ's order calling the pack before the
    lovers, the wolf in love may name his beloved on the first night, and not on the second."""
    order = ["cupidon", "loups", "amoureux"]
    g = in_love([W, W, CUPID, V, V, V, V], [0, 3], night_order_custom=order)
    play_night(g, {}, until="loups")
    g.answer(0, "loups", [3])  # not told yet: accepted
    assert "disabled" not in asks(g.state, [0])
    g.answer(1, "loups", [5])  # the pack disagrees: nobody dies (003's advice)
    play_night(g, {})
    assert g.living() == list(range(7))
    vote(g, {})
    play_night(g, {}, until="loups")
    assert g.answer_rejected(0, "loups", [3]) == "lover_harm"


# -- 5. the Loup Blanc « une nuit sur deux » ---------------------------------------------------------------------
def test_loup_blanc_odd_nights_option() -> None:
    """001: "il peut également choisir d'éliminer un simple Loup-Garou une nuit sur deux par MP au Meneur." The
    default is the even nights; `odd` gives him the odd ones, `every` every night (004)."""
    assert [n for n in range(1, 7) if white_wolf_night("other", n)] == [2, 4, 6]
    assert [n for n in range(1, 7) if white_wolf_night("odd", n)] == [1, 3, 5]
    assert [n for n in range(1, 4) if white_wolf_night("every", n)] == [1, 2, 3]
    g = Script([W, W, LB, V, V, V, V, V], options={"loup_blanc_every": "odd"})
    play_night(g, {"loups": [7]}, until="loup-blanc")
    assert g.state.night == 1 and g.prompt("loup-blanc").to == [2]
    g.answer(2, "loup-blanc", [])
    vote(g, {})
    mark = len(g.events)
    play_night(g, {"loups": [6]})
    assert g.state.night == 2 or g.state.phase == "day"
    assert "loup-blanc" in g.steps_run(mark) and "loup-blanc" not in g.opened(mark)  # night 2: he sleeps


@pytest.mark.parametrize(("every", "awake"), [("other", [2, 4]), ("odd", [1, 3]), ("every", [1, 2, 3, 4])])
def test_loup_blanc_kills_on_the_nights_the_room_chose(every: str, awake: list[int]) -> None:
    """001: "il peut également choisir d'éliminer un simple Loup-Garou une nuit sur deux par MP au Meneur." — 004:
    "selon le MDJ toutes les nuits ou une nuit sur 2". Four nights played: he is asked on his nights only, and his
    step is called every night all the same."""
    g = Script([W, W, W, LB, V, V, V, V, V, V, V, V], options={"loup_blanc_every": every})
    asked = []
    for night in range(1, 5):
        mark = len(g.events)
        play_night(g, {"loups": [12 - night], "loup-blanc": []})
        assert g.state.night == night and "loup-blanc" in g.steps_run(mark)
        if "loup-blanc" in g.opened(mark):
            asked.append(night)
        vote(g, {})
    assert asked == awake


def test_the_loup_blancs_step_lasts_as_long_on_a_night_he_sleeps() -> None:
    """001: "une nuit sur deux" — on his night off his step is still called, and lasts what it lasts on a night he
    kills: the table cannot tell from the clock which night is his (RULES-NOTES: a plausible, randomised time)."""
    table = [W, LB, V, V, V, V, V, V]
    low, high = night_bounds("loup-blanc", Options().model_dump())
    asleep = [first_night(table, seed, BEHAVIOURS["at once"])["loup-blanc"] for seed in range(150)]
    awake = [first_night(table, seed, BEHAVIOURS["at once"], {"loup_blanc_every": "odd"})["loup-blanc"]
             for seed in range(150, 300)]
    assert all(low <= x <= high for x in asleep + awake)
    assert_same_distribution(awake, asleep, "loup blanc awake / asleep")


# -- 6. the hunters among the francs-maçons ----------------------------------------------------------------------
def test_hunters_wake_with_the_masons_with_the_option() -> None:
    """004: "Parfois le MDJ appelle les chasseurs à se réveiller et ils cumulent ainsi leur rôle avec celui de
    franc-maçon." """
    g = Script([W, MASON, MASON, HUNTER, V, V], options={"hunters_masons": True})
    assert "francs-macons" in g.steps_run()
    for seat in (1, 2, 3):
        assert g.view(seat)["secrets"]["masons"] == [1, 2, 3]
    assert g.seen_roles(1) == {1: MASON, 2: MASON, 3: MASON}  # a mason, his hunter's card unseen
    assert g.seen_roles(3) == {1: MASON, 2: MASON, 3: HUNTER}
    assert g.seen_roles(0) == {0: W}
    plain = Script([W, MASON, MASON, HUNTER, V, V])
    assert plain.view(1)["secrets"]["masons"] == [1, 2] and "masons" not in plain.view(3)["secrets"]


# -- 7. small tables ---------------------------------------------------------------------------------------------
def test_three_players_start_with_a_warning_and_play_to_the_end() -> None:
    """Issue 14: the MJ may start with 3 or 4 players (a warning, not a refusal), so that endgames can be played."""
    rules = get_ruleset("thiercelieux")
    report = rules.composition_report(3, [W, V, V])
    assert {"code": "small_table", "players": 3, "advised": 5} in report["warnings"]
    assert not [w for w in rules.composition_report(5, [W, V, V, V, V])["warnings"] if w["code"] == "small_table"]
    assert rules.suggested_composition(3) == [W, V, V]
    assert Script([W, V], start=False).rejected("start") == "not_enough_players"
    g = Script([W, V, WITCH])
    play_night(g, {"loups": [1], "sorciere-heal": True, "sorciere-poison": []})
    assert g.living() == [0, 1, 2] and g.result is None
    vote(g, {1: [0], 2: [0]})
    assert g.result == {"camp": "village", "winners": [1, 2], "reason": "victory"}


def test_four_players_start_with_a_warning_and_play_to_the_end() -> None:
    """Issue 14: "let the MJ start with 3 or 4 players (a warning, not a refusal)"; the suggested composition of a
    small table plays to its end, move by move and by bots."""
    rules = get_ruleset("thiercelieux")
    assert rules.suggested_composition(4) == [W, V, V, V]
    assert [w["code"] for w in rules.composition_report(4, [W, V, V, V])["warnings"]] == ["small_table"]
    g = Script(rules.suggested_composition(4))
    play_night(g, {"loups": [3]})
    assert g.living() == [0, 1, 2]
    vote(g, {})  # nobody eliminated
    play_night(g, {"loups": [2]})
    assert g.living() == [0, 1] and g.result is None  # 003: the wolves win once every villager is dead
    vote(g, {})
    play_night(g, {"loups": [1]})
    g.wait()  # the dawn's news, then the count
    assert g.result == {"camp": "wolves", "winners": [0], "reason": "victory"}
    for players in (3, 4):
        for seed in range(10):
            assert play("thiercelieux", seed, players).state.phase == "ended"


# -- a game nobody can win any more ---------------------------------------------------------------------------------
def quiet_round(g: Script) -> None:
    """A night in which the pack names nobody, a day in which nobody votes."""
    play_night(g, {})
    vote(g, {})


def test_days_without_a_death_end_the_game_with_no_winner() -> None:
    """The seeds have no rule for a table where nobody can die any more (a powerless vampire facing a villager
    voted a tie forever): an MJ would stop it. After `stalemate_days` days without a death the game ends, nobody
    winning, and every card is shown."""
    g = Script([W, V, V, V, V], options={"captain": False, "stalemate_days": 2})
    quiet_round(g)
    assert g.state.phase != "ended"
    quiet_round(g)
    assert g.state.phase == "ended"
    assert g.state.result is not None
    assert (g.state.result["camp"], g.state.result["winners"], g.state.result["reason"]) == (None, [], "stalemate")
    assert g.announcements("stalemate", viewer=1) == [{"days": 2}]


def test_a_death_starts_the_count_again_and_zero_never_ends_it() -> None:
    g = Script([W, V, V, V, V, V], options={"captain": False, "stalemate_days": 2})
    quiet_round(g)
    play_night(g, {"loups": [5]})  # a death on the second night
    vote(g, {})
    quiet_round(g)
    assert g.state.phase != "ended"  # one quiet day since the death
    quiet_round(g)
    assert g.state.phase == "ended" and g.state.result is not None and g.state.result["reason"] == "stalemate"
    never = Script([W, V, V, V, V], options={"captain": False, "stalemate_days": 0})
    for _ in range(4):
        quiet_round(never)
    assert never.state.phase != "ended"
