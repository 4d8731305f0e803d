"""Les Reptiliens de Quinte-Bourg: marriages (seed 000 §8, §6 Prêtre capitaliste / traditionnel, §12 "Demandes en
mariage"; RULES-NOTES `reptiliens`), on app/engine/rulesets/reptiliens/marriages.py.

One test per rule sentence, the seed quoted «in French» in its docstring and RULES-NOTES “in quotes”; when
../shared/ is present, the quotes are checked against the seed and the notes."""

from __future__ import annotations

from typing import Any

from app.engine.model import MJ
from app.engine.rulesets.reptiliens.marriages import settle
from app.engine.rulesets.reptiliens.places import Street
from tests.support.reptiliens import ALPHA, R, Table, V
from tests.support.seed_quotes import quote_tests

SEATS = [ALPHA, R, V, V, V, V, V, V]


def table(priest: str | None = None, seat: int = 6, **options: Any) -> Table:
    """Eight players, the lovers 6 and 7; a Prêtre of the variant `priest` at `seat`, or none."""
    t = Table(SEATS, lovers=(6, 7), options={"offices": [priest] if priest else [], **options})
    if priest:
        t.do("set_office", MJ, office="rp-pretre", seat=seat)
    return t


def to_marriages(t: Table) -> None:
    t.play_night({})
    t.run_until("rp-mariages", day=1)


def wed_with_witnesses(t: Table) -> None:
    """Seat 2 asks 5, who consents, and 3 and 4 witness (no Prêtre): the marriage of most tests."""
    to_marriages(t)
    t.answer(2, "rp-demande", [5])
    t.answer(5, "rp-consentement", True)
    t.answer(3, "rp-temoins", True)
    t.answer(4, "rp-temoins", True)


def married(t: Table) -> dict[int, int]:
    return dict(t.own.spouses)


def test_two_players_agree_and_two_witnesses_consent() -> None:
    """§8 «Deux joueurs peuvent s'accorder pour se marier. Si il y a un prêtre, ils ont besoin de son accord. Sinon,
    il leur suffit de trouver deux témoins consentants.»"""
    t = table()
    to_marriages(t)
    t.answer(2, "rp-demande", [5])
    assert t.announced("rp-demande-faite", 3) == []  # a request is the parties' business
    t.answer(5, "rp-consentement", True)
    witnesses = t.prompt_for(3, "rp-temoins")
    assert set(witnesses.to) == {0, 1, 3, 4, 6, 7}
    t.answer(3, "rp-temoins", False)
    t.answer(4, "rp-temoins", True)
    assert married(t) == {}
    t.answer(7, "rp-temoins", True)
    assert married(t) == {2: 5, 5: 2}
    assert t.announced("rp-maries", 1) == [{"seats": [2, 5], "forced": False, "witnesses": [4, 7]}]
    assert t.view(1)["village"]["spouses"] == {"2": 5, "5": 2}


def test_no_consent_no_marriage() -> None:
    """§8 «Deux joueurs peuvent s'accorder pour se marier» — both of them."""
    t = table()
    to_marriages(t)
    t.answer(2, "rp-demande", [5])
    t.answer(5, "rp-consentement", False)
    assert married(t) == {} and t.announced("rp-mariage-refuse", 2) == [{"seat": 2, "partner": 5}]
    assert t.open_prompts("rp-temoins") == []


def test_the_spouses_move_into_neighbouring_houses_of_their_choice() -> None:
    """§8 «Une fois mariés, ils déménagent où bon leur semble, dans des maisons voisines, mais distinctes.» The
    requester picks the house beside which they settle; no choice: beside the requester's."""
    t = table()
    wed_with_witnesses(t)
    t.answer(2, "rp-foyer", [6])
    assert t.own.street == [0, 1, 3, 4, 6, 2, 5, 7]
    assert t.view(0)["village"]["street"] == [0, 1, 3, 4, 6, 2, 5, 7]
    street = Street((0, 1, 2, 3, 4, 5))
    assert settle(street, 2, 5, None).houses == (0, 1, 2, 5, 3, 4)  # beside the requester's
    assert settle(street, 2, 5, 5).houses == (0, 1, 3, 4, 5, 2)  # beside the partner's
    assert settle(street, 2, 3, None) == street  # neighbours already


def test_the_capitalist_priest_sets_his_fee_and_must_marry_once_paid() -> None:
    """§6 Prêtre capitaliste «Il reçoit les demandes de mariages, et fixe alors son tarif pour la cérémonie, de 0 à
    2 pièces. Si le prix est payé, il reçoit l'argent, et est obligé de marier les époux.»"""
    t = table("rp-pretre-capitaliste")
    to_marriages(t)
    t.answer(2, "rp-demande", [5])
    t.answer(5, "rp-consentement", True)
    assert t.open_prompts("rp-temoins") == []
    fee = t.prompt_for(6, "rp-tarif")
    assert fee.options == ["0", "1", "2", "rp-refus"] and fee.info == {"seat": 2, "partner": 5, "forced": False}
    t.answer(6, "rp-tarif", "1")
    assert married(t) == {}
    t.answer(2, "rp-paiement", True)  # "the requester pays"
    assert married(t) == {2: 5, 5: 2}
    assert t.own.coins[2] == 0 and t.own.coins[6] == 2


