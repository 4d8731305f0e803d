"""How a game of Les Reptiliens de Quinte-Bourg ends and who wins (seed 000 §3, §4, §11; RULES-NOTES `reptiliens`
"End of the game"): app/engine/rulesets/reptiliens/victory.py, one test per rule sentence, the seed quoted."""

from __future__ import annotations

import json
import string
from typing import Any

import pytest

from app.engine.rulesets.reptiliens import victory as V
from app.engine.rulesets.reptiliens.offices import CHEF_MILICE, NOTAIRE, PRESIDENT, PROCUREUR, SENATEUR
from app.engine.rulesets.reptiliens.victory import Facts, Radiant, Reason, Seat, Show, Stop

ALPHA, REPT, NOIRE, ROUGE = "rp-reptilienne-alpha", "rp-reptilien", "rp-reptilienne-noire", "rp-reptilienne-rouge"
SETH, FENNEC, SHEHERAZADE, PROPHETE = "rp-seth", "rp-fennec", "rp-sheherazade", "rp-prophete"
SOURIS, MINUS, CORTEX, MARTYRE, ORPHEE, SIRENE = (
    "rp-souris", "rp-minus", "rp-cortex", "rp-martyre", "rp-orphee", "rp-sirene")
VILL, CUPIDE, HOLMES, MONK, POIROT = "rp-villageois", "rp-cupide", "rp-holmes", "rp-monk", "rp-poirot"
PACH, RAPPAZ, SESIANO = "rp-pach", "rp-rappaz", "rp-sesiano"

# A village of ten, seats 0..9.
BASE = [ALPHA, REPT, SETH, FENNEC, VILL, VILL, SHEHERAZADE, MARTYRE, ORPHEE, SOURIS]


def game(cards: list[str], dead: tuple[int, ...] = (), seats: dict[int, Any] | None = None,
         **facts: Any) -> Facts:
    """Seats 0..n-1 holding `cards`; `dead` are dead; `seats` gives some seats more fields."""
    more = seats or {}
    return Facts(tuple(Seat(i, card, **{"alive": i not in dead, **more.get(i, {})}) for i, card in enumerate(cards)),
                 **facts)


def only_alive(cards: list[str], *living: int, **kw: Any) -> Facts:
    return game(cards, tuple(i for i in range(len(cards)) if i not in living), **kw)


def outcome(facts: Facts) -> V.Outcome:
    stop = V.stops(facts)
    assert stop is not None, "the game should have stopped"
    return V.winners(facts, stop)


def results(facts: Facts) -> dict[int, str]:
    return {s.seat: s.result for s in outcome(facts).seats}


def reasons(facts: Facts, seat: int) -> list[str]:
    return [r.key for r in outcome(facts).seats[seat].reasons]


def stop_keys(facts: Facts) -> list[str]:
    stop = V.stops(facts)
    return [] if stop is None else [r.key for r in stop.reasons]


WON = V.WON


# -- §3 Fin de partie: the three ways a game stops ------------------------------------------------------------------
def test_the_game_goes_on_while_nothing_is_met() -> None:
    assert V.stops(game(BASE)) is None
    assert V.stops(game(BASE, dead=(4, 5, 7))) is None


def test_a_victory_condition_met_stops_the_game() -> None:
    """§3 "La partie s'arrête si : - Une des condition de victoire a été remplie": here the Villageois'."""
    facts = game(BASE, dead=(0, 1, 2))
    assert stop_keys(facts) == [WON + "rp-villageois"]


def test_two_living_players_stop_the_game() -> None:
    """§3 "- Il ne reste plus que 2 joueurs vivants": a Reptilian and a villager left, nobody's condition met; the
    game stops and nobody wins."""
    facts = only_alive(BASE, 1, 4)
    assert V.stops(facts) == Stop((Reason(V.STOP_LIVING, {"living": 2}),))
    assert set(results(facts).values()) == {"lost"}


def test_fewer_than_two_living_stop_the_game_too() -> None:
    """Interpretation: "plus que 2" also holds when deaths at once leave one or nobody alive."""
    assert stop_keys(only_alive(BASE, 4))[-1] == V.STOP_LIVING
    assert stop_keys(only_alive(BASE)) == [V.STOP_LIVING]
    assert outcome(only_alive(BASE)).winners == ()  # nobody alive: nobody wins by extermination


