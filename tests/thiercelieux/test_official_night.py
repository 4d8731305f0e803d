"""Issue 14, the official roles beyond the seeds: the night's information and bond roles (Deux Sœurs, Trois Frères,
Renard, Montreur d'ours, Enfant sauvage, Chien-loup, Comédien), played move by move on fixed cards. The seeds do not
describe them: each test says the official booklets' rule it checks, and docs/rules/thiercelieux.md ("Issue 14")
the choices made where the booklets say nothing."""

from __future__ import annotations

import random

from app.engine.model import MJ
from app.engine.prompts import MJ_SEAT
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux.night import FIRST_NIGHT_ONLY, NIGHT_ORDERS, steps_for
from app.engine.rulesets.thiercelieux.official_night import living_neighbours
from app.engine.rulesets.thiercelieux.state import marks
from app.sim_setups import random_setup as sim_setup
from tests.support.engine import Script, told
from tests.support.thiercelieux import play_night, vote

W, V = "loup-garou", "villageois"
SISTER, BROTHER, FOX, TAMER = "deux-soeurs", "trois-freres", "renard", "montreur-d-ours"
CHILD, DOG, ACTOR = "enfant-sauvage", "chien-loup", "comedien"
MINE = [SISTER, BROTHER, FOX, TAMER, CHILD, DOG, ACTOR]


def channel(g: Script, seat: int, name: str) -> dict[str, object] | None:
    return next((c for c in g.view(seat)["channels"] if c["name"] == name), None)


# -- Deux Sœurs, Trois Frères --------------------------------------------------------------------------------------
def test_sisters_wake_together_recognise_each_other_and_talk_while_awake() -> None:
    """Deux Sœurs: "the first night they wake up together and recognise each other"; awake, they confer (online:
    their own thread, which they write in only while awake)."""
    g = Script([W, SISTER, V, SISTER, V, V], hurry=False)
    g.run_until("soeurs", night=1)
    assert g.seen_roles(1) == {1: SISTER, 3: SISTER}
    assert g.seen_roles(3) == {1: SISTER, 3: SISTER}
    assert g.seen_roles(2) == {2: V} and g.seen_roles(0) == {0: W}
    assert g.view(1)["secrets"]["sisters"] == [1, 3]
    assert g.announcements("kin_awake", viewer=1) == [{"seats": [3]}]
    assert channel(g, 1, "sisters") == {"name": "sisters", "write": True}
    assert channel(g, 2, "sisters") is None and channel(g, 0, "sisters") is None
    g.do("say", 1, channel="sisters", text="C'est moi.")
    assert g.rejected("say", 2, channel="sisters", text="moi aussi") in ("cannot_write", "no_such_channel")
    g.wait()
    assert g.step != "soeurs"
    assert channel(g, 3, "sisters") == {"name": "sisters", "write": False}  # asleep: they read, never write


def test_three_brothers_know_each_other() -> None:
    """Trois Frères: the three brothers wake up together the first night and recognise each other."""
    g = Script([W, BROTHER, BROTHER, V, BROTHER, V, V])
    assert "freres" in g.steps_run()
    for brother in (1, 2, 4):
        assert g.seen_roles(brother) == {1: BROTHER, 2: BROTHER, 4: BROTHER}
    assert g.seen_roles(3) == {3: V}


def test_kin_are_woken_on_the_nights_the_room_says() -> None:
    """The kin wake the first night, then "the nights the MJ calls them": every night, every other night or never
    again (`siblings_wake`), and with `mj` the MJ decides each night."""
    for mode, called in (("every", [1, 2, 3]), ("other", [1, 3]), ("first", [1])):
        g = Script([W, SISTER, SISTER, V, V, V, V, V, V], options={"siblings_wake": mode})
        for night in (1, 2, 3):
            play_night(g, {})
            if night < 3:
                vote(g, {})
        nights = [e.data["night"] for e in g.events if e.type == "phase" and e.data.get("phase") == "night"]
        assert len(nights) == 3
        assert len(g.announcements("kin_awake", viewer=1)) == len(called), mode
        assert g.steps_run().count("soeurs") == 3  # called or not, the step takes its time every night
    g = Script([W, SISTER, SISTER, V, V, V, V], options={"siblings_wake": "mj", "moderation": "mj"}, hurry=False)
    g.run_until("soeurs", night=1)
    assert g.open_prompts("soeurs-mj") == []  # the first night they always wake
    g.run_until("soeurs", night=2)
    prompt = g.prompt("soeurs-mj")
    assert prompt.to_mj and channel(g, 1, "sisters") == {"name": "sisters", "write": False}
    g.do("answer", MJ, prompt=prompt.id, answer=True)
    assert prompt.id in g.state.prompts and g.state.prompts[prompt.id].answers[MJ_SEAT] is True
    assert channel(g, 1, "sisters") == {"name": "sisters", "write": True}


