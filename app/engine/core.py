"""`decide`: a command and a state in, events (or a rejection) out. Generic commands live here; the rules of a
game live in its ruleset."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeGuard

from app.engine.context import MJ_ONLY, Ctx
from app.engine.errors import Rejected
from app.engine.evolve import evolve
from app.engine.flow import mj_may
from app.engine.model import MJ, SYSTEM, Command, Event, GameState, Rejection
from app.engine.options import PRESET, engine_options, preset_key
from app.engine.prompts import MJ_SEAT, check_shape, is_complete
from app.engine.ruleset import get_ruleset
from app.engine.text import check_name, check_text, name_keys, normal_name, plain, visible
from app.engine.views import omniscient, prompt_view

MAX_NAME = 40
MAX_REASON = 280
# Seats are numbered from 0 and never given twice in a room (nor in its rematches): a seat that left keeps its
# number. A room seats at most a ruleset's max_players (40) at once; this bound leaves room for a lobby's comings and
# goings, and keeps every seat number far inside the store's 32-bit column and JavaScript's exact integers.
MAX_SEAT = 999
Handler = Callable[[Ctx, Command], None]
COMMANDS: dict[str, Handler] = {}
# Commands the server issues to itself (a join picks its seat and writes its token, a substitution and a hand-over
# replace a token, the timer ticks, a rematch names the room it opened): only `SYSTEM` sends them, never a socket
# nor an HTTP sender, the MJ included (app/web/deps.py refuses them before the engine does).
SYSTEM_COMMANDS: set[str] = set()
# What the MJ token of a host who plays a seat may still send: running the table (start, pause, seats, the end),
# never the game (advance, extend, undo, closing a vote, the ruleset's own commands) nor writing as the MJ. The web
# layer knows whether the host plays (app/web/rulesets.host_plays); the engine says which commands are the table's.
HOST_COMMANDS: set[str] = set()


def command(name: str, system: bool = False, host: bool = False) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        COMMANDS[name] = fn
        if system:
            SYSTEM_COMMANDS.add(name)
        if host:
            HOST_COMMANDS.add(name)
        return fn

    return register


def host_may_send(command_type: str) -> bool:
    """Whether a host who plays a seat may send this command with the MJ's token (HOST_COMMANDS)."""
    return command_type in HOST_COMMANDS


def new_state(ruleset: str, seed: int, options: dict[str, Any] | None = None, at: float = 0.0) -> tuple[
    GameState, list[Event]
]:
    """A fresh lobby. The seed is secret: the event that carries it is the MJ's only."""
    rules = get_ruleset(ruleset)
    need_plain_options(options or {})
    opts = rules.validate_options(options or {})
    state = GameState()
    event = Event(
        type="created",
        data={"ruleset": ruleset, "seed": seed, "options": opts, "composition": []},
        to=MJ_ONLY,
        at=at,
    )
    evolve(state, event)
    return state, [event]


def need_plain_options(given: dict[str, Any]) -> None:
    """Everyone receives the options: only small plain values reach a ruleset's validation (and the log)."""
    odd = next((k for k, v in given.items() if not plain(k) or not plain(v)), None)
    if odd is not None:
        raise Rejected("bad_options", "Option values are short plain numbers, texts and lists.",
                       option=odd if plain(odd) else "?")


def replay(events: Iterable[Event], state: GameState | None = None) -> GameState:
    state = state if state is not None else GameState()
    for event in events:
        evolve(state, event)
    return state


def apply(state: GameState, cmd: Command) -> tuple[GameState, list[Event]]:
    """Decide on a copy; return the new state and the events that lead to it. Raises Rejected."""
    copy = state.clone()
    return copy, decide_on(copy, cmd)


