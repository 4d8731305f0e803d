"""The FastAPI application: wiring of the store, the room service, the hub and the timers."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, Gauge, generate_latest

from app.realtime.bus import PgBus
from app.realtime.hub import Hub
from app.realtime.timers import Timers
from app.rooms.service import RoomService
from app.settings import Settings, get_settings
from app.store.db import Database
from app.web import api, pages, ws
from app.web import soupcons as soupcons_api  # soupcons: bot seats
from app.web.deps import Limiter, Services

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("veillee")
CONNECTIONS = Gauge("veillee_connections", "Open websocket connections")
ROOMS = Gauge("veillee_rooms_loaded", "Rooms held in memory")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(settings.database_url)
        rooms = RoomService(db, settings.snapshot_every)
        hub = Hub()
        timers = Timers(rooms.tick)
        rooms.publisher = hub
        rooms.timers = timers
        app.state.services = Services(settings, db, rooms, hub, timers, Limiter())
        # Timers survive restarts: every pending deadline is re-armed; an overdue one fires at once.
        for room_id, at in await rooms.pending_deadlines():
            timers.arm(room_id, at)
        bus = None
        if db.kind == "postgresql":
            # Several processes may serve one database: tell each other which rooms moved on.
            bus = PgBus(db.url, rooms.process, rooms.catch_up)
            bus.start()
        app.state.bus = bus
        try:
            yield
        finally:
            if bus is not None:
                await bus.close()
            await timers.close()
            await db.dispose()

    app = FastAPI(title="Veillée", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(soupcons_api.router)  # soupcons
    app.mount("/static", StaticFiles(directory=str(ROOT / "static")), name="static")

    @app.get("/metrics")
    async def metrics(request: Request) -> Response:
        svc: Services = request.app.state.services
        CONNECTIONS.set(svc.hub.count())
        ROOMS.set(len(svc.rooms.rooms))
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, dict) else {"code": "http_error", "message": str(exc.detail)}
        return JSONResponse({"error": detail}, status_code=exc.status_code)

    return app


app = create_app()
