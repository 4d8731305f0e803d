"""The connection hub: every websocket gets its own projection of its room.

Each viewer has its own stream: the events it may see, numbered 1, 2, 3… for that viewer alone. A hidden event
is not even a gap in someone else's numbering, so nobody can count what happens at night. Frames reach a viewer
only when something it may see happened, so the timing of hidden actions does not show either.

Order: frames are built synchronously, under the room's lock, in the order the room's events were committed, and
queued on their connection; one writer task per connection sends its queue in order. A slow socket therefore
never delays the others, and two publishes can never interleave their frames (each frame's `from` is the `n` of
the frame before it, always).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from app.engine import Event, event_visible, view
from app.engine.views import effects, omniscient, public_event, view_parts
from app.engine.views import gone as dropped
from app.rooms.service import Room

log = logging.getLogger("veillee.hub")
Viewer = int | str
MAX_BACKLOG = 500  # frames queued for one socket; past it the socket is closed and the client resumes with `last`
KICKED = {  # the last frame of a seat's socket closed with 4001, by its reason
    "substituted": "A substitute took this seat; this link no longer opens it.",
    "handed_over": "This seat is now played on another device (its personal link was opened there).",
    "left": "This seat left the table (or the host took it off); this link no longer opens a seat.",
}
TOO_SLOW = 4008  # close code: the client fell too far behind; reconnecting with its count catches it up
SUPERSEDED = 4009  # close code: the token opened more sockets than it may hold; the oldest is closed
# The part of a view sent item by item: a list of objects with an "id" each. An update names an unchanged prompt by
# its id instead of sending it again, so a ballot costs one prompt's text, not every open prompt's.
ITEMIZED = "prompts"
Items = tuple[tuple[str, str], ...]  # (id, JSON text) of each item, in order


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


def dumps(value: Any) -> str:
    """Compact JSON that is always valid JSON and always encodes as UTF-8. The edge refuses lone surrogates and
    non-finite numbers, but a log written before it did may hold them: they are escaped rather than lost (a frame
    that could not be encoded used to drop every socket of its audience)."""
    try:
        # orjson: ten times faster than json here; NaN and infinities become null.
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # a lone surrogate (or a type JSON has no word for): the slow, forgiving way
        text = json.dumps(_finite(value), ensure_ascii=False, separators=(",", ":"), default=str)
        return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)  # a surrogate only occurs in a string


def encode(frame: dict[str, Any]) -> str:
    return dumps(frame)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _finite(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


class _Rest:
    """The rest of a coroutine that was started by hand and suspended on `waited`: awaiting this hands what it
    yields to the task as it is and sends the task's answers back (what `yield from` does), so the coroutine ends
    as if a task had run it from the start."""

    def __init__(self, coro: Any, waited: Any) -> None:
        self.coro = coro
        self.waited = waited

    def __await__(self) -> Any:
        waited = self.waited
        while True:
            try:
                answer = yield waited
            except BaseException as exc:
                try:
                    waited = self.coro.throw(exc)
                except StopIteration as end:
                    return end.value
            else:
                try:
                    waited = self.coro.send(answer)
                except StopIteration as end:
                    return end.value


@dataclass(eq=False, slots=True)
class Connection:
    socket: Socket
    room_id: str
    viewer: Viewer
    n: int = 0  # events of this viewer's stream already queued
    omniscient: bool = False
    # The view last sent, as the JSON text of each top-level key: compared as text, it cannot be changed behind our
    # back by the state it came from, and it is a few strings per socket rather than a tree of objects.
    sections: dict[str, str] | None = None
    # The ITEMIZED part last sent, item by item (None when it was sent whole: see `_items`).
    items: Items | None = None
    # Frames waiting behind one whose send waits (a paused transport); made when first needed, as sends are
    # nearly always immediate and an empty deque is 600 bytes a socket.
    backlog: deque[str] | None = None
    writer: asyncio.Task[None] | None = None
    closed: bool = False

    def push(self, frame: dict[str, Any] | str) -> None:
        """Queue a frame (or its JSON text); it leaves after every frame queued before it. A frame is encoded
        now: what it says is what the state was when it was built."""
        if self.closed:
            return
        text = frame if isinstance(frame, str) else dumps(frame)
        if self.writer is not None and not self.writer.done():
            if self.backlog is None:
                self.backlog = deque()
            elif len(self.backlog) >= MAX_BACKLOG:
                # What waits is dropped (the client resumes from its count) and so is the send in flight, which
                # may never end: the close must not wait behind it.
                self.backlog = None
                self.writer.cancel()
                self.shut(TOO_SLOW, "too far behind; reconnect")
                return
            self.backlog.append(text)
            return
        # Nothing in flight: send now. A websocket's send completes without waiting unless the transport is
        # paused, so this saves a task per frame (a vote's 12 tasks were a tenth of the fan-out's time); only a
        # send that does wait gets a task, which finishes it and then sends what queued meanwhile.
        sending = self.socket.send_text(text)
        try:
            waited = sending.send(None)
        except StopIteration:
            return
        except Exception:  # the peer went away: nothing more can reach it
            self._lost()
            return
        self.writer = asyncio.get_running_loop().create_task(self._write(sending, waited))

    async def _write(self, sending: Any = None, waited: Any = None) -> None:
        try:
            if sending is not None:
                await _Rest(sending, waited)
            while self.backlog and not self.closed:
                await self.socket.send_text(self.backlog.popleft())
            self.backlog = None
        except Exception:  # the peer went away: nothing more can reach it
            self._lost()

    def _lost(self) -> None:
        self.closed = True
        self.backlog = None

    async def flush(self) -> None:
        """Wait until every queued frame has been handed to the socket (tests, and a close after a last frame)."""
        while self.writer is not None and not self.writer.done():
            await asyncio.shield(self.writer)

    def shut(self, code: int, reason: str) -> None:
        """Close the socket after what was already queued; nothing else is sent."""
        if self.closed:
            return
        self.closed = True
        asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        if self.writer is not None and not self.writer.done() and self.writer is not asyncio.current_task():
            await asyncio.gather(self.writer, return_exceptions=True)
        try:
            await self.socket.close(code=code, reason=reason)
        except Exception:
            log.debug("socket already closed")


def stream_kind(conn: Connection) -> str:
    """`all` once the viewer may see every event, `own` before: the two streams are numbered differently."""
    return "all" if conn.omniscient else "own"


def stream(room: Room, viewer: Viewer) -> list[Event]:
    return [e for e in room.events if event_visible(e, viewer, room.state)]


def _joined(pairs: Items | list[tuple[str, str]]) -> str:
    """A list's JSON from its items' (the same text `dumps` writes for the whole list)."""
    return "[" + ",".join(t for _, t in pairs) + "]"


def _items(value: Any) -> Items | None:
    """The ITEMIZED part's items with their texts; None when it is sent whole: fewer than two items (nothing to
    save, as a Thiercelieux day's lone vote), or not objects with distinct string ids."""
    if not isinstance(value, list) or len(value) < 2:
        return None
    pairs: list[tuple[str, str]] = []
    for item in value:
        ident = item.get("id") if isinstance(item, dict) else None
        if not isinstance(ident, str):
            return None
        pairs.append((ident, dumps(item)))
    if len({i for i, _ in pairs}) != len(pairs):
        return None
    return tuple(pairs)