def decide_on(state: GameState, cmd: Command) -> list[Event]:
    """Decide on `state` itself, which holds the outcome afterwards; if it raises (Rejected, or a bug in a rule),
    `state` may hold part of a decision and must be thrown away."""
    rules = get_ruleset(state.ruleset)
    ctx = Ctx(state, cmd.at, rules)
    handler = COMMANDS.get(cmd.type)
    if handler is None:
        rules.command(ctx, cmd)
    else:
        handler(ctx, cmd)
    settle(ctx)
    ctx.flush_rng()
    return ctx.events


def decide(state: GameState, cmd: Command) -> list[Event] | Rejection:
    try:
        return apply(state, cmd)[1]
    except Rejected as exc:
        return exc.rejection


# -- the clock -------------------------------------------------------------------------------------------------
def step_ready(state: GameState, at: float) -> bool:
    step = state.step
    if step is None:
        return False
    if step.deadline is not None and at >= step.deadline:
        return True
    prompts = [state.prompts[p] for p in step.prompts if p in state.prompts and not state.prompts[p].optional]
    if not all(is_complete(p) for p in prompts):
        return False
    if step.min_end is not None and at < step.min_end:
        return False
    # A step with nothing to answer lasts until its min_end (a night step kept for appearances), else until its
    # deadline (dawn, debate) or, without one, until the MJ advances it.
    return bool(prompts) or step.min_end is not None


def settle(ctx: Ctx) -> None:
    """Close every step that is over, in order, then ask for a tick at the next moment something can happen."""
    for _ in range(500):
        s = ctx.s
        if s.phase in ("lobby", "ended") or s.paused_at is not None or not step_ready(s, ctx.at):
            break
        ctx.ruleset.finish_step(ctx)
    else:  # pragma: no cover - a ruleset bug; refuse the command rather than loop forever
        raise Rejected("engine_loop", "The game could not settle; the command was refused.")
    wake = next_wake(ctx.s, ctx.at)
    if wake != ctx.s.wake_at:
        ctx.emit("timer", {"wake_at": wake}, to=MJ_ONLY)


def next_wake(state: GameState, at: float) -> float | None:
    if state.phase in ("lobby", "ended") or state.paused_at is not None or state.step is None:
        return None
    times = [state.step.deadline]
    if state.step.min_end is not None and state.step.min_end > at:
        times.append(state.step.min_end)
    found = [t for t in times if t is not None]
    return min(found) if found else None


# -- who may do what ----------------------------------------------------------------------------------------
def need_mj(cmd: Command) -> None:
    if cmd.by != MJ:
        raise Rejected("mj_only", "Only the game master can do that.")


def need_system(cmd: Command) -> None:
    if cmd.by != SYSTEM:
        raise Rejected("server_only", "Only the server can do that.")


def need_phase(ctx: Ctx, *phases: str) -> None:
    if ctx.s.phase not in phases:
        raise Rejected("wrong_phase", f"Not possible now (phase {ctx.s.phase}).", phase=ctx.s.phase)


def need_mj_sees_all(ctx: Ctx, cmd: Command) -> None:
    """Acting for a seat or on what is hidden needs an MJ who sees it all: a host who plays may not
    (and a refusal that hung on hidden state would tell them about it)."""
    need_mj(cmd)
    if not omniscient(ctx.s, MJ):
        raise Rejected("hidden_from_host", "The host does not see every secret: they cannot act for a player or "
                       "on hidden cards.")


