"""The write path under load: `python -m bench.loadtest --rooms 1000 --players 8 --commands 5 [--url …]`.

Rooms of seated players; every player sends chat messages to the whole room (public events, like votes), one
after the other through `RoomService.submit`, all players at once, in one or several processes (`--processes 2`:
each process serves every room and the players alternate between them, as behind a load balancer; `--split`
gives each process its own rooms instead). Reports commands/s, the CPU a command costs (the app's processes,
and the whole machine, database included) and latencies, next to a bare `INSERT` loop through the same driver
measured in the same run. Frames are counted, not built, unless `--sockets` gives every player a socket and the
real hub builds its frames.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.engine import Event

SCHEMA = "loadtest"  # PostgreSQL runs use their own schema, so a test database's tables are left alone


@dataclass
class Result:
    done: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    cpu: float = 0.0
    published: int = 0
    finished_at: float = 0.0
    threads: dict[str, float] = field(default_factory=dict)
    frames: int = 0
    transactions: int = 0  # of the writer (when the service has one): commands per transaction = done / this


class CountingPublisher:
    """Counts what is published, and hands it to the real hub when there are sockets to build frames for."""

    def __init__(self, hub: Any = None) -> None:
        self.events = 0
        self.hub = hub

    def publish(self, room: Any, events: list[Event]) -> None:
        self.events += len(events)
        if self.hub is not None:
            self.hub.publish(room, events)

    async def kick(self, room_id: str, viewer: int | str, reason: str = "substituted") -> None:
        if self.hub is not None:
            await self.hub.kick(room_id, viewer, reason)


class NullSocket:
    """A phone that reads everything at once."""

    frames = 0

    async def send_text(self, data: str) -> None:
        NullSocket.frames += 1

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


def machine_busy() -> float:
    """CPU seconds spent by the whole machine (every process, the database's too) since boot."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def postgres_busy() -> float:
    """CPU seconds spent by the PostgreSQL server's processes, those that ended too (the postmaster reaps them)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        if text[text.index("(") + 1:text.rindex(")")] == "postgres":
            fields = text[text.rindex(")") + 2:].split()
            total += sum(int(x) for x in fields[11:15])
    return total / os.sysconf("SC_CLK_TCK")


def thread_cpu() -> dict[str, float]:
    """CPU seconds of each thread of this process: the event loop's, and a driver's worker (aiosqlite's)."""
    out: dict[str, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for task in Path("/proc/self/task").iterdir():
        stat = (task / "stat").read_text()
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        key = "loop" if task.name == str(os.getpid()) else name
        out[key] = out.get(key, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return out


def database(url: str) -> Any:
    from app.store.db import Database

    if url.startswith("postgresql"):
        return Database(url, connect_args={"server_settings": {"search_path": SCHEMA}})
    return Database(url)


async def prepare(url: str, rooms: int, players: int) -> list[tuple[str, list[int]]]:
    """Fresh tables, then the rooms with their seated players."""
    from sqlalchemy import text

    from app.rooms.service import RoomService
    from app.store.models import Base

    db = database(url)
    if db.kind == "postgresql":
        async with db.engine.begin() as conn:
            await conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
            await conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    async with db.engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)
    svc = RoomService(db)
    out = []
    for _ in range(rooms):
        room, _token = await svc.create_room("thiercelieux", {"moderation": "auto"})
        seats = [(await svc.join(room, f"P{i}"))[0] for i in range(players)]
        out.append((room.id, seats))
    await db.dispose()
    return out


async def reference(url: str, rows: int) -> dict[str, float]:
    """A bare INSERT per transaction, and INSERTs of 100 rows per transaction, through the same driver."""
    out: dict[str, float] = {}
    payload = '{"type": "said", "data": {"channel": "mj:1", "text": "hello"}}'
    if url.startswith("postgresql"):
        import asyncpg

        from app.realtime.bus import asyncpg_dsn

        conn = await asyncpg.connect(asyncpg_dsn(url), server_settings={"search_path": SCHEMA})
        await conn.execute("CREATE TABLE IF NOT EXISTS ref (k int PRIMARY KEY, data json)")
        await conn.execute("TRUNCATE ref")
        t0 = time.perf_counter()
        for i in range(rows):
            async with conn.transaction():
                await conn.execute("INSERT INTO ref VALUES ($1, $2)", i, payload)
        out["one_per_commit"] = rows / (time.perf_counter() - t0)
        t0 = time.perf_counter()
        for start in range(rows, rows * 11, 100):
            async with conn.transaction():
                await conn.executemany("INSERT INTO ref VALUES ($1, $2)",
                                       [(k, payload) for k in range(start, start + 100)])
        out["hundred_per_commit"] = rows * 10 / (time.perf_counter() - t0)
        await conn.close()
        return out
    import aiosqlite

    path = url.split("///", 1)[1]
    async with aiosqlite.connect(path + ".ref") as db:
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("CREATE TABLE IF NOT EXISTS ref (k INTEGER PRIMARY KEY, data TEXT)")
        await db.commit()
        t0 = time.perf_counter()
        for i in range(rows):
            await db.execute("INSERT INTO ref VALUES (?, ?)", (i, payload))
            await db.commit()
        out["one_per_commit"] = rows / (time.perf_counter() - t0)
        t0 = time.perf_counter()
        for start in range(rows, rows * 11, 100):
            await db.executemany("INSERT INTO ref VALUES (?, ?)", [(k, payload) for k in range(start, start + 100)])
            await db.commit()
        out["hundred_per_commit"] = rows * 10 / (time.perf_counter() - t0)
    return out


async def serve_share(url: str, share: list[tuple[str, list[int]]], commands: int, bus: bool,
                      ready: Any, go: Any, shared: tuple[Any, Any, int] | None = None, sockets: bool = False) -> Result:
    """One process: load the rooms, wait for the start, then every player of the share says `commands` things.
    `sockets`: each of those players also has a socket here, and the real hub builds its frames."""
    from app.realtime.hub import Connection, Hub
    from app.realtime.pauses import GcPolicy
    from app.rooms.service import RoomService

    db = database(url)
    svc = RoomService(db)
    hub = Hub() if sockets else None
    counter = CountingPublisher(hub)
    svc.publisher = counter
    listener = None
    if bus and db.kind == "postgresql":
        from app.realtime.bus import PgBus

        listener = PgBus(db.url, svc.process, svc.heard, svc.catch_up_all)
        listener.start()
        await listener.ready.wait()
    rooms = {room_id: await svc.get(room_id) for room_id, _ in {(r, 0) for r, _s in share}}
    if hub is not None:
        for room_id, seats in share:
            room = rooms[room_id]
            assert room is not None
            for seat in seats:
                hub.attach(room, Connection(NullSocket(), room_id, seat), None)
    # The server's garbage-collection policy (app/main.py): what was built so far lives long; freeze it.
    policy = GcPolicy()
    policy.start()
    result = Result()
    ready.set()
    await asyncio.to_thread(go.wait)

    async def player(room_id: str, seat: int) -> None:
        room = rooms[room_id]
        assert room is not None
        for i in range(commands):
            t0 = time.perf_counter()
            try:
                await svc.submit(room, seat, "say", {"channel": "village", "text": f"message {i}"})
                result.done += 1
            except Exception as exc:
                code = getattr(getattr(exc, "rejection", None), "code", type(exc).__name__)
                result.rejected[code] = result.rejected.get(code, 0) + 1
            result.latencies.append(time.perf_counter() - t0)

    cpu0, threads0 = time.process_time(), thread_cpu()
    await asyncio.gather(*(player(room_id, seat) for room_id, seats in share for seat in seats))
    result.cpu = time.process_time() - cpu0
    result.threads = {k: round(v - threads0.get(k, 0.0), 2) for k, v in thread_cpu().items()}
    result.finished_at = time.time()
    if shared is not None:
        # Every process publishes every room's events: wait for the others' last ones (through the bus).
        tally, finished, processes = shared
        with tally.get_lock():
            tally.value += result.done
            finished.value += 1
        for _ in range(400):
            if finished.value == processes and counter.events >= tally.value:
                break
            await asyncio.sleep(0.05)
    result.published = counter.events
    result.frames = NullSocket.frames
    writer = getattr(svc, "writer", None)
    result.transactions = getattr(writer, "transactions", 0)
    await policy.stop()
    if listener is not None:
        await listener.close()
    await svc.close()
    await db.dispose()
    return result


def child(url: str, share: list[tuple[str, list[int]]], commands: int, bus: bool, ready: Any, go: Any,
          out: Any, shared: tuple[Any, Any, int] | None, sockets: bool, profile: str | None,
          lanes: int | None) -> None:
    if lanes is not None:
        from app.rooms import service

        service.WRITER_LANES = lanes
    work = serve_share(url, share, commands, bus, ready, go, shared, sockets)
    if profile is None:
        result = asyncio.run(work)
    else:
        import cProfile

        with cProfile.Profile() as prof:
            result = asyncio.run(work)
        prof.dump_stats(profile)
    out.put(result)


def run(url: str, rooms: int, players: int, commands: int, processes: int, split: bool,
        sockets: bool, profile: str | None = None, lanes: int | None = None) -> dict[str, Any]:
    layout = asyncio.run(prepare(url, rooms, players))
    ref = asyncio.run(reference(url, 500))
    if split:  # each process its own rooms
        shares = [layout[i::processes] for i in range(processes)]
    else:  # every room on every process, its players alternating between them
        shares = [[(room_id, seats[i::processes]) for room_id, seats in layout] for i in range(processes)]
    ctx = mp.get_context("spawn")
    go = ctx.Event()
    readies = [ctx.Event() for _ in range(processes)]
    out = ctx.Queue()
    shared = None if split else (ctx.Value("q", 0, lock=True), ctx.Value("i", 0, lock=False), processes)
    procs = [ctx.Process(target=child, args=(url, shares[i], commands, processes > 1 and not split, readies[i], go,
                                              out, shared, sockets, profile and f"{profile}.{i}", lanes))
             for i in range(processes)]
    for p in procs:
        p.start()
    for r in readies:
        r.wait()
    busy0, pg0, t0 = machine_busy(), postgres_busy(), time.time()
    go.set()
    results: list[Result] = [out.get() for _ in procs]
    wall = max(r.finished_at for r in results) - t0
    busy, pg = machine_busy() - busy0, postgres_busy() - pg0  # includes the children's last moments (bus)
    for p in procs:
        p.join()
    done = sum(r.done for r in results)
    rejected: dict[str, int] = {}
    for res in results:
        for k, v in res.rejected.items():
            rejected[k] = rejected.get(k, 0) + v
    lat = sorted(x for r in results for x in r.latencies)
    return {
        "processes": processes, "rooms": rooms, "players": players, "commands": done, "rejected": rejected,
        "wall_s": round(wall, 2), "commands_per_s": round(done / wall),
        "app_cpu_us_per_command": round(sum(r.cpu for r in results) / max(1, done) * 1e6),
        "machine_cpu_us_per_command": round(busy / max(1, done) * 1e6),
        "postgres_cpu_us_per_command": round(pg / max(1, done) * 1e6) if url.startswith("postgresql") else None,
        "latency_ms": {"p50": round(statistics.median(lat) * 1000, 1),
                       "p99": round(lat[int(len(lat) * 0.99) - 1] * 1000, 1)},
        "published_events": [r.published for r in results],
        "frames_sent": [r.frames for r in results],
        "thread_cpu_s": [r.threads for r in results],
        "commands_per_transaction": [round(r.done / r.transactions, 1) if r.transactions else None for r in results],
        "reference_inserts_per_s": {k: round(v) for k, v in ref.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.loadtest")
    parser.add_argument("--url", default=None,
                        help="a PostgreSQL URL (its schema 'loadtest'), or a temporary SQLite file")
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--commands", type=int, default=5, help="commands per player")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--split", action="store_true", help="each process serves its own rooms")
    parser.add_argument("--sockets", action="store_true", help="a socket per player, frames built by the real hub")
    parser.add_argument("--lanes", type=int, default=None, help="the writer's lanes (PostgreSQL)")
    parser.add_argument("--profile", default=None, help="profile each process (cProfile) to this file, .0, .1…")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url or f"sqlite+aiosqlite:///{Path(tmp) / 'load.db'}"
        print(run(url, args.rooms, args.players, args.commands, args.processes, args.split, args.sockets,
                  args.profile, args.lanes))


if __name__ == "__main__":
    from app import games

    games.install()
    main()
