"""The roles of seed 001 (the Elvenar forum rules), played move by move on fixed cards: Salvateur, Corbeau, Ancien,
Joueur de Flûte, Loup Blanc, Infect Père des Loups, Chaman. Each test quotes the sentence of 001 it checks."""

from __future__ import annotations

import pytest

from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux.state import marks, village
from tests.support.engine import Script
from tests.support.thiercelieux import play_night, vote

W, V = "loup-garou", "villageois"
SEER, WITCH, HUNTER, CUPID, PF = "voyante", "sorciere", "chasseur", "cupidon", "petite-fille"
SALV, RAVEN, ANCIEN, PIPER, LB, INFECT = (
    "salvateur", "corbeau", "ancien", "joueur-de-flute", "loup-blanc", "infect-pere-des-loups")


# -- Le Salvateur ------------------------------------------------------------------------------------------------
def test_salvateur_protects_against_the_wolves() -> None:
    """001: "désigne au Meneur de jeu [...] le nom d'un joueur qu'il protégera. Si ce joueur est la victime
    désignée par les Loups-Garous cette nuit, il survit à leur assaut." He wakes before the wolves."""
    g = Script([W, SALV, V, V, V, V])
    assert g.step == "salvateur" and g.prompt("salvateur").to == [1]
    play_night(g, {"salvateur": [3], "loups": [3]})
    assert g.steps_run().index("salvateur") < g.steps_run().index("loups")
    assert g.deaths() == [] and g.announcements("no_death")
    assert g.living() == list(range(6))


def test_salvateur_never_the_same_player_two_nights_running() -> None:
    """001: "il ne peut pas protéger la même personne deux tours de suite" (004: "mas pas 2 fois de suite le
    même")."""
    g = Script([W, SALV, V, V, V, V])
    play_night(g, {"salvateur": [3], "loups": [4]})
    vote(g, {})
    g.run_until("salvateur", night=2)
    assert 3 not in g.prompt("salvateur").options
    assert g.answer_rejected(1, "salvateur", [3]) == "target_not_allowed"
    play_night(g, {"salvateur": [2], "loups": [5]})
    vote(g, {})
    g.run_until("salvateur", night=3)
    assert 3 in g.prompt("salvateur").options  # a night in between frees the choice
    assert 2 not in g.prompt("salvateur").options


def test_salvateur_may_protect_himself() -> None:
    """001: "Le Salvateur peut éventuellement se protéger lui-même"."""
    g = Script([W, SALV, V, V, V, V])
    salvateur = 1
    assert salvateur in g.prompt("salvateur").options
    play_night(g, {"salvateur": [1], "loups": [1]})
    assert g.deaths() == [] and g.alive(1)


PF_HOUSES = [W, SALV, PF, V, V, V, V]


def test_salvateur_and_petite_fille_in_the_same_house() -> None:
    """001: "Si la Petite Fille et le Salvateur se retrouvent la même nuit chez le même villageois et que les loups
    attaquent, la Petite Fille est tuée par les Loups Garous à la place de leur victime désignée, mais le Salvateur
    et la personne protégée en réchappent." """
    g = Script(PF_HOUSES, options={"petite_fille": "houses"})
    play_night(g, {"salvateur": [4], "petite-fille-houses": [4], "loups": [4]})
    assert g.causes() == {2: "night"}
    assert g.alive(4) and g.alive(1)


@pytest.mark.parametrize(
    ("protected", "house", "attacked", "dead"),
    [
        (2, 4, 4, {2: "night"}),  # she hides at the victim's: the attack is not aimed at her, she dies
        (2, None, 2, {}),  # the attack is aimed at her: the Salvateur saves her
        (2, 5, 2, {}),  # aimed at her while she is out hiding elsewhere: saved too
    ],
)
def test_salvateur_protects_the_petite_fille_only_from_an_attack_aimed_at_her(
    protected: int, house: int | None, attacked: int, dead: dict[int, str]
) -> None:
    """001: "Le Salvateur peut uniquement protéger la Petite Fille que si l'attaque des Loups garous est dirigée
    contre elle." """
    g = Script(PF_HOUSES, options={"petite_fille": "houses"})
    play_night(g, {"salvateur": [protected], "petite-fille-houses": [house] if house is not None else [],
                   "loups": [attacked]})
    assert g.causes() == dead
    assert g.alive(4)


