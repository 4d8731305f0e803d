"""`soupcons` (seed 002): 3–6 players pass Masque and Serpent cards face down, announcing what they give (true or
not); what the card really is turns the Nuit/Jour cards of the table. No MJ: the server runs the table.

Camps follow the hands: whoever holds at least one Serpent card is a serpent *now*. The engine's role of a
player is kept equal to their current camp (pseudo-roles `serpent` / `innocent`), told to them alone.
"""

from __future__ import annotations

from typing import Any, ClassVar

from app.engine.context import Ctx
from app.engine.errors import Rejected
from app.engine.facts import FactBook
from app.engine.flow import Steps
from app.engine.model import MJ, GameState, Prompt
from app.engine.ruleset import Role, Ruleset
from app.engine.rulesets.soupcons import cards as C
from app.engine.rulesets.soupcons import facts as F
from app.engine.rulesets.soupcons import flow
from app.engine.rulesets.soupcons.options import Options
from app.engine.rulesets.soupcons.state import SoupconsState, own

ROLES = {
    "serpent": Role("serpent", "serpents", unique=False),
    "innocent": Role("innocent", "innocents", unique=False),
}


class Soupcons(Ruleset):
    key = "soupcons"
    # Whether the host sees every card is chosen when the table is made: a seated host could not turn it on later.
    fixed_options = frozenset({"host_sees_cards"})
    min_players = 3
    max_players = 6
    options_model = Options
    state_model = SoupconsState
    roles = ROLES
    # Every fact of a game (facts.py), and what the setters of older logs become.
    fact_book: ClassVar[FactBook] = FactBook(
        facts=(F.Dealt, F.TableLaid, F.HandDealt, F.RoundBegan, F.TurnPassed, F.OnlyDoorLeft, F.CardOffered,
               F.CardPutForward, F.CardRefused, F.CardAccepted, F.CardReceived, F.MasksTakenBack, F.CardTookEffect,
               F.RoundEnded),
        upgrades={"pending": F.upgrade_pending, "tag": F.upgrade_tag},
    )
    steps: ClassVar[Steps] = flow.STEPS  # a turn's two steps (flow.py), driven by the engine (app/engine/flow.py)

    def check_composition(self, state: GameState) -> None:
        if state.composition:
            raise Rejected("no_composition", "Soupçons deals cards, not roles: leave the composition empty.")
        n = len(state.players)
        if n not in C.SETUP:
            raise Rejected("player_count", f"Soupçons is played by 3 to 6 players, not {n}.", min=3, max=6, got=n)

    def start(self, ctx: Ctx) -> None:
        flow.start(ctx)

    def finish_step(self, ctx: Ctx) -> None:
        flow.finish_step(ctx)

    def restart_phase(self, ctx: Ctx) -> None:
        """After an undo (back to the start of the round): the same hands and table, the round again."""
        flow.begin_round(ctx)

    def mj_sees_all(self, state: GameState) -> bool:
        # No MJ here: the token belongs to the table's creator, who usually plays. The console shows what a
        # spectator sees, unless the room says its host does not play.
        return bool(state.options.get("host_sees_cards"))

    def validate_answer(self, state: GameState, prompt: Prompt, seat: int, answer: Any) -> None:
        if prompt.step == "sc-target" and answer and answer[0] == seat:
            raise Rejected("target_not_allowed", "You cannot offer a card to yourself.", seat=seat)

    def view_extra(self, state: GameState, viewer: int | str) -> dict[str, Any]:
        """The table as `viewer` may see it. `viewer` is "mj" for the MJ and, once the game is over, everyone."""
        s = state
        seats = flow.order(s)
        bots = flow.bots(s)
        out: dict[str, Any] = {"bots": sorted(bots)}
        n = len(seats)
        if n in C.SETUP:
            masks, days, serpents = C.SETUP[n]
            out["setup"] = {"masks": masks, "days": days, "serpents": serpents}
        if s.phase == "lobby":
            return {"soupcons": out}
        p = own(s)
        refused = p.refused or []
        out.update({
            "round": s.day,
            "dealer": p.dealer,
            "starter": p.starter,
            "table": flow.table(s),
            "seats": [{"seat": seat, "door": flow.door(s, seat), "cards": len(flow.hand(s, seat)),
                       "bot": seat in bots} for seat in seats],
            "giver": p.giver,
            "target": p.target,
            "attempt": p.attempt,
            "stage": p.stage,
            "announce": p.announce,
            "refused": len(refused),  # face-down cards in front of the giver: everyone sees how many, not which
        })
        if viewer == MJ:
            out["hands"] = {str(seat): flow.hand(s, seat) for seat in seats}
            out["camps"] = {str(seat): C.camp_of(flow.hand(s, seat)) for seat in seats}
            out["offered"] = p.card
            out["refused_cards"] = list(refused)
        elif isinstance(viewer, int) and viewer in s.players:
            mine = flow.hand(s, viewer)
            out["hand"] = mine
            out["camp"] = C.camp_of(mine)
            if p.giver == viewer:
                out["offered"] = p.card
                out["refused_cards"] = list(refused)
        return {"soupcons": out}

    def mj_view(self, state: GameState) -> dict[str, Any]:
        return own(state).bookkeeping(state)

    def chat_channels(self, state: GameState) -> dict[str, tuple[list[int] | None, set[int | str]]]:
        # Everyone at the table talks (and bluffs) aloud; spectators read.
        return {"table": (None, {*state.players, MJ})}


SOUPCONS = Soupcons()  # registered by app/games.py
