"""Chat, substitutes and rematches through the real app's websockets."""

from __future__ import annotations

import httpx
import pytest

from tests.support.ws import barrier, heard, messages, open_room, seat_players
from tools.client import Client, create_room
from tools.demo import DEMO_OPTIONS
from tools.serve import serve

pytestmark = pytest.mark.slow
# Every night step lasts a minute, answered or not: the wolves have time to talk.
SLOW_NIGHT = {**DEMO_OPTIONS, "night_step": 60, "plausible_min": 60, "plausible_max": 60, "captain": False}


async def test_a_channel_reaches_its_members_and_nobody_else_learns_it_exists(database_url: str) -> None:
    comp = ["loup-garou", "loup-garou", "villageois", "villageois", "villageois"]
    async with serve(database_url) as base:
        room, mj, players = await open_room(base, 5, SLOW_NIGHT, comp)
        spectator = Client(base, room["code"])
        await spectator.connect()
        # In the lobby, the village talks: everyone (and spectators) read it live.
        await players[0].do("say", channel="village", text="Bonsoir !")
        for c in [*players, spectator, mj]:
            await c.wait_for(lambda v, c=c: bool(messages(c, "village")))
            assert messages(c, "village")[-1]["text"] == "Bonsoir !"
        await mj.do("start")
        for c in players:
            await c.wait_for(lambda v: v["step"] is not None and v["step"]["key"] == "loups")
        wolves = [c for c in players if c.view["me"]["role"] == "loup-garou"]
        others = [c for c in players if c.view["me"]["role"] != "loup-garou"]
        await barrier(*others, spectator)  # every frame of the start has arrived
        frames_before = {id(c): len(heard(c)) for c in [*others, spectator]}
        await wolves[0].do("say", channel="wolves", text="On prend qui ?")
        await wolves[1].wait_for(lambda v: bool(messages(wolves[1], "wolves")))
        assert messages(wolves[1], "wolves")[-1]["seat"] == wolves[0].view["me"]["seat"]
        await mj.wait_for(lambda v: bool(messages(mj, "wolves")))
        await barrier(*others, spectator)  # the message was acknowledged: whatever it sent them came before the pong
        # Not the message, not a frame, not a number: nothing reached the others.
        for c in [*others, spectator]:
            assert len(heard(c)) == frames_before[id(c)]
            assert not messages(c, "wolves")
        # A villager cannot write to the wolves; a private thread with the MJ stays private.
        reply = await others[0].send("say", channel="wolves", text="je sais tout")
        assert reply["type"] == "rejected" and reply["code"] == "cannot_write"
        seat = others[0].view["me"]["seat"]
        await others[0].do("say", channel=f"mj:{seat}", text="Je dois partir à 23h")
        await mj.wait_for(lambda v: bool(messages(mj, f"mj:{seat}")))
        await barrier(*wolves, *others[1:], spectator)
        assert all(not messages(c, f"mj:{seat}") for c in [*wolves, *others[1:], spectator])
        # Spectators talk among themselves, with a name.
        await spectator.do("say", channel="spectators", text="Ça commence", name="Zoé")
        await mj.wait_for(lambda v: bool(messages(mj, "spectators")))
        assert messages(spectator, "spectators")[-1]["spectator"] == "Zoé"
        await barrier(*players)
        assert all(not messages(c, "spectators") for c in players)
        for c in [mj, spectator, *players]:
            await c.close()


async def test_hidden_messages_lose_their_text_for_everyone_even_on_replay(database_url: str) -> None:
    async with serve(database_url) as base:
        room, mj, players = await open_room(base, 3, SLOW_NIGHT)
        await players[1].do("say", channel="village", text="quelque chose de méchant")
        await players[2].wait_for(lambda v: bool(messages(players[2], "village")))
        mid = messages(players[2], "village")[-1]["id"]
        reply = await players[0].send("hide", message=mid)
        assert reply["code"] == "mj_only"
        await mj.do("hide", message=mid)
        await players[2].wait_for(lambda v: any(e["type"] == "hidden" for e in players[2].events))
        # A fresh connection replays the stream: the message keeps its place, not its text.
        late = Client(base, room["code"], players[2].token)
        await late.connect()
        replayed = messages(late, "village")
        assert replayed[-1]["id"] == mid and replayed[-1]["text"] is None and replayed[-1]["hidden"] is True
        assert "méchant" not in str(late.frames)
        # The MJ who hid it can still read it, marked hidden.
        await mj.wait_for(lambda v: any(e["type"] == "hidden" for e in mj.events))
        mj_again = Client(base, room["code"], room["mj_token"])
        await mj_again.connect()
        seen_by_mj = messages(mj_again, "village")[-1]
        assert seen_by_mj == {**messages(late, "village")[-1], "text": "quelque chose de méchant"}
        await mj_again.close()
        for c in [mj, late, *players]:
            await c.close()


