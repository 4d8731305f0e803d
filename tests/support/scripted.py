"""What the scripted games of the engine tests share (tests/support/engine.py `Script`, tests/support/soupcons.py
`Table`): send a command as someone at the current time, expect a refusal, answer an open prompt. Each subclass
checks secrecy after every accepted command in `check`."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.core import apply
from app.engine.errors import Rejected
from app.engine.model import MJ, Command, Event, GameState, Prompt


class Scripted:
    state: GameState
    events: list[Event]
    at: float

    def check(self, events: list[Event]) -> None:
        """The secrecy check run after every accepted command (none by default)."""

    def do(self, type_: str, by: int | str = MJ, **args: Any) -> list[Event]:
        self.state, events = apply(self.state, Command(type=type_, by=by, at=self.at, args=args))
        self.events.extend(events)
        self.check(events)
        return events

    def rejected(self, type_: str, by: int | str = MJ, **args: Any) -> str:
        """The rejection code of a command that must be refused (the state is left as it was)."""
        before = self.state.model_dump()
        with pytest.raises(Rejected) as info:
            self.do(type_, by, **args)
        assert self.state.model_dump() == before
        return info.value.rejection.code

    def open_prompts(self, step: str | None = None) -> list[Prompt]:
        return [p for p in self.state.prompts.values() if not p.closed and (step is None or p.step == step)]

    def prompt(self, step: str) -> Prompt:
        found = self.open_prompts(step)
        assert len(found) == 1, f"expected one open {step!r} prompt, found {[p.step for p in self.open_prompts()]}"
        return found[0]

    def answer(self, seat: int, step: str, answer: Any) -> list[Event]:
        return self.do("answer", seat, prompt=self.prompt(step).id, answer=answer)
