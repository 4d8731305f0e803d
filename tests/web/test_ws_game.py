"""Whole games through the real app: uvicorn, HTTP, websockets, the database (SQLite, or PostgreSQL when
TEST_DATABASE_URL is set)."""

from __future__ import annotations

import asyncio
import json
import random

import httpx
import pytest
import websockets

from tests.support.edge import live
from tests.support.ws import open_room, seat_players
from tools.client import Client, ClientError, create_room
from tools.demo import DEMO_OPTIONS, bot, play_game
from tools.serve import serve

pytestmark = pytest.mark.slow


def roles_seen_by(client: Client) -> dict[int, str]:
    return {p["seat"]: p["role"] for p in client.view["players"] if p["role"]}


async def test_full_automatic_game_over_websockets(database_url: str) -> None:
    async with serve(database_url) as base:
        mj = await play_game(base, 7, seed=3)
        view = mj.view
        assert view["phase"] == "ended"
        result = view["result"]
        assert result["reason"] == "victory"
        roles = {p["seat"]: p["role"] for p in view["players"]}
        alive = [p["seat"] for p in view["players"] if p["alive"]]
        wolves = {s for s, r in roles.items() if r == "loup-garou"}
        if result["camp"] == "village":
            assert not wolves & set(alive)
        elif result["camp"] == "wolves":
            assert set(alive) <= wolves
        # The MJ's stream holds every death with the revealed role.
        deaths = [e["data"] for e in mj.events if e["type"] == "died"]
        assert {d["seat"] for d in deaths} == {p["seat"] for p in view["players"] if not p["alive"]}
        assert all(d["role"] == roles[d["seat"]] for d in deaths)
        await mj.close()


async def test_players_only_receive_their_own_projection(database_url: str) -> None:
    async with serve(database_url) as base:
        # Night steps of 30 s: the checks below run while the first one lasts.
        room = await create_room(base, options={**DEMO_OPTIONS, "night_step": 30, "plausible_min": 30,
                                                "plausible_max": 30})
        mj = Client(base, room["code"], room["mj_token"])
        await mj.connect()
        players = await seat_players(base, room["code"], 6)
        spectator = Client(base, room["code"])
        await spectator.connect()
        await mj.do("start")
        await mj.wait_for(lambda v: v["phase"] == "night")
        for c in players:
            await c.wait_for(lambda v: v.get("me", {}).get("role") is not None)
        truth = {p["seat"]: p["role"] for p in mj.view["players"]}
        for c in players:
            me = c.view["me"]["seat"]
            assert c.view["me"]["role"] == truth[me]
            known = roles_seen_by(c)
            for seat, role in known.items():
                if seat == me:
                    continue
                # Only a wolf knows other roles at this point: the other wolves.
                assert truth[me] == "loup-garou" and role == "loup-garou"
            raw = json.dumps(c.frames)
            assert '"seed"' not in raw and '"rng"' not in raw
            for e in c.events:
                assert e["type"] not in ("created", "spare_cards", "timer", "pending", "step_timer")
        assert not roles_seen_by(spectator)
        assert "mj" not in spectator.view
        # Every player's event stream is numbered for that player alone: no gaps that count hidden events.
        for c in [*players, spectator]:
            assert c.n == len(c.events)
        for c in [mj, spectator, *players]:
            await c.close()


async def test_reconnect_catches_up_and_same_seat_comes_back(database_url: str) -> None:
    async with serve(database_url) as base:
        _room, mj, players = await open_room(base, 5, DEMO_OPTIONS)
        lost = players[0]
        await lost.close()
        await mj.do("start")
        await mj.wait_for(lambda v: v["phase"] == "night")
        await lost.connect(resume=True)
        assert lost.view["me"]["seat"] == 0
        assert lost.view["me"]["role"] is not None
        assert lost.n == len(lost.events)
        assert any(e["type"] == "role_set" for e in lost.events)
        # Resuming from a count we hold only sends what we missed.
        before = lost.n
        await lost.close()
        await lost.connect(resume=True)
        assert lost.frames[-1]["from"] == before
        for c in [mj, *players]:
            await c.close()


