"""The room service as a state machine (issue 26, item 6): hypothesis drives one room through the real
`RoomService`, its store and its hub, step by step, and checks after every step what the service promises.

Steps: create a room (Thiercelieux, automatic or with an MJ, or Soupçons) with a few seats; joins and departures;
the lobby's configure and start; answers to the prompts a seat's own view shows it (some refused by the rules);
chat; the MJ's overrides (advance, extend, pause, resume, undo, kill, close a question, hide a message, answer for
a seat); ticks and silent waits at times the test sets (the service's injected clock, never the real one); a
restart (a new service and hub on the same database: the room reloads from its snapshot and the log after it);
substitutes and hand-overs (a seat's token replaced: its sockets are kicked, the old token refused); sockets
dropped and reconnected, resuming from the count they hold or from nothing.

After every step:
- the committed state, the working state and a replay of the log read back from the database are the same, and
  the log in memory is the stored one;
- every socket's frames were gap-free (each frame's `from` is the count the client held), its events are exactly
  those of its viewer's stream, and its view rebuilt from the frames is the server's view for it;
- a refused command changed nothing: no state, no log row, no frame.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import Any
from unittest.mock import patch

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from app.bots import random_answer
from app.engine import Event, GameState, Rejected, replay
from app.engine.model import MJ
from app.engine.views import SPECTATOR, public_event, view
from app.realtime.hub import Connection, Hub, stream, stream_kind
from app.rooms.handover import hand_over
from app.rooms.service import Room, RoomService, from_row
from app.store import repository as repo
from app.store.db import Database
from tools.client import updated

Viewer = int | str
T0 = 1_000_000.0
SNAPSHOT_EVERY = 7  # small, so that a restart reads a snapshot and the events after it
# Short clocks: a few ticks carry a Thiercelieux night and day through.
THIERCELIEUX = {"captain": False, "night_step": 30, "plausible_min": 1, "plausible_max": 3, "dawn": 1,
                "debate": 5, "vote": 20, "election": 20, "reaction": 10}
SOUPCONS = {"turn": 20, "reply": 10, "bot_delay": 1}
# Some are refused: a look-alike of one already seated, a name the game uses, nothing visible.
NAMES = ["Alice", "Bruno", "Chloé", "Denis", "Émile", "Fanny", "Gaston", "Hélène", "alice", "MJ", "   "]
COMPOSITIONS = [
    ["loup-garou", "voyante", "villageois", "villageois", "villageois"],
    ["loup-garou", "sorciere", "villageois", "villageois"],
    ["loup-garou", "loup-garou", "voyante", "sorciere", "chasseur", "villageois"],
    ["loup-garou", "villageois", "villageois"],
    ["no-such-role"],
]
OPTIONS = [{"captain": True}, {"vote": 15}, {"turn": 15}, {"max_rounds": 3}, {"no_such_option": 1}]
CHANNELS = ["village", "spectators", "loups", "dead", "mj:0"]
OVERRIDES = ["advance", "extend", "pause", "resume", "undo", "kill", "close_prompt", "hide"]
KICKS = ("substituted", "handed_over", "left")


def plain(value: Any) -> Any:
    """As JSON gives it back (seat keys as strings, tuples as lists)."""
    return json.loads(json.dumps(value))


def shown(event: dict[str, Any]) -> dict[str, Any]:
    """An event as compared between what a client holds and the server's stream: a chat message's text goes once
    the MJ hides it, so it is left out on both sides."""
    data = event["data"]
    if event["type"] == "said":
        data = {k: v for k, v in data.items() if k not in ("text", "hidden")}
    return {"type": event["type"], "at": event["at"], "data": data}


def facts(event: Event) -> tuple[Any, ...]:
    return event.type, event.at, event.data, event.to, event.rng


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


class Sink:
    """One socket: keeps the frames it is sent (its sends never wait) and how it was closed."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.closed: tuple[int, str | None] | None = None

    async def send_text(self, data: str) -> None:
        assert self.closed is None, "a frame after the close"
        self.frames.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = (code, reason)