def test_salvateur_cannot_prevent_a_lovers_grief() -> None:
    """001: "le Salvateur ne peut empêcher un Amoureux survivant de mourir de chagrin"."""
    g = Script([W, SALV, CUPID, V, V, V])
    play_night(g, {"cupidon": [3, 4], "salvateur": [3], "loups": [4]})
    assert g.causes() == {4: "night", 3: "grief"}


def test_salvateur_protects_a_lover_from_the_wolves() -> None:
    """001: "mais il peut protéger un Amoureux contre une attaque des loups"."""
    g = Script([W, SALV, CUPID, V, V, V])
    play_night(g, {"cupidon": [3, 4], "salvateur": [3], "loups": [3]})
    assert g.deaths() == []
    assert g.alive(3) and g.alive(4)


def test_witch_poison_kills_a_protected_player() -> None:
    """001: "la potion mortelle de la Sorcière fonctionnera toujours sur un joueur protégé par le Salvateur"."""
    g = Script([W, SALV, WITCH, V, V, V])
    play_night(g, {"salvateur": [3], "loups": [4], "sorciere-heal": False, "sorciere-poison": [3]})
    assert g.causes() == {3: "night", 4: "night"}


# -- Le Corbeau --------------------------------------------------------------------------------------------------
RAVEN_GAME = [W, RAVEN, V, V, V, V, V]


def test_corbeau_adds_two_votes_announced_in_the_morning() -> None:
    """001: "Ce joueur aura automatiquement deux voix contre lui au prochain vote, en plus du vote "normal" du
    Corbeau" — "révélera ces 2 voix au matin". """
    g = Script(RAVEN_GAME)
    play_night(g, {"loups": [6]}, until="corbeau")
    assert g.prompt("corbeau").to == [1] and 1 not in g.prompt("corbeau").options
    assert g.steps_run().index("loups") < g.steps_run().index("corbeau")
    play_night(g, {"corbeau": [3]})
    assert g.announcements("raven_marks", viewer=5) == [{"seat": 3}]  # public
    assert g.view(5)["public"]["raven"] == 3
    vote(g, {1: [3], 4: [5], 5: [4]})
    assert g.announcements("vote_result")[-1]["counts"] == {"3": 3, "5": 1, "4": 1}
    assert g.causes()[3] == "vote"
    # Only the next vote: the mark is spent.
    play_night(g, {"loups": [2]})
    assert g.view(5)["public"]["raven"] is None
    vote(g, {4: [5]})
    assert g.announcements("vote_result")[-1]["counts"] == {"5": 1}


def test_corbeau_may_skip_a_night() -> None:
    """001: "Le Corbeau n'est pas obligé de lancer son sort toutes les nuits." """
    g = Script(RAVEN_GAME)
    play_night(g, {"corbeau": [], "loups": [6]})
    assert g.announcements("raven_marks") == []
    vote(g, {4: [5]})
    assert g.announcements("vote_result")[-1]["counts"] == {"5": 1}


def test_corbeau_mark_on_a_player_dead_in_the_night_has_no_effect() -> None:
    """001: "Si le joueur désigné est mort dans la nuit, l'intervention du Corbeau est sans effet." """
    g = Script(RAVEN_GAME)
    play_night(g, {"corbeau": [3], "loups": [3]})
    assert g.causes() == {3: "night"}
    assert g.announcements("raven_marks") == []
    assert g.view(4)["public"]["raven"] is None
    vote(g, {4: [5]})
    assert g.announcements("vote_result")[-1]["counts"] == {"5": 1}


