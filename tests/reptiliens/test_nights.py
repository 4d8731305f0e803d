"""The night steps of Les Reptiliens de Quinte-Bourg with real effects (seed 000 §4, §5, §7, §9, §12): the
pack's concertation and attack, the Amoureux, the Marchand de sable, the Psychopathe / Toqué, Laura de la
Riponne, Orphée and the Sirène; the steps called with their power still in progress."""

from __future__ import annotations

from app.engine.evolve import evolve
from app.engine.model import MJ, Event
from app.engine.prompts import MJ_SEAT
from app.engine.rulesets.reptiliens.manifest import IN_PROGRESS
from app.engine.views import event_visible
from tests.support.reptiliens import ALPHA, R, Table, V

SIX = [ALPHA, R, V, V, V, V]
ORPHEE, SIRENE = "rp-orphee", "rp-sirene"


def test_the_pack_agrees_on_a_target_who_dies_at_dawn() -> None:
    """§4 "Chaque début nuit, ils se concertent pour choisir une cible (aPo). ... Plus tard dans la nuit, ils
    attaquent la cible (aLo)." §2: the dead are named in the morning."""
    t = Table(SIX, lovers=(2, 3))
    pack = t.prompt("rp-concertation")
    assert pack.to == [0, 1] and pack.policy == "team" and pack.visibility == "addressees"
    assert pack.info == {"alpha": 0} and pack.options == [0, 1, 2, 3, 4, 5]  # houses, a fellow's too
    t.play_night({"rp-concertation": [5]})
    assert t.announced("rp-cible", 1) == [{"seat": 5}] and not t.announced("rp-cible", 4)
    assert not t.alive(5) and t.state.phase == "day"


def test_on_disagreement_the_alpha_decides() -> None:
    """§4 "En cas de désaccord sur la cible, la voix de la Reptilienne alpha prime." """
    t = Table([ALPHA, R, R, V, V, V, V], lovers=(3, 4))
    t.play_night({"rp-concertation": {0: [5], 1: [6], 2: [6]}})
    assert not t.alive(5) and t.alive(6)
    assert t.own.night.pack["decided_by"] == "alpha"


def test_with_the_alpha_dead_a_disagreement_means_no_attack() -> None:
    """§7 "En cas de désaccord à la fin du temps imparti, la voix de la reptilienne alpha prime. Si la reptilienne
    alpha est morte, l'attaque n'aura pas lieu." (RULES-NOTES: a disputed attack fails; the option: none at all.)"""
    t = Table([ALPHA, R, R, V, V, V, V], lovers=(3, 4))
    t.do("kill", MJ, seat=0)
    t.play_night({"rp-concertation": {1: [5], 2: [6]}})
    assert t.alive(5) and t.alive(6) and t.own.night.pack["failure"] == "disagreement"
    agreed = Table([ALPHA, R, R, V, V, V, V], lovers=(3, 4), options={"no_attack_once_alpha_dead": True})
    agreed.do("kill", MJ, seat=0)
    agreed.play_night({"rp-concertation": [5]})
    assert agreed.alive(5) and agreed.own.night.pack["failure"] == "alpha-dead"


def test_an_empty_house_is_attacked_in_vain_and_the_mj_sees_why() -> None:
    """§7 "Si la maison est alors vide ou protégée par la milice fantôme, l'attaque échoue." Laura squats away:
    her house is empty."""
    t = Table(SIX, [None, None, "rp-laura", None, None, None], lovers=(4, 5))
    t.play_night({"rp-concertation": [2], "rp-squat": [3]})
    assert all(t.alive(s) for s in range(6)) and t.announced("rp-pas-de-mort")
    assert t.announced("rp-attaque-mj", MJ) == [{"failure": "empty", "seats": []}]
    assert not t.announced("rp-attaque-mj", 0)
    assert t.own.night.places[2] == [3, "rp-squatter", False]


def to_the_attack(t: Table) -> None:
    """The pack points at house 3, where Laura (seat 2) squats: two possible victims."""
    t.run_until("rp-concertation", night=1)
    t.answer(0, "rp-concertation", [3])
    t.answer(1, "rp-concertation", [3])
    t.run_until("rp-squat", night=1)
    t.answer(2, "rp-squat", [3])
    t.run_until("rp-attaque", night=1)


