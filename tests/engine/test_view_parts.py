"""The hub computes only the parts of a view that a command's events can have changed (views.effects) and sends
only those: after every command of random games, for every viewer, the view so refreshed must equal a whole one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.engine.core import apply
from app.engine.model import MJ, Command, Event
from app.engine.ruleset import get_ruleset
from app.engine.views import SPECTATOR, effects, omniscient, refresh, view
from app.sim import FAST, Game, bot_round
from app.sim_setups import random_setup as sim_setup


class Checked(Game):
    """A game that, after each command, compares every viewer's refreshed view with its whole view."""

    checked = 0
    light = 0

    def do(self, cmd: Command) -> list[Event]:
        viewers: list[int | str] = [MJ, SPECTATOR, *self.state.players]
        before = {v: view(self.state, v) for v in viewers}
        sees = {v: omniscient(self.state, v) for v in viewers}
        self.state, events = apply(self.state, cmd)
        self.events.extend(events)
        parts = effects(events)
        if "*" not in parts:
            Checked.light += 1
        for v in viewers:
            if v not in self.state.players and isinstance(v, int):
                continue  # left the lobby
            if omniscient(self.state, v) != sees[v]:
                continue  # the hub resends such a viewer's whole stream and view
            assert refresh(self.state, v, before[v], parts) == view(self.state, v), (cmd.type, events, v)
            Checked.checked += 1
        return events


def play_checked(ruleset: str, seed: int, players: int, options: dict[str, Any],
                 composition: list[str] | None) -> Checked:
    rnd = random.Random(seed)
    known = get_ruleset(ruleset).options_model.model_fields
    game = Checked(ruleset, seed, players, {**{k: v for k, v in FAST.items() if k in known}, **options})
    if composition:
        game.do(Command(type="configure", by=MJ, at=game.at, args={"composition": composition}))
    game.do(Command(type="start", by=MJ, at=game.at))
    for _ in range(400):
        if game.state.phase == "ended":
            break
        bot_round(game, rnd)
        if rnd.random() < 0.3:
            speaker = rnd.choice([*game.state.players, MJ])
            game.try_do(Command(type="say", by=speaker, at=game.at, args={"channel": "village", "text": "hm"}))
        game.tick()
    return game


@pytest.mark.parametrize("seed", range(6))
def test_refreshed_views_equal_whole_views_in_random_thiercelieux_games(seed: int) -> None:
    rnd = random.Random(seed)
    n = rnd.randint(6, 12)
    composition, options = sim_setup("thiercelieux", n, rnd)
    game = play_checked("thiercelieux", seed, n, options, composition)
    assert Checked.checked > 100 and Checked.light > 10 and game.state.night >= 1


@pytest.mark.parametrize("seed", range(3))
def test_refreshed_views_equal_whole_views_in_random_soupcons_games(seed: int) -> None:
    game = play_checked("soupcons", seed, 3 + seed, {}, None)
    assert Checked.checked > 50 and game.state.day >= 1


@pytest.mark.parametrize("seed", range(3))
def test_refreshed_views_equal_whole_views_in_random_reptiliens_games(seed: int) -> None:
    rnd = random.Random(seed)
    n = rnd.randint(6, 9)
    composition, options = sim_setup("reptiliens", n, rnd)
    game = play_checked("reptiliens", seed, n, options, composition)
    assert Checked.checked > 100 and game.state.night >= 1
