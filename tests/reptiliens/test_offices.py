"""The public offices' lifecycle (seed 000 §6; §12 "Bilan de la caméra thermique", "Modifications des postes
publics", "éventuelle ré-attribution de poste"; RULES-NOTES "Offices at the start", cameras): which offices are in
play, who holds them before night 1, the Scrutateur's rotation and choices, vacancies and applications, the MJ
taking an office out of play, and the thermal cameras."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.model import MJ
from app.engine.rulesets.reptiliens import succession
from app.engine.rulesets.reptiliens.offices import MANDATORY, default_offices
from tests.support.reptiliens import ALPHA, R, Table, V
from tests.support.seed_quotes import quote_tests

SIX = [ALPHA, R, V, V, V, V]
EIGHT = [ALPHA, R, V, V, V, V, V, V]
SCRUT, PRES, PROC, NOT, SEN = "rp-scrutateur", "rp-president", "rp-procureur", "rp-notaire", "rp-senateur"
BOURREAU, ADJOINT, PRETRE = "rp-bourreau", "rp-adjoint", "rp-pretre"
# Seat 0 the Scrutateur, seats 1-4 the mandatory offices, seat 5 none.
GIVEN = {SCRUT: 0, PRES: 1, PROC: 2, NOT: 3, SEN: 4}


def holders(t: Table) -> dict[str, int]:
    return {k: v for k, v in t.state.offices.items() if v is not None}


def auto(players: list[str], **options: Any) -> Table:
    return Table(players, lovers=(0, 1), options={"moderation": "auto", **options})


def specialty(seat: int, name: str, n: int = 6) -> list[str | None]:
    return [name if i == seat else None for i in range(n)]


# -- which offices are in play -------------------------------------------------------------------------------------
def test_the_mj_chooses_the_optional_offices_by_the_number_of_players() -> None:
    """§6 Postes optionnels «Le MJ choisit avec quels postes on jouera, notamment en fonction du nombre de joueurs.»
    The room's `offices`, else one more optional office every two players from 8."""
    assert default_offices(6) == [] and default_offices(8) == [PRETRE] and default_offices(11) == [PRETRE, ADJOINT]
    assert default_offices(40) == [PRETRE, ADJOINT, BOURREAU, "rp-pickpocket"]
    t = auto(EIGHT)
    assert t.own.offices_in_play == [SCRUT, "rp-chef-milice", PRES, PROC, NOT, SEN, PRETRE]
    assert t.own.office_variants[PRETRE] in ("rp-pretre-capitaliste", "rp-pretre-traditionnel")
    assert t.announced("rp-postes-en-jeu", 3) == [{"offices": [t.own.office_variants[PRETRE]]}]
    chosen = auto(SIX, offices=["rp-adjoint-armish", BOURREAU])
    assert chosen.own.offices_in_play[-2:] == [ADJOINT, BOURREAU]
    assert chosen.own.office_variants == {ADJOINT: "rp-adjoint-armish"}
    assert succession.variant_of(chosen.state, ADJOINT) == "rp-adjoint-armish"


@pytest.mark.parametrize("offices", [["rp-adjoint-randy", "rp-adjoint-armish"], [PRES], ["rp-roi"]])
def test_the_room_names_optional_offices_and_one_variant_each(offices: list[str]) -> None:
    t = Table(SIX, start=False)
    assert t.rejected("configure", MJ, options={"offices": offices}) == "bad_options"


