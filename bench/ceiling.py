"""The ceiling: a bare uvicorn + FastAPI app that speaks just enough of Veillée's protocol for the load generator,
and only rebroadcasts a small frame to the sockets of a room. Whatever Veillée does on top of the stack (the
engine, the store, the views) shows as the distance between the two.

    uvicorn bench.ceiling:app --port 8001 --ws-per-message-deflate false

It has the routes the generator uses, with Veillée's shapes: `POST /api/rooms` (a code and an MJ token),
`POST /api/rooms/{code}/join` (a seat and its token), `POST /api/rooms/{code}/commands` (`start` opens a vote
prompt), `GET /healthz`, and `/ws/{code}`: `hello` is answered by `welcome` with a small view; a `command` frame is
parsed (as any server must) and answered by an `update` frame with one `answered` event, the same text to every
socket of the room, then by an `ack` to its sender; `ping` gets `pong`. Nothing is stored; a frame is sent straight
to each socket in turn, with no queue and no projection. Survivors of the garbage collector are frozen every
`CEILING_GC_FREEZE` seconds (10; 0: Python's default policy).
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from app.realtime.pauses import OLD_GENERATION_EVERY

VOTE_PROMPT = "pceilingvote"


@dataclass(eq=False)
class Room:
    code: str
    mj_token: str
    seats: int = 0
    started: bool = False
    n: int = 0
    sockets: set[WebSocket] = field(default_factory=set)

    def view(self) -> dict[str, Any]:
        prompts = []
        if self.started:
            prompts.append({"id": VOTE_PROMPT, "step": "vote", "kind": "pick", "to": list(range(self.seats)),
                            "options": list(range(self.seats)), "min": 0, "max": 1})
        return {"phase": "day" if self.started else "lobby", "players": self.seats, "prompts": prompts}


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


async def freeze_survivors(every: float) -> None:
    """Collect what is young and freeze what survived, every `every` seconds: Python's full collections then never
    scan the thousands of long-lived sockets (the same policy as Veillée's app/realtime/pauses.py), so the
    ceiling's pauses are the stack's, not the collector's."""
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, OLD_GENERATION_EVERY)  # no automatic collection of the old generation either
    while True:
        await asyncio.sleep(every)
        gc.collect(1)  # the young generations only: short; what survives them is long-lived here
        gc.freeze()


def create_app() -> FastAPI:
    freeze_every = float(os.environ.get("CEILING_GC_FREEZE", "10"))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        task = asyncio.get_running_loop().create_task(freeze_survivors(freeze_every)) if freeze_every > 0 else None
        yield
        if task is not None:
            task.cancel()

    app = FastAPI(title="Veillée bench ceiling", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    rooms: dict[str, Room] = {}
    codes = itertools.count(1)

    async def broadcast(room: Room, text: str) -> None:
        for ws in list(room.sockets):
            try:
                await ws.send_text(text)
            except Exception:  # the peer went away
                room.sockets.discard(ws)

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return {"status": "ok", "database": None, "rooms_loaded": len(rooms),
                "connections": sum(len(r.sockets) for r in rooms.values())}

    @app.post("/api/rooms", status_code=201)
    async def create_room() -> dict[str, Any]:
        code = f"C{next(codes):07d}"
        rooms[code] = room = Room(code, secrets.token_urlsafe(24))
        return {"code": code, "mj_token": room.mj_token}

    @app.post("/api/rooms/{code}/join", status_code=201)
    async def join(code: str, request: Request) -> Any:
        room = rooms.get(code)
        if room is None:
            return JSONResponse({"error": {"code": "no_such_room", "message": "No such room."}}, status_code=404)
        await request.body()
        seat = room.seats
        room.seats += 1
        return {"seat": seat, "token": f"{code}.{seat}"}

    @app.post("/api/rooms/{code}/commands")
    async def command(code: str, request: Request) -> Any:
        room = rooms.get(code)
        body = await request.json()
        if room is None or request.headers.get("authorization") != f"Bearer {room.mj_token}":
            return JSONResponse({"error": {"code": "mj_only", "message": "MJ only."}}, status_code=403)
        if body.get("command") == "start" and not room.started:
            room.started = True
            room.n += 1
            await broadcast(room, dumps({"type": "update", "n": room.n, "from": room.n - 1, "stream": "own",
                                         "events": [{"type": "phase", "data": {"phase": "day"}}],
                                         "view": room.view()}))
        return {"ok": True, "events": 1}

    @app.websocket("/ws/{code}")
    async def websocket(ws: WebSocket, code: str) -> None:
        room = rooms.get(code)
        await ws.accept()
        if room is None:
            await ws.send_text(dumps({"type": "error", "code": "no_such_room", "message": "No such room."}))
            await ws.close(code=4004)
            return
        hello = json.loads(await ws.receive_text())
        token = hello.get("token")
        seat = int(token.rsplit(".", 1)[1]) if isinstance(token, str) else None
        await ws.send_text(dumps({"type": "welcome", "n": room.n, "from": 0, "stream": "own", "events": [],
                                  "view": {**room.view(), "me": {"seat": seat}}}))
        room.sockets.add(ws)
        try:
            while True:
                msg = json.loads(await ws.receive_text())
                kind = msg.get("type")
                if kind == "ping":
                    await ws.send_text('{"type":"pong"}')
                    continue
                if kind != "command":
                    continue
                args = msg.get("args") or {}
                room.n += 1
                event = {"type": "answered", "data": {"prompt": args.get("prompt"), "seat": seat,
                                                      "answer": args.get("answer"), "reason": args.get("reason")}}
                await broadcast(room, dumps({"type": "update", "n": room.n, "from": room.n - 1, "stream": "own",
                                             "events": [event]}))
                await ws.send_text(dumps({"type": "ack", "cid": msg.get("cid")}))
        except WebSocketDisconnect:
            pass
        finally:
            room.sockets.discard(ws)

    return app


app = create_app()
