"""Helpers for the tests that play through the real app's websockets."""

from __future__ import annotations

from typing import Any

import httpx

from tools.client import Client, create_room, join_room, updated


async def seat_players(base: str, code: str, players: int | list[str]) -> list[Client]:
    """Seat players (a number of them, or their names) through the HTTP API and connect each one's websocket."""
    names = players if isinstance(players, list) else [f"Player {i + 1}" for i in range(players)]
    clients = []
    for name in names:
        seat = await join_room(base, code, name)
        c = Client(base, code, seat["token"], name)
        await c.connect()
        clients.append(c)
    return clients


async def open_room(base: str, players: int, options: dict[str, Any],
                    composition: list[str] | None = None) -> tuple[dict[str, Any], Client, list[Client]]:
    """A room with its MJ connected and `players` seated: (room, mj, players)."""
    room = await create_room(base, options=options, composition=composition)
    mj = Client(base, room["code"], room["mj_token"], "MJ")
    await mj.connect()
    return room, mj, await seat_players(base, room["code"], players)


def messages(c: Client, channel: str | None = None) -> list[dict[str, Any]]:
    """The chat messages in a client's stream (of one channel)."""
    return [e["data"] for e in c.events if e["type"] == "said" and (channel is None or e["data"]["channel"] == channel)]


async def started_room(http: httpx.AsyncClient, options: dict[str, Any], composition: list[str],
                       names: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Over HTTP: create a thiercelieux room, seat `names`, start; returns (room, the seats' tokens)."""
    room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                                "composition": composition})).json()
    code = room["code"]
    tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in names]
    reply = await http.post(f"/api/rooms/{code}/commands", headers={"Authorization": f"Bearer {room['mj_token']}"},
                            json={"command": "start", "args": {}})
    assert reply.status_code == 200, reply.text
    return room, tokens


def views(client: Client, until_end: bool = False) -> list[dict[str, Any]]:
    """Every view a client held, frame after frame (a frame carries the whole view or a patch of it); `until_end`:
    only those before the end (then every card is shown to all)."""
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for frame in client.frames:
        if "view" in frame:
            current = frame["view"]
        elif "patch" in frame:
            current = updated(current, frame)
        else:
            continue
        if until_end and current.get("phase") == "ended":
            break
        out.append(current)
    return out
