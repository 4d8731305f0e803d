"""The opening of Les Reptiliens de Quinte-Bourg (seed 000 §11), in the seed's order: personal conditions, the
Détectives and Mathématiciens, the MJ's conversion, the camps that know each other, the Amoureux, the
Romantique. Every learning is private to its seats (tests/support/reptiliens.py checks it after every command)."""

from __future__ import annotations

from app.engine.model import MJ
from app.engine.rulesets.reptiliens import calendar as K
from app.engine.views import SPECTATOR
from tests.support.reptiliens import ALPHA, R, Table, V

SETH, FENNEC, NOIRE, ROUGE = "rp-seth", "rp-fennec", "rp-reptilienne-noire", "rp-reptilienne-rouge"


def test_the_opening_runs_in_the_seeds_order_before_night_one() -> None:
    """§11, from "Le MJ s'adresse à Monk, Holmes, Poirot, Pach, Rappaz et Sesiano" to "Un rappel ... peut être
    effectué", then §12's table of the first night."""
    t = Table([ALPHA, R, V, V, V, V])
    opening = [s.key for s in K.OPENING]
    assert t.steps_run()[:len(opening)] == opening
    assert t.steps_run()[len(opening)] == "rp-milice" and t.state.night == 1


def test_the_mj_gives_the_personal_conditions() -> None:
    """§11 "Le MJ s'adresse à Monk, Holmes, Poirot, Pach, Rappaz et Sesiano. Il leur indique quelles conditions de
    victoire personnelle s'ajouteront à leurs conditions de victoire de camp." §4: "sa ou ses conditions"."""
    t = Table([ALPHA, R, "rp-monk", "rp-poirot", "rp-sesiano", V],
              conditions={2: "rp-pentaphile", 3: "rp-les-deux", 4: "rp-mathematiciens"})
    assert t.own.personal == {2: ["rp-pentaphile"], 3: ["rp-detectives", "rp-showman"], 4: ["rp-mathematiciens"]}
    assert t.view(3)["secrets"]["personal"] == ["rp-detectives", "rp-showman"]
    assert t.view(2)["secrets"]["personal"] == ["rp-pentaphile"]
    personal = [e for e in t.events if e.type == "rp-personal"]
    assert all(e.to == [e.data["seat"]] for e in personal)


def test_automatic_conditions_are_drawn() -> None:
    t = Table([ALPHA, R, "rp-holmes", "rp-rappaz", V, V], options={"moderation": "auto"})
    assert set(t.own.personal) == {2, 3}
    assert set(t.own.personal[2]) <= {"rp-detectives", "rp-melomane"} and t.own.personal[2]


def test_detectives_and_mathematicians_learn_each_other() -> None:
    """§11 "Le cas échéant, il appelle les Détectives pour qu'ils se reconnaissent. Idem avec les
    Mathématiciens." """
    t = Table([ALPHA, R, "rp-holmes", "rp-monk", "rp-pach", "rp-rappaz", V],
              conditions={2: "rp-detectives", 3: "rp-detectives", 4: "rp-mathematiciens", 5: "rp-58-ard"})
    assert t.view(2)["secrets"]["fellows"] == {"rp-detectives": [2, 3]}
    assert t.view(4)["secrets"]["fellows"] == {}  # alone with his condition: nobody to meet
    assert "rp-detectives" not in t.view(6)["secrets"]["fellows"]
    assert t.seen(2) == {2: "rp-holmes"}  # they know each other as detectives, not their cards


def test_the_mj_may_convert_one_of_them_into_a_reptilian() -> None:
    """§11 "Il peut aussi convertir l'un deux en Reptilien. Il touche la tête de la personne convertie, à qui il
    précise qu'elle dispose de deux façons de remporter la partie" — and he wakes with the Reptiliens."""
    t = Table([ALPHA, R, "rp-poirot", V, V, V], conversion=2)
    assert t.own.converted == {2: ["rp-reptiliens"]}
    assert t.announced("rp-converti-ouverture", 2) and not t.announced("rp-converti-ouverture", 3)
    assert t.view(2)["secrets"]["fellows"]["rp-reptiliens"] == [0, 1, 2]
    assert t.seen(0) == {0: ALPHA, 1: R, 2: R}  # a fellow, to the pack
    assert t.seen(2) == {0: ALPHA, 1: R, 2: "rp-poirot"}
    assert 2 in t.open_prompts("rp-concertation")[0].to


def test_the_seths_know_each_other() -> None:
    """§11 "Seths (dont le Fennec)"; §4 Fennec "Il n'est pas un Reptilien"."""
    t = Table([ALPHA, SETH, FENNEC, V, V, V])
    assert t.seen(2) == {1: SETH, 2: FENNEC} and t.seen(1)[2] == FENNEC
    assert 2 not in t.open_prompts("rp-concertation")[0].to and 1 in t.open_prompts("rp-concertation")[0].to


