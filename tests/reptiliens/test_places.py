"""Les Reptiliens de Quinte-Bourg: the street and where everyone spends the night (seed 000 §2, §5, §7, §8, §12;
RULES-NOTES `reptiliens`), on app/engine/rulesets/reptiliens/places.py.

One test per rule sentence, the seed quoted «in French» in its docstring and RULES-NOTES “in quotes”; when
../shared/ is present, the quotes are checked against the seed and the notes."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.rulesets.reptiliens import places as P
from app.engine.rulesets.reptiliens.cards import LONG_PRIORITY
from app.engine.rulesets.reptiliens.places import (
    ABDUCTION,
    AT_HOME,
    ATTACKING,
    COPULATING,
    FIGHTING,
    HEAVY_SLEEP,
    SCULPTING,
    SLEEPING_TOGETHER,
    SQUATTING,
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
    seat_neighbours,
    where_everyone_sleeps,
)
from tests.support.seed_quotes import quote_tests

STREET = Street.of(range(8))
EVERYONE = range(8)


def night(*declarations: Declaration, living: Iterable[int] = EVERYONE, street: Street = STREET) -> Night:
    return where_everyone_sleeps(street, living, declarations)


def where(n: Night) -> dict[int, int]:
    return {seat: place.house for seat, place in n.places.items()}


# -- the street ---------------------------------------------------------------------------------------------------
def test_the_street_is_a_ring_in_seat_order() -> None:
    """RULES-NOTES: “Clockwise = increasing seat order. Houses form a ring ("the street"), first in seat order”
    and “House neighbours follow the street”."""
    assert STREET.houses == tuple(range(8))
    assert STREET.neighbours(0) == (7, 1)
    assert STREET.neighbours(7) == (6, 0)
    assert STREET.next_to(3) == 4 and STREET.next_to(3, "counterclockwise") == 2
    assert STREET.are_neighbours(7, 0) and not STREET.are_neighbours(0, 2)
    assert Street.of([5, 2, 9]).houses == (2, 5, 9)


def test_small_streets() -> None:
    """RULES-NOTES: “House neighbours follow the street”: two houses have one neighbour each, one house none."""
    assert Street.of([3, 4]).neighbours(3) == (4,)
    assert Street.of([3]).neighbours(3) == ()
    assert Street.of([3]).next_to(3) is None


def test_a_dead_owners_house_stays() -> None:
    """RULES-NOTES: “a dead owner's house stays”. It stays a neighbour, and Laura can squat there («que la maison
    soit vide ou non»)."""
    n = night(Squat(6, 3), living={0, 1, 2, 4, 5, 6, 7})
    assert set(n.occupants) == set(range(8))
    assert n.occupants[3] == {6}
    assert STREET.neighbours(4) == (3, 5)


def test_a_married_couple_moves_into_neighbouring_houses() -> None:
    """§8 «Une fois mariés, ils déménagent où bon leur semble, dans des maisons voisines, mais distinctes.»
    RULES-NOTES: “a move (marriage, Artiste's victim) rebuilds the mover's house next to another in the ring”."""
    moved = STREET.moved(5, 1)
    assert moved.houses == (0, 1, 5, 2, 3, 4, 6, 7)
    assert moved.are_neighbours(1, 5)
    assert moved.are_neighbours(4, 6)  # the old neighbours of 5 now stand side by side
    assert len(moved.houses) == 8  # distinct houses
    # or both move elsewhere: one beside a third house, the other beside him
    both = STREET.moved(2, 6).moved(4, 2, "counterclockwise")
    assert both.are_neighbours(2, 4) and both.are_neighbours(6, 4)


def test_the_artistes_victim_moves_where_he_likes() -> None:
    """§12 «Déménagement de la victime de l'Artiste (le cas échéant). La victime se déplace où bon lui semble.»"""
    moved = STREET.moved(3, 7)
    assert moved.houses == (0, 1, 2, 4, 5, 6, 7, 3)
    assert moved.neighbours(3) == (7, 0)
    assert STREET.moved(3, 7, "counterclockwise").neighbours(3) == (6, 7)


def test_a_move_needs_another_house() -> None:
    """«La victime se déplace où bon lui semble»: beside another house of the street."""
    with pytest.raises(ValueError):
        STREET.moved(3, 3)
    with pytest.raises(ValueError):
        STREET.moved(3, 42)
    with pytest.raises(ValueError):
        STREET.neighbours(42)
    with pytest.raises(ValueError):
        Street((1, 2, 1))


def test_a_thiefs_neighbouring_house_follows_the_street() -> None:
    """§5 «Si c'est une maison voisine, il peut dérober la totalité des pièces de son propriétaire.»"""
    assert STREET.are_neighbours(2, 3)
    moved = STREET.moved(3, 6)
    assert not moved.are_neighbours(2, 3)
    assert moved.are_neighbours(3, 6)


def test_seat_neighbours_are_the_nearest_living_seats() -> None:
    """§5 «Il peut investiguer le rôle d'un voisin, en retournant la carte d'un joueur assis à ses côtés.»
    RULES-NOTES: “seat neighbours (the snoops' "assis à ses côtés") are the nearest living seats”."""
    seats = list(range(8))
    assert seat_neighbours(seats, set(seats), 0) == (7, 1)
    assert seat_neighbours(seats, {0, 1, 3, 4}, 1) == (0, 3)
    assert seat_neighbours(seats, {0, 1, 3, 4}, 0) == (4, 1)
    assert seat_neighbours(seats, {0, 5}, 0) == (5,)
    assert seat_neighbours(seats, {0}, 0) == ()
    # moving house changes no seat
    assert seat_neighbours(seats, set(seats), 3) == (2, 4)
    with pytest.raises(ValueError):
        seat_neighbours(seats, set(seats), 42)


# -- one place a night --------------------------------------------------------------------------------------------
def test_everyone_sleeps_at_home_by_default() -> None:
    """§2 «Dormir chez soi Tous»"""
    n = night()
    assert where(n) == {s: s for s in range(8)}
    assert {p.action for p in n.places.values()} == {AT_HOME}
    assert all(n.at_home(s) for s in range(8))
    assert n.occupants[4] == {4}


def test_exactly_one_long_action_a_night() -> None:
    """§2 «Pour une nuit, un nombre illimité d'**actions ponctuelles** mais exactement une **action longue**
    seront réalisées(s) par un même joueur.»"""
    n = night(Squat(1, 4), Rendezvous(1, 2, 2), Attack(frozenset({1}), 6))
    assert n.places[1] == P.Place(2, SLEEPING_TOGETHER, overruled=(SQUATTING, ATTACKING))
    assert sum(1 in people for people in n.occupants.values()) == 1


# Seat 1 does each long action at a house of its own, to tell them apart.
AS_SEAT_1: dict[str, tuple[Declaration, int]] = {
    HEAVY_SLEEP: (HeavySleep(1), 1),
    ABDUCTION: (Abduction(1, 7), 1),
    SCULPTING: (Sculpture(1, 2), 2),
    FIGHTING: (Fight(1, 5, 5), 5),
    COPULATING: (Copulation(1, 4, 4), 4),
    SLEEPING_TOGETHER: (Rendezvous(1, 3, 3), 3),
    SQUATTING: (Squat(1, 0), 0),
    ATTACKING: (Attack(frozenset({1}), 6), 6),
}


@pytest.mark.parametrize(("high", "low"), list(combinations(LONG_PRIORITY[:-1], 2)))
def test_the_highest_long_action_wins(high: str, low: str) -> None:
    """§2 «La table des priorités suivante définit, en cas de cumul, quelle est l'action longue qui sera effective
    (celle qui est le plus haut dans le tableau).»"""
    for order in ((high, low), (low, high)):  # whatever the order of the steps
        n = night(*(AS_SEAT_1[a][0] for a in order))
        assert n.places[1].action == high
        assert n.places[1].house == AS_SEAT_1[high][1]
        assert n.places[1].overruled == (low,)


def test_the_table_is_the_modules() -> None:
    """§2: the table (Sommeil lourd > Enlèvement > Sculpter > Se battre > Copuler > Dormir ensemble > Squatter >
    Attaquer > Dormir chez soi) is cards.LONG_PRIORITY, checked against the seed by tests/reptiliens/test_catalogue.py;
    places.py follows it."""
    assert LONG_PRIORITY == (HEAVY_SLEEP, ABDUCTION, SCULPTING, FIGHTING, COPULATING, SLEEPING_TOGETHER, SQUATTING,
                             ATTACKING, AT_HOME)
    classes = (HeavySleep, Abduction, Sculpture, Fight, Copulation, Rendezvous, Squat, Attack)
    assert tuple(c.action for c in classes) == LONG_PRIORITY[:-1]


# -- Sommeil lourd ------------------------------------------------------------------------------------------------
def test_a_heavy_sleeper_stays_home_and_acts_no_more() -> None:
    """§5 Marchand de sable «Chaque nuit, il désigne quelqu'un qui dormira d'un sommeil lourd. La cible n'agira plus
    jusqu'à l'aube.»"""
    squat, attack = Squat(3, 5), Attack(frozenset({3, 4}), 6)
    n = night(HeavySleep(3), squat, attack)
    assert n.places[3] == P.Place(3, HEAVY_SLEEP, asleep=True, overruled=(SQUATTING, ATTACKING))
    assert n.places[4] == P.Place(6, ATTACKING)
    assert n.failed == (squat,)


def test_a_sleeping_lover_does_not_join_the_other() -> None:
    """§5 «La cible n'agira plus jusqu'à l'aube.» The other lover goes to the place they chose."""
    n = night(HeavySleep(3), Rendezvous(3, 5, 5))
    assert where(n)[3] == 3 and n.places[3].asleep
    assert n.places[5] == P.Place(5, SLEEPING_TOGETHER)
    n = night(HeavySleep(3), Rendezvous(5, 3, 3))
    assert n.occupants[3] == {3, 5}


# -- Enlèvement ---------------------------------------------------------------------------------------------------
def test_the_abductee_spends_the_night_at_the_abductors() -> None:
    """§5 «Il la droguera pour l'enlever et lui faire passer la nuit chez elle. La cible sera dans un sommeil lourd
    et n'agira donc plus de la nuit. De même, le Psychopathe / Toqué passe la nuit chez lui pour profiter de son
    invité.» RULES-NOTES: “the abductee spends the night at the abductor's house ("son invité"; "chez elle" is a
    slip)”."""
    n = night(Abduction(2, 6), Attack(frozenset({6, 0}), 4))
    assert n.places[2] == P.Place(2, ABDUCTION)
    assert n.places[6] == P.Place(2, ABDUCTION, asleep=True, overruled=(ATTACKING,))
    assert n.occupants[2] == {2, 6} and n.occupants[6] == frozenset()
    assert not n.at_home(6)


def test_a_sleeping_abductor_abducts_nobody() -> None:
    """§5 «La cible n'agira plus jusqu'à l'aube.» The Marchand de sable is called before the Psychopathe (§12)."""
    abduction = Abduction(2, 6)
    n = night(HeavySleep(2), abduction)
    assert n.places[2] == P.Place(2, HEAVY_SLEEP, asleep=True, overruled=(ABDUCTION,))
    assert n.places[6] == P.Place(6, AT_HOME, overruled=(ABDUCTION,))  # he was spared
    assert n.failed == (abduction,)


def test_a_sleeper_can_still_be_abducted() -> None:
    """§2 «Sommeil lourd Leurs cibles (Marchand de sable, Psychopathe/Toqué)»: the abductee sleeps anyway."""
    n = night(HeavySleep(6), Abduction(2, 6))
    assert n.places[6] == P.Place(2, ABDUCTION, asleep=True)


def test_one_abductor_per_abductee() -> None:
    """§2 «Enlèvement Psychopathe/Toqué, sa cible (Psychopathe/Toqué)»: at equal rank, the first called wins."""
    second = Abduction(3, 6)
    n = night(Abduction(2, 6), second)
    assert where(n)[6] == 2 and where(n)[3] == 3
    assert n.failed == (second,)
    with pytest.raises(ValueError):
        Abduction(2, 2)


# -- Sculpter -----------------------------------------------------------------------------------------------------
def test_the_artiste_spends_the_night_at_his_victims() -> None:
    """§5 «Il désigne un personnage chez qui il va confectionner sa sculpture en caca, pendant toute la nuit
    (aLo).»"""
    n = night(Sculpture(4, 1))
    assert n.places[4] == P.Place(1, SCULPTING)
    assert n.places[1] == P.Place(1, AT_HOME)
    assert n.occupants[1] == {1, 4} and n.occupants[4] == frozenset()


# -- Se battre, Copuler -------------------------------------------------------------------------------------------
def test_the_first_fighter_chooses_the_house() -> None:
    """§5 Éris «Désigne deux personnes, qui vont aller se taper dessus pendant la nuit. La première personne désignée
    choisit chez lequel des deux la bagarre aura lieu.»"""
    n = night(Fight(2, 6, 6))
    assert n.places[2] == n.places[6] == P.Place(6, FIGHTING)
    assert where(night(Fight(2, 6, 2))) == {**{s: s for s in range(8)}, 6: 2}
    with pytest.raises(ValueError):
        Fight(2, 6, 3)
    with pytest.raises(ValueError):
        Fight(2, 2, 2)


def test_eris_may_name_herself() -> None:
    """§5 «Éris peut se désigner elle-même.» (Éris at seat 0)"""
    n = night(Fight(0, 5, 0))
    assert n.occupants[0] == {0, 5}


def test_the_first_lover_of_the_night_chooses_the_house() -> None:
    """§5 Freyja «Désigne deux personnes, qui coucheront ensemble pendant la nuit. La première personne désignée
    choisit chez laquelle des deux le coït aura lieu.» «Freyja peut se désigner elle-même.»"""
    n = night(Copulation(7, 3, 3))
    assert n.places[7] == n.places[3] == P.Place(3, COPULATING)


@pytest.mark.parametrize("pair", [Fight(2, 6, 6), Copulation(2, 6, 6)])
@pytest.mark.parametrize("held", [HeavySleep(2), HeavySleep(6), Abduction(1, 6), Abduction(6, 1), Abduction(2, 0)])
def test_a_pair_with_an_unavailable_target_fails(pair: Declaration, held: Declaration) -> None:
    """§5 Éris and Freyja «Si parmi les 2 cible au moins une est indisponible (sommeil lourd, enlèvement), le MJ
    annonce que son action a échoué.» The other one does not go."""
    n = night(held, pair)
    assert n.failed == (pair,)
    assert all(n.places[s].action != pair.action for s in (2, 6))
    free = next(s for s in (2, 6) if s not in held.seats)
    assert n.places[free] == P.Place(free, AT_HOME, overruled=(pair.action,))


# -- Dormir ensemble ----------------------------------------------------------------------------------------------
def test_the_lovers_sleep_together_where_they_chose() -> None:
    """§4 Amoureux «Ils choisissent chez lequel des deux ils se retrouveront. Ils dorment ensemble chaque nuit
    (aLo).»"""
    n = night(Rendezvous(3, 5, 3))
    assert n.places[3] == n.places[5] == P.Place(3, SLEEPING_TOGETHER)
    assert n.at_home(3) and not n.at_home(5)


def test_a_lover_goes_even_when_the_other_is_held_elsewhere() -> None:
    """§12 «Amoureux* Se retrouvent.» The lover held by a higher long action goes there; the other keeps the
    meeting (he cannot know)."""
    n = night(Abduction(1, 5), Rendezvous(3, 5, 5))
    assert where(n)[5] == 1
    assert n.places[3] == P.Place(5, SLEEPING_TOGETHER)
    assert n.failed == ()


def test_a_reptilian_lover_sleeps_with_the_other_instead_of_attacking() -> None:
    """§4 «un Amoureux-Reptilien participe aux concertations et aux attaques»; §7 «Si un attaquant doit effectuer
    une autre aLo de priorité plus élevée que l'attaque, il se rendra sur le lieu correspondant.»"""
    n = night(Rendezvous(0, 5, 5), Attack(frozenset({0, 1}), 3))
    assert n.places[0] == P.Place(5, SLEEPING_TOGETHER, overruled=(ATTACKING,))
    assert n.places[1] == P.Place(3, ATTACKING)
    assert n.attack_house == 3


# -- Squatter -----------------------------------------------------------------------------------------------------
def test_laura_sleeps_elsewhere_empty_or_not() -> None:
    """§5 «Elle ne veut jamais dormir chez elle. Chaque nuit, elle choisit une maison autre que la sienne pour y
    passer la nuit, que la maison soit vide ou non.»"""
    n = night(Squat(6, 2))
    assert n.places[6] == P.Place(2, SQUATTING)
    assert n.occupants[2] == {2, 6} and n.occupants[6] == frozenset()
    n = night(Squat(6, 2), Rendezvous(2, 4, 4))
    assert n.occupants[2] == {6}  # the owner is away: she is alone
    with pytest.raises(ValueError):
        Squat(6, 6)


# -- Attaquer -----------------------------------------------------------------------------------------------------
def test_the_attackers_go_to_the_target() -> None:
    """§7 «Ils attaquent une maison.»"""
    n = night(Attack(frozenset({0, 1}), 5))
    assert n.places[0] == n.places[1] == P.Place(5, ATTACKING)
    assert n.occupants[5] == {0, 1, 5}
    assert n.attack_house == 5


def test_an_attacker_with_a_higher_long_action_goes_there_instead() -> None:
    """§7 «Si un attaquant doit effectuer une autre aLo de priorité plus élevée que l'attaque, il se rendra sur le
    lieu correspondant. Si c'est également le lieu de l'attaque, il y participera comme attaquant.»"""
    n = night(Fight(1, 6, 6), Squat(2, 5), Attack(frozenset({0, 1, 2}), 6))
    assert n.places[1] == P.Place(6, FIGHTING, overruled=(ATTACKING,))
    assert n.places[2] == P.Place(5, SQUATTING, overruled=(ATTACKING,))
    assert n.occupants[6] == {0, 1, 6}  # 1 is there: attacks.resolve_attack counts him among the attackers


def test_one_attack_a_night() -> None:
    """§4 «Plus tard dans la nuit, ils attaquent la cible (aLo).»"""
    with pytest.raises(ValueError):
        night(Attack(frozenset({0}), 5), Attack(frozenset({1}), 6))


# -- the Stalkeur, the dead, the checks ---------------------------------------------------------------------------
def test_the_stalkeur_learns_whether_he_slept_at_home() -> None:
    """§5 «Le MJ lui révèle si la personne a passé la majeure partie de la nuit (aLo) chez elle ou pas.»"""
    n = night(HeavySleep(2), Squat(3, 2), Abduction(4, 5), Rendezvous(6, 7, 7))
    assert {s: n.at_home(s) for s in range(8)} == {
        0: True, 1: True, 2: True, 3: False, 4: True, 5: False, 6: False, 7: True,
    }


def test_a_player_killed_during_the_night_leaves_the_others_where_they_went() -> None:
    """§2 «Si une mise à mort a lieu pendant la nuit, le MJ annonce oralement qu'une telle action a eu lieu sans
    préciser l'identité de la cible»: the dead are nowhere; the living stay where the steps sent them."""
    n = night(Abduction(2, 6), Fight(3, 4, 4), living={0, 1, 3, 5, 6, 7})
    assert set(n.places) == {0, 1, 3, 5, 6, 7}
    assert where(n)[6] == 2  # drugged and carried off before the abductor died
    assert where(n)[3] == 4
    assert n.occupants[2] == {6}


def test_the_declarations_name_houses_of_the_street() -> None:
    """RULES-NOTES: “every player owns a house”."""
    with pytest.raises(ValueError):
        night(Squat(3, 42))
    with pytest.raises(ValueError):
        night(HeavySleep(42))
    with pytest.raises(ValueError):
        night(living={0, 42})


# -- properties ---------------------------------------------------------------------------------------------------
@st.composite
def nights(draw: st.DrawFn) -> tuple[Street, frozenset[int], list[Declaration]]:
    n = draw(st.integers(2, 12))
    street = Street.of(range(n))
    for mover, beside, side in draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1),
                                                       st.sampled_from(get_args(P.Side))),
                                             max_size=4)):
        if mover != beside:
            street = street.moved(mover, beside, side)
    living = frozenset(draw(st.sets(st.integers(0, n - 1), min_size=1)))
    seat = st.integers(0, n - 1)
    two = st.lists(seat, min_size=2, max_size=2, unique=True)

    def pair(kind: type[Fight] | type[Copulation] | type[Rendezvous]) -> st.SearchStrategy[Declaration]:
        return two.flatmap(lambda ab: st.sampled_from(ab).map(lambda at: kind(ab[0], ab[1], at)))

    declaration: st.SearchStrategy[Declaration] = st.one_of(
        seat.map(HeavySleep),
        two.map(lambda ab: Abduction(ab[0], ab[1])),
        st.tuples(seat, seat).map(lambda t: Sculpture(*t)),
        pair(Fight),
        pair(Copulation),
        pair(Rendezvous),
        two.map(lambda ab: Squat(ab[0], ab[1])),
    )
    declarations = draw(st.lists(declaration, max_size=10))
    if draw(st.booleans()):
        declarations.insert(draw(st.integers(0, len(declarations))),
                            Attack(frozenset(draw(st.sets(seat))), draw(seat)))
    return street, living, declarations