class Screen:
    """A viewer's client: its stream (events and count) and its view, rebuilt from its socket's frames the way
    tools/client.py and the pages do, with the gap check of tools/client.py `_take`."""

    def __init__(self, viewer: Viewer, token: str | None) -> None:
        self.viewer = viewer
        self.token = token
        self.events: list[dict[str, Any]] = []
        self.n = 0
        self.kind: str | None = None  # the `stream` of the frames held
        self.view: dict[str, Any] = {}
        self.sink: Sink | None = None
        self.conn: Connection | None = None
        self.kicked: str | None = None

    def read(self) -> None:
        assert self.sink is not None
        frames, self.sink.frames = self.sink.frames, []
        for frame in frames:
            assert self.kicked is None, f"{self.viewer}: a frame after the kick: {frame}"
            kind = frame["type"]
            if kind == "error":
                assert frame["code"] in KICKS, frame
                self.kicked = frame["code"]
                continue
            assert kind in ("welcome", "sync", "update"), frame
            if kind == "sync" or (kind == "welcome" and frame["from"] == 0):
                self.events = self.events[: frame["from"]]
            assert frame["from"] == len(self.events), \
                f"{self.viewer}: stream gap: held {len(self.events)}, frame from {frame['from']}"
            self.events.extend(frame["events"])
            assert frame["n"] == len(self.events), f"{self.viewer}: n {frame['n']} for {len(self.events)} events"
            self.n = frame["n"]
            self.kind = frame["stream"]
            self.view = frame["view"] if "view" in frame else updated(self.view, frame)