def test_the_priest_may_refuse_and_an_unpaid_fee_marries_nobody() -> None:
    """§8 «Si il y a un prêtre, ils ont besoin de son accord.» §6 «Si le prix est payé» — only then."""
    t = table("rp-pretre-capitaliste")
    to_marriages(t)
    t.answer(2, "rp-demande", [5])
    t.answer(5, "rp-consentement", True)
    t.answer(6, "rp-tarif", "rp-refus")
    assert married(t) == {} and t.announced("rp-mariage-refuse-pretre", 5) == [{"seat": 2, "partner": 5}]
    t.answer(3, "rp-demande", [4])
    t.answer(4, "rp-consentement", True)
    t.answer(6, "rp-tarif", "2")
    t.answer(3, "rp-paiement", True)  # he has one coin
    assert married(t) == {} and t.own.coins[3] == 1
    assert t.announced("rp-mariage-trop-cher", 3) == [{"seat": 3, "partner": 4}]


def test_a_free_ceremony_marries_at_once() -> None:
    """§6 «fixe alors son tarif pour la cérémonie, de 0 à 2 pièces»: 0, nothing to pay."""
    t = table("rp-pretre-capitaliste")
    to_marriages(t)
    t.answer(2, "rp-demande", [5])
    t.answer(5, "rp-consentement", True)
    t.answer(6, "rp-tarif", "0")
    assert married(t) == {2: 5, 5: 2} and t.open_prompts("rp-paiement") == []


def test_the_traditional_priest_grants_forced_marriages_against_the_strictly_poorer() -> None:
    """§6 Prêtre traditionnel «Comme le prêtre capitaliste, mais il peut aussi accorder des mariages forcés, à la
    condition que la personne non-consentante soit strictement plus pauvre que le demandeur, après versement du
    tarif.» “A forced marriage (Prêtre traditionnel) compares fortunes after the fee is paid; the requester
    pays.”"""
    t = table("rp-pretre-traditionnel")
    t.play_night({})
    t.run_until("rp-debat", day=1)
    t.do("rp-give", 3, to=2, coins=1)
    t.do("rp-give", 4, to=2, coins=1)  # 2 has 3 coins, 5 has 1
    t.run_until("rp-mariages", day=1)
    assert t.prompt_for(2, "rp-demande-forcee").options == [0, 1, 3, 4, 5, 6, 7]
    assert t.open_prompts("rp-demande-forcee") and not [p for p in t.open_prompts("rp-demande-forcee") if 6 in p.to]
    t.answer(2, "rp-demande-forcee", [5])
    assert t.open_prompts("rp-consentement") == []  # no consent asked
    t.answer(6, "rp-tarif", "1")
    t.answer(2, "rp-paiement", True)  # 2 keeps 2 coins, 5 has 1: strictly poorer
    assert married(t) == {2: 5, 5: 2} and t.own.coins[2] == 2 and t.own.coins[6] == 2
    assert t.announced("rp-maries", 0) == [{"seats": [2, 5], "forced": True, "witnesses": []}]


def test_a_forced_marriage_fails_when_the_fee_leaves_them_equal() -> None:
    """§6 «strictement plus pauvre que le demandeur, après versement du tarif» — then nothing is paid."""
    t = table("rp-pretre-traditionnel")
    t.play_night({})
    t.run_until("rp-debat", day=1)
    t.do("rp-give", 3, to=2, coins=1)  # 2 has 2 coins, 5 has 1
    t.run_until("rp-mariages", day=1)
    t.answer(2, "rp-demande-forcee", [5])
    t.answer(6, "rp-tarif", "1")
    t.answer(2, "rp-paiement", True)  # 1 against 1: not strictly poorer
    assert married(t) == {} and t.own.coins[2] == 2 and t.own.coins[6] == 1
    assert t.announced("rp-mariage-force-impossible", 5) == [{"seat": 2, "partner": 5}]


def test_no_forced_marriage_with_the_capitalist_priest() -> None:
    """§6 Prêtre traditionnel «il peut aussi accorder des mariages forcés» — he alone."""
    t = table("rp-pretre-capitaliste")
    to_marriages(t)
    assert t.open_prompts("rp-demande-forcee") == []


def test_the_requests_end_once_everyone_has_decided() -> None:
    """§12 «Demandes en mariage»: a part of the day that lasts until every request is settled (or its time)."""
    t = table()
    wed_with_witnesses(t)
    t.answer(2, "rp-foyer", [2])
    for seat in (0, 1, 3, 4, 6):
        t.answer(seat, "rp-demande", [])
    assert t.step == "rp-mariages"
    t.answer(7, "rp-demande", [])
    assert t.step != "rp-mariages" and t.own.street == [0, 1, 2, 5, 3, 4, 6, 7]


def test_the_married_ask_no_one_else() -> None:
    """§8 «Deux joueurs peuvent s'accorder pour se marier» — two: the married have a spouse (a widow(er) may marry
    again)."""
    t = table()
    wed_with_witnesses(t)
    t.run_until("rp-concertation", night=2)
    t.play_night({})
    t.run_until("rp-mariages", day=2)
    assert [p for p in t.open_prompts("rp-demande") if 2 in p.to or 5 in p.to] == []
    assert 2 not in t.prompt_for(3, "rp-demande").options


globals().update(quote_tests(globals()))
