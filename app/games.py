"""The composition root: the games this server plays, and how its pages show each. The engine imports no ruleset
(app/engine/registry.py only keeps the table `RULESETS`); each ruleset package builds its `Ruleset` without
registering it, and `install` registers them, once, for every entry point: the app factory (app/main.py), the
command line (app/__main__.py) and the tests (tests/conftest.py). What the web layer needs of a game (its page
templates, how the home page presents it, the option "je joue aussi" sets) is page data, not rules: it is declared
here beside the ruleset (`Game`), so neither the engine nor app/web names a game. A new game is one entry here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from app.engine.ruleset import RULESETS, Ruleset, register


@dataclass(frozen=True)
class Game:
    """What the web layer shows of a ruleset (app/web/rulesets.py reads it):

    - `pages`: its own templates for "room" (the player page), "mj" (the console), "home" (its set-up page, served
      at /<key>: a game with one is offered on the home page); the generic page otherwise.
    - `presentation`: catalogue keys of its "name", "short" name (page headers) and "lead" (one line), and its
      "picture" (a static path).
    - `host_plays_option`: the option a room gets when its creator plays a seat (`play_as`), None when they cannot.
    """

    pages: Mapping[str, str] = field(default_factory=dict)
    presentation: Mapping[str, str] = field(default_factory=dict)
    host_plays_option: str | None = None


GAMES: dict[str, Game] = {}


def builtin() -> tuple[tuple[Ruleset, Game], ...]:
    from app.engine.rulesets.reptiliens import REPTILIENS  # seed 000
    from app.engine.rulesets.soupcons import SOUPCONS  # seed 002
    from app.engine.rulesets.thiercelieux import THIERCELIEUX  # seeds 001, 003, 004

    return (
        # Its set-up page at /thiercelieux; the shared room and console pages.
        (THIERCELIEUX, Game(pages={"home": "thiercelieux_home.html"},
                            presentation={"name": "game.thiercelieux.name", "short": "game.thiercelieux.short",
                                          "lead": "game.thiercelieux.lead",
                                          "picture": "/static/img/game-thiercelieux.svg"},
                            host_plays_option="host_plays")),
        # The shared pages with its stylesheet, its own set-up on the console, its set-up page at /reptiliens.
        # "Je joue aussi" (issue 22): the creator plays a seat; their MJ token runs the table and sees what a
        # spectator sees (views.omniscient), and no room may turn that sight back on (its fixed_options).
        (REPTILIENS, Game(pages={"room": "reptiliens.html", "mj": "reptiliens_mj.html",
                                 "home": "reptiliens_home.html"},
                          presentation={"name": "rp.name", "short": "page.rp-short", "lead": "page.rp-lead",
                                        "picture": "/static/img/game-reptiliens.svg"},
                          host_plays_option="host_plays")),
        # The table and console, its set-up page at /soupcons; its creator joins like anyone (no "je joue aussi").
        (SOUPCONS, Game(pages={"room": "soupcons.html", "mj": "soupcons_mj.html", "home": "soupcons_home.html"},
                        presentation={"name": "sc.name", "short": "sc.name", "lead": "sc.home.card",
                                      "picture": "/static/img/game-soupcons.svg"})),
    )


def install() -> dict[str, Ruleset]:
    """Registers the built-in rulesets and their page data (again is a no-op); returns the rulesets' table."""
    for rules, game in builtin():
        if rules.key not in RULESETS:
            register(rules)
        GAMES.setdefault(rules.key, game)
    return RULESETS


def game(key: str) -> Game:
    """A ruleset's page data (an empty one for a ruleset registered without: generic pages, no "je joue aussi")."""
    return GAMES.get(key) or Game()
