"""The official wolves and solitaries beyond the seeds (issue 14): the Grand Méchant Loup and the Abominable Sectaire
(expansion « Personnages ») and the Gitane (expansion « Le Village »), played through the engine. The docstrings
quote the booklets' rule in substance (none of the seeds has these roles); docs/rules/thiercelieux.md ("Issue 14")
records every choice."""

from __future__ import annotations

import random

from app.engine.model import MJ
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux.night import NIGHT_ORDERS, night_bounds, steps_for
from app.engine.rulesets.thiercelieux.state import village
from app.engine.views import SPECTATOR
from app.sim_setups import random_setup as sim_setup
from tests.support.engine import Script
from tests.support.thiercelieux import play_night, vote

W, V, GML, SECT, GITANE = "loup-garou", "villageois", "grand-mechant-loup", "abominable-sectaire", "gitane"
SEER, WITCH, SALV, CUPID = "voyante", "sorciere", "salvateur", "cupidon"


# -- Grand Méchant Loup ------------------------------------------------------------------------------------------
def test_gml_devours_a_second_victim_after_the_pack() -> None:
    """Grand Méchant Loup: "Chaque nuit, il se réveille avec les Loups-Garous et dévore avec eux ; puis il se
    réveille seul et dévore une seconde victime." Two deaths at dawn."""
    g = Script([GML, W, V, V, V, V, V])
    play_night(g, {"loups": [2], GML: [3]})
    assert g.causes() == {2: "night", 3: "night"}


def test_gml_cannot_devour_a_wolf_nor_the_packs_victim() -> None:
    """"Cette victime ne peut pas être un Loup-Garou"; the pack's victim dies once anyway, so she is not offered."""
    g = Script([GML, W, V, V, V, V, V])
    play_night(g, {"loups": [2]}, until=GML)
    prompt = g.prompt(GML)
    assert prompt.to == [0] and sorted(prompt.options) == [3, 4, 5, 6]
    assert g.answer_rejected(0, GML, [1]) == "target_not_allowed"
    # Only the Grand Méchant Loup sees his question.
    assert all(p["step"] != GML for seat in range(1, 7) for p in g.view(seat)["prompts"])


def test_gml_loses_his_power_once_a_wolf_has_died_but_his_step_still_runs() -> None:
    """"Tant qu'aucun Loup-Garou, Enfant Sauvage ou Chien-Loup n'a été éliminé": after a wolf's death he is no longer
    asked, and his step still lasts a plausible time (nobody can tell)."""
    g = Script([GML, W, W, V, V, V, V, V, V])
    play_night(g, {"loups": [3], GML: [4]})
    vote(g, {seat: [1] for seat in g.living() if seat != 1})
    assert not g.alive(1)
    since = len(g.events)
    play_night(g, {"loups": [5]})
    steps = [e.data for e in g.events[since:] if e.type == "step" and e.data["key"] == GML]
    low, high = night_bounds(GML, g.state.options)
    assert len(steps) == 1 and low <= steps[0]["deadline"] - steps[0]["started"] <= high
    assert GML not in g.opened(since) and g.dead() == [1, 3, 4, 5]


def test_gml_step_is_called_though_nobody_holds_the_card() -> None:
    """A step for a card in the composition runs whether held or not (RULES-NOTES: the plausible time)."""
    order = NIGHT_ORDERS["official"]
    assert order.index("infect") < order.index(GML) < order.index("loup-blanc") < order.index("sorciere")
    assert GML in steps_for(order, 2, [W, GML, V])
    assert GML not in steps_for(order, 2, [W, V])


def test_salvateur_protects_from_the_gml() -> None:
    """The Salvateur protects from the wolves' attacks: the Grand Méchant Loup's bite is one."""
    g = Script([GML, W, SALV, V, V, V, V])
    play_night(g, {"salvateur": [4], "loups": [3], GML: [4]})
    assert g.dead() == [3]


def test_the_witch_heals_the_packs_victim_only() -> None:
    """The Sorcière is shown the pack's victim: her healing potion saves that one, not the second."""
    g = Script([GML, W, WITCH, V, V, V, V])
    play_night(g, {"loups": [3], GML: [4], "sorciere-heal": True})
    assert g.dead() == [4]


def test_a_seer_called_after_the_witch_is_not_called_when_the_gml_ate_her() -> None:
    """004: the seer called after the witch acts « uniquement si elle n'est pas morte »: the second victim is dead
    too."""
    g = Script([GML, W, SEER, WITCH, V, V, V], options={"seer_after_witch": True})
    mark = len(g.events)
    play_night(g, {"loups": [4], GML: [2]})
    assert g.dead() == [2, 4] and "voyante" not in g.opened(mark)