# -- Renard -----------------------------------------------------------------------------------------------------
def test_fox_smells_a_wolf_in_a_group_of_three_neighbours_and_keeps_his_flair() -> None:
    """Renard: each night he may point at a player; that player and his two neighbours make the group. At least one
    wolf in it: the MJ nods, and he keeps his power."""
    g = Script([V, FOX, V, V, W, V, V])
    play_night(g, {"renard": [3], "loups": [6]})
    assert g.announcements("fox_smells_wolf", viewer=1) == [{"seats": [2, 3, 4]}]
    assert g.announcements("fox_smells_wolf", viewer=2) == []  # his alone
    assert "fox_lost" not in g.view(1)["secrets"]
    mark = len(g.events)
    vote(g, {})
    play_night(g, {}, until="loups")
    assert "renard" in g.opened(mark)


def test_fox_without_a_wolf_in_the_group_loses_his_power() -> None:
    """Renard: no wolf in the group: the three are innocent, and the Fox loses his power for the rest of the game
    (his step still runs, with nothing to ask him)."""
    g = Script([V, FOX, V, V, V, V, W])
    play_night(g, {"renard": [2], "loups": [5]})
    assert g.announcements("fox_no_wolf", viewer=1) == [{"seats": [1, 2, 3]}]
    assert g.view(1)["secrets"]["fox_lost"] is True
    mark = len(g.events)
    vote(g, {})
    play_night(g, {"loups": [4]})
    assert "renard" in g.steps_run(mark) and "renard" not in g.opened(mark)


def test_the_neighbours_are_the_nearest_living_players_around_the_table() -> None:
    """The group is the player and his two neighbours around the table (seat order); the dead have left the
    circle, so a wolf beyond a dead neighbour is next to him."""
    g = Script([W, FOX, V, V, V, V, V])
    assert living_neighbours(g.state, 0) == [1, 6]  # the table is a circle
    play_night(g, {"renard": [5], "loups": [3]})
    assert g.dead() == [3]
    assert g.announcements("fox_no_wolf", viewer=1) == [{"seats": [4, 5, 6]}]
    assert living_neighbours(g.state, 2) == [1, 4]


# -- Montreur d'ours --------------------------------------------------------------------------------------------
def test_the_bear_growls_at_dawn_when_a_neighbour_of_the_tamer_is_a_wolf() -> None:
    """Montreur d'ours: each morning, if one of his direct neighbours is a werewolf, the bear growls — for the
    whole village to hear."""
    g = Script([V, TAMER, W, V, V, V])
    play_night(g, {"loups": [4]})
    assert g.announcements("bear_growls", viewer=5) == [{}]
    assert [e.data["key"] for e in g.events if e.type == "announce"].index("bear_growls") > \
        [e.data["key"] for e in g.events if e.type == "announce"].index("day_breaks")


def test_the_bear_is_quiet_without_a_wolf_next_to_him_and_after_the_dead_leave_the_circle() -> None:
    """The bear is quiet when neither living neighbour is a wolf; a dead neighbour's place goes to the next
    living player, a wolf maybe."""
    g = Script([V, TAMER, V, W, V, V])
    play_night(g, {"loups": [0]})
    assert g.announcements("bear_quiet") == [{}] and g.announcements("bear_growls") == []
    vote(g, {})
    g2 = Script([V, TAMER, V, W, V, V])
    play_night(g2, {"loups": [2]})
    assert g2.dead() == [2] and g2.announcements("bear_growls") == [{}]  # the wolf sits next to him now


def test_an_infected_tamers_bear_growls_every_morning() -> None:
    """Montreur d'ours infected by the Infect Père des Loups: his bear growls every morning (option
    `bear_growls_if_infected`, on by default)."""
    g = Script(["infect-pere-des-loups", V, V, V, TAMER, V, V, V])
    play_night(g, {"loups": [4], "infect": True})
    assert g.alive(4) and marks(g.state, 4).wolf
    assert g.announcements("bear_growls") == [{}]
    g = Script(["infect-pere-des-loups", V, V, V, TAMER, V, V, V], options={"bear_growls_if_infected": False})
    play_night(g, {"loups": [4], "infect": True})
    assert g.announcements("bear_quiet") == [{}]