def is_int(value: Any) -> TypeGuard[int]:
    """A whole number as JSON gives it (not a bool, which Python counts as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def need_seat(ctx: Ctx, seat: Any) -> int:
    if not is_int(seat) or seat not in ctx.s.players:
        raise Rejected("no_such_seat", "There is no such seat.", seat=seat if is_int(seat) else None)
    return int(seat)


# The names the pages give the MJ, the server and other authors, in both languages (static/i18n, chat.author.*):
# nobody may take one, nor a look-alike of one (compared by `name_keys`).
RESERVED_NAMES = ("MJ", "GM", "Meneur", "Meneur de jeu", "Maître du jeu", "Game master", "Gamemaster", "Host",
                  "Hôte", "Système", "Systeme", "System", "Serveur", "Server", "Admin", "Administrateur",
                  "Spectateur", "Spectator", "Quelqu'un", "Someone", "Les esprits", "The spirits", "Un loup",
                  "A wolf", "Vous", "You")
_RESERVED_KEYS = frozenset().union(*(name_keys(n) for n in RESERVED_NAMES))


def clean_name(name: Any) -> str:
    """A name as kept and shown (`normal_name`), or Rejected: required, something visible, not too long, not one
    of the interface's own names."""
    if not isinstance(name, str) or not name.strip():
        raise Rejected("bad_name", "A name is required.")
    kept = normal_name(check_name(name))
    if not visible(kept):
        raise Rejected("name_invisible", "A name must show something: it holds only invisible or blank "
                       "characters.")
    if len(kept) > MAX_NAME:
        raise Rejected("bad_name", f"A name has at most {MAX_NAME} characters.", max=MAX_NAME)
    if name_keys(kept) & _RESERVED_KEYS:
        raise Rejected("name_reserved", f"{kept} is a name the game itself uses: choose another.", name=kept)
    return kept


def need_free_name(ctx: Ctx, name: str, seat: int | None = None) -> None:
    """No two seats have names that look alike (`name_keys`: a UTS #39 skeleton in common, whatever the case)."""
    keys = name_keys(name)
    for p in ctx.s.players.values():
        if p.seat != seat and keys & name_keys(p.name):
            raise Rejected("name_taken", f"Someone is already called {p.name}.", name=p.name, asked=name)


# -- lobby ------------------------------------------------------------------------------------------------
@command("join", system=True)
def _join(ctx: Ctx, cmd: Command) -> None:
    need_system(cmd)
    need_phase(ctx, "lobby")
    seat = cmd.args.get("seat")
    # Negative numbers are audience markers; the server gives the next seat number, up to MAX_SEAT.
    if is_int(seat) and seat > MAX_SEAT:
        raise Rejected("seats_exhausted", "This room has given all its seat numbers; open a new room.")
    if not is_int(seat) or seat < 0 or seat in ctx.s.players:
        raise Rejected("seat_taken", "That seat is taken.")
    name = clean_name(cmd.args.get("name"))
    need_free_name(ctx, name)
    if len(ctx.s.players) >= ctx.ruleset.max_players:
        raise Rejected("room_full", "The room is full.", max=ctx.ruleset.max_players)
    ctx.emit("joined", {"seat": seat, "name": name})


@command("leave", host=True)
def _leave(ctx: Ctx, cmd: Command) -> None:
    need_phase(ctx, "lobby")
    seat = cmd.args.get("seat") if cmd.by == MJ else cmd.by
    ctx.emit("left", {"seat": need_seat(ctx, seat)})


@command("rename", host=True)
def _rename(ctx: Ctx, cmd: Command) -> None:
    """A player renames themself in the lobby; the MJ renames anyone, and names a substitute this way."""
    seat = need_seat(ctx, cmd.args.get("seat") if cmd.by in (MJ, SYSTEM) else cmd.by)
    if cmd.by not in (MJ, SYSTEM):
        need_phase(ctx, "lobby")
    name = clean_name(cmd.args.get("name"))
    need_free_name(ctx, name, seat)
    ctx.emit("renamed", {"seat": seat, "name": name})


@command("substitute", system=True)
def _substitute(ctx: Ctx, cmd: Command) -> None:
    """A new person takes a seat: same role, same history. The server replaces the seat's token."""
    need_system(cmd)
    seat = need_seat(ctx, cmd.args.get("seat"))
    old = ctx.s.players[seat].name
    name = cmd.args.get("name", old)
    if name != old:  # the seat's own name stays, whatever the rules were when it was given
        name = clean_name(name)
        need_free_name(ctx, name, seat)
    ctx.emit("renamed", {"seat": seat, "name": name})
    ctx.announce("substituted", seat=seat, old=old, name=name)


