"""Alembic environment: async engine (aiosqlite / asyncpg), metadata from app.store.models.

URL precedence: ``sqlalchemy.url`` set by the caller (app.store.migrate) > DATABASE_URL (app.settings).
"""

from __future__ import annotations

import asyncio
from logging.config import fileConfig
from typing import Any

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from app.settings import get_settings, normalise_database_url
from app.store.models import Base

config = context.config

if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = Base.metadata


def _url() -> str:
    return normalise_database_url(config.get_main_option("sqlalchemy.url") or get_settings().database_url)


def _configure(connection: Connection | None = None) -> dict[str, Any]:
    url = _url()
    return {
        "target_metadata": target_metadata,
        "render_as_batch": url.startswith("sqlite"),
        "compare_type": True,
    }


def run_migrations_offline() -> None:
    context.configure(url=_url(), literal_binds=True, dialect_opts={"paramstyle": "named"}, **_configure())
    with context.begin_transaction():
        context.run_migrations()


def _do_run_migrations(connection: Connection) -> None:
    context.configure(connection=connection, **_configure(connection))
    with context.begin_transaction():
        context.run_migrations()


async def _run_async_migrations() -> None:
    engine = create_async_engine(_url(), poolclass=pool.NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_do_run_migrations)
            await connection.commit()
    finally:
        await engine.dispose()


def run_migrations_online() -> None:
    # Caller may pass an existing sync connection (config.attributes["connection"]).
    connection = config.attributes.get("connection")
    if connection is not None:
        _do_run_migrations(connection)
    else:
        asyncio.run(_run_async_migrations())


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
