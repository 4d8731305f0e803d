"""The ruleset interface split by concern (issue 25, item 4): `Ruleset` implements every protocol of
app/engine/interfaces.py, each of its methods belongs to one of them with the same signature, and the engine's
functions that take a ruleset ask for the narrowest protocol they use."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from app.engine import channels, views
from app.engine.interfaces import Chat, Play, Records, SetUp, Sight
from app.engine.ruleset import RULESETS, Ruleset
from app.games import install

PROTOCOLS = (SetUp, Play, Sight, Chat, Records)


def members(protocol: type) -> set[str]:
    return {name for name in vars(protocol) if not name.startswith("_")} | set(
        getattr(protocol, "__annotations__", {}))


def test_ruleset_implements_every_protocol() -> None:
    assert all(p in Ruleset.__mro__ for p in PROTOCOLS)
    install()
    for rules in RULESETS.values():
        assert all(p in type(rules).__mro__ for p in PROTOCOLS), rules.key


def test_every_method_of_the_interface_has_a_concern() -> None:
    methods = {n for n, v in vars(Ruleset).items() if callable(v) and not n.startswith("_")}
    covered = set().union(*(members(p) for p in PROTOCOLS))
    assert methods - covered == set()
    attributes = {n for n in Ruleset.__annotations__}
    assert attributes - covered == set()


@pytest.mark.parametrize("protocol", PROTOCOLS, ids=lambda p: p.__name__)
def test_the_defaults_keep_the_protocols_signatures(protocol: type) -> None:
    for name, declared in vars(protocol).items():
        if name.startswith("_") or not callable(declared):
            continue
        given: Callable[..., Any] = getattr(Ruleset, name)
        assert inspect.signature(given) == inspect.signature(declared), name


def test_callers_ask_for_the_narrowest_protocol() -> None:
    def annotation(fn: Callable[..., Any], param: str) -> Any:
        return inspect.signature(fn).parameters[param].annotation

    fn: Callable[..., Any]
    for fn in (channels.channel_rules, channels.channels_of):
        assert annotation(fn, "ruleset") == "Chat"
    for fn in (views.card_seen, views.hidden_card, views.players_part):
        assert annotation(fn, "rules") == "Sight"
