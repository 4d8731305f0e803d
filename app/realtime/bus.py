"""The bus between app processes sharing one PostgreSQL database: LISTEN/NOTIFY carrying `room id + seq`.

A process that commits events sends `NOTIFY veillee_rooms '<process>;<room>:<seq>;<room>:<seq>…'` inside the same
transaction (app/store/writer.py: one message for all the rooms of a transaction), so it is delivered only if the
events are. Every other process that holds one of those rooms in memory reads the new events from the database
and pushes them to its own sockets, under the room's lock (`RoomService.catch_up`): each event reaches each socket
once, in log order, whatever the order messages arrive in. A substitution travels the same way: each process
closes the replaced seat's sockets when it folds the event. While the connection is down nothing is heard; once
it is back, `on_connected` catches every room up. SQLite runs one process and has no bus.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

log = logging.getLogger("veillee.bus")
CHANNEL = "veillee_rooms"


def asyncpg_dsn(sqlalchemy_url: str) -> str:
    return sqlalchemy_url.replace("postgresql+asyncpg://", "postgresql://", 1)


def encode(process: str, rooms: list[tuple[str, int]]) -> str:
    return process + "".join(f";{room_id}:{seq}" for room_id, seq in rooms)


def decode(payload: str) -> tuple[str, list[tuple[str, int]]] | None:
    process, *parts = payload.split(";")
    rooms = []
    for part in parts:
        room_id, _, seq = part.partition(":")
        if not room_id or not seq.isdigit():
            return None
        rooms.append((room_id, int(seq)))
    return process, rooms


class PgBus:
    """Listens on a dedicated connection and reconnects if it drops."""

    def __init__(self, url: str, process: str, on_rooms: Callable[[list[tuple[str, int]]], Awaitable[None]],
                 on_connected: Callable[[], Awaitable[None]] | None = None) -> None:
        self.dsn = asyncpg_dsn(url)
        self.process = process
        self.on_rooms = on_rooms
        self.on_connected = on_connected
        self._task: asyncio.Task[None] | None = None
        self._deliveries: set[asyncio.Task[None]] = set()
        self._stop = asyncio.Event()
        self.ready = asyncio.Event()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while not self._stop.is_set():
            conn: Any = None
            try:
                conn = await asyncpg.connect(self.dsn)
                await conn.add_listener(CHANNEL, self._heard)
                self.ready.set()
                if self.on_connected is not None:
                    # Whatever was committed while nobody listened (or before the first LISTEN).
                    self._spawn(self._connected())
                closed = asyncio.Event()
                conn.add_termination_listener(lambda _conn, closed=closed: closed.set())
                stop = asyncio.get_running_loop().create_task(self._stop.wait())
                lost = asyncio.get_running_loop().create_task(closed.wait())
                await asyncio.wait([stop, lost], return_when=asyncio.FIRST_COMPLETED)
                stop.cancel()
                lost.cancel()
                if closed.is_set() and not self._stop.is_set():
                    raise ConnectionError("the listening connection closed")
            except Exception as exc:  # the database restarts: listen again shortly
                log.warning("bus connection lost (%s); retrying", exc)
                self.ready.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), 2.0)
            finally:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._deliveries.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._deliveries.discard)

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        message = decode(payload)
        if message is None or message[0] == self.process:
            return
        self._spawn(self._deliver(message[1]))

    async def _deliver(self, rooms: list[tuple[str, int]]) -> None:
        try:
            await self.on_rooms(rooms)
        except Exception:
            log.exception("could not catch up %d rooms", len(rooms))

    async def _connected(self) -> None:
        assert self.on_connected is not None
        try:
            await self.on_connected()
        except Exception:
            log.exception("could not catch up after the bus connected")

    async def close(self) -> None:
        self._stop.set()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
        for task in list(self._deliveries):
            task.cancel()
        await asyncio.gather(*self._deliveries, return_exceptions=True)
