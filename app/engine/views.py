"""The one projection of a game for a viewer, and the one test of whether an event reaches a viewer.

Nothing else sends game data out. A viewer is a seat number, "mj", or "spectator".
"""

from __future__ import annotations

from typing import Any

from app.engine.model import MJ, Event, GameState, Prompt
from app.engine.ruleset import get_ruleset

Viewer = int | str
SPECTATOR = "spectator"
SPECTATORS = -2  # an audience marker: every spectator (see app/engine/chat.py)


def omniscient(state: GameState, viewer: Viewer) -> bool:
    """The MJ sees everything (unless the ruleset says its host may be playing); so does everyone once the game is
    over, and the dead when the room allows it."""
    if state.phase == "ended":
        return True
    if viewer == MJ:
        return get_ruleset(state.ruleset).mj_sees_all(state)
    if isinstance(viewer, int) and viewer in state.players and state.options.get("dead_see_all"):
        seats = state.seats_of(viewer)
        return not any(state.players[s].alive for s in seats) and not still_acting(state, seats)
    return False


def still_acting(state: GameState, seats: list[int]) -> bool:
    """A dead player with something left to do (a queued consequence naming him, a question he may answer dead:
    the hunter's shot, the captain's successor) does not see all yet, or he would act knowing every card."""
    if any(item.get("seat") in seats for item in state.queue):
        return True
    return any(p.dead_may_answer and not p.closed and any(s in p.to for s in seats) for p in state.prompts.values())


def event_visible(event: Event, viewer: Viewer, state: GameState) -> bool:
    if event.to is None:
        return True
    if omniscient(state, viewer):
        return True
    if viewer == SPECTATOR:
        return SPECTATORS in event.to
    if not isinstance(viewer, int):
        return False
    return viewer in event.to or any(s in event.to for s in state.controls.get(viewer, ()))


def public_event(event: Event, with_audience: bool = False, hidden: set[int] | None = None,
                 keep_hidden_text: bool = False) -> dict[str, Any]:
    """What a client receives of an event: never the generator's state, never the text of a hidden message.
    Those who see everything (the MJ, and everyone at the end) also learn whom each event was for, so the log
    can say who was told what."""
    data = event.data
    if event.type == "said" and hidden and data.get("id") in hidden:
        # The MJ who hid it may still read it; nobody else ever receives its text again.
        text = data.get("text") if keep_hidden_text else None
        data = {**{k: v for k, v in data.items() if k != "text"}, "text": text, "hidden": True}
    out = {"type": event.type, "data": data, "at": event.at}
    if with_audience:
        out["to"] = event.to
    return out


def prompt_view(prompt: Prompt, viewer: Viewer, sees_all: bool, seats: list[int] | None = None,
                state: GameState | None = None) -> dict[str, Any] | None:
    """`seats`: the seats the viewer plays (its own, and a second character's, 004); `state` to tell which of them
    answers (a living one)."""
    seats = seats if seats is not None else ([viewer] if isinstance(viewer, int) else [])
    addressed = [s for s in seats if s in prompt.to]
    mine = bool(addressed)
    for_mj = prompt.to_mj and viewer == MJ  # a judgment call reaches the MJ even when they do not see all
    if not (sees_all or mine or for_mj or prompt.visibility == "public"):
        return None
    if sees_all or for_mj or prompt.visibility == "public" or (mine and prompt.visibility == "addressees"):
        answers = dict(prompt.answers)
        reasons = dict(prompt.reasons)
    elif mine:
        answers = {s: prompt.answers[s] for s in addressed if s in prompt.answers}
        reasons = {s: prompt.reasons[s] for s in addressed if s in prompt.reasons}
    else:
        answers, reasons = {}, {}
    out: dict[str, Any] = {
        "id": prompt.id,
        "step": prompt.step,
        "kind": prompt.kind,
        "options": prompt.options,
        "min": prompt.min,
        "max": prompt.max,
        "policy": prompt.policy,
        "deadline": prompt.deadline,
        "mine": mine,
        "answers": {str(k): v for k, v in answers.items()},
        "reasons": {str(k): v for k, v in reasons.items()},
        "info": prompt.info if (mine or sees_all or prompt.visibility == "public") else {},
        "optional": prompt.optional,
        "visibility": prompt.visibility,
        "locks_at": prompt.locks_at,
    }
    if mine:
        # Which of the viewer's characters answers (the first living one the question is put to).
        living = [s for s in addressed if state is None or state.players[s].alive or prompt.dead_may_answer]
        out["as"] = (living or addressed)[0]
    if sees_all or prompt.visibility != "self" or mine:
        out["to"] = prompt.to if (sees_all or prompt.visibility != "self") else addressed
    if prompt.to_mj:
        out["to_mj"] = True
        out["mine"] = viewer == MJ
    return out


