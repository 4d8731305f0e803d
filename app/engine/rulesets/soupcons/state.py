"""What a Soupçons game keeps beyond the engine's general state, typed (`GameState.own`): the hands, the Portes,
the table of Nuit/Jour cards and the turn under way. Only its facts (facts.py) change it; the views read it."""

from __future__ import annotations

from typing import Any, cast

from pydantic import Field

from app.engine.model import GameState, RulesetState

TURN = ("giver", "target", "attempt", "announce", "card", "refused", "stage")  # forgotten when a round begins


class SoupconsState(RulesetState):
    hands: dict[int, list[str]] = Field(default_factory=dict)  # each seat's cards, sorted (cards.sort_hand)
    doors: dict[int, str] = Field(default_factory=dict)  # seat -> "open" / "closed"; none before the first round
    table: list[dict[str, Any]] = Field(default_factory=list)  # the Nuit/Jour cards (cards.Table)
    dealer: int | None = None
    starter: int | None = None  # who began the round (held three cards)
    # The turn: who gives, to whom, which offer (1-3), what was said and given, the cards refused so far, and
    # whether the giver is choosing ("offer") or the receiver answering ("reply").
    giver: int | None = None
    target: int | None = None
    attempt: int | None = None
    announce: str | None = None
    card: str | None = None
    refused: list[str] | None = None
    stage: str | None = None

    def new_phase(self) -> None:
        for name in TURN:
            setattr(self, name, None)
        self.starter = None

    def bookkeeping(self, state: GameState) -> dict[str, Any]:
        """The MJ's bookkeeping panel (`mj_view`) in the shape it had when this state lived in the engine's
        `pending` and in the players' tags: the recorded views (tests/engine/test_views_unchanged.py) hold that
        shape."""
        pending = {name: getattr(self, name) for name in ("table", "dealer", "starter", *TURN)}
        if not self.table:
            del pending["table"]
        tags: dict[str, Any] = {}
        for seat, p in state.players.items():
            mine = dict(p.tags)
            if seat in self.hands:
                mine["hand"] = self.hands[seat]
            if seat in self.doors:
                mine["door"] = self.doors[seat]
            tags[str(seat)] = mine
        return {"pending": {k: v for k, v in pending.items() if v is not None}, "tags": tags}


def own(state: GameState) -> SoupconsState:
    if state.own is None:  # a snapshot (or an undo's checkpoint) taken before this state existed
        state.own = legacy(state)
    return cast(SoupconsState, state.own)


def legacy(state: GameState) -> SoupconsState:
    """This state as the engine kept it before facts: the table and the turn in `pending`, hands and Portes in the
    players' tags (moved out of them)."""
    fields = {k: v for k, v in state.pending.items() if k in SoupconsState.model_fields}
    out = SoupconsState.model_validate(fields)
    for seat, p in state.players.items():
        if "hand" in p.tags:
            out.hands[seat] = list(p.tags.pop("hand"))
        if "door" in p.tags:
            out.doors[seat] = str(p.tags.pop("door"))
    state.pending = {k: v for k, v in state.pending.items() if k not in fields}
    return out
