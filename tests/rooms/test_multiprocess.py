"""Two app instances on one database, as two processes behind a load balancer would be."""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest

from app.store import repository as repo
from app.store.db import Database
from tests.support.ws import eventually
from tools.client import Client, ClientError, create_room, join_room
from tools.demo import DEMO_OPTIONS, bot
from tools.serve import serve

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
            await on_b.wait_for(lambda v: len(v["players"]) == 6)
            await mj.do("start")
            await on_b.wait_for(lambda v: v["phase"] == "night" and v.get("me", {}).get("role"))
            await asyncio.wait_for(asyncio.gather(*(bot(c, random.Random(rnd.random())) for c in players)), 300)
            await mj.wait_for(lambda v: v["phase"] == "ended")
            for c in players:
                assert c.view["phase"] == "ended"
                assert c.view["result"] == mj.view["result"]
            for c in [mj, *players]:
                await c.close()

    # A long vote, a quick night: the game waits for the village between bursts.
    BURST = {"moderation": "auto", "captain": False, "night_step": 30, "plausible_min": 0.05, "plausible_max": 0.1,
             "dawn": 0.05, "debate": 0.05, "vote": 600}
    COMPOSITION = ["loup-garou", "loup-garou", *["villageois"] * 10]

    async def logged(database_url: str, code: str) -> list[tuple[str, Any, float]]:
        """The room's log as the database holds it: (type, data, at) in seq order."""
        db = Database(database_url)
        try:
            async with db.session() as s:
                room = await repo.get_room_by_code(s, code)
                assert room is not None
                rows = await repo.load_events(s, room.id)
        finally:
            await db.dispose()
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
        return [(r.type, r.data["data"], r.at) for r in rows]

    def healthy(client: Client) -> None:
        """Its stream had no gap (the client checks every frame's `from`) and was numbered 1, 2, 3…"""
        reader = client._reader
        assert reader is not None
        if reader.done() and not reader.cancelled():
            assert reader.exception() is None, f"{client.name}: {reader.exception()}"
        assert client.n == len(client.events)

    async def settled(clients: list[Client], log_length: Callable[[], Awaitable[int]]) -> None:
        """Wait until the MJ's streams hold the whole log (the MJ sees every event)."""

        async def reached() -> bool:
            length = await log_length()
            return all(len(c.events) == length for c in clients)

        await eventually(reached, "the MJ's streams holding the whole log")

    async def test_bursts_on_two_processes_are_applied_once_and_streamed_alike(
            database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
        """Players of one room on two processes send at the same moment: every acknowledged command is applied
        exactly once, nothing is refused as stale, every stream is gap-free and in log order, and a viewer
        sees the same stream on either process. A substitute seated through one process closes the replaced
        seat's sockets on both."""
        for name in ("CHAT_RATE", "FRAME_RATE", "JOIN_RATE", "COMMAND_RATE"):
            monkeypatch.setenv(name, "100000/minute")
        async with serve(database_url) as a, serve(database_url) as b:
            bases = [a, b]
            room = await create_room(a, options=BURST, composition=COMPOSITION)
            code, mj_token = room["code"], room["mj_token"]
            # Twelve phones join at once, through both processes.
            seats = await asyncio.gather(*(join_room(bases[i % 2], code, f"P{i}") for i in range(12)))
            assert sorted(s["seat"] for s in seats) == list(range(12))
            players = [Client(bases[i % 2], code, s["token"], f"P{i}") for i, s in enumerate(seats)]
            # The same viewers connected to both processes: the MJ, a spectator, two players.
            twins = [(Client(a, code, mj_token, "MJ@a"), Client(b, code, mj_token, "MJ@b")),
                     (Client(a, code, None, "spectator@a"), Client(b, code, None, "spectator@b")),
                     (players[0], Client(b, code, seats[0]["token"], "P0@b")),
                     (players[1], Client(a, code, seats[1]["token"], "P1@a"))]
            clients = [*players, *(t for pair in twins for t in pair[:1] if t not in players),
                       *(t for pair in twins for t in pair[1:])]
            await asyncio.gather(*(c.connect() for c in clients))
            mjs = list(twins[0])

            async def log_length() -> int:
                return len(await logged(database_url, code))

            # Burst 1: everyone chats in the lobby, eight messages each, from both processes at once.
            said = [f"{p.name} says {k}" for p in players for k in range(8)]
            replies = await asyncio.gather(*(p.send("say", channel="village", text=f"{p.name} says {k}")
                                             for p in players for k in range(8)))
            assert [r["type"] for r in replies] == ["ack"] * len(said)

            # Burst 2: the day's vote, every living player but one at the same moment, chatting meanwhile (the
            # last vote closes the day, and the village's channel with it).
            await mjs[0].do("start")
            await asyncio.gather(*(c.wait_for(lambda v: v["step"] and v["step"]["key"] == "vote")
                                   for c in players))
            vote = next(p for p in mjs[0].view["prompts"] if p["step"] == "vote")
            living = [p for p in players if p.view["me"]["alive"]]
            suspect = vote["options"][0]

            def ballot(p: Client) -> Awaitable[dict[str, Any]]:
                target = suspect if p.view["me"]["seat"] != suspect else vote["options"][1]
                return p.send("answer", prompt=vote["id"], answer=[target])

            chats = [p.send("say", channel="village", text=f"{p.name} votes") for p in living]
            replies = await asyncio.gather(*(ballot(p) for p in living[1:]), *chats)
            replies.append(await ballot(living[0]))
            assert [r["type"] for r in replies] == ["ack"] * len(replies), [r for r in replies if r["type"] != "ack"]
            said += [f"{p.name} votes" for p in living]

            # Then the night passes and the next day's vote waits for the village: a quiet moment to compare.
            await mjs[0].wait_for(lambda v: v["phase"] in ("day", "ended") and v["day"] == 2
                                  and (v["phase"] == "ended" or v["step"]["key"] == "vote"), timeout=60)
            await settled(mjs, log_length)
            log = await logged(database_url, code)
            texts = [d["text"] for t, d, _ in log if t == "said"]
            assert sorted(texts) == sorted(said)  # each acknowledged message once
            voted = [d["seat"] for t, d, _ in log if t == "answered" and d["prompt"] == vote["id"]]
            assert sorted(voted) == sorted(p.view["me"]["seat"] for p in living)  # each vote once
            for c in clients:
                healthy(c)
            # The MJ's stream is the log itself, in its order, on both processes.
            for mj in mjs:
                assert [(e["type"], e["data"], e["at"]) for e in mj.events] == log
            for first, second in twins:
                await second.wait_for(lambda v, a=first, b=second: len(b.events) >= len(a.events))
                assert first.events == second.events, f"{first.name} and {second.name} differ"

            # A substitute for a player connected to B (and to A too), seated through A: both old sockets close.
            replaced = players[3]
            assert replaced.ws_url.startswith(b.replace("http", "ws"))
            seat, old_token = replaced.view["me"]["seat"], replaced.token
            twin = Client(a, code, old_token, "P3@a")
            await twin.connect()
            async with httpx.AsyncClient(base_url=a) as http:
                r = await http.post(f"/api/rooms/{code}/substitute", json={"seat": seat, "name": "Remplaçante"},
                                    headers={"Authorization": f"Bearer {mj_token}"})
                assert r.status_code == 201, r.text
                token = r.json()["token"]
            await asyncio.wait_for(asyncio.gather(replaced.closed.wait(), twin.closed.wait()), 10)
            assert replaced._ws.close_code == twin._ws.close_code == 4001
            with pytest.raises(ClientError):
                await Client(b, code, old_token).connect()
            sub = Client(b, code, token, "sub@b")
            await sub.connect()
            assert sub.view["me"]["seat"] == seat and sub.view["me"]["name"] == "Remplaçante"
            for c in [*clients, twin, sub]:
                await c.close()
