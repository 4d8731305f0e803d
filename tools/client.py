"""A small Python client of the Veillée protocol (HTTP + one websocket). Tests, bots and the demo use it."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from typing import Any

import httpx
import websockets

_cids = itertools.count(1)


# A command refused as busy is sent again up to this many times (about three minutes of pauses), and a reply is
# awaited this long: guards against a server that hangs, far beyond what a loaded machine takes.
BUSY_RETRIES = 100
REPLY_GUARD = 120.0


class ClientError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def updated(view: dict[str, Any], frame: dict[str, Any]) -> dict[str, Any]:
    """The view after an `update` frame (docs/protocol.md): its `patch` keys replaced, its `items` lists rebuilt
    (an item given by its id is the one held under that id), its `drop` keys removed."""
    out = {**view, **frame.get("patch", {})}
    for key, listed in (frame.get("items") or {}).items():
        had = {item["id"]: item for item in view.get(key) or ()}
        out[key] = [had[item] if isinstance(item, str) else item for item in listed]
    for key in frame.get("drop", ()):
        out.pop(key, None)
    return out


async def create_room(base: str, ruleset: str = "thiercelieux", options: dict[str, Any] | None = None,
                      composition: list[str] | None = None) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base) as http:
        r = await http.post("/api/rooms", json={"ruleset": ruleset, "options": options or {},
                                                "composition": composition})
        _raise(r)
        data: dict[str, Any] = r.json()
        return data


async def join_room(base: str, code: str, name: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base) as http:
        r = await http.post(f"/api/rooms/{code}/join", json={"name": name})
        _raise(r)
        data: dict[str, Any] = r.json()
        return data


def _raise(r: httpx.Response) -> None:
    if r.status_code >= 400:
        err = r.json().get("error", {})
        raise ClientError(err.get("code", str(r.status_code)), err.get("message", r.text))


class Client:
    """One viewer's connection: keeps its stream (events, count) and its latest view."""

    def __init__(self, base: str, code: str, token: str | None = None, name: str = "") -> None:
        self.ws_url = base.replace("http://", "ws://").replace("https://", "wss://") + f"/ws/{code}"
        self.code = code
        self.token = token
        self.name = name
        self.events: list[dict[str, Any]] = []
        self.view: dict[str, Any] = {}
        self.n = 0
        self.stream: str | None = None
        self.frames: list[dict[str, Any]] = []
        self.busy = 0  # commands the server refused as busy, and that were sent again
        self._ws: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()

    async def connect(self, resume: bool = False) -> None:
        self._ws = await websockets.connect(self.ws_url, compression=None, max_size=2**22)
        self.closed.clear()
        await self._ws.send(json.dumps({"type": "hello", "token": self.token, "last": self.n if resume else None,
                                        "stream": self.stream if resume else None}))
        first = json.loads(await self._ws.recv())
        if first.get("type") == "error":
            raise ClientError(first["code"], first["message"])
        self._take(first)
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    def _take(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)
        kind = frame.get("type")
        if kind in ("welcome", "sync", "update"):
            if kind == "sync" or (frame["from"] == 0 and kind != "update"):
                self.events = self.events[: frame["from"]]
            if frame["from"] != len(self.events):
                raise AssertionError(f"stream gap: have {len(self.events)}, frame from {frame['from']}")
            self.events.extend(frame["events"])
            self.n = frame["n"]
            self.stream = frame.get("stream")
            if "view" in frame:
                self.view = frame["view"]
            else:  # an update carries the parts of the view that changed, and the names of those that are gone
                self.view = updated(self.view, frame)
            self.changed.set()
        elif kind in ("ack", "rejected"):
            fut = self._replies.pop(frame.get("cid") or "", None)
            if fut is not None and not fut.done():
                fut.set_result(frame)

    async def _read(self) -> None:
        try:
            async for raw in self._ws:
                self._take(json.loads(raw))
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed.set()
            for fut in self._replies.values():
                if not fut.done():
                    fut.set_exception(ClientError("closed", "connection closed"))

    async def send(self, command: str, cid: str | None = None, **args: Any) -> dict[str, Any]:
        """Send a command and wait for its ack or rejection. A `busy` server changed nothing: the same command is
        sent again, under the same cid, after a growing pause (up to 2 s), as long as it takes: a loaded machine
        (a test suite beside another) may keep a room's queue full for a while. The bounds are guards against a
        hang, not speeds the server must keep."""
        cid = cid or f"c{next(_cids)}"
        for attempt in range(BUSY_RETRIES):
            fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self._replies[cid] = fut
            await self._ws.send(json.dumps({"type": "command", "cid": cid, "command": command, "args": args}))
            reply = await asyncio.wait_for(fut, REPLY_GUARD)
            if reply.get("code") != "busy":
                break
            self.busy += 1
            await asyncio.sleep(min(2.0, 0.05 * 2**attempt) * (0.5 + random.random()))
        return reply

    async def do(self, command: str, **args: Any) -> None:
        reply = await self.send(command, **args)
        if reply["type"] == "rejected":
            raise ClientError(reply["code"], reply["message"])

    async def wait_for(self, predicate: Any, timeout: float = 120.0) -> dict[str, Any]:  # noqa: ASYNC109
        """Wait until predicate(view) is true; return the view. `timeout` guards against a hang (a loaded machine
        may take long): it is not a speed the server must keep."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not predicate(self.view):
            self.changed.clear()
            remaining = end - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"{self.name or 'client'}: condition not met; phase {self.view.get('phase')}, "
                                   f"step {self.view.get('step')}")
            try:
                await asyncio.wait_for(self.changed.wait(), remaining)
            except TimeoutError:
                continue
        return self.view

    def my_prompts(self) -> list[dict[str, Any]]:
        return [p for p in self.view.get("prompts", []) if p.get("mine")]