async def test_commands_are_idempotent_and_votes_serialised(database_url: str) -> None:
    # The wolf's step lasts a second, answered or not.
    opts = {**DEMO_OPTIONS, "captain": False, "night_step": 1, "plausible_min": 1, "plausible_max": 1,
            "debate": 0.2, "vote": 30}
    comp = ["loup-garou", "villageois", "villageois", "villageois", "villageois", "villageois"]
    async with serve(database_url) as base:
        _room, mj, players = await open_room(base, 6, opts, comp)
        await mj.do("start")
        for c in players:
            await c.wait_for(lambda v: v.get("me", {}).get("role"))
        wolf = next(c for c in players if c.view["me"]["role"] == "loup-garou")
        prompt = (await wolf.wait_for(lambda v: any(p["mine"] for p in v["prompts"])))["prompts"][0]
        target = prompt["options"][0]
        # The same command sent twice with one client id is applied once.
        r1 = await wolf.send("answer", cid="same-id", prompt=prompt["id"], answer=[target])
        r2 = await wolf.send("answer", cid="same-id", prompt=prompt["id"], answer=[target])
        assert r1["type"] == r2["type"] == "ack"
        answered = [e for e in mj.events if e["type"] == "answered"]
        await mj.wait_for(lambda v: v["phase"] == "day" and v["step"]["key"] == "vote")
        vote = next(p for p in mj.view["prompts"] if p["step"] == "vote")
        living = [c for c in players if c.view["me"]["alive"]]
        # Everyone votes at the same moment: every vote counts.
        suspect = next(s for s in vote["options"] if s != living[0].view["me"]["seat"])
        voters = [c for c in living if c.view["me"]["seat"] != suspect]
        replies = await asyncio.gather(*(c.send("answer", prompt=vote["id"], answer=[suspect]) for c in voters))
        assert all(r["type"] == "ack" for r in replies)
        accused = next(c for c in living if c.view["me"]["seat"] == suspect)
        await accused.do("answer", prompt=vote["id"], answer=[])  # abstains
        await mj.wait_for(lambda v: v["phase"] == "night" or v["phase"] == "ended")
        results = [e["data"]["params"] for e in mj.events
                   if e["type"] == "announce" and e["data"]["key"] == "vote_result"]
        assert results[-1]["counts"] == {str(suspect): len(voters)}
        assert len([e for e in answered if e["data"]["seat"] == wolf.view["me"]["seat"]]) == 1
        for c in [mj, *players]:
            await c.close()


async def test_bad_input_gets_clear_errors(database_url: str) -> None:
    async with serve(database_url) as base:
        room = await create_room(base, options=DEMO_OPTIONS)
        code = room["code"]
        players = await seat_players(base, code, 2)
        p = players[0]
        reply = await p.send("start")
        assert reply["type"] == "rejected" and reply["code"] == "mj_only"
        reply = await p.send("answer", prompt="nope", answer=[1])
        assert reply["code"] == "no_such_prompt"
        reply = await p.send("fly_to_the_moon")
        assert reply["code"] == "unknown_command"
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{code}/join", json={"name": "Player 1"})
            assert r.status_code == 400 and r.json()["error"]["code"] == "name_taken"
            r = await http.post("/api/rooms/ZZZZZZZZ/join", json={"name": "x"})
            assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_room"
            r = await http.post("/api/rooms", json={"ruleset": "chess"})
            assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_ruleset"
            r = await http.post("/api/rooms", json={"options": {"vote": -3}})
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_options"
            r = await http.get("/healthz")
            assert r.status_code == 200 and r.json()["database"] in ("sqlite", "postgresql")
        ws_url = base.replace("http", "ws") + f"/ws/{code}"
        async with websockets.connect(ws_url) as raw:
            await raw.send(json.dumps({"type": "hello", "token": "forged-token"}))
            frame = json.loads(await raw.recv())
            assert frame["type"] == "error" and frame["code"] == "bad_token"
        async with websockets.connect(ws_url) as raw:
            await raw.send("not json at all")
            frame = json.loads(await raw.recv())
            assert frame["code"] == "hello_expected"
        # Another site's page may not open a socket here: the handshake is refused.
        with pytest.raises(websockets.InvalidStatus) as refused:
            await websockets.connect(ws_url, additional_headers={"Origin": "https://evil.example"})
        assert refused.value.response.status_code == 403
        async with websockets.connect(ws_url) as raw:
            await raw.send(json.dumps({"type": "hello", "token": None}))
            json.loads(await raw.recv())
            await raw.send("x" * 10000)
            assert json.loads(await raw.recv())["code"] == "too_large"
            await raw.send("{bad")
            assert json.loads(await raw.recv())["code"] == "bad_json"
            await raw.send(json.dumps({"type": "command", "cid": "1", "command": "start", "args": {}}))
            assert json.loads(await raw.recv())["code"] == "spectator"
        with pytest.raises(ClientError):
            await Client(base, code, "x" * 32).connect()
        for c in players:
            await c.close()


