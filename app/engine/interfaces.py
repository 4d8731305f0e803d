"""The ruleset interface by concern: small protocols, each what one part of the engine asks of a ruleset.

`Ruleset` (ruleset.py) implements them all and gives each member its default; a ruleset subclasses it and overrides
what its rules need. A function that asks a ruleset something takes the narrowest protocol it uses, so reading its
signature says which part of the rules it depends on:

- `SetUp`: the table before the game (player range, options, cards, composition) and its start;
- `Play`: the rules while the game runs (the end of a step, answers, deaths, offices, cards, invoked powers, the
  ruleset's own commands);
- `Sight`: what each viewer sees (cards face up or told, those who see all, the ruleset's part of a view);
- `Chat`: the game's own channels, their copies and relays, the private threads with the MJ;
- `Records`: what the log and the state hold of the ruleset (its typed state, facts, secret options, upgrades).

A member may belong to several (the card slots are set-up, play and sight alike)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from pydantic import BaseModel

from app.engine.audience import ChannelRule
from app.engine.errors import Rejected
from app.engine.facts import FactBook
from app.engine.model import ROLE, Command, GameState, Prompt, RulesetState

if TYPE_CHECKING:
    from app.engine.context import Ctx
    from app.engine.flow import Steps
    from app.engine.ruleset import Role


class SetUp(Protocol):
    """The table before the game: who may sit, the options, the cards and their composition, the start."""

    key: str
    min_players: int
    max_players: int
    advised_players: int  # below this a table is small (composition_report warns); 0: no advice
    options_model: type[BaseModel]
    slots: ClassVar[tuple[str, ...]]  # the slots of the cards a seat holds, the main one first
    roles: ClassVar[Mapping[str, Role]]
    other_cards: ClassVar[dict[str, Role]]  # cards that are not dealt in the composition
    fixed_options: ClassVar[frozenset[str]]  # set when the room is created, never changed by `configure`
    live_options: ClassVar[frozenset[str]]  # the MJ may change them during the game
    secret_options: ClassVar[frozenset[str]]  # as secret as a card: only the MJ's views show them

    def default_options(self) -> dict[str, Any]: ...

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]: ...

    def suggested_composition(self, players: int) -> list[str]: ...

    def suggested_for(self, state: GameState) -> list[str]: ...

    def table_size(self, state: GameState) -> int: ...

    def expected_cards(self, state: GameState) -> int | None: ...

    def allowed_roles(self, state: GameState) -> list[str]: ...

    def reported_cards(self, state: GameState) -> list[str]: ...

    def called_steps(self, state: GameState) -> list[str]: ...

    def composition_notes(self, state: GameState) -> list[dict[str, Any]]: ...

    def composition_report(self, players: int, composition: list[str]) -> dict[str, Any]: ...

    def check_composition(self, state: GameState) -> None: ...

    def start(self, ctx: Ctx) -> None: ...

    def describe(self) -> dict[str, Any]: ...


class Play(Protocol):
    """The rules while the game runs: what the engine's generic commands hand over to the ruleset."""

    slots: ClassVar[tuple[str, ...]]
    offices: ClassVar[tuple[str, ...]]  # the public offices a seat may hold (the MJ's `set_office`)
    roles: ClassVar[Mapping[str, Role]]
    steps: ClassVar[Steps]  # its StepSpecs (app/engine/flow.py): what the MJ may do to each step

    def finish_step(self, ctx: Ctx) -> None: ...

    def restart_phase(self, ctx: Ctx) -> None: ...

    def validate_answer(self, state: GameState, prompt: Prompt, seat: int, answer: Any) -> None: ...

    def on_answer(self, ctx: Ctx, prompt: Prompt, seat: int, previous: Any) -> None: ...

    def kill(self, ctx: Ctx, seat: int, cause: str) -> None: ...

    def turned_on_death(self, state: GameState, seat: int, cause: str) -> list[str]: ...

    def revival_refused(self, state: GameState, seat: int) -> Rejected | None: ...

    def set_office(self, ctx: Ctx, office: str, seat: int | None) -> None: ...

    def card_changed(self, ctx: Ctx, seat: int, slot: str, card: str) -> None: ...

    def invoke(self, ctx: Ctx, seat: int, power: str, args: dict[str, Any]) -> None: ...

    def command(self, ctx: Ctx, command: Command) -> None: ...


class Sight(Protocol):
    """What each viewer sees of the ruleset's secrets, and its own part of a view."""

    slots: ClassVar[tuple[str, ...]]
    secret_options: ClassVar[frozenset[str]]

    def public_role(self, state: GameState, seat: int, slot: str = ROLE) -> str | None: ...

    def role_of_viewer_known(self, state: GameState, viewer: int, seat: int, slot: str = ROLE) -> str | None: ...

    def mj_sees_all(self, state: GameState) -> bool: ...

    def sees_all(self, state: GameState, seat: int) -> bool: ...

    def view_extra(self, state: GameState, viewer: int | str) -> dict[str, Any]: ...

    def answer_view(self, state: GameState,
                    viewer: int | str) -> tuple[frozenset[str], dict[str, Any]] | None: ...

    def mj_view(self, state: GameState) -> dict[str, Any]: ...


class Chat(Protocol):
    """The game's own chat channels (app/engine/channels.py holds the general ones)."""

    def chat_channels(self, state: GameState) -> dict[str, ChannelRule]: ...

    def chat_copies(self, state: GameState, channel: str) -> list[tuple[int, str]]: ...

    def relay_to(self, state: GameState, channel: str) -> tuple[str, list[int]] | None: ...

    def mj_threads(self, state: GameState) -> bool: ...


class Records(Protocol):
    """What the log and the state hold of the ruleset: how events and snapshots are read back (evolve, model)."""

    key: str
    state_model: type[RulesetState] | None  # its own typed state (GameState.own)
    fact_book: ClassVar[FactBook | None]  # its facts and the upgrades of its older logs' setters
    secret_options: ClassVar[frozenset[str]]

    def upgrade_state(self, data: dict[str, Any]) -> dict[str, Any]: ...
