"""The websocket endpoint: one socket per browser, authenticated by its first frame (`hello`).

The token travels inside the first frame rather than in the URL, so it never reaches an access log. Every frame is
read through the edge (app/web/edge.py): an unreadable one is answered and dropped, and the socket stays up.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnected, WebSocketState

from app.engine import Rejected
from app.realtime.hub import Connection, Viewer, encode
from app.rooms.service import Room
from app.web.budget import Budget
from app.web.deps import Services, client_ip, find_room, origin_allowed, submit
from app.web.edge import EdgeError, check, parse_json

log = logging.getLogger("veillee.ws")
MAX_FRAME = 8192  # bytes a client frame may hold
HELLO_TIMEOUT = 10.0
HELLO_TRIES = 3  # unreadable frames answered before the hello, at most
TOO_MANY = 4029  # close code: too many wrong room codes, spectator sockets or sockets from one address


async def send(conn: Connection | None, ws: WebSocket, data: dict[str, Any]) -> None:
    """Before the connection is attached, straight to the socket; after, through its queue, so a reply never
    overtakes the stream frames queued before it."""
    if conn is None:
        await ws.send_text(encode(data))
        return
    conn.push(data)


# Starlette's signs that the peer is gone: leaving is the client's right at any moment, and nothing to report.
GONE = (WebSocketDisconnect, WebSocketDisconnected)


def error(code: str, message: str, **params: Any) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if params:
        frame["params"] = params
    return frame


def rejected(cid: str | None, code: str, message: str, **params: Any) -> dict[str, Any]:
    return {"type": "rejected", "cid": cid, "code": code, "message": message, "params": params}


async def read_frame(ws: WebSocket) -> str | bytes:
    """The next frame's data, text or binary; WebSocketDisconnect when the client leaves."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


def decode(data: str | bytes) -> Any:
    """A frame's JSON, checked at the edge (app/web/edge.py); EdgeError says why not."""
    if isinstance(data, bytes):
        raise EdgeError("binary_frame", "Frames are JSON text, not binary.")
    if len(data) > MAX_FRAME or (4 * len(data) > MAX_FRAME and len(data.encode("utf-8")) > MAX_FRAME):
        raise EdgeError("too_large", f"A frame holds at most {MAX_FRAME} bytes.", raw=data, max=MAX_FRAME)
    return parse_json(data, "the frame")


def command_id(msg: Any) -> tuple[bool, str | None]:
    """(whether `msg` is a command to answer with `rejected`, its cid). A command without a cid is answered under
    none; one whose cid cannot be read (not a string, bad text, a number out of range) gets an `error`, as a frame
    that is not a command does: no cid it could be told apart by."""
    if not isinstance(msg, dict) or msg.get("type") != "command":
        return False, None
    cid = msg.get("cid")
    if cid is None:
        return True, None
    if not isinstance(cid, str):
        return False, None
    try:
        check(cid)
    except EdgeError:
        return False, None
    return True, cid


def refusal(exc: EdgeError) -> dict[str, Any]:
    """A command refused at the edge is rejected under its own cid, so its sender is not left waiting. What the
    edge could not decode whole (a number out of range, nesting, size) is read at its top level for the cid
    (`salvage`), here only: the frames that pass are decoded once."""
    is_command, cid = command_id(exc.value)
    if is_command:
        return rejected(cid, exc.code, exc.message, **exc.params)
    return error(exc.code, exc.message, **exc.params)


def over_limit(data: str | bytes) -> dict[str, Any]:
    try:
        msg = decode(data)
    except EdgeError as exc:
        msg = exc.value
    is_command, cid = command_id(msg)
    if is_command:
        return rejected(cid, "rate_limited", "Too many frames; slow down.")
    return error("rate_limited", "Too many frames; slow down.")


async def refuse(ws: WebSocket, frame: dict[str, Any], close_code: int) -> None:
    await send(None, ws, frame)
    await ws.close(code=close_code)


