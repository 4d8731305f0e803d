"""`evolve(state, event)`: the only place where the game state changes.

Every change goes through an event, so replaying the events of a room rebuilds its state exactly. Evolve updates
the state in place for speed; `decide` always works on its own copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.model import Event, GameState, Player, Prompt, Step

Handler = Callable[[GameState, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def handles(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return register


def evolve(state: GameState, event: Event) -> GameState:
    handler = HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event.data)
    if event.type == "said":
        # Remember each message's channel and audience, so that hiding it reaches exactly the same people.
        known = state.messages.get(event.data["id"])
        to = event.to
        if known is not None:
            to = None if known["to"] is None or to is None else sorted({*known["to"], *to})
        channel = known["channel"] if known else event.data["channel"]
        state.messages[event.data["id"]] = {"channel": channel, "to": to}
    if event.rng is not None:
        state.rng = event.rng
    state.seq += 1
    return state


@handles("created")
def _created(s: GameState, d: dict[str, Any]) -> None:
    s.ruleset = d["ruleset"]
    s.rng = d["seed"]
    s.options = dict(d.get("options", {}))
    s.composition = list(d.get("composition", []))


@handles("joined")
def _joined(s: GameState, d: dict[str, Any]) -> None:
    position = max((p.position for p in s.players.values()), default=-1) + 1
    s.players[d["seat"]] = Player(seat=d["seat"], name=d["name"], position=position)


@handles("character_added")
def _character_added(s: GameState, d: dict[str, Any]) -> None:
    """A second character for a player (004): a seat of its own, played by the controller's owner."""
    position = max((p.position for p in s.players.values()), default=-1) + 1
    s.players[d["seat"]] = Player(seat=d["seat"], name=d["name"], position=position, controller=d["controller"])
    s.controls.setdefault(d["controller"], []).append(d["seat"])


@handles("left")
def _left(s: GameState, d: dict[str, Any]) -> None:
    s.players.pop(d["seat"], None)
    for i, p in enumerate(s.by_position()):
        p.position = i


@handles("renamed")
def _renamed(s: GameState, d: dict[str, Any]) -> None:
    s.players[d["seat"]].name = d["name"]


@handles("reordered")
def _reordered(s: GameState, d: dict[str, Any]) -> None:
    for i, seat in enumerate(d["order"]):
        s.players[seat].position = i


@handles("configured")
def _configured(s: GameState, d: dict[str, Any]) -> None:
    if "options" in d:
        # Pre-assigned cards are secret and travel in their own MJ-only event (`preassigned`).
        s.options = {**dict(d["options"]), "preassigned": s.options.get("preassigned", {})}
    if "composition" in d:
        s.composition = list(d["composition"])


@handles("preassigned")
def _preassigned(s: GameState, d: dict[str, Any]) -> None:
    s.options = {**s.options, "preassigned": dict(d["preassigned"])}


@handles("role_set")
def _role_set(s: GameState, d: dict[str, Any]) -> None:
    p = s.players[d["seat"]]
    if p.original_role is None or d.get("original"):
        p.original_role = d["role"]
    p.role = d["role"]


@handles("spare_cards")
def _spare(s: GameState, d: dict[str, Any]) -> None:
    s.spare_cards = list(d["cards"])


@handles("phase")
def _phase(s: GameState, d: dict[str, Any]) -> None:
    # Keep the state as it was just before this phase began: undo goes back to it and starts the phase again.
    # As JSON text: a tree of dicts was a third of a room's memory, twice (the committed and the working state).
    s.checkpoint = s.model_dump_json(exclude={"checkpoint"})
    s.phase = d["phase"]
    s.night = d.get("night", s.night)
    s.day = d.get("day", s.day)
    s.step = None
    s.pending = {}


@handles("step")
def _step(s: GameState, d: dict[str, Any]) -> None:
    s.step = Step(key=d["key"], started=d["started"], deadline=d.get("deadline"))


@handles("step_timer")
def _step_timer(s: GameState, d: dict[str, Any]) -> None:
    if s.step is not None:
        s.step.min_end = d["min_end"]


@handles("step_deadline")
def _step_deadline(s: GameState, d: dict[str, Any]) -> None:
    if s.step is not None:
        s.step.deadline = d["deadline"]
    for pid in d.get("prompts", []):
        s.prompts[pid].deadline = d["deadline"]


@handles("prompt_opened")
def _prompt_opened(s: GameState, d: dict[str, Any]) -> None:
    prompt = Prompt.model_validate(d["prompt"])
    s.prompts[prompt.id] = prompt
    s.prompt_counter += 1
    if s.step is not None and d.get("in_step", True):
        s.step.prompts.append(prompt.id)


