"""Issue 23, round two of a table that can trust the server (Reptiliens): an anonymous invoker's payment shows
only at the next refresh of the fortunes; a seat killed in the night looks alive, to all and to himself, until
dawn (seed 000 §2 "le mort est annoncé seulement le matin")."""

from __future__ import annotations

from typing import Any

from reptiliens_helpers import ALPHA, Table, V

from app.engine.model import MJ, Event
from app.engine.views import SPECTATOR, event_visible

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
