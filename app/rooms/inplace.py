"""Deciding a command on the room's own working copy, without `apply`'s copy of the whole state.

`apply` (app/engine/core.py) decides on a clone so that its input is never touched: dumping and validating the
state again was 64 of the 90 µs a vote cost. The room service keeps two states per room instead: the committed
one, which readers (the hub, the web layer) see, and a working one, which only the service touches under the
room's lock. A command is decided in place on the working one; once its events are committed they are folded
into the committed one too. In the rare case a command must be undone (a rejection after some events were emitted,
an engine bug, a failed write), the working copy is cloned again from the committed one.
"""

from __future__ import annotations

import copy
import marshal
from typing import Any

from app.engine.core import decide_on
from app.engine.evolve import evolve
from app.engine.model import Command, Event, GameState


def decide_in_place(state: GameState, cmd: Command) -> list[Event]:
    """`apply` without its copy: `state` holds the outcome afterwards. If it raises (Rejected or a bug), `state`
    may hold part of a decision and must be thrown away. The events it returns share objects with `state`: keep
    `detached` copies of them."""
    return decide_on(state, cmd)


def _copied(value: Any) -> Any:
    # Event data is JSON-like: dicts, lists and scalars. Anything else takes the slow, general way.
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return copy.deepcopy(value)


def detached(event: Event) -> Event:
    """A copy of an event that shares nothing with it (nor with a state it was folded into): a state evolved with
    it can be changed in place without changing the log, and the other way round."""
    try:
        # marshal copies JSON-like data in C, three times faster than walking it here.
        data = marshal.loads(marshal.dumps(event.data))
    except ValueError:  # something marshal cannot write: the general way
        data = _copied(event.data)
    return Event.trusted(event.type, data, None if event.to is None else list(event.to), event.at, event.rng)


def fold(state: GameState, events: list[Event]) -> None:
    for event in events:
        evolve(state, event)
