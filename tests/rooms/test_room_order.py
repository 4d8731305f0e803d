"""The room service under concurrency: client ids scoped per sender, joins serialised, frames in stream order,
SQLite writes queued, timers that survive a failing database. Real service, real database, real hub; the service's
clock is the test's (`Clock`): the room's short night steps end only when the test moves the time on, however slow
the machine."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from app.engine import Rejected
from app.engine.model import MJ
from app.realtime.hub import MAX_BACKLOG, TOO_SLOW, Connection, Hub
from app.realtime.timers import Timers
from app.rooms.service import RoomService
from app.store import repository as repo
from app.store.db import Database
from tests.support.ws import eventually

# Minutes on the test's clock: nothing ends unless the test moves the time on.
LIVE = {"moderation": "auto", "captain": False, "night_step": 300, "plausible_min": 100, "plausible_max": 200,
        "dawn": 60, "debate": 60, "vote": 600}


class Clock:
    """The time the service and its timers read: it moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class SlowSocket:
    """A socket that takes a random few milliseconds per frame, like a phone on a bad network."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.rnd = random.Random(7)

    async def send_text(self, data: str) -> None:
        await asyncio.sleep(self.rnd.uniform(0, 0.004))
        self.sent.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


def assert_chained(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every stream frame starts where the previous one ended; returns the events in stream order."""
    events: list[dict[str, Any]] = []
    n = 0
    for frame in frames:
        if frame["type"] not in ("welcome", "update", "sync"):
            continue
        if frame["type"] == "update":
            assert frame["from"] == n, f"frame from {frame['from']} after a stream of {n}"
        else:
            events = events[: frame["from"]]
        events.extend(frame["events"])
        n = frame["n"]
        assert n == len(events)
    return events


async def service(db: Database, clock: Clock | None = None) -> tuple[RoomService, Hub]:
    svc = RoomService(db, clock=clock or Clock())
    hub = Hub()
    svc.publisher = hub
    return svc, hub


async def test_simultaneous_publishes_reach_a_slow_socket_in_stream_order(db: Database) -> None:
    svc, hub = await service(db)
    room, _token = await svc.create_room("thiercelieux", LIVE)
    socket = SlowSocket()
    conn = Connection(socket, room.id, "spectator")
    hub.attach(room, conn, None)
    texts = [f"message {i}" for i in range(25)]
    await asyncio.gather(*(svc.submit(room, MJ, "say", {"channel": "spectators", "text": t}) for t in texts))
    await conn.flush()
    events = assert_chained(socket.sent)
    said = [e["data"]["text"] for e in events if e["type"] == "said"]
    assert sorted(said) == sorted(texts) and len(said) == len(set(said))
    # The order of the stream is the order of the log.
    logged = [e.data["text"] for e in room.events if e.type == "said"]
    assert said == logged


async def test_client_ids_are_scoped_per_sender(db: Database) -> None:
    svc, _hub = await service(db)
    room, _token = await svc.create_room("thiercelieux", LIVE,
                                         ["loup-garou", "villageois", "villageois", "villageois", "villageois"])
    seats = [(await svc.join(room, f"P{i}"))[0] for i in range(5)]
    await svc.submit(room, MJ, "start")
    a, b = seats[0], seats[1]
    await svc.submit(room, a, "say", {"channel": f"mj:{a}", "text": "hello"}, cid="c1")
    # The same client id from another seat is another command: applied, not swallowed.
    events = await svc.submit(room, b, "say", {"channel": f"mj:{b}", "text": "hello too"}, cid="c1")
    assert [e.type for e in events] == ["said"]  # applied, not swallowed (and the time stood still: nothing else)
    # From the same sender it is the same command: acknowledged, applied once.
    again = await svc.submit(room, b, "say", {"channel": f"mj:{b}", "text": "hello too"}, cid="c1")
    assert again == []
    assert [e.data["text"] for e in room.events if e.type == "said"] == ["hello", "hello too"]
    # And it stays so after a reload from the database.
    await svc.forget(room.id)
    reloaded = await svc.get(room.id)
    assert reloaded is not None
    assert await svc.submit(reloaded, a, "say", {"channel": f"mj:{a}", "text": "hello"}, cid="c1") == []


async def test_joins_at_once_all_get_a_seat(db: Database) -> None:
    svc, _hub = await service(db)
    room, _token = await svc.create_room("thiercelieux", LIVE)
    seated = await asyncio.gather(*(svc.join(room, f"Player {i}") for i in range(10)))
    assert sorted(seat for seat, _ in seated) == list(range(10))
    assert sorted(room.state.players) == list(range(10))
    # A seat that was left is never given again: its old link must not open a newcomer's seat.
    await svc.submit(room, 3, "leave")
    seat, _ = await svc.join(room, "Late")
    assert seat == 10