async def test_chat_is_rate_limited(database_url: str) -> None:
    async with serve(database_url) as base:
        room = await create_room(base, options=SLOW_NIGHT)
        players = await seat_players(base, room["code"], 1)
        replies = [await players[0].send("say", channel="village", text=f"message {i}") for i in range(12)]
        codes = [r.get("code") for r in replies]
        assert codes[:8] == [None] * 8 and "rate_limited" in codes[8:]
        await players[0].close()


async def test_a_substitute_inherits_seat_role_history_and_channels(database_url: str) -> None:
    comp = ["loup-garou", "loup-garou", "villageois", "villageois", "villageois"]
    async with serve(database_url) as base:
        room, mj, players = await open_room(base, 5, SLOW_NIGHT, comp)
        await mj.do("start")
        for c in players:
            await c.wait_for(lambda v: v["step"] is not None and v["step"]["key"] == "loups")
        wolf, partner = [c for c in players if c.view["me"]["role"] == "loup-garou"]
        await partner.do("say", channel="wolves", text="avant le remplacement")
        seat = wolf.view["me"]["seat"]
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{room['code']}/substitute", json={"seat": seat, "name": "Remplaçant"},
                                headers={"Authorization": f"Bearer {room['mj_token']}"})
            assert r.status_code == 201
        sub = Client(base, room["code"], r.json()["token"])
        await sub.connect()
        assert sub.view["me"] == {**wolf.view["me"], "name": "Remplaçant"}
        assert [m["text"] for m in messages(sub, "wolves")] == ["avant le remplacement"]
        assert any(e["type"] == "role_set" for e in sub.events)
        await partner.do("say", channel="wolves", text="bienvenue")
        await sub.wait_for(lambda v: len(messages(sub, "wolves")) == 2)
        await sub.do("say", channel="wolves", text="merci")
        await partner.wait_for(lambda v: messages(partner, "wolves")[-1]["text"] == "merci")
        for c in [mj, sub, *players]:
            await c.close()


async def test_rematch_keeps_the_group_and_their_links(database_url: str) -> None:
    async with serve(database_url) as base:
        room = await create_room(base, options=SLOW_NIGHT)
        code = room["code"]
        mj = Client(base, code, room["mj_token"])
        await mj.connect()
        players = await seat_players(base, code, 5)
        async with httpx.AsyncClient(base_url=base) as http:
            headers = {"Authorization": f"Bearer {room['mj_token']}"}
            r = await http.post(f"/api/rooms/{code}/rematch", headers=headers)
            assert r.status_code == 400 and r.json()["error"]["code"] == "wrong_phase"
            await mj.do("start")
            await mj.do("end")
            r = await http.post(f"/api/rooms/{code}/rematch",
                                headers={"Authorization": f"Bearer {players[0].token}"})
            assert r.status_code == 403
            r = await http.post(f"/api/rooms/{code}/rematch", headers=headers)
            assert r.status_code == 201
        new_code = r.json()["code"]
        assert new_code != code
        for c in players:
            await c.wait_for(lambda v, c=c: any(e["type"] == "rematch" for e in c.events))
            assert next(e for e in c.events if e["type"] == "rematch")["data"]["code"] == new_code
        again = [Client(base, new_code, c.token) for c in players]
        for old, new in zip(players, again, strict=True):
            await new.connect()
            assert new.view["phase"] == "lobby"
            assert new.view["me"]["seat"] == old.view["me"]["seat"]
            assert new.view["me"]["name"] == old.view["me"]["name"]
            assert new.view["me"]["role"] is None
        mj2 = Client(base, new_code, room["mj_token"])
        await mj2.connect()
        assert mj2.view["viewer"]["kind"] == "mj"
        assert mj2.view["composition"] == mj.view["composition"]
        await mj2.do("start")
        await again[0].wait_for(lambda v: v["me"]["role"] is not None)
        for c in [mj, mj2, *players, *again]:
            await c.close()
