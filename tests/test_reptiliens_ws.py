"""A Reptiliens game through the real app: uvicorn, HTTP, websockets, the database. Bots answer their phones' own
questions through the night and the day; the MJ's console then strikes the pack down to the end screen."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import pytest
from ws_helpers import seat_players

from app.client import Client, create_room
from app.demo import bot, serve

pytestmark = pytest.mark.slow

FAST = {"moderation": "auto", "night_step": 0.6, "plausible_min": 0.15, "plausible_max": 0.25, "lovers_talk": 0.3,
        "mj_time": 1, "dawn": 0.2, "debate": 0.2, "vote": 1.5, "condemned_window": 0.5, "invoke_time": 1,
        "festival": 0.3}
COMPOSITION = ["rp-reptilienne-alpha", "rp-reptilien", "rp-villageois", "rp-villageois", "rp-fennec",
               "rp-orphee", "rp-marchand-de-sable", "rp-laura", "rp-assassin", "rp-voleur", "rp-psychopathe",
               "rp-eris"]


async def test_a_reptiliens_game_over_websockets(database_url: str) -> None:
    async with serve(database_url) as base:
        room = await create_room(base, "reptiliens", options=FAST, composition=COMPOSITION)
        mj = Client(base, room["code"], room["mj_token"], "MJ")
        await mj.connect()
        players = await seat_players(base, room["code"], 6)
        spectator = Client(base, room["code"])
        await spectator.connect()
        await mj.do("start")
        for c in players:
            await c.wait_for(lambda v: (v.get("me") or {}).get("cards", {}).get("specialty") is not None)
        truth = {p["seat"]: p["cards"] for p in mj.view["players"]}
        for c in players:
            me = c.view["me"]
            assert me["cards"]["camp"]["card"] == truth[me["seat"]]["camp"]
            assert me["cards"]["specialty"]["card"] == truth[me["seat"]]["specialty"]
            for p in c.view["players"]:
                if p["seat"] != me["seat"]:
                    assert p["cards"]["specialty"] is None  # nobody is ever shown another's specialty
            raw = json.dumps(c.frames)
            assert '"seed"' not in raw and '"rp-set"' not in raw
        assert all(p["cards"] == {"camp": None, "specialty": None} for p in spectator.view["players"])
        # The bots play a night and a day from their own views.
        rnd = random.Random(4)
        tasks = [asyncio.create_task(bot(c, random.Random(rnd.random()))) for c in players]
        await mj.wait_for(lambda v: v["phase"] == "ended" or (v["phase"] == "night" and v["night"] == 2), timeout=60)
        # The MJ strikes the Reptilians down: the villagers' victory ends the game for everyone.
        for seat in [p["seat"] for p in mj.view["players"] if p["cards"]["camp"] in COMPOSITION[:2]]:
            for _ in range(2):  # twice: a lover's spare life
                alive = {p["seat"] for p in mj.view["players"] if p["alive"]}
                if mj.view["phase"] != "ended" and seat in alive:
                    reply = await mj.send("kill", seat=seat)
                    assert reply["type"] == "ack", reply
        await mj.wait_for(lambda v: v["phase"] == "ended", timeout=30)
        for t in tasks:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await t
        result = mj.view["result"]
        assert result["reason"] == "victory" and result["stop"] and len(result["seats"]) == 6
        for c in players:
            await c.wait_for(lambda v: v["phase"] == "ended", timeout=10)
            assert c.view["result"] == result and c.n == len(c.events)
        for c in [mj, spectator, *players]:
            await c.close()