@command("reorder", host=True)
def _reorder(ctx: Ctx, cmd: Command) -> None:
    need_mj(cmd)
    need_phase(ctx, "lobby")
    order = cmd.args.get("order")
    if (not isinstance(order, list) or len(order) != len(ctx.s.players) or not all(is_int(x) for x in order)
            or set(order) != set(ctx.s.players)):
        raise Rejected("bad_order", "The new order must list every seat exactly once.")
    ctx.emit("reordered", {"order": order})


@command("configure", host=True)
def _configure(ctx: Ctx, cmd: Command) -> None:
    need_mj(cmd)
    need_phase(ctx, "lobby", "night", "day")
    if ctx.s.phase != "lobby":
        configure_live(ctx, cmd)
        return
    data: dict[str, Any] = {}
    if "options" in cmd.args:
        given = cmd.args["options"]
        if not isinstance(given, dict):
            raise Rejected("bad_options", "Options are an object of option names and values.")
        need_plain_options(given)
        fixed = [k for k in sorted(ctx.ruleset.fixed_options) if k in given and given[k] != ctx.s.options.get(k)]
        if fixed:
            raise Rejected("fixed_option", f"Option {fixed[0]} is set when the room is created.", option=fixed[0])
        # Pre-assigned cards live beside the options (MJ only): an engine option (app/engine/options.py).
        if PRESET in given:
            need_mj_sees_all(ctx, cmd)
        current = {k: v for k, v in ctx.s.options.items() if k != PRESET}
        merged = ctx.ruleset.validate_options({**current, **given})
        hidden = ctx.ruleset.secret_options
        data["options"] = {k: v for k, v in merged.items() if k != PRESET and k not in hidden}
        if hidden:
            # Options as secret as a card travel to the MJ alone, at every `configure` (so that its bare number
            # tells the others nothing).
            ctx.emit("secret_options", {"options": {k: merged[k] for k in sorted(hidden) if k in merged}},
                     to=MJ_ONLY)
        if PRESET in given:
            # Pre-assigned cards are the MJ's secret: they travel in an event of their own.
            ctx.emit("preassigned", {"preassigned": merged.get(PRESET, {})}, to=MJ_ONLY)
    if "composition" in cmd.args:
        comp = cmd.args["composition"]
        # No table uses more than two cards per character plus two spare cards.
        longest = 2 * ctx.ruleset.max_players + 2
        if not isinstance(comp, list) or len(comp) > longest or not all(isinstance(r, str) for r in comp):
            raise Rejected("bad_composition", f"The composition is a list of at most {longest} role keys.",
                           max=longest)
        unknown = [r for r in comp if r not in ctx.ruleset.roles]
        if unknown:
            raise Rejected("unknown_role", f"Unknown role {unknown[0]!r}.", role=unknown[0])
        data["composition"] = comp
    if not data:
        raise Rejected("nothing_to_do", "Give options or a composition.")
    ctx.emit("configured", data)


def configure_live(ctx: Ctx, cmd: Command) -> None:
    """During the game the MJ may change the options the ruleset declares `live_options`; the change is public,
    and takes effect when the next phase begins (`options_next`), so that no rule changes in the middle of one.
    Giving an option its current value again cancels a change still pending."""
    if "composition" in cmd.args:
        raise Rejected("composition_dealt", "The composition cannot change once the cards are dealt.")
    given = cmd.args.get("options")
    if not isinstance(given, dict) or not given:
        raise Rejected("bad_options", "Options are an object of option names and values.")
    need_plain_options(given)
    current = {k: v for k, v in ctx.s.options.items() if k != PRESET}
    before = ctx.s.options_next
    merged = ctx.ruleset.validate_options({**current, **before, **given})
    for key in sorted(given):
        if merged.get(key) != current.get(key) and key not in ctx.ruleset.live_options:
            raise Rejected("option_fixed_in_game", f"Option {key} cannot change during the game: it is settled "
                           "before the cards are dealt.", option=key)
    # Only what the MJ named, now or before: an option a newer version added keeps its absence in older games.
    named = sorted({*before, *given})
    # An option at its default is left out of `merged` and of the room's options when its field says so (phone_cues,
    # personal_pushes: `exclude_if`): absent there means the default.
    fields = ctx.ruleset.options_model.model_fields

    def now(k: str, options: dict[str, Any]) -> Any:
        return options[k] if k in options else fields[k].get_default(call_default_factory=True)

    upcoming = {k: now(k, merged) for k in named
                if k in ctx.ruleset.live_options and now(k, merged) != now(k, current)}
    changed = [k for k in named if upcoming.get(k, now(k, current)) != before.get(k, now(k, current))]
    if not changed:
        raise Rejected("nothing_to_do", "These options are already set.")
    ctx.emit("options_next", {"options": upcoming})
    ctx.announce("options_changed", options=changed)


