"""Shared pytest fixtures.

Database selection
------------------
* ``TEST_DATABASE_URL`` unset  -> SQLite: one file migrated with Alembic per test session, copied
  to a fresh file in ``tmp_path`` for every test (so each test starts from an empty, migrated DB).
* ``TEST_DATABASE_URL`` set     -> that database (PostgreSQL in CI); under pytest-xdist, one database per worker
  beside it (tests/support/databases.py). It is reset once per session with
  ``alembic downgrade base`` + ``upgrade head``; every test then starts from emptied tables (TRUNCATE).
  If it cannot be reached: skip locally, but FAIL when ``CI`` is set (CI must never silently skip).

Fixtures
--------
* ``database_url`` (str): async SQLAlchemy URL of a clean, migrated database. Also exported as the
  ``DATABASE_URL`` env var (and ``get_settings`` cache cleared) so app code under test uses it.
* ``db`` (``app.store.db.Database``): engine + sessionmaker on ``database_url``, disposed afterwards.

Add new fixtures below; keep database plumbing in this file so every test shares it.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from sqlalchemy import text

from app import games
from app.settings import get_settings, normalise_database_url
from app.store.db import Database, database_kind
from app.store.migrate import downgrade_base, upgrade_head
from app.store.models import Base
from tests.support.databases import ensure_worker_database
from tests.support.ws import HANG

# The tests' HTTP clients wait for an answer as long as a loaded machine needs (HANG), as their websockets do:
# httpx's own default of 5 s is a speed, and a request to a test server once took longer than that on a machine
# running two suites at once (test_host, an /api/rooms POST). A client given its own timeout keeps it.
_client_init = httpx.AsyncClient.__init__


def _patient_client(self: httpx.AsyncClient, *args: Any, timeout: Any = HANG, **kwargs: Any) -> None:
    _client_init(self, *args, timeout=timeout, **kwargs)


setattr(httpx.AsyncClient, "__init__", _patient_client)  # noqa: B010

T = TypeVar("T")
games.install()  # the composition root, as the app factory and the command line call it

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()
IN_CI = bool(os.environ.get("CI"))


def _in_thread(fn: Callable[[], T]) -> T:
    """Run ``fn`` in a worker thread: Alembic's env calls asyncio.run(), which needs a thread with no loop."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(fn).result()


def _check_connect(url: str) -> None:
    async def ping() -> None:
        db = Database(url)
        try:
            async with db.engine.connect() as conn:
                await asyncio.wait_for(conn.execute(text("SELECT 1")), timeout=10)
        finally:
            await db.dispose()

    _in_thread(lambda: asyncio.run(ping()))


@pytest.fixture(scope="session")
def _external_database() -> str | None:
    """The TEST_DATABASE_URL database, reachable and freshly migrated, or None when unset."""
    if not TEST_DATABASE_URL:
        return None
    try:
        url = normalise_database_url(_in_thread(lambda: ensure_worker_database(TEST_DATABASE_URL)))
        _check_connect(url)
    except Exception as exc:
        msg = f"TEST_DATABASE_URL is set but unreachable ({type(exc).__name__}: {exc})"
        if IN_CI:
            pytest.fail(msg, pytrace=False)  # CI must exercise PostgreSQL, never skip it
        pytest.skip(msg)
    # Empty the tables a previous session left first: its rows may be legal at head and not below it (a rematch
    # shares token hashes between rooms; revision 0001 made them unique), so the downgrade would fail on them.
    _truncate_all(url, if_exists=True)
    _in_thread(lambda: downgrade_base(url))
    _in_thread(lambda: upgrade_head(url))
    return url


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to head once per session; tests get copies of it."""
    path = tmp_path_factory.mktemp("sqlite-template") / "template.db"
    _in_thread(lambda: upgrade_head(f"sqlite+aiosqlite:///{path}"))
    return path


def _truncate_all(url: str, if_exists: bool = False) -> None:
    tables = ", ".join(t.name for t in Base.metadata.sorted_tables)

    async def run() -> None:
        db = Database(url)
        try:
            async with db.engine.begin() as conn:
                if if_exists and db.kind == "postgresql":
                    found = await conn.execute(text("SELECT to_regclass('rooms')"))
                    if found.scalar() is None:
                        return  # a fresh database: nothing to empty
                if db.kind == "postgresql":
                    await conn.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
                else:
                    for table in reversed(Base.metadata.sorted_tables):
                        await conn.execute(table.delete())
        finally:
            await db.dispose()

    _in_thread(lambda: asyncio.run(run()))


@pytest.fixture
def database_url(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    if TEST_DATABASE_URL:
        url: str = request.getfixturevalue("_external_database")
        _truncate_all(url)
    else:
        template: Path = request.getfixturevalue("_sqlite_template")
        target = tmp_path / "veillee-test.db"
        shutil.copyfile(template, target)
        url = f"sqlite+aiosqlite:///{target}"
    monkeypatch.setenv("DATABASE_URL", url)
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


@pytest.fixture
def database_kind_name(database_url: str) -> str:
    """``"sqlite"`` or ``"postgresql"``: the backend this test runs on."""
    return database_kind(database_url)


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    database = Database(database_url)
    try:
        yield database
    finally:
        await database.dispose()


# -- browser tests ----------------------------------------------------------------------------------------------
# Debian's Chromium, driven by Playwright (its own browser download cannot work here). As root it needs
# --no-sandbox; the background-networking flags keep it from calling out of this machine's closed network.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def chromium() -> str:
    """The browser's path; skipped without it, except in CI where a missing browser is a failure."""
    if not Path(CHROMIUM).exists():
        if IN_CI:
            pytest.fail(f"{CHROMIUM} is missing: the browser tests must run in CI", pytrace=False)
        pytest.skip(f"{CHROMIUM} is not installed")
    return CHROMIUM


class _GuardedBrowser:
    """The launched browser, whose contexts wait for an outcome as long as `HANG` (a guard against a hang) instead of
    Playwright's 30 s: a test checks outcomes, never durations, and a loaded machine may take long (issue 26)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    async def new_context(self, **options: Any) -> Any:
        context = await self._browser.new_context(**options)
        context.set_default_timeout(HANG * 1000)
        context.set_default_navigation_timeout(HANG * 1000)
        return context

    async def new_page(self, **options: Any) -> Any:
        return await (await self.new_context(**options)).new_page()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture
async def browser(chromium: str) -> AsyncIterator[Any]:
    try:
        import playwright.async_api as playwright_api
    except ImportError:  # pragma: no cover - a dev dependency
        if IN_CI:
            raise
        pytest.skip("playwright is not installed")
    async with playwright_api.async_playwright() as pw:
        launched = await pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield _GuardedBrowser(launched)
        finally:
            await launched.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: a temporary directory, or VEILLEE_SHOTS=dir to keep them."""
    out = Path(os.environ.get("VEILLEE_SHOTS") or tmp_path / "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture
def machine_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clients that answer at machine speed: lift the per-socket frame limit (20/s) meant for browsers."""
    monkeypatch.setenv("FRAME_RATE", "1000/second")
