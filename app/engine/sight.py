"""Who sees everything: the MJ (unless the ruleset says its host may be playing), everyone once the game is over,
and whoever else the ruleset says. The views, the channels and the commands all ask; this module asks only the
ruleset."""

from __future__ import annotations

from app.engine.interfaces import Sight
from app.engine.model import MJ, GameState
from app.engine.ruleset import get_ruleset

Viewer = int | str  # a seat, MJ or SPECTATOR


def omniscient(state: GameState, viewer: Viewer) -> bool:
    """The MJ sees everything (unless the ruleset says its host may be playing); so does everyone once the game is
    over, and whoever else the ruleset says (`Ruleset.sees_all`)."""
    if state.phase == "ended":
        return True
    rules: Sight = get_ruleset(state.ruleset)
    if viewer == MJ:
        return rules.mj_sees_all(state)
    if isinstance(viewer, int) and viewer in state.players:
        return rules.sees_all(state, viewer)
    return False