@command("start", host=True)
def _start(ctx: Ctx, cmd: Command) -> None:
    need_mj(cmd)
    need_phase(ctx, "lobby")
    n = ctx.ruleset.table_size(ctx.s)
    if n < ctx.ruleset.min_players:
        raise Rejected(
            "not_enough_players", f"At least {ctx.ruleset.min_players} players are needed.",
            min=ctx.ruleset.min_players,
        )
    if not ctx.s.composition:
        ctx.emit("configured", {"composition": ctx.ruleset.suggested_for(ctx.s)})
    ctx.ruleset.check_composition(ctx.s)
    ctx.ruleset.start(ctx)


# -- answers ---------------------------------------------------------------------------------------------
@command("answer")
def _answer(ctx: Ctx, cmd: Command) -> None:
    pid = cmd.args.get("prompt")
    prompt = ctx.s.prompts.get(pid) if isinstance(pid, str) else None
    asked = cmd.args.get("seat")
    if asked is not None and not is_int(asked):
        raise Rejected("no_such_seat", "There is no such seat.")
    reason = cmd.args.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise Rejected("bad_text", "A reason is text.")
    if reason is not None:
        check_text(reason)
    if cmd.by == MJ:
        # The MJ answers a prompt addressed to them, or on behalf of a seat (an override, logged): only an MJ who
        # sees all, and only a prompt they see (another one answers exactly like a missing one).
        seats = [MJ_SEAT if asked is None else asked]
        if asked not in (None, MJ_SEAT):
            need_mj_sees_all(ctx, cmd)
        if prompt is not None and prompt_view(prompt, MJ, omniscient(ctx.s, MJ)) is None:
            prompt = None
    else:
        # A player answers for each of his characters the question is put to (two in one pack: one answer), or
        # for the one named in `seat`.
        seats = [x for x in ctx.s.seats_of(cmd.by)
                 if prompt is not None and x in prompt.to and (asked is None or x == asked)]
        acting = [x for x in seats if ctx.s.players[x].alive or (prompt is not None and prompt.dead_may_answer)]
        seats = acting or seats[:1]
    if prompt is None or not seats:
        raise Rejected("no_such_prompt", "There is no such question for you.")
    if prompt.closed or ctx.s.phase == "ended":
        raise Rejected("prompt_closed", "This question is closed.")
    if ctx.s.paused_at is not None:
        raise Rejected("paused", "The game is paused.")
    if ctx.s.stack and prompt.id in ctx.s.suspended_prompts():
        raise Rejected("prompt_suspended", "This question waits until the invoked action is over.")
    answer = check_shape(prompt, cmd.args.get("answer"))
    for seat in seats:
        if not ctx.s.prompts[prompt.id].closed:
            answer_as(ctx, cmd, ctx.s.prompts[prompt.id], seat, answer)