# -- Enfant sauvage -----------------------------------------------------------------------------------------------
def test_wild_child_becomes_a_wolf_when_his_model_dies() -> None:
    """Enfant sauvage: the first night he chooses a model; if the model dies, he becomes a Werewolf and wakes with
    the pack from then on."""
    g = Script([W, CHILD, V, V, V, V, V])
    assert g.step == "enfant-sauvage" and 1 not in g.prompt("enfant-sauvage").options
    g.answer(1, "enfant-sauvage", [3])
    assert g.view(1)["secrets"]["model"] == 3
    assert g.announcements("model_chosen", viewer=1) == [{"seat": 3}]
    play_night(g, {"loups": [2]})
    assert not marks(g.state, 1).wolf  # his model lives: a villager
    vote(g, {0: [3], 1: [3], 4: [3]})
    assert g.causes()[3] == "vote"
    assert g.announcements("wild_child_turned", viewer=1) == [{"seat": 3}]
    assert g.view(1)["secrets"]["camp"] == "wolves"
    play_night(g, {}, until="loups")
    assert sorted(g.prompt("loups").to) == [0, 1]
    g.answer(0, "loups", [4])
    g.answer(1, "loups", [4])
    g.do("kill", MJ, seat=0)
    assert g.result is None  # the last wolf card is dead, but the wild child hunts on


def test_wild_child_asleep_gets_a_model_by_chance() -> None:
    """He must choose a model; silent at his step, chance chooses one for him, and he is told whom."""
    g = Script([W, CHILD, V, V, V])
    play_night(g, {"loups": [2]})
    model = g.view(1)["secrets"]["model"]
    assert model in (0, 2, 3, 4)
    assert g.announcements("model_chosen", viewer=1) == [{"seat": model}]


# -- Chien-loup ---------------------------------------------------------------------------------------------------
def test_wolf_hound_who_chooses_the_wolves_wakes_with_them_from_the_first_night() -> None:
    """Chien-loup: the first night he chooses to be a simple villager or a werewolf; as a wolf he wakes with the
    pack, that very night."""
    g = Script([W, DOG, V, V, V, V])
    assert g.prompt("chien-loup").options == ["village", "wolf"]
    g.answer(1, "chien-loup", "wolf")
    assert g.step == "loups" and sorted(g.prompt("loups").to) == [0, 1]
    assert g.seen_roles(0) == {0: W, 1: W} and g.seen_roles(1) == {0: W, 1: DOG}
    assert g.view(1)["secrets"]["camp"] == "wolves"
    mark = len(g.events)
    play_night(g, {"loups": [2]})
    vote(g, {})
    play_night(g, {"loups": [3]})
    assert "chien-loup" not in g.steps_run(mark)  # the first night only


def test_wolf_hound_who_stays_a_dog_or_says_nothing_is_a_villager() -> None:
    """Chien-loup: choosing the village (or, asleep, not choosing) keeps him a villager for the whole game."""
    for answer in ("village", None):
        g = Script([W, DOG, V, V, V])
        if answer is not None:
            g.answer(1, "chien-loup", answer)
        else:
            g.wait()
        assert g.prompt("loups").to == [0]
        assert g.view(1)["secrets"]["camp"] == "village"
        assert g.announcements("dog_is_dog", viewer=1) == [{}]


# -- Comédien -----------------------------------------------------------------------------------------------------
def test_actor_plays_a_set_aside_card_for_a_night_and_the_card_is_gone() -> None:
    """Comédien: three power cards are set aside face up; each night he may use one card's power until the next
    night; a card used leaves the game."""
    g = Script([W, ACTOR, V, V, V, V, V], options={"comedien_cards": ["voyante", "chasseur", "renard"]})
    assert g.announcements("comedien_cards", viewer=3) == [{"roles": ["voyante", "chasseur", "renard"]}]
    prompt = g.prompt("comedien")
    assert prompt.options == ["voyante", "chasseur", "renard", "none"]
    g.answer(1, "comedien", "voyante")
    assert g.view(1)["secrets"]["borrowed"] == "voyante"
    assert g.step == "voyante" and g.prompt("voyante").to == [1]
    g.answer(1, "voyante", [0])
    assert g.seen_roles(1)[0] == W
    play_night(g, {"loups": [2]})
    vote(g, {})
    play_night(g, {}, until="comedien")
    assert g.prompt("comedien").options == ["chasseur", "renard", "none"]
    assert "borrowed" not in g.view(1)["secrets"]  # the Seer's power lasted until this night