@pytest.mark.parametrize("card", [ROUGE, NOIRE, SETH])
def test_sheherazade_converting_the_rouge_the_noire_or_seth_stops_the_game(card: str) -> None:
    """§3 "- Shéhérazade a converti la Reptilienne rouge, la Reptilienne noire ou Seth"; §4 "Si elle convertit la
    Reptilienne noire, la Reptilienne rouge ou Seth ; la partie s'arrête." With everybody alive, the Idéalistes
    (at least half alive) win."""
    cards = [card if c == SETH else c for c in BASE] if card != SETH else BASE
    target = cards.index(card)
    facts = game(cards, radiant=Radiant(by=6, target=target))
    assert V.radiant_stops_game(card)
    stop = V.stops(facts)
    assert stop == Stop((Reason(V.STOP_RADIANT, {"seat": 6, "target": target, "role": card}),))
    assert outcome(facts).winners == (6,)
    assert reasons(facts, 6) == [WON + "rp-idealistes"]


def test_sheherazade_converting_anyone_else_does_not_stop_the_game() -> None:
    """§4 "Sinon, Shéhérazade meurt, mais le converti passe dans le camp des idéalistes": no stop."""
    assert not V.radiant_stops_game(REPT) and not V.radiant_stops_game(VILL)
    assert V.stops(game(BASE, radiant=Radiant(by=6, target=1))) is None


def test_end_only_conditions_never_stop_the_game() -> None:
    """RULES-NOTES: Idéalistes, Pentaphile, 58-ard, Perfect-Matcheur, Mélomane, Romantique are evaluated only when
    the game stops. Ten alive (a multiple of 5), everyone alive (Idéalistes): the game goes on."""
    cards = [*BASE[:5], MONK, *BASE[6:]]
    assert V.stops(game(cards, seats={5: {"personal": ("rp-pentaphile",)}})) is None
    eight = [ALPHA, REPT, SETH, FENNEC, VILL, RAPPAZ, SHEHERAZADE, MARTYRE, ORPHEE, SOURIS]
    assert V.stops(game(eight, dead=(4, 7), seats={5: {"personal": ("rp-58-ard",)}})) is None
    even = [ALPHA, REPT, VILL, VILL, PACH, SOURIS]  # two Reptilians out of four living
    assert V.stops(game(even, dead=(2, 5), seats={4: {"personal": ("rp-perfect-matcheur",)}})) is None


def test_several_triggers_at_once_are_all_given() -> None:
    """Two living, Seth one of them: the Seths' condition and the two living both stop the game."""
    assert stop_keys(only_alive(BASE, 2, 4)) == [WON + "rp-seths", V.STOP_LIVING]


# -- §3: camps, accumulation, dominance --------------------------------------------------------------------------
def test_a_seat_wins_by_its_dominant_camp_or_its_personal_condition() -> None:
    """§3 "Un joueur gagne la partie si la condition de victoire de son camp dominant est remplie ; ou si son
    éventuelle condition de victoire personnelle est remplie." """
    cards = [ALPHA, REPT, SETH, VILL, VILL, MONK, SOURIS, VILL, VILL, VILL]
    monk = {"personal": ("rp-pentaphile",), "converted": ("rp-reptiliens",)}  # the MJ made him a Reptilian
    facts = game(cards, dead=(0, 1, 2, 3, 5), seats={5: monk})
    assert [seat for seat, result in results(facts).items() if result == "won"] == [3, 4, 5, 7, 8, 9]
    assert reasons(facts, 4) == [WON + "rp-villageois"]  # his camp's
    assert reasons(facts, 5) == [WON + "rp-pentaphile"]  # five alive: his own


def test_the_dead_win_too() -> None:
    """§3 "Le fait d'être mort ne signifie donc pas que la partie est perdue." """
    facts = game(BASE, dead=(0, 1, 2, 4))  # Villageois 4 died before the last Reptilian
    assert results(facts)[4] == "won"
    assert outcome(facts).seats[4].alive is False


def test_conversion_accumulates_camps() -> None:
    """§3 "En cas de conversion, le joueur appartient alors à plusieurs camps. [...] par exemple, un
    Minus-Reptilien participe à la fois à l'intervention de postes publics avec Cortex et aux attaques de
    Reptiliens." """
    minus = Seat(0, MINUS, converted=("rp-reptiliens",))
    assert minus.camps == ("rp-souris", "rp-reptiliens")
    assert minus.reptilian


def test_the_table_order_decides_the_dominant_camp() -> None:
    """§3 "En cas de cumul, l'ordre du tableau des camps ci-après détermine le camp dominant, celui qui prime pour
    définir les conditions de victoires." A Minus-Reptilien plays for the Souris; a converted villager for the
    Reptiliens."""
    assert Seat(0, MINUS, converted=("rp-reptiliens",)).camp == "rp-souris"
    assert Seat(0, VILL, converted=("rp-reptiliens",)).camp == "rp-reptiliens"
    assert Seat(0, REPT, lover=True).camps == ("rp-amoureux", "rp-reptiliens")


