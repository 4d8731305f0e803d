"""The table of rulesets the server plays, filled by the composition root (app/games.py). A module of its own, below
the model: the state reads it to find its ruleset's own model and upgrades, and the ruleset interface (ruleset.py)
reads the state's model, so neither may hold it without an import cycle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.engine.errors import Rejected

if TYPE_CHECKING:
    from app.engine.ruleset import Ruleset

RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    RULESETS[ruleset.key] = ruleset
    return ruleset


def get_ruleset(key: str) -> Ruleset:
    """A registered ruleset (app/games.py registers the built-in ones at start)."""
    try:
        return RULESETS[key]
    except KeyError:
        raise Rejected("unknown_ruleset", f"Unknown ruleset {key!r}.", ruleset=key) from None