def view(state: GameState, viewer: Viewer) -> dict[str, Any]:
    rules = get_ruleset(state.ruleset)
    sees_all = omniscient(state, viewer)
    me = state.players.get(viewer) if isinstance(viewer, int) else None
    mine = state.seats_of(viewer)
    players = []
    for p in state.by_position():
        if sees_all or p.revealed or p.seat in mine:
            role = p.role
        elif isinstance(viewer, int):
            known = (rules.role_of_viewer_known(state, s, p.seat) for s in mine)
            role = next((r for r in known if r is not None), None) or rules.public_role(state, p.seat)
        else:
            role = rules.public_role(state, p.seat)
        players.append(
            {
                "seat": p.seat,
                "name": p.name,
                "position": p.position,
                "alive": p.alive,
                "role": role,
                "captain": state.captain == p.seat,
                "me": p.seat in mine,
                "controller": p.controller,
            }
        )
    prompts = []
    for prompt in state.prompts.values():
        if prompt.closed:
            continue
        pv = prompt_view(prompt, viewer, sees_all, mine, state)
        if pv is not None:
            prompts.append(pv)
    step = None
    if state.step is not None:
        step = {"key": state.step.key, "started": state.step.started, "deadline": state.step.deadline}
    out: dict[str, Any] = {
        "ruleset": state.ruleset,
        "phase": state.phase,
        "night": state.night,
        "day": state.day,
        "step": step,
        "paused": state.paused_at is not None,
        "options": {k: v for k, v in state.options.items() if k != "preassigned" or viewer == MJ},
        "composition": state.composition,
        "players": players,
        "prompts": prompts,
        "viewer": {"kind": "mj" if viewer == MJ else ("seat" if me is not None else SPECTATOR)},
        "result": state.result,
    }
    if me is not None:
        out["viewer"]["seat"] = me.seat
        out["me"] = {
            "seat": me.seat,
            "name": me.name,
            "role": me.role,
            "original_role": me.original_role,
            "alive": me.alive,
        }
    if viewer == MJ and sees_all:
        out["mj"] = {
            "queue": state.queue,
            "pending": state.pending,
            "wake_at": state.wake_at,
            "spare_cards": state.spare_cards,
            "min_end": state.step.min_end if state.step else None,
            "tags": {str(p.seat): p.tags for p in state.players.values()},
            "lovers": state.lovers,
        }
        if state.phase == "lobby":
            n = rules.table_size(state)
            out["mj"]["composition_report"] = rules.composition_report(
                n, state.composition or rules.suggested_composition(n))
    # What the ruleset adds: everything for those who see all; a host who may not, what a spectator sees.
    out.update(rules.view_extra(state, MJ if sees_all else SPECTATOR if viewer == MJ else viewer))
    if me is not None and len(mine) > 1:
        # The viewer's other characters, with their own secrets (two characters per player, 004).
        out["characters"] = [
            {"seat": s, "name": state.players[s].name, "role": state.players[s].role,
             "original_role": state.players[s].original_role, "alive": state.players[s].alive,
             "secrets": rules.view_extra(state, s if not sees_all else MJ).get("secrets", {})}
            for s in mine[1:]
        ]
    from app.engine.chat import channels_of  # chat imports the command registry, which imports views' users

    out["channels"] = channels_of(state, rules, viewer)
    return out
