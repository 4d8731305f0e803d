"""Run Veillée inside the caller's event loop on a free port: the demo and the tests use it (`serve`: migrated,
on a database of the caller's; `serve_app`: any ASGI app)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from typing import Any

import uvicorn

# The servers this process has stopped (their base URLs), until a new one takes the port: a page still open when its
# test's server went away reconnects and fails, which is the test ending, not a fault of the page.
STOPPED: set[str] = set()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.asynccontextmanager
async def serve_app(app: Any, port: int | None = None, **config: Any) -> AsyncIterator[str]:
    """Run an ASGI app with uvicorn inside this event loop; yields its base URL. `config`: uvicorn's own
    settings (log_level, log_config…)."""
    port = port or free_port()
    options: dict[str, Any] = {"log_level": "warning", "ws_per_message_deflate": False, "ws_max_size": 65536,
                               "lifespan": "on", **config}
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, **options))
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    base = f"http://127.0.0.1:{port}"
    STOPPED.discard(base)
    try:
        yield base
    finally:
        STOPPED.add(base)
        server.should_exit = True
        await task


@contextlib.asynccontextmanager
async def serve(database_url: str, port: int | None = None) -> AsyncIterator[str]:
    """Migrate the database, then run the app on it; yields its base URL."""
    from app.settings import Settings
    from app.store.migrate import upgrade_head

    await asyncio.to_thread(upgrade_head, database_url)
    from app.main import create_app

    async with serve_app(create_app(Settings(database_url=database_url)), port) as base:
        yield base