async def test_substitute_takes_the_seat(database_url: str) -> None:
    async with serve(database_url) as base:
        room = await create_room(base, options=DEMO_OPTIONS)
        players = await seat_players(base, room["code"], 5)
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{room['code']}/substitute", json={"seat": 2, "name": "Sub"},
                                headers={"Authorization": f"Bearer {players[0].token}"})
            assert r.status_code == 403
            r = await http.post(f"/api/rooms/{room['code']}/substitute", json={"seat": 2, "name": "Sub"},
                                headers={"Authorization": f"Bearer {room['mj_token']}"})
            assert r.status_code == 201
            token = r.json()["token"]
        await asyncio.wait_for(players[2].closed.wait(), 5)
        with pytest.raises(ClientError):
            await Client(base, room["code"], players[2].token).connect()
        sub = Client(base, room["code"], token)
        await sub.connect()
        assert sub.view["me"]["seat"] == 2 and sub.view["me"]["name"] == "Sub"
        for c in [sub, *players]:
            await c.close()


async def test_server_restart_in_the_middle_of_a_night(database_url: str) -> None:
    """Stop the server during a night, start a new one on the same database: the game resumes, timers too."""
    opts = {**DEMO_OPTIONS, "night_step": 2, "plausible_min": 0.5, "plausible_max": 1.0}
    rnd = random.Random(5)
    async with serve(database_url) as base:
        room = await create_room(base, options=opts)
        code = room["code"]
        mj = Client(base, code, room["mj_token"])
        await mj.connect()
        players = await seat_players(base, code, 7)
        await mj.do("start")
        await mj.wait_for(lambda v: v["phase"] == "night" and v["step"]["key"] == "loups")
        before = mj.view
        counts = [c.n for c in players]
        for c in [mj, *players]:
            await c.close()
    # A new process: nothing in memory, the deadline is re-armed from the database.
    async with serve(database_url) as base:
        mj2 = Client(base, code, room["mj_token"])
        await mj2.connect()
        assert mj2.view["night"] == before["night"]
        assert [p["role"] for p in mj2.view["players"]] == [p["role"] for p in before["players"]]
        for c, n in zip(players, counts, strict=True):
            c.ws_url = base.replace("http://", "ws://") + f"/ws/{code}"
            await c.connect(resume=True)
            assert c.frames[-1]["from"] == n
        await asyncio.wait_for(asyncio.gather(*(bot(c, random.Random(rnd.random())) for c in players)), 300)
        await mj2.wait_for(lambda v: v["phase"] == "ended")
        assert mj2.view["result"]["reason"] == "victory"
        for c in [mj2, *players]:
            await c.close()