class RoomMachine(RuleBasedStateMachine):
    def __init__(self, url: str, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.url = url
        self.loop = loop
        self.clock = Clock()
        self.dbs: list[Database] = []
        self.svc, self.hub = self.service()
        self.room: Room | None = None
        self.mj_token = ""
        self.screens: dict[Viewer, Screen] = {}  # the current holder of each viewer (a new one after a kick)
        # The stored log read so far and its replay, extended at every step (a replay is a fold).
        self.log: list[Event] = []
        self.replayed = GameState()
        self.restarted_at = -1  # the log's length at the last restart

    # -- plumbing ---------------------------------------------------------------------------------------------
    def run(self, coro: Awaitable[Any]) -> Any:
        async def settled() -> Any:
            out = await coro
            for _ in range(3):  # the sockets' closes, queued by kicks
                await asyncio.sleep(0)
            return out

        return self.loop.run_until_complete(settled())

    def service(self) -> tuple[RoomService, Hub]:
        db = Database(self.url)
        self.dbs.append(db)
        svc = RoomService(db, snapshot_every=SNAPSHOT_EVERY, clock=self.clock)
        hub = Hub()
        svc.publisher = hub
        return svc, hub

    @property
    def r(self) -> Room:
        assert self.room is not None
        return self.room

    def seats(self) -> list[int]:
        return sorted(v for v in self.screens if isinstance(v, int))

    async def stored(self, after: int = 0) -> list[Event]:
        """The room's events as the database holds them, after the first `after`."""
        async with self.svc.db.session() as s:
            return [from_row(row) for row in await repo.load_events(s, self.r.id, after)]

    def connect(self, screen: Screen, resume: bool) -> None:
        held, kind = screen.n, screen.kind
        screen.sink = Sink()
        screen.conn = Connection(screen.sink, self.r.id, screen.viewer)
        self.hub.attach(self.r, screen.conn, held if resume else None, kind if resume else None)
        welcome = screen.sink.frames[0]
        if resume and kind == stream_kind(screen.conn):
            # A reconnection catches up exactly: from the count the client holds, nothing sent again.
            assert welcome["from"] == held, (welcome["from"], held)
        elif not resume:
            assert welcome["from"] == 0
        screen.read()

    async def seat(self, viewer: Viewer, token: str | None) -> None:
        """A new client for the viewer, on a new device: it proves its token first, as a socket's hello does."""
        assert await self.svc.authenticate(self.r, token) == viewer
        screen = Screen(viewer, token)
        self.screens[viewer] = screen
        self.connect(screen, resume=False)

    def attempt(self, act: Callable[[], Awaitable[Any]]) -> Any:
        """Run a command; if it is refused, nothing may have changed (state, log, stored rows, frames)."""
        self.read_all()  # what earlier commands of the same step sent
        room = self.r
        before = room.state.model_dump()
        count = len(room.events)
        try:
            return self.run(act())
        except Rejected:
            assert room.state.model_dump() == before
            assert room.work.model_dump() == before
            assert len(room.events) == count
            assert not self.run(self.stored(count)), "a refused command wrote to the log"
            for screen in self.screens.values():
                assert screen.sink is None or not screen.sink.frames, f"{screen.viewer} got a frame"
            return None

    def read_all(self) -> None:
        for screen in self.screens.values():
            if screen.conn is not None:
                screen.read()

    def teardown(self) -> None:
        async def close() -> None:
            await self.svc.close()
            for db in self.dbs:
                await db.dispose()

        self.run(close())

    # -- the room ---------------------------------------------------------------------------------------------
    @initialize(game=st.sampled_from(["auto", "mj", "soupcons"]), players=st.integers(2, 6), start=st.booleans(),
                seed=st.integers(0, 2**63 - 1))
    def create(self, game: str, players: int, start: bool, seed: int) -> None:
        # The room's seed is drawn by hypothesis, not by the server's secrets: the same steps must make the same game
        # (the deal, the prompts), or a precondition (whose turn, which prompt) varies between runs of an example.
        async def go() -> None:
            with patch.object(secrets, "randbits", lambda _bits: seed):
                await made()

        async def made() -> None:
            if game == "soupcons":
                self.room, self.mj_token = await self.svc.create_room("soupcons", SOUPCONS)
            else:
                self.room, self.mj_token = await self.svc.create_room("thiercelieux",
                                                                      {**THIERCELIEUX, "moderation": game})
            await self.seat(MJ, self.mj_token)
            await self.seat(SPECTATOR, None)

        self.run(go())
        for name in NAMES[:players]:
            self.join(name)
        if start:  # most steps are then the game's, not the lobby's
            self.start()

    @rule(name=st.sampled_from(NAMES))
    def join(self, name: str) -> None:
        joined = self.attempt(lambda: self.svc.join(self.r, name))
        if joined is not None:
            seat, token = joined
            self.run(self.seat(seat, token))

    @precondition(lambda self: self.r.state.phase == "lobby" and self.seats())
    @rule(pick=st.integers(0, 50), by_mj=st.booleans())
    def leave(self, pick: int, by_mj: bool) -> None:
        seat = self.seats()[pick % len(self.seats())]
        if by_mj:
            done = self.attempt(lambda: self.svc.submit(self.r, MJ, "leave", {"seat": seat}))
        else:
            done = self.attempt(lambda: self.svc.submit(self.r, seat, "leave"))
        if done is not None:
            self.kicked(seat, "left")
            del self.screens[seat]

    @precondition(lambda self: self.r.state.phase == "lobby")
    @rule(composition=st.sampled_from([None, *COMPOSITIONS]), options=st.sampled_from([None, *OPTIONS]))
    def configure(self, composition: list[str] | None, options: dict[str, Any] | None) -> None:
        args: dict[str, Any] = {}
        if composition is not None:
            args["composition"] = composition
        if options is not None:
            args["options"] = options
        self.attempt(lambda: self.svc.submit(self.r, MJ, "configure", args))

    @precondition(lambda self: self.r.state.phase == "lobby")
    @rule()
    def start(self) -> None:
        self.attempt(lambda: self.svc.submit(self.r, MJ, "start"))

    # -- the game -----------------------------------------------------------------------------------------------
    def answerable(self) -> list[tuple[Viewer, dict[str, Any], dict[str, Any]]]:
        """(who answers, the prompt as their view shows it, that view): each seat's own prompts, the MJ's."""
        out: list[tuple[Viewer, dict[str, Any], dict[str, Any]]] = []
        viewers: list[Viewer] = [*self.seats(), MJ]
        for viewer in viewers:
            seen = view(self.r.state, viewer)
            out += [(viewer, p, seen) for p in seen.get("prompts", []) if p.get("mine")]
        return out

    @precondition(lambda self: self.r.state.phase in ("night", "day") and self.answerable())
    @rule(pick=st.integers(0, 50), seed=st.integers(0, 2**16), for_seat=st.booleans())
    def answer(self, pick: int, seed: int, for_seat: bool) -> None:
        options = self.answerable()
        viewer, prompt, seen = options[pick % len(options)]
        rnd = random.Random(seed)
        me = viewer if isinstance(viewer, int) else None
        args: dict[str, Any] = {"prompt": prompt["id"], "answer": random_answer(prompt, rnd, me, seen)}
        by: Viewer = viewer
        if for_seat and isinstance(viewer, int):
            by, args["seat"] = MJ, viewer  # the MJ answers for the seat (an override, refused to a host who plays)
        self.attempt(lambda: self.svc.submit(self.r, by, "answer", args))

    @rule(pick=st.integers(0, 50), channel=st.sampled_from(CHANNELS), from_view=st.booleans())
    def say(self, pick: int, channel: str, from_view: bool) -> None:
        viewers: list[Viewer] = [MJ, SPECTATOR, *self.seats()]
        viewer = viewers[pick % len(viewers)]
        if from_view:
            named = [c["name"] for c in view(self.r.state, viewer).get("channels", []) if c.get("write")]
            channel = named[pick % len(named)] if named else channel
        args = {"channel": channel, "text": f"message {len(self.r.events)}"}
        if viewer == SPECTATOR:
            args["name"] = "Quidam"
        self.attempt(lambda: self.svc.submit(self.r, viewer, "say", args))

    @rule(action=st.sampled_from(OVERRIDES), pick=st.integers(0, 50),
          seconds=st.sampled_from([-20.0, 15.0, 60.0]))
    def override(self, action: str, pick: int, seconds: float) -> None:
        state = self.r.state
        args: dict[str, Any] = {}
        if action == "extend":
            args["seconds"] = seconds
        elif action == "kill":
            seats = sorted(state.players)
            args["seat"] = seats[pick % len(seats)] if seats else 0
        elif action == "close_prompt":
            ids = sorted(p.id for p in state.prompts.values() if not p.closed)
            args["prompt"] = ids[pick % len(ids)] if ids else "none"
        elif action == "hide":
            numbers = sorted(int(m) for m in state.messages)
            args["message"] = numbers[pick % len(numbers)] if numbers else 0
        self.attempt(lambda: self.svc.submit(self.r, MJ, action, args))

    # -- time ---------------------------------------------------------------------------------------------------
    @rule(to_wake=st.booleans(), seconds=st.sampled_from([0.5, 2.0, 7.0, 40.0]))
    def tick(self, to_wake: bool, seconds: float) -> None:
        """The timer fires: at the wake-up the room asked for, or after some time."""
        wake = self.r.state.wake_at
        self.clock.now = max(self.clock.now, wake) if to_wake and wake is not None else self.clock.now + seconds
        self.run(self.svc.tick(self.r.id))

    @rule(seconds=st.sampled_from([1.0, 10.0, 100.0]))
    def wait(self, seconds: float) -> None:
        """Time passes and no timer fires (a late one): the next command settles what is due."""
        self.clock.now += seconds

    # -- the process and the sockets ---------------------------------------------------------------------------
    @precondition(lambda self: len(self.r.events) != self.restarted_at)
    @rule()
    def restart(self) -> None:
        """A new process on the same database: the room reloads from its snapshot and the log after it, and every
        client that was connected resumes from the count it holds."""
        old = self.r
        self.run(self.svc.close())
        self.svc, self.hub = self.service()
        room = self.run(self.svc.get(old.id))
        assert room is not None and room is not old
        assert room.state.model_dump() == old.state.model_dump()
        assert [facts(e) for e in room.events] == [facts(e) for e in old.events]
        self.restarted_at = len(room.events)
        self.room = room
        for screen in self.screens.values():
            if screen.conn is not None:
                self.connect(screen, resume=True)

    def held(self, connected: bool) -> list[Screen]:
        return [s for s in self.screens.values() if (s.conn is not None) == connected]

    @precondition(lambda self: self.held(True))
    @rule(pick=st.integers(0, 50))
    def drop(self, pick: int) -> None:
        """A socket is lost (the phone went to sleep)."""
        held = self.held(True)
        screen = held[pick % len(held)]
        assert screen.conn is not None
        self.hub.detach(screen.conn)
        screen.conn = screen.sink = None

    @precondition(lambda self: self.held(False))
    @rule(pick=st.integers(0, 50), resume=st.booleans())
    def reconnect(self, pick: int, resume: bool) -> None:
        """A lost client comes back, with the count it holds (resume) or as a fresh page."""
        lost = self.held(False)
        screen = lost[pick % len(lost)]
        assert self.run(self.svc.authenticate(self.r, screen.token)) == screen.viewer
        self.connect(screen, resume)

    @precondition(lambda self: self.seats())
    @rule(pick=st.integers(0, 50), name=st.sampled_from([None, "Ysé", "Zoé", "Alice"]))
    def substitute(self, pick: int, name: str | None) -> None:
        """The MJ seats a substitute (the HTTP route checks the MJ's token, then calls the service)."""
        seat = self.seats()[pick % len(self.seats())]
        assert self.run(self.svc.authenticate(self.r, self.mj_token)) == MJ
        token = self.attempt(lambda: self.svc.substitute(self.r, seat, name))
        if token is not None:
            self.replaced(seat, token, "substituted")

    @precondition(lambda self: self.seats())
    @rule(pick=st.integers(0, 50))
    def handover(self, pick: int) -> None:
        """A player opens their personal link on another device."""
        seat = self.seats()[pick % len(self.seats())]
        done = self.attempt(lambda: hand_over(self.svc, self.r, self.screens[seat].token or ""))
        if done is not None:
            _room, moved, token = done
            assert moved == seat
            self.replaced(seat, token, "handed_over")

    def kicked(self, seat: int, reason: str) -> None:
        """The seat's socket, if it held one, was told why and closed with 4001."""
        screen = self.screens[seat]
        if screen.conn is not None:
            screen.read()
            assert screen.kicked == reason
            assert screen.sink is not None and screen.sink.closed == (4001, reason)

    def replaced(self, seat: int, token: str, reason: str) -> None:
        """The seat's old sockets were kicked and its old token opens nothing; the new holder connects."""
        old = self.screens[seat]
        self.kicked(seat, reason)
        try:
            self.run(self.svc.authenticate(self.r, old.token))
        except Rejected as exc:
            assert exc.rejection.code == "bad_token"
        else:
            raise AssertionError(f"seat {seat}'s old token still works")
        self.run(self.seat(seat, token))

    # -- what holds after every step -----------------------------------------------------------------------
    @invariant()
    def state_is_the_log_replayed(self) -> None:
        if self.room is None:
            return
        room = self.room
        fresh = self.run(self.stored(len(self.log)))
        replay(fresh, self.replayed)
        self.log += fresh
        assert [facts(e) for e in self.log] == [facts(e) for e in room.events]
        committed = room.state.model_dump()
        assert self.replayed.model_dump() == committed
        assert room.work.model_dump() == committed
        assert room.state.seq == len(room.events)

    @invariant()
    def every_stream_is_gap_free_and_whole(self) -> None:
        if self.room is None:
            return
        room = self.room
        hidden = set(room.state.hidden)
        self.read_all()  # asserts the frames were gap-free
        for viewer, screen in self.screens.items():
            if screen.conn is None:
                continue
            assert screen.kicked is None, (viewer, screen.kicked)
            expected = [shown(plain(public_event(e, hidden=hidden))) for e in stream(room, viewer)]
            assert [shown(e) for e in screen.events] == expected, viewer
            assert screen.n == len(expected)
            assert screen.view == plain(view(room.state, viewer)), viewer


def examples() -> int:
    return int(os.environ.get("VEILLEE_STATEFUL_EXAMPLES", "20"))


def test_room_service_state_machine(database_url: str) -> None:
    loop = asyncio.new_event_loop()
    try:
        run_state_machine_as_test(
            lambda: RoomMachine(database_url, loop),  # type: ignore[arg-type]  # hypothesis takes any factory
            settings=settings(max_examples=examples(), stateful_step_count=30, deadline=None, derandomize=True,
                              database=None, suppress_health_check=[HealthCheck.too_slow]),
        )
    finally:
        loop.close()