# -- L'Ancien ----------------------------------------------------------------------------------------------------
def test_ancien_survives_the_first_attack_silently_and_dies_at_the_second() -> None:
    """001: "Il a 2 vies et est immunisé contre la première attaque des Loups-Garous [...] mais il meurt s'il est
    attaqué une seconde fois" — "L'Ancien n'est pas averti quand il perd sa première vie. Le Meneur n'annoncera pas
    ces actions tant que l'Ancien survit." """
    g = Script([W, ANCIEN, V, V, V, V])
    mark = len(g.events)
    play_night(g, {"loups": [1]})
    assert g.alive(1) and g.deaths() == []
    assert g.announcements("no_death")
    assert not any(e.to is not None and 1 in e.to for e in g.events[mark:]), "the Ancien is told"
    assert "lives" not in g.view(1).get("secrets", {})
    vote(g, {})
    play_night(g, {"loups": [1]})
    assert g.causes() == {1: "night"}
    assert not village(g.state).powers_lost  # the wolves' kill takes no power away


def test_ancien_protected_by_the_salvateur_loses_no_life() -> None:
    """001: "Si les Loups le désignent et que le Salvateur le protège, il ne perd pas de vie. Lorsque le Salvateur
    protège l'Ancien et que l'Ancien est attaqué par les Loups, le Meneur n'annonce pas de victime cette nuit là." """
    g = Script([W, ANCIEN, SALV, V, V, V])
    play_night(g, {"salvateur": [1], "loups": [1]})
    assert g.deaths() == [] and g.announcements("no_death")
    assert (marks(g.state, 1).lives or 2) == 2
    vote(g, {})
    play_night(g, {"salvateur": [3], "loups": [1]})
    assert g.alive(1)  # he still had both lives: this attack costs the first
    assert marks(g.state, 1).lives == 1


def test_ancien_healed_by_the_witch_loses_no_life() -> None:
    """001: "il meurt s'il est attaqué une seconde fois par ces derniers sans avoir reçu de protection par le
    Salvateur ou la Sorcière"."""
    g = Script([W, ANCIEN, WITCH, V, V, V])
    play_night(g, {"loups": [1], "sorciere-heal": True, "sorciere-poison": []})
    assert g.deaths() == []
    assert (marks(g.state, 1).lives or 2) == 2


POWERS = [W, ANCIEN, SEER, WITCH, SALV, PIPER, V, V]


def test_ancien_lynched_the_villagers_lose_their_powers_not_the_piper_nor_the_wolves() -> None:
    """001: "si l'Ancien est la victime du vote du village [...], il meurt et tous les villageois perdent leurs
    pouvoirs pour le restant de la partie. Le Joueur de Flûte et les Loups-Garous ne sont pas de vrais Villageois
    et ne perdent pas leurs pouvoirs." (004: "voyante, sorcière et salvateur deviennent simples villageois")."""
    g = Script(POWERS)
    play_night(g, {"salvateur": [6], "voyante": [0], "loups": [7], "sorciere-heal": False,
                   "sorciere-poison": [], "joueur-de-flute": [6]})
    assert {"salvateur", "voyante", "sorciere-heal", "sorciere-poison"} <= set(g.opened())
    mark = len(g.events)
    vote(g, {0: [1], 2: [1], 3: [1]})
    assert g.causes()[1] == "vote"
    assert village(g.state).powers_lost is True
    assert g.announcements("powers_lost", viewer=6) == [{}]
    assert g.view(6)["public"]["powers_lost"] is True
    play_night(g, {"loups": [6], "joueur-de-flute": [2]})
    assert g.opened(mark) == ["vote", "loups", "joueur-de-flute"]  # the wolves and the piper keep theirs
    assert {"salvateur", "voyante", "sorciere"} <= set(g.steps_run(mark))  # their turns still pass, empty
    assert g.causes()[6] == "night"
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"loups": [3]})
    assert "voyante" not in g.opened(mark) and "salvateur" not in g.opened(mark)  # for the rest of the game