async def test_resume_after_the_end_gets_the_whole_history(database_url: str) -> None:
    """A player away when the game ended holds a count of its own stream; the stream is now every event, so
    the server sends it whole rather than a tail that would not fit."""
    async with serve(database_url) as base:
        room, mj, players = await open_room(base, 5, DEMO_OPTIONS)
        await mj.do("start")
        away = players[1]
        await away.wait_for(lambda v: v["phase"] == "night")
        assert away.stream == "own"
        held = away.n
        await away.close()
        await mj.do("end")
        await away.connect(resume=True)
        frame = away.frames[-1]
        assert frame["type"] == "welcome" and frame["stream"] == "all" and frame["from"] == 0
        assert away.n > held
        dealt = {e["data"]["seat"] for e in away.events if e["type"] == "role_set"}
        assert dealt == {p["seat"] for p in away.view["players"]}
        # Those who see everything also learn whom each event was for.
        assert all("to" in e for e in away.events)
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.get(f"/r/{room['code']}/qr.svg")
            assert r.status_code == 200 and b'xmlns="http://www.w3.org/2000/svg"' in r.content
        for c in [mj, *players]:
            await c.close()


async def test_a_command_over_the_frame_rate_is_rejected_under_its_own_id(database_url: str) -> None:
    # A rate of 5 a minute: on a loaded machine 30 frames may take seconds to arrive, and 20 a second refills.
    async with live(database_url, frame_rate="5/minute") as base:
        room = await create_room(base, options=DEMO_OPTIONS)
        ws_url = base.replace("http", "ws") + f"/ws/{room['code']}"
        async with websockets.connect(ws_url) as raw:
            await raw.send(json.dumps({"type": "hello", "token": room["mj_token"]}))
            json.loads(await raw.recv())
            for i in range(30):
                await raw.send(json.dumps({"type": "command", "cid": f"c{i}", "command": "pause", "args": {}}))
            replies = [json.loads(await raw.recv()) for _ in range(30)]
        limited = [r for r in replies if r.get("code") == "rate_limited"]
        assert limited and all(r["type"] == "rejected" and r["cid"].startswith("c") for r in limited)


async def test_a_whole_game_with_two_characters_each_over_websockets(database_url: str) -> None:
    """004's "deux personnages" through the real app: five bots play ten characters to the end; each player's
    stream shows its own two cards while the game runs, and answers for the second character are its own."""
    async with serve(database_url) as base:
        fast = {"night_step": 1.5, "vote": 1.5, "election": 1.5, "reaction": 1}
        room, mj, players = await open_room(base, 5, {**DEMO_OPTIONS, **fast, "characters": 2})
        await mj.do("start")
        code, as_mj = room["code"], {"Authorization": f"Bearer {room['mj_token']}"}
        first = players[0]
        view = await first.wait_for(lambda v: v.get("phase") == "night")
        mine = [p["seat"] for p in view["players"] if p["me"]]
        assert len(mine) == 2 and len(view["players"]) == 10
        assert set(roles_seen_by(first)) >= set(mine)
        assert [c["seat"] for c in view["characters"]] == mine[1:]
        await asyncio.wait_for(asyncio.gather(*(bot(c, random.Random(i)) for i, c in enumerate(players))), 300)
        final = await mj.wait_for(lambda v: v.get("phase") == "ended")
        answered = [e["data"] for e in mj.events if e["type"] == "answered"]
        seconds = {p["seat"] for p in final["players"] if p["controller"] is not None}
        assert len(seconds) == 5 and any(a["seat"] in seconds for a in answered)
        async with httpx.AsyncClient(base_url=base) as http:
            # A second character has no link of its own: the MJ substitutes the player, at the first seat.
            r = await http.post(f"/api/rooms/{code}/substitute", json={"seat": min(seconds), "name": "Sub"},
                                headers=as_mj)
            assert r.status_code == 400 and r.json()["error"]["code"] == "second_character", r.text
            # A rematch seats the five players again; their second characters come with the next start.
            r = await http.post(f"/api/rooms/{code}/rematch", headers=as_mj)
            assert r.status_code == 201, r.text
            again = (await http.get(f"/api/rooms/{r.json()['code']}")).json()["view"]
            assert len(again["players"]) == 5 and again["options"]["characters"] == 2
        for c in (mj, *players):
            await c.close()
