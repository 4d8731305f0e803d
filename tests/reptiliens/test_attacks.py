"""Les Reptiliens de Quinte-Bourg: the Reptilians' attack (seed 000 §4, §5, §6, §7; RULES-NOTES `reptiliens`), on
app/engine/rulesets/reptiliens/attacks.py over the nights of places.py.

One test per rule sentence, the seed quoted «in French» in its docstring and RULES-NOTES “in quotes”; when
../shared/ is present, the quotes are checked against the seed and the notes."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.rulesets.reptiliens.attacks import (
    AttackResult,
    DrawNeeded,
    HouseAttack,
    Observer,
    PackChoice,
    PackDecision,
    Replay,
    Report,
    pack_target,
    resolve_attack,
    richest_citizen,
)
from app.engine.rulesets.reptiliens.places import (
    Abduction,
    Attack,
    Copulation,
    Declaration,
    Fight,
    HeavySleep,
    Night,
    Rendezvous,
    Sculpture,
    Squat,
    Street,
    where_everyone_sleeps,
)
from tests.support.seed_quotes import quote_tests

# Seats 0..9: 0 the Reptilienne alpha, 1 a Reptilien, 2 Seth; 3..9 non-Reptilians (9 the Fennec).
STREET = Street.of(range(10))
ALPHA, REPTILIEN, SETH, FENNEC = 0, 1, 2, 9
REPTILIANS = frozenset({ALPHA, REPTILIEN, SETH})


def no_draw(candidates: list[int]) -> int:
    raise AssertionError(f"nothing to draw among {candidates}")


def agreed(house: int, squatter: bool = False) -> PackDecision:
    return PackDecision(PackChoice(house, squatter), "agreement")


def attack(
    decision: PackDecision | None,
    *declarations: Declaration,
    living: Iterable[int] = range(10),
    reptilians: frozenset[int] = REPTILIANS,
    choose: Callable[[list[int]], int] = no_draw,
    **options: Any,
) -> AttackResult:
    """Place everyone (the living Reptilians heading for the pack's target) and resolve the attack."""
    alive = frozenset(living)
    decision = decision or PackDecision(None, failure="disagreement")
    pack = decision.declaration(sorted(alive & reptilians))
    night = where_everyone_sleeps(STREET, alive, [*declarations, *([pack] if pack else [])])
    return resolve_attack(night, decision, reptilians, choose=choose, **options)


# -- the concertation ---------------------------------------------------------------------------------------------
def test_the_pack_agrees_on_a_target() -> None:
    """§7 «Ils se mettent d'accord en début de nuit sur leur cible.» A silent Reptilian does not disagree."""
    decision = pack_target({ALPHA: PackChoice(5), REPTILIEN: PackChoice(5), SETH: None}, ALPHA)
    assert decision == PackDecision(PackChoice(5), "agreement")


def test_the_alpha_settles_a_disagreement() -> None:
    """§7 «En cas de désaccord à la fin du temps imparti, la voix de la reptilienne alpha prime.» §4 «C'est la
    cheffe des Reptiliens, en cas de désaccord, c'est sa voix qui prime pour le choix de la cible d'une
    attaque.»"""
    decision = pack_target({ALPHA: PackChoice(5), REPTILIEN: PackChoice(6), SETH: PackChoice(6)}, ALPHA)
    assert decision == PackDecision(PackChoice(5), "alpha")


def test_a_silent_alpha_settles_nothing() -> None:
    """§4 «En cas de désaccord sur la cible, la voix de la Reptilienne alpha prime.» She gave none: no target."""
    decision = pack_target({ALPHA: None, REPTILIEN: PackChoice(5), SETH: PackChoice(6)}, ALPHA)
    assert decision == PackDecision(None, failure="disagreement")


def test_with_the_alpha_dead_a_disagreement_means_no_attack() -> None:
    """§7 «Si la reptilienne alpha est morte, l'attaque n'aura pas lieu.» RULES-NOTES: “with the alpha dead, an
    attack the pack disagrees on fails”."""
    assert pack_target({REPTILIEN: PackChoice(5), SETH: PackChoice(6)}, alpha_dead=True) == PackDecision(
        None, failure="disagreement")
    assert pack_target({REPTILIEN: PackChoice(5), SETH: PackChoice(5)}, alpha_dead=True) == PackDecision(
        PackChoice(5), "agreement")


def test_the_option_no_attack_at_all_once_the_alpha_is_dead() -> None:
    """§7 «Si la reptilienne alpha est morte, l'attaque n'aura pas lieu.» RULES-NOTES: “(option: no attack at all
    once she is dead)”."""
    choices = {REPTILIEN: PackChoice(5), SETH: PackChoice(5)}
    assert pack_target(choices, alpha_dead=True, no_attack_once_alpha_dead=True) == PackDecision(
        None, failure="alpha-dead")
    # an alpha never dealt is not dead
    assert pack_target(choices, no_attack_once_alpha_dead=True).target == PackChoice(5)
    with pytest.raises(ValueError):
        pack_target(choices, ALPHA, alpha_dead=True)


def test_no_choice_no_attack() -> None:
    """§7 «Ils se mettent d'accord en début de nuit sur leur cible.» Nobody chose: there is none."""
    assert pack_target({ALPHA: None, REPTILIEN: None}, ALPHA) == PackDecision(None, failure="no-choice")
    result = attack(pack_target({ALPHA: None}, ALPHA))
    assert result.failure == "no-choice" and result.victims == () and result.attacks == ()


def test_the_two_fingers_only_matter_on_a_fellows_house() -> None:
    """§7 «S'ils souhaitent attaquer un personnage qu'ils soupçonnent de squatter chez l'un d'eux, ils indiquent au
    MJ le propriétaire de la maison visée en la pointant avec l'index et l'auriculaire.»"""
    same = pack_target({ALPHA: PackChoice(5, squatter=True), REPTILIEN: PackChoice(5)}, ALPHA)
    assert same == PackDecision(PackChoice(5), "agreement")
    differ = pack_target({ALPHA: PackChoice(REPTILIEN, squatter=True), REPTILIEN: PackChoice(REPTILIEN)}, ALPHA)
    assert differ == PackDecision(PackChoice(REPTILIEN, squatter=True), "alpha")


# -- the attack ---------------------------------------------------------------------------------------------------
def test_the_pack_attacks_a_house() -> None:
    """§7 «Ils attaquent une maison.»"""
    result = attack(agreed(5))
    assert result.victims == (5,)
    assert result.failure is None
    assert result.attacks == (HouseAttack(5, REPTILIANS, (5,), 5, None),)


def test_they_follow_their_gps_and_kill_whoever_is_there() -> None:
    """§7 «Quinte-bourg est un village d'assistés où les nuits sont sombres. Les attaquants suivent bêtement leur
    GPS, et ne parviennent pas à distinguer les visages.» The owner is away; Laura squats there."""
    result = attack(agreed(5), Rendezvous(5, 6, 6), Squat(7, 5))
    assert result.victims == (7,)


def test_an_empty_house_fails() -> None:
    """§7 «Si la maison est alors vide ou protégée par la milice fantôme, l'attaque échoue.»"""
    assert attack(agreed(5), Rendezvous(5, 6, 6)).failure == "empty"
    dead_owner = attack(agreed(8), living=set(range(8)))  # a dead owner's house stays, empty
    assert dead_owner.failure == "empty" and dead_owner.victims == ()
    assert dead_owner.attacks[0].attackers == REPTILIANS


def test_a_house_the_militia_protects_fails() -> None:
    """§7 «Si la maison est alors vide ou protégée par la milice fantôme, l'attaque échoue.»"""
    result = attack(agreed(5), militia=5)
    assert result.failure == "militia" and result.victims == ()
    assert attack(agreed(5), militia=6).victims == (5,)


def test_the_mj_draws_the_victim_among_several_non_reptilians() -> None:
    """§7 «Si la maison est alors occupée par plusieurs personnages non Reptiliens, le MJ détermine aléatoirement la
    victime de l'attaque.» RULES-NOTES: “every random draw (the victim among several occupants, …) uses the game's
    RNG, or becomes an MJ prompt”."""
    asked: list[list[int]] = []

    def mj(candidates: list[int]) -> int:
        asked.append(candidates)
        return candidates[-1]

    result = attack(agreed(5), Rendezvous(5, 3, 5), Squat(7, 5), choose=mj)
    assert asked == [[3, 5, 7]]
    assert result.victims == (7,)
    assert result.attacks[0].candidates == (3, 5, 7)
    rng = random.Random(4)
    assert attack(agreed(5), Rendezvous(5, 3, 5), choose=rng.choice).victims[0] in (3, 5)
    with pytest.raises(ValueError):
        attack(agreed(5), Rendezvous(5, 3, 5), choose=lambda _: 0)


def test_the_mj_may_draw_by_hand() -> None:
    """§7 «le MJ détermine aléatoirement la victime de l'attaque» RULES-NOTES: “or becomes an MJ prompt when the
    room says the MJ draws (in-person play)”. Carnage makes two draws: the MJ is asked for each in turn."""
    scene = (agreed(5), Squat(7, 5), Rendezvous(SETH, 3, 3), Sculpture(4, 3))
    with pytest.raises(DrawNeeded) as first:
        attack(*scene, carnage=True, choose=Replay())
    assert first.value.candidates == [5, 7]
    with pytest.raises(DrawNeeded) as second:
        attack(*scene, carnage=True, choose=Replay([7]))
    assert second.value.candidates == [3, 4]
    assert attack(*scene, carnage=True, choose=Replay([7, 4])).victims == (7, 4)


def test_designating_a_fellow_makes_him_a_non_reptilian() -> None:
    """§7 «S'ils désignent l'un des leurs, la cible sera temporairement considérée comme un non-Reptilien.»"""
    result = attack(agreed(REPTILIEN))
    assert result.victims == (REPTILIEN,)
    assert result.attacks[0].attackers == {ALPHA, SETH}  # not he: he is the prey tonight
    asked: list[list[int]] = []

    def mj(candidates: list[int]) -> int:
        asked.append(candidates)
        return candidates[0]

    attack(agreed(REPTILIEN), Squat(7, REPTILIEN), choose=mj)
    assert asked == [[REPTILIEN, 7]]


def test_a_designated_fellow_away_from_home_is_safe() -> None:
    """§7 «Ils attaquent une maison.» The fellow they designate sleeps with his lover elsewhere."""
    result = attack(agreed(REPTILIEN), Rendezvous(REPTILIEN, 6, 6))
    assert result.failure == "empty" and result.victims == ()


def test_otherwise_an_attack_never_turns_against_a_reptilian() -> None:
    """§7 «Dans les autres cas, une attaque de Reptilien ne peut pas se retourner contre Reptilien.»"""
    # Seth fights the owner at the owner's house: he attacks, the owner dies.
    result = attack(agreed(5), Fight(SETH, 5, 5))
    assert result.victims == (5,) and result.attacks[0].candidates == (5,)
    # A sleeping fellow at home, pointed at with two fingers: nobody else is there.
    result = attack(agreed(SETH, squatter=True), HeavySleep(SETH))
    assert result.failure == "reptilians-only"
    assert result.attacks[0].attackers == {ALPHA, REPTILIEN}


def test_two_fingers_hit_the_squatter_not_the_fellow() -> None:
    """§7 «S'ils souhaitent attaquer un personnage qu'ils soupçonnent de squatter chez l'un d'eux, ils indiquent au
    MJ le propriétaire de la maison visée en la pointant avec l'index et l'auriculaire.»"""
    result = attack(agreed(REPTILIEN, squatter=True), Squat(7, REPTILIEN))
    assert result.victims == (7,)
    assert result.attacks[0].attackers == REPTILIANS
    assert attack(agreed(REPTILIEN, squatter=True)).failure == "empty"  # nobody squatted


def test_an_attacker_held_at_the_target_attacks_there() -> None:
    """§7 «Si un attaquant doit effectuer une autre aLo de priorité plus élevée que l'attaque, il se rendra sur le
    lieu correspondant. Si c'est également le lieu de l'attaque, il y participera comme attaquant.»"""
    result = attack(agreed(5), Copulation(REPTILIEN, 5, 5), Rendezvous(ALPHA, 6, 6))
    assert result.attacks[0].attackers == {REPTILIEN, SETH}
    assert result.victims == (5,)


def test_no_attacker_reaches_the_house() -> None:
    """§7 «il se rendra sur le lieu correspondant»: held elsewhere or asleep, nobody attacks."""
    result = attack(agreed(5), Rendezvous(ALPHA, 6, 6), Abduction(3, REPTILIEN), HeavySleep(SETH))
    assert result.failure == "no-attacker" and result.victims == ()


def test_a_sleeping_reptilian_does_not_attack() -> None:
    """§5 «Chaque nuit, il désigne quelqu'un qui dormira d'un sommeil lourd. La cible n'agira plus jusqu'à
    l'aube.» Even at home, even when home is the target."""
    result = attack(agreed(SETH, squatter=True), HeavySleep(SETH), Squat(7, SETH))
    assert SETH not in result.attacks[0].attackers
    assert result.victims == (7,)


def test_seth_attacks_with_them_the_fennec_does_not() -> None:
    """§4 Seth «Il est également un Reptilien. Il participe donc à leurs sessions et attaques normalement.» §11
    «Reptiliens (Seth inclus, Fennec exclus)»"""
    result = attack(agreed(FENNEC), Rendezvous(ALPHA, 6, 6), Abduction(3, REPTILIEN))
    assert result.attacks[0].attackers == {SETH}
    assert result.victims == (FENNEC,)


def test_the_richest_citizens_house_is_protected() -> None:
    """§7 «Le personnage qui, à la fin de la journée, est strictement plus riche que chacun des autres ; dispose
    d'un système empêchant toute attaque de Reptiliens dans sa maison.»"""
    result = attack(agreed(5), richest=5)
    assert result.failure == "richest" and result.victims == ()
    assert attack(agreed(5), Squat(7, 5), richest=5).victims == ()  # the house, whoever is in it


def test_the_richest_citizen_himself_is_not_protected() -> None:
    """§7 «Toutefois, ce système ne protège pas des mises à mort (assassinat, repticide, morsure) ou des larcins.»
    RULES-NOTES: “his house (not his person) is protected from the Reptilians' attack that night”."""
    result = attack(agreed(6), Rendezvous(5, 6, 6), richest=5, choose=lambda c: 5)
    assert result.victims == (5,)


def test_the_richest_citizen_is_strictly_the_richest() -> None:
    """§7 «Le personnage qui, à la fin de la journée, est strictement plus riche que chacun des autres»"""
    assert richest_citizen({3: 1, 4: 3, 5: 2}) == 4
    assert richest_citizen({3: 3, 4: 3, 5: 2}) is None
    assert richest_citizen({}) is None
    assert richest_citizen({3: 0}) == 3


# -- carnage ------------------------------------------------------------------------------------------------------
def test_carnage_every_awake_reptilian_attacks_where_he_is() -> None:
    """§7 «Mode carnage : Tous les Reptiliens qui ne sont pas en sommeil lourd passent à l'attaque, dans la maison
    dans laquelle ils se trouvent alors. Il peut ainsi y avoir plusieurs victimes lors d'un même soir.»
    RULES-NOTES: “Carnage mode is switched on by the MJ”."""
    result = attack(agreed(5), Rendezvous(SETH, 6, 6), Abduction(REPTILIEN, 7), HeavySleep(ALPHA), Squat(8, ALPHA),
                    carnage=True)
    # the alpha sleeps (no attack at her house, Laura survives); the others attack the target, the lover's
    # house and the abductor's house
    assert [(a.house, a.attackers, a.victim) for a in result.attacks] == [
        (5, frozenset(), None), (REPTILIEN, {REPTILIEN}, 7), (6, {SETH}, 6),
    ]
    assert result.victims == (7, 6)
    assert result.failure == "no-attacker"  # the pack's own target


def test_carnage_one_victim_a_house() -> None:
    """§7 «Si la maison est alors occupée par plusieurs personnages non Reptiliens, le MJ détermine aléatoirement
    la victime de l'attaque.» and «Il peut ainsi y avoir plusieurs victimes lors d'un même soir.»"""
    result = attack(agreed(5), Squat(7, 5), Fight(SETH, 3, 3), carnage=True, choose=lambda c: c[0])
    assert result.victims == (5, 3)
    assert result.attacks[1].candidates == (3,)
    result = attack(agreed(5), Squat(7, 5), Rendezvous(SETH, 3, 3), Sculpture(4, 3), Squat(8, 3), carnage=True,
                    choose=lambda c: c[-1])
    assert result.victims == (7, 8)
    assert result.attacks[1].candidates == (3, 4, 8)


def test_carnage_without_a_target() -> None:
    """§7 «Tous les Reptiliens qui ne sont pas en sommeil lourd passent à l'attaque, dans la maison dans laquelle
    ils se trouvent alors.» The pack disagreed: each attacks at home, Laura squats at the alpha's."""
    result = attack(PackDecision(None, failure="disagreement"), Squat(7, ALPHA), carnage=True)
    assert result.victims == (7,)
    assert result.failure == "disagreement"
    assert [a.failure for a in result.attacks] == [None, "empty", "empty"]


def test_carnage_respects_the_protections() -> None:
    """§7 «Si la maison est alors vide ou protégée par la milice fantôme, l'attaque échoue.»"""
    result = attack(agreed(5), Rendezvous(SETH, 6, 6), Sculpture(REPTILIEN, 7), carnage=True, militia=6, richest=7)
    assert result.victims == (5,)
    assert {a.house: a.failure for a in result.attacks} == {5: None, 6: "militia", 7: "richest"}


# -- cameras and animals ------------------------------------------------------------------------------------------
def test_the_procureurs_camera_counts_the_house_at_the_attack() -> None:
    """§6 Procureur «Le MJ révèle à tous le taux d'occupation (vide / 1 occupant / plusieurs occupants) de cette
    maison au moment de l'attaque.» RULES-NOTES: “Cameras and animals count everyone present in the house at the
    attack step, attackers included”."""
    target, alone, empty = Observer("camera", 5), Observer("camera", 4), Observer("camera", 6)
    result = attack(agreed(5), Squat(6, 3), observers=[target, alone, empty])
    assert result.reports == (
        Report(target, 4, occupancy="several"),
        Report(alone, 1, occupancy="one"),
        Report(empty, 0, occupancy="empty"),
    )


def test_the_adjoints_camera_also_works_without_an_attack() -> None:
    """§6 Adjoint «Au moment de l'attaque, elle se déclenche automatiquement.» «Le MJ révèle à tous les informations
    récoltées : 0 / 1 / plusieurs occupant(s).» RULES-NOTES: “a camera also reports when no attack took place”."""
    camera = Observer("camera", 5, owner=3)
    result = attack(PackDecision(None, failure="disagreement"), Squat(6, 5), observers=[camera])
    assert result.victims == ()
    assert result.reports == (Report(camera, 2, occupancy="several"),)


def test_an_animal_smells_a_reptilian_attackers_included() -> None:
    """§5 «L'animal détectera si la maison est occupée par au moins un Reptilien (dont Seth et les convertis).»
    RULES-NOTES: “Cameras and animals count everyone present in the house at the attack step, attackers
    included”."""
    at_target, elsewhere, designated = Observer("animal", 5), Observer("animal", 4), Observer("animal", REPTILIEN)
    result = attack(agreed(5), observers=[at_target, elsewhere])
    assert [r.reptilian for r in result.reports] == [True, False]
    # the fellow the pack designates is still a Reptilian to the animal
    result = attack(agreed(REPTILIEN), Rendezvous(ALPHA, 3, 3), Rendezvous(SETH, 4, 4), observers=[designated])
    assert result.victims == ()  # no attacker but him
    assert result.reports[0].reptilian is True


def test_an_animal_at_the_morgue() -> None:
    """§5 «Il peut aussi choisir de placer son animal à la morgue devant un cadavre précis.» RULES-NOTES: “An
    animal at the morgue reports whether that corpse was a Reptilian”."""
    reptile, human = Observer("animal", corpse=8), Observer("animal", corpse=9)
    result = attack(agreed(5), living=range(8), reptilians=REPTILIANS | {8}, observers=[reptile, human])
    assert result.reports == (Report(reptile, reptilian=True), Report(human, reptilian=False))
    with pytest.raises(ValueError):
        Observer("camera", corpse=8)
    with pytest.raises(ValueError):
        Observer("animal", 3, corpse=8)


def test_the_night_and_the_decision_must_agree() -> None:
    """§7 «Ils se mettent d'accord en début de nuit sur leur cible.» The pack is placed for that target."""
    night = where_everyone_sleeps(STREET, range(10), [Attack(REPTILIANS, 5)])
    with pytest.raises(ValueError):
        resolve_attack(night, agreed(6), REPTILIANS, choose=no_draw)
    with pytest.raises(ValueError):
        resolve_attack(night, PackDecision(None, failure="no-choice"), REPTILIANS, choose=no_draw)
    with pytest.raises(ValueError):
        resolve_attack(night, agreed(5), REPTILIANS, choose=no_draw, militia=42)


# -- properties ---------------------------------------------------------------------------------------------------
@st.composite
def attacks(draw: st.DrawFn) -> tuple[AttackResult, frozenset[int], PackDecision, Night]:
    n = draw(st.integers(2, 10))
    street = Street.of(range(n))
    seat = st.integers(0, n - 1)
    living = frozenset(draw(st.sets(seat, min_size=1)))
    reptilians = frozenset(draw(st.sets(seat)))
    two = st.lists(seat, min_size=2, max_size=2, unique=True)

    def pair(kind: type[Fight] | type[Copulation] | type[Rendezvous]) -> st.SearchStrategy[Declaration]:
        return two.flatmap(lambda ab: st.sampled_from(ab).map(lambda at: kind(ab[0], ab[1], at)))

    pairs = [pair(Fight), pair(Copulation), pair(Rendezvous)]
    declarations = draw(st.lists(st.one_of(
        seat.map(HeavySleep), two.map(lambda ab: Abduction(*ab)), st.tuples(seat, seat).map(lambda t: Sculpture(*t)),
        two.map(lambda ab: Squat(*ab)), *pairs), max_size=8))
    reptilians |= {draw(st.sampled_from(sorted(living)))}  # at least one living Reptilian, mostly decided
    choice = st.builds(PackChoice, seat, st.booleans())
    choices = {s: draw(st.sampled_from([None, *[draw(choice)] * 3])) for s in sorted(living & reptilians)}
    alpha = draw(st.none() | st.sampled_from(sorted(choices))) if choices else None
    decision = pack_target(choices, alpha)
    pack = decision.declaration(living & reptilians)
    night = where_everyone_sleeps(street, living, [*declarations, *([pack] if pack else [])])
    militia, richest = draw(st.none() | seat), draw(st.none() | seat)
    observers = [Observer("camera", h) for h in range(n)] + [Observer("animal", h) for h in range(n)]
    result = resolve_attack(night, decision, reptilians, choose=draw(st.sampled_from([min, max])), militia=militia,
                            richest=richest, carnage=draw(st.booleans()), observers=observers)
    return result, reptilians, decision, night


@settings(max_examples=300, deadline=None)
@given(attacks())
def test_victims_are_never_spared_reptilians(case: tuple[AttackResult, frozenset[int], PackDecision, Night]) -> None:
    """§7 «Dans les autres cas, une attaque de Reptilien ne peut pas se retourner contre Reptilien.» and «Si la
    maison est alors vide ou protégée par la milice fantôme, l'attaque échoue.»"""
    result, reptilians, decision, night = case
    target = decision.target
    designated = target.house if target and not target.squatter else None
    assert len({a.house for a in result.attacks}) == len(result.attacks)
    for a in result.attacks:
        assert (a.victim is None) == (a.failure is not None)
        if a.victim is not None:
            assert a.attackers and a.victim in a.candidates
            assert a.victim not in reptilians or (target is not None and a.house == target.house == designated
                                                  == a.victim)
            assert night.places[a.victim].house == a.house
    assert len(result.victims) == len(set(result.victims))
    for report in result.reports:
        assert report.observer.house is not None
        people = night.occupants[report.observer.house]
        assert report.present == len(people)
        assert (report.occupancy is None) == (report.observer.kind == "animal")


# -- the quotes are the seed's --------------------------------------------------------------------------------------
globals().update(quote_tests(globals()))
