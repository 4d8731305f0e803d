"""`make bench`: speed and memory, measured (never asserted by unit tests)."""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from app.client import Client, create_room, join_room
from app.demo import DEMO_OPTIONS, serve
from app.sim import play


def bench_engine(games: int) -> None:
    start = time.perf_counter()
    commands = 0
    for i in range(games):
        game = play("thiercelieux", 1000 + i, 12)
        commands += len(game.events)
    took = time.perf_counter() - start
    print(f"engine: {games} games of 12 players in {took:.2f} s "
          f"({games / took:.1f} games/s, {commands / took:.0f} events/s)")


def bench_memory(players: int) -> None:
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    game = play("thiercelieux", 7, players)
    after = tracemalloc.take_snapshot()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    tracemalloc.stop()
    print(f"memory: one finished {players}-player game (state + {len(game.events)} events) ≈ {size / 1024:.0f} KiB")


async def bench_fanout(players: int, rounds: int) -> None:
    """Latency from a public vote to every one of `players` sockets receiving it."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        async with serve(url) as base:
            opts = {**DEMO_OPTIONS, "captain": False, "night_step": 0.2, "plausible_min": 0.01,
                    "plausible_max": 0.02, "debate": 0.05, "vote": 600}
            room = await create_room(base, options=opts)
            mj = Client(base, room["code"], room["mj_token"])
            await mj.connect()
            clients = []
            for i in range(players):
                seat = await join_room(base, room["code"], f"B{i}")
                c = Client(base, room["code"], seat["token"])
                await c.connect()
                clients.append(c)
            await mj.do("start")
            await mj.wait_for(lambda v: v["step"] and v["step"]["key"] == "vote", timeout=120)
            vote = next(p for p in mj.view["prompts"] if p["step"] == "vote")
            living = [c for c in clients if c.view["me"]["alive"]]
            samples = []
            for r in range(min(rounds, len(living))):
                voter = living[r]
                target = next(s for s in vote["options"] if s != voter.view["me"]["seat"])
                marks = [len(c.events) for c in living]  # each socket's own stream has its own length
                t0 = time.perf_counter()
                await voter.do("answer", prompt=vote["id"], answer=[target])
                await asyncio.gather(*(c.wait_for(lambda v, c=c, m=m: len(c.events) > m)
                                       for c, m in zip(living, marks, strict=True)))
                samples.append(time.perf_counter() - t0)
            print(f"fan-out: {players} sockets, a vote reaches all of them in median "
                  f"{statistics.median(samples) * 1000:.1f} ms, max {max(samples) * 1000:.1f} ms "
                  f"({len(samples)} votes, SQLite commit included)")
            for c in [mj, *clients]:
                await c.close()


async def main(quick: bool = False) -> int:
    random.seed(1)
    bench_engine(5 if quick else 50)
    bench_memory(40)
    await bench_fanout(10 if quick else 40, 5 if quick else 20)
    return 0
