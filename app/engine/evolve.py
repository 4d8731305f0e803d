"""`evolve(state, event)`: the only place where the game state changes.

Every change goes through an event, so replaying the events of a room rebuilds its state exactly. Evolve updates
the state in place for speed; `decide` always works on its own copy. The handlers are the engine's (`handles`), a
ruleset's own (`handles(..., ruleset=)`), and those derived from a ruleset's typed facts (its `fact_book`,
app/engine/facts.py), gathered in one table per ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.afk import ENGINE_FACTS
from app.engine.facts import FactBook, Handler
from app.engine.facts import handlers as fact_handlers
from app.engine.model import ROLE, Event, GameState, Plan, Player, Prompt, Step, Suspended, new_card
from app.engine.options import PRESET
from app.engine.ruleset import get_ruleset

HANDLERS: dict[str, Handler] = {}  # the engine's own events
OWN_HANDLERS: dict[str, dict[str, Handler]] = {}  # ruleset key -> the handlers of its own events
# ruleset key -> every handler of its games: the engine's, its own, its facts' (`FactBook`), its upgrades'
TABLES: dict[str, dict[str, Handler]] = {}


def handles(name: str, ruleset: str | None = None) -> Callable[[Handler], Handler]:
    """Register the handler of an event type: the engine's, or (`ruleset`) one ruleset's own."""
    def register(fn: Handler) -> Handler:
        (HANDLERS if ruleset is None else OWN_HANDLERS.setdefault(ruleset, {}))[name] = fn
        TABLES.clear()
        return fn

    return register


def own_handlers(key: str) -> dict[str, Handler]:
    return OWN_HANDLERS.setdefault(key, {})


def handler_table(key: str) -> dict[str, Handler]:
    """One lookup an event: the engine's handlers win over a ruleset's own (as they always did), and a ruleset's
    upgrades over the engine's handler of the old setter they turn into facts (in that ruleset's games only)."""
    found = TABLES.get(key)
    if found is None:
        book = get_ruleset(key).fact_book if key else None
        facts = fact_handlers(book, HANDLERS) if book is not None else {}
        found = TABLES[key] = {**own_handlers(key), **HANDLERS, **facts}
    return found


def evolve(state: GameState, event: Event) -> GameState:
    handler = handler_table(state.ruleset).get(event.type)
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
    # Written straight into the model's fields: pydantic's __setattr__ is two Python calls, and this runs twice for
    # every event a command emits (decided, then folded into the committed state). Both fields are always set.
    fields = state.__dict__
    if event.rng is not None:
        fields["rng"] = event.rng
    fields["seq"] += 1
    return state


@handles("created")
def _created(s: GameState, d: dict[str, Any]) -> None:
    s.ruleset = d["ruleset"]
    model = get_ruleset(s.ruleset).state_model
    s.own = None if model is None else model()
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
        # Secret options (Ruleset.secret_options) travel in their own MJ-only event (`secret_options`) and stay.
        hidden = get_ruleset(s.ruleset).secret_options
        kept = {k: v for k, v in s.options.items() if k in hidden}
        s.options = {**dict(d["options"]), PRESET: s.options.get(PRESET, {}), **kept}
    if "composition" in d:
        s.composition = list(d["composition"])


@handles("options_next")
def _options_next(s: GameState, d: dict[str, Any]) -> None:
    s.options_next = dict(d["options"])


@handles("secret_options")
def _secret_options(s: GameState, d: dict[str, Any]) -> None:
    s.options = {**s.options, **dict(d["options"])}


@handles("preassigned")
def _preassigned(s: GameState, d: dict[str, Any]) -> None:
    s.options = {**s.options, PRESET: dict(d["preassigned"])}


@handles("role_set")
def _role_set(s: GameState, d: dict[str, Any]) -> None:
    card = s.players[d["seat"]].cards.setdefault(d.get("slot", ROLE), new_card())
    if card["original"] is None or d.get("original"):
        card["original"] = d["role"]
    card["current"] = d["role"]


@handles("phase")
def _phase(s: GameState, d: dict[str, Any]) -> None:
    # Keep the state as it was just before this phase began: undo goes back to it and starts the phase again.
    # As JSON text: a tree of dicts was a third of a room's memory, twice (the committed and the working state).
    s.checkpoint = s.model_dump_json(exclude={"checkpoint"})
    s.phase = d["phase"]
    s.night = d.get("night", s.night)
    s.day = d.get("day", s.day)
    s.step = None
    s.plan = None
    s.stack = []
    s.pending = {}
    if s.options_next:
        # Options the MJ changed during the game take effect as the next phase begins (`configure`).
        s.options = {**s.options, **s.options_next}
        s.options_next = {}
    if s.own is not None:
        s.own.new_phase()


@handles("step")
def _step(s: GameState, d: dict[str, Any]) -> None:
    s.step = Step(key=d["key"], started=d["started"], deadline=d.get("deadline"))
    if "wake" in d:  # logs written before `wake` existed follow a step with their `timer` event
        s.wake_at = d["wake"]


@handles("plan")
def _plan(s: GameState, d: dict[str, Any]) -> None:
    """The phase's plan of steps (`groups`, from its first), or the group it has come to (`at` alone)."""
    if "groups" in d:
        s.plan = Plan(groups=d["groups"], at=d.get("at", 0))
    elif s.plan is not None:
        s.plan.at = d["at"]


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
    if "name" in d and s.own is not None:
        s.own.prompt_named(d["name"], prompt.id)  # Ctx.name_prompt


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
    """`role`: the card of the ROLE slot turned face up (every log of a one-card game); `cards`: slot -> card of
    each other card turned."""
    p = s.players[d["seat"]]
    p.alive = False
    turned = [*([ROLE] if d.get("role") else []), *d.get("cards", {})]
    for slot in turned:
        if slot in p.cards:
            p.cards[slot]["revealed"] = True