def test_a_lover_gml_never_devours_the_beloved() -> None:
    """003: a lover « ne doit jamais … lui porter aucun préjudice »: the second victim is harm too."""
    g = Script([GML, W, CUPID, V, V, V, V])
    g.answer(2, "cupidon", [0, 3])
    play_night(g, {"loups": [4]}, until=GML)
    assert g.answer_rejected(0, GML, [3]) == "lover_harm"


# -- Abominable Sectaire -----------------------------------------------------------------------------------------
def test_the_sectarians_groups_are_public_halves_of_the_table() -> None:
    """Abominable Sectaire: "le meneur partage le village en deux groupes selon un critère visible" — online, the
    two halves of the table by default, announced to all and shown in every view."""
    g = Script([SECT, W, V, V, V, V])
    assert g.announcements("sect_group", viewer=SPECTATOR) == [{"group": 1, "seats": [0, 1, 2]},
                                                              {"group": 2, "seats": [3, 4, 5]}]
    assert g.view(4)["public"]["sect_groups"] == [[0, 1, 2], [3, 4, 5]]


def test_the_mj_chooses_the_groups_or_they_are_drawn() -> None:
    """The MJ may name the first group; or the groups are drawn, as even as can be."""
    g = Script([SECT, W, V, V, V, V], options={"sect_group": [1, 3, 5]})
    assert village(g.state).sect_groups == [[1, 3, 5], [0, 2, 4]]
    g = Script([SECT, W, V, V, V, V, V], options={"sect_split": "drawn"}, seed=3)
    groups = village(g.state).sect_groups
    assert groups is not None
    first, second = groups
    assert sorted(first + second) == list(range(7)) and {len(first), len(second)} == {3, 4}
    assert village(Script([W, V, V, V, V]).state).sect_groups is None  # no Sectaire, no groups


def test_the_sectarian_wins_alone_when_the_other_group_is_dead() -> None:
    """"Il gagne seul s'il parvient à éliminer tous les joueurs de l'autre groupe", at once."""
    g = Script([SECT, W, V, V, V, V])
    play_night(g, {"loups": [3]})
    g.run_until("debate")
    g.do("kill", MJ, seat=4)
    assert g.state.phase != "ended"
    g.do("kill", MJ, seat=5)
    assert g.result is not None and g.result["camp"] == "sectaire" and g.result["winners"] == [0]


def test_a_dead_sectarian_never_wins_and_the_village_wins_without_him() -> None:
    """He must be alive to win; he is no threat to the village, which wins once the wolves are gone (he loses)."""
    g = Script([SECT, W, V, V, V, V])
    play_night(g, {"loups": [2]})
    g.run_until("debate")
    g.do("kill", MJ, seat=1)
    assert g.result is not None and g.result["camp"] == "village" and 0 not in g.result["winners"]
    g = Script([SECT, W, W, V, V, V])
    play_night(g, {"loups": [0]})
    g.run_until("debate")
    for seat in (3, 4, 5):
        g.do("kill", MJ, seat=seat)
    assert g.result is not None and g.result["camp"] == "wolves"


def test_the_mj_who_brings_in_a_sectarian_splits_the_village() -> None:
    """A Sectaire card given by the MJ during the game (issue 14, item 2): the groups are drawn then, public."""
    g = Script([W, V, V, V, V, V])
    play_night(g, {"loups": [5]})
    g.do("set_role", MJ, seat=2, role=SECT)
    assert village(g.state).sect_groups == [[0, 1, 2], [3, 4, 5]]
    g.do("kill", MJ, seat=3)
    g.do("kill", MJ, seat=4)
    assert g.result is not None and g.result["camp"] == "sectaire" and g.result["winners"] == [2]


# -- Gitane ------------------------------------------------------------------------------------------------------
def test_the_gitane_holds_a_seance_and_the_spirits_tell_the_truth() -> None:
    """Gitane: "chaque nuit, elle peut désigner un joueur qui, au matin, posera aux esprits une question du
    Spiritisme" — the medium asks aloud, the spirits answer yes or no; with no MJ, the truth."""
    g = Script([W, W, GITANE, V, V, V, V])
    play_night(g, {"loups": [6], GITANE: [4], "gitane-question": "meute"})
    assert g.announcements("seance_meute", viewer=SPECTATOR) == [{"seat": 4}]
    assert g.announcements("spirits_yes", viewer=SPECTATOR) == [{}]
    g = Script([W, SEER, GITANE, V, V, V, V])
    play_night(g, {"loups": [1], GITANE: [3], "gitane-question": "voyante"})
    assert g.announcements("spirits_no") == [{}]  # the seer was eaten before the dawn