def _interned(pairs: Items | None) -> Items | None:
    """Kept per socket: nothing for an empty list, and each text shared with the other sockets that hold it."""
    return tuple((i, sys.intern(t)) for i, t in pairs) if pairs else None


class Hub:
    def __init__(self, per_token: int = 0) -> None:
        self.rooms: dict[str, set[Connection]] = {}
        # The sockets a seat or the MJ holds in a room, oldest first, at most `per_token` (0: unbounded). Kept at
        # attach and detach only: publishing never looks at it.
        self.per_token = per_token
        self.held: dict[tuple[str, Viewer], list[Connection]] = {}

    def count(self) -> int:
        return sum(len(c) for c in self.rooms.values())

    def attach(self, room: Room, conn: Connection, last: int | None, kind_held: str | None = None) -> None:
        """Queue what the viewer missed since `last` (its own stream's count), or everything. `kind_held` is the
        `stream` of the frames the client holds: if its right to see changed since, its count means nothing now.
        Synchronous, so no publish of the room can slip between the welcome and the connection's registration."""
        self.rooms.setdefault(room.id, set()).add(conn)
        if self.per_token and conn.viewer != "spectator":
            self._hold(conn)
        events = stream(room, conn.viewer)
        conn.omniscient = omniscient(room.state, conn.viewer)
        if last is None or last < 0 or last > len(events) or (kind_held is not None and kind_held != stream_kind(conn)):
            last = 0
        self._send(conn, room, "welcome", events[last:], len(events), base=last)

    def _hold(self, conn: Connection) -> None:
        """Count a seat's or the MJ's new socket; past `per_token`, close the oldest. The newest wins because a
        phone that reconnects cannot close the socket it lost (the server holds it until pings time out): refusing
        the new one would lock the player out, and closing the oldest still bounds what one token holds."""
        key = (conn.room_id, conn.viewer)
        held = self.held.setdefault(key, [])
        held.append(conn)
        while len(held) > self.per_token:
            oldest = held[0]
            self.detach(oldest)
            oldest.push({"type": "error", "code": "superseded", "params": {"max": self.per_token},
                         "message": f"This link is open in more than {self.per_token} places at once: this page "
                                    "let go to the newest. Reload it to take it back."})
            oldest.shut(SUPERSEDED, "superseded")

    def detach(self, conn: Connection) -> None:
        conns = self.rooms.get(conn.room_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                self.rooms.pop(conn.room_id, None)
        held = self.held.get((conn.room_id, conn.viewer)) if self.held else None
        if held is not None and conn in held:
            held.remove(conn)
            if not held:
                del self.held[(conn.room_id, conn.viewer)]

    def publish(self, room: Room, events: list[Event]) -> None:
        """Build and queue each viewer's frame. The room service calls it under the room's lock, right after the
        events are committed, so frames are queued in commit order. Only the parts of the views that the events
        can have changed are computed again (views.effects), and each viewer gets only the parts that changed for
        it; the events' JSON is written once for every viewer who sees the same ones."""
        parts = effects(events)
        shared: dict[Any, Any] = {}
        for conn in list(self.rooms.get(room.id, ())):
            if conn.closed:
                self.detach(conn)
                continue
            try:
                self._update(conn, room, events, parts, shared)
            except Exception:  # a bug in one projection must not stop the others
                log.exception("dropping a connection of room %s", room.id)
                self.detach(conn)
                conn.shut(1011, "internal error")

    def _update(self, conn: Connection, room: Room, events: list[Event], parts: frozenset[str],
                shared: dict[Any, Any]) -> None:
        now_omniscient = omniscient(room.state, conn.viewer)
        if now_omniscient != conn.omniscient or conn.sections is None:
            # The viewer's right to see changed (game over, or a dead player in a room that shows the dead all):
            # its stream is a different list now; resend it whole.
            conn.omniscient = now_omniscient
            full = stream(room, conn.viewer)
            self._send(conn, room, "sync", full, len(full), base=0)
            return
        visible = [e for e in events if event_visible(e, conn.viewer, room.state)]
        fresh, scope = view_parts(room.state, conn.viewer, parts)
        patch: dict[str, str] = {}
        listed = ""  # the ITEMIZED part's update, when it changed: each item whole, or its id if unchanged
        items = conn.items
        for key, value in fresh.items():
            pairs = _items(value) if key == ITEMIZED else None
            text = self._text(value, shared) if pairs is None else _joined(pairs)
            if conn.sections.get(key) == text:
                continue
            patch[key] = text
            if key == ITEMIZED:
                if pairs is not None and items is not None:
                    had = dict(items)
                    listed = _joined([(i, dumps(i) if had.get(i) == t else t) for i, t in pairs])
                items = pairs
        # Keys gone from the view: any, after a whole view; the ruleset's own parts, after they were recomputed.
        gone = dropped(conn.sections, fresh, parts, scope)
        if not visible and not patch and not gone:
            return
        conn.sections.update((k, sys.intern(v)) for k, v in patch.items())
        for key in gone:
            del conn.sections[key]
        if ITEMIZED in gone:
            conn.items = None
        elif items is not conn.items:
            conn.items = _interned(items)
        n = conn.n + len(visible)
        head = f'{{"type":"update","n":{n},"from":{conn.n},"stream":"{stream_kind(conn)}","events":'
        body = ",".join(f'"{k}":{v}' for k, v in patch.items() if not (listed and k == ITEMIZED))
        drop = f',"drop":{dumps(gone)}' if gone else ""
        by_item = f',"items":{{"{ITEMIZED}":{listed}}}' if listed else ""
        conn.push(f'{head}{self._events(conn, room, visible, shared)},"patch":{{{body}}}{by_item}{drop},'
                  f'"server_time":{time.time()!r}}}')
        conn.n = n

    @staticmethod
    def _text(value: Any, shared: dict[Any, Any]) -> str:
        """A part's JSON, written once per publish when every viewer gets the very same object (the ruleset's
        public marks). The entry holds the object, so its id cannot be reused during the publish."""
        hit = shared.get(id(value))
        if hit is not None and hit[0] is value:
            text: str = hit[1]
            return text
        text = dumps(value)
        shared[id(value)] = (value, text)
        return text

    def _events(self, conn: Connection, room: Room, events: list[Event], shared: dict[Any, Any]) -> str:
        """The JSON of a frame's events, written once per publish for all viewers who see the same ones."""
        mj = conn.viewer == "mj"
        key = (conn.omniscient, mj, *(id(e) for e in events))
        text = shared.get(key)
        if text is None:
            hidden = set(room.state.hidden)
            text = dumps([public_event(e, with_audience=conn.omniscient, hidden=hidden, keep_hidden_text=mj)
                          for e in events])
            shared[key] = text
        return text

    def _send(self, conn: Connection, room: Room, kind: str, events: list[Event], n: int, base: int) -> None:
        """A whole frame: the viewer's whole view with the events of its stream after `base`."""
        # Interned: the many viewers whose sections read the same (spectators, the public parts of a view) hold one
        # copy of each text between them, not one per socket (a twelfth of a held socket's memory).
        conn.sections = {}
        conn.items = None
        for key, value in view(room.state, conn.viewer).items():
            pairs = _items(value) if key == ITEMIZED else None
            if pairs is not None:
                conn.items = _interned(pairs)
            conn.sections[key] = sys.intern(dumps(value) if pairs is None else _joined(pairs))
        body = ",".join(f'"{k}":{v}' for k, v in conn.sections.items())
        conn.push(f'{{"type":"{kind}","n":{n},"from":{base},"stream":"{stream_kind(conn)}",'
                  f'"events":{self._events(conn, room, events, {})},"view":{{{body}}},'
                  f'"server_time":{time.time()!r}}}')
        conn.n = n

    async def kick(self, room_id: str, viewer: Viewer, reason: str = "substituted") -> None:
        """Close a seat's sockets: a substitute took it, its owner took it on another device ("handed_over"), or it
        left the table ("left").
        The page is told why in a last frame, then the socket closes with 4001."""
        for conn in list(self.rooms.get(room_id, ())):
            if conn.viewer == viewer:
                self.detach(conn)
                conn.push({"type": "error", "code": reason, "message": KICKED.get(reason, KICKED["substituted"])})
                conn.shut(4001, reason)
