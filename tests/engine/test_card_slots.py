"""Several cards a seat, each face up or not on its own; offices held by seats; questions of a number and of free
text; a ruleset's own typed state and events (docs/architecture.md, "Cards, offices and the step stack"). Tried on
the ruleset of tests/support/tiny_ruleset.py: a camp card (the reds know each other's) and a specialty card (nobody
else's), a death turning the camp card only."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from app.engine.model import MJ
from app.engine.views import SPECTATOR, event_visible, public_event, view
from tests.support.step_stack import Table
from tests.support.tiny_ruleset import CAMP, MAYOR, SPECIALTY, own, registered


@pytest.fixture(autouse=True)
def tiny() -> Iterator[None]:
    with registered():
        yield


def cards_seen(t: Table, viewer: int | str) -> dict[int, dict[str, str | None]]:
    return {p["seat"]: p["cards"] for p in view(t.state, viewer)["players"]}


def no_specialty_leaks(t: Table) -> None:
    """A specialty card face down never reaches another seat or a spectator: not in a view, not in an event."""
    viewers: list[int | str] = [*t.state.players, SPECTATOR]
    for viewer in viewers:
        for seat, seen in cards_seen(t, viewer).items():
            if seat != viewer:
                assert seen[SPECIALTY] is None, f"{viewer} sees the specialty of {seat}"
        own_card = t.state.players[viewer].cards[SPECIALTY] if isinstance(viewer, int) else None
        mine = {own_card["current"], own_card["original"]} if own_card else set()
        text = json.dumps(view(t.state, viewer))
        others = {p.card(SPECIALTY) for s, p in t.state.players.items() if s != viewer} - mine
        assert not any(f'"{card}"' in text for card in others), f"a specialty reaches {viewer}"
        for e in t.events:
            if event_visible(e, viewer, t.state) and e.type == "role_set" and e.data.get("slot") == SPECIALTY:
                assert e.data["seat"] == viewer, f"{viewer} learns the specialty of {e.data['seat']}"


def test_each_seat_holds_two_cards_and_sees_its_own() -> None:
    t = Table()
    assert {s: (p.card(CAMP), p.card(SPECIALTY)) for s, p in t.state.players.items()} == {
        0: ("red", "smith"), 1: ("blue", "gunner"), 2: ("red", "smith"), 3: ("blue", "smith")}
    me = view(t.state, 1)["me"]
    assert me["role"] == "blue"  # the main slot, as one-card games read it
    assert me["cards"] == {CAMP: {"card": "blue", "original": "blue", "revealed": False},
                           SPECIALTY: {"card": "gunner", "original": "gunner", "revealed": False}}
    # The reds know each other's camp card, never a specialty; the blues know nothing; nor does a spectator.
    assert cards_seen(t, 0)[2] == {CAMP: "red", SPECIALTY: None} and view(t.state, 0)["players"][2]["role"] == "red"
    assert cards_seen(t, 1)[3] == {CAMP: None, SPECIALTY: None}
    assert all(c == {CAMP: None, SPECIALTY: None} for c in cards_seen(t, SPECTATOR).values())
    assert cards_seen(t, MJ)[1] == {CAMP: "blue", SPECIALTY: "gunner"}
    no_specialty_leaks(t)


def test_a_death_turns_the_card_the_ruleset_says_and_only_that_one() -> None:
    t = Table()
    t.do("invoke", 1, power="shot")
    t.answer(1, "aim", [2])
    died = next(e for e in t.events if e.type == "died")
    assert died.to is None and died.data == {"seat": 2, "cause": "shot", "cards": {CAMP: "red"}}
    card = t.state.players[2].cards
    assert card[CAMP]["revealed"] and not card[SPECIALTY]["revealed"]
    assert cards_seen(t, 3)[2] == {CAMP: "red", SPECIALTY: None}
    assert cards_seen(t, SPECTATOR)[2] == {CAMP: "red", SPECIALTY: None}
    no_specialty_leaks(t)


def test_the_mj_changes_one_card_and_its_original_stays() -> None:
    t = Table()
    t.do("set_role", MJ, seat=3, role="baker", slot=SPECIALTY)
    event = t.events[-1]
    assert event.type == "role_set" and event.to == [3] and event.data == {"seat": 3, "role": "baker",
                                                                           "slot": SPECIALTY}
    assert view(t.state, 3)["me"]["cards"][SPECIALTY] == {"card": "baker", "original": "smith", "revealed": False}
    t.do("set_role", MJ, seat=3, role="red")  # the main slot unless told
    assert t.state.players[3].card(CAMP) == "red" and t.state.players[3].cards[CAMP]["original"] == "blue"
    assert cards_seen(t, 0)[3][CAMP] == "red"  # now a red: the reds know
    assert t.rejected("set_role", MJ, seat=3, role="red", slot="hat") == "no_such_slot"
    no_specialty_leaks(t)
    # A changed card already face up is changed before everyone.
    t.do("kill", MJ, seat=0)
    t.do("set_role", MJ, seat=0, role="blue")
    assert t.events[-1].to is None and cards_seen(t, SPECTATOR)[0][CAMP] == "blue"


def test_cards_are_preassigned_by_slot_in_the_lobby() -> None:
    t = Table(players=1, start=False)
    t.do("set_role", MJ, seat=0, role="red")
    t.do("set_role", MJ, seat=0, role="baker", slot=SPECIALTY)
    assert t.state.options["preassigned"] == {"0": "red", f"0.{SPECIALTY}": "baker"}
    assert all(e.to == [] for e in t.events if e.type == "preassigned")
    assert "preassigned" not in view(t.state, 0)["options"]


def test_offices_are_held_by_seats_and_shown_to_everyone() -> None:
    t = Table()
    t.do("set_office", MJ, office=MAYOR, seat=2)
    assert t.state.offices == {MAYOR: 2}
    for viewer in (0, SPECTATOR, MJ):
        assert [p["offices"] for p in view(t.state, viewer)["players"]] == [[], [], [MAYOR], []]
    assert t.events[-1].type == "office" and t.events[-1].to is None
    assert any(e.type == "override" and e.data == {"action": "set_office", "office": MAYOR, "seat": 2}
               for e in t.events)
    t.do("set_office", MJ, office=MAYOR, seat=None)
    assert t.state.offices == {MAYOR: None} and all(p["offices"] == [] for p in view(t.state, 0)["players"])
    assert t.rejected("set_office", MJ, office="king", seat=1) == "no_such_office"
    assert t.rejected("set_office", 1, office=MAYOR, seat=1) == "mj_only"
    t.do("kill", MJ, seat=1)
    assert t.rejected("set_office", MJ, office=MAYOR, seat=1) == "dead"  # the ruleset's rule


@pytest.mark.parametrize(("answer", "code"), [
    ("3", "bad_number"), (True, "bad_number"), (2.5, "bad_number"), (None, "bad_number"), ([3], "bad_number"),
    (6, "out_of_range"), (-1, "out_of_range"), (float("nan"), "bad_number"),
])
def test_a_number_question_takes_a_whole_number_within_its_bounds(answer: object, code: str) -> None:
    t = Table()
    assert t.rejected("answer", 0, prompt=t.prompt("coins").id, answer=answer) == code


def test_a_number_question_answered() -> None:
    t = Table()
    t.answer(0, "coins", 3.0)
    assert t.prompt("coins").answers == {0: 3}
    t.answer(0, "coins", 0)
    assert t.prompt("coins").answers == {0: 0}
    pv = next(p for p in view(t.state, 0)["prompts"] if p["step"] == "coins")
    assert (pv["kind"], pv["min"], pv["max"]) == ("number", 0, 5)


@pytest.mark.parametrize(("answer", "code"), [
    (5, "bad_answer"), (["loi"], "bad_answer"), ("   ", "empty_answer"), ("x" * 21, "text_too_long"),
    ("a\x07b", "bad_text"), ("\ud800", "bad_text"),
])
def test_a_text_question_refuses_what_is_no_text(answer: object, code: str) -> None:
    t = Table()
    assert t.rejected("answer", 0, prompt=t.prompt("law").id, answer=answer) == code


def test_a_text_question_keeps_the_text_trimmed() -> None:
    t = Table()
    t.answer(0, "law", "  Pas de vote blanc\n ")
    assert t.prompt("law").answers == {0: "Pas de vote blanc"}
    t.answer(0, "law", "Deux\nlignes")
    assert t.prompt("law").answers == {0: "Deux\nlignes"}
    text = next(e for e in reversed(t.events) if e.type == "answered")
    assert public_event(text)["data"]["answer"] == "Deux\nlignes" and text.to == [0]


def test_the_ruleset_keeps_its_own_typed_state() -> None:
    t = Table()
    t.do("invoke", 1, power="shot")
    t.answer(1, "aim", [0])
    assert own(t.state).shots == [0] and own(t.state).aimed_tonight == 1
    assert "own" not in json.dumps(view(t.state, 1)) and "shots" not in json.dumps(view(t.state, 1))
