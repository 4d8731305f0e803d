"""A burst above what the server takes at once: commands past the room's queue are refused as `busy` (nothing
changed), the clients send them again, and in the end every acknowledged command was applied exactly once, with no
socket closed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.support.edge import live
from tests.support.ws import barrier, seat_players
from tools.client import Client, create_room

pytestmark = pytest.mark.slow


async def test_a_burst_over_capacity_is_refused_as_busy_retried_and_all_applied(database_url: str) -> None:
    options = {"moderation": "auto", "captain": True, "night_step": 0.3, "plausible_min": 0.05,
               "plausible_max": 0.1, "dawn": 0.1, "election": 120}
    composition = ["loup-garou", "loup-garou", *["villageois"] * 10]
    async with live(database_url, room_queue=3, frame_rate="1000/second") as base:
        room = await create_room(base, options=options, composition=composition)
        mj = Client(base, room["code"], room["mj_token"], "MJ")
        await mj.connect()
        players = await seat_players(base, room["code"], 12)
        await mj.do("start")
        view = await mj.wait_for(lambda v: any(p["step"] == "election" for p in v["prompts"]))
        prompt = next(p for p in view["prompts"] if p["step"] == "election")
        voters = players[:-1]  # one stays silent, so the election stays open
        for c in voters:
            await c.wait_for(lambda v: any(p["id"] == prompt["id"] for p in v["prompts"]))

        async def vote(c: Client, i: int) -> dict[str, Any]:
            return await c.send("answer", prompt=prompt["id"], answer=[prompt["options"][i % 3]], reason=f"r{i}")

        replies = await asyncio.gather(*(vote(c, i) for c in voters for i in range(12)))
        assert [r["type"] for r in replies] == ["ack"] * len(replies), {r.get("code") for r in replies}
        assert sum(c.busy for c in voters) > 0  # the burst went past the room's queue
        await barrier(mj, *players)  # whatever those votes gave anyone has arrived, and every socket answers
        # Every acknowledged vote was applied once: the MJ's stream holds each (seat, reason) exactly once.
        applied = [(e["data"]["seat"], e["data"]["reason"]) for e in mj.events
                   if e["type"] == "answered" and e["data"]["prompt"] == prompt["id"]]
        assert len(applied) == len(set(applied)) == len(replies)
        assert all(not c.closed.is_set() for c in [mj, *players])
        await asyncio.gather(*(c.close() for c in [mj, *players]))
