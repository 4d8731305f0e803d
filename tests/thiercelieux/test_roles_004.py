"""The new roles of seed 004 ("Nouveaux rôles"), played move by move on fixed cards: francs-maçons, Apprenti,
Assassin, Tueur, Marchand de sable, Somnambule, Casanova, Berger, Magicien, Louveteau, Traître. Each test quotes the
sentence of 004 it checks."""

from __future__ import annotations

import pytest

from app.engine.model import MJ
from app.engine.rulesets.thiercelieux.state import marks
from tests.support.engine import Script
from tests.support.thiercelieux import play_night, vote

W, V = "loup-garou", "villageois"
SEER, SALV = "voyante", "salvateur"
MASON, APPRENTI, ASSASSIN, TUEUR = "franc-macon", "apprenti", "assassin", "tueur"
SANDMAN, SOMNAMBULE, CASANOVA, BERGER = "marchand-de-sable", "somnambule", "casanova", "berger"
MAGICIEN, LOUVETEAU, TRAITRE = "magicien", "louveteau", "traitre"


# -- Les francs-maçons -------------------------------------------------------------------------------------------
def test_masons_know_each_other_on_the_first_night() -> None:
    """004: "Les francs-maçons sont des villageois qui sont réveillés par le MDJ la première nuit, se reconnaissent
    et savent qu'ils sont innocents." """
    g = Script([W, MASON, MASON, MASON, V, V])
    assert "francs-macons" in g.steps_run()
    for mason in (1, 2, 3):
        assert g.seen_roles(mason) == {1: MASON, 2: MASON, 3: MASON}
        assert g.view(mason)["secrets"]["masons"] == [1, 2, 3]
    assert g.seen_roles(4) == {4: V}
    assert g.seen_roles(0) == {0: W}  # the wolves learn nothing of it
    mark = len(g.events)
    play_night(g, {"loups": [4]})
    vote(g, {})
    play_night(g, {"loups": [5]})
    assert "francs-macons" not in g.steps_run(mark)  # the first night only
    assert g.seen_roles(1) == {1: MASON, 2: MASON, 3: MASON, 4: V, 5: V}  # the dead are revealed to all


# -- L'Apprenti --------------------------------------------------------------------------------------------------
def test_apprentice_takes_his_masters_card_when_the_master_dies() -> None:
    """004: "L'apprenti est réveillé par le MDJ la première nuit et désigne un maître dont il récupérera le rôle
    quand celui-ci mourra." """
    g = Script([W, APPRENTI, SEER, V, V, V])
    assert g.step == "apprenti"
    prompt = g.prompt("apprenti")
    assert prompt.to == [1] and 1 not in prompt.options and prompt.min == 1
    g.answer(1, "apprenti", [2])
    assert g.view(1)["secrets"]["master"] == 2
    play_night(g, {"voyante": [3], "loups": [2]})
    assert g.causes() == {2: "night"}
    assert g.role(1) == SEER and g.state.players[1].original_role == APPRENTI
    assert g.announcements("apprentice_inherits", viewer=1) == [{"role": SEER}]
    assert g.announcements("apprentice_inherits", viewer=4) == []
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"voyante": [0]}, until="loups")
    assert g.opened(mark) == ["vote", "voyante", "loups"] and g.open_prompts("loups")
    assert [p.to for p in g.state.prompts.values() if p.step == "voyante"][-1] == [1]
    assert g.seen_roles(1)[0] == W


def test_apprentice_of_the_last_wolf_carries_the_pack_on() -> None:
    """004: "un maître dont il récupérera le rôle quand celui-ci mourra" — even a wolf's card: the village has
    not won while the apprentice lives on as a Loup-Garou."""
    g = Script([W, APPRENTI, V, V, V, V])
    g.answer(1, "apprenti", [0])
    play_night(g, {"loups": [5]})
    vote(g, {2: [0], 3: [0]})
    assert g.causes()[0] == "vote"
    assert g.result is None and g.role(1) == W
    assert g.step == "loups" and g.prompt("loups").to == [1]