def test_lovers_win_only_as_the_last_two() -> None:
    """§3 "les amoureux peuvent recevoir un second rôle de camp alibi, et le joueront à part entière [...], mais
    pour la gagner ils doivent impérativement être les deux derniers survivants du village, puisque *Amoureux*
    apparaît en premier dans le tableau." An Amoureux-Reptilien does not win with the Reptiliens."""
    cards = [ALPHA, REPT, REPT, VILL, VILL, VILL]
    facts = game(cards, dead=(3, 4, 5), seats={1: {"lover": True}, 3: {"lover": True}})
    assert stop_keys(facts) == [WON + "rp-reptiliens"]
    assert results(facts) == {0: "won", 1: "lost", 2: "won", 3: "lost", 4: "lost", 5: "lost"}


def test_a_reptilian_lover_counts_as_a_reptilian() -> None:
    """§3 "Toutefois, un Amoureux-Reptilien compte bien comme un Reptilien, notamment vis à vis des conditions de
    victoire pour des autres rôles (dont Villageois et Perfect-Matcheur)." §4 "pour gagner, les Villageois doivent
    également tuer les éventuels Amoureux-Reptiliens"."""
    cards = [ALPHA, REPT, VILL, VILL, VILL, PACH, VILL]
    lovers = {1: {"lover": True}, 2: {"lover": True}, 5: {"personal": ("rp-perfect-matcheur",)}}
    assert V.stops(game(cards, dead=(0,), seats=lovers)) is None  # the villagers must kill the lover too
    # Four alive, two of them Reptilians (one a lover) when the Martyre's execution stops the game.
    facts = game([ALPHA, REPT, VILL, PACH, MARTYRE, VILL], dead=(4, 5),
                 seats={1: {"lover": True}, 2: {"lover": True}, 3: {"personal": ("rp-perfect-matcheur",)},
                        4: {"executed": True}})
    assert results(facts)[3] == "won"
    assert reasons(facts, 3) == [WON + "rp-perfect-matcheur"]


def test_consolation_objective_reptiliens() -> None:
    """§3 "Lorsqu'un camp voit ses possibilités de victoire inatteignables, afin qu'il ait tout de même un but, il
    tentera de « sauver les meubles » en remplissant leur objectif de consolation (OC), qui est soit une victoire
    finale des Reptiliens (R) soit une victoire finale des Villageois (V)." Seths, Souris and Martyre: R."""
    facts = only_alive(BASE, 0, 1)  # every non-Reptilian and Seth dead
    got = outcome(facts)
    assert got.camps == ("rp-reptiliens",)
    assert got.winners == (0, 1)
    assert got.consoled == (2, 3, 7, 9)  # Seth, Fennec, Martyre, Souris
    assert [r.key for r in got.seats[9].reasons] == [V.CONSOLATION + "R"]
    assert got.seats[6].result == "lost"  # Idéalistes: V
    assert got.seats[4].result == "lost"  # Villageois: no OC


def test_consolation_objective_villageois_is_not_a_win() -> None:
    """§3, the OC column: Amoureux, Idéalistes and Musiciens have V. RULES-NOTES: "a lesser result for a losing
    camp whose OC camp won, not a win"."""
    facts = game(BASE, dead=(0, 1, 2, 4, 5, 6, 7), seats={8: {"lover": True}, 9: {"lover": True}})
    got = outcome(facts)
    assert got.camps == ("rp-villageois",)
    assert got.winners == (4, 5)
    assert got.consoled == (6, 8, 9)  # Shéhérazade (Idéalistes), the lovers (Amoureux)
    assert 6 not in got.winners


# -- §3 table and §4: each camp's condition ---------------------------------------------------------------------
def test_amoureux_are_the_last_two_alive() -> None:
    """§3 Amoureux "Ils sont les deux derniers vivants." §4 "Ils gagnent si ils sont les deux seuls vivants." """
    facts = only_alive(BASE, 1, 4, seats={1: {"lover": True}, 4: {"lover": True}})
    assert stop_keys(facts) == [WON + "rp-amoureux", V.STOP_LIVING]
    assert outcome(facts).winners == (1, 4)
    assert outcome(facts).seats[1].reasons == (Reason(WON + "rp-amoureux", {"seats": (1, 4)}),)
    # One lover and someone else: not the lovers.
    assert outcome(only_alive(BASE, 1, 5, seats={1: {"lover": True}, 4: {"lover": True}})).winners == ()


