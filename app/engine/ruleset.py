"""What a ruleset plugin provides: `Ruleset`, which implements every protocol of the interface (interfaces.py: set-up,
play, sight, chat, records) with its defaults; it re-exports the registry of rulesets by key (registry.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ValidationError

from app.engine.audience import ChannelRule
from app.engine.errors import Rejected
from app.engine.facts import FactBook
from app.engine.interfaces import Chat, Play, Records, SetUp, Sight
from app.engine.model import ROLE, GameState, Prompt, RulesetState
from app.engine.registry import RULESETS as RULESETS  # the table and its two functions, read here by many
from app.engine.registry import get_ruleset as get_ruleset
from app.engine.registry import register as register

if TYPE_CHECKING:
    from app.engine.context import Ctx
    from app.engine.flow import Steps
    from app.engine.model import Command


@dataclass(frozen=True)
class Role:
    """A role is data plus small handlers in its ruleset: camp, night steps, limits. A ruleset may subclass it to
    carry more (Thiercelieux's `wolf`)."""

    key: str
    camp: str  # "village", "serpents", ...
    unique: bool = True  # at most one card of it in a composition
    night_steps: tuple[str, ...] = ()
    tags: frozenset[str] = field(default_factory=frozenset)

    def info(self) -> dict[str, Any]:
        """What the pages may know of the card (GET /api/rulesets/<key>)."""
        return {"key": self.key, "camp": self.camp, "unique": self.unique}


class Ruleset(SetUp, Play, Sight, Chat, Records):
    """Every part of the interface with its default; a function asking a ruleset something takes the narrowest
    protocol it needs (interfaces.py)."""

    key: str = ""
    min_players: int = 1
    max_players: int = 99
    advised_players: int = 0  # below this a table is small (composition_report warns); 0: no advice
    options_model: type[BaseModel] = BaseModel
    state_model: type[RulesetState] | None = None  # the ruleset's own typed state (GameState.own), if it has one
    # The slots of the cards a seat holds, the main one first: one card a seat in most games, a camp card and a
    # specialty card in Reptiliens. `set_role` changes the main one unless told otherwise.
    slots: ClassVar[tuple[str, ...]] = (ROLE,)
    offices: ClassVar[tuple[str, ...]] = ()  # the public offices a seat may hold (the MJ's `set_office`)
    roles: ClassVar[Mapping[str, Role]] = {}
    other_cards: ClassVar[dict[str, Role]] = {}  # cards that are not dealt in the composition (listed with roles)
    # Options set when the room is created that `configure` may never change (who the MJ token's holder is).
    fixed_options: ClassVar[frozenset[str]] = frozenset()
    # Options as secret as a card (whether Reptiliens has lovers at all): the MJ's views show them, nobody else's.
    secret_options: ClassVar[frozenset[str]] = frozenset()
    # Options the MJ may change during the game (`configure`), taking effect at the next phase; every other one is
    # fixed once the cards are dealt.
    live_options: ClassVar[frozenset[str]] = frozenset()
    # Its facts and the upgrades of its older logs' setters (app/engine/facts.py), None while it has none.
    fact_book: ClassVar[FactBook | None] = None
    # Its steps (app/engine/flow.py): what opens and closes each, how long it lasts, what the MJ may do to it. A
    # step no table declares lets the MJ extend and advance it, as always.
    steps: ClassVar[Steps] = {}
    # Its pages, how the home page presents it and "je joue aussi" are page data, declared by the composition root
    # (app/games.py: `Game`), not here.

    # -- set-up ---------------------------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return self.options_model().model_dump()

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        try:
            return self.options_model.model_validate(options).model_dump()
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            named = (first.get("ctx") or {}).get("option")
            if named is not None:  # a check across options that has its own code (PydanticCustomError with ctx)
                raise Rejected(first["type"], first["msg"], option=named) from exc
            if not where:  # a check across options, with no option to name: never "Invalid option: ."
                raise Rejected("options_conflict", f"These options do not go together: {first['msg']}") from exc
            raise Rejected("bad_options", f"Option {where}: {first['msg']}", option=where) from exc

    def suggested_composition(self, players: int) -> list[str]:
        return []

    def composition_report(self, players: int, composition: list[str]) -> dict[str, Any]:
        """Warnings the MJ may override, and a balance indicator with its explanation."""
        return {"warnings": [], "balance": 0}

    def check_composition(self, state: GameState) -> None:
        """Raise Rejected when the game cannot start with this composition and these seats."""

    # -- play -----------------------------------------------------------------------------------------------
    def start(self, ctx: Ctx) -> None:
        raise Rejected("not_supported", "This ruleset cannot start yet.")

    def finish_step(self, ctx: Ctx) -> None:
        """The current step is over (all answered or time is up): apply it and open the next one."""

    def restart_phase(self, ctx: Ctx) -> None:
        """After an undo: open the phase the state was about to start again."""

    def validate_answer(self, state: GameState, prompt: Prompt, seat: int, answer: Any) -> None:
        """Raise Rejected for answers the rules forbid beyond the prompt's own options."""

    def on_answer(self, ctx: Ctx, prompt: Prompt, seat: int, previous: Any) -> None:
        """An answer that acts at once (an invoked action), rather than when its step ends."""

    def kill(self, ctx: Ctx, seat: int, cause: str) -> None:
        raise Rejected("not_supported", "This ruleset has no deaths.")

    def turned_on_death(self, state: GameState, seat: int, cause: str) -> list[str]:
        """The slots whose cards a death turns face up (all of them unless the ruleset says otherwise: in
        Reptiliens the dead choose one)."""
        return list(self.slots)

    def set_office(self, ctx: Ctx, office: str, seat: int | None) -> None:
        """The MJ gives an office to a seat, or leaves it vacant (None); vacancy and succession are the
        ruleset's own rules."""
        raise Rejected("not_supported", "This ruleset has no offices.")

    def card_changed(self, ctx: Ctx, seat: int, slot: str, card: str) -> None:
        """The MJ gave `seat` a card during the game (`set_role`): the ruleset may bring its powers into play."""
        return None

    def invoke(self, ctx: Ctx, seat: int, power: str, args: dict[str, Any]) -> None:
        """A power invoked at any moment (Reptiliens' aIn): suspend the current step (`ctx.suspend`), open the
        invocation's own step, and `ctx.resume` when it is over. The engine has checked that none is running."""
        raise Rejected("no_such_power", "There is no such power to invoke.")

    def command(self, ctx: Ctx, command: Command) -> None:
        raise Rejected("unknown_command", f"Unknown command {command.type!r}.", command=command.type)

    def upgrade_state(self, data: dict[str, Any]) -> dict[str, Any]:
        """A snapshot of an older engine (GameState._upgrade): move the ruleset's own fields to where they live now."""
        return data

    def describe(self) -> dict[str, Any]:
        """Data the pages may use to explain the ruleset (night orders, ...)."""
        return {}

    def suggested_for(self, state: GameState) -> list[str]:
        """The composition used when the MJ gave none (options may change what a composition is)."""
        return self.suggested_composition(self.table_size(state))

    def table_size(self, state: GameState) -> int:
        """How many characters will sit at the table: the players, or more when each plays several (004)."""
        return len(state.players)

    def expected_cards(self, state: GameState) -> int | None:
        """How many cards check_composition wants for this lobby and these options (None: it counts otherwise)."""
        return None

    def allowed_roles(self, state: GameState) -> list[str]:
        """The cards a composition may hold with these options."""
        return list(self.roles)

    def composition_notes(self, state: GameState) -> list[dict[str, Any]]:
        """Lines a set-up page shows above the composition (what the cards are with these options): each a code,
        its catalogue key and params."""
        return []

    def called_steps(self, state: GameState) -> list[str]:
        """The night steps the cards in play (and the options) will call: a set-up page greys the others."""
        return []

    def reported_cards(self, state: GameState) -> list[str]:
        """The cards composition_report weighs: the composition, and any the options deal beside it."""
        return list(state.composition)

    def public_role(self, state: GameState, seat: int, slot: str = ROLE) -> str | None:
        """A card everyone sees (a visible power card), or None."""
        return None

    def mj_sees_all(self, state: GameState) -> bool:
        """Whether the MJ's console sees every secret while the game runs (a game without an MJ may say no: its
        host may be playing)."""
        return True

    def sees_all(self, state: GameState, seat: int) -> bool:
        """Whether a player sees every secret while the game runs (the rules may let some dead do so: a spirit sees
        the night, a ghost does not)."""
        return False

    def revival_refused(self, state: GameState, seat: int) -> Rejected | None:
        """Why the dead `seat` cannot be brought back to life (the MJ's `revive`, a power that raises the dead),
        or None. By default a dead player who sees every secret (`sees_all`: a Reptiliens spirit, one who passed
        his inheritance, a Thiercelieux dead with `dead_see_all`) stays dead: alive again, he would play knowing
        every card."""
        if self.sees_all(state, seat):
            return Rejected("saw_secrets", "This dead player has seen every secret: they cannot come back to "
                            "life.", seat=seat)
        return None

    def role_of_viewer_known(self, state: GameState, viewer: int, seat: int, slot: str = ROLE) -> str | None:
        """The card of `seat` in `slot` as `viewer` knows it, or None."""
        return None

    def view_extra(self, state: GameState, viewer: int | str) -> dict[str, Any]:
        return {}

    def answer_view(self, state: GameState, viewer: int | str) -> tuple[frozenset[str], dict[str, Any]] | None:
        """After answers alone (a vote): the keys of `view_extra` that answers can have changed in this state, and
        their values for `viewer` (a key of the set missing from the values is gone from the view); None when any
        key may have changed (then `view_extra` is computed whole). A vote then skips what only other events change
        (a seat's own secrets) for each of the room's viewers."""
        return None

    def mj_view(self, state: GameState) -> dict[str, Any]:
        """The ruleset's own bookkeeping for an MJ who sees all (the spare cards, the lovers)."""
        return {}

    # -- chat -------------------------------------------------------------------------------------------------
    def chat_channels(self, state: GameState) -> dict[str, ChannelRule]:
        """The game's own channels: name -> (audience, who may write). SELF (`Crowd.WRITER`) in an audience means
        the writer."""
        return {}

    def chat_copies(self, state: GameState, channel: str) -> list[tuple[int, str]]:
        """Seats that also receive a channel's messages without their authors' names: (seat, channel shown)."""
        return []

    def relay_to(self, state: GameState, channel: str) -> tuple[str, list[int]] | None:
        """Where the MJ may pass on a message of `channel` (the dead speaking to a medium): the channel it is shown
        in and who reads it there; None when it is not passed on."""
        return None

    def mj_threads(self, state: GameState) -> bool:
        """Whether each player has a private thread with the MJ (not when nobody is there to read it)."""
        return True