def test_the_souris_see_minus_and_cortex() -> None:
    """§11 "Souris - Minus et Cortex se manifestent pour que toutes les Souris les identifient." """
    t = Table([ALPHA, R, "rp-souris", "rp-minus", "rp-cortex", "rp-souris", V])
    assert t.seen(2) == {2: "rp-souris", 3: "rp-minus", 4: "rp-cortex", 5: "rp-souris"}
    assert t.seen(3) == {2: "rp-souris", 3: "rp-minus", 4: "rp-cortex", 5: "rp-souris"}
    assert t.seen(6) == {6: V}


def test_the_reptilians_know_each_other_and_see_the_alpha() -> None:
    """§11 "Reptiliens (Seth inclus, Fennec exclus) - La Reptilienne alpha se manifeste, pour que tous les
    Reptiliens l'identifient." §4 "ils ignorent a priori qui est Seth, qui est la Reptilienne noire, et qui est la
    Reptilienne rouge parmi eux"."""
    t = Table([ALPHA, SETH, NOIRE, ROUGE, R, V, V, V])
    assert t.seen(4) == {0: ALPHA, 1: R, 2: R, 3: R, 4: R}
    assert t.seen(1) == {0: ALPHA, 1: SETH, 2: R, 3: R, 4: R}
    assert t.seen(5) == {5: V} and t.seen(SPECTATOR) == {}
    assert t.view(2)["secrets"]["fellows"] == {"rp-reptiliens": [0, 1, 2, 3, 4]}


def test_the_mj_chooses_the_lovers_who_recognise_each_other() -> None:
    """§11 "Le MJ choisit alors les Amoureux. Il leur touche la tête. Les Amoureux ouvrent les yeux et se
    reconnaissent." """
    t = Table([ALPHA, R, V, V, V, V], lovers=(2, 5))
    assert t.own.lovers == [2, 5]
    assert t.view(2)["secrets"]["lover"] == 5 and t.view(5)["secrets"]["lover"] == 2
    assert "lover" not in t.view(3)["secrets"]
    assert t.seen(2) == {2: V}  # they keep their "alibi" cards to themselves
    assert all(e.to == [] for e in t.events if e.type == "rp-lovers")


def test_automatic_lovers_are_drawn() -> None:
    t = Table([ALPHA, R, V, V, V, V], options={"moderation": "auto"})
    assert len(t.own.lovers) == 2 and len(set(t.own.lovers)) == 2


def test_the_romantique_learns_the_lovers_and_maybe_they_him() -> None:
    """§11 "Le cas échéant, il appelle le Romantique (Sesiano). Il peut choisir d'avoir fait fermer les yeux aux
    Amoureux en levant la main s'il souhaite que Sesiano les connaissent sans que les Amoureux connaissent
    Sesiano." """
    for known in (True, False):
        t = Table([ALPHA, R, "rp-sesiano", V, V, V], lovers=(3, 4), conditions={2: "rp-romantique"},
                  romantic_known=known)
        assert t.view(2)["secrets"]["fellows"]["rp-amoureux"] == [3, 4]
        assert (t.seen(3).get(2) == "rp-sesiano") is known
        assert t.seen(5) == {5: V}


def test_a_romantique_question_only_when_there_is_one() -> None:
    t = Table([ALPHA, R, V, V, V, V], start=False)
    t.do("start", MJ)
    t.run_until("rp-ouverture-amoureux")
    # (the offices' questions, succession.ASSIGN, stay open through the opening)
    assert [p.step for p in t.open_prompts() if p.to_mj and p.step != "rp-postes-depart"] == ["rp-ouverture-amoureux"]


def test_a_step_of_the_mjs_calls_lasts_alike_whether_or_not_he_has_one_to_make() -> None:
    """The step of the personal conditions is called whether or not Monk, Holmes… were dealt (§12 "Il posera de
    toute façon les toutes questions des rôles potentiellement présents"): with no condition to give, the MJ still
    says when to go on, so the step cannot end sooner and its length tells nobody which cards were dealt."""
    for camp in ([ALPHA, R, V, V, V, V], [ALPHA, R, "rp-monk", V, V, V]):
        t = Table(camp, start=False)
        t.do("start", MJ)
        t.run_until("rp-ouverture-conditions")
        step = t.state.step
        assert step is not None and step.min_end is not None
        mj_prompts = [p for p in t.open_prompts() if p.to_mj and p.step != "rp-postes-depart"]
        assert [p.step for p in mj_prompts] == (["rp-mj-suite"] if "rp-monk" not in camp
                                                else ["rp-ouverture-conditions"])
        t.at = step.min_end + 1
        t.tick()
        assert t.step == "rp-ouverture-conditions"  # past its drawn length, still waiting for the MJ
        answer = True if "rp-monk" not in camp else mj_prompts[0].options[0]
        t.do("answer", MJ, prompt=mj_prompts[0].id, answer=answer)
        assert t.step != "rp-ouverture-conditions"
