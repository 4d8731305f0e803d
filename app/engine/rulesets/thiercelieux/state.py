"""What a Thiercelieux game keeps beyond the engine's general state: the lovers, the Voleur's spare cards, each
seat's marks and the village's facts (marks.py, changed by the facts of mark_facts.py), and the captain as the office
"captain". Its own events are handled here (`lovers`, `spare_cards`, and `captain`, the event
older logs hold for the office)."""

from __future__ import annotations

from typing import Any, cast

from pydantic import Field

from app.engine.evolve import handles
from app.engine.model import GameState, Plan, RulesetState
from app.engine.rulesets.thiercelieux.marks import MARK_KEYS, VILLAGE_KEYS, Marks, Village
from app.engine.rulesets.thiercelieux.scratch import PLAN_KEYS, Scratch, known

KEY = "thiercelieux"
Death = tuple[int, str]  # (seat, source): who dies at dawn and of what (dawn.py), for the MJ and the Ancien's rule
CAPTAIN = "captain"  # the office (GameState.offices): the Capitaine of 001/003, the maire of 004


class Thiercelieux(RulesetState):
    lovers: list[int] = Field(default_factory=list)  # the couple Cupidon (or the MJ) chose, once chosen
    spare_cards: list[str] = Field(default_factory=list)  # the two cards in the middle with a Voleur (MJ only)
    # Cards the MJ brought into play during the game (`set_role`) that the composition lacked: their night steps
    # are called from then on, held or not, like the composition's (night_plan.night_cards).
    mj_cards: list[str] = Field(default_factory=list)
    marks: dict[int, Marks] = Field(default_factory=dict)  # seat -> its marks (none until one is set)
    village: Village = Field(default_factory=Village)
    scratch: Scratch = Field(default_factory=Scratch)  # the phase's bookkeeping (scratch.py), renewed with each phase

    def new_phase(self) -> None:
        # A new object rather than a cleared one: dawn still reads the night's after the day began (flow.dawn).
        self.scratch = Scratch()


NO_MARKS = Marks()  # what `marks` reads for a seat with none: never changed (facts go through `marked`)


def own(state: GameState) -> Thiercelieux:
    return cast(Thiercelieux, state.own)


def scratch(state: GameState) -> Scratch:
    """The phase's bookkeeping. A snapshot (or an undo's checkpoint) written before it was typed holds it in the
    engine's `pending`: the first read moves it here."""
    mine = own(state)
    if state.pending:
        adopt(state, mine.scratch)
    return mine.scratch


def adopt(state: GameState, into: Scratch) -> None:
    """Move Thiercelieux's keys of the engine's `pending` into its scratch (what another key means stays there)."""
    for key, value in [(k, v) for k, v in state.pending.items() if known(k)]:
        if key in PLAN_KEYS:
            old_plan(state, key, value)
        else:
            into.put(key, value)
        del state.pending[key]


def old_plan(state: GameState, key: str, value: Any) -> None:
    """The night's plan as older logs and snapshots kept it (scratch.PLAN_KEYS): its stages (`steps`), the one
    open (`i`); the engine's `GameState.plan` now (app/engine/flow.py)."""
    plan = state.plan
    if key == "steps":
        state.plan = None if value is None else Plan(groups=[list(g) for g in value], at=plan.at if plan else 0)
    elif value is not None:
        if plan is None:
            state.plan = Plan(at=int(value))
        else:
            plan.at = int(value)


def lovers(state: GameState) -> list[int]:
    return own(state).lovers


def spare_cards(state: GameState) -> list[str]:
    return own(state).spare_cards


def mj_cards(state: GameState) -> list[str]:
    return own(state).mj_cards


def marks(state: GameState, seat: int) -> Marks:
    """A seat's marks, to read (inlined `own`: read for every seat by holds, wolfish and camp_of)."""
    return cast(Thiercelieux, state.own).marks.get(seat, NO_MARKS)


def marked(state: GameState, seat: int) -> Marks:
    """A seat's marks, to change (a fact's `apply`)."""
    found = own(state).marks.get(seat)
    if found is None:
        found = own(state).marks[seat] = Marks()
    return found


def village(state: GameState) -> Village:
    return own(state).village


def captain(state: GameState) -> int | None:
    return state.holder(CAPTAIN)


def living_captain(state: GameState) -> int | None:
    seat = captain(state)
    return seat if seat is not None and state.players[seat].alive else None


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot written when the captain, the lovers and the spare cards were fields of every game state
    (version 1), or when the marks were the players' `tags` and the village's facts the state's `flags` (1 and 2):
    each moves to this state (a key of neither stays where it was: the engine's own, as `afk_missed`); or when the
    night's plan was the ruleset's (1 to 3): it moves to the engine's `plan`."""
    captain_seat = data.pop("captain", None)
    own_data = {"lovers": data.pop("lovers", []), "spare_cards": data.pop("spare_cards", [])}
    if captain_seat is not None:
        data["offices"] = {**data.get("offices", {}), CAPTAIN: captain_seat}
    own_data = dict(data.get("own") or own_data)
    players = {}
    marks_data: dict[str, dict[str, Any]] = {}
    for seat, p in (data.get("players") or {}).items():
        tags = dict(p.get("tags") or {})
        mine = {key: tags.pop(key) for key in list(tags) if key in MARK_KEYS}
        if mine:
            marks_data[str(seat)] = mine
        players[seat] = {**p, "tags": tags}
    flags = dict(data.get("flags") or {})
    own_data.setdefault("marks", marks_data)
    own_data.setdefault("village", {key: flags.pop(key) for key in list(flags) if key in VILLAGE_KEYS})
    data.update(players=players, flags=flags, own=own_data)
    # 1-3: the night's plan was the ruleset's, in its scratch (or the engine's `pending` before that): the
    # engine's own `plan` now.
    scratch_data = dict(own_data.get("scratch") or {})
    pending = dict(data.get("pending") or {})
    old = {key: where.pop(key) for where in (pending, scratch_data) for key in PLAN_KEYS if key in where}
    if old:
        own_data["scratch"], data["pending"] = scratch_data, pending
        if old.get("steps") is not None:
            data["plan"] = {"groups": old["steps"], "at": old.get("i") or 0}
    return data


@handles("lovers", ruleset=KEY)
def _lovers(s: GameState, d: dict[str, Any]) -> None:
    own(s).lovers = list(d["seats"])


@handles("spare_cards", ruleset=KEY)
def _spare(s: GameState, d: dict[str, Any]) -> None:
    own(s).spare_cards = list(d["cards"])


@handles("cards_in_play", ruleset=KEY)
def _cards_in_play(s: GameState, d: dict[str, Any]) -> None:
    own(s).mj_cards = [*own(s).mj_cards, d["role"]]


@handles("captain", ruleset=KEY)
def _captain(s: GameState, d: dict[str, Any]) -> None:
    """Older logs: the captain had an event of his own; it is the office now (`office`)."""
    s.offices[CAPTAIN] = d.get("seat")