PREFIX = "/ws/"


def route(scope: Scope, receive: Receive, send: Send) -> Awaitable[None] | None:
    """The coroutine that serves a websocket at `/ws/{code}`, or None for any other path. The edge
    (app/web/edge.py) calls it before the framework's routing, so a held socket keeps no frame of the framework's
    middlewares, router and dependency solver alive: about 8 KB a socket (docs/architecture.md, "Memory")."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root):
        path = path[len(root):]
    code = path[len(PREFIX):]
    if not path.startswith(PREFIX) or not code or "/" in code:
        return None
    return websocket(WebSocket(scope, receive=receive, send=send), code)


async def websocket(ws: WebSocket, code: str) -> None:
    """A socket's whole life in one coroutine frame (a frame lives as long as its socket): admission (`admit`,
    whose frame is gone once it returns), then the frames the client sends, read through the edge, until it leaves."""
    svc: Services = ws.app.state.services
    spectator_from: str | None = None
    counted: str | None = None  # the address this socket is counted under, once it is
    try:
        # Every socket of an address counts from the moment it is open (a silent one waiting for its hello too),
        # so one client cannot come near the server's own limit (docs/protocol.md, "Sockets").
        address, limit = client_ip(ws), svc.settings.address_sockets
        if svc.sockets[address] >= limit:
            await ws.accept()
            await refuse(ws, error("too_many_sockets", f"At most {limit} sockets from one address.", max=limit),
                         TOO_MANY)
            return
        svc.sockets[address] += 1
        counted = address
        admitted = await admit(svc, ws, code)
        if admitted is None:
            return
        room, viewer, last, held, spectator_from = admitted
        # Whom the socket's cids belong to: a seat's and the MJ's are theirs across reconnections (None: the
        # viewer); each spectator socket has its own, so one spectator cannot swallow another's message by reusing
        # its cid. 24 characters, all that `scoped_cid` keeps.
        sender = None if viewer != "spectator" else f"spectator:{secrets.token_hex(7)}"
        conn = Connection(ws, room.id, viewer)
        try:
            svc.hub.attach(room, conn, last, held)
            budget = Budget(svc.settings.frame_rate)
            while True:
                message = await ws.receive()  # read_frame's body, inline: one frame less for the socket's life
                if message["type"] == "websocket.disconnect":
                    break
                data = message.get("text")
                if data is None:
                    data = message.get("bytes") or b""
                if not budget.take():
                    await send(conn, ws, over_limit(data))
                    continue
                try:
                    msg = decode(data)
                except EdgeError as exc:
                    await send(conn, ws, refusal(exc))
                    continue
                await handle(svc, conn, ws, msg, sender)
        finally:
            svc.hub.detach(conn)
    except GONE:
        pass
    except RuntimeError:
        # The ASGI server's word for a send on a socket it already saw close; anything else is a bug to show.
        if WebSocketState.DISCONNECTED not in (ws.client_state, ws.application_state):
            raise
    finally:
        if counted is not None:
            svc.sockets[counted] -= 1
            if svc.sockets[counted] <= 0:
                del svc.sockets[counted]
        if spectator_from is not None:
            svc.spectators[spectator_from] -= 1
            if svc.spectators[spectator_from] <= 0:
                del svc.spectators[spectator_from]


Admitted = tuple[Room, Viewer, int | None, str | None, str | None]


async def admit(svc: Services, ws: WebSocket, code: str) -> Admitted | None:
    """An admitted socket's room and viewer, the hello's `last` and `stream` (checked), and the address its
    spectator seat is counted under (None for a player); None once a refused socket was told why. The hello itself
    is not kept: only what it asked for lives as long as the socket."""
    allowed = [*svc.settings.allowed_origins, svc.settings.public_url] if svc.settings.public_url else \
        svc.settings.allowed_origins
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), allowed):
        await ws.close(code=4003, reason="origin not allowed")
        return None
    address = client_ip(ws)
    try:
        room = await find_room(svc, code, address)
    except Rejected as exc:
        await ws.accept()
        await refuse(ws, error(exc.rejection.code, exc.rejection.message), TOO_MANY)
        return None
    await ws.accept()
    if room is None:
        await refuse(ws, error("no_such_room", "There is no room with this code."), 4004)
        return None
    hello = await read_hello(ws)
    if hello is None:
        return None
    token = hello.get("token")
    if token is not None and not isinstance(token, str):
        await refuse(ws, error("bad_token", "A token is a string, or null for a spectator."), 4001)
        return None
    try:
        viewer = await svc.rooms.authenticate(room, token)
    except Rejected as exc:
        await refuse(ws, error(exc.rejection.code, exc.rejection.message), 4001)
        return None
    last, held = hello.get("last"), hello.get("stream")
    asked = (last if isinstance(last, int) and not isinstance(last, bool) else None,
             held if held in ("own", "all") else None)
    if viewer != "spectator":
        return room, viewer, *asked, None
    # Spectators need no token: their sockets are counted per address (SPECTATOR_SOCKETS).
    limit = svc.settings.spectator_sockets
    if svc.spectators[address] >= limit:
        await refuse(ws, error("too_many_spectators", f"At most {limit} spectators from one address.", max=limit),
                     TOO_MANY)
        return None
    svc.spectators[address] += 1
    return room, viewer, *asked, address


async def read_hello(ws: WebSocket) -> dict[str, Any] | None:
    """The hello, or None once the socket was told why not. An unreadable frame is answered (`hello_expected`,
    with the edge's code as `cause`) and another may follow (a few, within HELLO_TIMEOUT); a readable frame that
    is not a hello ends the socket."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HELLO_TIMEOUT
    for _ in range(HELLO_TRIES):
        try:
            data = await asyncio.wait_for(read_frame(ws), max(0.0, deadline - loop.time()))
        except TimeoutError:
            break
        try:
            hello = decode(data)
        except EdgeError as exc:
            await send(None, ws, error("hello_expected", f"The first frame must be a hello: {exc.message}",
                                       cause=exc.code, **exc.params))
            continue
        if isinstance(hello, dict) and hello.get("type") == "hello":
            return hello
        break
    await refuse(ws, error("hello_expected", 'The first frame must be {"type": "hello", ...}.'), 4000)
    return None


async def handle(svc: Services, conn: Connection, ws: WebSocket, msg: Any, sender: str | None = None) -> None:
    if not isinstance(msg, dict):
        await send(conn, ws, error("bad_frame", "A frame is a JSON object."))
        return
    kind = msg.get("type")
    if kind == "ping":
        await send(conn, ws, {"type": "pong"})
        return
    if kind != "command":
        await send(conn, ws, error("bad_frame", f"Unknown frame type {str(kind)[:40]!r}."))
        return
    cid = msg.get("cid")
    command, args = msg.get("command"), msg.get("args", {})
    if not isinstance(command, str) or not isinstance(args, dict) or (cid is not None and not isinstance(cid, str)):
        await send(conn, ws, rejected(cid if isinstance(cid, str) else None, "bad_command",
                                      "A command has a name (string), args (object) and a cid (string)."))
        return
    room = await svc.rooms.get(conn.room_id)
    if room is None:  # pragma: no cover - rooms are never deleted while connected
        return
    who = sender if sender is not None else str(conn.viewer)
    if command == "say" and not svc.limiter.hit(svc.settings.chat_rate, "chat", room.id, who):
        await send(conn, ws, rejected(cid, "rate_limited", "You are writing too fast; wait a few seconds."))
        return
    try:
        await submit(svc, room, conn.viewer, command, args, cid[:64] if cid else None, sender)
    except Rejected as exc:
        r = exc.rejection
        await send(conn, ws, rejected(cid, r.code, r.message, **r.params))
        return
    await send(conn, ws, {"type": "ack", "cid": cid})