def test_the_mj_takes_an_optional_office_out_of_play() -> None:
    """§6 «Quand les morts sont nombreux, il peut choisir de retirer des postes du jeu.» In public; its holder loses
    it. A mandatory office stays."""
    t = Table(SIX, lovers=(0, 1), options={"offices": [BOURREAU]}, offices={**GIVEN, BOURREAU: 5})
    assert t.rejected("rp-retirer-poste", 2, office=BOURREAU) == "mj_only"
    assert t.rejected("rp-retirer-poste", MJ, office=PRES) == "no_such_office"
    t.do("rp-retirer-poste", MJ, office=BOURREAU)
    assert BOURREAU not in t.own.offices_in_play and t.own.offices_removed == [BOURREAU]
    assert BOURREAU not in holders(t) and t.announced("rp-poste-retire", 4) == [{"office": BOURREAU}]
    village = t.view(4)["village"]["offices"]
    assert village["removed"] == [BOURREAU] and village["holders"] == GIVEN


def test_without_an_mj_the_vacant_optional_offices_leave_once_the_dead_outnumber_the_living() -> None:
    """§6 «Quand les morts sont nombreux, il peut choisir de retirer des postes du jeu.» With no MJ: once the dead
    outnumber the living, at the morning's reassignment."""
    t = auto([ALPHA, R, *[V] * 8], offices=[BOURREAU])
    villagers = [seat for seat in range(2, 10) if seat not in t.own.lovers]
    bourreau, keep = villagers[0], villagers[-1]
    t.do("set_office", MJ, office=BOURREAU, seat=bourreau)
    for seat in [s for s in range(2, 10) if s != keep and s not in t.own.lovers]:
        t.do("kill", MJ, seat=seat)
    assert t.state.phase == "night" and not t.alive(bourreau) and len(t.state.living()) < 5
    t.run_until("rp-debat", day=1)
    assert BOURREAU not in t.own.offices_in_play and t.announced("rp-poste-retire", keep) == [{"office": BOURREAU}]


def test_an_office_the_mj_gives_enters_the_game() -> None:
    t = Table(SIX, lovers=(0, 1), offices=GIVEN)
    t.do("set_office", MJ, office=BOURREAU, seat=5)
    assert BOURREAU in t.own.offices_in_play and holders(t)[BOURREAU] == 5


# -- who holds them before night 1 ---------------------------------------------------------------------------------
def test_in_automatic_mode_the_offices_are_drawn_before_night_1() -> None:
    """“The MJ assigns them before night 1 (automatic mode: drawn at random among the living)”. §6 «Le cumul des
    postes publics est impossible, sauf celui de scrutateur lorsque tous les joueurs disposent d'un poste
    public.»"""
    t = auto(EIGHT)
    assert t.state.phase == "night" and t.state.night == 1
    given = holders(t)
    assert set(given) == {SCRUT, *MANDATORY, PRETRE}
    others = [seat for office, seat in given.items() if office != SCRUT]
    assert len(set(others)) == len(others) and given[SCRUT] not in others  # 8 players, 6 offices: no cumul


def test_when_every_player_holds_an_office_the_scrutateur_cumulates() -> None:
    """§6 «sauf celui de scrutateur lorsque tous les joueurs disposent d'un poste public.»"""
    t = auto(SIX, offices=[BOURREAU, PRETRE])
    given = holders(t)
    assert sorted(seat for office, seat in given.items() if office != SCRUT) == list(range(6))
    assert given[SCRUT] in range(6)


def test_with_an_mj_he_assigns_them_and_what_he_leaves_unanswered_is_drawn() -> None:
    """“The MJ assigns them before night 1”: his questions in the opening; given at its end."""
    t = Table(SIX, lovers=(0, 1), offices={PRES: 3, SCRUT: 5})
    assert holders(t) == {PRES: 3, SCRUT: 5}  # the others he left vacant ("nobody")
    drawn = Table(SIX, lovers=(0, 1), start=False)
    drawn.mj_answers["offices"] = None
    drawn.do("start", MJ)
    asked = drawn.open_prompts("rp-postes-depart")
    assert [p.info["office"] for p in asked] == [PRES, PROC, NOT, SEN, SCRUT] and all(p.to_mj for p in asked)
    drawn.do("answer", MJ, prompt=asked[0].id, answer=[4])
    drawn.opening()
    assert holders(drawn)[PRES] == 4 and set(holders(drawn)) == {SCRUT, *MANDATORY}
    assert not drawn.open_prompts("rp-postes-depart")


