"""The composition root: the games this server plays. The engine imports no ruleset (app/engine/ruleset.py only
keeps the table `RULESETS`); each ruleset package builds its `Ruleset` without registering it, and `install`
registers them, once, for every entry point: the app factory (app/main.py), the command line (app/__main__.py)
and the tests (tests/conftest.py). A new game is one line here."""

from __future__ import annotations

from app.engine.ruleset import RULESETS, Ruleset, register


def builtin() -> tuple[Ruleset, ...]:
    from app.engine.rulesets.reptiliens import REPTILIENS  # seed 000
    from app.engine.rulesets.soupcons import SOUPCONS  # seed 002
    from app.engine.rulesets.thiercelieux import THIERCELIEUX  # seeds 001, 003, 004

    return (THIERCELIEUX, REPTILIENS, SOUPCONS)


def install() -> dict[str, Ruleset]:
    """Registers the built-in rulesets (again is a no-op); returns the table."""
    for rules in builtin():
        if rules.key not in RULESETS:
            register(rules)
    return RULESETS
