"""Web Push routes (docs/protocol.md, "Web Push"): the server's public key, and a seat's (or the MJ's) subscription
for one room, authenticated by its token as the other seat routes are."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec
from fastapi import APIRouter, Depends, Header, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from app.engine import Rejected
from app.engine.model import MJ
from app.i18n import LANGS
from app.push import subscriptions as subs
from app.push.endpoints import MAX_ENDPOINT, BadEndpoint, check_endpoint
from app.push.kinds import personal_allowed
from app.push.sender import Pushes
from app.rooms.secrets import hash_token
from app.rooms.service import Room
from app.web.deps import Services, bearer, client_ip, rejection_response, room_or_404, services

router = APIRouter()
NO_STORE = "no-store"


class Keys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    p256dh: str = Field(min_length=1, max_length=128)
    auth: str = Field(min_length=1, max_length=64)


class SubscriptionIn(BaseModel):
    """What `PushSubscription.toJSON()` gives (expirationTime may come along, and is not kept), and the language
    its pushes are written in."""

    model_config = ConfigDict(extra="forbid")
    endpoint: str = Field(min_length=1, max_length=MAX_ENDPOINT)
    keys: Keys
    expirationTime: float | None = None  # the browser's own name; not kept
    lang: str = Field("fr", max_length=8)


class EndpointIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    endpoint: str = Field(min_length=1, max_length=MAX_ENDPOINT)


def pushes(request: Request) -> Pushes:
    found: Pushes = request.app.state.pushes
    return found


def unb64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise Rejected("bad_subscription", "The subscription's keys are not base64url.") from None


def checked_keys(keys: Keys) -> None:
    point, auth = unb64(keys.p256dh), unb64(keys.auth)
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise Rejected("bad_subscription", "keys.p256dh is not a P-256 public key.") from None
    if len(auth) != 16:
        raise Rejected("bad_subscription", "keys.auth is not a 16-byte secret.")


async def owner(svc: Services, room: Room, authorization: str | None) -> tuple[int | None, str]:
    """The seat (None: the MJ) whose token is the bearer, and the token's hash; a spectator has no pushes."""
    token = bearer(authorization)
    viewer = await svc.rooms.authenticate(room, token)
    if token is None or not (isinstance(viewer, int) or viewer == MJ):
        raise Rejected("not_a_seat", "Pushes are for a seat or the room's host: send its token.")
    return (viewer if isinstance(viewer, int) else None), hash_token(token)


@router.get("/api/push/key")
async def public_key(response: Response, push: Pushes = Depends(pushes)) -> dict[str, str]:
    """The server's VAPID public key (base64url), the `applicationServerKey` browsers subscribe with."""
    response.headers["Cache-Control"] = NO_STORE
    return {"key": push.public_key}


@dataclass(frozen=True)
class Caller:
    """The room a push route names, and the seat (None: the MJ) and token hash of whoever called it."""

    room: Room
    seat: int | None
    token_hash: str


async def caller(code: str, request: Request, response: Response, svc: Services = Depends(services),
                 authorization: str | None = Header(default=None)) -> Caller:
    """What every room push route checks first: the rate, the room, and a seat's or the MJ's token."""
    svc.limiter.check(svc.settings.command_rate, "command", client_ip(request))
    room = await room_or_404(svc, code, request)
    try:
        seat, token_hash = await owner(svc, room, authorization)
    except Rejected as exc:
        raise rejection_response(exc) from None
    response.headers["Cache-Control"] = NO_STORE
    return Caller(room, seat, token_hash)


@router.post("/api/rooms/{code}/push", status_code=201)
async def subscribe(body: SubscriptionIn, who: Caller = Depends(caller), svc: Services = Depends(services)
                    ) -> dict[str, Any]:
    try:
        try:
            endpoint = check_endpoint(body.endpoint, svc.settings.push_allow_local)
        except BadEndpoint as exc:
            raise Rejected("bad_endpoint", str(exc)) from None
        checked_keys(body.keys)
        if body.lang not in LANGS:
            raise Rejected("bad_subscription", f"lang: one of {', '.join(LANGS)}.")
        try:
            await subs.subscribe(svc.db, who.room.id, who.seat, who.token_hash, endpoint, body.keys.p256dh,
                                 body.keys.auth, body.lang)
        except subs.TooMany:
            raise Rejected("too_many_subscriptions", "Too many devices get this room's pushes; turn one off.",
                           most=subs.PER_TOKEN) from None
    except Rejected as exc:
        raise rejection_response(exc) from None
    return {"subscribed": True, "personal": personal_allowed(who.room.state)}


@router.delete("/api/rooms/{code}/push")
async def unsubscribe(body: EndpointIn, who: Caller = Depends(caller), svc: Services = Depends(services)
                      ) -> dict[str, Any]:
    await subs.unsubscribe(svc.db, who.room.id, who.token_hash, body.endpoint)
    return {"subscribed": False}


@router.post("/api/rooms/{code}/push/state")
async def state(body: EndpointIn, who: Caller = Depends(caller), svc: Services = Depends(services)
                ) -> dict[str, Any]:
    """Whether this browser's subscription gets the room's pushes (the page's toggle shows it), and whether the room
    sends personal pushes (`personal_pushes`)."""
    return {"subscribed": await subs.subscribed(svc.db, who.room.id, who.token_hash, body.endpoint),
            "personal": personal_allowed(who.room.state)}