# -- the Scrutateur ------------------------------------------------------------------------------------------------
def test_every_morning_the_scrutateur_passes_clockwise_to_the_next_without_an_office() -> None:
    """§6 «Chaque matin, le poste tourne et est occupé par la personne vivante suivante (sens horaire) qui n'a pas
    déjà de poste public.» “the Scrutateur rotates every morning from day 1”."""
    t = Table(SIX, lovers=(0, 1), offices=GIVEN)
    t.run_until("rp-debat", day=1)
    assert holders(t)[SCRUT] == 5 and t.announced("rp-scrutateur-tourne", 2) == [{"seat": 5}]
    t.vote({})
    t.run_until("rp-debat", day=2)
    assert holders(t)[SCRUT] == 0


def test_when_all_hold_an_office_the_scrutateur_turns_over_everyone() -> None:
    """§6 «Le poste de scrutateur tourne sur l'ensemble des joueurs.»"""
    t = Table(SIX, lovers=(0, 1), options={"offices": [BOURREAU, PRETRE]},
              offices={SCRUT: 2, PRES: 0, PROC: 1, NOT: 2, SEN: 3, BOURREAU: 4, PRETRE: 5})
    t.run_until("rp-debat", day=1)
    assert holders(t)[SCRUT] == 3


def caricature(given: dict[str, int], target: int, options: dict[str, Any] | None = None) -> Table:
    """Friday: the Artiste (seat 2) caricatures `target`, who resigns the next morning."""
    t = Table(SIX, specialty(2, "rp-artiste"), lovers=(0, 1), offices=given,
              options={"first_weekday": "fri", **(options or {})})
    t.play_night({"rp-caricature": [target]})
    t.run_until("rp-scrutateur-choix", day=1)
    return t


def test_the_scrutateur_names_whoever_replaces_one_who_resigned_but_not_him_nor_himself() -> None:
    """§6 Scrutateur «À chaque fois que le titulaire d'un poste public est mort ou poussé à la démission par
    l'Artiste ; il désigne qui doit le remplacer. Mais il ne peut choisir le démissionnaire, ni se choisir
    lui-même.»"""
    t = caricature({SCRUT: 4, PRES: 1, PROC: 2, NOT: 3, SEN: 0}, target=1)
    me = holders(t)[SCRUT]
    assert me == 5  # rotated this morning, before his choices
    prompt = t.prompt_for(me, "rp-scrutateur-choix")
    assert prompt.visibility == "public" and prompt.info["office"] == PRES
    assert prompt.options == [4]  # 1 resigned, 5 himself, the others hold an office
    t.answer(me, "rp-scrutateur-choix", [4])
    assert holders(t)[PRES] == 4 and t.announced("rp-nomme", 0) == [{"office": PRES, "seat": 4}]


def test_in_a_conflict_the_first_restriction_prevails() -> None:
    """§6 «(En cas de conflit, la première restriction prime.)»: when only he may take it, he names himself;
    never the one who resigned."""
    t = caricature({SCRUT: 4, PRES: 1, PROC: 2, NOT: 3, SEN: 0, BOURREAU: 4}, target=1,
                   options={"offices": [BOURREAU]})
    me = holders(t)[SCRUT]
    assert me == 5 and t.prompt_for(me, "rp-scrutateur-choix").options == [5]