@handles("revived")
def _revived(s: GameState, d: dict[str, Any]) -> None:
    s.players[d["seat"]].alive = True


@handles("revealed")
def _revealed(s: GameState, d: dict[str, Any]) -> None:
    """A card turned face up (`slot`), or all of them."""
    cards = s.players[d["seat"]].cards
    for slot in [d["slot"]] if "slot" in d else list(cards):
        if slot in cards:
            cards[slot]["revealed"] = True


@handles("tag")
def _tag(s: GameState, d: dict[str, Any]) -> None:
    """Older logs' generic setter of a seat's mark: nothing emits it now (typed facts), a ruleset's upgrade folds
    its own keys (Soupçons', Thiercelieux's), and what is left (afk_missed) lands in the engine's tags."""
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
    """Older logs' generic setter of a game-wide fact: nothing emits it now, Thiercelieux's upgrade folds its own."""
    if d.get("value") is None:
        s.flags.pop(d["key"], None)
    else:
        s.flags[d["key"]] = d["value"]


@handles("queue")
def _queue(s: GameState, d: dict[str, Any]) -> None:
    s.queue = list(d["queue"])


@handles("office")
def _office(s: GameState, d: dict[str, Any]) -> None:
    s.offices[d["office"]] = d.get("seat")


@handles("step_suspended")
def _step_suspended(s: GameState, d: dict[str, Any]) -> None:
    s.stack.append(Suspended(step=s.step, at=d["at"]))
    s.step = None


@handles("step_resumed")
def _step_resumed(s: GameState, d: dict[str, Any]) -> None:
    """The suspended step again, its clocks moved on by the time it spent aside (`shift`), as `resumed` does."""
    top = s.stack.pop()
    step, shift = top.step, d["shift"]
    s.step = step
    if step is None:
        return
    if step.deadline is not None:
        step.deadline += shift
    if step.min_end is not None:
        step.min_end += shift
    for pid in step.prompts:
        prompt = s.prompts.get(pid)
        if prompt is None or prompt.closed:
            continue
        if prompt.deadline is not None:
            prompt.deadline += shift
        if prompt.locks_at is not None:
            prompt.locks_at += shift


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
    aside = s.suspended_prompts() if s.stack else ()  # their clocks stand still already (`step_resumed`)
    for prompt in s.prompts.values():
        if prompt.deadline is not None and not prompt.closed and prompt.id not in aside:
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
    s.stack = []
    s.wake_at = None
    for p in s.players.values():
        for card in p.cards.values():
            card["revealed"] = True
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


# The engine's own typed facts (app/engine/afk.py), folded in every ruleset's games.
HANDLERS.update(fact_handlers(FactBook(facts=ENGINE_FACTS), HANDLERS))
