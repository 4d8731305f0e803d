"""Shared by the tests: helpers first written for tests/rooms/test_hub_frames.py."""
from __future__ import annotations

import json
import random
from typing import Any, TypeVar

from app.engine.core import apply
from app.engine.model import MJ, Command, Event
from app.engine.ruleset import get_ruleset
from app.engine.views import SPECTATOR, view
from app.realtime.hub import Connection, Hub
from app.rooms.service import Room
from app.sim import Game, play
from app.sim_setups import random_setup as sim_setup
from tests.support.viewers import viewers
from tools.client import updated


class Sink:
    """A socket that keeps what it is sent; its sends never wait."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []  # not yet checked
        self.sent: list[dict[str, Any]] = []  # all of them

    async def send_text(self, data: str) -> None:
        self.frames.append(json.loads(data))
        self.sent.append(self.frames[-1])

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        raise AssertionError("no socket is closed here")


class Watched(Game):
    """A game whose every command is published by a real Hub to a socket per viewer; after each, every viewer's
    rebuilt view is compared with the server's."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any]) -> None:
        super().__init__(ruleset, seed, players, options)
        self.room = Room(id="r", code="ABCD", ruleset=ruleset, mj_token_hash="", state=self.state,
                         events=self.events)
        self.hub = Hub()
        self.clients: dict[int | str, tuple[Sink, dict[str, Any]]] = {}
        self.checked = 0
        self.by_id = 0  # prompts an update named by their id rather than sent again
        self.itemized = 0  # updates that sent the prompts item by item
        for viewer in viewers(MJ, SPECTATOR, *self.state.players):
            sink = Sink()
            self.hub.attach(self.room, Connection(sink, "r", viewer), None)
            self.clients[viewer] = (sink, {})
        self.check()

    def do(self, cmd: Command) -> list[Event]:
        self.state, events = apply(self.state, cmd)
        self.events.extend(events)
        if not hasattr(self, "room"):  # the joins, before anyone watches
            return events
        self.room.state = self.state
        self.hub.publish(self.room, events)
        self.check()
        return events

    def check(self) -> None:
        for viewer, (sink, held) in self.clients.items():
            for frame in sink.frames:
                if "view" in frame:
                    held = frame["view"]
                else:
                    assert frame["type"] == "update", frame
                    self.itemized += "items" in frame
                    self.by_id += sum(isinstance(i, str) for i in (frame.get("items") or {}).get("prompts", []))
                    held = updated(held, frame)
            sink.frames.clear()
            self.clients[viewer] = (sink, held)
            assert held == json.loads(json.dumps(view(self.state, viewer))), (viewer, self.events[-3:])
            self.checked += 1


W = TypeVar("W", bound=Watched)


def watched(ruleset: str, seed: int, kind: type[W]) -> W:
    rnd = random.Random(seed)
    rules = get_ruleset(ruleset)
    n = rnd.randint(max(6, rules.min_players), min(10, rules.max_players))
    composition, options = sim_setup(rules.key, n, rnd) if ruleset != "soupcons" else (None, {})
    return play(ruleset, seed, n, options, composition=composition, kind=kind)