def test_several_occupants_the_mj_draws_the_victim() -> None:
    """§7 "Si la maison est alors occupée par plusieurs personnages non Reptiliens, le MJ détermine aléatoirement
    la victime de l'attaque." With the room's `draws: mj`, a question to the MJ; else the game's RNG."""
    t = Table(SIX, [None, None, "rp-laura", None, None, None], lovers=(4, 5), options={"draws": "mj"}, start=False)
    t.do("start", MJ)
    t.run_until("rp-ouverture-amoureux")
    t.mj("rp-ouverture-amoureux", [4, 5])
    to_the_attack(t)
    draw = t.prompt("rp-tirage")
    assert draw.to_mj and draw.options == [2, 3]
    t.mj("rp-tirage", [2])
    t.wait()
    t.run_until("rp-bilan-morts")
    assert not t.alive(2) and t.alive(3)
    rng = Table(SIX, [None, None, "rp-laura", None, None, None], lovers=(4, 5))
    rng.play_night({"rp-concertation": [3], "rp-squat": [3]})
    assert [t.alive(2) for t in [rng]] != [] and (rng.alive(2) != rng.alive(3))


def test_the_richest_citizens_house_is_protected() -> None:
    """§7 "Le personnage qui, à la fin de la journée, est strictement plus riche que chacun des autres ; dispose
    d'un système empêchant toute attaque de Reptiliens dans sa maison." (Coins change hands in part 2: the test
    gives seat 3 a fortune.)"""
    t = Table(SIX, lovers=(4, 5))
    evolve(t.state, Event(type="rp-coins", data={"seat": 3, "coins": 4}))
    t.play_night({})
    t.run_until("rp-concertation", night=2)
    assert t.own.richest == 3 and t.announced("rp-plus-riche") == [{"seat": 3}]
    t.play_night({"rp-concertation": [3]})
    assert t.alive(3) and t.own.night.attack["failure"] == "richest"


def test_the_lovers_talk_for_30_seconds_then_sleep_together() -> None:
    """§4 Amoureux "Ils peuvent communiquer par des gestes chaque nuit, pendant 30 secondes (aPo). Ils choisissent
    chez lequel des deux ils se retrouveront. Ils dorment ensemble chaque nuit (aLo)." """
    t = Table(SIX, lovers=(2, 4), hurry=False)
    t.run_until("rp-amoureux-signes", night=1)
    step = t.state.step
    assert step is not None and step.deadline is not None
    assert step.deadline - step.started == 3  # the room's `lovers_talk` (30 s by default)
    channels = {c["name"]: c["write"] for c in t.view(2)["channels"]}
    assert channels["rp-amoureux"] is True and "rp-amoureux" not in {c["name"] for c in t.view(3)["channels"]}
    t.do("say", 4, channel="rp-amoureux", text="♥")
    assert t.events[-1].to == [2, 4]
    choice = t.prompt("rp-amoureux-signes")
    assert choice.to == [2, 4] and choice.options == [2, 4]
    t.answer(2, "rp-amoureux-signes", [4])
    t.answer(4, "rp-amoureux-signes", [4])
    t.wait()
    assert t.rejected("say", 4, channel="rp-amoureux", text="encore") == "cannot_write"  # the 30 s are over
    t.run_until("rp-invention", night=1)
    assert t.own.night.places[2][:2] == [4, "rp-dormir-ensemble"] and t.own.night.places[4][0] == 4


def test_the_sandman_puts_someone_to_sleep_until_dawn() -> None:
    """§5 Marchand de sable "Chaque nuit, il désigne quelqu'un qui dormira d'un sommeil lourd. La cible n'agira plus
    jusqu'à l'aube." §12 "MJ tape sur la tête de la cible." """
    t = Table(SIX, ["rp-marchand-de-sable", None, "rp-laura", None, None, None], lovers=(4, 5))
    t.play_night({"rp-sommeil": [2]})
    assert t.announced("rp-sommeil-lourd", 2) and not t.announced("rp-sommeil-lourd", 3)
    assert not any(e.type == "prompt_opened" and e.data["prompt"]["step"] == "rp-squat" for e in t.events)
    assert t.own.night.places[2] == [2, "rp-sommeil-lourd", True]


def test_the_psychopath_abducts_on_his_nights() -> None:
    """§5 Psychopathe / Toqué "3 nuits par semaine : Il désigne sa cible au MJ. Il la droguera pour l'enlever et
    lui faire passer la nuit chez elle. La cible sera dans un sommeil lourd" (RULES-NOTES: at the abductor's
    house). RULES-NOTES: "Psychopathe acts Mon, Wed, Fri; Toqué Tue, Thu, Sat"."""
    t = Table(SIX, [None, None, "rp-psychopathe", "rp-toque", None, None], lovers=(4, 5))
    asked = []
    for night in (1, 2):
        t.run_until("rp-concertation", night=night)
        t.play_night({"rp-enlevement": [5]})
        asked.append([e.data["prompt"]["to"] for e in t.events if e.type == "prompt_opened"
                      and e.data["prompt"]["step"] == "rp-enlevement"][-1])
        places = t.own.night.places
        abductor = 2 if night == 1 else 3
        assert places[5] == [abductor, "rp-enlevement", True] and places[abductor][:2] == [abductor, "rp-enlevement"]
    assert asked == [[2], [3]]