def test_one_who_resigned_cannot_take_back_his_office_even_when_all_others_hold_one() -> None:
    """§6 «Lorsqu'un poste obligatoire est à pourvoir, le scrutateur désigne le titulaire d'un poste optionnel qui
    doit renoncer à son poste» and «il ne peut choisir le démissionnaire»: the Président caricatured, the others all
    in office, the Scrutateur (who passed to him, the only one without an office) names an optional holder."""
    t = caricature({SCRUT: 3, PRES: 1, PROC: 2, NOT: 3, SEN: 0, BOURREAU: 4, PRETRE: 5}, target=1,
                   options={"offices": [BOURREAU, PRETRE]})
    assert holders(t)[SCRUT] == 1 and t.prompt_for(1, "rp-scrutateur-choix").options == [4, 5]
    t.answer(1, "rp-scrutateur-choix", [4])
    assert holders(t)[PRES] == 4 and BOURREAU not in holders(t)
    t.run_until("rp-candidatures", day=1)
    assert t.view(1)["secrets"]["may_apply"] == [BOURREAU]


def test_a_caricatured_scrutateur_passes_his_office_on() -> None:
    """§5 Caricature «Il désigne un personnage de son choix qui devra démissionner de son poste public le matin
    suivant (aPo).» The Scrutateur's office is not chosen: it turns."""
    t = Table(SIX, specialty(2, "rp-artiste"), lovers=(0, 1), offices=GIVEN, options={"first_weekday": "fri"})
    t.play_night({"rp-caricature": [0]})
    t.run_until("rp-debat", day=1)
    assert holders(t)[SCRUT] == 5 and t.announced("rp-demission", 3) == [{"seat": 0}]


def test_the_scrutateur_reassigns_an_illegal_result() -> None:
    """§4 Minus, Cortex «En cas de résultat illégal, le scrutateur réattribuera le(s) poste(s).» §6 «Ces postes sont
    occupés par des vivants, à l'exception du Chef de la milice fantôme ou éventuellement du Sénateur.»"""
    t = Table([ALPHA, R, "rp-minus", "rp-cortex", V, V], lovers=(0, 1), options={"first_weekday": "tue"},
              offices={SCRUT: 0, PRES: 4})
    t.do("kill", MJ, seat=5)
    t.play_night({"rp-echange-postes": {3: [5], 2: [4]}})  # the President passes to the dead
    t.run_until("rp-scrutateur-choix", day=1)
    me = holders(t)[SCRUT]
    assert PRES not in holders(t) and me == 1
    prompt = t.prompt_for(me, "rp-scrutateur-choix")
    assert prompt.info["office"] == PRES and 5 not in prompt.options and me not in prompt.options
    t.answer(me, "rp-scrutateur-choix", [2])
    assert holders(t)[PRES] == 2


def test_a_ghost_handed_the_senateur_keeps_it_but_a_dead_senateur_is_replaced() -> None:
    """§6 «Ces postes sont occupés par des vivants, à l'exception du Chef de la milice fantôme ou éventuellement du
    Sénateur.» A swap may hand it to a ghost, who keeps it; one who dies in office is replaced («est mort»)."""
    t = Table([ALPHA, R, "rp-minus", "rp-cortex", V, V], lovers=(0, 1), options={"first_weekday": "tue"},
              offices={SCRUT: 0, SEN: 4})
    t.do("kill", MJ, seat=5)
    t.play_night({"rp-echange-postes": {3: [5], 2: [4]}})
    t.run_until("rp-debat", day=1)
    assert holders(t)[SEN] == 5 and not t.announced("rp-postes-a-pourvoir")
    dead = Table(SIX, lovers=(0, 1), offices=GIVEN)
    dead.play_night({"rp-concertation": [4]})
    dead.run_until("rp-scrutateur-choix", day=1)
    assert SEN not in holders(dead) and dead.prompt("rp-scrutateur-choix").info["office"] == SEN


def test_a_scrutateur_who_does_not_choose_in_time_leaves_it_to_chance() -> None:
    """Automatic mode or no answer: drawn among those he might have named, and recorded."""
    t = caricature({SCRUT: 4, PRES: 1, PROC: 2, NOT: 3, SEN: 0}, target=1)
    t.wait()
    assert holders(t)[PRES] == 4


