"""The one projection of a game for a viewer, and the one test of whether an event reaches a viewer.

Nothing else sends game data out. A viewer is a seat number, "mj", or "spectator".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.channels import SPECTATORS, channels_of
from app.engine.interfaces import Sight
from app.engine.model import MJ, Event, GameState, Player, Prompt
from app.engine.options import PRESET
from app.engine.ruleset import get_ruleset
from app.engine.sight import Viewer as Viewer
from app.engine.sight import omniscient as omniscient  # where it lived: many modules read it here

SPECTATOR = "spectator"


def still_acting(state: GameState, seats: list[int]) -> bool:
    """A dead player with something left to do (a queued consequence naming him, a question he may answer dead)
    must not see all yet, or he would act knowing every card."""
    if any(item.get("seat") in seats for item in state.queue):
        return True
    return any(p.dead_may_answer and not p.closed and any(s in p.to for s in seats) for p in state.prompts.values())


def event_visible(event: Event, viewer: Viewer, state: GameState) -> bool:
    if event.to is None:
        return True
    if omniscient(state, viewer):
        return True
    if viewer == SPECTATOR:
        return SPECTATORS in event.to  # the crowd (audience.py), stored as -2
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
    if event.type == "prompt_opened" and "name" in data:
        data = {k: v for k, v in data.items() if k != "name"}  # the ruleset's bookkeeping (Ctx.name_prompt)
    out = {"type": event.type, "data": data, "at": event.at}
    if with_audience:
        out["to"] = event.to
    return out


def _keyed(shown: dict[int, Any], every: dict[int, Any], state: GameState | None, prompt_id: str,
           what: str) -> dict[str, Any]:
    """`shown` with its seats as JSON keys. When it is all of them, as with a public vote's ballots, it is the same
    for every viewer: written once per version of the state."""
    if state is not None and len(shown) == len(every):
        keyed: dict[str, Any] = state.remember(f"{what}:{prompt_id}", lambda: {str(k): v for k, v in every.items()})
        return keyed
    return {str(k): v for k, v in shown.items()}


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
        "answers": _keyed(answers, prompt.answers, state, prompt.id, "answers"),
        "reasons": _keyed(reasons, prompt.reasons, state, prompt.id, "reasons"),
        "info": prompt.info if (mine or sees_all or prompt.visibility == "public") else {},
        "optional": prompt.optional,
        "visibility": prompt.visibility,
        "locks_at": prompt.locks_at,
        # An answer given may change until the question closes (or `locks_at`), but not a `first` one, which acts
        # at once (the Assassin's signal, a snoop's turned cards): the pages say "you can change" only when true.
        "may_change": prompt.policy != "first",
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


def card_seen(state: GameState, rules: Sight, viewer: Viewer, sees_all: bool, mine: list[int], p: Player,
              slot: str) -> str | None:
    """The card of `p` in `slot` as the viewer sees it: its own, one face up, one the rules told it, one that lies
    face up by the rules (`public_role`), or None."""
    card = p.cards.get(slot)
    if card is None:
        return None
    if sees_all or card["revealed"] or p.seat in mine:
        return card["current"]
    return hidden_card(state, rules, viewer, mine, p, slot)


def hidden_card(state: GameState, rules: Sight, viewer: Viewer, mine: list[int], p: Player,
                slot: str) -> str | None:
    """A card not face up, of someone else: what the rules told the viewer of it, or what lies face up by them."""
    if isinstance(viewer, int):
        known = (rules.role_of_viewer_known(state, s, p.seat, slot) for s in mine)
        found = next((r for r in known if r is not None), None)
        if found is not None:
            return found
    return rules.public_role(state, p.seat, slot)


def offices_by_seat(state: GameState) -> dict[int, list[str]]:
    """seat -> the offices it holds; public, the same for every viewer."""
    def compute() -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for office, seat in state.offices.items():
            if seat is not None:
                out.setdefault(seat, []).append(office)
        return out

    found: dict[int, list[str]] = state.remember("offices", compute)
    return found


def own_cards(p: Player) -> dict[str, dict[str, Any]]:
    """A seat's own cards, for its holder: slot -> {card, original, revealed}."""
    return {slot: {"card": c["current"], "original": c["original"], "revealed": c["revealed"]}
            for slot, c in p.cards.items()}


