"""The shape of what the engine sends a viewer (views.py): typed, as the contract the pages are written against.

TypedDicts rather than pydantic models: a view is built for every viewer after every command (the hot path the
bench measures), as plain dicts; a TypedDict types that dict for mypy at no cost at run time, and pydantic still
reads it (`TypeAdapter(View)`) to check a real view or write its JSON Schema (`view_schema`), from which the pages'
types are made. A ruleset adds its own keys to a view (`Ruleset.view_extra`: Reptiliens' village, Soupçons' hands);
they are the ruleset's, outside this engine-wide shape, and a validation ignores them.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from pydantic import TypeAdapter
from typing_extensions import TypedDict  # pydantic reads a TypedDict of typing only from Python 3.12


class StepView(TypedDict):
    key: str
    started: float | None
    deadline: float | None


class SuspendedView(TypedDict):
    """A step an invoked action set aside, which resumes where it was."""

    key: str | None
    at: float


class ViewerView(TypedDict):
    kind: Literal["mj", "seat", "spectator"]
    seat: NotRequired[int]


class OwnCard(TypedDict):
    card: str | None
    original: str | None
    revealed: bool


class PlayerView(TypedDict):
    """A seat as the viewer sees it: `role` (and `cards` where a seat has several) only where the viewer may know."""

    seat: int
    name: str
    position: int
    alive: bool
    role: str | None
    offices: list[str]
    me: bool
    controller: int | None
    cards: NotRequired[dict[str, str | None]]


# A question as the viewer sees it: answers and reasons by seat (JSON keys), only those it may see; "as" (a Python
# keyword, hence this form): which of the viewer's characters answers.
PromptView = TypedDict("PromptView", {
    "id": str,
    "step": str,
    "kind": str,
    "options": list[Any],
    "min": int,
    "max": int,
    "policy": str,
    "deadline": float | None,
    "mine": bool,
    "answers": dict[str, Any],
    "reasons": dict[str, str],
    "info": dict[str, Any],
    "optional": bool,
    "visibility": str,
    "locks_at": float | None,
    "may_change": bool,
    "suspended": NotRequired[bool],
    "to": NotRequired[list[int]],
    "to_mj": NotRequired[bool],
    "as": NotRequired[int],
})


class MeView(TypedDict):
    seat: int
    name: str
    role: str | None
    original_role: str | None
    alive: bool
    cards: NotRequired[dict[str, OwnCard]]


class ChannelView(TypedDict):
    name: str
    write: bool
    # To the MJ who sees all, on a channel whose messages they may pass on (`Ruleset.relay_to`): the seats that
    # would hear it now (empty: nobody listens now).
    relay_to: NotRequired[list[int]]


class MjView(TypedDict):
    """What only a game master who sees all is shown; a ruleset adds its bookkeeping (`Ruleset.mj_view`)."""

    queue: list[dict[str, Any]]
    pending: dict[str, Any]
    wake_at: float | None
    min_end: float | None
    tags: dict[str, dict[str, Any]]
    composition_report: NotRequired[dict[str, Any]]


class View(TypedDict):
    ruleset: str
    phase: Literal["lobby", "night", "day", "ended"]
    night: int
    day: int
    step: StepView | None
    paused: bool
    options: dict[str, Any]
    composition: list[str]
    players: list[PlayerView]
    prompts: list[PromptView]
    viewer: ViewerView
    result: dict[str, Any] | None
    channels: list[ChannelView]
    options_next: NotRequired[dict[str, Any]]
    suspended: NotRequired[list[SuspendedView]]
    me: NotRequired[MeView]
    mj: NotRequired[MjView]
    characters: NotRequired[list[dict[str, Any]]]  # a player's other characters (004)


VIEW = TypeAdapter(View)


def view_schema() -> dict[str, Any]:
    """The JSON Schema of a view, for the pages' types."""
    return VIEW.json_schema()