def answer_as(ctx: Ctx, cmd: Command, prompt: Any, seat: Any, answer: Any) -> None:
    if seat == MJ_SEAT and not prompt.to_mj:
        raise Rejected("no_such_prompt", "Say which seat you answer for.")
    if seat != MJ_SEAT:
        if seat not in prompt.to:
            raise Rejected("no_such_prompt", f"Seat {seat} is not asked this question.", seat=seat)
        if not ctx.s.players[seat].alive and not prompt.dead_may_answer:
            raise Rejected("dead", "The dead do not act.")
        ctx.ruleset.validate_answer(ctx.s, prompt, seat, answer)
    if seat in prompt.answers and prompt.policy == "first":
        raise Rejected("already_answered", "This question was already answered.")
    if prompt.locks_at is not None and ctx.at >= prompt.locks_at and seat in prompt.answers:
        # 001: votes can change until the lock; after it, a late first vote is still taken, and is final.
        raise Rejected("vote_locked", "Votes can no longer be changed.", locked_at=prompt.locks_at)
    reason = cmd.args.get("reason")
    data: dict[str, Any] = {"prompt": prompt.id, "seat": seat, "answer": answer}
    if isinstance(reason, str) and reason.strip():
        data["reason"] = check_text(reason.strip())[:MAX_REASON]
    previous = prompt.answers.get(seat)
    ctx.emit("answered", data, to=answer_audience(ctx, prompt, seat))
    ctx.ruleset.on_answer(ctx, prompt, seat, previous)
    if cmd.by == MJ and seat != MJ_SEAT:
        ctx.emit("override", {"action": "answer", "seat": seat, "prompt": prompt.id}, to=MJ_ONLY)


def answer_audience(ctx: Ctx, prompt: Any, seat: int) -> list[int] | None:
    if prompt.visibility == "public":
        return None
    if prompt.visibility == "addressees":
        return list(prompt.to)
    return [] if seat == MJ_SEAT else [seat]


@command("tick", system=True)
def _tick(ctx: Ctx, cmd: Command) -> None:
    """The timer service says time has passed; `settle` does whatever is due (nothing, if it is early)."""
    need_system(cmd)


# -- the MJ's overrides: each lands in the log --------------------------------------------------------------
def override(ctx: Ctx, action: str, **data: Any) -> None:
    ctx.emit("override", {"action": action, **data}, to=MJ_ONLY)


def may(ctx: Ctx, action: str) -> None:
    """Refuse the MJ an `advance` or `extend` the step's spec forbids (flow.StepSpec: a step whose length is the
    rule, not the MJ's to move)."""
    key = ctx.s.step.key if ctx.s.step is not None else None
    if not mj_may(ctx.ruleset.steps, key, action):
        raise Rejected("step_fixed", f"This step's length is fixed by the rules: the MJ may not {action} it.",
                       step=key)


@command("advance")
def _advance(ctx: Ctx, cmd: Command) -> None:
    """Close the current step now, with the answers given so far."""
    need_mj(cmd)
    need_phase(ctx, "night", "day")
    if ctx.s.step is None:
        raise Rejected("no_step", "There is no step to close.")
    may(ctx, "advance")
    override(ctx, "advance", step=ctx.s.step.key)
    ctx.emit("step_deadline", {"deadline": ctx.at, "prompts": []})
    if ctx.s.step.min_end is not None:
        ctx.emit("step_timer", {"min_end": ctx.at}, to=MJ_ONLY)


@command("close_prompt")
def _close_prompt(ctx: Ctx, cmd: Command) -> None:
    """Close one question with the answers given so far; the step goes on if it has others."""
    need_mj(cmd)
    pid = cmd.args.get("prompt")
    prompt = ctx.s.prompts.get(pid) if isinstance(pid, str) else None
    # A host who does not see all closes only the questions they see (the public ones, those put to them).
    if prompt is None or prompt.closed or prompt_view(prompt, MJ, omniscient(ctx.s, MJ)) is None:
        raise Rejected("no_such_prompt", "There is no such open question.")
    override(ctx, "close_prompt", prompt=prompt.id, step=prompt.step)
    ctx.close_prompt(prompt)


