"""A scripted `soupcons` table for the engine tests, and the secrecy check shared by the soupcons test modules.

`Table(players)` seats that many players and starts (the server deals). Time moves only when a test says so.
`rig(hands=…, table=…)` replaces the deal by folding generic events into the state, as a test fixture would load
a position; the rules then run from there. After every accepted command, `Watch` checks that no projection or
event shows a card id to a seat that never held it (`Watch.check`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from app.engine.context import Ctx
from app.engine.core import new_state, settle
from app.engine.evolve import evolve
from app.engine.model import MJ, SYSTEM, Event, GameState
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.soupcons import cards as C
from app.engine.rulesets.soupcons import flow
from app.engine.rulesets.soupcons.state import own
from app.engine.views import SPECTATOR, event_visible, public_event, view
from tests.support.scripted import Scripted
from tests.support.viewers import viewers

T0 = 1_000.0
FAST: dict[str, Any] = {"turn": 60, "reply": 30, "bot_delay": 1}


class Table(Scripted):
    def __init__(self, players: int, options: dict[str, Any] | None = None, seed: int = 7,
                 start: bool = True, check: bool = True) -> None:
        self.state, self.events = new_state("soupcons", seed, {**FAST, **(options or {})}, at=T0)
        self.at = T0
        self.watch = Watch() if check else None
        for seat in range(players):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        if start:
            self.do("start", MJ)

    # -- commands ---------------------------------------------------------------------------------------------
    def check(self, events: list[Event]) -> None:
        if self.watch is not None:
            self.watch.check(self.state, events)

    def offer(self, target: int | None, card: str | None, announce: str = "3") -> list[Event]:
        """The giver offers `card` to `target` (None: the prompt is not asked, e.g. one open Porte left)."""
        giver = self.giver
        out: list[Event] = []
        if target is not None and self.has("sc-target"):
            out += self.answer(giver, "sc-target", [target])
        if card is not None and self.has("sc-card"):
            out += self.answer(giver, "sc-card", card)
        out += self.answer(giver, "sc-announce", announce)
        return out

    def reply(self, accept: bool) -> list[Event]:
        target = own(self.state).target
        assert target is not None, "no offer to reply to"
        return self.answer(target, "sc-accept", accept)

    def give(self, target: int, card: str, announce: str = "3") -> list[Event]:
        """A first offer, accepted."""
        out = self.offer(target, card, announce)
        if self.has("sc-accept"):
            out += self.reply(True)
        return out

    def wait(self) -> list[Event]:
        assert self.state.wake_at is not None, "the engine asked for no tick"
        self.at = max(self.at, self.state.wake_at)
        return self.do("tick", SYSTEM)

    # -- a position -----------------------------------------------------------------------------------------
    def rig(self, hands: dict[int, Sequence[str]] | None = None, table: dict[int, str] | None = None) -> None:
        """Replace hands and/or table sides ({value: "nuit"|"jour"|"gone"}); the giver must keep 3 cards."""
        if hands is not None:
            assert sorted(c for h in hands.values() for c in h) == sorted(C.deck(len(self.state.players)))
            for seat, cards in hands.items():
                self._fold("tag", {"seat": seat, "key": "hand", "value": C.sort_hand(list(cards))})
                role = "serpent" if C.camp_of(list(cards)) == "serpents" else "innocent"
                self._fold("role_set", {"seat": seat, "role": role})
            assert len(self.hand(self.giver)) == 3
            # The giver's open questions listed the dealt cards: ask them again about the new hand.
            for prompt in self.open_prompts():
                self._fold("prompt_closed", {"prompt": prompt.id})
            ctx = Ctx(self.state, self.at, get_ruleset("soupcons"))
            flow.start_turn(ctx, self.giver)
            settle(ctx)
            self.events.extend(ctx.events)
        if table is not None:
            tab = [{**c, "side": table.get(c["v"], c["side"])} for c in flow.table(self.state)]
            self._fold("pending", {"key": "table", "value": tab})
        if self.watch is not None:
            self.watch.reset(self.state)

    def _fold(self, type_: str, data: dict[str, Any]) -> None:
        event = Event(type=type_, data=data, to=[], at=self.at)
        evolve(self.state, event)
        self.events.append(event)

    # -- reading ----------------------------------------------------------------------------------------------
    @property
    def giver(self) -> int:
        return int(own(self.state).giver or 0)

    @property
    def step(self) -> str | None:
        return self.state.step.key if self.state.step else None

    def hand(self, seat: int) -> list[str]:
        return flow.hand(self.state, seat)

    def sides(self) -> dict[int, str]:
        return {c["v"]: c["side"] for c in flow.table(self.state)}

    def door(self, seat: int) -> str:
        return flow.door(self.state, seat)

    def has(self, step: str) -> bool:
        return bool(self.open_prompts(step))

    def of(self, type_: str, since: int = 0) -> list[Event]:
        return [e for e in self.events[since:] if e.type == type_]

    def view(self, viewer: int | str) -> dict[str, Any]:
        return view(self.state, viewer)

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result


# -- secrecy ---------------------------------------------------------------------------------------------------
ALL_CARDS = C.deck(6)


def card_ids(obj: Any) -> set[str]:
    text = json.dumps(obj)
    return {c for c in ALL_CARDS if f'"{c}"' in text}


class Watch:
    """Which card ids each seat has ever seen legitimately: the cards it was dealt, received or held. A card
    it never held must never reach it, in a view or an event, while the game runs."""

    def __init__(self) -> None:
        self.held: dict[int, set[str]] = {}

    def reset(self, state: GameState) -> None:
        for seat in state.players:
            self.held.setdefault(seat, set()).update(flow.hand(state, seat))

    def check(self, state: GameState, events: Iterable[Event]) -> None:
        events = list(events)
        if state.phase == "lobby":
            return
        self.reset(state)
        if state.phase == "ended":
            return
        for e in events:
            self.check_audience(e)
        for viewer in viewers(*sorted(state.players), SPECTATOR):
            # A view shows a seat its own hand only (the card it is offering and its refused ones are in it).
            own = set(flow.hand(state, viewer)) if isinstance(viewer, int) else set()
            seen = card_ids(view(state, viewer))
            assert seen <= own, f"{viewer} sees {seen - own}"
            allowed = self.held.get(viewer, set()) if isinstance(viewer, int) else set()
            for e in events:
                if event_visible(e, viewer, state):
                    leaked = card_ids(public_event(e)) - allowed
                    assert not leaked, f"{e.type} {e.data} shows {leaked} to {viewer}"

    @staticmethod
    def check_audience(e: Event) -> None:
        """Each event that names a card goes exactly to those the rules let know it."""
        d = e.data
        if e.type == "sc_offer_card":
            assert e.to == [d["giver"]], e
        elif e.type == "sc_received":
            assert e.to == sorted({d["giver"], d["to"]}), e
        elif e.type in ("sc_hand", "role_set", "answered") or (e.type == "tag" and d["key"] == "hand"):
            assert e.to == [d["seat"]] or (e.type == "answered" and not card_ids(d)), e
        elif e.type == "prompt_opened" and card_ids(d):
            assert e.to is not None and e.to == d["prompt"]["to"] and len(e.to) == 1, e
        elif e.type not in ("ended", "pending") and e.to is None:
            assert not card_ids(d), f"the public event {e.type} names a card: {d}"
