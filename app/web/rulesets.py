"""What the web layer asks of a ruleset, read as data its class declares (defaults on `Ruleset`), so that no
route or page names one and a new ruleset needs no edit here (the default in brackets):

- `pages: dict[str, str]` [{}]: its own template for a page: "room" (the player page), "mj" (the console),
  "home" (its own home page, served at /<key>), "home_card" (its card on the home page of the default ruleset).
- `host_plays_option: str | None` [None]: the option a room gets when its creator plays a seat (`play_as`): their
  MJ token then only runs the table (deps.HOST_COMMANDS) and /r/CODE/mj sends them to their seat.
- `http_routers: tuple[str, ...]` [()]: "module:attribute" of FastAPI routers of its own, mounted by the app.
"""

from __future__ import annotations

from dataclasses import fields
from importlib import import_module
from typing import Any

from fastapi import APIRouter

from app.engine import Rejected
from app.engine.ruleset import RULESETS, Role, Ruleset, get_ruleset
from app.rooms.service import Room

PAGES = ("room", "mj", "home", "home_card")


def load(default: str) -> dict[str, Ruleset]:
    """Every ruleset (a lookup imports the built-in ones), checking the default one exists: called once, when the
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
    return rules.pages


def template(ruleset: str, page: str) -> str:
    """The template of a room's page: the ruleset's own, else the generic `<page>.html`."""
    return pages(get_ruleset(ruleset)).get(page, f"{page}.html")


def homes() -> dict[str, str]:
    """The rulesets with a home page of their own, and its template."""
    return {key: found for key, rules in sorted(RULESETS.items()) if (found := pages(rules).get("home"))}


def home_cards(default: str) -> list[str]:
    """The cards the home page shows for the other rulesets' home pages."""
    return [card for key, rules in sorted(RULESETS.items())
            if key != default and (card := pages(rules).get("home_card"))]


def host_plays_option(ruleset: str) -> str | None:
    return get_ruleset(ruleset).host_plays_option


def host_plays(room: Room) -> bool:
    """Whether the room's creator plays a seat (their MJ token only runs the table)."""
    option = host_plays_option(room.ruleset)
    return bool(option and room.state.options.get(option))


def routers() -> list[APIRouter]:
    """The routers the rulesets bring, each mounted once (two rulesets may share one)."""
    found: dict[str, APIRouter] = {}
    for rules in sorted(RULESETS.values(), key=lambda r: r.key):
        for path in rules.http_routers:
            if path not in found:
                module, _, name = path.partition(":")
                router = getattr(import_module(module), name or "router")
                if not isinstance(router, APIRouter):
                    raise TypeError(f"{path} (ruleset {rules.key!r}) is not an APIRouter")
                found[path] = router
    return list(found.values())


def role_data(role: Role) -> dict[str, Any]:
    """A card as the API lists it: what the card says the pages may know (`Role.info()`: key, camp, unique and the
    ruleset's own fields), else its plain data fields, not its night steps or tags."""
    info = getattr(role, "info", None)
    if callable(info):
        found: dict[str, Any] = info()
        return found
    plain = (str, bool, int, float, type(None))
    return {f.name: value for f in fields(role) if isinstance(value := getattr(role, f.name), plain)}