@command("extend")
def _extend(ctx: Ctx, cmd: Command) -> None:
    """Add (or, negative, take) seconds from the current countdown."""
    need_mj(cmd)
    need_phase(ctx, "night", "day")
    seconds = cmd.args.get("seconds")
    # `not <=` also refuses NaN (every comparison with it is false), which JSON could not carry on.
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not abs(seconds) <= 24 * 3600:
        raise Rejected("bad_seconds", "Give a number of seconds (at most a day either way).")
    step = ctx.s.step
    if step is None or step.deadline is None:
        raise Rejected("no_timer", "There is no countdown running.")
    may(ctx, "extend")
    deadline = max(ctx.at, step.deadline + seconds)
    open_prompts = [p for p in ctx.step_prompts() if not p.closed]
    override(ctx, "extend", seconds=seconds)
    ctx.emit("step_deadline", {"deadline": deadline,
                               "prompts": [p.id for p in open_prompts if p.visibility == "public"]})
    # Other questions learn their new deadline with their audience: a public list of ids would count them.
    hidden: dict[tuple[int, ...], list[str]] = {}
    for p in open_prompts:
        if p.visibility != "public":
            hidden.setdefault(tuple(p.to), []).append(p.id)
    for to, ids in hidden.items():
        ctx.emit("step_deadline", {"deadline": deadline, "prompts": ids}, to=list(to))


@command("pause", host=True)
def _pause(ctx: Ctx, cmd: Command) -> None:
    need_mj(cmd)
    need_phase(ctx, "night", "day")
    if ctx.s.paused_at is not None:
        raise Rejected("already_paused", "The game is already paused.")
    ctx.emit("paused", {"at": ctx.at})


@command("resume", host=True)
def _resume(ctx: Ctx, cmd: Command) -> None:
    need_mj(cmd)
    if ctx.s.paused_at is None:
        raise Rejected("not_paused", "The game is not paused.")
    ctx.emit("resumed", {"shift": ctx.at - ctx.s.paused_at})


@command("kill")
def _kill(ctx: Ctx, cmd: Command) -> None:
    need_mj_sees_all(ctx, cmd)
    need_phase(ctx, "night", "day")
    seat = need_seat(ctx, cmd.args.get("seat"))
    if not ctx.s.players[seat].alive:
        raise Rejected("already_dead", "That player is already dead.")
    override(ctx, "kill", seat=seat)
    ctx.ruleset.kill(ctx, seat, "mj")


@command("revive")
def _revive(ctx: Ctx, cmd: Command) -> None:
    need_mj_sees_all(ctx, cmd)
    need_phase(ctx, "night", "day")
    seat = need_seat(ctx, cmd.args.get("seat"))
    if ctx.s.players[seat].alive:
        raise Rejected("alive", "That player is alive.")
    refused = ctx.ruleset.revival_refused(ctx.s, seat)  # a dead who saw every secret stays dead
    if refused is not None:
        raise refused
    override(ctx, "revive", seat=seat)
    ctx.emit("revived", {"seat": seat})


@command("set_role")
def _set_role(ctx: Ctx, cmd: Command) -> None:
    """The MJ changes a card (`slot`: the ruleset's main one unless told), or pre-assigns it in the lobby."""
    need_mj_sees_all(ctx, cmd)
    need_phase(ctx, "lobby", "night", "day")
    seat = need_seat(ctx, cmd.args.get("seat"))
    role = cmd.args.get("role")
    if not isinstance(role, str) or role not in ctx.ruleset.roles:
        raise Rejected("unknown_role", "Unknown role.", role=role if isinstance(role, str) else None)
    main = ctx.ruleset.slots[0]
    slot = cmd.args.get("slot", main)
    if slot not in ctx.ruleset.slots:
        raise Rejected("no_such_slot", "There is no such card slot.", slot=slot if isinstance(slot, str) else None)
    override(ctx, "set_role", seat=seat, role=role, **({} if slot == main else {"slot": slot}))
    if ctx.s.phase == "lobby":
        # Before the start the MJ pre-assigns a card; the deal respects it.
        preset = {**engine_options(ctx.s).preassigned, preset_key(seat, slot, main): role}
        ctx.emit("preassigned", {"preassigned": preset}, to=MJ_ONLY)
        return
    ctx.set_card(seat, role, slot)
    ctx.ruleset.card_changed(ctx, seat, slot, role)