def test_ancien_poisoned_by_the_witch_takes_the_powers() -> None:
    """001: "si l'Ancien est la victime [...] de la potion mortelle de la Sorcière [...] tous les villageois
    perdent leurs pouvoirs"."""
    g = Script([W, ANCIEN, SEER, WITCH, V, V])
    play_night(g, {"voyante": [0], "loups": [5], "sorciere-heal": False, "sorciere-poison": [1]})
    assert g.causes() == {5: "night", 1: "night"}
    assert village(g.state).powers_lost is True
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"loups": [4]})
    assert g.opened(mark) == ["vote", "loups"]  # no seer, no witch


def test_ancien_shot_by_the_hunter_takes_the_powers() -> None:
    """001: "si l'Ancien est la victime [...] du tir du Chasseur, il meurt et tous les villageois perdent leurs
    pouvoirs"."""
    g = Script([W, ANCIEN, HUNTER, SEER, V, V])
    play_night(g, {"voyante": [4], "loups": [5]})
    vote(g, {0: [2], 1: [2], 4: [2]})
    mark = len(g.events)
    g.answer(2, "chasseur", [1])
    assert g.causes() == {5: "night", 2: "vote", 1: "hunter"}
    assert village(g.state).powers_lost is True
    play_night(g, {"loups": [4]})
    assert g.opened(mark) == ["loups"]  # no seer


def test_hunter_loses_his_shot_when_the_ancien_is_lynched() -> None:
    """001: "tous les villageois perdent leurs pouvoirs pour le restant de la partie" — the Chasseur is a villager
    with a power (roles.py tags him "power")."""
    g = Script([W, ANCIEN, HUNTER, V, V, V])
    play_night(g, {"loups": [5]})
    vote(g, {0: [1], 2: [1], 3: [1]})
    assert village(g.state).powers_lost is True
    play_night(g, {"loups": [2]})
    assert g.causes()[2] == "night"
    g.wait()  # the dawn is over
    assert g.opened().count("chasseur") == 0


def test_chaman_loses_the_spirits_when_the_ancien_is_lynched() -> None:
    """001: "tous les villageois perdent leurs pouvoirs pour le restant de la partie" — the Chaman too."""
    g = Script([W, ANCIEN, "chaman", V, V, V])
    play_night(g, {"loups": [5]})
    vote(g, {0: [1], 2: [1], 3: [1]})
    assert village(g.state).powers_lost is True
    assert get_ruleset("thiercelieux").relay_to(g.state, "chaman") == ("spirits", [])


@pytest.mark.parametrize(("variant", "lost"), [("village", True), ("vote", False)])
def test_ancien_powers_variant_only_the_vote(variant: str, lost: bool) -> None:
    """004: "Variante pour l'ancien : le village ne perd ses pouvoirs que s'il est tué par le vote du village." """
    g = Script([W, ANCIEN, SEER, WITCH, V, V], options={"ancien_powers": variant})
    play_night(g, {"voyante": [0], "loups": [5], "sorciere-heal": False, "sorciere-poison": [1]})
    assert g.causes()[1] == "night"
    assert bool(village(g.state).powers_lost) is lost
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"voyante": [0], "loups": [4]})
    assert ("voyante" in g.opened(mark)) is not lost


def test_ancien_powers_variant_the_vote_still_takes_them() -> None:
    """004: "le village ne perd ses pouvoirs que s'il est tué par le vote du village" — the vote does."""
    g = Script([W, ANCIEN, SEER, V, V, V], options={"ancien_powers": "vote"})
    play_night(g, {"voyante": [0], "loups": [5]})
    mark = len(g.events)
    vote(g, {0: [1], 2: [1]})
    assert village(g.state).powers_lost is True
    play_night(g, {"loups": [4]})
    assert g.opened(mark) == ["vote", "loups"]


