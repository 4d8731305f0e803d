"""Soupçons' typed facts (issue 25, item 3): no generic setter left in the ruleset, every fact folds from its event
as it applies directly, and the setters of older logs are upgraded into the same state."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from app.engine.context import MJ_ONLY, Ctx
from app.engine.evolve import HANDLERS, evolve
from app.engine.facts import Fact, FactBook, handlers
from app.engine.model import Event, GameState
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.soupcons import SOUPCONS
from app.engine.rulesets.soupcons import facts as F
from app.engine.rulesets.soupcons.state import own
from tests.support.paths import ROOT, TESTS
from tests.support.soupcons import Table
from tests.support.viewers import viewers

PACKAGE = ROOT / "app" / "engine" / "rulesets" / "soupcons"
SETTER = re.compile(r"""\bsetp\b|\bsetv\b|emit\(\s*["'](pending|tag|flag|rp-set)["']""")


def test_the_ruleset_emits_no_generic_setter() -> None:
    found = [f"{path.name}:{i}: {line.strip()}" for path in sorted(PACKAGE.glob("*.py"))
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if SETTER.search(line)]
    assert not found, found


def test_a_game_sends_no_setter_event() -> None:
    t = Table(5)
    t.give(t.state.players[(t.giver + 1) % 5].seat, t.hand(t.giver)[0])
    assert not {e.type for e in t.events} & {"pending", "flag"}
    assert all(e.data["key"] not in ("hand", "door") for e in t.events if e.type == "tag")


def mid_game() -> GameState:
    """A 5-player table after one refusal: a turn, a refused card and a card offered are all in the state."""
    t = Table(5)
    giver = t.giver
    target = next(s for s in sorted(t.state.players) if s != giver)
    t.offer(target, t.hand(giver)[0])
    t.reply(False)
    t.offer(None, next(c for c in t.hand(giver) if c not in (own(t.state).refused or [])))
    assert own(t.state).refused and own(t.state).card and own(t.state).stage == "reply"
    return t.state


def samples(s: GameState) -> list[Fact]:
    """One of each fact the ruleset declares, plausible in the state `s`."""
    o = own(s)
    giver, target = o.giver, o.target
    assert giver is not None and target is not None and o.card is not None and o.attempt is not None
    hand = o.hands[giver]
    return [
        F.Dealt(dealer=target, first=giver, cards=11),
        F.TableLaid(),
        F.HandDealt(seat=target, cards=["M0", "S1"]),
        F.RoundBegan(round=s.day + 1, starter=giver),
        F.TurnPassed(giver=target),
        F.OnlyDoorLeft(target=target),
        F.CardOffered(giver=giver, to=target, attempt=o.attempt, announce="serpent", forced=False),
        F.CardPutForward(giver=giver, to=target, attempt=o.attempt, card=hand[-1]),
        F.CardRefused(giver=giver, to=target, attempt=o.attempt),
        F.CardAccepted(giver=giver, to=target, attempt=o.attempt, forced=True),
        F.CardReceived(giver=giver, to=target, card=o.card),
        F.MasksTakenBack(giver=giver, count=1),
        F.CardTookEffect(seat=target, effect="jour", value=1),
        F.CardTookEffect(seat=target, effect="removed", value=2),
        F.RoundEnded(round=s.day, removed=3),
    ]


def test_every_declared_fact_has_a_sample() -> None:
    assert {type(f) for f in samples(mid_game())} == set(SOUPCONS.fact_book.facts)


@pytest.mark.parametrize("index", range(15))
def test_a_fact_folds_from_its_event_as_it_applies(index: int) -> None:
    """Emitted (Ctx.fact -> Event), stored as JSON and folded again: the same state as the fact applied directly."""
    base = mid_game()
    fact = samples(base)[index]
    direct = base.clone()
    fact.apply(direct)
    emitted = base.clone()
    ctx = Ctx(emitted, 2_000.0, get_ruleset("soupcons"))
    event = ctx.fact(fact, to=MJ_ONLY)
    assert (event.type, event.data, event.to) == (fact.type, fact.data(), [])
    stored = base.clone()
    evolve(stored, Event.model_validate_json(event.model_dump_json()))
    want = direct.model_dump(exclude={"seq", "checkpoint"})
    assert emitted.model_dump(exclude={"seq", "checkpoint"}) == want
    assert stored.model_dump(exclude={"seq", "checkpoint"}) == want


def fold_all(state: GameState, events: list[tuple[str, dict[str, Any]]]) -> GameState:
    out = state.clone()
    for type_, data in events:
        evolve(out, Event(type=type_, data=data, to=[]))
    return out


def same(a: GameState, b: GameState) -> None:
    assert a.model_dump(exclude={"seq", "checkpoint"}) == b.model_dump(exclude={"seq", "checkpoint"})


def test_an_old_setter_event_is_upgraded_into_its_fact() -> None:
    s = mid_game()
    o = own(s)
    giver, target = o.giver, o.target
    assert giver is not None and target is not None
    # A hand, a Porte, a field of the turn, as logs written before facts set them.
    same(fold_all(s, [("tag", {"seat": target, "key": "hand", "value": ["M0", "S1"]})]),
         fold_all(s, [("sc_hand", {"seat": target, "cards": ["M0", "S1"]})]))
    closed = fold_all(s, [("tag", {"seat": target, "key": "door", "value": "closed"})])
    assert own(closed).doors[target] == "closed" and "door" not in closed.players[target].tags
    table = [{**c, "side": "jour"} for c in o.table]
    assert own(fold_all(s, [("pending", {"key": "table", "value": table})])).table == table
    assert own(fold_all(s, [("pending", {"key": "card", "value": None})])).card is None
    # The engine's own tags still reach the players' tags.
    assert fold_all(s, [("tag", {"seat": target, "key": "afk_missed", "value": 1})]).players[target].tags == {
        "afk_missed": 1}


def test_an_old_refusal_folds_like_its_fact() -> None:
    """A refusal as an old log holds it (its line, then the setters of the turn) and as a fact alone."""
    s = mid_game()
    o = own(s)
    assert o.attempt is not None and o.card is not None and o.refused is not None
    line = ("sc_refused", {"giver": o.giver, "to": o.target, "attempt": o.attempt})
    old = fold_all(s, [line, ("pending", {"key": "refused", "value": [*o.refused, o.card]}),
                       ("pending", {"key": "card", "value": None}), ("pending", {"key": "announce", "value": None}),
                       ("pending", {"key": "attempt", "value": o.attempt + 1}),
                       ("pending", {"key": "stage", "value": "offer"})])
    new = fold_all(s, [line])
    same(old, new)
    assert own(new).refused == [*o.refused, o.card] and own(new).stage == "offer"


def test_the_recorded_old_logs_fold_through_the_upgrade() -> None:
    """The logs of tests/data hold only setters for the turn: they load (tests/engine/test_views_unchanged.py checks
    their views) because every `pending` goes through the upgrade."""
    import gzip

    path = TESTS / "data" / "logs" / "soupcons-7.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        types = {Event.model_validate_json(line).type for line in lines}
    assert {"pending", "tag"} <= types and not types & {"sc_turn", "sc_only_door"}


# -- the engine's base (app/engine/facts.py) ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Counted(Fact):
    type = "test_counted"
    n: int

    def apply(self, state: GameState) -> None:
        state.flags["n"] = state.flags.get("n", 0) + self.n


def test_a_book_refuses_two_handlers_for_one_type() -> None:
    with pytest.raises(ValueError, match="test_counted"):
        handlers(FactBook(facts=(Counted, Counted)), HANDLERS)
    with pytest.raises(ValueError, match="phase"):
        handlers(FactBook(facts=(type("Phase", (Counted,), {"type": "phase"}),)), HANDLERS)


def test_an_upgrade_that_declines_leaves_the_event_to_the_engine() -> None:
    def upgrade(state: GameState, data: dict[str, Any]) -> list[Fact] | None:
        return [Counted(data["value"])] if data["key"] == "n" else None

    table: dict[str, Callable[[GameState, dict[str, Any]], None]] = handlers(
        FactBook(facts=(Counted,), upgrades={"flag": upgrade}), HANDLERS)
    s = GameState()
    table["flag"](s, {"key": "n", "value": 2})
    table["flag"](s, {"key": "other", "value": "x"})
    table["test_counted"](s, Counted(3).data())
    assert s.flags == {"n": 5, "other": "x"}


def test_a_snapshot_taken_before_facts_is_read_into_the_typed_state() -> None:
    """A room's snapshot (or an undo's checkpoint) of the engine before facts: no `own`, the turn in `pending`, the
    hands and Portes in the tags; the first read moves them, and every view is what it was."""
    from app.engine.model import MJ
    from app.engine.views import view

    s = mid_game()
    o = own(s)
    data = s.model_dump(mode="json")
    data["own"] = None
    data["pending"] = {k: v for k, v in o.model_dump(mode="json").items() if k not in ("hands", "doors")
                       and v is not None}
    for seat, p in data["players"].items():
        p["tags"] = {**p["tags"], "hand": o.hands[int(seat)], "door": o.doors[int(seat)]}
    old = GameState.model_validate(data)
    assert old.own is None
    for viewer in viewers(*sorted(s.players), MJ):
        assert view(old, viewer) == view(s, viewer)
    assert own(old) == o and old.pending == {} and not any("hand" in p.tags for p in old.players.values())