# -- the dead's offices: "éventuelle ré-attribution de poste" ------------------------------------------------------
def test_a_dead_holder_of_a_mandatory_office_is_replaced_after_the_inheritance() -> None:
    """§6 «À chaque fois que le titulaire d'un poste public est mort» (…) «il désigne qui doit le remplacer»; §12
    «Héritage pécunier (Notaire / Époux) et éventuelle ré-attribution de poste»: after the inheritance."""
    t = Table(SIX, lovers=(0, 1), offices=GIVEN)
    t.play_night({"rp-concertation": [3]})  # the Notaire dies
    t.run_until("rp-scrutateur-choix", day=1)
    assert t.state.plan is not None and t.state.plan.current() == ["rp-reattribution"]
    assert NOT not in holders(t) and not t.alive(3)
    me = holders(t)[SCRUT]
    assert me == 5 and t.prompt_for(me, "rp-scrutateur-choix").options == [0]
    t.answer(me, "rp-scrutateur-choix", [0])
    assert holders(t)[NOT] == 0


def test_when_all_hold_one_a_mandatory_office_goes_to_an_optional_holder_who_gives_his_up() -> None:
    """§6 «Lorsqu'un poste obligatoire est à pourvoir, le scrutateur désigne le titulaire d'un poste optionnel qui
    doit renoncer à son poste et hérite du poste obligatoire à pourvoir.»"""
    t = Table(SIX, lovers=(0, 1), options={"offices": [BOURREAU, PRETRE]},
              offices={SCRUT: 1, PRES: 0, PROC: 1, NOT: 2, SEN: 3, BOURREAU: 4, PRETRE: 5})
    t.play_night({"rp-concertation": [3]})  # the Sénateur dies
    t.run_until("rp-scrutateur-choix", day=1)
    me = holders(t)[SCRUT]
    assert me == 2 and t.prompt_for(me, "rp-scrutateur-choix").options == [4, 5]
    t.answer(me, "rp-scrutateur-choix", [5])
    assert holders(t)[SEN] == 5 and PRETRE not in holders(t)
    assert t.announced("rp-renonce", 0) == [{"office": PRETRE, "seat": 5}]


def test_with_fewer_players_than_mandatory_offices_they_are_no_longer_replaced() -> None:
    """§6 «Lorsqu'il y a moins de joueurs que de postes obligatoires, les postes obligatoires ne sont plus
    remplacés.»"""
    t = Table(EIGHT, lovers=(0, 1), offices={SCRUT: 7, PRES: 2, PROC: 3, NOT: 4, SEN: 5})
    for seat in (3, 4, 5, 6):
        t.do("kill", MJ, seat=seat)
    t.run_until("rp-debat", day=1)
    assert t.state.living() == [0, 1, 2, 7]  # 4 living, 4 mandatory offices: still filled
    assert {PROC, NOT, SEN} <= set(holders(t)) and not t.announced("rp-poste-non-remplace")
    t.do("kill", MJ, seat=2)
    t.vote({})
    t.run_until("rp-debat", day=2)
    assert PRES not in holders(t) and t.announced("rp-poste-non-remplace", 0) == [{"office": PRES}]