def test_idealistes_at_least_half_of_the_starting_players_when_the_game_stops() -> None:
    """§3 Idéalistes "La partie s'arrête avec une majorité de vivants." §4 "Ils gagnent si, sur l'ensemble des
    joueurs ayant débuté la partie, au moins la moitié est encore en vie lorsque la partie s'arrête." (RULES-NOTES:
    at least half.) Shéhérazade, dead of her story, wins too."""
    cards = [ALPHA, REPT, VILL, VILL, VILL, VILL, SHEHERAZADE, PROPHETE, VILL, VILL]
    half = game(cards, dead=(0, 1, 2, 3, 6))
    assert results(half)[6] == results(half)[7] == "won"
    assert outcome(half).seats[7].reasons == (Reason(WON + "rp-idealistes", {"living": 5, "started": 10}),)
    fewer = game(cards, dead=(0, 1, 2, 3, 4, 6))
    assert results(fewer)[6] == "consolation"  # the Villageois won: the Idéalistes' OC (V)


def test_seths_two_living_seth_one_of_them() -> None:
    """§3 Seths "Il n'y a plus que deux vivants, dont Seth." The Fennec, dead, wins with him."""
    facts = only_alive(BASE, 2, 5)
    assert results(facts)[2] == results(facts)[3] == "won"
    assert outcome(facts).seats[3].reasons == (Reason(WON + "rp-seths", {"seat": 2, "living": 2}),)
    assert "rp-seths" not in outcome(only_alive(BASE, 3, 5)).camps  # the Fennec without Seth


def test_seth_alone_alive_wins() -> None:
    """§4 Seth "Mais son but est d'exterminer tout le monde." Interpretation: one living, Seth, is "plus que deux
    vivants, dont Seth" too."""
    assert outcome(only_alive(BASE, 2)).winners == (2, 3)


def test_souris_hold_three_offices_of_four() -> None:
    """§3 Souris "Ils occupent trois postes parmi ceux de : Président ; Notaire ; Sénateur ; Chef de la milice
    fantôme." The militia chief is a ghost; the Procureur does not count."""
    cards = [ALPHA, REPT, VILL, VILL, SOURIS, MINUS, CORTEX, VILL]
    offices = {4: {"offices": (PRESIDENT,)}, 5: {"offices": (NOTAIRE,)}, 6: {"offices": (CHEF_MILICE,)}}
    facts = game(cards, dead=(6,), seats=offices)
    assert stop_keys(facts) == [WON + "rp-souris"]
    assert outcome(facts).winners == (4, 5, 6)
    assert outcome(facts).seats[4].reasons == (Reason(WON + "rp-souris", {"seats": (4, 5, 6)}),)
    two = {4: {"offices": (PRESIDENT,)}, 5: {"offices": (PROCUREUR,)}, 6: {"offices": (CHEF_MILICE,)}}
    assert V.stops(game(cards, dead=(6,), seats=two)) is None


def test_reptiliens_every_non_reptilian_and_seth_dead() -> None:
    """§3 Reptiliens "Tous les non-Reptiliens et Seth sont morts." §4 Seth "Il est également un Reptilien" but he
    must die; §4 Fennec "Il n'est pas un Reptilien": he must die too."""
    assert outcome(only_alive(BASE, 0, 1)).camps == ("rp-reptiliens",)
    assert V.stops(only_alive(BASE, 0, 1, 2)) is None  # Seth alive
    assert V.stops(only_alive(BASE, 0, 1, 3)) is None  # the Fennec alive


def test_martyre_executed_at_a_day_session() -> None:
    """§3 Martyre "Il est exécuté lors d'une session diurne." §4 "Il gagne s'il se fait exécuter lors d'une
    session diurne." Killed at night, he does not."""
    facts = game(BASE, dead=(7,), seats={7: {"executed": True}})
    assert stop_keys(facts) == [WON + "rp-martyre"]
    assert outcome(facts).seats[7].reasons == (Reason(WON + "rp-martyre", {"seat": 7}),)
    assert outcome(facts).winners == (6, 7)  # nine alive: Shéhérazade's Idéalistes too
    assert V.stops(game(BASE, dead=(7,))) is None


def test_musiciens_charmed_every_living_player() -> None:
    """§3 Musiciens "Ils ont charmé tous les vivants." §4 "Ils n'ont pas besoin de se charmer eux-même." The dead
    need no charm."""
    cards = [ALPHA, REPT, VILL, VILL, ORPHEE, SIRENE, VILL]
    charmed = {i: {"charmed": True} for i in (0, 1, 2)}
    facts = game(cards, dead=(3, 6), seats=charmed)
    assert stop_keys(facts) == [WON + "rp-musiciens"]
    assert outcome(facts).winners == (4, 5)
    assert V.stops(game(cards, dead=(3,), seats=charmed)) is None  # seat 6 alive, not charmed


