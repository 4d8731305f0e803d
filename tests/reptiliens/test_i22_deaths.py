"""Issue 22, deaths (seed 000 §3, §4 Shéhérazade, §6, §9): a radiant conversion that stops the game converts first;
an office falls vacant at its holder's death and is never handed to a dead or doomed player; the journal names
the card a dead player turned."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.model import MJ
from app.engine.rulesets.reptiliens.succession import ASIDE
from tests.support.reptiliens import ALPHA, R, Table, V

FENNEC, SETH, ROUGE, NOIRE = "rp-fennec", "rp-seth", "rp-reptilienne-rouge", "rp-reptilienne-noire"
SHEHERAZADE = "rp-sheherazade"
SIX = [ALPHA, R, V, V, V, V]
EIGHT = [ALPHA, R, V, V, V, V, V, V]
SCRUT, PRES, PROC, NOT, SEN = "rp-scrutateur", "rp-president", "rp-procureur", "rp-notaire", "rp-senateur"
BOURREAU = "rp-bourreau"
GIVEN = {SCRUT: 0, PRES: 1, PROC: 2, NOT: 3, SEN: 4}  # seat 0 the Scrutateur (5 on day 1), 1-4 mandatory


def holders(t: Table) -> dict[str, int]:
    return {k: v for k, v in t.state.offices.items() if v is not None}


def seat_result(t: Table, seat: int) -> dict[str, Any]:
    assert t.state.result is not None
    return next(s for s in t.state.result["seats"] if s["seat"] == seat)


def to_the_vote(t: Table) -> None:
    t.play_night({})
    t.run_until("rp-vote", day=1)


# -- item 3: the radiant conversion that stops the game ------------------------------------------------------------
@pytest.mark.parametrize("card", [ROUGE, NOIRE, SETH])
def test_a_radiant_conversion_that_stops_the_game_converts_first(card: str) -> None:
    """§3 "La partie s'arrête si : ... Shéhérazade a converti la Reptilienne rouge, la Reptilienne noire ou Seth";
    §4 "Si elle convertit la Reptilienne noire, la Reptilienne rouge ou Seth ; la partie s'arrête. (aIn) Sinon,
    Shéhérazade meurt, mais le converti passe dans le camp des idéalistes": the convert is an Idéaliste when the
    winners are counted, and Shéhérazade, in this case, does not die."""
    t = Table([ALPHA, card, SHEHERAZADE, V, V, V], lovers=(4, 5))
    to_the_vote(t)
    t.do("invoke", 2, power="rp-conversion-radieuse")
    t.answer(2, "rp-conversion-radieuse", [1])
    assert t.state.phase == "ended"
    assert t.own.converted == {1: ["rp-idealistes"]} and t.announced("rp-converti-radieux", 1)
    assert t.alive(2) and not t.deaths()
    convert = seat_result(t, 1)
    assert convert["camp"] == "rp-idealistes" and convert["result"] == "won"  # 6 of 6 alive: the Idéalistes win
    assert seat_result(t, 2)["result"] == "won"


def test_a_lover_converted_by_a_stopping_story_stays_in_the_lovers_camp() -> None:
    """§4 "le converti passe dans le camp des idéalistes (sauf si le personnage était amoureux, auquel cas, il reste
    dans le camp des amoureux)"."""
    t = Table([ALPHA, ROUGE, SHEHERAZADE, V, V, V], lovers=(1, 4))
    to_the_vote(t)
    t.do("invoke", 2, power="rp-conversion-radieuse")
    t.answer(2, "rp-conversion-radieuse", [1])
    assert t.state.phase == "ended" and t.own.converted == {1: ["rp-idealistes"]}
    assert seat_result(t, 1)["camp"] == "rp-amoureux" and seat_result(t, 1)["result"] == "lost"