# -- L'Assassin --------------------------------------------------------------------------------------------------
def test_assassin_kills_by_day_at_once_once_a_day() -> None:
    """004: "L'assassin est appelé par le MDJ la première nuit, lui montre un signe discret qu'il fera le jour en
    regardant un joueur pour le tuer." Online: a secret day action that kills at once, once a day."""
    g = Script([W, ASSASSIN, V, V, V, V, V])
    assert "assassin" in g.steps_run()  # called on the first night (nothing to answer online)
    play_night(g, {"loups": [6]})
    g.run_until("debate", day=1)
    prompt = g.prompt("assassin")
    assert prompt.to == [1] and 1 not in prompt.options and prompt.optional
    assert all(p["step"] != "assassin" for p in g.view(2)["prompts"])  # secret
    g.answer(1, "assassin", [3])
    assert g.causes()[3] == "assassin" and g.state.players[3].revealed
    assert g.step == "debate"  # at once, the day goes on
    assert g.open_prompts("assassin") == []
    mark = len(g.events)
    g.run_until("vote", day=1)
    assert "assassin" not in g.opened(mark)  # once a day
    g.wait()
    play_night(g, {"loups": [5]})
    g.run_until("debate", day=2)
    assert g.prompt("assassin").to == [1]  # a new day, a new signal


def test_assassin_wins_as_the_last_survivor() -> None:
    """004: "Son but est d'être le dernier survivant." (and 004's presentation: "Il doit tuer tous les autres")."""
    g = Script([W, ASSASSIN, V, V, V])
    play_night(g, {"loups": [2]})
    g.run_until("debate", day=1)
    g.answer(1, "assassin", [0])
    vote(g, {1: [3]})
    assert g.living() == [1, 4]
    assert g.result is None  # the wolves are dead, but a solitary killer lives on
    play_night(g, {})
    g.run_until("debate", day=2)
    g.answer(1, "assassin", [4])
    # At once: the debate does not run on once the game is won.
    assert g.state.phase == "ended" and g.result is not None
    assert g.result["camp"] == ASSASSIN and g.result["winners"] == [1]


def test_a_kill_by_the_mj_that_wins_the_game_ends_it_at_once() -> None:
    """An MJ override in the middle of the debate (the last wolf removed): the village has won, now."""
    g = Script([W, V, V, V, V])
    play_night(g, {"loups": [2]})
    g.run_until("debate", day=1)
    g.do("kill", MJ, seat=0)
    assert g.state.phase == "ended" and g.result is not None and g.result["camp"] == "village"


def test_a_hunter_struck_during_the_debate_shoots_at_once_then_the_debate_resumes() -> None:
    """The Assassin strikes the Chasseur during the debate: the debate stops for his last shot (003: "en rendant
    son dernier souffle"), then goes on for the time it had left; victory is judged after the shot."""
    g = Script([W, ASSASSIN, "chasseur", V, V, V], options={"debate": 100})
    play_night(g, {"loups": [4]})
    g.run_until("debate", day=1)
    g.later(40)
    g.answer(1, "assassin", [2])
    assert g.step == "chasseur" and g.prompt("chasseur").to == [2]
    g.answer(2, "chasseur", [0])
    assert g.causes()[0] == "hunter"
    assert g.step == "debate" and g.deadline == g.at + 60  # the 60 seconds it had left
    assert g.open_prompts("assassin") == []  # his signal of the day is spent


def test_a_hunter_struck_during_the_vote_shoots_when_it_closes() -> None:
    """During a vote the ballots are kept: the shot comes when the vote closes, before the result is acted on."""
    g = Script([W, ASSASSIN, "chasseur", V, V, V])
    play_night(g, {"loups": [4]})
    g.run_until("vote", day=1)
    g.answer(3, "vote", [5])
    g.answer(1, "assassin", [2])
    assert g.step == "vote" and g.state.queue == [{"kind": "hunter", "seat": 2}]


