"""A crowd at once, over the real app: forty phones scan the QR code together, then vote together. Every join is
seated, every vote counted, and every stream arrives gap-free and in order."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from tests.support.ws import barrier
from tools.client import Client, create_room
from tools.serve import serve

PLAYERS = 40


def chained(client: Client) -> None:
    """Each stream frame starts exactly where the one before it ended."""
    n = None
    for frame in client.frames:
        if frame["type"] not in ("welcome", "update", "sync"):
            continue
        if frame["type"] == "update":
            assert frame["from"] == n, f"{client.name}: frame from {frame['from']} after {n}"
        n = frame["n"]
    assert n == len(client.events)


async def test_forty_players_join_at_once_and_vote_at_once(database_url: str) -> None:
    options = {"moderation": "auto", "captain": True, "night_step": 0.3, "plausible_min": 0.05,
               "plausible_max": 0.1, "dawn": 0.1, "election": 60, "debate": 60, "vote": 60}
    composition = ["loup-garou"] * 6 + ["villageois"] * (PLAYERS - 6)
    async with serve(database_url) as base:
        room = await create_room(base, options=options, composition=composition)
        code = room["code"]
        mj = Client(base, code, room["mj_token"], "MJ")
        await mj.connect()

        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            async def join(i: int) -> dict[str, Any]:
                r = await http.post(f"/api/rooms/{code}/join", json={"name": f"Joueur {i}"})
                assert r.status_code == 201, r.text
                data: dict[str, Any] = r.json()
                return data

            seats = await asyncio.gather(*(join(i) for i in range(PLAYERS)))
        assert sorted(s["seat"] for s in seats) == list(range(PLAYERS))
        players = [Client(base, code, s["token"], f"Joueur {i}") for i, s in enumerate(seats)]
        await asyncio.gather(*(c.connect() for c in players))
        await mj.wait_for(lambda v: len(v["players"]) == PLAYERS)

        await mj.do("start")
        # The night passes (nobody is eaten if the wolves do not agree); day 1 opens with the captain's election.
        election = await mj.wait_for(
            lambda v: any(p["step"] == "election" for p in v["prompts"]), timeout=30)
        prompt_id = next(p["id"] for p in election["prompts"] if p["step"] == "election")
        for c in players:
            await c.wait_for(lambda v: any(p["id"] == prompt_id for p in v["prompts"]))

        async def vote(i: int, c: Client) -> dict[str, Any]:
            candidates = next(p for p in c.view["prompts"] if p["id"] == prompt_id)["options"]
            return await c.send("answer", prompt=prompt_id, answer=[candidates[i % len(candidates)]])

        replies = await asyncio.gather(*(vote(i, c) for i, c in enumerate(players)))
        assert [r["type"] for r in replies] == ["ack"] * PLAYERS, [r for r in replies if r["type"] != "ack"]
        await mj.wait_for(lambda v: any("captain" in p["offices"] for p in v["players"]))
        answered = {e["data"]["seat"] for e in mj.events
                    if e["type"] == "answered" and e["data"]["prompt"] == prompt_id}
        assert answered == set(range(PLAYERS))
        await barrier(mj, *players)  # every frame sent so far has arrived, and every socket still answers
        for c in [mj, *players]:
            chained(c)
            assert not c.closed.is_set(), f"{c.name}'s socket was closed"
        await asyncio.gather(*(c.close() for c in [mj, *players]))
