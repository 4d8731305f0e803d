"""The rules of `soupcons` (seed 002, docs/rules/soupcons.md), played through the engine: set-up, offers,
refusals, the forced third offer, effects on the table, rounds, the 5–6 player removal, both endings, camps that
change hands, timeouts, bots, undo. Every command is followed by the secrecy check of tests/support/soupcons.py.
"""

from __future__ import annotations

import pytest

from app.engine.model import MJ, SYSTEM
from app.engine.rulesets.soupcons import cards as C
from app.engine.rulesets.soupcons import flow
from tests.support.soupcons import Table


def others(t: Table, *but: int) -> list[int]:
    return [s for s in sorted(t.state.players) if s not in but]


# -- set-up --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_set_up_follows_the_table_for_each_player_count(n: int) -> None:
    t = Table(n)
    masks, days, serpents = C.SETUP[n]
    hands = {s: t.hand(s) for s in range(n)}
    dealt = sorted(c for h in hands.values() for c in h)
    assert dealt == sorted([f"M{v}" for v in range(masks + 1)] + [f"S{i}" for i in range(1, serpents + 1)])
    assert sorted(len(h) for h in hands.values()) == [2] * (n - 1) + [3]
    three = next(s for s, h in hands.items() if len(h) == 3)
    deal = t.of("sc_dealt")[0].data
    assert deal["first"] == three == (deal["dealer"] + 1) % n  # one by one, clockwise, from the dealer's left
    assert flow.table(t.state) == [{"v": v, "side": "nuit"} for v in range(1, days + 1)]  # increasing, Nuit up
    assert all(t.door(s) == "open" for s in range(n))
    assert (t.state.phase, t.state.day, t.giver, t.step) == ("day", 1, three, "sc-offer")
    assert t.prompt("sc-target").options == others(t, three)
    assert sorted(t.prompt("sc-card").options) == sorted(hands[three])
    assert t.prompt("sc-announce").options == [str(v) for v in range(masks + 1)] + ["serpent"]
    for s, h in hands.items():
        assert t.state.players[s].role == ("serpent" if any(c.startswith("S") for c in h) else "innocent")
    table = t.view(0)["soupcons"]
    assert [x["cards"] for x in table["seats"]] == [len(hands[s]) for s in range(n)]
    assert table["hand"] == hands[0] and "hands" not in table


def test_the_host_console_sees_only_the_table_unless_its_host_does_not_play() -> None:
    """No MJ in Soupçons: the MJ token is the table creator's, who usually plays. Their console sees what a
    spectator sees until the end; `host_sees_cards` (a host who does not play) shows every hand."""
    from app.engine.views import event_visible

    t = Table(4)
    host = t.view(MJ)
    assert "hands" not in host["soupcons"] and "mj" not in host and "hand" not in host["soupcons"]
    assert all(p["role"] is None for p in host["players"])
    private = [e for e in t.events if e.to is not None and e.to]  # the hands, told to each player
    assert private and not any(event_visible(e, MJ, t.state) for e in private)
    seeing = Table(4, options={"host_sees_cards": True})
    assert seeing.view(MJ)["soupcons"]["hands"] == {str(s): seeing.hand(s) for s in range(4)}
    t.do("end", MJ)
    assert t.view(MJ)["soupcons"]["hands"] == {str(s): t.hand(s) for s in range(4)}  # everything, once over