def test_laura_never_sleeps_at_home() -> None:
    """§5 Laura "Elle ne veut jamais dormir chez elle. Chaque nuit, elle choisit une maison autre que la sienne
    pour y passer la nuit, que la maison soit vide ou non." Silent, she goes somewhere all the same (drawn)."""
    t = Table(SIX, [None, None, "rp-laura", None, None, None], lovers=(4, 5))
    t.play_night({})
    assert 2 not in t.own.night.places[2][:1]
    assert t.own.night.places[2][1] == "rp-squatter"


def test_musicians_charm_and_the_morning_counts_the_charmed() -> None:
    """§4 Orphée "Chaque nuit, il charme une nouvelle personne. Son action se déroule indépendamment de celle de
    la Sirène." Musiciens "Chaque matin, le MJ appelle les charmés à lever la main." They win "si tous les vivants
    ont été charmés par l'un d'eux. Ils n'ont pas besoin de se charmer eux-même." """
    t = Table([ALPHA, R, ORPHEE, SIRENE, V, V], lovers=(4, 5))
    t.play_night({"rp-charme": {2: [4], 3: [5]}})
    assert t.announced("rp-charmes") == [{"count": 2}]
    assert t.view(4)["secrets"]["charmed"] and not t.view(0)["secrets"]["charmed"]
    assert not [e for e in t.events if e.type == "rp-charmed" and event_visible(e, 0, t.state)]
    t.run_until("rp-concertation", night=2)
    t.play_night({"rp-charme": {2: [0], 3: [1]}})
    assert t.state.phase == "ended" and t.state.result is not None
    assert t.state.result["camp"] == "rp-musiciens" and {2, 3} <= set(t.state.result["winners"])


def test_steps_are_called_and_ask_their_holders_only_the_dream_is_in_progress() -> None:
    """§12: every step is called; the specialties act on their names' nights (tests/reptiliens/test_specialties.py);
    the spirits' dream is built too (tests/reptiliens/test_dead.py): no step is in progress."""
    t = Table([ALPHA, R, "rp-minus", "rp-cortex", V, V],
              ["rp-voleur", "rp-fureteur", "rp-dresseur-de-chien", "rp-ingenieure", "rp-eris", "rp-freyja"],
              lovers=(4, 5))
    t.play_night({})
    run = t.steps_run()
    powers = {"rp-larcin", "rp-investigation", "rp-dressage", "rp-farce", "rp-allumeuse"}
    assert powers | {"rp-invention"} <= set(run)
    asked = {e.data["prompt"]["step"] for e in t.events if e.type == "prompt_opened"}
    assert powers | {"rp-stalkeur"} <= asked
    assert [s["key"] for s in t.view(4)["village"]["tonight"] if s["in_progress"]] == []
    assert not IN_PROGRESS


def test_the_militia_is_called_with_no_ghost_to_ask() -> None:
    """§9 "Vous intégrez alors la milice, et participez au vote sur la maison à défendre chaque nuit." With no
    ghost (the dead did not choose: spirits), the step is called and asks nobody, even with dead players."""
    t = Table(SIX, lovers=(4, 5))
    t.play_night({"rp-concertation": [3]})
    t.run_until("rp-concertation", night=2)
    assert "rp-milice" in t.steps_run() and not t.open_prompts("rp-milice")


def test_carnage_every_awake_reptilian_attacks_where_he_is() -> None:
    """§7 "Mode carnage : Tous les Reptiliens qui ne sont pas en sommeil lourd passent à l'attaque, dans la maison
    dans laquelle ils se trouvent alors. Il peut ainsi y avoir plusieurs victimes lors d'un même soir." Seat 1
    sleeps at his lover's: he attacks there; the lover's spare life saves her."""
    t = Table(SIX, lovers=(1, 4), options={"carnage": True})
    t.play_night({"rp-concertation": [5], "rp-amoureux-signes": [4]})
    assert not t.alive(5) and t.alive(4) and t.announced("rp-faux-mort") == [{"seat": 4}]
    assert t.own.night.attack["victims"] == [5, 4] or sorted(t.own.night.attack["victims"]) == [4, 5]


def test_a_draw_without_the_mjs_answer_falls_to_the_rng() -> None:
    t = Table(SIX, [None, None, "rp-laura", None, None, None], lovers=(4, 5), options={"draws": "mj"}, start=False)
    t.do("start", MJ)
    t.run_until("rp-ouverture-amoureux")
    t.mj("rp-ouverture-amoureux", [4, 5])
    to_the_attack(t)
    assert MJ_SEAT not in t.prompt("rp-tirage").answers
    t.run_until("rp-bilan-morts")
    assert t.alive(2) != t.alive(3)
