"""A game nobody can finish ends (issue 22). The seed has no such rule: at a table the MJ stops a game that goes
nowhere; an automatic game (`moderation: auto`) has nobody to do it, and one whose seats never answered ran 35
nights with everyone alive. Interpretation (docs/rules/reptiliens.md, "Stalemate"), in automatic games only,
checked at nightfall (week.py), after the victories:

- IDLE: no player answered any question during two nights and their days in a row (the table is abandoned;
  one quiet night and day can be a table that is only thinking, or a test of the festival);
- CALM: a whole week — six nights and their days — in which nobody died nor came back to life.

The game then ends as any game does (fates.check: every condition, the end-only ones included, evaluated on the
state as it stands), with this reason among the end screen's "why the game stops" (`victory.rp-stop.*`).
"""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens import fates
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.victory import Reason

WEEK = 6  # nights (and their days) without a death: Monday to Saturday, the festival between two of them
IDLE_NIGHTS = 2  # nights (and their days) in a row with no answer from any player
IDLE, CALM = "victory.rp-stop.idle", "victory.rp-stop.calm"
ANNOUNCES = ("rp-impasse-idle", "rp-impasse-calm")
TEXT_KEYS: tuple[str, ...] = (IDLE, CALM, *(f"announce.{key}" for key in ANNOUNCES))


def automatic(state: GameState) -> bool:
    return bool(state.options.get("moderation", "auto") == "auto")


def answered(state: GameState) -> bool:
    """A player (not the MJ) answered one of the questions of the phase ending: the phase's prompts stay in the
    state, closed, until the next phase clears them."""
    return any(seat in state.players for prompt in state.prompts.values() for seat in prompt.answers)


def note(ctx: Ctx) -> None:
    """At dawn and at nightfall, before the phase's questions are cleared: whether a player answered one."""
    if automatic(ctx.s) and own(ctx.s).acted != ctx.s.night and answered(ctx.s):
        ctx.fact(F.PlayersActed(ctx.s.night), to=MJ_ONLY)


def check(ctx: Ctx) -> bool:
    """At nightfall (week.nightfall, the festival's too): whether the game ends now, for want of anyone playing
    or of anyone dying."""
    s = ctx.s
    if not automatic(s) or s.phase not in ("night", "day"):
        return False
    note(ctx)
    o = own(s)
    if o.acted <= s.night - IDLE_NIGHTS:
        return end(ctx, Reason(IDLE, {}), "rp-impasse-idle", {})
    dead = sum(1 for p in s.players.values() if not p.alive)
    since, count = o.calm if len(o.calm) == 2 else (0, 0)
    if count != dead:
        ctx.fact(F.DeathCountChanged(s.night, dead), to=MJ_ONLY)
        return False
    if s.night - since >= WEEK:
        nights = {"nights": s.night - since}
        return end(ctx, Reason(CALM, nights), "rp-impasse-calm", nights)
    return False


def end(ctx: Ctx, reason: Reason, announce: str, params: dict[str, int]) -> bool:
    """Said to all, then the end (fates.check with the reason)."""
    ctx.announce(announce, None, **params)
    return fates.check(ctx, stalemate=reason)
