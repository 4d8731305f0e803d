"""Whole `soupcons` games through the real app (uvicorn, HTTP, websockets, the database): people at the table
answer their own prompts from their own view, the creator seats server-played bots over HTTP; no frame shows a
seat a card it does not hold while the game runs, and at the end everyone gets every hand and the true history."""

from __future__ import annotations

import asyncio
import contextlib
import random

import httpx
import pytest

from app.bots import random_answer
from tests.support.soupcons import card_ids
from tests.support.ws import seat_players
from tools.client import Client, create_room, join_room
from tools.serve import serve

pytestmark = pytest.mark.usefixtures("machine_speed")  # these players answer at machine speed

FAST = {"turn": 20, "reply": 10, "bot_delay": 0.05}


async def bot(client: Client, rnd: random.Random) -> None:
    """Answer this seat's questions from its own view, at once, until the game ends."""
    me = client.view.get("me", {}).get("seat")
    while client.view.get("phase") != "ended":
        client.changed.clear()
        sent = False
        for prompt in client.my_prompts():
            if str(me) not in prompt["answers"]:
                await client.send("answer", prompt=prompt["id"], answer=random_answer(prompt, rnd, me))
                sent = True
        if not sent:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(client.changed.wait(), 0.5)


def held_by(client: Client) -> set[str]:
    """Every card this seat's own frames ever showed in its hand (dealt, received)."""
    out: set[str] = set()
    for frame in client.frames:
        view = frame.get("view") or {}
        if view.get("phase") not in ("lobby", "ended"):
            out.update(view.get("soupcons", {}).get("hand", []))
    return out


def check_frames(client: Client) -> None:
    held = held_by(client)
    for frame in client.frames:
        view = frame.get("view") or {}
        if view.get("phase") in (None, "lobby", "ended") or frame.get("stream") == "all":
            continue
        mine = set(view["soupcons"].get("hand", []))
        assert card_ids(view) <= mine, f"{client.name} sees {card_ids(view) - mine}"
        for event in frame["events"]:
            assert card_ids(event) <= held, f"{client.name} receives {event}"


async def test_a_whole_game_of_people_over_websockets(database_url: str) -> None:
    async with serve(database_url) as base:
        room = await create_room(base, ruleset="soupcons", options=FAST)
        mj = Client(base, room["code"], room["mj_token"], "host")
        await mj.connect()
        players = await seat_players(base, room["code"], ["Alice", "Bruno", "Chloé"])
        await mj.do("start")
        rnd = random.Random(5)
        await asyncio.wait_for(asyncio.gather(*(bot(c, random.Random(rnd.random())) for c in players)), 60)
        view = await mj.wait_for(lambda v: v.get("phase") == "ended")
        result = view["result"]
        assert result["reason"] in ("dawn", "night", "max_rounds")
        hands = view["soupcons"]["hands"]
        assert sorted(c for h in hands.values() for c in h) == sorted(
            [f"M{v}" for v in range(6)] + ["S1"])
        for c in players:
            await c.wait_for(lambda v: v.get("phase") == "ended")
            check_frames(c)
            # At the end the stream is resent whole: every offer's true card, every private event.
            offers = [e for e in c.events if e["type"] == "sc_offer"]
            cards = [e for e in c.events if e["type"] == "sc_offer_card"]
            assert len(offers) == len(cards) > 0
            assert all(e["data"]["card"] for e in cards)
            assert c.view["soupcons"]["hands"] == hands
            await c.close()
        await mj.close()


async def test_play_against_bots_seated_by_the_creator(database_url: str) -> None:
    async with serve(database_url) as base:
        room = await create_room(base, ruleset="soupcons", options=FAST)
        code, auth = room["code"], {"Authorization": f"Bearer {room['mj_token']}"}
        seat = await join_room(base, code, "Alice")
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{code}/bots", json={"count": 2})
            assert r.status_code == 403 and r.json()["error"]["code"] == "mj_only"
            r = await http.post(f"/api/rooms/{code}/bots", json={"count": 6}, headers=auth)
            assert r.status_code == 400 and r.json()["error"]["code"] == "room_full"
            r = await http.post(f"/api/rooms/{code}/bots", json={"count": 3}, headers=auth)
            assert r.status_code == 201 and r.json() == {"seats": [1, 2, 3], "bots": [1, 2, 3]}
            r = await http.delete(f"/api/rooms/{code}/bots/3", headers=auth)
            assert r.status_code == 200 and r.json() == {"bots": [1, 2]}
            r = await http.delete(f"/api/rooms/{code}/bots/0", headers=auth)
            assert r.json()["error"]["code"] == "not_a_bot"
            alice = Client(base, code, seat["token"], "Alice")
            await alice.connect()
            assert [p["name"] for p in alice.view["players"]] == ["Alice", "Bot Ada", "Bot Basile"]
            assert alice.view["soupcons"]["bots"] == [1, 2]
            r = await http.post(f"/api/rooms/{code}/commands", json={"command": "start"}, headers=auth)
            assert r.status_code == 200
            r = await http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=auth)
            assert r.json()["error"]["code"] == "wrong_phase"
        await asyncio.wait_for(bot(alice, random.Random(2)), 60)
        assert alice.view["phase"] == "ended" and alice.view["result"]["reason"] in ("dawn", "night")
        check_frames(alice)
        await alice.close()
