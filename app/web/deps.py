"""Shared pieces of the web layer: services from app.state, rejections as JSON, rate limits, origins."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from fastapi import HTTPException, Request

from app.engine import Event, Rejected
from app.engine.core import SYSTEM_COMMANDS, host_may_send
from app.engine.model import MJ
from app.engine.ruleset import get_ruleset
from app.realtime.hub import Hub
from app.realtime.timers import Timers
from app.rooms.secrets import normalise_code
from app.rooms.service import Room, RoomService
from app.settings import Settings
from app.store.db import Database
from app.web.budget import Budgets
from app.web.rulesets import host_plays

log = logging.getLogger("veillee.web")
STATUS = {
    "no_such_room": 404,
    "no_such_seat": 404,
    "bad_token": 403,
    "mj_only": 403,
    "host_plays": 403,
    "not_a_seat": 403,
    "spectator": 403,
    "server_only": 403,
    "rate_limited": 429,
    "lobby_rate_limited": 429,
    "busy": 503,
    "too_many_subscriptions": 409,
}


class Limiter:
    """Rate limits held by one app (in memory: a small VPS runs one process; see docs/architecture.md)."""

    def __init__(self) -> None:
        self._budgets = Budgets()

    def hit(self, rule: str, *keys: str) -> bool:
        return self._budgets.bucket(rule, keys).take()

    def spent(self, rule: str, *keys: str) -> bool:
        """Whether `keys` used all of `rule` already (without spending anything)."""
        return self._budgets.bucket(rule, keys).left() < 1.0

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
    admission: Admission
    spectators: Counter[str] = field(default_factory=Counter)  # open spectator sockets per client address
    sockets: Counter[str] = field(default_factory=Counter)  # open sockets per client address, of any kind


def services(request: Request) -> Services:
    svc: Services = request.app.state.services
    return svc


def rejection_response(exc: Rejected) -> HTTPException:
    r = exc.rejection
    return HTTPException(STATUS.get(r.code, 400), {"code": r.code, "message": r.message, "params": r.params})


async def find_room(svc: Services, code: str, address: str) -> Room | None:
    """The room with this code, or None. A failed lookup costs the address a guess (LOOKUP_RATE); past its
    budget every lookup is refused, a known code too, or the refusal itself would tell codes apart. A known code
    costs nothing, so a real table is never slowed by its own reconnections."""
    if svc.limiter.spent(svc.settings.lookup_rate, "lookup", address):
        raise Rejected("rate_limited", "Too many wrong room codes from your address; wait a minute.")
    room = await svc.rooms.by_code(normalise_code(code))
    if room is None:
        svc.limiter.hit(svc.settings.lookup_rate, "lookup", address)
    return room


async def room_or_404(svc: Services, code: str, request: Request) -> Room:
    try:
        room = await find_room(svc, code, client_ip(request))
    except Rejected as exc:
        raise rejection_response(exc) from None
    if room is None:
        raise rejection_response(Rejected("no_such_room", "There is no room with this code."))
    return room


def bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def options_checked(ruleset: str, options: dict[str, Any]) -> None:
    """Validate a new room's options before anything is stored: any exception of a validator (not only its
    ValidationError) is the sender's bad option, not a server error."""
    rules = get_ruleset(ruleset)
    try:
        rules.validate_options(options)
    except Rejected:
        raise
    except Exception:
        log.exception("an option validator of %s failed", ruleset)
        raise Rejected("bad_options", "These options could not be checked; change the values you set.") from None


class Admission:
    """Commands waiting for their turn, in a room and in all: past a bound a command is refused with `busy` (nothing
    changed; clients send it again after a pause) instead of joining a queue that grows without end while the
    server is over capacity. Waiting commands are still all applied, in order."""

    def __init__(self, per_room: int, total: int) -> None:
        self.per_room = per_room
        self.total = total
        self.waiting: dict[str, int] = {}
        self.all = 0

    @contextmanager
    def enter(self, room_id: str) -> Iterator[None]:
        here = self.waiting.get(room_id, 0)
        if here >= self.per_room or self.all >= self.total:
            raise Rejected("busy", "The server is busy; nothing was changed, please try again.")
        self.waiting[room_id] = here + 1
        self.all += 1
        try:
            yield
        finally:
            self.all -= 1
            left = self.waiting[room_id] - 1
            if left:
                self.waiting[room_id] = left
            else:
                del self.waiting[room_id]


def need_sender_command(command: str) -> None:
    """What a socket or an HTTP request may send: never a command the server issues to itself (core.SYSTEM_COMMANDS:
    a join, a substitution, a hand-over, a tick, a rematch have routes of their own, which write the seat tokens and
    pick the seat numbers), whoever the token is, the MJ's included."""
    if command in SYSTEM_COMMANDS:
        raise Rejected("server_only", "Only the server can do that.", command=command[:40])


def need_host_command(room: Room, viewer: Any, command: str) -> None:
    # The engine says which commands run the table (core.HOST_COMMANDS) and refuses the host anything hidden
    # already (`hidden_from_host`); this keeps them from steering the game. Substitute and rematch are HTTP routes.
    if viewer == MJ and not host_may_send(command) and host_plays(room):
        raise Rejected("host_plays", "A host who plays starts, pauses and ends the game, and seats, removes or "
                       "replaces players; nothing else.", command=command[:40])


# A seat's lobby commands that draw on nothing: chat has its own rate, and a seat leaves once.
LOBBY_FREE = frozenset({"say", "leave"})


def need_lobby_budget(svc: Services, room: Room, viewer: Any, command: str) -> None:
    """A seat's commands in the lobby (a rename writes an event that every socket of the room receives) draw on
    its LOBBY_RATE, over the websocket and HTTP alike. The MJ, who sets the table up, is not counted: its sockets
    are few (TOKEN_SOCKETS) and each has its frame rate."""
    if isinstance(viewer, int) and command not in LOBBY_FREE and room.state.phase == "lobby":
        rule = svc.settings.lobby_rate
        if not svc.limiter.hit(rule, "lobby", room.id, str(viewer)):
            raise Rejected("lobby_rate_limited", f"Too many changes in the lobby ({rule}); wait a little.",
                           rate=rule)


async def submit(svc: Services, room: Room, viewer: Any, command: str, args: dict[str, Any],
                 cid: str | None, sender: str | None = None) -> list[Event]:
    """`RoomService.submit` within the admission bounds, with any exception it lets through turned into a
    rejection: the sender gets an answer and its socket stays up. `sender` scopes the cid when the viewer does
    not single the sender out (a spectator's socket)."""
    need_sender_command(command)
    need_host_command(room, viewer, command)
    need_lobby_budget(svc, room, viewer, command)
    with svc.admission.enter(room.id):
        try:
            return await svc.rooms.submit(room, viewer, command, args, cid, sender=sender)
        except Rejected:
            raise
        except Exception:
            log.exception("command %r of room %s failed", command, room.id)
            raise Rejected("command_failed",
                           "This command could not be carried out; nothing was changed.") from None


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
