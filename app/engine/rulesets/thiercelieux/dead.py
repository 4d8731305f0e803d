"""The dead of Thiercelieux (issue 14, items 4 and 8; docs/rules/thiercelieux.md ("Issue 14")).

- Ghosts (004, room option `ghosts`): « tous les morts peuvent décider de devenir "fantômes" ». Every player who
  is out of the game (with two characters each, once both are dead) is asked, at his death, the same question
  (`fantome`: "ghost" or "rest"), whatever his card, so the question tells nobody his camp. The question stays
  open until he answers, for the rest of the game: the seed gives him no moment to decide by, and until he does he
  is a plain dead who keeps quiet, as the base rules want. His answer is final. A ghost debates by day in the
  village's channel (never votes: he is dead); whoever becomes one is announced to all, as at a table where
  everyone sees who keeps talking; a refusal is told to nobody.
- The Chaman (001): « Chaque nuit, il dispose d'un court moment pour écouter les esprits ». A night step
  (`chaman`) runs every night the card is in play, held or not, alive or not, with the plausible length of any
  step. The dead write to the Chaman (channel "chaman") whenever they like; the MJ passes their words on (`relay`)
  during that step only. With the automatic moderation, the step is also a séance: what the dead write during it
  reaches the living Chaman at once, without their names (as a relay would); not when the dead see every card
  (`dead_see_all`): only an MJ may then pass their words on, rephrased or not at all. A host who plays
  (`host_plays`) is no MJ to read them: there, the dead write during the séance only, and the channel is read-only
  for them the rest of the time, so that nothing they write waits for a reader who will never come.
"""

from __future__ import annotations

from typing import Any

from app.engine.chat import SELF
from app.engine.context import Ctx
from app.engine.model import GameState, Player, Prompt
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.roles import has_power
from app.engine.rulesets.thiercelieux.state import marks, village

GHOST_STEP = "fantome"
GHOST, REST = "ghost", "rest"
CHAMAN = "chaman"  # the night step, and the channel the dead write to the Chaman in
SPIRITS = "spirits"  # where the Chaman hears them


# -- ghosts (004) -------------------------------------------------------------------------------------------------
def out_of_game(state: GameState, seat: int) -> bool:
    """None of the player's characters lives (one character each: he is dead)."""
    return not any(state.players[s].alive for s in state.seats_of(state.player_of(seat)) or [seat])


def asked(state: GameState, seat: int) -> Prompt | None:
    return next((p for p in state.prompts.values() if p.step == GHOST_STEP and not p.closed and seat in p.to), None)


def ask_ghost(ctx: Ctx, seat: int) -> None:
    """`seat` has just died: with `ghosts`, a player out of the game who has not decided yet is asked. The question
    stands apart from the step under way (which neither waits for it nor closes it) and has no countdown."""
    s = ctx.s
    if not s.options.get("ghosts") or not out_of_game(s, seat):
        return
    mine = marks(s, seat)
    if mine.ghost is not None or mine.ghost_declined is not None or asked(s, seat) is not None:
        return
    prompt = Prompt(id="", step=GHOST_STEP, kind="choice", to=[seat], options=[GHOST, REST], dead_may_answer=True)
    prompt.id = ctx.prompt_id([ctx.at, prompt.model_dump(mode="json", exclude={"id"})], s.prompts)
    ctx.emit("prompt_opened", {"prompt": prompt.model_dump(mode="json"), "in_step": False}, to=[seat])


def answered(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """The choice is final: the question closes. Revived meanwhile (the MJ), he has nothing left to choose."""
    ctx.close_prompt(prompt)
    if ctx.s.players[seat].alive:
        return
    if prompt.answers.get(seat) == GHOST:
        ctx.fact(F.BecameGhost(seat))
    else:
        ctx.fact(F.GhostDeclined(seat), to=[seat])


def ghosts(state: GameState) -> list[int]:
    """The ghosts now: the dead who chose to be one (a player revived is no ghost while he lives)."""
    return sorted(s for s, p in state.players.items() if not p.alive and marks(state, s).ghost)


def speakers(state: GameState, dead: list[int]) -> list[int]:
    """The dead who debate by day: the village idiot (004) and, with `ghosts`, the ghosts."""
    idiot = village(state).idiot
    chosen = set(ghosts(state)) if state.options.get("ghosts") else set()
    return [x for x in dead if x == idiot or x in chosen]


# -- the Chaman (001) ---------------------------------------------------------------------------------------------
def listening(state: GameState) -> bool:
    """The Chaman's short moment: his night step is open."""
    return state.phase == "night" and state.step is not None and state.step.key == CHAMAN


def chamans(state: GameState) -> list[int]:
    """Who hears the spirits now: the living Chamans with their power, during their step only."""
    if not listening(state):
        return []
    return [p.seat for p in state.by_position() if p.alive and p.role == "chaman" and has_power(state, p)]


def hearers(state: GameState) -> list[int]:
    """The living Chamans, whose phones list the spirits' channel (what reaches them there: `chamans`)."""
    return [p.seat for p in state.by_position() if p.alive and p.role == "chaman"]


def relay_to(state: GameState, channel: str) -> tuple[str, list[int]] | None:
    """001: « Les messages des morts lui sont transmis par le Meneur »: the MJ passes their words on from channel
    "chaman" to the Chaman ("spirits"), during his step; at any other moment nobody hears them (`nobody_listens`)."""
    if channel != CHAMAN:
        return None
    listeners = chamans(state)
    return "spirits", listeners


def seance(state: GameState) -> bool:
    """The automatic moderation's séance is on: no MJ moderates, and the dead do not see every card."""
    return state.options.get("moderation", "auto") == "auto" and not state.options.get("dead_see_all")


def chaman_channel(state: GameState, dead: list[int]) -> tuple[list[int] | None, set[int | str]]:
    """The dead's private lines to the Chaman (each message reaches its writer and the MJ only: the dead do not know
    the Chaman). With no MJ to read them (a host who plays) they write during the séance only; the rest of the time
    the channel stays in their list, read-only (an audience of the dead with no writer: nothing is said there)."""
    if state.options.get("host_plays") and not (seance(state) and listening(state)):
        return dead, set()
    return [SELF], {*dead}


def seance_copies(state: GameState) -> list[tuple[int, str]]:
    """Automatic moderation: during the Chaman's step, what a dead writes reaches the Chaman at once, unsigned."""
    return [(seat, SPIRITS) for seat in chamans(state)] if seance(state) else []


def secrets(state: GameState, me: Player) -> dict[str, Any]:
    """The Chaman's phone: `listening` while the spirits may reach him (his step, alive, with his power)."""
    return {"listening": True} if me.seat in chamans(state) else {}