# -- Le Tueur ----------------------------------------------------------------------------------------------------
def test_tueur_kills_at_night_and_wins_as_the_last_survivor() -> None:
    """004: "Le tueur est comme l'assassin un solitaire qui doit finir seul mais il tue la nuit au lieu de tuer le
    jour" """
    g = Script([W, TUEUR, V, V, V])
    play_night(g, {"loups": [2]}, until="tueur")
    prompt = g.prompt("tueur")
    assert prompt.to == [1] and 1 not in prompt.options
    g.answer(1, "tueur", [0])
    assert g.causes() == {2: "night", 0: "night"}
    assert g.result is None  # no wolf left, but the Tueur is not the village
    vote(g, {1: [3]})
    play_night(g, {"tueur": [4]})
    assert g.living() == [1]
    g.wait()
    assert g.result is not None and g.result["camp"] == TUEUR and g.result["winners"] == [1]


# -- Le Marchand de sable ----------------------------------------------------------------------------------------
def test_sandman_puts_the_seer_to_sleep_and_she_is_told() -> None:
    """004: "Le marchand de sable endort quelqu'un chaque nuit. [...] le MDJ touche cette victime en disant "La
    personne que j'ai touché ne se réveillera pas cette nuit"" """
    g = Script([W, SANDMAN, SEER, V, V, V])
    assert g.step == "marchand-de-sable" and g.prompt("marchand-de-sable").to == [1]
    sandman = 1
    assert sandman not in g.prompt("marchand-de-sable").options
    mark = len(g.events)
    g.answer(1, "marchand-de-sable", [2])
    assert g.announcements("you_sleep_tonight", viewer=2) == [{}]
    assert g.announcements("you_sleep_tonight", viewer=3) == []
    play_night(g, {"loups": [5]})
    assert "voyante" in g.steps_run(mark)  # her turn passes, for appearances
    assert "voyante" not in g.opened(mark)
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"marchand-de-sable": [3]}, until="loups")
    assert "voyante" in g.opened(mark)  # one night only


def test_sandman_puts_a_wolf_to_sleep() -> None:
    """004: "ne se réveillera pas cette nuit" — a wolf put to sleep does not hunt with the pack."""
    g = Script([W, W, SANDMAN, V, V, V, V])
    g.answer(2, "marchand-de-sable", [0])
    assert g.step == "loups" and g.prompt("loups").to == [1]


def test_salvateur_put_to_sleep_is_free_to_protect_again() -> None:
    """001: "il ne peut pas protéger la même personne deux tours de suite" — nights 1 and 3 are not in a row."""
    g = Script([W, SANDMAN, SALV, V, V, V, V])
    play_night(g, {"marchand-de-sable": [], "salvateur": [3], "loups": [6]})
    vote(g, {})
    play_night(g, {"marchand-de-sable": [2], "loups": [5]})
    assert g.causes() == {6: "night", 5: "night"}
    vote(g, {})
    play_night(g, {"marchand-de-sable": []}, until="salvateur")
    assert 3 in g.prompt("salvateur").options


# -- Le Somnambule -----------------------------------------------------------------------------------------------
SOMN_GAME = [W, SOMNAMBULE, V, V, V, V]


def test_somnambule_targeted_by_the_wolves_is_away() -> None:
    """004: "Le somnambule va se promener chez quelqu'un chaque nuit [...]. Si les loups le désignent, il ne meurt
    pas" """
    g = Script(SOMN_GAME)
    assert g.prompt("somnambule").to == [1] and 1 not in g.prompt("somnambule").options
    play_night(g, {"somnambule": [3], "loups": [1]})
    assert g.deaths() == [] and g.announcements("no_death")


def test_somnambule_dies_instead_of_his_host() -> None:
    """004: "mais si les loups désignent la personne chez qui il se promène, c'est le somnambule qui meurt à la
    place de la victime désignée par les loups." """
    g = Script(SOMN_GAME)
    play_night(g, {"somnambule": [3], "loups": [3]})
    assert g.causes() == {1: "night"}
    assert g.alive(3)


