"""What the web layer asks of a ruleset: its rules' data (the `Ruleset`: player range, roles, options) and its page
data (app/games.py's `Game`: its templates, how the home page presents it, the option "je joue aussi" sets: their
MJ token then only runs the table, core.HOST_COMMANDS, and /r/CODE/mj sends them to their seat). No route or page
names a ruleset, and a new one needs no edit here."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from app.engine import Rejected
from app.engine.model import GameState, Player
from app.engine.ruleset import RULESETS, Role, Ruleset, get_ruleset
from app.games import game
from app.rooms.service import Room

PAGES = ("room", "mj", "home")


def load(default: str) -> dict[str, Ruleset]:
    """Every ruleset (app/games.py registered them), checking the default one exists: called once, when the
    app is made, so that the routes below see them all and a wrong DEFAULT_RULESET stops the start."""
    try:
        get_ruleset(default)
    except Rejected:
        known = ", ".join(sorted(RULESETS))
        raise ValueError(f"DEFAULT_RULESET {default!r} is not a ruleset (known: {known})") from None
    for rules in RULESETS.values():
        unknown = set(pages(rules)) - set(PAGES)
        if unknown:  # a typo would silently serve the generic page
            raise ValueError(f"ruleset {rules.key!r} declares unknown pages {sorted(unknown)}")
    return RULESETS


def pages(rules: Ruleset) -> dict[str, str]:
    return dict(game(rules.key).pages)


def template(ruleset: str, page: str) -> str:
    """The template of a room's page: the ruleset's own, else the generic `<page>.html`."""
    return pages(get_ruleset(ruleset)).get(page, f"{page}.html")


def homes() -> dict[str, str]:
    """The rulesets with a home page of their own, and its template."""
    return {key: found for key, rules in sorted(RULESETS.items()) if (found := pages(rules).get("home"))}


def games(default: str) -> list[dict[str, Any]]:
    """The games the home page offers, the default ruleset first: each ruleset with a set-up page, its player
    range, picture, set-up URL and the catalogue keys of its name and line (the key itself when it declares none)."""
    found = []
    for key, rules in sorted(RULESETS.items(), key=lambda item: (item[0] != default, item[0])):
        if "home" in pages(rules):
            found.append({"key": key, "min_players": rules.min_players, "max_players": rules.max_players,
                          "advised_players": rules.advised_players, "setup": f"/{key}", **presentation(rules)})
    return found


def presentation(rules: Ruleset) -> dict[str, str]:
    given = game(rules.key).presentation
    name = given.get("name", rules.key)
    return {"name": name, "short": given.get("short", name), "lead": given.get("lead", ""),
            "picture": given.get("picture", "/static/img/icon.svg")}


def start_problem(rules: Ruleset, players: int, composition: list[str],
                  options: dict[str, Any]) -> dict[str, Any] | None:
    """What would stop a game of these rules from starting with this composition in a lobby of `players` seats
    (the start's own checks), as a rejection's code, message and params; None when it may start."""
    lobby = GameState(ruleset=rules.key, options=options, composition=composition,
                      players={n: Player(seat=n, name=f"#{n + 1}", position=n) for n in range(players)})
    try:
        if rules.table_size(lobby) < rules.min_players:
            raise Rejected("not_enough_players", f"At least {rules.min_players} players are needed.",
                           min=rules.min_players)
        rules.check_composition(lobby)
    except Rejected as exc:
        found: dict[str, Any] = exc.rejection.model_dump()
        return found
    return None


def host_plays_option(ruleset: str) -> str | None:
    return game(get_ruleset(ruleset).key).host_plays_option


def host_plays(room: Room) -> bool:
    """Whether the room's creator plays a seat (their MJ token only runs the table)."""
    option = host_plays_option(room.ruleset)
    return bool(option and room.state.options.get(option))


def role_data(role: Role) -> dict[str, Any]:
    """A card as the API lists it: what the card says the pages may know (`Role.info()`: key, camp, unique and the
    ruleset's own fields), else its plain data fields, not its night steps or tags."""
    info = getattr(role, "info", None)
    if callable(info):
        found: dict[str, Any] = info()
        return found
    plain = (str, bool, int, float, type(None))
    return {f.name: value for f in fields(role) if isinstance(value := getattr(role, f.name), plain)}
