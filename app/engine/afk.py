"""The engine's own fact about absent players, for every ruleset: how many prompts in a row a seat left unanswered
(`Ctx._count_missed`). The MJ alone is told; the count stays in the seat's engine-owned tags (`Player.tags`), which
the MJ's view shows (views.mj_part) and the console reads (static/js/shell/console.js)."""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.facts import Fact
from app.engine.model import GameState


@dataclass(frozen=True, slots=True)
class PromptsMissed(Fact):
    """`seat` has now missed `missed` prompts in a row (0: it answered again)."""

    type = "afk_missed"
    seat: int
    missed: int

    def apply(self, state: GameState) -> None:
        state.players[self.seat].tags["afk_missed"] = self.missed


ENGINE_FACTS: tuple[type[Fact], ...] = (PromptsMissed,)