def test_actor_playing_the_hunter_shoots_when_he_dies_before_the_next_night() -> None:
    """Comédien: a power "until the next night" — the Hunter's last shot included."""
    g = Script([W, ACTOR, V, V, V, V], options={"comedien_cards": ["chasseur", "sorciere", "salvateur"]})
    g.answer(1, "comedien", "chasseur")
    play_night(g, {"loups": [1]})
    assert g.causes()[1] == "night"
    g.run_until("chasseur", day=1)
    assert g.prompt("chasseur").to == [1]
    g.answer(1, "chasseur", [0])
    assert g.causes()[0] == "hunter"


def test_actor_cards_are_drawn_among_powers_not_in_play() -> None:
    """Without the MJ's choice, three village power cards that are not in the composition are set aside."""
    g = Script([W, ACTOR, "voyante", V, V, V])
    cards = g.announcements("comedien_cards")[0]["roles"]
    assert len(cards) == 3 and "voyante" not in cards
    assert g.rejected("configure", MJ, options={"comedien_cards": ["loup-garou"]}) in ("bad_options", "wrong_phase")


# -- timing, order, composition ---------------------------------------------------------------------------------
def test_every_step_runs_whether_its_card_is_held_or_not() -> None:
    """A step for a card of the composition nobody holds (a spare card of the Voleur) still runs, so that timing
    tells nothing; nobody is asked anything at it."""
    spare = [FOX, CHILD]
    g = Script(["voleur", W, V, V, V, V], spare=spare)
    g.answer(0, "voleur", "keep")
    play_night(g, {"loups": [2]})
    assert {"renard", "enfant-sauvage"} <= set(g.steps_run())
    assert not {"renard", "enfant-sauvage"} & set(g.opened())


def test_the_steps_sit_at_their_official_place_in_the_night() -> None:
    """Official order: first night the Voleur, Cupidon, the Enfant sauvage, the Chien-loup, the lovers, the kin;
    every night the Comédien before the others, the Renard before the Salvateur and the Voyante."""
    order = NIGHT_ORDERS["official"]
    assert order.index("cupidon") < order.index(CHILD) < order.index(DOG) < order.index("amoureux")
    assert order.index("amoureux") < order.index("soeurs") < order.index("freres")
    assert order.index(ACTOR) < order.index("marchand-de-sable") < order.index(FOX) < order.index("salvateur")
    assert {CHILD, DOG} <= FIRST_NIGHT_ONLY
    comp = [W, *MINE, V]
    assert steps_for(order, 2, comp) == ["soeurs", "freres", ACTOR, FOX, "loups"]
    for preset in NIGHT_ORDERS.values():
        assert {"soeurs", "freres", FOX, CHILD, DOG, ACTOR} <= set(preset)


def test_random_compositions_deal_every_role_and_the_listing_names_them() -> None:
    """`simulate --roles all` draws random compositions: each of these roles is dealt in some; `python -m app roles`
    lists them (the ruleset's roles)."""
    rules = get_ruleset("thiercelieux")
    dealt: set[str] = set()
    rnd = random.Random(5)
    for _ in range(300):
        comp, _options = sim_setup(rules.key, rnd.randint(6, 16), rnd)
        dealt |= set(comp)
    assert set(MINE) <= dealt
    assert set(MINE) <= set(rules.roles)
    report = rules.composition_report(8, [W, W, SISTER, SISTER, FOX, TAMER, ACTOR, V])
    assert report["balance"] != rules.composition_report(8, [W, W, V, V, V, V, V, V])["balance"]


def test_the_night_answers_and_results_stay_with_their_holders() -> None:
    """What the Chien-loup, the Enfant sauvage, the Renard and the Comédien are asked and told reaches them alone
    (and the MJ); the other seats' views show no question and no line of it. (Every command of these tests is also
    checked by the Script's secrecy check.)"""
    g = Script([W, DOG, CHILD, FOX, ACTOR, V, V], options={"comedien_cards": ["voyante", "berger", "corbeau"]},
               hurry=False)
    private = {"chien-loup", "enfant-sauvage", "renard", "comedien"}
    for step, seat, answer in (("enfant-sauvage", 2, [5]), ("chien-loup", 1, "wolf"), ("comedien", 4, "berger"),
                               ("renard", 3, [5])):
        g.run_until(step, night=1)
        for other in (0, 5, 6):
            assert not {p["step"] for p in g.view(other)["prompts"]} & private
        g.answer(seat, step, answer)
    keys = {"model_chosen", "dog_is_wolf", "comedien_plays", "fox_smells_wolf", "fox_no_wolf"}
    # A journal line: an announcement, or a fact that reads as one (its `line`).
    lines = [(line[0], e.to) for e in g.events if (line := told(e))]
    assert {key for key, _ in lines} >= {"model_chosen", "dog_is_wolf", "comedien_plays"}
    for other in (5, 6):
        assert not {key for key, to in lines if to is None or other in to} & keys
