"""Shared by the tests: helpers first written for tests/engine/test_step_stack.py."""
from __future__ import annotations

from typing import Any

from app.engine.core import new_state
from app.engine.model import MJ, SYSTEM
from tests.support.scripted import Scripted
from tests.support.tiny_ruleset import KEY

T0 = 1_000.0


class Table(Scripted):
    def __init__(self, players: int = 4, start: bool = True, **options: Any) -> None:
        self.state, self.events = new_state(KEY, 3, options, at=T0)
        self.at = T0
        for seat in range(players):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        if start:
            self.do("start", MJ)

    def vote(self) -> Any:
        return self.prompt("vote")
