"""The PostgreSQL database a test process uses: `TEST_DATABASE_URL`'s own, or, when pytest-xdist runs the suite in
several worker processes (`make test` runs `-n auto`), one database per worker beside it (`veillee_test_gw0`, …),
created on first use, so that one worker's TRUNCATE or migration never empties the tables another is reading. The
role needs CREATEDB for that (.ci/run grants it)."""

from __future__ import annotations

import asyncio
import os

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from app.settings import normalise_database_url


def worker_database_url(url: str) -> str:
    """`url` for this worker: unchanged outside pytest-xdist, else its database name suffixed with the worker's id."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not url or not worker:
        return url
    parsed = make_url(normalise_database_url(url))
    return parsed.set(database=f"{parsed.database}_{worker}").render_as_string(hide_password=False)


async def _create(base: str, name: str) -> None:
    engine = create_async_engine(normalise_database_url(base), isolation_level="AUTOCOMMIT")
    try:
        for attempt in range(20):
            async with engine.connect() as conn:
                found = await conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name})
                if found.scalar() is not None:
                    return
                try:
                    await conn.execute(text(f'CREATE DATABASE "{name}"'))
                    return
                except Exception:
                    # Another worker copying template1 at the same moment makes CREATE DATABASE fail; try again.
                    if attempt == 19:
                        raise
            await asyncio.sleep(0.2 * (attempt + 1))
    finally:
        await engine.dispose()


async def worker_database(base: str) -> str:
    """This worker's database (created if missing) beside `base`; `base` itself outside pytest-xdist."""
    url = worker_database_url(base)
    if url != base:
        await _create(base, str(make_url(url).database))
    return url


def ensure_worker_database(base: str) -> str:
    """`worker_database` for a caller with no event loop running (the session's fixtures)."""
    return asyncio.run(worker_database(base))
