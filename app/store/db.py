"""Async engine/session factory for SQLite (aiosqlite) and PostgreSQL (asyncpg)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

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
        """A session for a write transaction outside the writer (a new room). SQLite takes one writer at a time:
        writers of this process (this and the writer's `transaction`s) queue here, in order, instead of meeting in
        SQLite's busy handler, which gives up with "database is locked" after its timeout and loses the command."""
        if self._write_lock is None:
            async with self.session() as s:
                yield s
            return
        async with self._write_lock, self.session() as s:
            yield s

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[AsyncConnection]:
        """A connection for a run of `transaction`s (the writer holds one while it has work). On SQLite the driver
        is told not to begin transactions itself: `transaction` begins them, IMMEDIATE."""
        async with self.engine.connect() as conn:
            if self.kind == "sqlite":
                await conn.execution_options(isolation_level="AUTOCOMMIT")
            yield conn

    @asynccontextmanager
    async def transaction(self, conn: AsyncConnection) -> AsyncIterator[AsyncConnection]:
        """A write transaction on a `connection`, committed at the end, rolled back on an error. SQLite: under this
        process's write lock, and `BEGIN IMMEDIATE`, which takes the database's write lock before the first read,
        so what the transaction reads cannot change before it commits, even if another process writes too."""
        if self._write_lock is None:
            async with conn.begin():
                yield conn
            return
        async with self._write_lock:
            await conn.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                yield conn
                await conn.exec_driver_sql("COMMIT")
            except BaseException:
                with contextlib.suppress(Exception):
                    await conn.exec_driver_sql("ROLLBACK")
                raise

    async def dispose(self) -> None:
        await self.engine.dispose()