async def test_sqlite_writers_queue_instead_of_failing(_sqlite_template: Path, tmp_path: Path) -> None:
    # SQLite whatever TEST_DATABASE_URL says: its single writer is what this is about.
    target = tmp_path / "busy.db"
    shutil.copyfile(_sqlite_template, target)
    db = Database(f"sqlite+aiosqlite:///{target}")

    @event.listens_for(db.engine.sync_engine, "connect")
    def impatient(dbapi_conn: Any, _record: Any) -> None:
        # SQLite's busy handler gives up at once: only writers that queue among themselves can all succeed.
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA busy_timeout=0")
        cur.close()

    try:
        svc, _hub = await service(db)
        rooms = [(await svc.create_room("thiercelieux", LIVE))[0] for _ in range(8)]

        async def chat(room: Any, i: int) -> None:
            await svc.submit(room, MJ, "say", {"channel": "spectators", "text": f"m{i}"})

        await asyncio.gather(*(chat(room, i) for room in rooms for i in range(12)))
        for room in rooms:
            assert sum(e.type == "said" for e in room.events) == 12
    finally:
        await db.dispose()


async def test_a_failed_write_is_refused_as_busy_and_a_timer_tries_again(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    svc, _hub = await service(db, clock)
    timers = Timers(svc.tick, clock)
    svc.timers = timers
    monkeypatch.setattr("app.realtime.timers.RETRY_FIRST", 0.05)
    room, _token = await svc.create_room("thiercelieux", LIVE,
                                         ["loup-garou", "villageois", "villageois", "villageois", "villageois"])
    for i in range(5):
        await svc.join(room, f"P{i}")
    await svc.submit(room, MJ, "start")
    assert room.state.phase == "night"

    real_append = repo.append_events
    failures = {"left": 3}

    async def locked(*args: Any, **kwargs: Any) -> None:
        if failures["left"] > 0:
            failures["left"] -= 1
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        await real_append(*args, **kwargs)

    monkeypatch.setattr("app.rooms.service.repo.append_events", locked)
    seq = room.state.seq
    # A command that meets the failure is refused with a clear code; nothing changed.
    with pytest.raises(Rejected) as refused:
        await svc.submit(room, MJ, "say", {"channel": "spectators", "text": "lost?"})
    assert refused.value.rejection.code == "busy"
    assert room.state.seq == seq
    # The night's deadlines meet the failing database too, and the timer keeps trying until the write goes in. The
    # test is the clock: at each deadline it moves the time there and re-arms the room's timer (armed by the service
    # minutes ahead), which then fires at once; its pauses between tries are real, and short.
    for _ in range(20):  # a night of a few steps; a bound on rounds, not on time
        if room.state.phase == "day":
            break
        at, seq = room.state.wake_at, room.state.seq
        assert at is not None and timers.due.get(room.id) == at  # the service armed the next deadline
        clock.now = at
        timers.arm(room.id, None)
        timers.arm(room.id, at)

        def carried_out(seq: int = seq) -> bool:
            return bool(room.state.seq > seq)

        await eventually(carried_out, "the deadline carried out")
    assert failures["left"] == 0
    assert room.state.phase == "day"
    await timers.close()


class StuckSocket:
    """A peer that stopped reading: its first send never completes (the transport stays paused)."""

    def __init__(self) -> None:
        self.started = 0
        self.closed_with: tuple[int, str | None] | None = None

    async def send_text(self, data: str) -> None:
        self.started += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = (code, reason)


async def test_a_socket_too_far_behind_is_closed_and_the_others_are_not_held_up() -> None:
    stuck, quick = StuckSocket(), SlowSocket()
    late, fine = Connection(stuck, "r", 1), Connection(quick, "r", 2)
    for i in range(MAX_BACKLOG + 1):  # one in flight, MAX_BACKLOG waiting behind it
        late.push({"type": "update", "i": i})
        fine.push({"type": "update", "i": i})
    assert not late.closed and stuck.started == 1  # frames wait behind the stuck send, in order, unsent
    late.push({"type": "update", "i": "one too many"})
    assert late.closed and late.backlog is None  # what waited is dropped: the client resumes from its count
    await eventually(lambda: stuck.closed_with is not None, "the stuck socket closed")
    assert stuck.closed_with == (TOO_SLOW, "too far behind; reconnect")  # not held behind the stuck send
    await fine.flush()
    assert [f["i"] for f in quick.sent] == list(range(MAX_BACKLOG + 1))  # the other socket got every frame