# -- item 5: an office falls vacant at its holder's death ----------------------------------------------------------
def test_by_day_a_dead_notaire_is_replaced_at_once_by_the_scrutateurs_choice() -> None:
    """§6 Notaire is a "Poste obligatoire"; §6 Scrutateur "À chaque fois que le titulaire d'un poste public est mort
    ...; il désigne qui doit le remplacer. Mais il ne peut ... se choisir lui-même": by day the office is vacant at
    once, the Scrutateur names at once (the vote under way goes on)."""
    t = Table(EIGHT, lovers=(0, 1), offices=GIVEN)
    to_the_vote(t)
    assert holders(t)[SCRUT] == 5
    t.do("kill", MJ, seat=3)
    assert NOT not in holders(t) and t.announced("rp-poste-vacant", 6) == [{"office": NOT}]
    assert NOT in t.view(6)["village"]["offices"]["vacant"]
    assert t.step == "rp-vote"  # the session is not disturbed
    prompt = t.prompt_for(5, ASIDE)
    assert prompt.options == [0, 6, 7] and prompt.visibility == "public"
    t.answer(5, ASIDE, [7])
    assert holders(t)[NOT] == 7 and t.announced("rp-nomme", 0) == [{"office": NOT, "seat": 7}]
    assert t.step == "rp-vote"


def test_the_executed_notaire_loses_his_office_at_his_execution() -> None:
    """§6 "Si la personne qui occupait un de ces postes meurt, le poste devient vacant" whatever the death: the
    executed Notaire's office is vacant as soon as he dies, not the next morning."""
    t = Table(EIGHT, lovers=(0, 1), offices=GIVEN)
    t.play_night({})
    t.vote({seat: 3 for seat in range(8) if seat != 3})
    assert not t.alive(3) and t.state.phase == "day" and t.state.day == 1
    assert NOT not in holders(t)
    assert t.prompt_for(holders(t)[SCRUT], ASIDE).info == {"office": NOT}


def test_an_unanswered_choice_is_drawn_at_nightfall() -> None:
    """The Scrutateur who does not name in time leaves it to chance (as for his morning's choices)."""
    t = Table(EIGHT, lovers=(0, 1), offices=GIVEN)
    to_the_vote(t)
    t.do("kill", MJ, seat=3)
    t.vote({})
    t.run_until("rp-concertation", night=2)
    assert holders(t)[NOT] in (0, 6, 7) and not t.open_prompts(ASIDE)


def test_a_scrutateur_who_dies_with_a_choice_open_leaves_it_to_the_next() -> None:
    """§6 "le poste tourne et est occupé par la personne vivante suivante (sens horaire) qui n'a pas déjà de poste
    public": his office passes on at his death, and with it the choice he had to make. A candidate who dies
    meanwhile is no longer offered ("Ces postes sont occupés par des vivants")."""
    t = Table(EIGHT, lovers=(0, 1), offices=GIVEN)
    to_the_vote(t)
    t.do("kill", MJ, seat=3)
    t.do("kill", MJ, seat=7)
    assert t.prompt_for(5, ASIDE).options == [0, 6]
    t.do("kill", MJ, seat=5)
    assert holders(t)[SCRUT] == 6
    assert t.prompt_for(6, ASIDE).options == [0] and not [p for p in t.open_prompts(ASIDE) if 5 in p.to]
    t.answer(6, ASIDE, [0])
    assert holders(t)[NOT] == 0


def test_a_bourreau_killed_by_day_leaves_his_office_vacant_at_once() -> None:
    """§6 Postes optionnels "Si la personne qui occupait un de ces postes meurt, le poste devient vacant. Chaque jour,
    les joueurs sans poste public peuvent postuler à n'importe quel poste optionnel vacant": a bite by day (§4
    Fennec) empties it at once; no one is named to it."""
    t = Table([ALPHA, R, FENNEC, V, V, V, V, V], lovers=(0, 1), options={"offices": [BOURREAU]},
              offices={**GIVEN, BOURREAU: 6})
    to_the_vote(t)
    t.do("invoke", 2, power="rp-morsure")
    t.answer(2, "rp-morsure", [6])
    assert not t.alive(6) and BOURREAU not in holders(t)
    assert t.announced("rp-poste-vacant", 7) == [{"office": BOURREAU}] and not t.open_prompts(ASIDE)