def test_somnambule_not_the_same_house_two_nights_running() -> None:
    """004: "(pas 2 fois de suite la même personne)" """
    g = Script(SOMN_GAME)
    play_night(g, {"somnambule": [3], "loups": [5]})
    vote(g, {})
    g.run_until("somnambule", night=2)
    assert 3 not in g.prompt("somnambule").options
    assert g.answer_rejected(1, "somnambule", [3]) == "target_not_allowed"


# -- Casanova ----------------------------------------------------------------------------------------------------
CASA_GAME = [W, CASANOVA, V, V, V, V]


def test_casanova_targeted_by_the_wolves_is_away() -> None:
    """004: "Casanova : comme le somnambule" — "Si les loups le désignent, il ne meurt pas" """
    g = Script(CASA_GAME)
    play_night(g, {"casanova": [3], "loups": [1]})
    assert g.deaths() == []


def test_casanova_dies_with_his_host() -> None:
    """004: "sauf qu'il meurt avec la personne à qui il rend visite si les loups désignent cette personne comme
    victime" """
    g = Script(CASA_GAME)
    play_night(g, {"casanova": [3], "loups": [3]})
    assert g.causes() == {3: "night", 1: "night"}


def test_casanova_not_the_same_house_two_nights_running() -> None:
    """004: "Casanova : comme le somnambule sauf qu'il meurt avec la personne [...]" — like the Somnambule, "pas 2
    fois de suite la même personne"."""
    g = Script(CASA_GAME)
    play_night(g, {"casanova": [3], "loups": [5]})
    vote(g, {})
    g.run_until("casanova", night=2)
    assert 3 not in g.prompt("casanova").options


# -- Le Berger ---------------------------------------------------------------------------------------------------
BERGER_GAME = [W, BERGER, V, V, V, V]


@pytest.mark.parametrize("wolf", [W, "loup-blanc"])
def test_berger_sheep_dies_at_a_wolfs_house(wolf: str) -> None:
    """004: "Le berger a un mouton qu'il envoie chez quelqu'un chaque nuit. Si c'est un loup-garou (ou loup blanc)
    son mouton meurt (le MDJ l'indique par le pouce vers le bas)" """
    g = Script([wolf, *BERGER_GAME[1:]])
    play_night(g, {"loups": [5]}, until="berger")
    assert g.prompt("berger").to == [1] and 1 not in g.prompt("berger").options
    g.answer(1, "berger", [0])
    assert g.announcements("sheep_died", viewer=1) == [{"seat": 0}]
    assert g.announcements("sheep_died", viewer=2) == []
    assert g.view(1)["secrets"]["sheep"] == 0
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"loups": [4]})
    assert "berger" in g.steps_run(mark) and "berger" not in g.opened(mark)  # no sheep left


def test_berger_sheep_comes_back_from_elsewhere() -> None:
    """004: "sinon il revient (le MDJ l'indique par le pouce vers le haut)" """
    g = Script(BERGER_GAME)
    play_night(g, {"loups": [5], "berger": [3]})
    assert g.announcements("sheep_back", viewer=1) == [{"seat": 3}]
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"loups": [4]}, until="berger")
    assert "berger" in g.opened(mark)


