"""Whole games drawn from every role and variant of Thiercelieux (`simulate --roles all`'s draw: the official roles
beyond the seeds, bots, two characters each, 004's complications), with the secrecy checker after every command:
no view, prompt or event tells a seat what its card and the rules never told it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import app.sim as sim
from app.engine.model import Command, Event
from app.engine.ruleset import get_ruleset
from app.sim_setups import random_setup as sim_setup
from tests.support.engine import Secrets


class Checked(sim.Game):
    """A simulated game whose every command is checked."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.secrets = Secrets()
        super().__init__(*args, **kwargs)

    def do(self, cmd: Command) -> list[Event]:
        events = super().do(cmd)
        self.secrets.check(self.state, events)
        return events


@pytest.mark.parametrize("seed", range(2))
def test_games_of_every_role_keep_every_secret(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_ruleset("thiercelieux")
    rnd = random.Random(1000 + seed)
    monkeypatch.setattr(sim, "Game", Checked)
    dealt: set[str] = set()
    for i in range(10):
        n = rnd.randint(rules.min_players, min(rules.max_players, 18))
        composition, options = sim_setup(rules.key, n, rnd)
        options["dead_see_all"] = False  # checked apart: thiercelieux/test_dead_see_all.py
        game = sim.play("thiercelieux", seed * 1000 + i, n, options, composition=composition)
        assert game.state.phase == "ended"
        dealt |= {p.role for p in game.state.players.values() if p.role}
    assert len(dealt) > 12  # many roles met the checker