@handles("answered")
def _answered(s: GameState, d: dict[str, Any]) -> None:
    prompt = s.prompts[d["prompt"]]
    prompt.answers[d["seat"]] = d["answer"]
    if d.get("reason"):
        prompt.reasons[d["seat"]] = d["reason"]
    else:
        prompt.reasons.pop(d["seat"], None)  # a new answer without a reason drops the old one


@handles("prompt_closed")
def _prompt_closed(s: GameState, d: dict[str, Any]) -> None:
    s.prompts[d["prompt"]].closed = True


@handles("prompt_dropped")
def _prompt_dropped(s: GameState, d: dict[str, Any]) -> None:
    """A seat no longer answers a prompt (it died); its answer, if any, is withdrawn."""
    prompt = s.prompts[d["prompt"]]
    prompt.to = [x for x in prompt.to if x != d["seat"]]
    prompt.answers.pop(d["seat"], None)


@handles("prompts_cleared")
def _prompts_cleared(s: GameState, d: dict[str, Any]) -> None:
    s.prompts = {k: v for k, v in s.prompts.items() if not v.closed}


@handles("died")
def _died(s: GameState, d: dict[str, Any]) -> None:
    p = s.players[d["seat"]]
    p.alive = False
    if d.get("role"):
        p.revealed = True


@handles("revived")
def _revived(s: GameState, d: dict[str, Any]) -> None:
    s.players[d["seat"]].alive = True


@handles("revealed")
def _revealed(s: GameState, d: dict[str, Any]) -> None:
    s.players[d["seat"]].revealed = True


@handles("tag")
def _tag(s: GameState, d: dict[str, Any]) -> None:
    tags = s.players[d["seat"]].tags
    if d.get("value") is None:
        tags.pop(d["key"], None)
    else:
        tags[d["key"]] = d["value"]


@handles("pending")
def _pending(s: GameState, d: dict[str, Any]) -> None:
    if d.get("value") is None:
        s.pending.pop(d["key"], None)
    else:
        s.pending[d["key"]] = d["value"]


@handles("flag")
def _flag(s: GameState, d: dict[str, Any]) -> None:
    if d.get("value") is None:
        s.flags.pop(d["key"], None)
    else:
        s.flags[d["key"]] = d["value"]


@handles("queue")
def _queue(s: GameState, d: dict[str, Any]) -> None:
    s.queue = list(d["queue"])


@handles("captain")
def _captain(s: GameState, d: dict[str, Any]) -> None:
    s.captain = d.get("seat")


@handles("lovers")
def _lovers(s: GameState, d: dict[str, Any]) -> None:
    s.lovers = list(d["seats"])


@handles("timer")
def _timer(s: GameState, d: dict[str, Any]) -> None:
    s.wake_at = d.get("wake_at")


@handles("paused")
def _paused(s: GameState, d: dict[str, Any]) -> None:
    s.paused_at = d["at"]


@handles("resumed")
def _resumed(s: GameState, d: dict[str, Any]) -> None:
    shift = d["shift"]
    s.paused_at = None
    if s.step is not None:
        if s.step.deadline is not None:
            s.step.deadline += shift
        if s.step.min_end is not None:
            s.step.min_end += shift
    for prompt in s.prompts.values():
        if prompt.deadline is not None and not prompt.closed:
            prompt.deadline += shift


@handles("said")
def _said(s: GameState, d: dict[str, Any]) -> None:
    # Ids are keyed hashes (Ctx.message_id); the counter counts messages (a copy shares its original's id). Logs
    # of numbered ids (1, 2, 3…) give the same count as the old max.
    if d["id"] not in s.messages:
        s.message_counter += 1


@handles("hidden")
def _hidden(s: GameState, d: dict[str, Any]) -> None:
    if d["id"] not in s.hidden:
        s.hidden.append(d["id"])


@handles("ended")
def _ended(s: GameState, d: dict[str, Any]) -> None:
    s.phase = "ended"
    s.result = {"camp": d.get("camp"), "winners": list(d.get("winners", [])), "reason": d.get("reason")}
    s.step = None
    s.wake_at = None
    for p in s.players.values():
        p.revealed = True
    for prompt in s.prompts.values():
        prompt.closed = True


@handles("undone")
def _undone(s: GameState, d: dict[str, Any]) -> None:
    if s.checkpoint is None:
        return
    checkpoint = s.checkpoint
    restored = GameState.model_validate_json(checkpoint)
    seq = s.seq
    for name in GameState.model_fields:
        setattr(s, name, getattr(restored, name))
    s.seq = seq
    s.checkpoint = checkpoint