# -- Le Magicien -------------------------------------------------------------------------------------------------
def test_magicien_frog_sits_out_a_day_and_a_night() -> None:
    """004: "Le magicien peut transformer chaque nuit une personne [...] en grenouille. La grenouille ne participe
    pas au jeu pendant un jour et une nuit." """
    g = Script([W, W, MAGICIEN, SEER, V, V, V, V])
    play_night(g, {"voyante": [4], "loups": [7]}, until="magicien")
    prompt = g.prompt("magicien")
    assert prompt.to == [2] and prompt.max == 1 and 2 not in prompt.options
    g.answer(2, "magicien", [3])
    assert g.announcements("frogs", viewer=5) == [{"seats": [3]}]
    g.run_until("vote", day=1)
    assert g.view(4)["public"]["frogs"] == [3]
    assert 3 not in g.prompt("vote").to and 3 in g.prompt("vote").options  # no vote; still a suspect
    assert g.answer_rejected(3, "vote", [0]) == "no_such_prompt"
    mark = len(g.events)
    g.wait()
    play_night(g, {"loups": [6], "magicien": [0]})
    assert "voyante" in g.steps_run(mark) and "voyante" not in g.opened(mark)  # no night action either
    g.run_until("vote", day=2)
    assert 3 in g.prompt("vote").to and 0 not in g.prompt("vote").to  # back; the new frog sits out
    g.wait()
    g.run_until("loups", night=3)
    assert g.prompt("loups").to == [1]  # a frog wolf does not hunt
    assert any(p.step == "voyante" and p.to == [3] for p in g.state.prompts.values())


def test_magicien_two_frogs_with_the_option() -> None:
    """004: "une personne (ou parfois 2 personnes) en grenouille" (option magicien_frogs)."""
    g = Script([W, MAGICIEN, V, V, V, V], options={"magicien_frogs": 2})
    play_night(g, {"loups": [5]}, until="magicien")
    assert g.prompt("magicien").max == 2
    g.answer(1, "magicien", [2, 3])
    assert g.announcements("frogs") == [{"seats": [2, 3]}]
    g.run_until("vote", day=1)
    assert sorted(g.prompt("vote").to) == [0, 1, 4]


# -- Le Louveteau ------------------------------------------------------------------------------------------------
def test_louveteau_visiting_a_wolf_becomes_a_wolf() -> None:
    """004: "Le louveteau va rendre visite à quelqu'un chaque nuit. Si c'est un loup, il devient loup." """
    g = Script([W, LOUVETEAU, V, V, V, V, V])
    assert g.prompt("louveteau").to == [1]
    g.answer(1, "louveteau", [0])
    assert g.announcements("cub_turned", viewer=1) == [{}]
    assert g.announcements("cub_turned", viewer=2) == []
    assert g.step == "loups" and sorted(g.prompt("loups").to) == [0, 1]  # he hunts with the pack
    assert g.seen_roles(1)[0] == W and g.seen_roles(0)[1] == W
    assert g.view(1)["secrets"]["converted"] is True


def test_louveteau_visiting_a_villager_stays_a_villager() -> None:
    """004: "Si c'est un loup, il devient loup." — otherwise nothing happens."""
    g = Script([W, LOUVETEAU, V, V, V, V, V])
    g.answer(1, "louveteau", [3])
    assert g.announcements("cub_turned") == []
    assert g.step == "loups" and g.prompt("loups").to == [0]


# -- Le Traître --------------------------------------------------------------------------------------------------
def test_traitor_becomes_a_wolf_when_every_wolf_is_dead() -> None:
    """004: "Le traître est un villageois qui devient loup si tous les loups sont morts" — so the village has not
    won yet."""
    g = Script([W, TRAITRE, V, V, V, V])
    play_night(g, {"loups": [5]})
    assert g.seen_roles(0) == {0: W, 5: V}  # a villager until then: the pack does not know him
    vote(g, {2: [0], 3: [0]})
    assert g.causes()[0] == "vote"
    assert g.result is None
    assert marks(g.state, 1).wolf is True
    assert g.announcements("traitor_turns", viewer=1) == [{}]
    assert g.announcements("traitor_turns", viewer=2) == []
    assert g.step == "loups" and g.prompt("loups").to == [1]


def test_a_dead_traitor_does_not_save_the_wolves() -> None:
    """004: "devient loup si tous les loups sont morts" — a dead traitor turns into nothing: the village wins."""
    g = Script([W, TRAITRE, V, V, V, V])
    play_night(g, {"loups": [1]})
    vote(g, {2: [0], 3: [0]})
    assert g.result is not None and g.result["camp"] == "village"
