"""The connection hub: every websocket gets its own projection of its room.

Each viewer has its own stream: the events it may see, numbered 1, 2, 3… for that viewer alone. A hidden event
is not even a gap in someone else's numbering, so nobody can count what happens at night. Frames reach a viewer
only when something it may see happened, so the timing of hidden actions does not show either.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.engine import Event, event_visible, view
from app.engine.views import omniscient, public_event
from app.rooms.service import Room

log = logging.getLogger("veillee.hub")
Viewer = int | str


class Socket(Protocol):
    async def send_json(self, data: Any) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@dataclass(eq=False)
class Connection:
    socket: Socket
    room_id: str
    viewer: Viewer
    n: int = 0  # events of this viewer's stream already sent
    omniscient: bool = False
    last_view: dict[str, Any] | None = None
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def stream_kind(conn: Connection) -> str:
    """`all` once the viewer may see every event, `own` before: the two streams are numbered differently."""
    return "all" if conn.omniscient else "own"


def stream(room: Room, viewer: Viewer) -> list[Event]:
    return [e for e in room.events if event_visible(e, viewer, room.state)]


class Hub:
    def __init__(self) -> None:
        self.rooms: dict[str, set[Connection]] = {}

    def count(self) -> int:
        return sum(len(c) for c in self.rooms.values())

    async def attach(self, room: Room, conn: Connection, last: int | None, kind_held: str | None = None) -> None:
        """Send what the viewer missed since `last` (its own stream's count), or everything. `kind_held` is the
        `stream` of the frames the client holds: if its right to see changed since, its count means nothing now."""
        self.rooms.setdefault(room.id, set()).add(conn)
        events = stream(room, conn.viewer)
        kind = "welcome"
        conn.omniscient = omniscient(room.state, conn.viewer)
        if last is None or last < 0 or last > len(events) or (kind_held is not None and kind_held != stream_kind(conn)):
            last = 0
        await self._send(conn, room, kind, events[last:], len(events), base=last)

    def detach(self, conn: Connection) -> None:
        conns = self.rooms.get(conn.room_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                self.rooms.pop(conn.room_id, None)

    async def publish(self, room: Room, events: list[Event]) -> None:
        for conn in list(self.rooms.get(room.id, ())):
            try:
                await self._update(conn, room, events)
            except Exception:  # a dead socket must not stop the others
                log.info("dropping a connection of room %s", room.id)
                self.detach(conn)

    async def _update(self, conn: Connection, room: Room, events: list[Event]) -> None:
        now_omniscient = omniscient(room.state, conn.viewer)
        if now_omniscient != conn.omniscient:
            # The viewer's right to see changed (game over, or a dead player in a room that shows the dead all):
            # its stream is a different list now; resend it whole.
            conn.omniscient = now_omniscient
            full = stream(room, conn.viewer)
            await self._send(conn, room, "sync", full, len(full), base=0)
            return
        visible = [e for e in events if event_visible(e, conn.viewer, room.state)]
        current = view(room.state, conn.viewer)
        if not visible and current == conn.last_view:
            return
        await self._send(conn, room, "update", visible, conn.n + len(visible), base=conn.n, view_=current)

    async def _send(self, conn: Connection, room: Room, kind: str, events: list[Event], n: int, base: int,
                    view_: dict[str, Any] | None = None) -> None:
        current = view_ if view_ is not None else view(room.state, conn.viewer)
        frame = {
            "type": kind,
            "n": n,
            "from": base,
            "stream": stream_kind(conn),
            "events": [public_event(e, with_audience=conn.omniscient, hidden=set(room.state.hidden),
                                    keep_hidden_text=conn.viewer == "mj") for e in events],
            "view": current,
            "server_time": time.time(),
        }
        async with conn.send_lock:
            await conn.socket.send_json(frame)
        conn.n = n
        conn.last_view = current

    async def kick(self, room_id: str, viewer: Viewer) -> None:
        for conn in list(self.rooms.get(room_id, ())):
            if conn.viewer == viewer:
                self.detach(conn)
                try:
                    await conn.socket.close(code=4001, reason="seat taken by a substitute")
                except Exception:
                    log.debug("socket already closed")
