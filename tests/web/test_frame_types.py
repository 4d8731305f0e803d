"""The frames' types (static/js/types/frames.d.ts, hand-written) against what the server really sends: a seat, a
spectator and the MJ go through a room (joins, commands acknowledged and refused, a ping, a bad frame, a resume,
the end of the game), and every frame each receives is a declared frame with declared keys only."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import websockets

from tests.support.edge import join, live, new_room, next_frame, ws_url

FRAMES = Path(__file__).resolve().parents[2] / "static" / "js" / "types" / "frames.d.ts"


def declared(union: str) -> dict[str, set[str]]:
    """The frame types of `union` in frames.d.ts, each with its fields (one `name: type;` a line)."""
    text = FRAMES.read_text(encoding="utf-8")
    interfaces = {name: body for name, body in re.findall(r"export interface (\w+) \{\n(.*?)\n\}", text, re.S)}
    members = re.search(rf"export type {union} = ([^;]+);", text)
    assert members, union
    frames: dict[str, set[str]] = {}
    for name in (m.strip() for m in members.group(1).split("|")):
        body = interfaces[name]
        kind = re.search(r'^\s+type: "(\w+)";', body, re.M)
        assert kind, name
        frames[kind.group(1)] = set(re.findall(r"^\s+(\w+)\??:", body, re.M))
    return frames


class Socket:
    """A websocket that keeps every frame it receives."""

    def __init__(self, ws: Any, seen: list[dict[str, Any]]) -> None:
        self.ws, self.seen = ws, seen
        self.last: dict[str, Any] = {}  # this socket's latest stream frame

    @classmethod
    async def open(cls, base: str, code: str, seen: list[dict[str, Any]], hello: dict[str, Any]) -> Socket:
        ws = await websockets.connect(ws_url(base, code), compression=None, max_size=2**22)
        await ws.send(json.dumps({"type": "hello", **hello}))
        sock = cls(ws, seen)
        assert (await sock.until(("welcome",)))["type"] == "welcome"
        return sock

    async def until(self, kinds: tuple[str, ...]) -> dict[str, Any]:
        """The next frame of one of `kinds`, every frame before it kept."""
        while True:
            frame: dict[str, Any] = json.loads(await self.ws.recv())
            self.seen.append(frame)
            if frame.get("type") in ("welcome", "update", "sync"):
                self.last = frame
            if frame.get("type") in kinds:
                return frame

    async def command(self, cid: str, command: str, **args: Any) -> dict[str, Any]:
        await self.ws.send(json.dumps({"type": "command", "cid": cid, "command": command, "args": args}))
        return await self.until(("ack", "rejected"))

    async def barrier(self) -> None:
        """Every frame the server queued before now has arrived: a ping is answered in order."""
        await self.ws.send(json.dumps({"type": "ping"}))
        await self.until(("pong",))


async def test_every_frame_a_room_sends_is_declared_in_frames_d_ts(database_url: str) -> None:
    server = declared("ServerFrame")
    seen: list[dict[str, Any]] = []
    async with live(database_url) as base:
        room = await new_room(base)
        code = room["code"]
        mj = await Socket.open(base, code, seen, {"token": room["mj_token"]})
        spectator = await Socket.open(base, code, seen, {"token": None})
        seats = [await join(base, code, f"Joueur {i}") for i in range(5)]
        seat = await Socket.open(base, code, seen, {"token": seats[0]["token"]})
        assert (await seat.command("c1", "rename", name="Alice"))["type"] == "ack"
        assert (await seat.command("c2", "start"))["type"] == "rejected"  # the MJ's alone
        await seat.ws.send("{not json")
        assert (await seat.until(("error",)))["code"] == "bad_json"
        await spectator.command("c3", "say", channel="village", text="bonsoir", name="Bob")
        for sock in (mj, spectator, seat):
            await sock.barrier()
        # A resume: the seat comes back with its count and stream, and goes on from there.
        last = seat.last
        await seat.ws.close()
        seat = await Socket.open(base, code, seen, {"token": seats[0]["token"], "last": last["n"],
                                                    "stream": last["stream"]})
        assert seat.last["type"] == "welcome" and seat.last["from"] == last["n"] > 0
        assert (await mj.command("c4", "end"))["type"] == "ack"
        for sock in (mj, spectator, seat):
            await sock.barrier()
            await sock.ws.close()
    # A token the server does not know: its error frame, then the close.
    async with live(database_url) as base:
        room = await new_room(base)
        ws = await websockets.connect(ws_url(base, room["code"]), compression=None)
        await ws.send(json.dumps({"type": "hello", "token": "nope"}))
        seen.append(await next_frame(ws, ("error",)))
    for frame in seen:
        assert frame["type"] in server, frame
        assert set(frame) <= server[frame["type"]], (frame["type"], set(frame) - server[frame["type"]])
    kinds = {frame["type"] for frame in seen}
    assert kinds == set(server), set(server) - kinds  # `sync`: the end opens every seat's whole stream


def test_the_client_frames_are_the_pages_own() -> None:
    """The pages send hello, command and ping (shell/net.js), as docs/protocol.md says."""
    assert set(declared("ClientFrame")) == {"hello", "command", "ping"}