# -- Le Joueur de Flûte ------------------------------------------------------------------------------------------
PIPER_GAME = [W, PIPER, V, V, V, V]


def test_piper_charms_two_announced_publicly_each_morning() -> None:
    """001: "le Joueur de Flûte se réveille à la fin de chaque nuit et choisit chaque fois deux nouveaux joueurs
    qu'il va charmer [...] Les joueurs ensorcelés sont publiquement annoncés le matin par le Meneur." """
    g = Script(PIPER_GAME)
    play_night(g, {"loups": [5]}, until="joueur-de-flute")
    prompt = g.prompt("joueur-de-flute")
    assert prompt.to == [1] and prompt.max == 2 and 1 not in prompt.options
    assert g.steps_run().index("loups") < g.steps_run().index("joueur-de-flute")
    g.answer(1, "joueur-de-flute", [0, 2])
    assert g.announcements("charmed", viewer=3) == [{"seats": [0, 2]}]
    assert g.view(3)["public"]["charmed"] == [0, 2]
    assert g.view(0)["public"]["charmed"] == [0, 2]
    vote(g, {})
    g.run_until("joueur-de-flute", night=2)
    assert not {0, 2} & set(g.prompt("joueur-de-flute").options)  # two new players each night


def test_piper_charms_one_with_the_option() -> None:
    """004: "Le joueur de flûte, qui enchante jusqu'à 2 personnes chaque nuit" / "selon le nombre de joueurs,
    jusqu'à 1 ou 2 personnes" (option piper_charms)."""
    g = Script(PIPER_GAME, options={"piper_charms": 1})
    play_night(g, {"loups": [5]}, until="joueur-de-flute")
    assert g.prompt("joueur-de-flute").max == 1
    assert g.answer_rejected(1, "joueur-de-flute", [0, 2]) == "wrong_count"


def test_a_charmed_target_dead_that_night_is_not_charmed() -> None:
    """001: "Si l'un des joueurs désigné est mort (par Loups Garou, Sorcière ou Chasseur) il n'y aura qu'un seul
    ensorcelé cette nuit là." """
    g = Script(PIPER_GAME)
    play_night(g, {"loups": [2], "joueur-de-flute": [2, 3]})
    assert g.causes() == {2: "night"}
    assert g.announcements("charmed") == [{"seats": [3]}]
    assert not marks(g.state, 2).charmed


def test_a_charmed_lover_dead_of_grief_that_night_is_not_charmed() -> None:
    """001: "Les ensorcelés sont 0, 1 ou 2 noms de joueurs selon que les ensorcelés sont ou non encore vivants."
    A lover whose beloved was eaten dies of grief in the same night."""
    g = Script([W, PIPER, CUPID, V, V, V])
    play_night(g, {"cupidon": [3, 4], "loups": [4], "joueur-de-flute": [3, 5]})
    assert g.causes() == {4: "night", 3: "grief"}
    assert g.announcements("charmed") == [{"seats": [5]}]


def test_piper_wins_at_once_alone_when_every_other_living_player_is_charmed() -> None:
    """001: "Si, à n'importe quel moment, le Joueur de Flûte est en vie et tous les autres joueurs vivants sont
    charmés, le Joueur de Flûte gagne immédiatement, seul." """
    g = Script(PIPER_GAME)
    play_night(g, {"loups": [3], "joueur-de-flute": [0, 2]})
    vote(g, {})
    mark = len(g.events)
    play_night(g, {"joueur-de-flute": [4, 5]})  # the wolf sleeps: nobody is eaten
    assert g.announcements("charmed")[-1] == {"seats": [4, 5]}
    g.wait()  # the morning's announcements
    assert g.state.phase == "ended" and g.state.day == 2
    assert g.result is not None and g.result["camp"] == PIPER and g.result["winners"] == [1]
    assert g.steps_run(mark)[-1] == "dawn"  # no debate, no vote: at once