def test_villageois_every_reptilian_dead_seth_and_converts_included() -> None:
    """§3 Villageois "Tous les Reptiliens (dont Seth) sont morts." §4 "Ils gagnent si tous les Reptiliens (dont
    Seth) sont morts." A converted player is a Reptilian (RULES-NOTES)."""
    assert outcome(game(BASE, dead=(0, 1, 2))).camps == ("rp-idealistes", "rp-villageois")  # seven of ten alive
    assert V.stops(game(BASE, dead=(0, 1))) is None  # Seth alive
    converted = {5: {"converted": ("rp-reptiliens",)}}
    assert V.stops(game(BASE, dead=(0, 1, 2), seats=converted)) is None


# -- §4: conversions --------------------------------------------------------------------------------------------
def test_conversion_noire_of_a_higher_camp_keeps_its_conditions_but_counts_as_a_reptilian() -> None:
    """§4 Reptilienne noire "Si le joueur converti était dans un camp de priorité supérieure, ses conditions de
    victoire restent inchangées, mais du reste, il agit et compte comme un Reptilien à part entière." """
    souris = Seat(9, SOURIS, converted=("rp-reptiliens",))
    assert souris.camp == "rp-souris" and souris.reptilian
    facts = game(BASE, dead=(0, 1, 2), seats={9: {"converted": ("rp-reptiliens",)}})
    assert V.stops(facts) is None  # the Villageois must kill the converted Souris too
    everyone = game(BASE, dead=(2, 3, 4, 5, 6, 7, 8), seats={9: {"converted": ("rp-reptiliens",)}})
    got = outcome(everyone)
    assert got.camps == ("rp-reptiliens",)
    assert got.seats[9].result == "consolation"  # a Souris still: the Reptiliens' victory is only her OC


def test_conversion_noire_of_a_lower_camp_plays_for_the_reptiliens() -> None:
    """§4 "convertir un joueur de son choix, qui devient alors Reptilien": a converted villager wins with them."""
    facts = only_alive(BASE, 0, 4, 5, seats={4: {"converted": ("rp-reptiliens",)}})
    assert V.stops(facts) is None  # villager 5 alive
    facts = only_alive(BASE, 0, 1, 4, seats={4: {"converted": ("rp-reptiliens",)}})
    assert outcome(facts).winners == (0, 1, 4)


def test_conversion_radieuse_joins_the_idealistes_unless_in_love() -> None:
    """§4 Shéhérazade "le converti passe dans le camp des idéalistes (sauf si le personnage était amoureux, auquel
    cas, il reste dans le camp des amoureux)". Camps accumulate: the lovers' camp outranks the Idéalistes'."""
    assert Seat(1, REPT, converted=("rp-idealistes",)).camp == "rp-idealistes"
    assert Seat(1, REPT, lover=True, converted=("rp-idealistes",)).camp == "rp-amoureux"
    # The converted Reptilien plays for the Idéalistes but is still a Reptilian for the Villageois (RULES-NOTES).
    assert Seat(1, REPT, converted=("rp-idealistes",)).reptilian


# -- §3 personal conditions, §4 -----------------------------------------------------------------------------------
def test_cupide_owns_every_coin_and_the_other_cupides_lose() -> None:
    """§3 Cupide "Il possède toutes les pièces du jeu. Les autres cupides perdent." §4 "S'il parvient à amasser
    toutes les pièces du jeu, il gagne seul (et humilie ainsi les autres villageois cupides)." The same state has
    every Reptilian dead: the other Cupide loses all the same."""
    cards = [ALPHA, REPT, CUPIDE, CUPIDE, VILL, VILL]
    facts = game(cards, dead=(0, 1), seats={2: {"coins": 6}})
    assert stop_keys(facts) == [WON + "rp-villageois", WON + "rp-cupide"]
    got = outcome(facts)
    assert got.winners == (2, 4, 5)
    assert got.seats[2].reasons == (Reason(WON + "rp-villageois"), Reason(WON + "rp-cupide", {"seat": 2, "coins": 6}))
    assert got.seats[3].result == "lost"
    assert got.seats[3].reasons == (Reason(V.HUMILIATED, {"seat": 2}),)


