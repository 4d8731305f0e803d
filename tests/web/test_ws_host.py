"""A host who plays, through the real app: created with `play_as`, seated at once, their host's token runs the table
and sees no secret, over HTTP and websockets. The frames the host's two sockets receive during a whole automatic
game name no other seat's card but the dead's."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest

from tests.support.edge import live
from tests.support.ws import seat_players, views
from tools.client import Client
from tools.demo import DEMO_OPTIONS, bot

pytestmark = pytest.mark.slow

# Thiercelieux's facts that mark a seat (they were `tag` events): what the host's stream holds of them is its own.
SEAT_MARKS = {"th_turned_wolf", "th_bitten", "th_camp_card", "th_second_card", "th_borrowed", "th_charmed", "th_seen",
              "th_confessed", "th_pf_seen", "th_masons", "th_kin", "th_cupid_pair", "th_in_love", "th_master",
              "th_model", "th_asked", "th_power_spent", "th_judge_used", "th_life_lost", "th_sheep", "th_struck",
              "th_rusted", "th_hesitated", "th_frog", "th_last_choice", "th_inherited", "th_ghost", "th_ghost_declined"}

# One wolf and villagers: no role of this table tells anyone another's card, so whatever the host draws, a card of
# another seat in their frames can only be a leak (or a dead player's, revealed to all).
COMPOSITION = ["loup-garou", "villageois", "villageois", "villageois", "villageois", "villageois"]


def before_the_end(client: Client) -> list[dict[str, Any]]:
    return [v for v in views(client) if v.get("phase") != "ended"]


async def test_the_playing_hosts_frames_hold_no_other_seats_card(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        reply = await http.post("/api/rooms", json={
            "ruleset": "thiercelieux", "options": {**DEMO_OPTIONS, "captain": False}, "composition": COMPOSITION,
            "play_as": "Hélène"})
        assert reply.status_code == 201, reply.text
        assert reply.headers["cache-control"] == "no-store"
        room = reply.json()
        code = room["code"]
        assert room["seat"] == 0 and room["token"] and room["mj_token"] and room["token"] != room["mj_token"]
        host = Client(base, code, room["token"], "Hélène")
        console = Client(base, code, room["mj_token"], "host's token")
        await host.connect()
        await console.connect()
        assert host.view["me"]["name"] == "Hélène" and host.view["options"]["host_plays"] is True
        assert console.view["viewer"] == {"kind": "mj"} and "mj" not in console.view
        spectator = Client(base, code)
        await spectator.connect()
        others = await seat_players(base, code, 5)

        # The host runs the table, not the game: anything else is refused before the engine sees it.
        for command, args in (("advance", {}), ("undo", {}), ("set_captain", {"seat": 1}),
                              ("say", {"channel": "village", "text": "MJ !"})):
            reply_frame = await console.send(command, **args)
            assert reply_frame["type"] == "rejected" and reply_frame["code"] == "host_plays", (command, reply_frame)
        assert (await console.send("configure", options={"host_plays": False}))["code"] == "fixed_option"
        await console.do("start")
        await console.wait_for(lambda v: v["phase"] == "night")
        assert (await console.send("kill", seat=2))["code"] == "host_plays"
        wolves = next(p for p in host.view["prompts"] if p["step"] == "loups") if any(
            p["step"] == "loups" for p in host.view["prompts"]) else None
        if wolves is not None:  # the host is the wolf: the host's token still cannot answer for the seat
            assert (await console.send("answer", prompt=wolves["id"], answer=[1], seat=0))["code"] == "host_plays"
        await console.do("pause")
        await console.wait_for(lambda v: v["paused"])
        await console.do("resume")

        rnd = random.Random(5)
        await asyncio.wait_for(asyncio.gather(*(bot(c, random.Random(rnd.random())) for c in [host, *others])), 300)
        await console.wait_for(lambda v: v["phase"] == "ended")
        truth = {p["seat"]: p["role"] for p in console.view["players"]}
        assert all(truth.values())

        # The host's seat: its own card, and a card of another seat only once that player is dead.
        seen = before_the_end(host)
        assert seen
        for v in seen:
            assert "mj" not in v and v["viewer"] == {"kind": "seat", "seat": 0}
            for p in v["players"]:
                if p["seat"] != 0:
                    assert p["role"] is None or not p["alive"], f"the host saw seat {p['seat']}'s card"
        # Its stream until the end (then every stream is sent again whole, every card in it).
        own = [e for f in host.frames if f.get("stream") == "own" for e in f.get("events", [])]
        roles_told = [e for e in own if e["type"] == "role_set"]
        assert roles_told and all(e["data"]["seat"] == 0 for e in roles_told)
        assert all(e["data"].get("seat") == 0 for e in own if e["type"] in SEAT_MARKS)
        # The host's token: a spectator's view and a spectator's stream until the end.
        for v in before_the_end(console):
            assert "mj" not in v
            assert all(p["role"] is None or not p["alive"] for p in v["players"]), "the host's token saw a card"
            assert all(p["visibility"] == "public" for p in v["prompts"])
        ended = next(i for i, e in enumerate(console.events) if e["type"] == "ended")
        ended_spectator = next(i for i, e in enumerate(spectator.events) if e["type"] == "ended")
        assert console.events[:ended] == spectator.events[:ended_spectator]
        raw = json.dumps([f for f in console.frames if f.get("stream") == "own"])
        for secret in ('"seed"', '"spare_cards"', '"pending"', '"preassigned": {"'):
            assert secret not in raw
        for c in [host, console, spectator, *others]:
            await c.close()


async def test_the_console_of_a_room_whose_host_plays_is_their_seat(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "play_as": "Hélène"})).json()
        page = await http.get(f"/r/{room['code']}/mj")
        assert page.status_code == 200 and 'id="host-plays-notice"' in page.text and 'id="mj-app"' not in page.text
        table = await http.get(f"/r/{room['code']}")
        assert 'id="host-bar"' in table.text and "/static/js/host_table.js" in table.text
        # A room whose creator moderates has no host bar.
        other = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        assert 'id="host-bar"' not in (await http.get(f"/r/{other['code']}")).text
        # With a human MJ the creator cannot play, and a bad name is refused before any room is made.
        refused = await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": {"moderation": "mj"},
                                                       "play_as": "Hélène"})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "host_plays_needs_auto"
        bad = await http.post("/api/rooms", json={"ruleset": "thiercelieux", "play_as": "  "})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_name"
