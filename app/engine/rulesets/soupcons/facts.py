"""The facts of a Soupçons game (app/engine/facts.py), named for what happened at the table, each with how it changes
the state (state.py). Most are the lines the page's journal already reads (`sc_*`, static/js/rulesets/soupcons.js),
with the same fields: the fact is the line. Two are the server's bookkeeping, for the MJ alone (`sc_turn`,
`sc_only_door`, `sc_table`).

Logs written before facts changed this state through setters (`pending`: a key of the turn, `tag`: a hand or a
Porte); `UPGRADES` turns them into facts. Such a log also holds the `sc_*` lines, which fold as facts too: each
says where things end up (a card's side, a seat's hand), so folding it next to its old setters changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from app.engine.facts import Fact
from app.engine.model import GameState
from app.engine.rulesets.soupcons import cards as C
from app.engine.rulesets.soupcons.state import own


def _turn_side(state: GameState, value: int, side: str) -> None:
    for card in own(state).table:
        if card["v"] == value:
            card["side"] = side


@dataclass(frozen=True, slots=True)
class Dealt(Fact):
    """The cards were dealt (public): the dealer, the first player (who gets three), how many cards; the table is
    laid, every card on its Nuit side."""

    type = "sc_dealt"
    dealer: int
    first: int
    cards: int

    def apply(self, state: GameState) -> None:
        own(state).dealer = self.dealer
        own(state).table = C.initial_table(len(state.players))


@dataclass(frozen=True, slots=True)
class TableLaid(Fact):
    """The table laid again, every card on its Nuit side (a round restarted before any table was kept)."""

    type = "sc_table"

    def apply(self, state: GameState) -> None:
        own(state).table = C.initial_table(len(state.players))


@dataclass(frozen=True, slots=True)
class HandDealt(Fact):
    """A seat's cards (to that seat alone)."""

    type = "sc_hand"
    seat: int
    cards: list[str]

    def apply(self, state: GameState) -> None:
        own(state).hands[self.seat] = list(self.cards)


@dataclass(frozen=True, slots=True)
class RoundBegan(Fact):
    """A round begins (public): every Porte opens, and the holder of three cards starts."""

    type = "sc_round"
    round: int
    starter: int

    def apply(self, state: GameState) -> None:
        s = own(state)
        s.starter = self.starter
        for seat in state.players:
            s.doors[seat] = "open"


@dataclass(frozen=True, slots=True)
class TurnPassed(Fact):
    """The turn passed to `giver`, who will offer a card (the MJ's bookkeeping: everyone sees whose turn it is)."""

    type = "sc_turn"
    giver: int

    def apply(self, state: GameState) -> None:
        s = own(state)
        s.giver, s.target, s.attempt, s.announce, s.card, s.refused, s.stage = (
            self.giver, None, 1, None, None, [], "offer")


@dataclass(frozen=True, slots=True)
class OnlyDoorLeft(Fact):
    """One Porte besides the giver's is open: the offer goes there, no question asked (the MJ's bookkeeping)."""

    type = "sc_only_door"
    target: int

    def apply(self, state: GameState) -> None:
        own(state).target = self.target


@dataclass(frozen=True, slots=True)
class CardOffered(Fact):
    """The giver offers a card to `to`, saying what it is (public); the third offer must be accepted (`forced`)."""

    type = "sc_offer"
    giver: int
    to: int
    attempt: int
    announce: str
    forced: bool

    def apply(self, state: GameState) -> None:
        s = own(state)
        s.target, s.announce, s.stage = self.to, self.announce, "offer" if self.forced else "reply"


@dataclass(frozen=True, slots=True)
class CardPutForward(Fact):
    """Which card the giver offers (to the giver alone)."""

    type = "sc_offer_card"
    giver: int
    to: int
    attempt: int
    card: str

    def apply(self, state: GameState) -> None:
        own(state).card = self.card