def players_part(state: GameState, rules: Sight, viewer: Viewer, sees_all: bool,
                 mine: list[int]) -> list[dict[str, Any]]:
    """The table as `viewer` sees it: each seat with what this viewer may know of its cards."""
    main, others = rules.slots[0], rules.slots[1:]
    offices = offices_by_seat(state)
    players = []
    for p in state.by_position():
        card = p.cards.get(main)  # card_seen, unrolled: this loop runs for every seat of every viewer
        if card is None:
            role = None
        elif sees_all or card["revealed"] or p.seat in mine:
            role = card["current"]
        else:
            role = hidden_card(state, rules, viewer, mine, p, main)
        entry = {
            "seat": p.seat,
            "name": p.name,
            "position": p.position,
            "alive": p.alive,
            "role": role,
            "offices": offices.get(p.seat, []),
            "me": p.seat in mine,
            "controller": p.controller,
        }
        if others:
            # Several cards a seat: each seen or not on its own (the main one is `role`).
            entry["cards"] = {slot: card_seen(state, rules, viewer, sees_all, mine, p, slot) for slot in rules.slots}
        players.append(entry)
    return players


def view(state: GameState, viewer: Viewer) -> dict[str, Any]:
    rules = get_ruleset(state.ruleset)
    sees_all = omniscient(state, viewer)
    me = state.players.get(viewer) if isinstance(viewer, int) else None
    mine = state.seats_of(viewer)
    main, others = rules.slots[0], rules.slots[1:]
    players = players_part(state, rules, viewer, sees_all, mine)
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
        "options": {k: v for k, v in state.options.items() if (k != PRESET or viewer == MJ)
                    and (k not in rules.secret_options or (viewer == MJ and sees_all))},
        "composition": state.composition,
        "players": players,
        "prompts": prompts_part(state, viewer, sees_all, mine),
        "viewer": {"kind": "mj" if viewer == MJ else ("seat" if me is not None else SPECTATOR)},
        "result": state.result,
    }
    if state.options_next:
        # Options the MJ changed during the game, public like the options: they apply when the next phase begins.
        out["options_next"] = state.options_next
    if state.stack:
        # Steps an invoked action set aside, oldest first; each resumes where it was.
        out["suspended"] = [{"key": item.step.key if item.step else None, "at": item.at} for item in state.stack]
    if me is not None:
        out["viewer"]["seat"] = me.seat
        out["me"] = {
            "seat": me.seat,
            "name": me.name,
            "role": me.card(main),
            "original_role": me.cards[main]["original"] if main in me.cards else None,
            "alive": me.alive,
        }
        if others:
            out["me"]["cards"] = own_cards(me)
    if viewer == MJ and sees_all:
        out["mj"] = mj_part(state)
    out.update(extra_part(state, viewer, sees_all, mine))

    out["channels"] = channels_of(state, rules, viewer)
    return out


def prompts_part(state: GameState, viewer: Viewer, sees_all: bool, mine: list[int]) -> list[dict[str, Any]]:
    prompts = []
    aside = state.suspended_prompts() if state.stack else ()
    for prompt in state.prompts.values():
        if prompt.closed:
            continue
        pv = prompt_view(prompt, viewer, sees_all, mine, state)
        if pv is not None:
            if prompt.id in aside:
                pv["suspended"] = True  # its step is set aside by an invocation: no answer until it resumes
            prompts.append(pv)
    return prompts


def mj_part(state: GameState) -> dict[str, Any]:
    """What only a game master who sees all is shown: the engine's own bookkeeping."""
    rules = get_ruleset(state.ruleset)
    out: dict[str, Any] = {
        "queue": state.queue,
        "pending": state.pending,
        "wake_at": state.wake_at,
        "min_end": state.step.min_end if state.step else None,
        "tags": {str(p.seat): p.tags for p in state.players.values()},
        **rules.mj_view(state),
    }
    if state.phase == "lobby":
        n = rules.table_size(state)
        out["composition_report"] = rules.composition_report(n, state.composition or rules.suggested_composition(n))
    return out


def extra_part(state: GameState, viewer: Viewer, sees_all: bool, mine: list[int]) -> dict[str, Any]:
    """What the ruleset adds (everything for those who see all; a host who may not, what a spectator sees), and a
    player's other characters with their own secrets (two characters per player, 004)."""
    rules: Sight = get_ruleset(state.ruleset)
    out = rules.view_extra(state, MJ if sees_all else SPECTATOR if viewer == MJ else viewer)
    if isinstance(viewer, int) and viewer in state.players and len(mine) > 1:
        out["characters"] = [
            {"seat": s, "name": state.players[s].name, "role": state.players[s].role,
             "original_role": state.players[s].original_role, "alive": state.players[s].alive,
             "secrets": rules.view_extra(state, s if not sees_all else MJ).get("secrets", {})}
            for s in mine[1:]
        ]
    return out