def test_cupide_needs_the_coins_waiting_for_an_heir_too() -> None:
    """"toutes les pièces du jeu": coins a dead man left for the Notaire are still in the game."""
    cards = [ALPHA, REPT, CUPIDE, VILL, VILL, VILL]
    assert V.stops(game(cards, seats={2: {"coins": 6}})) is not None
    assert V.stops(game(cards, seats={2: {"coins": 6}}, coins_in_game=7)) is None
    assert V.stops(game(cards, seats={2: {"coins": 0}}, coins_in_game=0)) is None  # no coin left in the game


def test_a_dead_cupide_owns_nothing() -> None:
    """§7 "Un mort ne garde jamais son argent." """
    assert V.stops(game([ALPHA, REPT, CUPIDE, VILL, VILL], dead=(2,), seats={2: {"coins": 5}})) is None


@pytest.mark.parametrize(("errors", "gross", "verdict"), [
    (0, 0, "win"), (1, 0, "win"), (2, 0, "continue"), (3, 0, "continue"), (4, 0, "shame"), (0, 1, "shame"),
])
def test_poirots_show_verdict(errors: int, gross: int, verdict: str) -> None:
    """§4 Poirot "Si au maximum une erreur a été signalée, la partie s'arrête et Poirot gagne. Si deux à trois
    erreurs ont été signalées, la partie continue. Si une grosse erreur a été signalée, ou qu'au moins quatre
    erreurs ont été signalées, Poirot en meurt de honte et la partie continue." RULES-NOTES: a single "Grosse
    erreur" is death of shame."""
    assert V.show_verdict(Show(errors, gross)) == verdict


def test_showman_guesses_every_role() -> None:
    """§3 Showman "Il réussit à deviner les rôles de chaque joueur (c.f. Poirot)." """
    cards = [ALPHA, REPT, POIROT, VILL, VILL, VILL]
    won = game(cards, seats={2: {"personal": ("rp-showman",), "show": Show(errors=1)}})
    assert stop_keys(won) == [WON + "rp-showman"]
    assert outcome(won).winners == (2,)
    goes_on = game(cards, seats={2: {"personal": ("rp-showman",), "show": Show(errors=2)}})
    assert V.stops(goes_on) is None


def test_melomane_wins_with_the_musiciens() -> None:
    """§3 Mélomane "Les musiciens gagnent la partie." §4 Holmes "Si les musiciens gagnent, il gagne aussi." """
    cards = [ALPHA, REPT, HOLMES, VILL, ORPHEE, SIRENE]
    facts = game(cards, dead=(2, 3), seats={0: {"charmed": True}, 1: {"charmed": True},
                                           2: {"personal": ("rp-melomane",)}})
    assert outcome(facts).winners == (2, 4, 5)
    assert reasons(facts, 2) == [WON + "rp-melomane"]


def test_pentaphile_a_multiple_of_five_living() -> None:
    """§3 Pentaphile "La partie s'arrête avec un nombre de vivants multiple de 5." §4 Monk "Il gagne si la partie
    s'arrête avec un nombre de vivants multiple de 5." Nobody alive is no multiple (interpretation)."""
    cards = [ALPHA, REPT, SETH, FENNEC, VILL, MONK, SHEHERAZADE, MARTYRE, ORPHEE, SOURIS]
    pentaphile = {5: {"personal": ("rp-pentaphile",)}, 7: {"executed": True}}
    facts = game(cards, dead=(3, 4, 6, 7, 8), seats=pentaphile)  # the Martyre stops it, five alive
    assert results(facts)[5] == "won"
    assert outcome(facts).seats[5].reasons == (Reason(WON + "rp-pentaphile", {"living": 5}),)
    assert results(game(cards, dead=(3, 6, 7, 8), seats=pentaphile))[5] == "lost"
    assert results(only_alive(cards, seats=pentaphile))[5] == "lost"


def test_romantique_wins_with_the_amoureux() -> None:
    """§3 Romantique "Les amoureux gagnent la partie." §4 Sesiano "Si les amoureux gagnent, il gagne aussi." """
    cards = [ALPHA, REPT, SESIANO, VILL, VILL, VILL]
    facts = only_alive(cards, 1, 4, seats={1: {"lover": True}, 4: {"lover": True}, 2: {"personal": ("rp-romantique",)}})
    assert outcome(facts).winners == (1, 2, 4)
    assert reasons(facts, 2) == [WON + "rp-romantique"]


