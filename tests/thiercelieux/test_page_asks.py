"""What the server tells the pages so that they hold no rule of the game (thiercelieux `asks.py`, view fields):
per vote option, why the rules refuse it (`disabled`), the lines to read with a question (`notes`), each seat's camp
(`secrets.camp`, the MJ's `camps`), and the ruleset's data the pages start from (`describe`)."""

from __future__ import annotations

from app.engine.model import MJ
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux import flow
from tests.support.engine import Script
from tests.support.paths import ROOT
from tests.support.thiercelieux import BASIC, CUPID, SEER, WITCH, V, W, play_night, vote


def test_a_vote_says_why_an_option_is_refused_to_each_voter() -> None:
    g = Script([W, CUPID, V, V, V, SEER, V])
    g.answer(1, "cupidon", [3, 4])
    play_night(g, {"loups": [6]})
    g.run_until("vote")
    pid = g.prompt("vote").id
    seat3 = g.view(3)["disabled"][pid]
    # Each voter learns only their own refusals: not against oneself, not against one's beloved.
    assert seat3 == {"3": {"3": "self_vote", "4": "lover_vote"}}
    assert g.view(2)["disabled"][pid] == {"2": {"2": "self_vote"}}
    assert "disabled" not in g.view("spectator")
    # The MJ answering for a seat sees every voter's, and they are exactly what the answer would be refused with.
    everyone = g.view(MJ)["disabled"][pid]
    assert everyone["4"] == {"4": "self_vote", "3": "lover_vote"}
    for seat, refused in everyone.items():
        for option, code in refused.items():
            assert g.rejected("answer", int(seat), prompt=pid, answer=[int(option)]) == code
    for seat in g.prompt("vote").to:
        for option in g.prompt("vote").options:
            if str(option) not in everyone.get(str(seat), {}):
                assert flow.validate_vote(g.state, seat, option) is None


def test_the_witch_is_told_the_victim_once_and_the_pack_its_leader() -> None:
    g = Script(BASIC, options={"wolves_disagree": "leader"})
    play_night(g, {"voyante": [0]}, until="loups")
    loups = g.prompt("loups").id
    assert g.view(0)["notes"][loups] == [{"key": "wolves_leader", "seat": 0}]
    assert "notes" not in g.view(5)  # a villager is asked nothing and told nothing
    play_night(g, {"loups": [5]}, until="sorciere")
    heal, poison = g.prompt("sorciere-heal").id, g.prompt("sorciere-poison").id
    notes = g.view(2)["notes"]
    assert notes[heal] == [{"key": "witch_victim", "seat": 5}]
    assert poison not in notes  # said once, with the healing potion


def test_without_her_healing_potion_the_witch_hears_the_victim_with_the_poison() -> None:
    g = Script(BASIC)
    play_night(g, {"voyante": [0], "loups": [5], "sorciere-heal": True, "sorciere-poison": []})
    vote(g, {})
    play_night(g, {"voyante": [1], "loups": [6]}, until="sorciere")
    poison = g.prompt("sorciere-poison").id
    assert g.view(2)["notes"][poison] == [{"key": "witch_victim", "seat": 6}]


def test_each_seat_knows_its_own_camp_and_the_mj_every_camp() -> None:
    g = Script([W, WITCH, V, V, V])
    assert g.view(0)["secrets"]["camp"] == "wolves"
    assert g.view(1)["secrets"]["camp"] == "village"
    assert g.view(MJ)["camps"] == {"0": "wolves", "1": "village", "2": "village", "3": "village", "4": "village"}
    assert "camps" not in g.view(1) and "camps" not in g.view("spectator")


def test_the_ruleset_describes_its_night_and_its_lonely_camps() -> None:
    described = get_ruleset("thiercelieux").describe()
    assert {"night_orders", "first_night_only", "step_cards"} <= set(described)
    assert set(described["solo_camps"]) == {"loup-blanc", "joueur-de-flute", "tueur", "assassin", "sectaire"}


def test_every_reason_and_note_the_server_can_send_has_its_words() -> None:
    """The pages show `why.<code>` for a refused option and `prompt.note.<key>` for a note, in both languages."""
    import re

    from app.i18n import LANGS, catalogue

    source = (ROOT / "app/engine/rulesets/thiercelieux/asks.py").read_text()
    notes = set(re.findall(r"\"key\": \"([a-z_]+)\"", source))
    codes = {"self_vote", "lover_vote", "cupid_vote", "shielded", "vote_final"}
    flow_source = (ROOT / "app/engine/rulesets/thiercelieux/flow.py").read_text()
    block = flow_source[flow_source.index("def vote_refusals"):]
    block = block[: block.index("\ndef ", 10)]
    assert set(re.findall(r"\"([a-z_]+_vote|shielded)\"", block)) <= codes
    assert notes == {"witch_victim", "witch_no_victim", "wolves_leader"}
    for lang in LANGS:
        cat = catalogue(lang)
        assert [c for c in codes if f"why.{c}" not in cat] == []
        assert [n for n in notes if f"prompt.note.{n}" not in cat] == []


def test_a_seats_asks_taken_from_everyones_are_its_own() -> None:
    """The view slices each seat's `disabled` and `notes` out of the MJ's (computed once per state version):
    at every step of a game with lovers, a witch and a vote, the slice equals what the seat's own reading gives."""
    from app.engine.rulesets.thiercelieux import asks

    g = Script([W, CUPID, V, WITCH, V, SEER, V], options={"wolves_disagree": "leader"})
    g.answer(1, "cupidon", [3, 4])
    checked = 0

    def same() -> None:
        nonlocal checked
        every = asks.asks(g.state, None)
        for seat in g.state.players:
            seats = g.state.seats_of(seat)
            assert asks.for_seats(g.state, every, seats) == asks.asks(g.state, seats)
            checked += 1

    same()
    play_night(g, {"loups": [6]}, until="loups")
    same()
    play_night(g, {"loups": [6], "sorciere-heal": False, "sorciere-poison": []})
    same()
    g.run_until("vote")
    same()
    g.answer(2, "vote", [0])
    same()
    assert checked == 5 * 7