def test_piper_in_love_charms_everyone_but_himself_and_his_lover() -> None:
    """001: "Si le Joueur de Flûte est en couple, il devra charmer tout le monde sauf lui et son Amoureux." """
    g = Script([W, PIPER, CUPID, V, V])
    play_night(g, {"cupidon": [1, 3], "joueur-de-flute": [0, 2]})  # the wolf sleeps
    assert g.state.phase == "day"
    vote(g, {})
    play_night(g, {"joueur-de-flute": [4]})
    g.wait()
    assert g.result is not None and g.result["camp"] == PIPER and g.result["winners"] == [1]
    assert not marks(g.state, 3).charmed


# -- Le Loup Blanc -----------------------------------------------------------------------------------------------
LB_GAME = [W, W, LB, V, V, V, V, V]


def test_loup_blanc_hunts_with_the_pack_and_kills_a_wolf_every_other_night() -> None:
    """001: "En plus de comploter de nuit avec les autres Loups-Garous pour désigner une victime, il peut également
    choisir d'éliminer un simple Loup-Garou une nuit sur deux"."""
    g = Script(LB_GAME)
    play_night(g, {"loups": [7]}, until="loups")
    assert sorted(g.prompt("loups").to) == [0, 1, 2]
    mark = len(g.events)
    play_night(g, {"loups": [7]})
    assert "loup-blanc" in g.steps_run(mark) and "loup-blanc" not in g.opened(mark)  # night 1: odd, he sleeps
    vote(g, {})
    play_night(g, {"loups": [6]}, until="loup-blanc")
    assert g.state.night == 2
    prompt = g.prompt("loup-blanc")
    assert prompt.to == [2] and sorted(prompt.options) == [0, 1] and prompt.min == 0
    g.answer(2, "loup-blanc", [0])
    assert g.causes() == {7: "night", 6: "night", 0: "night"}


def test_loup_blanc_may_spare_the_wolves() -> None:
    """001: "il peut également choisir d'éliminer" — he may, not must."""
    g = Script(LB_GAME, options={"loup_blanc_every": "every"})
    play_night(g, {"loups": [7], "loup-blanc": []})
    assert g.causes() == {7: "night"}


def test_loup_blanc_every_night_option() -> None:
    """004: "se réveille ensuite seul après les loups-garous (selon le MDJ toutes les nuits ou une nuit sur 2)"."""
    g = Script(LB_GAME, options={"loup_blanc_every": "every"})
    play_night(g, {"loups": [7]}, until="loup-blanc")
    assert g.state.night == 1 and g.prompt("loup-blanc").to == [2]
    g.answer(2, "loup-blanc", [1])
    assert g.causes() == {7: "night", 1: "night"}


def test_the_pack_believes_the_loup_blanc_is_one_of_theirs() -> None:
    """001: "Il est différent des autres Loups-Garous, qui eux sont persuadés qu'il est dans leur camp." """
    g = Script(LB_GAME)
    assert g.seen_roles(0)[2] == W
    assert g.seen_roles(2) == {0: W, 1: W, 2: LB}


def test_loup_blanc_wins_only_as_the_last_survivor() -> None:
    """001: "Il gagne la partie s'il parvient à être le dernier survivant." — "Pour le Loup Blanc : éliminer tous
    les joueurs." The pack does not win while he lives."""
    g = Script([W, LB, V, V, V])
    play_night(g, {"loups": [2]})
    vote(g, {0: [3], 1: [3]})
    play_night(g, {"loups": [4], "loup-blanc": []})
    assert g.living() == [0, 1]
    assert g.state.phase == "day" and g.result is None  # a wolf and the White Wolf: nobody has won yet
    vote(g, {1: [0]})
    assert g.result is not None and g.result["camp"] == LB and g.result["winners"] == [1]


