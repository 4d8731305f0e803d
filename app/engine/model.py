"""The engine's data: game state, prompts, events and commands (pydantic, JSON round-trips); rejections are in
errors.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import (
    BaseModel,
    Field,
    PrivateAttr,
    SerializeAsAny,
    ValidationInfo,
    field_validator,
    model_validator,
)
from typing_extensions import TypedDict

from app.engine.audience import Audience, Member, upgrade
from app.engine.errors import Rejection as Rejection  # a rejection is data too (its home: errors.py)
from app.engine.registry import get_ruleset

MJ = "mj"
SYSTEM = "system"
SPECTATOR = "spectator"
Actor = int | Literal["mj", "system", "spectator"]


ROLE = "role"  # the slot of a game with one card per seat (Thiercelieux, Soupçons): `Player.role` reads it


class Card(TypedDict):
    """One card a seat holds in a slot ("role"; "camp" and "specialty" in Reptiliens), face up or not on its own. A
    typed dict rather than a model: every seat has one or two, and the state is copied for every command."""

    current: str | None  # the card held now
    original: str | None  # the card dealt (the Voleur's swap, an inheritance change `current` only)
    revealed: bool  # turned face up: everyone sees it (a death, the end of the game)


def new_card() -> Card:
    return {"current": None, "original": None, "revealed": False}


class Player(BaseModel):
    seat: int  # identity of the seat, stable for the whole game (tokens are bound to it)
    name: str
    position: int  # place around the table; the MJ may reorder before the start
    cards: dict[str, Card] = Field(default_factory=dict)  # slot -> card; empty until the deal
    alive: bool = True
    # The engine's own marks of a seat (afk_missed: app/engine/afk.py); a ruleset's are its typed state (`own`),
    # but an older log's `tag` event that no ruleset upgrades still lands here.
    tags: dict[str, Any] = Field(default_factory=dict)
    controller: int | None = None  # a second character: the seat whose owner plays it too (004)

    # The one-card games read their card as a role: the card of the ROLE slot.
    @property
    def role(self) -> str | None:
        card = self.cards.get(ROLE)
        return None if card is None else card["current"]

    @property
    def original_role(self) -> str | None:
        card = self.cards.get(ROLE)
        return None if card is None else card["original"]

    @property
    def revealed(self) -> bool:
        card = self.cards.get(ROLE)
        return card is not None and card["revealed"]

    def card(self, slot: str) -> str | None:
        """The card held in `slot`, or None."""
        held = self.cards.get(slot)
        return None if held is None else held["current"]


class Prompt(BaseModel):
    """The one way the engine asks anyone anything. Browsers render prompts generically."""

    id: str
    step: str  # what it is about, for labels: "vote", a night step's key, ...
    # pick: seats among `options`, between `min` and `max` of them; confirm: yes or no; choice: one of `options`;
    # number: a whole number from `min` to `max` (coins); text: `min` to `max` characters, one paragraph or more.
    kind: Literal["pick", "confirm", "choice", "number", "text"]
    to: list[int] = Field(default_factory=list)  # seats that must answer
    to_mj: bool = False  # a judgment call for the MJ
    options: list[Any] = Field(default_factory=list)  # seats for "pick", strings for "choice"
    min: int = 1
    max: int = 1
    policy: Literal["each", "team", "first"] = "each"
    visibility: Literal["self", "addressees", "public"] = "self"  # who sees the answers
    answers: dict[int, Any] = Field(default_factory=dict)
    reasons: dict[int, str] = Field(default_factory=dict)
    deadline: float | None = None
    info: dict[str, Any] = Field(default_factory=dict)  # context shown to the addressees
    closed: bool = False
    dead_may_answer: bool = False  # a last act answered after death (a dying shot, naming a successor)
    locks_at: float | None = None  # after this time an answer given can no longer change (forum votes)
    optional: bool = False  # the step does not wait for it (the MJ's judgment, used only if needed)


class Step(BaseModel):
    key: str
    started: float
    deadline: float | None = None  # public countdown
    min_end: float | None = None  # randomised plausible end, so timing does not reveal who acts
    prompts: list[str] = Field(default_factory=list)


class Plan(BaseModel):
    """The steps a phase runs, in order (app/engine/flow.py): groups of step keys, a group's steps running at once
    (one step a group unless they run in parallel), and the group under way. Set and moved by `plan` events (the
    MJ's alone: a night's plan tells which cards are in play); a new phase forgets it."""

    groups: list[list[str]] = Field(default_factory=list)
    at: int = 0  # the group under way; len(groups) once every group has run

    def current(self) -> list[str]:
        return self.groups[self.at] if self.at < len(self.groups) else []

    def done(self) -> list[list[str]]:
        """The groups run so far, the one under way included."""
        return self.groups[: self.at + 1]

    def ahead(self) -> list[list[str]]:
        return self.groups[self.at + 1:]

    def over(self) -> bool:
        return self.at >= len(self.groups)


class Suspended(BaseModel):
    """A step set aside by an invoked action (Reptiliens' aIn): its prompts keep their answers and its clocks stand
    still; it resumes where it was once the invocation is over."""

    step: Step | None = None
    at: float  # when it was suspended: the clocks move on by the time spent aside


class RulesetState(BaseModel):
    """A ruleset's own typed state (`Ruleset.state_model`), kept in `GameState.own` and changed by the ruleset's own
    event handlers (`evolve.handles(..., ruleset=key)`)."""

    def new_phase(self) -> None:
        """A night or a day begins (the `phase` event): forget what lasted only for the one before."""

    def prompt_named(self, name: str, prompt_id: str) -> None:
        """A prompt was opened under the ruleset's own name for it (`Ctx.name_prompt`)."""


# 1: one card per seat (Player.role), and a ruleset's own fields at the top of the state; 2: a ruleset's facts in the
# players' `tags` and the state's `flags` (Thiercelieux's marks), which its `upgrade_state` moves; 3: a ruleset's own
# plan of steps (Thiercelieux's night, `steps` and `i` in its scratch; Reptiliens' `plan` and `i`), which its
# `upgrade_state` moves to the engine's (`plan`)
STATE_VERSION = 4


class GameState(BaseModel):
    version: int = STATE_VERSION
    ruleset: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    composition: list[str] = Field(default_factory=list)
    # Options the MJ changed during the game (`configure`): they replace `options` when the next phase begins.
    options_next: dict[str, Any] = Field(default_factory=dict)
    rng: int = 0
    seq: int = 0
    phase: Literal["lobby", "night", "day", "ended"] = "lobby"
    night: int = 0
    day: int = 0
    step: Step | None = None
    plan: Plan | None = None  # the phase's steps and the group under way, when the engine drives them (flow.py)
    players: dict[int, Player] = Field(default_factory=dict)
    prompts: dict[str, Prompt] = Field(default_factory=dict)
    offices: dict[str, int | None] = Field(default_factory=dict)  # office -> its holder's seat (None: vacant)
    stack: list[Suspended] = Field(default_factory=list)  # steps suspended by an invoked action (one at a time)
    own: SerializeAsAny[RulesetState] | None = None  # the ruleset's typed state (its `state_model`)
    queue: list[dict[str, Any]] = Field(default_factory=list)  # pending consequences (a dying shot, a successor)
    pending: dict[str, Any] = Field(default_factory=dict)  # ruleset scratch for the current phase
    wake_at: float | None = None  # when the engine next wants a `tick`
    paused_at: float | None = None
    result: dict[str, Any] | None = None  # {"camp": ..., "winners": [...]}
    checkpoint: str | None = None  # the state at the start of the current phase, as JSON, for undo
    prompt_counter: int = 0
    message_counter: int = 0
    messages: dict[int, dict[str, Any]] = Field(default_factory=dict)  # chat message id -> {channel, to}
    hidden: list[int] = Field(default_factory=list)  # chat messages the MJ hid
    # Game-wide facts set by an older log's `flag` event that no ruleset upgrades; the rulesets' are typed (`own`).
    flags: dict[str, Any] = Field(default_factory=dict)
    controls: dict[int, list[int]] = Field(default_factory=dict)  # a seat -> the other characters its owner plays

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        """Snapshots (and undo checkpoints) written before cards by slot and offices: one card per player in
        `role`, `original_role` and `revealed`, and the ruleset's own fields at the top, which it moves; or (2)
        before a ruleset's facts left the generic `tags` and `flags`, which it moves too."""
        if not isinstance(data, dict) or data.get("version", 1) >= STATE_VERSION or not data:
            return data
        data = dict(data)
        if data.get("version", 1) >= 2:
            if data.get("ruleset"):
                data = get_ruleset(data["ruleset"]).upgrade_state(data)
            data["version"] = STATE_VERSION
            return data
        players = {}
        for seat, p in (data.get("players") or {}).items():
            p = dict(p)
            role, original, revealed = p.pop("role", None), p.pop("original_role", None), p.pop("revealed", False)
            if "cards" not in p and (role is not None or original is not None):
                p["cards"] = {ROLE: {"current": role, "original": original, "revealed": revealed}}
            players[seat] = p
        data["players"] = players
        if data.get("ruleset"):
            data = get_ruleset(data["ruleset"]).upgrade_state(data)
        data["version"] = STATE_VERSION
        return data

    @field_validator("own", mode="before")
    @classmethod
    def _own_model(cls, value: Any, info: ValidationInfo) -> Any:
        """The ruleset's state arrives as a dict (a snapshot, a clone): its ruleset's model reads it."""
        if not isinstance(value, dict):
            return value
        model = get_ruleset(info.data.get("ruleset") or "").state_model
        return None if model is None else model.model_validate(value)

    @field_validator("checkpoint", mode="before")
    @classmethod
    def _checkpoint_text(cls, value: Any) -> Any:
        """Snapshots written before the checkpoint was kept as JSON text hold it as an object."""
        if isinstance(value, dict):
            return GameState.model_validate(value).model_dump_json(exclude={"checkpoint"})
        return value

    # Values derived from the state, computed once per version (`seq` grows with every event folded in).
    _memo: dict[str, tuple[int, Any]] = PrivateAttr(default_factory=dict)

    def remember(self, key: str, compute: Callable[[], Any]) -> Any:
        """`compute()` once per version of the state: every viewer's projection after a command asks for the same
        chat channels, for instance. The value must not be changed by its readers."""
        # The private dict by its slot: `self._memo` goes through pydantic's __getattr__, which cost more than
        # the lookups it saves (6% of the fan-out, profiled).
        memo: dict[str, tuple[int, Any]] = self.__pydantic_private__["_memo"]  # type: ignore[index]
        hit = memo.get(key)
        if hit is not None and hit[0] == self.seq:
            return hit[1]
        value = compute()
        memo[key] = (self.seq, value)
        return value

    def clone(self) -> GameState:
        """An independent copy. Dumping and validating again is 4-5 times faster than `model_copy(deep=True)`
        (measured on a 40-player game: 0.16 ms against 0.76 ms), and a command copies the state once."""
        return GameState.model_validate(self.model_dump())

    def seats_of(self, viewer: Any) -> list[int]:
        """The seats a viewer plays: its own, and the characters it controls (two characters per player, 004)."""
        if not isinstance(viewer, int) or isinstance(viewer, bool) or viewer not in self.players:
            return []
        return [viewer, *self.controls.get(viewer, [])]

    def player_of(self, seat: int) -> int:
        """The seat that speaks for this character: its controller, or itself."""
        controller = self.players[seat].controller
        return seat if controller is None else controller

    def suspended_prompts(self) -> set[str]:
        """The prompts of the steps an invocation set aside: frozen until their step resumes."""
        return {pid for item in self.stack if item.step is not None for pid in item.step.prompts}

    def holder(self, office: str) -> int | None:
        return self.offices.get(office)

    def living(self) -> list[int]:
        return [p.seat for p in self.by_position() if p.alive]

    def by_position(self) -> list[Player]:
        return sorted(self.players.values(), key=lambda p: p.position)


class Event(BaseModel):
    type: str
    data: dict[str, Any] = Field(default_factory=dict)
    to: list[Member] | None = None  # None: public; a list: those seats and crowds (audience.py; the MJ sees all)
    at: float = 0.0
    rng: int | None = None  # the generator's state after this event, when a draw happened

    @field_validator("to")
    @classmethod
    def _crowds(cls, to: list[int] | None) -> Audience:
        """An event read back (a log, a row): the stored -2 is the spectators' crowd again (audience.py)."""
        return None if to is None else upgrade(to)

    @classmethod
    def trusted(cls, type: str, data: dict[str, Any], to: list[Member] | None, at: float, rng: int | None) -> Event:
        """An event built from the engine's own values, without validation: the engine emits several events a
        command, and pydantic's validation (1 µs) or even `model_construct` (1.6 µs) was a tenth of a command's
        cost. Sets what `model_construct` sets, nothing else (tests/engine/test_events_trusted.py)."""
        event = _new(cls)
        _set(event, "__dict__", {"type": type, "data": data, "to": to, "at": at, "rng": rng})
        _set(event, "__pydantic_fields_set__", set(_EVENT_FIELDS))
        _set(event, "__pydantic_extra__", None)
        _set(event, "__pydantic_private__", None)
        return event


_new, _set = object.__new__, object.__setattr__
_EVENT_FIELDS = frozenset(Event.model_fields)

class Command(BaseModel):
    type: str
    by: Actor  # set by the server from the token, never by the client
    at: float  # server time, seconds since the epoch
    args: dict[str, Any] = Field(default_factory=dict)


