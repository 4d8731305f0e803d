"""Issue 22, "Done means": a whole automatic Reptiliens game over real websockets with three people (one of them the
creator, who plays) and seven bots reaches its end screen. Nobody strikes anyone down: the bots, the people's
phones and the game's own rules (the stalemate included) end it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import httpx
import pytest

from app.engine.rulesets.reptiliens.setup import suggested
from tests.support.reptiliens import mj_only_sent
from tools.client import Client, join_room
from tools.demo import bot
from tools.serve import serve

pytestmark = pytest.mark.slow

FAST = {"moderation": "auto", "night_step": 0.5, "plausible_min": 0.1, "plausible_max": 0.2, "lovers_talk": 0.2,
        "dawn": 0.15, "debate": 0.2, "vote": 0.6, "ballot_time": 0.4, "condemned_window": 0.2, "invoke_time": 0.5,
        "festival": 0.2, "heritage": 0.3, "move_time": 0.3, "marriages": 0.3, "pickpocket": 0.3,
        "death_choice": 0.3, "session_choice": 0.3, "law_time": 0.3, "reaction": 0.3, "show_time": 0.5,
        "mj_time": 0.3, "carnage": True}


async def test_three_people_and_seven_bots_play_a_whole_automatic_game(database_url: str) -> None:
    async with serve(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        reply = await http.post("/api/rooms", json={"ruleset": "reptiliens", "options": FAST,
                                                    "composition": suggested(10), "play_as": "Hélène"})
        assert reply.status_code == 201, reply.text
        room = reply.json()
        code = room["code"]
        host = Client(base, code, room["token"], "Hélène")
        console = Client(base, code, room["mj_token"], "Hélène's table")
        people = [host]
        for name in ("Bruno", "Chloé"):
            seat = await join_room(base, code, name)
            people.append(Client(base, code, seat["token"], name))
        seated = await http.post(f"/api/rooms/{code}/bots", json={"count": 7},
                                 headers={"Authorization": f"Bearer {room['mj_token']}"})
        assert seated.status_code == 201, seated.text
        bots = seated.json()["bots"]
        assert len(bots) == 7
        for c in (console, *people):
            await c.connect()
        await console.do("start")
        rnd = random.Random(22)
        tasks = [asyncio.create_task(bot(c, random.Random(rnd.random()))) for c in people]
        try:
            await console.wait_for(lambda v: v["phase"] == "ended", timeout=300)
        finally:
            for t in tasks:
                t.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await t
        result = console.view["result"]
        assert len(result["seats"]) == 10 and result["reason"] in ("victory", "stalemate")
        # The bots played: they answered questions of their own, from their own seats.
        answered = {e["data"].get("seat") for e in console.events if e["type"] == "answered"}
        assert answered & set(bots)
        for c in people:
            await c.wait_for(lambda v: v["phase"] == "ended")
            assert c.view["result"] == result
        # The creator played a seat: until the end (when every card is shown to all), their table's token was
        # told nothing a spectator is not: no learning, no couple, no card dealt, no MJ part, no bookkeeping.
        end = next(i for i, f in enumerate(console.frames) if any(e["type"] == "ended" for e in f.get("events", [])))
        before = console.frames[:end]
        assert before and all("mj" not in (f.get("view") or {}) for f in before)
        sent = json.dumps(before)
        for secret in ('"rp-learn"', '"rp-lovers"', '"rp-fellows"', '"role_set"', '"seed"'):
            assert secret not in sent, secret
        assert not mj_only_sent(before)
        for c in (console, *people):
            await c.close()
