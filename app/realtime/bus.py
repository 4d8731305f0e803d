"""The bus between app processes sharing one PostgreSQL database: LISTEN/NOTIFY carrying `room id + seq`.

A process that commits events to a room sends `NOTIFY veillee_rooms '<process>:<room>:<seq>'` inside the same
transaction, so it is delivered only if the events are. Every other process that holds that room in memory reads
the new events from the database and pushes them to its own sockets. SQLite runs one process and has no bus.
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


def encode(process: str, room_id: str, seq: int) -> str:
    return f"{process}:{room_id}:{seq}"


def decode(payload: str) -> tuple[str, str, int] | None:
    parts = payload.split(":")
    if len(parts) != 3 or not parts[2].isdigit():
        return None
    return parts[0], parts[1], int(parts[2])


class PgBus:
    """Listens on a dedicated connection and reconnects if it drops."""

    def __init__(self, url: str, process: str, on_room: Callable[[str, int], Awaitable[None]]) -> None:
        self.dsn = asyncpg_dsn(url)
        self.process = process
        self.on_room = on_room
        self._task: asyncio.Task[None] | None = None
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
                await self._stop.wait()
            except Exception as exc:  # the database restarts: listen again shortly
                log.warning("bus connection lost (%s); retrying", exc)
                self.ready.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), 2.0)
            finally:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        message = decode(payload)
        if message is None or message[0] == self.process:
            return
        asyncio.get_running_loop().create_task(self._deliver(message[1], message[2]))

    async def _deliver(self, room_id: str, seq: int) -> None:
        try:
            await self.on_room(room_id, seq)
        except Exception:
            log.exception("could not catch up room %s", room_id)

    async def close(self) -> None:
        self._stop.set()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