def test_a_dead_holder_of_an_optional_office_leaves_it_vacant_for_applicants() -> None:
    """§6 «Si la personne qui occupait un de ces postes meurt, le poste devient vacant. Chaque jour, les joueurs sans
    poste public peuvent postuler à n'importe quel poste optionnel vacant. Le MJ demande alors si d'autres personnes
    postulent. En cas de candidatures multiples, le scrutateur tranche.»"""
    t = Table(EIGHT, lovers=(0, 1), options={"offices": [BOURREAU]},
              offices={SCRUT: 0, PRES: 1, PROC: 2, NOT: 3, SEN: 4, BOURREAU: 5})
    t.play_night({"rp-concertation": [5]})
    t.run_until("rp-candidatures", day=1)
    assert BOURREAU not in holders(t) and t.announced("rp-poste-vacant", 2) == [{"office": BOURREAU}]
    assert BOURREAU in t.view(2)["village"]["offices"]["vacant"]
    scrut = holders(t)[SCRUT]
    assert scrut == 6
    assert t.rejected("rp-postuler", 2, office=BOURREAU) == "has_office"
    assert t.rejected("rp-postuler", 7, office=PRES) == "office_not_vacant"
    assert t.rejected("rp-postuler", 5, office=BOURREAU) == "dead"
    assert t.view(7)["secrets"]["may_apply"] == [BOURREAU] and t.view(2)["secrets"]["may_apply"] == []
    t.do("rp-postuler", 7, office=BOURREAU)
    assert t.rejected("rp-postuler", 7, office=BOURREAU) == "already_applied"
    assert t.view(7)["secrets"]["may_apply"] == []
    t.do("rp-postuler", 6, office=BOURREAU)
    assert t.view(0)["village"]["offices"]["applications"] == {BOURREAU: [7, 6]}
    assert t.announced("rp-candidature", 1) == [{"office": BOURREAU, "seat": 7}, {"office": BOURREAU, "seat": 6}]
    t.wait()
    assert t.prompt_for(scrut, "rp-scrutateur-choix").options == [7, 6]
    t.answer(scrut, "rp-scrutateur-choix", [7])
    assert holders(t)[BOURREAU] == 7 and t.own.applications == {}


def test_a_single_applicant_takes_the_vacant_office() -> None:
    t = Table(EIGHT, lovers=(0, 1), options={"offices": [BOURREAU]},
              offices={SCRUT: 0, PRES: 1, PROC: 2, NOT: 3, SEN: 4, BOURREAU: 5})
    t.play_night({"rp-concertation": [5]})
    t.run_until("rp-candidatures", day=1)
    t.do("rp-postuler", 7, office=BOURREAU)
    t.wait()
    assert holders(t)[BOURREAU] == 7 and t.step != "rp-scrutateur-choix"


# -- the thermal cameras -------------------------------------------------------------------------------------------
def night_with_attack(t: Table, house: int) -> None:
    t.play_night({"rp-concertation": [house]})
    t.run_until("rp-camera", day=1)


def test_the_procureur_without_an_adjoint_names_where_his_camera_stood() -> None:
    """§6 Procureur «Sans adjoint : Au matin, le MJ lui demande où il avait placé la caméra thermique. Le MJ révèle à
    tous le taux d'occupation (vide / 1 occupant / plusieurs occupants) de cette maison au moment de l'attaque.»
    “Cameras and animals count everyone present in the house at the attack step, attackers included”."""
    t = Table(SIX, lovers=(2, 3), offices=GIVEN)
    night_with_attack(t, 5)
    assert t.steps_run()[-1] == "rp-camera" and t.prompt_for(2, "rp-camera").options == list(range(6))
    t.answer(2, "rp-camera", [5])
    assert t.announced("rp-camera-plusieurs", 4) == [{"house": 5, "seat": 2}]  # the pack and its victim
    # The MJ's street picture marks the camera beside the night it watched; no player's view holds it.
    cameras = t.view(MJ)["mj"]["reptiliens"]["night"]["cameras"]
    assert cameras == [{"owner": 2, "house": 5, "occupancy": "plusieurs"}]
    assert "mj" not in t.view(2) or not t.view(2).get("mj")
    other = Table(SIX, lovers=(2, 3), offices=GIVEN)
    night_with_attack(other, 5)
    other.answer(2, "rp-camera", [4])
    assert other.announced("rp-camera-un", 0) == [{"house": 4, "seat": 2}]


def test_a_camera_reports_an_empty_house_and_also_with_no_attack() -> None:
    """“a camera also reports when no attack took place”."""
    t = Table(SIX, ["rp-laura", None, None, None, None, None], lovers=(0, 1), offices=GIVEN)
    t.play_night({"rp-squat": [3]})  # Laura (seat 0) away; no target chosen
    t.run_until("rp-camera", day=1)
    t.answer(2, "rp-camera", [0])
    assert t.announced("rp-camera-vide", 5) == [{"house": 0, "seat": 2}]


