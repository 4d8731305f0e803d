"""The facts of a Reptiliens game (app/engine/facts.py) that replace the driver's generic setter, named for what
happened, each with how it changes the state (state.py). They are the MJ's bookkeeping: emitted to MJ_ONLY, as the
setter was.

Logs written before facts changed this state through `rp-set` (a field, dotted for the night's and the day's
scratch, and its value); `upgrade_set` folds such an event as it always was folded (`FieldWritten`), whatever its
field, so every old log gives the same state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel, TypeAdapter

from app.engine.facts import Fact
from app.engine.model import GameState
from app.engine.rulesets.reptiliens.state import Reptiliens, own


# -- the deal (setup.py) --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CardsSetAside(Fact):
    """The cards not dealt, by slot (the MJ's alone)."""

    type = "rp-aside"
    cards: dict[str, list[str]]

    def apply(self, state: GameState) -> None:
        own(state).aside = {slot: list(deck) for slot, deck in self.cards.items()}


# -- the opening, the village's days and the stalemate's watch (opening.py, fates.py, day.py, sessions.py,
# stalemate.py) -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CarnageSet(Fact):
    """The carnage (every Reptilien kills) is on or off: the option at the start, then the MJ's switch."""

    type = "rp-carnage"
    on: bool

    def apply(self, state: GameState) -> None:
        own(state).carnage = self.on


@dataclass(frozen=True, slots=True)
class PackMet(Fact):
    """The Reptilians have met (the opening): their channel exists."""

    type = "rp-pack-met"

    def apply(self, state: GameState) -> None:
        own(state).pack_known = True


@dataclass(frozen=True, slots=True)
class RomanticDecided(Fact):
    """Whether the lovers learn the Romantique (the MJ's choice or chance, §11)."""

    type = "rp-romantic-known"
    known: bool

    def apply(self, state: GameState) -> None:
        own(state).romantic_known = self.known


@dataclass(frozen=True, slots=True)
class SpareLifeSpent(Fact):
    """The couple's first death was undone (§4): there is no second."""

    type = "rp-spare-life-spent"

    def apply(self, state: GameState) -> None:
        own(state).spare_life = False


@dataclass(frozen=True, slots=True)
class RichestNamed(Fact):
    """The richest citizen of the day (his house protected next night), or none."""

    type = "rp-richest"
    seat: int | None

    def apply(self, state: GameState) -> None:
        own(state).richest = self.seat


@dataclass(frozen=True, slots=True)
class SpecialSessionHeld(Fact):
    """Day `day` has a special session: none the next day (§6 Président)."""

    type = "rp-special-day"
    day: int

    def apply(self, state: GameState) -> None:
        own(state).special_day = self.day


@dataclass(frozen=True, slots=True)
class PlayersActed(Fact):
    """A player answered a question in night `night` or its day (stalemate.py)."""

    type = "rp-acted"
    night: int

    def apply(self, state: GameState) -> None:
        own(state).acted = self.night


@dataclass(frozen=True, slots=True)
class DeathCountChanged(Fact):
    """The number of the dead changed: `dead` since night `night` (stalemate.py)."""

    type = "rp-calm"
    night: int
    dead: int

    def apply(self, state: GameState) -> None:
        own(state).calm = [self.night, self.dead]


# -- the dead (§9, dead.py) and the village's dream (dream.py) -------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DeathRecorded(Fact):
    """`seat` died: last among the dead, his fate undecided, and (`choosing`) he has his fate to choose."""

    type = "rp-dead"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.dead = [*(x for x in o.dead if x != self.seat), self.seat]
        o.fate = {k: v for k, v in o.fate.items() if k != self.seat}
        if self.seat not in o.choosing:
            o.choosing = [*o.choosing, self.seat]


@dataclass(frozen=True, slots=True)
class FateAsked(Fact):
    """`seat` is asked his fate (or his renunciation) by `prompt`."""

    type = "rp-fate-asked"
    seat: int
    prompt: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.asked = {**o.asked, self.seat: self.prompt}


@dataclass(frozen=True, slots=True)
class QuestionClosed(Fact):
    """The question `seat` had open is closed (his renunciation answered or refused for him)."""

    type = "rp-fate-unasked"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.asked = {k: v for k, v in o.asked.items() if k != self.seat}


@dataclass(frozen=True, slots=True)
class FateChosen(Fact):
    """`seat` chose his fate (ghost, spirit, inheritance): he chooses no more and his question is closed."""

    type = "rp-fate"
    seat: int
    fate: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.fate = {**o.fate, self.seat: self.fate}
        o.choosing = [x for x in o.choosing if x != self.seat]
        o.asked = {k: v for k, v in o.asked.items() if k != self.seat}


@dataclass(frozen=True, slots=True)
class RevivedBeforeChoosing(Fact):
    """`seat`, revived, has no fate to choose."""

    type = "rp-fate-void"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.choosing = [x for x in o.choosing if x != self.seat]


@dataclass(frozen=True, slots=True)
class Revived(Fact):
    """`seat` lives again: no longer among the dead, his fate forgotten."""

    type = "rp-revived"
    seat: int

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.dead = [x for x in o.dead if x != self.seat]
        o.fate = {k: v for k, v in o.fate.items() if k != self.seat}


@dataclass(frozen=True, slots=True)
class SpecialtyInherited(Fact):
    """`heir` inherited the specialty `card` (the Assassin's price counts it, §5)."""

    type = "rp-inherited"
    heir: int
    card: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.inherited = {**o.inherited, self.heir: [*o.inherited.get(self.heir, []), self.card]}


@dataclass(frozen=True, slots=True)
class DreamBegan(Fact):
    """The village dreams of `fact`: the spirits choose their signs."""

    type = "rp-dream"
    fact: str

    def apply(self, state: GameState) -> None:
        own(state).dream = {"fact": self.fact}


@dataclass(frozen=True, slots=True)
class DreamEnded(Fact):
    """The spirits' signs are shown: the dream is over."""

    type = "rp-dream-end"

    def apply(self, state: GameState) -> None:
        own(state).dream = None


# -- the driver's prompts, by role (steps.py) ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PromptRemembered(Fact):
    """The prompt `prompt`, opened earlier in the command, is the step's for `role` (steps.remember_prompt)."""

    type = "rp-prompt"
    role: str
    prompt: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.prompts = {**o.prompts, self.role: self.prompt}


@dataclass(frozen=True, slots=True)
class PromptForgotten(Fact):
    """The step's prompt for `role` is done with (a move home asked once only, marriages.py)."""

    type = "rp-prompt-done"
    role: str

    def apply(self, state: GameState) -> None:
        o = own(state)
        o.prompts = {k: v for k, v in o.prompts.items() if k != self.role}


# -- older logs ------------------------------------------------------------------------------------------------------
@cache
def _adapter(path: str) -> TypeAdapter[Any]:
    """The type of a (dotted) field, to validate what an event sets: events come back from the store as JSON."""
    model: type[BaseModel] = Reptiliens
    *heads, last = path.split(".")
    for head in heads:
        model = model.model_fields[head].annotation  # type: ignore[assignment]
    return TypeAdapter(model.model_fields[last].annotation)  # type: ignore[arg-type]  # always annotated


@dataclass(frozen=True, slots=True)
class FieldWritten(Fact):
    """A field of the state (dotted for the night's and the day's scratch) set to `value`, as a log written before
    facts set it (`rp-set`); never emitted."""

    type = "rp-old-set"
    field: str
    value: Any

    def apply(self, state: GameState) -> None:
        target: Any = own(state)
        *heads, last = self.field.split(".")
        for head in heads:
            target = getattr(target, head)
        setattr(target, last, _adapter(self.field).validate_python(self.value))


def upgrade_set(state: GameState, data: dict[str, Any]) -> Iterable[Fact]:
    return [FieldWritten(data["field"], data["value"])]