def test_perfect_matcheur_as_many_reptilians_as_others_seth_and_converts_included() -> None:
    """§3 Perfect-Matcheur "Le jeu s'arrête avec exactement 50% de Reptiliens dans les vivants." §4 Pach "le nombre
    de Reptiliens (ceux participant aux attaques, donc Seth et convertis inclus) est exactement égal au nombre de
    non-Reptiliens." Seth and a converted villager against two others; the Martyre's execution stops it."""
    cards = [ALPHA, SETH, VILL, VILL, PACH, MARTYRE]
    seats = {2: {"converted": ("rp-reptiliens",)}, 4: {"personal": ("rp-perfect-matcheur",)}, 5: {"executed": True}}
    facts = game(cards, dead=(0, 5), seats=seats)
    assert results(facts)[4] == "won"
    assert outcome(facts).seats[4].reasons == (Reason(WON + "rp-perfect-matcheur", {"reptilians": 2, "others": 2}),)
    assert results(game(cards, dead=(5,), seats=seats))[4] == "lost"  # three against two


def test_58_ard_five_or_eight_living() -> None:
    """§3 58-ard "La partie s'arrête avec 5 ou 8 vivants exactement." §4 Rappaz "Il gagne si la partie s'arrête
    avec un nombre de vivant égal à 5 ou 8." """
    cards = [ALPHA, REPT, SETH, FENNEC, VILL, RAPPAZ, SHEHERAZADE, MARTYRE, ORPHEE, SOURIS]
    seats = {5: {"personal": ("rp-58-ard",)}, 7: {"executed": True}}
    for dead, result in (((7, 8), "won"), ((7,), "lost"), ((3, 4, 6, 7, 8), "won"), ((3, 4, 7, 8), "lost")):
        assert results(game(cards, dead=dead, seats=seats))[5] == result, dead


def test_detectives_hold_three_offices_and_win_together() -> None:
    """§3 Détectives "Les détectives occupent trois postes parmi ceux de : Président ; Procureur ; Sénateur ; Chef
    de la milice fantôme." §4 "Les détectives se connaissent." A detective without an office, dead, wins too."""
    cards = [ALPHA, REPT, HOLMES, MONK, POIROT, VILL, VILL]
    detectives = {i: {"personal": ("rp-detectives",)} for i in (2, 3, 4)}
    offices = {2: (PRESIDENT,), 3: (SENATEUR,), 5: (PROCUREUR,)}
    seats = {i: {**detectives.get(i, {}), "offices": o} for i, o in offices.items()}
    assert V.stops(game(cards, seats={**detectives, **seats})) is None  # the Procureur is no detective
    seats[4] = {**detectives[4], "offices": (CHEF_MILICE,)}
    facts = game(cards, dead=(4,), seats={**detectives, **seats})
    assert stop_keys(facts) == [WON + "rp-detectives"]
    assert outcome(facts).winners == (2, 3, 4)
    notary = {**detectives, 2: {**detectives[2], "offices": (NOTAIRE,)}, 3: seats[3], 4: seats[4]}
    assert V.stops(game(cards, dead=(4,), seats=notary)) is None


def test_mathematiciens_hold_three_offices() -> None:
    """§3 Mathématiciens "Les mathématiciens occupent trois postes parmi ceux de : Procureur ; Notaire ; Sénateur ;
    Chef de la milice fantôme." """
    cards = [ALPHA, REPT, PACH, RAPPAZ, SESIANO, VILL]
    maths = {2: (PROCUREUR,), 3: (NOTAIRE,), 4: (SENATEUR,)}
    facts = game(cards, seats={i: {"personal": ("rp-mathematiciens",), "offices": o} for i, o in maths.items()})
    assert stop_keys(facts) == [WON + "rp-mathematiciens"]
    assert outcome(facts).winners == (2, 3, 4)
    maths[2] = (PRESIDENT,)
    assert V.stops(game(cards, seats={i: {"personal": ("rp-mathematiciens",), "offices": o}
                                      for i, o in maths.items()})) is None


def test_personal_conditions_apply_whatever_the_camp() -> None:
    """§3 "Les conditions de victoire personnelle sont indépendantes des conditions de victoire de camp. [...] Elles
    s'appliquent quel que soit le camp. Par exemple, un Villageois-Détective changé en Reptilien par le MJ en début
    de partie devient un Reptilien-Détective, qui peut gagner la partie si tous les Reptiliens sont morts OU si les
    Détectives occupent trois postes [...]". §11 gives his camp's condition: "(Reptiliens : tous les non-Reptiliens
    et Seth sont morts)": "tous les Reptiliens" in §3 is a slip (interpretation)."""
    cards = [ALPHA, REPT, HOLMES, MONK, POIROT, VILL]
    holmes = {"personal": ("rp-detectives",), "converted": ("rp-reptiliens",)}
    detectives = {2: {**holmes, "offices": (PRESIDENT,)}, 3: {"personal": ("rp-detectives",), "offices": (SENATEUR,)},
                  4: {"personal": ("rp-detectives",), "offices": (PROCUREUR,)}}
    assert outcome(game(cards, seats=detectives)).winners == (2, 3, 4)
    assert results(only_alive(cards, 0, 1, 2, seats={2: holmes}))[2] == "won"  # with the Reptiliens
    assert V.stops(game(cards, dead=(0, 1), seats={2: holmes})) is None  # he is a Reptilian alive
    assert results(game(cards, dead=(0, 1, 2), seats={2: holmes}))[2] == "lost"  # not with the Villageois