@pytest.mark.parametrize(("variant", "weekday", "asked"), [
    ("rp-adjoint-randy", "mon", 5), ("rp-adjoint-randy", "tue", None),
    ("rp-adjoint-armish", "tue", 5), ("rp-adjoint-armish", "wed", None),
])
def test_the_adjoint_places_the_camera_on_his_days(variant: str, weekday: str, asked: int | None) -> None:
    """§6 Adjoint Randy «Les jours impairs, il choisit la maison devant laquelle il avait placé une caméra
    thermique. Au moment de l'attaque, elle se déclenche automatiquement.» Adjoint Armish «Les jours pairs»; «Le MJ
    révèle à tous les informations récoltées : 0 / 1 / plusieurs occupant(s).»"""
    t = Table(SIX, lovers=(0, 1), options={"offices": [variant], "first_weekday": weekday},
              offices={**GIVEN, ADJOINT: 5})
    t.play_night({})
    t.run_until("rp-session-speciale", day=1)
    cameras = [p for p in t.state.prompts.values() if p.step == "rp-camera"]
    assert [p.to for p in cameras] == ([] if asked is None else [[asked]])  # never the Procureur: he has one


def test_the_procureur_with_an_adjoint_pays_a_coin_to_see_an_office_holders_cards() -> None:
    """§6 Procureur «Avec adjoint : Il peut choisir, en payant 1 pièce, d'ouvrir une enquête sur un personnage
    occupant un poste public (aIn). Le personnage lui montre alors ses cartes de rôles. La pièce est alors retirée
    du jeu.»"""
    t = Table(SIX, ["rp-laura", None, None, None, None, None], lovers=(2, 3),
              options={"offices": [ADJOINT]}, offices={**GIVEN, ADJOINT: 5})
    t.play_night({})
    t.run_until("rp-debat", day=1)
    proc = holders(t)[PROC]
    assert "rp-enquete" in t.view(proc)["secrets"]["invocable"]
    assert "rp-enquete" not in t.view(1)["secrets"]["invocable"]
    t.do("invoke", proc, power="rp-enquete")
    assert t.announced("rp-invoque-enquete", 4) == [{"seat": proc}]
    prompt = t.prompt_for(proc, "rp-enquete")
    assert prompt.options == sorted(set(holders(t).values()) - {proc})
    t.answer(proc, "rp-enquete", [0])
    assert t.seen(proc)[0] == ALPHA and t.seen(proc, "specialty")[0] == "rp-laura"
    assert 0 not in t.seen(4) and t.own.coins[proc] == 0
    assert t.announced("rp-enquete-resultat", proc) == [{"seat": 0}] and not t.announced("rp-enquete-resultat", 0)
    assert t.announced("rp-enquete-subie", 0) == [{"seat": proc}] and t.announced("rp-enquete", 4) == [{}]
    assert t.rejected("invoke", proc, power="rp-enquete") == "cannot_afford"


def test_without_an_adjoint_no_inquiry() -> None:
    t = Table(SIX, lovers=(2, 3), offices=GIVEN)
    t.run_until("rp-debat", day=1)
    assert t.rejected("invoke", 2, power="rp-enquete") == "no_such_power"


def test_the_offices_are_public() -> None:
    t = Table(SIX, lovers=(0, 1), offices=GIVEN)
    for viewer in (0, 5, MJ):
        found = t.view(viewer)["village"]["offices"]
        assert found["holders"] == GIVEN and found["vacant"] == ["rp-chef-milice"] and found["applications"] == {}
    assert [p["offices"] for p in t.view(5)["players"]] == [[SCRUT], [PRES], [PROC], [NOT], [SEN], []]


globals().update(quote_tests(globals()))
