"""Issue 23, item 5, over real sockets: one token holds a few sockets (a seat's devices, the MJ's tabs), and a new one
closes the oldest, so a reconnecting phone is never locked out while a token can no longer fill a room with thousands
of sockets; one address holds a bounded number of sockets, so it cannot reach the server-wide limit; a seat's lobby
commands have a rate of their own."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import websockets
from fastapi import FastAPI

from app.web.deps import Services
from tests.support.edge import alive, join, live, new_room, next_frame, raw_socket, recv, ws_url
from tests.support.ws import eventually

pytestmark = pytest.mark.slow


async def closed_with(ws: Any) -> int | None:
    """The close code of a socket the server is closing (frames still queued before the close are read)."""
    with pytest.raises(websockets.ConnectionClosed):
        while True:
            await recv(ws)
    code: int | None = ws.close_code
    return code


class Held:
    """The app a live server runs, to read what its hub holds."""

    def __init__(self) -> None:
        self.app: FastAPI | None = None

    def __call__(self, app: FastAPI) -> None:
        self.app = app

    def sockets(self, viewer: int | str) -> int:
        assert self.app is not None
        svc: Services = self.app.state.services
        return sum(1 for conns in svc.hub.rooms.values() for c in conns if c.viewer == viewer and not c.closed)


async def test_a_seat_token_holds_a_few_sockets_and_the_newest_one_wins(database_url: str) -> None:
    held = Held()
    async with live(database_url, held) as base:
        room = await new_room(base)
        seat = await join(base, room["code"], "Alice")
        token, number = seat["token"], seat["seat"]
        sockets = [await raw_socket(base, room["code"], token) for _ in range(4)]
        for ws in sockets:
            assert await alive(ws)
        # A fifth device (or a phone reconnecting while its dead socket is still held): it gets in, and the oldest
        # socket is told why and closed.
        fifth = await raw_socket(base, room["code"], token)
        frame = await next_frame(sockets[0], ("error",))
        assert frame["code"] == "superseded" and frame["params"] == {"max": 4}
        assert await closed_with(sockets[0]) == 4009
        for ws in [*sockets[1:], fifth]:
            assert await alive(ws)
        # A phone that reconnects again and again, never closing what it held: every new socket gets in.
        for _ in range(12):
            sockets.append(await raw_socket(base, room["code"], token))
        assert held.sockets(number) == 4
        for ws in sockets[-4:]:
            assert await alive(ws)
        # The room's events reach the sockets held, and only those.
        mj = await raw_socket(base, room["code"], room["mj_token"])
        await mj.send(json.dumps({"type": "command", "cid": "r1", "command": "rename",
                                  "args": {"seat": number, "name": "Alicia"}}))
        assert (await next_frame(mj))["type"] == "ack"
        for ws in sockets[-4:]:
            update = await next_frame(ws, ("update",))
            assert {"type": "renamed", "data": {"seat": number, "name": "Alicia"}} in [
                {k: e[k] for k in ("type", "data")} for e in update["events"]]
        for ws in [*sockets, fifth, mj]:
            await ws.close()


async def test_the_mj_token_holds_a_few_sockets(database_url: str) -> None:
    held = Held()
    async with live(database_url, held, token_sockets=2) as base:
        room = await new_room(base)
        first = await raw_socket(base, room["code"], room["mj_token"])
        second = await raw_socket(base, room["code"], room["mj_token"])
        third = await raw_socket(base, room["code"], room["mj_token"])
        frame = await next_frame(first, ("error",))
        assert frame["code"] == "superseded" and frame["params"] == {"max": 2}
        assert await closed_with(first) == 4009
        assert held.sockets("mj") == 2
        assert await alive(second) and await alive(third)
        # A seat's sockets are counted apart from the MJ's.
        seat = await join(base, room["code"], "Bob")
        mine = [await raw_socket(base, room["code"], seat["token"]) for _ in range(2)]
        assert await alive(second) and await alive(third)
        for ws in [second, third, *mine]:
            await ws.close()


async def test_one_address_cannot_hold_more_than_its_sockets(database_url: str) -> None:
    held = Held()
    async with live(database_url, held, address_sockets=3) as base:
        room = await new_room(base)
        seat = await join(base, room["code"], "Carol")
        # Held sockets count from the moment they are open, before their hello: a client cannot park thousands
        # of silent sockets either.
        silent = await websockets.connect(ws_url(base, room["code"]), compression=None)
        spectator = await raw_socket(base, room["code"])
        player = await raw_socket(base, room["code"], seat["token"])
        for token in (room["mj_token"], seat["token"], None):
            refused = await websockets.connect(ws_url(base, room["code"]), compression=None)
            frame = json.loads(await recv(refused))
            assert frame["type"] == "error" and frame["code"] == "too_many_sockets", (token, frame)
            assert frame["params"] == {"max": 3}
            assert await closed_with(refused) == 4029
        assert held.sockets(seat["seat"]) == 1
        # A socket that closes frees its place.
        await silent.close()
        assert held.app is not None
        services: Services = held.app.state.services
        await eventually(lambda: sum(services.sockets.values()) < 3, "the closed socket's place back")
        again = await websockets.connect(ws_url(base, room["code"]), compression=None)
        await again.send(json.dumps({"type": "hello", "token": room["mj_token"]}))
        frame = json.loads(await recv(again))
        assert frame["type"] == "welcome", frame
        for ws in (spectator, player, again):
            await ws.close()


async def test_a_seats_lobby_commands_have_a_rate(database_url: str) -> None:
    async with live(database_url, lobby_rate="3/hour") as base:
        room = await new_room(base)
        alice = await join(base, room["code"], "Alice")
        bob = await join(base, room["code"], "Bob")
        ws = await raw_socket(base, room["code"], alice["token"])
        for i in range(3):
            await ws.send(json.dumps({"type": "command", "cid": f"n{i}", "command": "rename",
                                      "args": {"name": f"Alice {i}"}}))
            assert (await next_frame(ws))["type"] == "ack"
        await ws.send(json.dumps({"type": "command", "cid": "n3", "command": "rename", "args": {"name": "Alys"}}))
        reply = await next_frame(ws)
        assert (reply["type"], reply["cid"], reply["code"]) == ("rejected", "n3", "lobby_rate_limited")
        assert reply["params"] == {"rate": "3/hour"}
        # The seat's other sockets and its HTTP commands share its budget.
        other = await raw_socket(base, room["code"], alice["token"])
        await other.send(json.dumps({"type": "command", "cid": "n4", "command": "rename", "args": {"name": "Alys"}}))
        assert (await next_frame(other))["code"] == "lobby_rate_limited"
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{room['code']}/commands", json={"command": "rename",
                                                                             "args": {"name": "Alys"}},
                                headers={"Authorization": f"Bearer {alice['token']}"})
            assert r.status_code == 429 and r.json()["error"]["code"] == "lobby_rate_limited", r.text
            # Another seat has its own budget; the MJ is not a seat.
            r = await http.post(f"/api/rooms/{room['code']}/commands", json={"command": "rename",
                                                                             "args": {"name": "Bobby"}},
                                headers={"Authorization": f"Bearer {bob['token']}"})
            assert r.status_code == 200, r.text
            for i in range(5):
                r = await http.post(f"/api/rooms/{room['code']}/commands",
                                    json={"command": "rename", "args": {"seat": alice["seat"], "name": f"A{i}"}},
                                    headers={"Authorization": f"Bearer {room['mj_token']}"})
                assert r.status_code == 200, r.text
        # Chat has a rate of its own (CHAT_RATE): a seat out of its lobby budget still talks.
        await ws.send(json.dumps({"type": "command", "cid": "s1", "command": "say",
                                  "args": {"channel": "village", "text": "Bonjour"}}))
        assert (await next_frame(ws))["type"] == "ack"
        # Nor is leaving the table held back: a seat leaves once.
        await ws.send(json.dumps({"type": "command", "cid": "bye", "command": "leave", "args": {}}))
        assert (await next_frame(ws, ("error", "rejected")))["code"] == "left"
        for sock in (ws, other):
            await sock.close()
