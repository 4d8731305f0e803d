"""The websocket endpoint: one socket per browser, authenticated by its first frame (`hello`).

The token travels inside the first frame rather than in the URL, so it never reaches an access log.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.engine import Rejected
from app.realtime.hub import Connection, encode
from app.rooms.secrets import normalise_code
from app.web.deps import Services, origin_allowed

router = APIRouter()
log = logging.getLogger("veillee.ws")
MAX_FRAME = 8192  # bytes a client frame may hold
HELLO_TIMEOUT = 10.0


async def send(conn: Connection | None, ws: WebSocket, data: dict[str, Any]) -> None:
    """Before the connection is attached, straight to the socket; after, through its queue, so a reply never
    overtakes the stream frames queued before it."""
    if conn is None:
        await ws.send_text(encode(data))
        return
    conn.push(data)


def rate_limited(raw: str) -> dict[str, Any]:
    """A command over the limit is rejected under its own client id, so its sender is not left waiting."""
    try:
        msg = json.loads(raw)
    except ValueError:
        msg = None
    if isinstance(msg, dict) and msg.get("type") == "command":
        return {"type": "rejected", "cid": msg.get("cid"), "code": "rate_limited",
                "message": "Too many frames; slow down."}
    return error("rate_limited", "Too many frames; slow down.")


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


@router.websocket("/ws/{code}")
async def websocket(ws: WebSocket, code: str) -> None:
    svc: Services = ws.app.state.services
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), svc.settings.allowed_origins):
        await ws.close(code=4003, reason="origin not allowed")
        return
    room = await svc.rooms.by_code(normalise_code(code))
    await ws.accept()
    if room is None:
        await ws.send_json(error("no_such_room", "There is no room with this code."))
        await ws.close(code=4004)
        return
    try:
        raw = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
        hello = json.loads(raw) if len(raw) <= MAX_FRAME else None
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            raise ValueError("hello expected")
        token = hello.get("token")
        viewer = await svc.rooms.authenticate(room, token if isinstance(token, str) else None)
    except Rejected as exc:
        await ws.send_json(error(exc.rejection.code, exc.rejection.message))
        await ws.close(code=4001)
        return
    except (TimeoutError, ValueError, WebSocketDisconnect):
        try:
            await ws.send_json(error("hello_expected", 'The first frame must be {"type": "hello", ...}.'))
            await ws.close(code=4000)
        except Exception:
            pass
        return
    last = hello.get("last")
    held = hello.get("stream")
    conn = Connection(ws, room.id, viewer)
    svc.hub.attach(room, conn, last if isinstance(last, int) and not isinstance(last, bool) else None,
                   held if held in ("own", "all") else None)
    key = f"ws:{id(conn)}"
    try:
        while True:
            raw = await ws.receive_text()
            if len(raw) > MAX_FRAME:
                await send(conn, ws, error("too_large", f"A frame holds at most {MAX_FRAME} bytes."))
                continue
            if not svc.limiter.hit(svc.settings.frame_rate, key):
                await send(conn, ws, rate_limited(raw))
                continue
            await handle(svc, conn, ws, raw)
    except WebSocketDisconnect:
        pass
    finally:
        svc.hub.detach(conn)


async def handle(svc: Services, conn: Connection, ws: WebSocket, raw: str) -> None:
    try:
        msg = json.loads(raw)
    except ValueError:
        await send(conn, ws, error("bad_json", "That frame is not JSON."))
        return
    if not isinstance(msg, dict):
        await send(conn, ws, error("bad_frame", "A frame is a JSON object."))
        return
    kind = msg.get("type")
    if kind == "ping":
        await send(conn, ws, {"type": "pong"})
        return
    if kind != "command":
        await send(conn, ws, error("bad_frame", f"Unknown frame type {kind!r}."))
        return
    cid = msg.get("cid")
    command, args = msg.get("command"), msg.get("args", {})
    if not isinstance(command, str) or not isinstance(args, dict) or (cid is not None and not isinstance(cid, str)):
        await send(conn, ws, {"type": "rejected", "cid": cid, "code": "bad_command",
                              "message": "A command has a name (string), args (object) and a cid (string)."})
        return
    room = await svc.rooms.get(conn.room_id)
    if room is None:  # pragma: no cover - rooms are never deleted while connected
        return
    who = conn.viewer if conn.viewer != "spectator" else f"spectator:{id(conn)}"
    if command == "say" and not svc.limiter.hit(svc.settings.chat_rate, "chat", room.id, str(who)):
        await send(conn, ws, {"type": "rejected", "cid": cid, "code": "rate_limited",
                              "message": "You are writing too fast; wait a few seconds."})
        return
    try:
        await svc.rooms.submit(room, conn.viewer, command, args, cid[:64] if cid else None)
    except Rejected as exc:
        r = exc.rejection
        await send(conn, ws, {"type": "rejected", "cid": cid, "code": r.code, "message": r.message,
                              "params": r.params})
        return
    await send(conn, ws, {"type": "ack", "cid": cid})