# -- several winners, the result for a view -------------------------------------------------------------------------
def test_several_winners_of_several_camps_and_conditions() -> None:
    """§3: a seat wins by its camp or its personal condition, and the conditions are evaluated together on the
    final state (RULES-NOTES): the Villageois, the Idéalistes (half alive), a Pentaphile and a 58-ard together."""
    cards = [ALPHA, REPT, SETH, MONK, RAPPAZ, SHEHERAZADE, VILL, VILL, SOURIS, MARTYRE]
    seats = {3: {"personal": ("rp-pentaphile",)}, 4: {"personal": ("rp-58-ard",)}}
    facts = game(cards, dead=(0, 1, 2, 8, 9), seats=seats)
    got = outcome(facts)
    assert got.camps == ("rp-idealistes", "rp-villageois")
    assert got.winners == (3, 4, 5, 6, 7)
    assert [r.key for r in got.seats[3].reasons] == [WON + "rp-villageois", WON + "rp-pentaphile"]
    assert got.consoled == ()  # the Seths', the Souris' and the Martyre's OC is R


def test_the_view_lists_every_seat_with_its_result_and_reasons() -> None:
    facts = only_alive(BASE, 0, 1)
    view = outcome(facts).view()
    assert json.loads(json.dumps(view)) == view
    assert view["camp"] == "rp-reptiliens" and view["winners"] == [0, 1]
    assert view["stop"] == [{"key": WON + "rp-reptiliens", "params": {}},
                            {"key": V.STOP_LIVING, "params": {"living": 2}}]
    assert view["seats"][9] == {"seat": 9, "result": "consolation", "camp": "rp-souris", "camps": ["rp-souris"],
                                "alive": False, "reasons": [{"key": V.CONSOLATION + "R", "params": {}}]}
    lovers = outcome(only_alive(BASE, 1, 4, seats={1: {"lover": True}, 4: {"lover": True}})).view()
    assert lovers["seats"][1]["reasons"] == [{"key": WON + "rp-amoureux", "params": {"seats": [1, 4]}}]


def test_a_summary_that_cannot_be_is_refused() -> None:
    with pytest.raises(ValueError):
        Seat(0, "rp-amoureux")  # never dealt: a lover keeps his card and has `lover`
    with pytest.raises(ValueError):
        Seat(0, "rp-voleur")  # a specialty
    with pytest.raises(ValueError):
        Seat(0, VILL, converted=("rp-souris",))
    with pytest.raises(ValueError):
        Seat(0, HOLMES, personal=("rp-pentaphile",))  # Monk's, not Holmes'
    with pytest.raises(ValueError):
        Facts((Seat(0, VILL), Seat(0, REPT)))


# -- the texts ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_reason_has_a_text(lang: str) -> None:
    """Every key the module may give has a text with the placeholders it fills."""
    from app.i18n import catalogue

    cat = catalogue(lang)
    assert [k for k in V.TEXT_KEYS if k not in cat] == []
    filled = {
        WON + "rp-amoureux": {"seats"}, WON + "rp-idealistes": {"living", "started"},
        WON + "rp-seths": {"seat", "living"}, WON + "rp-souris": {"seats"}, WON + "rp-martyre": {"seat"},
        WON + "rp-cupide": {"seat", "coins"}, WON + "rp-showman": {"seat"}, WON + "rp-pentaphile": {"living"},
        WON + "rp-58-ard": {"living"}, WON + "rp-perfect-matcheur": {"reptilians", "others"},
        WON + "rp-detectives": {"seats"}, WON + "rp-mathematiciens": {"seats"}, V.STOP_LIVING: {"living"},
        V.STOP_RADIANT: {"seat", "target", "role"}, V.HUMILIATED: {"seat"},
    }
    for key in V.TEXT_KEYS:
        used = {name for _, name, _, _ in string.Formatter().parse(cat[key]) if name}
        assert used <= filled.get(key, set()), key
