"""A list of viewers typed as the engine's `Viewer` (seats are ints, the MJ and the spectators strings): the literal
`[*seats, MJ]` is a `list[object]` to mypy."""

from __future__ import annotations

from app.engine.sight import Viewer


def viewers(*each: Viewer) -> list[Viewer]:
    return list(each)
