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


def lobby(rules: Ruleset, players: int, composition: list[str], options: dict[str, Any]) -> GameState:
    """A lobby of `players` seats with this composition and these options, as the start would judge it."""
    return GameState(ruleset=rules.key, options=options, composition=composition,
                     players={n: Player(seat=n, name=f"#{n + 1}", position=n) for n in range(players)})


def planned_players(rules: Ruleset, composition: list[str], options: dict[str, Any]) -> int:
    """The players a composition is made for (the most whose table wants exactly its cards), 0 when none: a lobby
    still filling is judged against the table the MJ planned, not the seats taken so far."""
    fits = [n for n in range(rules.min_players, rules.max_players + 1)
            if rules.expected_cards(lobby(rules, n, composition, options)) == len(composition)]
    return max(fits, default=0)


def composition_check(rules: Ruleset, players: int, composition: list[str], options: dict[str, Any],
                      planned: bool = False) -> dict[str, Any]:
    """Everything a set-up page shows about a composition, so that it holds no rule: whether the game may start
    (`valid`, and `refusals` as catalogue keys with their params), the rules' advice (`warnings`, each with its
    key, and the balance), the cards a table wants (`expected_cards`), the cards the options allow
    (`allowed_roles`) and the suggested composition. `planned`: a lobby still filling, judged against the players
    the composition is made for when they are more. An empty composition is judged as the suggested one (the
    start deals it)."""
    found = planned_players(rules, composition, options) if composition else 0
    if planned:
        players = max(players, found)
    table = lobby(rules, players, composition, options)
    suggested = rules.suggested_for(table)
    judged = lobby(rules, players, composition or suggested, options)
    report = rules.composition_report(rules.table_size(judged), rules.reported_cards(judged))
    warnings = [{**w, "key": f"comp.warn.{w['code']}",
                 "params": {k: v for k, v in w.items() if k != "code"}} for w in report.get("warnings", [])]
    problem = start_problem(rules, players, composition or suggested, options)
    refusals = [] if problem is None else [{**problem, "key": f"error.{problem['code']}"}]
    return {**report, "warnings": warnings, "problem": problem, "valid": problem is None, "refusals": refusals,
            "players": players, "planned_players": found, "table_size": rules.table_size(judged),
            "expected_cards": rules.expected_cards(judged), "allowed_roles": rules.allowed_roles(judged),
            "suggested": suggested, "notes": rules.composition_notes(judged),
            "called_steps": rules.called_steps(judged)}


def start_problem(rules: Ruleset, players: int, composition: list[str],
                  options: dict[str, Any]) -> dict[str, Any] | None:
    """What would stop a game of these rules from starting with this composition in a lobby of `players` seats
    (the start's own checks), as a rejection's code, message and params; None when it may start."""
    lobby_ = lobby(rules, players, composition, options)
    try:
        if rules.table_size(lobby_) < rules.min_players:
            raise Rejected("not_enough_players", f"At least {rules.min_players} players are needed.",
                           min=rules.min_players)
        rules.check_composition(lobby_)
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
