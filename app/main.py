"""The FastAPI application: wiring of the store, the room service, the hub and the timers."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, Gauge, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp

from app import games
from app.push.hook import HubAndPushes
from app.push.sender import Pushes
from app.realtime.bus import PgBus
from app.realtime.hub import Hub
from app.realtime.pauses import GcPolicy, LoopWatch
from app.realtime.timers import Timers
from app.rooms.service import RoomService
from app.settings import Settings, get_settings
from app.store.db import Database
from app.web import api, bots, install, pages, push, rulesets, seats, ws
from app.web.delivery import Delivery
from app.web.deps import Admission, Limiter, Services
from app.web.edge import Edge

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("veillee")
CONNECTIONS = Gauge("veillee_connections", "Open websocket connections")
ROOMS = Gauge("veillee_rooms_loaded", "Rooms held in memory")
HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large", 429: "rate_limited"}
# Swagger UI's files come with the fastapi-offline package, so the docs load nothing from another site; the page
# starts it from a script of its own rather than an inline one, so it lives under the site's
# Content-Security-Policy (with inline styles, which Swagger UI sets).
DOCS_ASSETS = "/api/docs/assets"
DOCS_PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Veillée API</title><link rel="icon" href="/static/img/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{DOCS_ASSETS}/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="{DOCS_ASSETS}/swagger-ui-bundle.js"></script><script src="/api/docs/start.js"></script></body></html>"""
DOCS_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


class Veillee(FastAPI):
    """FastAPI with the edge (app/web/edge.py) outside everything, even the server-error handler, so that every
    response, a 500 too, carries the security headers; just inside it app/web/delivery.py (HEAD as GET, gzip, static
    caching); the websocket endpoint (`/ws/{code}`, app/web/ws.py) is served from the edge, beside the framework's
    routing rather than through it."""

    max_body = 65536

    def build_middleware_stack(self) -> ASGIApp:
        return Edge(Delivery(super().build_middleware_stack()), self.max_body, ws.route)


def error_body(code: str, message: str, **params: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "params": params}}


def field_error(exc: RequestValidationError) -> JSONResponse:
    """A readable 422: the first problem, naming its field (`body.name: String should have at most 40…`)."""
    first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "Invalid request."}
    loc = [str(x) for x in first.get("loc", ())]
    field = ".".join(loc[1:] if loc and loc[0] in ("body", "query", "path", "header", "cookie") else loc)
    where = ".".join(loc) or "request"
    return JSONResponse(error_body("bad_request", f"{where}: {first.get('msg', 'invalid')}", field=field),
                        status_code=422)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    games.install()  # the composition root: the engine itself imports no ruleset

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(settings.database_url)
        rooms = RoomService(db, settings.snapshot_every)
        hub = Hub(settings.token_sockets)
        timers = Timers(rooms.tick)
        pushes = Pushes(db, settings)
        await pushes.start()  # the VAPID keys, made on the first start and kept in the database
        app.state.pushes = pushes
        rooms.publisher = HubAndPushes(hub, pushes)  # a push is only queued there; a task of its own sends it
        rooms.timers = timers
        app.state.services = Services(settings, db, rooms, hub, timers, Limiter(),
                                      Admission(settings.room_queue, settings.command_queue))
        # Timers survive restarts: every pending deadline is re-armed; an overdue one fires at once.
        pending = await rooms.pending_deadlines()
        for room_id, at in pending:
            timers.arm(room_id, at)
        # The vote reminders were held in memory: armed again in the background (it loads the rooms concerned).
        resumed = asyncio.get_running_loop().create_task(pushes.resume(rooms.get, [r for r, _at in pending]))
        bus = None
        if db.kind == "postgresql":
            # Several processes may serve one database: tell each other which rooms moved on.
            bus = PgBus(db.url, rooms.process, rooms.heard, rooms.catch_up_all)
            bus.start()
        app.state.bus = bus
        watch = LoopWatch()
        watch.start()
        app.state.loop_watch = watch
        policy = GcPolicy(settings.gc_freeze_every, settings.gc_full_every) if settings.gc_freeze_every else None
        if policy is not None:
            policy.start()  # after the start-up work above: what it built lives long
        try:
            yield
        finally:
            resumed.cancel()
            await asyncio.gather(resumed, return_exceptions=True)
            await watch.stop()
            if policy is not None:
                await policy.stop()
            if bus is not None:
                await bus.close()
            await timers.close()
            await rooms.close()
            await pushes.close()
            await db.dispose()

    rulesets.load(settings.default_ruleset)  # before the routes: some are the rulesets' own
    app = Veillee(title="Veillée", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.max_body = settings.max_body
    app.state.settings = settings  # pages read it before the lifespan has made the services
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(pages.ruleset_homes())  # /<key>: a ruleset's own home page
    app.include_router(bots.router)  # seats the server plays, in rulesets with a `bots` option
    app.include_router(seats.router)  # personal links: a seat taken on another device
    app.include_router(push.router)  # Web Push: the public key, a seat's subscription (app/push/)
    app.include_router(install.router)  # the installable app: manifest, service worker, offline page
    app.mount("/static", StaticFiles(directory=str(ROOT / "static")), name="static")
    app.mount(DOCS_ASSETS, StaticFiles(directory=str(files("fastapi_offline") / "static")), name="docs-assets")

    @app.get("/api/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(DOCS_PAGE, headers={"Content-Security-Policy": DOCS_CSP})

    @app.get("/api/docs/start.js", include_in_schema=False)
    async def docs_start() -> Response:
        options = {"url": app.openapi_url, "dom_id": "#swagger-ui", "layout": "BaseLayout", "deepLinking": True}
        script = (f"window.ui = SwaggerUIBundle(Object.assign({json.dumps(options)}, "
                  "{presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset]}));")
        return Response(script, media_type="text/javascript")

    @app.get("/metrics")
    async def metrics(request: Request) -> Response:
        svc: Services = request.app.state.services
        CONNECTIONS.set(svc.hub.count())
        ROOMS.set(len(svc.rooms.rooms))
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    # Every error has the documented shape {"error": {"code", "message", "params"?}} (docs/protocol.md).
    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if isinstance(exc.detail, dict):
            body = {"error": exc.detail}
        else:
            body = error_body(HTTP_CODES.get(exc.status_code, "http_error"), str(exc.detail))
        return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return field_error(exc)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> JSONResponse:
        # The exception still reaches the server's log after this answer, which says nothing of the cause.
        return JSONResponse(error_body("internal_error", "Something went wrong on the server."), status_code=500)

    return app


app = create_app()