def test_a_night_victim_keeps_his_office_until_dawn_then_loses_it_with_the_report() -> None:
    """§2 "Ainsi, le mort est annoncé seulement le matin": killed at night, the Notaire holds his office in everyone's
    eyes until dawn, and it is vacant when he is named."""
    t = Table([ALPHA, R, FENNEC, V, V, V], lovers=(0, 1), offices=GIVEN)
    t.do("invoke", 2, power="rp-morsure")
    t.answer(2, "rp-morsure", [3])
    assert t.state.phase == "night"
    assert t.view(4)["village"]["offices"]["holders"][NOT] == 3
    t.play_night({})
    t.run_until("rp-bilan-morts", day=1)
    assert not t.alive(3) and NOT not in holders(t)


def test_the_morning_rotation_never_hands_the_scrutateur_to_one_killed_in_the_night() -> None:
    """§6 "Chaque matin, le poste tourne et est occupé par la personne vivante suivante (sens horaire) qui n'a pas
    déjà de poste public": one killed in the night is no longer "vivant" in the morning. Seat 5, next after the
    Scrutateur (0), is killed: the office stays with 0 (1-4 hold an office), never passes through 5."""
    t = Table(SIX, lovers=(0, 1), offices=GIVEN)
    t.play_night({"rp-concertation": [5]})
    t.run_until("rp-debat", day=1)
    assert not t.alive(5) and holders(t)[SCRUT] == 0
    assert {"seat": 5} not in t.announced("rp-scrutateur-tourne")
    assert all(e.data.get("seat") != 5 for e in t.events if e.type == "office")


def test_a_morning_choice_waits_for_the_report_and_never_names_the_nights_dead() -> None:
    """§6 Scrutateur "À chaque fois que le titulaire d'un poste public est mort ou poussé à la démission par
    l'Artiste ; il désigne qui doit le remplacer"; §12 "Modifications des postes publics ... Bilan des morts ...
    éventuelle ré-attribution de poste". The Artiste made the Président resign while seat 5 was killed: the
    Scrutateur's office skips 5, and his choice is asked once the dead are named, without 5."""
    t = Table(SIX, [None, None, "rp-artiste", None, None, None], lovers=(0, 1), options={"first_weekday": "fri"},
              offices={SCRUT: 4, PRES: 1, PROC: 2, NOT: 3, SEN: 0})
    t.play_night({"rp-caricature": [1], "rp-concertation": [5]})
    t.run_until("rp-scrutateur-choix", day=1)
    assert not t.alive(5) and t.state.plan is not None and t.state.plan.current() == ["rp-reattribution"]
    me = holders(t)[SCRUT]
    assert me == 1 and t.prompt_for(me, "rp-scrutateur-choix").options == [4]
    t.answer(me, "rp-scrutateur-choix", [4])
    assert holders(t)[PRES] == 4


# -- item 6: the card the dead turned ------------------------------------------------------------------------------
def revealed(t: Table, seat: int, since: int) -> list[dict[str, Any]]:
    return [e.data for e in t.events[since:] if e.type == "revealed" and e.data["seat"] == seat]


def test_the_journal_names_the_card_the_dead_turned() -> None:
    """§9 "Quand vous mourrez, vous devez retourner une de vos cartes (de rôle de camp ou de rôle de spécialité)":
    the event says which."""
    t = Table(SIX, [None, None, None, "rp-artiste", None, None], lovers=(0, 1))
    to_the_vote(t)
    since = len(t.events)
    t.do("kill", MJ, seat=3)
    t.answer(3, "rp-choix-mort", "ghost:specialty")
    assert revealed(t, 3, since) == [{"seat": 3, "slot": "specialty", "card": "rp-artiste"}]  # named once
    assert t.view(4)["players"][3]["cards"]["specialty"] == "rp-artiste" and t.seen(4).get(3) is None


def test_an_inheritance_turns_both_cards_in_one_event() -> None:
    """§9 "Transmettre votre héritage spirituel : Vous retournez vos deux cartes": once, not card by card."""
    t = Table(SIX, [None, None, None, "rp-artiste", None, None], lovers=(0, 1))
    to_the_vote(t)
    since = len(t.events)
    t.do("kill", MJ, seat=3)
    t.answer(3, "rp-choix-mort", "inheritance:specialty")
    t.answer(3, "rp-heritier", [4])
    assert revealed(t, 3, since) == [{"seat": 3}]
    assert t.seen(5)[3] == V and t.view(5)["players"][3]["cards"]["specialty"] == "rp-artiste"
    assert t.announced("rp-devient-heritage") == [{"seat": 3}]
