"""Shared pieces of the web layer: services from app.state, rejections as JSON, rate limits, origins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from fastapi import HTTPException, Request
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from app.engine import Rejected
from app.realtime.hub import Hub
from app.realtime.timers import Timers
from app.rooms.secrets import normalise_code
from app.rooms.service import Room, RoomService
from app.settings import Settings
from app.store.db import Database

STATUS = {
    "no_such_room": 404,
    "no_such_seat": 404,
    "bad_token": 403,
    "mj_only": 403,
    "spectator": 403,
    "rate_limited": 429,
}


class Limiter:
    """Rate limits held by one app (in memory: a small VPS runs one process; see docs/architecture.md)."""

    def __init__(self) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, rule: str, *keys: str) -> bool:
        return self._limiter.hit(parse(rule), *keys)

    def check(self, rule: str, *keys: str) -> None:
        """Raise a 429 rejection when `keys` went over `rule` (e.g. "10/minute")."""
        if not self.hit(rule, *keys):
            raise rejection_response(Rejected("rate_limited", f"Too many requests ({rule}); wait a little."))


@dataclass
class Services:
    settings: Settings
    db: Database
    rooms: RoomService
    hub: Hub
    timers: Timers
    limiter: Limiter


def services(request: Request) -> Services:
    svc: Services = request.app.state.services
    return svc


def rejection_response(exc: Rejected) -> HTTPException:
    r = exc.rejection
    return HTTPException(STATUS.get(r.code, 400), {"code": r.code, "message": r.message, "params": r.params})


async def room_or_404(svc: Services, code: str) -> Room:
    room = await svc.rooms.by_code(normalise_code(code))
    if room is None:
        raise rejection_response(Rejected("no_such_room", "There is no room with this code."))
    return room


def origin_allowed(origin: str | None, host: str | None, allowed: list[str]) -> bool:
    """Browsers always send Origin on websockets: it must be this site (or a configured one). Non-browser
    clients send none and cannot ride on a visitor's cookies, since there are none: tokens travel in frames."""
    if origin is None:
        return True
    if origin.rstrip("/") in allowed:
        return True
    return bool(host) and urlsplit(origin).netloc == host


def client_ip(request: Any) -> str:
    client = getattr(request, "client", None)
    return client.host if client else "unknown"
