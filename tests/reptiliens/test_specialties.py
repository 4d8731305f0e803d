"""The specialty powers of Les Reptiliens de Quinte-Bourg (seed 000 §5, §4 Minus and Cortex, §12): the snoops, the
thieves, the animal trainers, the inventors, Freyja, Éris and the Artiste, and the office effects applied in the
morning. One test per rule sentence, the seed quoted; every command goes through the secrecy checker (RpSecrets).
"""

from __future__ import annotations

from typing import Any

from app.engine.evolve import evolve
from app.engine.model import MJ, Event
from app.engine.rulesets.reptiliens.office_powers import rotated, swapped
from app.engine.views import event_visible
from tests.support.reptiliens import ALPHA, R, Table, V

SIX = [ALPHA, R, V, V, V, V]
SETH, CORTEX, MINUS = "rp-seth", "rp-cortex", "rp-minus"


def specialty(seat: int, name: str, n: int = 6) -> list[str | None]:
    return [name if i == seat else None for i in range(n)]


def asked(t: Table, step: str) -> list[list[int]]:
    """Who each prompt of `step` opened so far was put to."""
    return [e.data["prompt"]["to"] for e in t.events if e.type == "prompt_opened" and e.data["prompt"]["step"] == step]


def private(t: Table, key: str, seat: int, shared: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """The announcements `key` seen by `seat`, checking that nobody else saw them (but the MJ and `shared`)."""
    others = [v for v in range(len(t.state.players)) if v != seat and v not in shared and t.announced(key, v)]
    assert others == [], f"{key} reaches {others}"
    return t.announced(key, seat)


def give_coins(t: Table, seat: int, coins: int) -> None:
    """Coins change hands by day in part 2: the tests give them."""
    evolve(t.state, Event(type="rp-coins", data={"seat": seat, "coins": coins}))


# -- the snoops ---------------------------------------------------------------------------------------------------
def test_a_snoop_turns_over_both_cards_of_a_neighbour_of_his_choice() -> None:
    """§5 "Il peut investiguer le rôle d'un voisin, en retournant la carte d'un joueur assis à ses côtés."; §12
    "Retourne les cartes du voisin de son choix." (RULES-NOTES: "Snoops see both cards of the neighbour they
    pick".)"""
    t = Table(SIX, [None, None, "rp-fureteur", "rp-voleur", None, None], lovers=(4, 5))
    t.run_until("rp-investigation", night=1)
    prompt = t.prompt_for(2, "rp-investigation")
    assert prompt.options == [1, 3] and prompt.policy == "first"
    t.answer(2, "rp-investigation", [3])
    assert t.seen(2)[3] == V and t.seen(2, "specialty")[3] == "rp-voleur"
    assert 3 not in t.seen(4) and 3 not in t.seen(4, "specialty")
    assert private(t, "rp-investigation-resultat", 2) == [{"seat": 3, "roles": [V, "rp-voleur"]}]


def test_the_neighbours_are_the_nearest_living_seats() -> None:
    """RULES-NOTES: "seat neighbours (the snoops' "assis à ses côtés") are the nearest living seats"."""
    t = Table(SIX, [None, None, "rp-fureteur", None, None, None], lovers=(4, 5))
    t.do("kill", MJ, seat=3)
    t.run_until("rp-investigation", night=1)
    assert t.prompt_for(2, "rp-investigation").options == [1, 4]


def test_the_snoop_sees_once_and_cannot_change_his_pick() -> None:
    """§5 "en retournant la carte d'un joueur": one neighbour a night, turned at the answer."""
    t = Table(SIX, [None, None, "rp-fureteur", None, None, None], lovers=(4, 5), hurry=False)
    t.run_until("rp-investigation", night=1)
    prompt = t.prompt_for(2, "rp-investigation")
    t.answer(2, "rp-investigation", [1])
    assert t.rejected("answer", 2, prompt=prompt.id, answer=[3]) == "already_answered"


def test_each_snoop_acts_on_the_nights_of_his_name() -> None:
    """§5 "2 nuits par semaine"; RULES-NOTES: "Fureteur (Mon, Thu), Voyeur (Mon, Fri), Curieux (Tue, Thu)"."""
    t = Table(SIX, [None, None, "rp-fureteur", "rp-curieux", None, None], lovers=(4, 5))
    for night in (1, 2, 3, 4):
        t.run_until("rp-concertation", night=night)
        t.play_night({})
    assert asked(t, "rp-investigation") == [[2], [3], [2], [3]]


def test_a_sleeping_snoop_is_not_asked_but_the_step_is_called() -> None:
    """§12 "Il posera de toute façon toutes les questions des rôles potentiellement présents, même si le rôle appelé
    n'a en fait pas été attribué à un joueur, ou s'il est indisponible (sommeil lourd, etc.)"; §5 Marchand de sable
    "La cible n'agira plus jusqu'à l'aube." """
    t = Table(SIX, ["rp-marchand-de-sable", None, "rp-fureteur", None, None, None], lovers=(4, 5))
    t.play_night({"rp-sommeil": [2]})
    assert "rp-investigation" in t.steps_run() and asked(t, "rp-investigation") == []
    assert not t.announced("rp-investigation-resultat")


# -- the thieves ------------------------------------------------------------------------------------------------
def test_a_thief_takes_all_the_coins_of_a_neighbouring_houses_owner() -> None:
    """§5 Larcin "Il peut aller détrousser une maison de son choix. Si c'est une maison voisine, il peut dérober la
    totalité des pièces de son propriétaire." The fortunes lie on the table: everyone sees them in the morning."""
    t = Table(SIX, specialty(2, "rp-voleur"), lovers=(4, 5), hurry=False)
    give_coins(t, 3, 3)
    t.run_until("rp-larcin", night=1)
    assert t.prompt_for(2, "rp-larcin").options == [0, 1, 3, 4, 5]
    t.answer(2, "rp-larcin", [3])
    assert private(t, "rp-larcin-butin", 2) == [{"seat": 3, "coins": 3}]
    assert t.view(2)["secrets"]["coins"] == 4
    assert t.view(0)["village"]["coins"]["3"] == 3  # the night's changes reach the table at dawn
    t.run_until("rp-bilan-morts", day=1)
    assert t.view(0)["village"]["coins"] == {"0": 1, "1": 1, "2": 4, "3": 0, "4": 1, "5": 1}


def test_elsewhere_a_thief_takes_half_the_coins_rounded_up() -> None:
    """§5 "Sinon, il dérobe la moitié des pièces (arrondie supérieurement) de son propriétaire." """
    t = Table(SIX, specialty(2, "rp-voleur"), lovers=(4, 5))
    give_coins(t, 5, 3)
    t.play_night({"rp-larcin": [5]})
    t.run_until("rp-bilan-morts", day=1)
    assert t.own.coins[5] == 1 and t.own.coins[2] == 3


def test_the_thief_may_give_some_of_his_loot_back_at_once() -> None:
    """§5 "Il peut en redonner tout ou partie immédiatement à n'importe quel joueur de son choix s'il le souhaite." """
    t = Table(SIX, specialty(2, "rp-voleur"), lovers=(4, 5), hurry=False)
    give_coins(t, 3, 4)
    t.run_until("rp-larcin", night=1)
    t.answer(2, "rp-larcin", [3])
    gift = t.prompt_for(2, "rp-larcin-don")
    assert gift.kind == "number" and (gift.min, gift.max) == (0, 4) and gift.optional
    assert t.prompt_for(2, "rp-larcin-receveur").options == [0, 1, 3, 4, 5]
    t.answer(2, "rp-larcin-don", 3)
    t.answer(2, "rp-larcin-receveur", [0])
    t.wait()
    assert private(t, "rp-larcin-rendu", 2) == [{"seat": 0, "coins": 3}]
    t.run_until("rp-bilan-morts", day=1)
    assert [t.own.coins[s] for s in range(6)] == [4, 1, 2, 0, 1, 1]


def test_the_richest_of_the_day_before_the_theft_stays_protected() -> None:
    """§5 "Mais le plus riche de la journée (donc avant son larcin) reste la personne protégée contre les
    attaques." The Brigand (Tuesday) robs the richest citizen of Monday's day, whose house is still protected."""
    t = Table(SIX, specialty(2, "rp-brigand"), lovers=(4, 5))
    give_coins(t, 3, 4)
    t.play_night({})
    t.run_until("rp-concertation", night=2)
    assert t.own.richest == 3
    t.play_night({"rp-larcin": [3], "rp-concertation": [3]})
    assert t.own.coins[3] == 0 and t.own.coins[2] == 5
    assert t.alive(3) and t.own.night.attack["failure"] == "richest"


def test_thieves_act_on_the_nights_of_their_names() -> None:
    """RULES-NOTES: "Voleur | Brigand | Cambrioleur" on Mon/Thu, Tue/Fri, Wed/Sat."""
    t = Table(SIX, [None, None, "rp-voleur", "rp-brigand", "rp-cambrioleur", None], lovers=(0, 1))
    for night in (1, 2, 3, 4):
        t.run_until("rp-concertation", night=night)
        t.play_night({})
    assert asked(t, "rp-larcin") == [[2], [3], [4], [2]]


# -- the animal trainers --------------------------------------------------------------------------------------------
def test_an_animal_before_a_house_tells_its_trainer_whether_a_reptilian_was_there() -> None:
    """§5 "Il place son animal devant une maison de son choix. L'animal détectera si la maison est occupée par au
    moins un Reptilien (dont Seth et les convertis)." Seth, asleep, stays at home (RULES-NOTES: everyone present
    at the attack step counts)."""
    t = Table([ALPHA, SETH, V, V, V, V], ["rp-marchand-de-sable", None, "rp-dresseur-de-chien", None, None, None],
              lovers=(4, 5))
    t.play_night({"rp-sommeil": [1], "rp-dressage": [1]})
    assert private(t, "rp-flair-oui", 2) == [{"seat": 1}]
    other = Table([ALPHA, R, V, V, V, V], specialty(2, "rp-dresseur-de-chien"), lovers=(4, 5))
    other.play_night({"rp-dressage": [3]})
    assert private(other, "rp-flair-non", 2) == [{"seat": 3}]


def test_a_converted_player_counts_for_the_animal() -> None:
    """§5 "(dont Seth et les convertis)": the MJ's conversion at the opening makes a Reptilian."""
    t = Table([ALPHA, R, V, "rp-monk", V, V], specialty(2, "rp-dresseur-de-chien"), lovers=(4, 5), conversion=3)
    t.play_night({"rp-dressage": [3]})
    assert private(t, "rp-flair-oui", 2) == [{"seat": 3}]


def test_an_animal_at_the_morgue_smells_whether_a_corpse_was_a_reptilian() -> None:
    """§5 "Il peut aussi choisir de placer son animal à la morgue devant un cadavre précis." (RULES-NOTES: "An
    animal at the morgue reports whether that corpse was a Reptilian.") House or morgue: the other question
    closes."""
    t = Table([ALPHA, R, V, V, V, V, R], specialty(2, "rp-dresseur-de-chien", 7), lovers=(4, 5), hurry=False)
    t.do("kill", MJ, seat=1)
    t.run_until("rp-dressage", night=1)
    assert t.prompt_for(2, "rp-dressage-morgue").options == [1]
    t.answer(2, "rp-dressage-morgue", [1])
    assert not t.open_prompts("rp-dressage")
    t.run_until("rp-invention", night=1)
    assert private(t, "rp-flair-cadavre-oui", 2) == [{"seat": 1}]
    assert t.view(MJ)["mj"]["reptiliens"]["night"]["animals"] == [{"owner": 2, "house": None, "corpse": 1}]


# -- the inventors ------------------------------------------------------------------------------------------------
def test_the_stalker_learns_whether_someone_spent_the_night_at_home() -> None:
    """§5 "Stalkeur : il désigne une cible au MJ. Le MJ lui révèle si la personne a passé la majeure partie de la
    nuit (aLo) chez elle ou pas." Laura squats elsewhere; seat 5 sleeps at home."""
    t = Table(SIX, [None, None, "rp-ingenieure", "rp-laura", "rp-inventeur", None], lovers=(0, 1))
    t.play_night({"rp-squat": [5], "rp-stalkeur": {2: [3], 4: [5]}})
    assert private(t, "rp-stalkeur-ailleurs", 2) == [{"seat": 3}]
    assert private(t, "rp-stalkeur-chez-soi", 4) == [{"seat": 5}]


def test_the_revealer_is_shown_a_dead_players_camp_card_and_uses_one_invention() -> None:
    """§5 "2 nuits par semaine il peut utiliser une de ses deux inventions : Révélateur : il désigne un joueur mort.
    Le MJ lui montre sa carte de camp. OU Stalkeur ..." """
    t = Table(SIX, specialty(2, "rp-ingenieure"), lovers=(0, 1), hurry=False)
    t.do("kill", MJ, seat=5)
    t.run_until("rp-invention", night=1)
    assert t.prompt_for(2, "rp-revelateur").options == [5]
    t.answer(2, "rp-revelateur", [5])
    assert not t.open_prompts("rp-stalkeur")
    assert private(t, "rp-revelateur-resultat", 2) == [{"seat": 5, "role": V}]
    learned = [e for e in t.events if e.type == "rp-learn" and e.data["seat"] == 5]
    assert [(e.to, e.data["slot"], e.data["card"]) for e in learned] == [([2], "camp", V)]


def test_inventors_invent_after_the_dawn_even_after_a_heavy_sleep() -> None:
    """§12 "Aube : fin des sommeils lourds" comes before the inventors' line (interpretation 14 of the data)."""
    t = Table(SIX, ["rp-marchand-de-sable", None, "rp-ingenieure", None, None, None], lovers=(4, 5))
    t.play_night({"rp-sommeil": [2], "rp-stalkeur": [3]})
    assert private(t, "rp-stalkeur-chez-soi", 2) == [{"seat": 3}]


# -- Freyja and Éris ---------------------------------------------------------------------------------------------
def test_freyjas_two_targets_learn_each_other_not_her_and_the_first_chooses_the_house() -> None:
    """§5 Allumeuse "Désigne deux personnes, qui coucheront ensemble pendant la nuit. La première personne désignée
    choisit chez laquelle des deux le coït aura lieu. Les copulateurs se reconnaissent mais ne savent pas qui est
    Freyja." """
    t = Table(SIX, specialty(2, "rp-freyja"), lovers=(0, 1), hurry=False)
    t.run_until("rp-allumeuse", night=1)
    assert t.prompt_for(2, "rp-allumeuse").options == [0, 1, 2, 3, 4, 5]
    t.answer(2, "rp-allumeuse", [4, 3])
    assert private(t, "rp-copulation", 4, (3,)) == [{"partner": 3}]
    assert private(t, "rp-copulation", 3, (4,)) == [{"partner": 4}]
    place = t.prompt_for(4, "rp-allumeuse-lieu")
    assert place.options == [3, 4]
    t.answer(4, "rp-allumeuse-lieu", [3])
    t.run_until("rp-invention", night=1)
    assert t.own.night.places[4][:2] == [3, "rp-copuler"] and t.own.night.places[3][:2] == [3, "rp-copuler"]
    assert t.announced("rp-copulation-lieu", 4) == [{"seat": 3}]
    for seat in (3, 4):  # "ne savent pas qui est Freyja" (RpSecrets checks it in every game too)
        heard = [e.data["params"] for e in t.events if e.type == "announce" and event_visible(e, seat, t.state)]
        assert not [params for params in heard if 2 in params.values()]


def test_freyja_may_name_herself() -> None:
    """§5 "Freyja peut se désigner elle-même." Silent, the first's choice of house is drawn between the two."""
    t = Table(SIX, specialty(2, "rp-freyja"), lovers=(0, 1))
    t.play_night({"rp-allumeuse": [5, 2]})
    assert t.own.night.places[2][1] == "rp-copuler" and t.own.night.places[2][0] in (2, 5)
    assert t.own.night.places[5][0] == t.own.night.places[2][0]


def test_an_unavailable_target_makes_the_action_fail_and_the_mj_announces_it() -> None:
    """§5 "Si parmi les 2 cible au moins une est indisponible (sommeil lourd, enlèvement), le MJ annonce que son
    action a échoué." The two are not told of each other."""
    t = Table(SIX, ["rp-marchand-de-sable", None, "rp-freyja", None, None, None], lovers=(0, 1))
    t.play_night({"rp-sommeil": [4], "rp-allumeuse": [3, 4]})
    assert not t.announced("rp-copulation") and asked(t, "rp-allumeuse-lieu") == []
    assert all(t.announced("rp-allumeuse-echec", v) == [{}] for v in range(6))
    assert t.own.night.places[3][:2] == [3, "rp-dormir-chez-soi"]


def test_eris_quarrel_a_fight_on_her_nights_and_an_abduction_makes_it_fail() -> None:
    """§5 Querelle "Désigne deux personnes, qui vont aller se taper dessus pendant la nuit. La première personne
    désignée choisit chez lequel des deux la bagarre aura lieu. Les bagarreurs se reconnaissent mais ne savent pas
    qui est Éris." (Tuesday and Friday.) The Toqué's abductor is busy too ("enlèvement")."""
    t = Table(SIX, [None, None, "rp-eris", "rp-toque", None, None], lovers=(0, 1))
    t.play_night({})
    t.run_until("rp-concertation", night=2)
    t.play_night({"rp-querelle": [4, 5], "rp-querelle-lieu": [5]})
    assert t.announced("rp-bagarre", 4) == [{"partner": 5}]
    assert t.own.night.places[4][:2] == [5, "rp-se-battre"]
    t.run_until("rp-concertation", night=5)
    t.play_night({"rp-enlevement": [1], "rp-querelle": [3, 4]})  # Friday: the Toqué does not act, Éris does
    assert not t.announced("rp-querelle-echec")
    t.run_until("rp-concertation", night=8)  # Tuesday again: the Toqué abducts, then is busy
    t.play_night({"rp-enlevement": [1], "rp-querelle": [3, 4]})
    assert t.announced("rp-querelle-echec", 0) == [{}]


# -- the Artiste ----------------------------------------------------------------------------------------------------
def test_the_artiste_sculpts_at_the_designated_persons_house_who_must_move_in_the_morning() -> None:
    """§5 Sculpture "Il désigne un personnage chez qui il va confectionner sa sculpture en caca, pendant toute la
    nuit (aLo). La personne devra déménager le matin suivant." §12 day: "Déménagement de la victime de l'Artiste
    (le cas échéant). La victime se déplace où bon lui semble." """
    t = Table(SIX, specialty(2, "rp-artiste"), lovers=(0, 1), options={"first_weekday": "wed"})
    t.play_night({"rp-sculpture": [4]})
    assert t.own.night.places[2][:2] == [4, "rp-sculpter"]
    t.run_until("rp-demenagement", day=1)
    assert all(t.announced("rp-doit-demenager", v) == [{"seat": 4}] for v in range(6))
    assert t.own.night.must_move == [4]
    prompt = t.prompt_for(4, "rp-demenagement")
    assert prompt.options == [0, 1, 2, 5]  # neither his own house nor where he stands now (after 3's): he moves
    t.answer(4, "rp-demenagement", [0])
    t.run_until("rp-debat", day=1)
    assert t.own.street == [0, 4, 1, 2, 3, 5]
    assert all(t.announced("rp-demenage", v) == [{"seat": 4, "after": 0}] for v in range(6))


def test_the_artistes_victim_moves_even_without_a_choice() -> None:
    """"La personne devra déménager": no answer in time, the new place is drawn; he never stays where he was."""
    t = Table(SIX, specialty(2, "rp-artiste"), lovers=(0, 1), options={"first_weekday": "wed"})
    t.play_night({"rp-sculpture": [4]})
    t.run_until("rp-debat", day=1)
    street = t.own.street
    assert sorted(street) == list(range(6)) and street != [0, 1, 2, 3, 4, 5]
    assert street[street.index(4) - 1] != 3


def test_no_sculpture_where_a_higher_long_action_kept_the_artiste() -> None:
    """§2 "exactement une action longue" by the priority table: Sommeil lourd first. An Artiste put to sleep is not
    asked; nobody moves."""
    t = Table(SIX, ["rp-marchand-de-sable", None, "rp-artiste", None, None, None], lovers=(0, 1),
              options={"first_weekday": "wed"})
    t.play_night({"rp-sommeil": [2], "rp-sculpture": [4]})
    t.run_until("rp-debat", day=1)
    assert asked(t, "rp-sculpture") == [] and not t.announced("rp-doit-demenager")


# -- the public offices ---------------------------------------------------------------------------------------------
def offices(t: Table) -> dict[str, int | None]:
    """The offices held, but the Scrutateur's, which rotates every morning (succession.py)."""
    return {k: v for k, v in t.state.offices.items() if v is not None and k != "rp-scrutateur"}


def test_the_farce_shifts_the_living_offices_one_seat_in_the_direction_eris_chose() -> None:
    """§5 Farce "Elle peut choisir de faire tourner les postes publics des vivants en les décalant tous d'un rang,
    dans le sens horaire ou antihoraire, selon son choix." §12: "Modifications des postes publics" in the morning.
    (RULES-NOTES: clockwise is increasing seat order.)"""
    t = Table(SIX, specialty(2, "rp-eris"), lovers=(0, 1), hurry=False)
    t.do("kill", MJ, seat=4)
    for office, seat in (("rp-president", 3), ("rp-notaire", 5), ("rp-chef-milice", 4)):
        t.do("set_office", MJ, office=office, seat=seat)
    t.run_until("rp-farce", night=1)
    assert t.prompt_for(2, "rp-farce").options == ["clockwise", "counterclockwise", "none"]
    t.answer(2, "rp-farce", "clockwise")
    t.run_until("rp-invention", night=1)
    assert offices(t) == {"rp-president": 3, "rp-notaire": 5, "rp-chef-milice": 4}  # nothing before the morning
    t.run_until("rp-debat", day=1)
    assert offices(t) == {"rp-president": 5, "rp-notaire": 0, "rp-chef-milice": 4}
    assert t.announced("rp-farce-clockwise", 1) == [{}]


def test_rotation_and_swap_rules() -> None:
    assert rotated({"rp-president": 1, "rp-senateur": 3}, [0, 1, 3], "counterclockwise") == \
        {"rp-president": 0, "rp-senateur": 1}
    assert swapped({"rp-president": 1, "rp-notaire": 2}, 1, 4) == {"rp-president": 4}
    assert swapped({"rp-president": 1}, 1, 1) == {}


def minus_cortex(options: dict[str, Any] | None = None) -> Table:
    return Table([ALPHA, R, MINUS, CORTEX, V, V], lovers=(0, 1), options={"first_weekday": "tue", **(options or {})})


def test_minus_and_cortex_each_name_a_person_whose_offices_are_swapped() -> None:
    """§4 Minus, Cortex "3 nuits par semaine : Cortex désigne au préalable une personne au MJ. Ensuite, [Minus] ouvre
    les yeux et désigne une personne au MJ. Les deux personnes désignées verront leurs postes publics échangés." """
    t = minus_cortex()
    t.do("set_office", MJ, office="rp-president", seat=4)
    t.do("set_office", MJ, office="rp-procureur", seat=5)
    t.play_night({"rp-echange-postes": {3: [4], 2: [5]}})
    t.run_until("rp-debat", day=1)
    assert offices(t) == {"rp-president": 5, "rp-procureur": 4}
    assert t.announced("rp-postes-echanges", 0) == [{"seats": [4, 5]}]


def test_an_illegal_swap_goes_to_the_scrutateur() -> None:
    """§4 "En cas de résultat illégal, le scrutateur réattribuera le(s) poste(s)." §6 "Ces postes sont occupés par des
    vivants, à l'exception du Chef de la milice fantôme ou éventuellement du Sénateur." (The Scrutateur:
    succession.py.)"""
    t = minus_cortex()
    t.do("kill", MJ, seat=5)
    t.do("set_office", MJ, office="rp-chef-milice", seat=5)
    t.do("set_office", MJ, office="rp-president", seat=4)
    t.play_night({"rp-echange-postes": {3: [5], 2: [4]}})
    t.run_until("rp-scrutateur-choix", day=1)
    # The illegal holders lose them; the Scrutateur (tests/reptiliens/test_offices.py) fills them, in public.
    assert offices(t) == {} and t.announced("rp-postes-echanges", 4) == [{"seats": [5, 4]}]
    scrutateur = t.state.offices["rp-scrutateur"]
    assert t.announced("rp-postes-a-pourvoir", 4) == [{"offices": ["rp-chef-milice", "rp-president"],
                                                       "seat": scrutateur}]


def test_the_caricatured_resigns_from_his_office_the_next_morning() -> None:
    """§5 Caricature "1 nuit par semaine : Il désigne un personnage de son choix qui devra démissionner de son poste
    public le matin suivant (aPo)." §6 Scrutateur "À chaque fois que le titulaire d'un poste public est ... poussé
    à la démission par l'Artiste ; il désigne qui doit le remplacer" (succession.py)."""
    t = Table(SIX, specialty(2, "rp-artiste"), lovers=(0, 1), options={"first_weekday": "fri"}, hurry=False)
    t.do("set_office", MJ, office="rp-senateur", seat=4)
    t.run_until("rp-caricature", night=1)
    t.answer(2, "rp-caricature", [4])
    t.run_until("rp-invention", night=1)
    assert offices(t) == {"rp-senateur": 4}
    t.run_until("rp-scrutateur-choix", day=1)
    assert offices(t) == {} and t.announced("rp-demission", 5) == [{"seat": 4}]
    scrutateur = t.state.offices["rp-scrutateur"]
    assert t.announced("rp-postes-a-pourvoir", 5) == [{"offices": ["rp-senateur"], "seat": scrutateur}]


def test_the_adored_may_swap_his_office_with_anyone_the_next_day() -> None:
    """§5 Adoration "Elle peut désigner un personnage. Le jour suivant, tout le monde sera en admiration pour ce
    personnage, lui proposant de reprendre son poste public. Ainsi, l'admiré pourra échanger de poste public avec
    la personne de son choix." """
    t = Table(SIX, specialty(2, "rp-freyja"), lovers=(0, 1), options={"first_weekday": "wed"})
    t.do("set_office", MJ, office="rp-president", seat=5)
    t.play_night({"rp-adoration": [4]})
    t.run_until("rp-adoration-echange", day=1)
    assert t.announced("rp-adoration", 3) == [{"seat": 4}]
    prompt = t.prompt_for(4, "rp-adoration-echange")
    assert prompt.visibility == "public" and prompt.min == 0 and 4 not in prompt.options
    t.answer(4, "rp-adoration-echange", [5])
    assert offices(t) == {"rp-president": 4} and t.announced("rp-adoration-echange", 0) == [{"seats": [4, 5]}]
    t.run_until("rp-debat", day=1)


def test_office_effects_on_other_nights_only() -> None:
    """§12, the 9th line: "Éris | Minus+Cortex" (Mon, Thu), "Minus+Cortex | L'Artiste" (Tue, Fri), "Freyja |
    Minus+Cortex" (Wed, Sat): Minus and Cortex are asked on Tuesday, Thursday and Saturday."""
    t = minus_cortex({"first_weekday": "mon"})
    for night in range(1, 7):
        t.run_until("rp-concertation", night=night)
        t.play_night({})
    assert asked(t, "rp-echange-postes") == [[2], [3]] * 3


# -- the spirits' dream -------------------------------------------------------------------------------------------
def test_the_dream_is_called_on_wednesdays_and_asks_nobody_until_part_2() -> None:
    """§9 "Rêve du village - 2 nuits par semaine : les esprits sont invités transmettre aux vivants et aux fantômes
    une information, en signes, pendant 5 secondes." Spirits come with part 2's death choice."""
    t = Table(SIX, lovers=(0, 1), options={"first_weekday": "wed"})
    t.do("kill", MJ, seat=5)
    t.play_night({})
    assert "rp-reve" in t.steps_run() and asked(t, "rp-reve") == []