# -- views kept up to date by parts ---------------------------------------------------------------------------
# Most events can change anything in a view. The frequent ones change little: a vote changes the prompts (and what
# a ruleset derives from their answers, such as a spy's peek at a pack's vote); a chat message, a line
# of narration or an MJ log entry changes no view at all; the timer changes only the MJ's bookkeeping. The hub asks
# `refresh` for just those parts after such events instead of a whole view for every viewer: a vote in a room of
# twelve no longer recomputes who knows whose card twelve times over. tests/engine/test_view_parts.py checks, after
# every command of random games of each ruleset, that the refreshed view equals a whole one for every viewer.
EVERYTHING = "*"
ANSWERS = "answers"  # the prompts, and what the ruleset derives from their answers (`Ruleset.answer_view`)
EFFECTS: dict[str, frozenset[str]] = {
    "said": frozenset(),
    "hidden": frozenset(),
    "announce": frozenset(),
    "override": frozenset(),
    "rng": frozenset(),
    "answered": frozenset({ANSWERS}),
    # A newcomer in the lobby: the table, the chat's members, the ruleset's view of the table (the MJ's camps),
    # the MJ's composition report; not the options, the composition, nor anyone's own card.
    "joined": frozenset({"players", "channels", "prompts", "mj"}),
    "timer": frozenset({"mj"}),
}
BASE_KEYS = frozenset({"ruleset", "phase", "night", "day", "step", "paused", "options", "composition", "players",
                       "prompts", "viewer", "result", "me", "mj", "channels", "suspended",
                       "options_next"})


def effects(events: list[Event]) -> frozenset[str]:
    """The parts of any view that `events` can have changed (EVERYTHING when unsure)."""
    out: set[str] = set()
    for event in events:
        touched = EFFECTS.get(event.type)
        if touched is None:
            return frozenset({EVERYTHING})
        out |= touched
    return frozenset(out)


def view_parts(state: GameState, viewer: Viewer, parts: frozenset[str]) -> tuple[dict[str, Any], frozenset[str] | None]:
    """The top-level keys of the viewer's view that events which changed only `parts` can have changed, computed
    again (the whole view when `parts` holds EVERYTHING), and the ruleset's keys that were all computed again
    (None: all of them): one of those missing from the result is gone from the view."""
    if EVERYTHING in parts:
        return view(state, viewer), None
    out: dict[str, Any] = {}
    scope: frozenset[str] | None = frozenset()
    if "prompts" in parts or ANSWERS in parts:
        sees_all = omniscient(state, viewer)
        mine = state.seats_of(viewer)
        out["prompts"] = prompts_part(state, viewer, sees_all, mine)
        answered = None
        if "prompts" not in parts:
            answered = get_ruleset(state.ruleset).answer_view(state, MJ if sees_all else SPECTATOR
                                                              if viewer == MJ else viewer)
        if answered is None:
            out.update(extra_part(state, viewer, sees_all, mine))
            scope = None
        else:
            scope, values = answered
            out.update(values)
    if "players" in parts:
        out["players"] = players_part(state, get_ruleset(state.ruleset), viewer, omniscient(state, viewer),
                                      state.seats_of(viewer))
    if "channels" in parts:

        out["channels"] = channels_of(state, get_ruleset(state.ruleset), viewer)
    if "mj" in parts and viewer == MJ and omniscient(state, viewer):
        out["mj"] = mj_part(state)
    return out, scope


def refresh(state: GameState, viewer: Viewer, previous: dict[str, Any], parts: frozenset[str]) -> dict[str, Any]:
    """The viewer's whole view after such events, from its view before them (what a client holding `previous`
    gets by applying the hub's patch)."""
    fresh, scope = view_parts(state, viewer, parts)
    if EVERYTHING in parts:
        return fresh
    dropped = set(gone(previous, fresh, parts, scope))
    out = {k: v for k, v in previous.items() if k not in dropped}
    out.update(fresh)
    return out


def gone(previous: Mapping[str, Any], fresh: Mapping[str, Any], parts: frozenset[str],
         scope: frozenset[str] | None) -> list[str]:
    """The keys of a viewer's previous view that are gone from it, given what `view_parts` returned."""
    if EVERYTHING in parts:
        return [k for k in previous if k not in fresh]
    if "prompts" not in parts and ANSWERS not in parts:
        return []
    if scope is not None:  # only the ruleset's keys that were computed again can have gone
        return [k for k in scope if k in previous and k not in fresh]
    return [k for k in previous if k not in fresh and k not in BASE_KEYS]
