"""A live server for the edge tests: the real app under uvicorn, with chosen settings, its logs reaching caplog."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import websockets
from fastapi import FastAPI

from app.main import create_app
from app.settings import Settings
from tests.support.ws import HANG
from tools.serve import serve_app


@contextlib.asynccontextmanager
async def live(database_url: str, prepare: Callable[[FastAPI], None] | None = None,
               **settings: Any) -> AsyncIterator[str]:
    """Serve the app (the `database_url` fixture's database is migrated already); yields its base URL.
    `log_config=None` leaves uvicorn's loggers propagating to the root logger, so caplog sees its tracebacks."""
    app = create_app(Settings(database_url=database_url, **settings))
    if prepare is not None:
        prepare(app)
    async with serve_app(app, log_config=None, log_level="info") as base:
        yield base


def ws_url(base: str, code: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/{code}"


async def raw_socket(base: str, code: str, token: Any = None) -> Any:
    """A websocket past its hello (welcome read); raises AssertionError with the server's answer otherwise."""
    ws = await websockets.connect(ws_url(base, code), compression=None, max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "token": token}))
    first = json.loads(await ws.recv())
    assert first["type"] == "welcome", first
    return ws


async def recv(ws: Any, timeout: float = HANG) -> Any:  # noqa: ASYNC109
    """The socket's next frame, or its close (ConnectionClosed); TimeoutError only when the test hung."""
    try:
        return await asyncio.wait_for(ws.recv(), timeout)
    except TimeoutError:
        raise TimeoutError(f"hung: no frame and no close in {timeout:.0f} s (a guard, not a limit)") from None


async def next_frame(ws: Any, kinds: tuple[str, ...] = ("error", "rejected", "ack", "pong"),
                     timeout: float = HANG) -> dict[str, Any]:  # noqa: ASYNC109
    """The next frame of one of `kinds` (views and updates in between are skipped)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        frame: dict[str, Any] = json.loads(await recv(ws, max(0.01, end - loop.time())))
        if frame.get("type") in kinds:
            return frame


async def alive(ws: Any) -> bool:
    """Whether the socket still answers a ping with a pong."""
    try:
        await ws.send(json.dumps({"type": "ping"}))
        return bool((await next_frame(ws, ("pong",)))["type"] == "pong")
    except (websockets.ConnectionClosed, TimeoutError):
        return False


async def new_room(base: str) -> dict[str, Any]:
    """A Thiercelieux room with an MJ, created over HTTP."""
    async with httpx.AsyncClient(base_url=base) as http:
        r = await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": {"moderation": "mj"}})
        assert r.status_code == 201, r.text
        room: dict[str, Any] = r.json()
        return room


async def room_events(base: str, room: dict[str, Any]) -> list[dict[str, Any]]:
    """The whole log of `room` (as `new_room` returns it), as its MJ's console receives it on connecting."""
    ws = await websockets.connect(ws_url(base, room["code"]), compression=None, max_size=2**22)
    try:
        await ws.send(json.dumps({"type": "hello", "token": room["mj_token"]}))
        events: list[dict[str, Any]] = json.loads(await ws.recv())["events"]
        return events
    finally:
        await ws.close()


async def join(base: str, code: str, name: str) -> dict[str, Any]:
    """A seat in the room by its HTTP route: the seat's answer (its token)."""
    async with httpx.AsyncClient(base_url=base) as http:
        r = await http.post(f"/api/rooms/{code}/join", json={"name": name})
        assert r.status_code == 201, r.text
        seat: dict[str, Any] = r.json()
        return seat