def test_the_dealer_is_drawn_at_random() -> None:
    dealers = {Table(4, seed=seed, check=False).of("sc_dealt")[0].data["dealer"] for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_player_counts_and_compositions() -> None:
    t = Table(2, start=False)
    assert t.rejected("start") == "not_enough_players"
    t = Table(6, start=False)
    assert t.rejected("join", SYSTEM, seat=6, name="P6") == "room_full"
    t.do("configure", MJ, composition=["serpent"])
    assert t.rejected("start") == "no_composition"


# -- a turn ----------------------------------------------------------------------------------------------------------
def three_players() -> tuple[Table, int, int, int]:
    """A 3-player table where the giver g holds M1, M2, M0; a holds M3, M4; b holds M5 and the Serpent."""
    t = Table(3)
    g = t.giver
    a, b = others(t, g)
    t.rig(hands={g: ["M0", "M1", "M2"], a: ["M3", "M4"], b: ["M5", "S1"]})
    return t, g, a, b


def test_effects_turn_a_nuit_card_then_remove_it_and_zero_does_nothing() -> None:
    t, g, a, b = three_players()
    mark = len(t.events)
    t.give(a, "M1", announce="serpent")  # a lie: what counts is the card
    assert t.sides()[1] == "jour"
    assert [e.data for e in t.of("sc_effect", mark)] == [{"seat": a, "effect": "jour", "value": 1}]
    assert t.door(a) == "closed" and t.hand(a) == ["M1", "M3", "M4"] and t.hand(g) == ["M0", "M2"]
    assert t.giver == a  # the receiver now holds 3 cards and plays next
    assert t.prompt("sc-target").options == sorted([g, b])  # open Portes only, never oneself
    t.give(g, "M1")
    assert t.sides()[1] == "gone"
    assert t.of("sc_effect")[-1].data == {"seat": g, "effect": "removed", "value": 1}
    # Only b's Porte is still open: no question about the target.
    assert not t.has("sc-target")
    t.give(b, "M0")
    assert t.of("sc_effect")[-1].data == {"seat": b, "effect": "nothing", "value": None}


@pytest.mark.parametrize("card", ["M0", "S1", "M1"])
def test_nothing_happens_for_zero_a_serpent_or_a_value_no_longer_on_the_table(card: str) -> None:
    t = Table(3)
    g = t.giver
    a, b = others(t, g)
    t.rig(hands={g: ["M0", "M1", "S1"], a: ["M2", "M3"], b: ["M4", "M5"]}, table={1: "gone"})
    before = t.sides()
    t.give(a, card)
    assert t.sides() == before
    effect = t.of("sc_effect")[-1]
    assert effect.to is None and effect.data == {"seat": a, "effect": "nothing", "value": None}


def test_refusals_then_the_forced_third_offer_and_the_refused_cards_go_back() -> None:
    t, g, a, b = three_players()
    t.offer(a, "M1", "serpent")
    reply = t.prompt("sc-accept")
    assert reply.to == [a] and reply.info == {"giver": g, "announce": "serpent", "attempt": 1}
    assert "M1" not in str(t.view(a)) and t.view(b)["soupcons"]["announce"] == "serpent"
    t.reply(False)
    assert t.of("sc_refused")[-1].data == {"giver": g, "to": a, "attempt": 1} and t.of("sc_refused")[-1].to is None
    public = t.view(b)["soupcons"]
    assert (public["refused"], public["attempt"], public["target"], public["giver"]) == (1, 2, a, g)
    assert t.view(g)["soupcons"]["refused_cards"] == ["M1"]
    assert "refused_cards" not in public
    # Same receiver, another card: the refused one cannot be offered again.
    assert not t.has("sc-target")
    assert sorted(t.prompt("sc-card").options) == ["M0", "M2"]
    assert t.rejected("answer", g, prompt=t.prompt("sc-card").id, answer="M1") == "bad_answer"
    t.offer(None, "M2", "2")
    t.reply(False)
    # The last card: no choice of card, and no question to the receiver: it must be accepted.
    assert not t.has("sc-card")
    mark = len(t.events)
    t.offer(None, None, "5")
    assert not t.has("sc-accept")
    accepted = t.of("sc_accepted", mark)[0].data
    assert accepted == {"giver": g, "to": a, "attempt": 3, "forced": True}
    assert t.of("sc_offer", mark)[0].data["forced"] is True
    assert t.hand(a) == ["M0", "M3", "M4"] and t.hand(g) == ["M1", "M2"]
    assert t.of("sc_returned", mark)[0].data == {"giver": g, "count": 2}
    assert t.view(b)["soupcons"]["refused"] == 0
    assert t.of("sc_effect", mark)[0].data["effect"] == "nothing"


def test_a_card_is_told_only_to_its_giver_and_its_receiver() -> None:
    t, g, a, b = three_players()
    t.give(a, "M2", "4")
    offer = t.of("sc_offer")[-1]
    assert offer.to is None and offer.data == {"giver": g, "to": a, "attempt": 1, "announce": "4", "forced": False}
    assert t.of("sc_offer_card")[-1].to == [g]
    received = t.of("sc_received")[-1]
    assert received.to == sorted([g, a]) and received.data["card"] == "M2"
    assert t.view(b)["soupcons"].get("hand") == ["M5", "S1"]
    assert "hand" not in t.view("spectator")["soupcons"]


def test_answers_are_checked() -> None:
    t, g, a, _ = three_players()
    assert t.rejected("answer", g, prompt=t.prompt("sc-target").id, answer=[g]) == "target_not_allowed"
    assert t.rejected("answer", a, prompt=t.prompt("sc-card").id, answer="M3") == "no_such_prompt"
    assert t.rejected("answer", g, prompt=t.prompt("sc-announce").id, answer="7") == "bad_answer"
    t.give(a, "M0")
    # a's Porte is closed: nobody may offer to a again this round.
    assert a not in t.prompt("sc-target").options
    assert t.rejected("answer", a, prompt=t.prompt("sc-target").id, answer=[a]) == "target_not_allowed"


# -- rounds ------------------------------------------------------------------------------------------------------
def test_a_round_ends_when_every_porte_is_closed_and_the_holder_of_three_starts_the_next() -> None:
    t, g, a, b = three_players()
    t.give(a, "M0")
    t.give(g, "M0")  # the starter is chosen later in the round, and plays twice
    assert t.giver == g and t.state.day == 1
    t.give(b, "M0")
    assert t.of("sc_round_end")[-1].data == {"round": 1, "removed": None}  # 3 players: nothing removed
    assert t.state.day == 2 and all(t.door(s) == "open" for s in (g, a, b))
    assert t.giver == b == t.of("sc_round")[-1].data["starter"] and len(t.hand(b)) == 3
    assert t.prompt("sc-target").options == sorted([g, a])


def harmless_round(t: Table, harmless: set[str]) -> None:
    """Every giver offers a card that changes nothing to the first open Porte, until the round is over."""
    start = t.state.day
    while t.state.day == start and t.state.phase != "ended":
        giver = t.giver
        card = next(c for c in t.hand(giver) if c in harmless)
        target = next(s for s in sorted(t.state.players) if s != giver and t.door(s) == "open")
        t.give(target, card)


def five_players(table: dict[int, str], options: dict[str, object] | None = None) -> Table:
    t = Table(5, options=options)
    g = t.giver
    a, b, c, d = others(t, g)
    t.rig(hands={g: ["M0", "M1", "M3"], a: ["M2", "M4"], b: ["M5", "M7"], c: ["M6", "S1"], d: ["M8", "S2"]},
          table=table)
    return t


def test_five_players_put_back_the_lowest_jour_card_at_the_end_of_each_round() -> None:
    t = five_players({1: "gone", 2: "gone", 3: "jour", 5: "jour", 7: "gone", 8: "gone"})
    harmless_round(t, {"M0", "M1", "M2", "M7", "M8", "S1", "S2"})
    assert t.of("sc_round_end")[-1].data == {"round": 1, "removed": 3}
    assert t.sides() == {1: "gone", 2: "gone", 3: "gone", 4: "nuit", 5: "jour", 6: "nuit", 7: "gone", 8: "gone"}
    assert t.state.day == 2 and t.state.phase == "day"


def test_no_jour_card_no_removal() -> None:
    t = five_players({})
    harmless_round(t, {"M0", "S1", "S2"})
    assert t.of("sc_round_end")[-1].data["removed"] is None


# -- endings -----------------------------------------------------------------------------------------------------
def test_innocents_win_when_the_last_nuit_card_turns() -> None:
    t, g, a, b = three_players()
    t.rig(table={1: "jour", 2: "gone", 3: "jour", 4: "jour"})  # 5 shows Nuit
    t.rig(hands={g: ["M0", "M1", "M5"], a: ["M3", "M4"], b: ["M2", "S1"]})
    t.give(a, "M5")
    assert t.state.phase == "ended"
    assert t.result == {"camp": "innocents", "winners": sorted([g, a]), "reason": "dawn"}
    ended = t.of("ended")[-1]
    assert ended.to is None and ended.data["hands"] == {str(s): t.hand(s) for s in sorted(t.state.players)}
    # Everything is public now: every seat sees every hand and every event.
    assert t.view(b)["soupcons"]["hands"] == {str(s): t.hand(s) for s in sorted(t.state.players)}


def test_serpents_win_when_a_single_nuit_card_is_left() -> None:
    t, _, a, b = three_players()
    t.rig(table={1: "jour", 2: "gone", 3: "gone", 4: "gone"})  # 1 Jour, 5 Nuit
    t.give(a, "M1")  # removed: one card left, Nuit
    assert t.result == {"camp": "serpents", "winners": [b], "reason": "night"}


def test_the_lowest_jour_removal_can_end_the_game() -> None:
    t = five_players({1: "gone", 2: "jour", 3: "gone", 4: "gone", 5: "gone", 7: "gone", 8: "gone"})
    harmless_round(t, {"M0", "M1", "M3", "M4", "M5", "M7", "M8", "S1", "S2"})
    assert t.of("sc_round_end")[-1].data["removed"] == 2
    serpents = sorted(s for s in t.state.players if any(c.startswith("S") for c in t.hand(s)))
    assert t.result == {"camp": "serpents", "winners": serpents, "reason": "night"}


def test_a_game_still_running_after_max_rounds_ends_undecided() -> None:
    t = Table(3, options={"max_rounds": 1})
    g = t.giver
    a, b = others(t, g)
    t.rig(hands={g: ["M0", "M1", "M2"], a: ["M3", "M4"], b: ["M5", "S1"]})
    harmless_round(t, {"M0", "S1", "M3", "M4", "M5", "M1", "M2"})
    assert t.result == {"camp": None, "winners": [], "reason": "max_rounds"}


# -- camps -------------------------------------------------------------------------------------------------------
def test_camps_change_as_serpents_change_hands() -> None:
    t = Table(3)
    g = t.giver
    a, b = others(t, g)
    t.rig(hands={g: ["M0", "M1", "S1"], a: ["M2", "M3"], b: ["M4", "M5"]})
    assert (t.state.players[g].role, t.state.players[a].role) == ("serpent", "innocent")
    mark = len(t.events)
    t.give(a, "S1", announce="0")
    assert (t.state.players[g].role, t.state.players[a].role) == ("innocent", "serpent")
    changes = t.of("role_set", mark)
    assert {(e.data["seat"], e.data["role"]) for e in changes} == {(g, "innocent"), (a, "serpent")}
    assert all(e.to == [e.data["seat"]] for e in changes)
    assert t.view(a)["soupcons"]["camp"] == "serpents" and t.view(g)["soupcons"]["camp"] == "innocents"
    assert "camp" not in t.view(b)["soupcons"] or t.view(b)["soupcons"]["camp"] == "innocents"
    assert [p["role"] for p in t.view(b)["players"] if p["seat"] == a] == [None]


# -- time, bots, undo ----------------------------------------------------------------------------------------------
def test_timeouts_play_a_random_legal_move_so_the_game_never_stalls() -> None:
    t = Table(4)
    assert t.state.step is not None and t.state.step.deadline == t.at + 60
    t.wait()
    offer = t.of("sc_offer")[-1].data
    assert offer["to"] != offer["giver"] and offer["announce"] in C.announcements(4)
    assert t.step == "sc-reply" and t.state.step is not None and t.state.step.deadline == t.at + 30
    for _ in range(5000):
        if t.state.phase == "ended":
            break
        t.wait()
    assert t.state.phase == "ended" and t.result is not None and t.result["reason"] in ("dawn", "night")


def test_bots_play_after_their_short_delay() -> None:
    t = Table(3, start=False)
    t.do("configure", MJ, options={"bots": [0, 1, 2], "bot_delay": 1.5})
    t.do("start", MJ)
    assert t.state.step is not None and t.state.step.deadline == t.at + 1.5
    assert t.view(0)["soupcons"]["bots"] == [0, 1, 2]
    for _ in range(3000):
        if t.state.phase == "ended":
            break
        t.wait()
    assert t.state.phase == "ended"
    assert t.at - 1_000.0 < 1.5 * 3000


def test_undo_replays_the_round_from_its_start() -> None:
    t, g, a, b = three_players()
    t.give(a, "M0")
    t.give(g, "M0")
    t.give(b, "M0")
    round2 = {s: t.hand(s) for s in (g, a, b)}
    table2 = t.sides()
    t.give(g if g != t.giver else a, "M0")
    t.do("undo", MJ)
    assert t.state.day == 2 and {s: t.hand(s) for s in (g, a, b)} == round2 and t.sides() == table2
    assert all(t.door(s) == "open" for s in (g, a, b)) and t.giver == b and t.step == "sc-offer"


def test_the_mj_may_skip_a_slow_player() -> None:
    t = Table(3)
    t.do("advance", MJ)
    assert t.step == "sc-reply" and len(t.of("sc_offer")) == 1