@settings(max_examples=300, deadline=None)
@given(nights())
def test_every_living_player_is_in_exactly_one_place(case: tuple[Street, frozenset[int], list[Declaration]]) -> None:
    """§2 «exactement une **action longue**»; RULES-NOTES: “Each player spends each night in exactly one place”."""
    street, living, declarations = case
    n = where_everyone_sleeps(street, living, declarations)
    assert set(n.places) == living
    assert set(n.occupants) == set(street.houses)
    assert sorted(s for people in n.occupants.values() for s in people) == sorted(living)
    for seat, place in n.places.items():
        assert seat in n.occupants[place.house]
        assert place.action in LONG_PRIORITY
        named = [d for d in declarations if seat in d.seats]
        if place.action == AT_HOME:
            assert place.house == seat and not place.asleep
        else:
            assert place.action in {d.action for d in named}
        assert set(place.overruled) <= {d.action for d in named} - {place.action}
        # A sleeper is at home, or at an abductor's house.
        if place.asleep:
            assert place.house == seat or any(
                isinstance(d, Abduction) and d.victim == seat and d.abductor == place.house for d in named)
        if place.action == HEAVY_SLEEP:
            assert place.asleep and place.house == seat
    assert n.attack_house == next((d.house for d in declarations if isinstance(d, Attack)), None)
    assert set(n.failed) <= set(declarations)


@settings(max_examples=200, deadline=None)
@given(nights())
def test_the_order_of_the_ranks_does_not_matter(case: tuple[Street, frozenset[int], list[Declaration]]) -> None:
    """§2 «quelle est l'action longue qui sera effective (celle qui est le plus haut dans le tableau)»: only the
    order within a rank (the steps' order) counts."""
    street, living, declarations = case
    reversed_ranks = sorted(declarations, key=lambda d: -LONG_PRIORITY.index(d.action))
    assert where_everyone_sleeps(street, living, declarations) == where_everyone_sleeps(street, living,
                                                                                        reversed_ranks)


# -- the quotes are the seed's --------------------------------------------------------------------------------------
globals().update(quote_tests(globals()))
