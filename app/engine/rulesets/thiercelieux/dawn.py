"""Dawn: every intent of the night meets here, in the order of one explicit priority table (lykos'
transition_day), then the morning's effects. The whole table is in this file, rows and order, so "what kills at
dawn, and before what" is read in one place; the forecast of the night's deaths (`doomed`, for the seer called
after the witch) is the same table run dry, so the two cannot disagree."""

from __future__ import annotations

from collections.abc import Callable

from app.engine.context import Ctx
from app.engine.rulesets.thiercelieux.official_day import rust
from app.engine.rulesets.thiercelieux.official_solo import big_bad_wolf, seance_morning
from app.engine.rulesets.thiercelieux.resolution import (
    hamsters,
    killer,
    night_effects,
    poison,
    white_wolf,
    wolf_victims,
)
from app.engine.rulesets.thiercelieux.scratch import Scratch
from app.engine.rulesets.thiercelieux.state import Death

Row = Callable[[Ctx, bool], list[Death]]  # (ctx, apply): apply=False reads the night and changes nothing

# Earlier rows claim a death first: a player dies once, of the first cause listed.
RESOLUTION: tuple[tuple[str, Row], ...] = (
    ("wolves", wolf_victims),
    ("big_bad_wolf", big_bad_wolf),  # after the pack: the Ancien's first life goes to whichever wolf strikes first
    ("hamsters", hamsters),
    ("white_wolf", white_wolf),
    ("killer", killer),
    ("poison", poison),  # 001: the poison works even on a player the Salvateur protects
    ("rust", rust),  # the Chevalier's: whatever protects the wolf
)

# The morning's effects besides deaths, in order (after the `phase` event renewed the scratch: they read the night's).
MORNING: tuple[Callable[[Ctx, Scratch, set[int]], None], ...] = (
    night_effects,  # infection, charms, frogs, the raven's mark, the seer's announced role
    seance_morning,  # the Gitane's séance
)


def night_deaths(ctx: Ctx, apply: bool = True) -> list[Death]:
    deaths: list[Death] = []
    for _name, rule in RESOLUTION:
        for seat, source in rule(ctx, apply):
            if ctx.s.players[seat].alive and all(seat != d for d, _ in deaths):
                deaths.append((seat, source))
    return deaths


def doomed(ctx: Ctx) -> set[int]:
    """Who the night kills so far: dawn's table run dry (004, the seer called after the witch)."""
    return {seat for seat, _ in night_deaths(ctx, apply=False)}


def morning(ctx: Ctx, night: Scratch, dead: set[int]) -> None:
    for effect in MORNING:
        effect(ctx, night, dead)
