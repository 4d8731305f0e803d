"""Typed facts: one class per thing that happened in a game, with its fields and how it changes the state.

A fact travels as an ordinary `Event` (its `type` is the fact's `type`, its `data` the fact's fields), so the store,
the hub, the views and the frames see nothing new; `Ctx.fact` emits one, with the audience decided where it is
emitted (`to`, as for any event). A ruleset lists its facts as a literal tuple in a `FactBook` (its manifest), with
the upgrades that turn the generic setters of its older logs into facts; `handlers` derives the evolve handlers
from it, with no decorator and no import side effect.

A fact is a frozen dataclass with slots rather than a pydantic model: it is built again from its data each time
its event is folded (twice a command: decided, then committed), with no validation, as `Event.trusted` does.
Measured on 5 fields: built from its data 1.4 µs (pydantic 1.9 µs validating, 4-5 µs by `model_construct`); built
and turned into data 2.7 µs (pydantic 3.4-3.8 µs). Not frozen it would build in 0.5 µs; frozen keeps `apply` from
changing the fact it reads. Its fields hold JSON values (lists, not tuples; dicts with string keys), since its data
is what the log stores and gives back.

A fact the players read in their journal says so itself: its `line` (a `Line`) names the catalogue's announcement
it reads as and which of its fields fill that line's params, so that no twin `announce` event restates it. The
pages learn the lines of a ruleset's facts from its data (`FactBook.lines`, `GET /api/rulesets/{key}`) and render
such a fact as that announcement: the same text, reaching the fact's own audience.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from app.engine.model import GameState

Handler = Callable[[GameState, dict[str, Any]], None]
# An old setter event's data, in the state it is folded into -> the facts it means; None: not one of the ruleset's
# (a setter the engine itself still emits), folded by the engine's own handler.
Upgrade = Callable[[GameState, dict[str, Any]], "Iterable[Fact] | None"]


@dataclass(frozen=True)
class Line:
    """The journal line a fact reads as: the catalogue's `announce.<key>` (with its `.3p` and `.none` forms), its
    params taken from the fact's fields (param -> field), named and shaped as an announcement of that key carries
    them (the page reads a `seat` as a seat, a `role` as a card). None while a field of `needs` is unset (a fact
    that clears a mark says nothing)."""

    key: str
    params: Mapping[str, str] = field(default_factory=dict)
    needs: tuple[str, ...] = ()

    def read(self, data: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
        """The announcement a fact's data reads as (key, params), or None."""
        if any(data.get(name) is None for name in self.needs):
            return None
        return self.key, {param: data.get(name) for param, name in self.params.items()}

    def page(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "needs": list(self.needs)}


@dataclass(frozen=True, slots=True)
class Fact(ABC):
    """Subclasses are `@dataclass(frozen=True, slots=True)` too, set `type` and say what they change (`apply`: a
    fact without it cannot be built), and `line` when the journal reads them."""

    type: ClassVar[str]
    line: ClassVar[Line | None] = None

    @abstractmethod
    def apply(self, state: GameState) -> None: ...

    def data(self) -> dict[str, Any]:
        """The event's data: the fact's fields by name (`__match_args__`: the dataclass's fields, in order)."""
        names: tuple[str, ...] = self.__match_args__
        return {name: getattr(self, name) for name in names}


@dataclass(frozen=True)
class FactBook:
    """A ruleset's facts (a literal tuple) and the upgrades of its older logs' setters (old event type -> upgrade)."""

    facts: tuple[type[Fact], ...]
    upgrades: Mapping[str, Upgrade] = field(default_factory=dict)

    def lines(self) -> dict[str, dict[str, Any]]:
        """The journal lines of the facts that have one, by fact type, as the pages read them (`Line.page`)."""
        return {kind.type: kind.line.page() for kind in self.facts if kind.line is not None}

    def line_of(self, type_: str, data: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
        """The announcement an event of this book reads as (key, params), or None."""
        for kind in self.facts:
            if kind.type == type_:
                return kind.line.read(data) if kind.line is not None else None
        return None


def _fold(kind: type[Fact]) -> Handler:
    def fold(state: GameState, data: dict[str, Any]) -> None:
        kind(**data).apply(state)

    return fold


def _upgrade(upgrade: Upgrade, engine: Handler | None) -> Handler:
    def fold(state: GameState, data: dict[str, Any]) -> None:
        facts = upgrade(state, data)
        if facts is None:
            if engine is not None:
                engine(state, data)
            return
        for fact in facts:
            fact.apply(state)

    return fold


def handlers(book: FactBook, engine: Mapping[str, Handler]) -> dict[str, Handler]:
    """The evolve handlers of a ruleset's facts, and of its upgrades, which take the place of the engine's handler
    of the old setter (`engine`: the engine's handlers, for what an upgrade leaves to them)."""
    out: dict[str, Handler] = {}
    for kind in book.facts:
        if kind.type in out or kind.type in engine:
            raise ValueError(f"two handlers for the fact type {kind.type!r}")
        out[kind.type] = _fold(kind)
    for old, upgrade in book.upgrades.items():
        out[old] = _upgrade(upgrade, engine.get(old))
    return out