# -- L'Infect Père des Loups -------------------------------------------------------------------------------------
INFECT_GAME = [W, INFECT, SEER, V, V, V, V]


def test_infect_turns_the_victim_into_a_wolf_who_keeps_his_powers() -> None:
    """001: "Lors d'une nuit et d'une seule, le personnage qui aurait dû être mangé ne le sera pas et deviendra un
    loup garou à la place. [...] l'infecté garde ses pouvoirs d'innocent ! Le Meneur n'annoncera pas de mort cette
    nuit-là." """
    g = Script(INFECT_GAME)
    play_night(g, {"voyante": [3], "loups": [2]}, until="infect")
    prompt = g.prompt("infect")
    assert prompt.to == [1] and prompt.info == {"victim": 2}
    g.answer(1, "infect", True)
    assert g.state.phase == "day"
    assert g.deaths() == [] and g.announcements("no_death")
    assert g.role(2) == SEER and marks(g.state, 2).wolf is True
    assert g.announcements("you_are_infected", viewer=2) == [{}]
    assert g.announcements("you_are_infected", viewer=3) == []
    assert g.view(2)["secrets"]["converted"] is True
    assert g.seen_roles(0)[2] == W and g.seen_roles(2)[1] == INFECT  # he knows the pack, the pack knows him
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"voyante": [4]}, until="loups")
    assert g.opened(mark) == ["vote", "voyante", "loups"]
    assert g.announcements("seer_saw", viewer=2)[-1] == {"seat": 4, "role": V}  # still the seer
    assert sorted(g.prompt("loups").to) == [0, 1, 2]  # and a wolf
    for wolf in (0, 1, 2):
        g.answer(wolf, "loups", [5])
    play_night(g, {})
    assert "infect" in g.steps_run(mark) and "infect" not in g.opened(mark)  # once per game
    assert g.causes() == {5: "night"}


def test_infect_may_decline() -> None:
    """001: "Lors d'une nuit et d'une seule" — he chooses the night; declining, the victim is eaten."""
    g = Script(INFECT_GAME)
    play_night(g, {"voyante": [3], "loups": [4], "infect": False})
    assert g.causes() == {4: "night"}
    assert not marks(g.state, 1).infect_used


# -- Le Chaman ---------------------------------------------------------------------------------------------------
def test_chaman_is_a_villager_who_hears_the_dead_through_the_mj() -> None:
    """001: "Le Chaman: Son objectif est d'éliminer tous les Loups-Garous [...] Les messages des morts lui sont
    transmis par le Meneur" (the relay itself is tested in test_chat)."""
    rules = get_ruleset("thiercelieux")
    assert rules.roles["chaman"].camp == "village"
    g = Script(["chaman", W, V, V, V, V])
    play_night(g, {"loups": [3]})
    # By day nobody hears them: the Chaman listens in his night step (tests/thiercelieux/test_i14_dead.py).
    assert rules.relay_to(g.state, "chaman") == ("spirits", [])
    assert any(c["name"] == "chaman" and c["write"] for c in g.view(3)["channels"])
    assert not any(c["name"] == "chaman" for c in g.view(4)["channels"])  # the living do not write there


def test_the_maitre_loup_is_the_loup_blanc_under_its_other_name() -> None:
    """004: "Le maître loup ou loup blanc est un loup-garou qui se réveille avec les autres mais qui se réveille
    ensuite seul après les loups-garous ... et peut s'il veut tuer un loup-garou"."""
    g = Script([("maitre-loup" if r == "loup-blanc" else r) for r in LB_GAME], options={"loup_blanc_every": "every"})
    play_night(g, {"loups": [7]}, until="loup-blanc")
    assert g.prompt("loup-blanc").to == [2]
    assert g.seen_roles(0)[2] == "loup-garou"  # the pack believes him one of theirs
    g.answer(2, "loup-blanc", [0])
    assert g.causes() == {7: "night", 0: "night"}
