"""Issue 23, round two of a table that can trust the server (Reptiliens): an anonymous invoker's payment shows
only at the next refresh of the fortunes; a seat killed in the night looks alive, to all and to himself, until
dawn (seed 000 §2 "le mort est annoncé seulement le matin")."""

from __future__ import annotations

from typing import Any

from app.engine.model import MJ, Event
from app.engine.views import SPECTATOR, event_visible
from tests.support.reptiliens import ALPHA, Table, V

FENNEC, ROUGE = "rp-fennec", "rp-reptilienne-rouge"
TUEUR, SABLE = "rp-tueur", "rp-marchand-de-sable"


def coins_events(t: Table, events: list[Event], viewer: int | str, seat: int) -> list[dict[str, Any]]:
    return [e.data for e in events if e.type == "rp-coins" and e.data["seat"] == seat
            and event_visible(e, viewer, t.state)]


def assassin_table(**options: Any) -> Table:
    return Table([ALPHA, "rp-reptilien", V, V, V, V, V], [None, None, TUEUR], lovers=(5, 6), options=options)


def test_a_hidden_invoker_by_day_pays_unseen_until_the_days_fortunes() -> None:
    """`hide_invokers` by day, public fortunes: the Assassin's price is no `rp-coins` at the invocation; the payer
    and the MJ see it at once, the others at the richest citizen's report, with the day's fortunes."""
    t = assassin_table(hide_invokers=True)
    t.play_night({})
    t.run_until("rp-vote")
    t.do("invoke", 2, power="rp-assassinat")
    events = t.answer(2, "rp-assassinat", [3])
    assert t.announced("rp-invoque-mise-a-mort") == [{"seat": None}] and not t.alive(3)
    for viewer in (0, 4, SPECTATOR):
        assert coins_events(t, events, viewer, 2) == [], f"{viewer} sees the payment"
        assert t.view(viewer)["village"]["coins"]["2"] == 1
    assert t.view(2)["secrets"]["coins"] == 0 and t.view(2)["secrets"]["may_give"] == []
    assert t.view(MJ)["mj"]["reptiliens"]["seats"]["2"]["coins"] == 0
    # A gift to him moves the public fortune by the gift, the payment still unseen.
    t.vote({})
    t.run_until("rp-mariages")
    t.do("rp-give", 4, to=2, coins=1)
    assert t.view(4)["village"]["coins"]["2"] == 2 and t.view(2)["secrets"]["coins"] == 1
    assert t.view(4)["village"]["coins"]["4"] == 0
    t.run_until("rp-concertation", night=2)
    assert t.view(4)["village"]["coins"]["2"] == 1 and t.own.coins[2] == 1 and not t.own.night.owed
    assert t.own.richest is None  # 0, 1, 2 and 5, 6 hold one coin each: nobody strictly richer


def test_a_seen_invoker_pays_at_once_as_before() -> None:
    t = assassin_table()
    t.play_night({})
    t.run_until("rp-vote")
    t.do("invoke", 2, power="rp-assassinat")
    events = t.answer(2, "rp-assassinat", [3])
    assert coins_events(t, events, 4, 2) == [{"seat": 2, "coins": 0}]
    assert t.view(4)["village"]["coins"]["2"] == 0


def test_a_night_payment_is_never_published_before_dawn() -> None:
    t = assassin_table()
    t.do("invoke", 2, power="rp-assassinat")
    events = t.answer(2, "rp-assassinat", [3])
    night = t.state.night
    while t.state.phase == "night" and t.state.night == night:
        assert not [e for e in events if e.type == "rp-coins" and e.data["seat"] == 2]
        assert t.view(4)["village"]["coins"]["2"] == 1
        events = t.wait()
    assert t.view(4)["village"]["coins"]["2"] == 0


def bitten_rouge() -> Table:
    """The Fennec bites the Reptilienne rouge (seat 1, a Marchand de sable too) at the night's first step."""
    t = Table([ALPHA, ROUGE, FENNEC, V, V, V], [None, SABLE], lovers=(4, 5), hurry=False)
    t.run_until("rp-milice", night=1)
    t.do("invoke", 2, power="rp-morsure")
    t.answer(2, "rp-morsure", [1])
    assert 1 in t.own.night.dying[0]
    return t


def test_a_doomed_pack_member_is_heard_and_hears_the_pack_but_attacks_nobody() -> None:
    t = bitten_rouge()
    t.run_until("rp-concertation", night=1)
    assert t.prompt("rp-concertation").to == [0, 1]
    t.answer(1, "rp-concertation", [4])  # the alpha stays silent: his is the only choice
    t.wait()
    told = [(e.data["key"], e.data["params"], e.to) for e in t.events if e.type == "announce"
            and e.data["key"] in ("rp-cible", "rp-pas-de-cible")]
    assert told == [("rp-cible", {"seat": 4}, [0, 1])]  # what the pack saw its members decide, to both
    assert t.own.night.pack["house"] is None and t.own.night.pack["failure"] == "doomed"
    t.play_night({})
    assert {d["seat"] for d in t.deaths()} == {1}  # nobody went to house 4


def test_a_doomed_seat_is_still_called_and_may_invoke_to_no_effect() -> None:
    t = bitten_rouge()
    assert "rp-repticide" in t.view(1)["secrets"]["invocable"]
    t.do("invoke", 1, power="rp-repticide")
    assert t.announced("rp-invoque-mise-a-mort") == [{"seat": None}, {"seat": None}]
    t.answer(1, "rp-repticide", [0])
    assert t.announced("rp-mise-a-mort") == [{}, {}]  # as a living one's
    assert "rp-repticide" in t.view(1)["secrets"]["used"]
    assert t.announced("rp-invocation-sans-effet", MJ) == [{"seat": 1, "power": "rp-repticide"}]
    assert t.announced("rp-invocation-sans-effet", 1) == []
    t.run_until("rp-sommeil", night=1)
    assert t.prompt("rp-sommeil").to == [1]  # called like anyone
    t.answer(1, "rp-sommeil", [3])
    t.wait()
    assert 3 not in t.own.night.asleep and not t.announced("rp-sommeil-lourd")
    t.play_night({})
    assert {d["seat"] for d in t.deaths()} == {1} and t.alive(0)