def test_each_question_is_asked_once() -> None:
    """A Spiritisme card once read is spent: the question is not offered again."""
    g = Script([W, W, GITANE, V, V, V, V, V])
    play_night(g, {"loups": [7], GITANE: [4], "gitane-question": "voisin"})
    g.run_until(GITANE, night=2)
    assert g.prompt("gitane-question").options == ["meute", "capitaine", "voyante"]


def test_no_seance_without_a_medium_or_a_question() -> None:
    """She may let a night pass; both the medium and the question are needed."""
    g = Script([W, W, GITANE, V, V, V, V])
    play_night(g, {"loups": [6], "gitane-question": "meute"})
    assert not g.announcements("seance_meute") and not g.announcements("spirits_yes")


def test_the_mj_answers_for_the_spirits() -> None:
    """Online the MJ speaks for the spirits (`gitane_spirits: mj`), and may answer as he likes."""
    g = Script([W, W, GITANE, V, V, V, V], options={"moderation": "mj"}, hurry=False)
    play_night(g, {"loups": [6], GITANE: [4], "gitane-question": "meute"}, until="esprits")
    spirits = g.prompt("esprits-meute")
    assert spirits.to_mj and spirits.info == {"seat": 4}  # the truth is yes: two wolves live
    g.do("answer", MJ, prompt=spirits.id, answer=False)
    play_night(g, {})
    assert g.announcements("spirits_no") == [{}]


def test_the_first_dead_answers_for_the_spirits() -> None:
    """`gitane_spirits: dead`: the first of the dead to answer speaks for the spirits."""
    g = Script([W, W, GITANE, V, V, V, V, V], options={"gitane_spirits": "dead"}, hurry=False)
    play_night(g, {"loups": [7]})
    vote(g, {seat: [6] for seat in g.living() if seat != 6})
    play_night(g, {"loups": [5], GITANE: [4], "gitane-question": "capitaine"}, until="esprits")
    spirits = g.prompt("esprits-capitaine")
    assert sorted(spirits.to) == [6, 7] and spirits.dead_may_answer and spirits.policy == "first"
    g.do("answer", 7, prompt=spirits.id, answer=True)
    play_night(g, {})
    assert g.announcements("spirits_yes") == [{}]


def test_no_seance_when_the_medium_died_in_the_night() -> None:
    """The medium must live to ask the question in the morning."""
    g = Script([W, W, GITANE, V, V, V, V])
    play_night(g, {"loups": [4], GITANE: [4], "gitane-question": "meute"})
    assert g.announcements("seance_medium_dead") == [{"seat": 4}]
    assert not g.announcements("spirits_yes")


def test_the_death_of_the_wild_child_ends_the_gml_hunger_too() -> None:
    """"… Enfant Sauvage ou Chien-Loup": their cards count whatever camp they are in when they die."""
    g = Script([GML, W, "enfant-sauvage", V, V, V, V, V, V])
    play_night(g, {"loups": [3], GML: [4]})
    vote(g, {seat: [2] for seat in g.living() if seat != 2})
    assert not g.alive(2) and g.state.players[2].role == "enfant-sauvage"
    since = len(g.events)
    play_night(g, {"loups": [5]})
    assert GML not in g.opened(since) and g.dead() == [2, 3, 4, 5]


# -- composition help --------------------------------------------------------------------------------------------
def test_the_composition_help_knows_the_three_roles() -> None:
    """Their place in the composition help: the balance counts them, the Grand Méchant Loup is a wolf (and wants a
    large village), the Sectaire a solitary camp; the random compositions deal them."""
    rules = get_ruleset("thiercelieux")
    report = rules.composition_report(8, [GML, W, SEER, V, V, V, V, V])
    assert {"code": "prerequisite", "role": GML, "players": 12} in report["warnings"]
    base = rules.composition_report(8, [W, W, SEER, V, V, V, V, V])["balance"]
    assert report["balance"] < base  # a wolf with a second bite weighs more than a plain wolf
    assert rules.composition_report(9, [SECT, W, W, V, V, V, V, V, GITANE])["warnings"] == []
    assert "sectaire" in rules.describe()["solo_camps"]
    drawn = {r for seed in range(60) for r in sim_setup(rules.key, 12, random.Random(seed))[0]}
    assert {GML, SECT, GITANE} <= drawn
