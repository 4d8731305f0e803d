"""Two app instances on one database, as two processes behind a load balancer would be."""

from __future__ import annotations

import asyncio
import os
import random

import pytest

from app.client import Client, create_room, join_room
from app.demo import DEMO_OPTIONS, bot, serve

pytestmark = pytest.mark.slow


async def test_a_stale_copy_is_refreshed_and_the_command_applied(database_url: str) -> None:
    """B holds an old copy of the room; its command meets the database's seq check, B pulls A's events and
    decides again: both commands count, none is refused as stale."""
    async with serve(database_url) as a, serve(database_url) as b:
        room = await create_room(a, options=DEMO_OPTIONS)
        code = room["code"]
        await join_room(b, code, "Bea")  # B loads the room now
        await join_room(a, code, "Ali")  # A appends; B's copy is stale (no bus on SQLite)
        await join_room(b, code, "Bob")  # B must catch up, then append
        mj = Client(b, code, room["mj_token"])
        await mj.connect()
        names = [p["name"] for p in mj.view["players"]]
        assert names == ["Bea", "Ali", "Bob"]
        await mj.close()


if os.environ.get("TEST_DATABASE_URL"):

    async def test_events_reach_sockets_of_the_other_process(database_url: str) -> None:
        """PostgreSQL LISTEN/NOTIFY: players connected to B see what A's players do, and a whole game runs
        with the seats spread over both processes."""
        rnd = random.Random(9)
        async with serve(database_url) as a, serve(database_url) as b:
            room = await create_room(a, options=DEMO_OPTIONS)
            code = room["code"]
            mj = Client(a, code, room["mj_token"])
            await mj.connect()
            players = []
            for i in range(6):
                base = a if i % 2 else b
                seat = await join_room(base, code, f"P{i}")
                c = Client(base, code, seat["token"])
                await c.connect()
                players.append(c)
            on_b = players[0]
            await on_b.wait_for(lambda v: len(v["players"]) == 6, timeout=10)
            await mj.do("start")
            await on_b.wait_for(lambda v: v["phase"] == "night" and v.get("me", {}).get("role"), timeout=10)
            await asyncio.wait_for(asyncio.gather(*(bot(c, random.Random(rnd.random())) for c in players)), 300)
            await mj.wait_for(lambda v: v["phase"] == "ended", timeout=60)
            for c in players:
                assert c.view["phase"] == "ended"
                assert c.view["result"] == mj.view["result"]
            for c in [mj, *players]:
                await c.close()
