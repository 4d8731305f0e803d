"""Async engine/session factory for SQLite (aiosqlite) and PostgreSQL (asyncpg)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from app.settings import normalise_database_url

DatabaseKind = Literal["sqlite", "postgresql"]


def database_kind(url: str) -> DatabaseKind:
    """``"sqlite"`` or ``"postgresql"`` for a database URL (any driver); ValueError otherwise."""
    backend = make_url(normalise_database_url(url)).get_backend_name()
    if backend == "sqlite":
        return "sqlite"
    if backend == "postgresql":
        return "postgresql"
    raise ValueError(f"unsupported database backend: {backend!r}")


def _sqlite_on_connect(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    try:
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=5000")
    finally:
        cur.close()


def make_engine(url: str, **kwargs: Any) -> AsyncEngine:
    url = normalise_database_url(url)
    kind = database_kind(url)
    if kind == "postgresql":
        kwargs.setdefault("pool_pre_ping", True)
    engine = create_async_engine(url, **kwargs)
    if kind == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_on_connect)
    return engine


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)


class Database:
    """Holds one engine and its sessionmaker. ``async with db.session() as s: ...; await s.commit()``."""

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = normalise_database_url(url)
        self.kind: DatabaseKind = database_kind(self.url)
        self.engine: AsyncEngine = make_engine(self.url, **engine_kwargs)
        self.sessionmaker: async_sessionmaker[AsyncSession] = make_sessionmaker(self.engine)
        self._write_lock: asyncio.Lock | None = asyncio.Lock() if self.kind == "sqlite" else None

    def session(self) -> AsyncSession:
        return self.sessionmaker()

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[AsyncSession]:
        """A session for a write transaction. SQLite takes one writer at a time: writers of this process queue
        here, in order, instead of meeting in SQLite's busy handler, which gives up with "database is locked"
        after its timeout and loses the command. PostgreSQL locks the room's row itself (repository)."""
        if self._write_lock is None:
            async with self.session() as s:
                yield s
            return
        async with self._write_lock, self.session() as s:
            yield s

    async def dispose(self) -> None:
        await self.engine.dispose()
