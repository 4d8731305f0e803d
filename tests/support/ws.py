"""Helpers for the tests that play through the real app's websockets."""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from tools.client import Client, create_room, join_room, updated

# Seconds a wait may last before the test is declared hung. A guard against a hang, never a speed limit: a loaded
# machine may take long, and only `make bench` measures speed. Tests wait for outcomes, never for a while.
HANG = 120.0
POLL = 0.01  # how often a wait looks again at what it waits for


async def eventually(check: Callable[[], bool | Awaitable[bool]], what: str,
                     timeout: float = HANG) -> None:  # noqa: ASYNC109
    """Wait until `check()` (plain or async) holds. Fails only when the test hung: `what` says what never came."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        done = check()
        if inspect.isawaitable(done):
            done = await done
        if done:
            return
        if loop.time() > end:
            raise AssertionError(f"hung: {what} never came ({timeout:.0f} s, a guard against a hang, not a limit)")
        await asyncio.sleep(POLL)


def pongs(c: Client) -> int:
    return sum(f.get("type") == "pong" for f in c.frames)


def heard(c: Client) -> list[dict[str, Any]]:
    """The frames a client received, the barriers' pongs aside."""
    return [f for f in c.frames if f.get("type") != "pong"]


async def barrier(*sockets: Client | Any, timeout: float = HANG) -> list[list[dict[str, Any]]]:  # noqa: ASYNC109
    """Ping each socket and wait for its pong; returns, per socket, the frames read before the pong (for a raw
    websocket, which nobody else reads; for a `Client`, those its reader took meanwhile).

    Why it proves an absence: the server answers a socket through one queue, in order (app/web/ws.py `send`,
    docs/protocol.md "Frames leave in stream order"), and a command's events are pushed to every socket of the room
    when it commits, before its sender's ack or HTTP reply leaves. So once a command was answered, the pong of a
    ping sent after it comes after every frame that command gave any socket: what has not arrived by then was never
    sent. No sleep, and no guess of how long is long enough."""
    return list(await asyncio.gather(*(_barrier(s, timeout) for s in sockets)))


async def _barrier(s: Client | Any, timeout: float) -> list[dict[str, Any]]:  # noqa: ASYNC109
    if not isinstance(s, Client):
        frames: list[dict[str, Any]] = []
        await s.send(json.dumps({"type": "ping"}))
        try:
            async with asyncio.timeout(timeout):
                while (frame := json.loads(await s.recv()))["type"] != "pong":
                    frames.append(frame)
        except TimeoutError:
            raise AssertionError(f"hung: no pong in {timeout:.0f} s (a guard against a hang, not a limit)") from None
        return frames
    start, before = len(s.frames), pongs(s)
    await s._ws.send(json.dumps({"type": "ping"}))

    def answered() -> bool:
        if s.closed.is_set() and pongs(s) == before:
            raise AssertionError(f"{s.name or 'client'}: socket closed before the barrier's pong")
        return pongs(s) > before

    await eventually(answered, f"{s.name or 'client'}'s pong", timeout)
    return [f for f in s.frames[start:] if f.get("type") != "pong"]


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
                       names: list[str], start: bool = True) -> tuple[dict[str, Any], list[str]]:
    """Over HTTP: create a thiercelieux room, seat `names`, start (unless `start` is false: `start_room` later);
    returns (room, the seats' tokens)."""
    room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": options,
                                                "composition": composition})).json()
    code = room["code"]
    tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in names]
    if start:
        await start_room(http, room)
    return room, tokens


async def start_room(http: httpx.AsyncClient, room: dict[str, Any]) -> None:
    reply = await http.post(f"/api/rooms/{room['code']}/commands",
                            headers={"Authorization": f"Bearer {room['mj_token']}"},
                            json={"command": "start", "args": {}})
    assert reply.status_code == 200, reply.text


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