@command("set_office")
def _set_office(ctx: Ctx, cmd: Command) -> None:
    """The MJ gives an office to a seat, or (`seat`: null) leaves it vacant; the ruleset applies its rules."""
    need_mj(cmd)
    need_phase(ctx, "night", "day")
    office, seat = cmd.args.get("office"), cmd.args.get("seat")
    if not isinstance(office, str) or office not in ctx.ruleset.offices:
        raise Rejected("no_such_office", "There is no such office in this game.",
                       office=office if isinstance(office, str) else None)
    if seat is not None:
        need_seat(ctx, seat)
    override(ctx, "set_office", office=office, seat=seat)
    ctx.ruleset.set_office(ctx, office, seat)


# -- invoked actions: at any moment, one at a time ------------------------------------------------------------
@command("invoke")
def _invoke(ctx: Ctx, cmd: Command) -> None:
    """A player (or the MJ for a seat) uses a power that acts at once, even in the middle of a step: the ruleset
    suspends the step, runs the invocation and resumes the step where it was (`Ruleset.invoke`)."""
    need_phase(ctx, "night", "day")
    if cmd.by == MJ:
        need_mj_sees_all(ctx, cmd)
        seat = need_seat(ctx, cmd.args.get("seat"))
    elif is_int(cmd.by) and cmd.by in ctx.s.players:
        asked = cmd.args.get("seat", cmd.by)
        if not is_int(asked) or asked not in ctx.s.seats_of(cmd.by):
            raise Rejected("no_such_seat", "There is no such seat.")
        seat = int(asked)
    else:
        raise Rejected("not_a_player", "Only a player invokes a power.")
    power = cmd.args.get("power")
    if not isinstance(power, str) or not plain(power):
        raise Rejected("no_such_power", "There is no such power to invoke.")
    if ctx.s.paused_at is not None:
        raise Rejected("paused", "The game is paused.")
    if ctx.s.stack:
        raise Rejected("invocation_running", "Another invoked action is under way; wait until it is over.")
    if cmd.by == MJ:
        override(ctx, "invoke", seat=seat, power=power)
    ctx.ruleset.invoke(ctx, seat, power, cmd.args)


@command("undo")
def _undo(ctx: Ctx, cmd: Command) -> None:
    """Back to the start of the current phase, which then begins again."""
    need_mj(cmd)
    need_phase(ctx, "night", "day")
    if ctx.s.checkpoint is None:
        raise Rejected("nothing_to_undo", "There is nothing to undo.")
    phase, number = ctx.s.phase, ctx.s.night if ctx.s.phase == "night" else ctx.s.day
    ctx.emit("undone", {"phase": phase, "number": number})
    override(ctx, "undo", phase=phase, number=number)
    ctx.ruleset.restart_phase(ctx)


@command("rematch", system=True)
def _rematch(ctx: Ctx, cmd: Command) -> None:
    """The server opened a new room for the same group; everyone here is told where to go."""
    need_system(cmd)
    need_phase(ctx, "ended")
    code = cmd.args.get("code")
    if not isinstance(code, str) or not 0 < len(code) <= 32 or not (code.isascii() and code.isalnum()):
        raise Rejected("bad_code", "A rematch names the new room's code.")
    ctx.emit("rematch", {"code": code})


@command("end", host=True)
def _end(ctx: Ctx, cmd: Command) -> None:
    need_mj(cmd)
    need_phase(ctx, "lobby", "night", "day")
    override(ctx, "end")
    ctx.emit("ended", {"camp": None, "winners": [], "reason": "mj"})