@dataclass(frozen=True, slots=True)
class CardRefused(Fact):
    """`to` refused the card (public): it lies face down before the giver, who makes another offer."""

    type = "sc_refused"
    giver: int
    to: int
    attempt: int

    def apply(self, state: GameState) -> None:
        s = own(state)
        refused = list(s.refused or [])
        if s.card is not None:
            refused.append(s.card)
        s.refused, s.card, s.announce, s.attempt, s.stage = refused, None, None, self.attempt + 1, "offer"


@dataclass(frozen=True, slots=True)
class CardAccepted(Fact):
    """`to` took the card (public; `forced` on the third offer): the offer is over and `to` closes their Porte."""

    type = "sc_accepted"
    giver: int
    to: int
    attempt: int
    forced: bool

    def apply(self, state: GameState) -> None:
        s = own(state)
        s.target, s.announce, s.card, s.stage = None, None, None, None
        s.doors[self.to] = "closed"


@dataclass(frozen=True, slots=True)
class CardReceived(Fact):
    """The card went from the giver's hand to the receiver's (to the two of them)."""

    type = "sc_received"
    giver: int
    to: int
    card: str

    def apply(self, state: GameState) -> None:
        hands = own(state).hands
        hands[self.giver] = [c for c in hands.get(self.giver, []) if c != self.card]
        if self.card not in hands.get(self.to, []):
            hands[self.to] = C.sort_hand([*hands.get(self.to, []), self.card])


@dataclass(frozen=True, slots=True)
class MasksTakenBack(Fact):
    """The giver takes back the cards refused in this turn (public: how many)."""

    type = "sc_returned"
    giver: int
    count: int

    def apply(self, state: GameState) -> None:
        own(state).refused = []


@dataclass(frozen=True, slots=True)
class CardTookEffect(Fact):
    """What the card received did to the table (public): a Nuit card turned to Jour, a Jour card put back in the box,
    or nothing."""

    type = "sc_effect"
    seat: int
    effect: str  # "jour" | "removed" | "nothing"
    value: int | None

    def apply(self, state: GameState) -> None:
        if self.value is not None and self.effect != "nothing":
            _turn_side(state, self.value, C.JOUR if self.effect == "jour" else C.GONE)


@dataclass(frozen=True, slots=True)
class RoundEnded(Fact):
    """The round is over (public); at 5 or 6 players the lowest Jour card goes back in the box (`removed`)."""

    type = "sc_round_end"
    round: int
    removed: int | None

    def apply(self, state: GameState) -> None:
        if self.removed is not None:
            _turn_side(state, self.removed, C.GONE)


# -- older logs ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnNoted(Fact):
    """A field of the table or of the turn, as a log written before facts set it (`pending`); never emitted."""

    type = "sc_old_pending"
    key: str
    value: Any

    def apply(self, state: GameState) -> None:
        s = own(state)
        if self.key == "refused":
            s.refused = None if self.value is None else list(self.value)
        elif self.key == "table":
            s.table = [dict(c) for c in self.value or []]
        else:
            setattr(s, self.key, self.value)


@dataclass(frozen=True, slots=True)
class DoorTurned(Fact):
    """A Porte opened or closed, as a log written before facts said it (`tag`); never emitted."""

    type = "sc_old_door"
    seat: int
    side: str

    def apply(self, state: GameState) -> None:
        own(state).doors[self.seat] = self.side


def upgrade_pending(state: GameState, data: dict[str, Any]) -> Iterable[Fact]:
    return [TurnNoted(data["key"], data.get("value"))]


def upgrade_tag(state: GameState, data: dict[str, Any]) -> Iterable[Fact] | None:
    if data["key"] == "hand":
        return [HandDealt(data["seat"], list(data["value"]))]
    if data["key"] == "door":
        return [DoorTurned(data["seat"], data["value"])]
    return None  # the engine's own tags (afk_missed)

