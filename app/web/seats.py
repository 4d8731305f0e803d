"""Personal links: a player takes their seat on another device (docs/protocol.md, "Personal links").

`POST /api/rooms/{code}/seat-link` gives the owner of a seat (and only them: their token is the bearer) the link
that moves the seat, with its QR code; `POST /api/rooms/{code}/handover`, called by the page that link opens,
gives the seat a new token and closes the old device's sockets (app/rooms/handover.py). The link's token travels
in the URL's fragment, which browsers never send, and the landing page (`GET /r/{code}/take`) does nothing until
its script posts it: a messaging app's link preview cannot use it up.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from fastapi import APIRouter, Depends, Header, Request, Response
from pydantic import BaseModel, Field

from app.engine import Rejected
from app.engine.model import MJ
from app.rooms.handover import hand_over
from app.rooms.secrets import hash_token, same_hash
from app.web.deps import Services, bearer, client_ip, rejection_response, room_or_404, services
from app.web.urls import public_base

router = APIRouter()
NO_STORE = "no-store"


class SeatLinkIn(BaseModel):
    # A host who plays may carry their host's token over too: checked here, then put in the link's fragment.
    host_token: str | None = Field(default=None, max_length=200)


def qr_svg(text: str) -> str:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=5, border=2, xmldecl=False)
    return buffer.getvalue().decode()


@router.post("/api/rooms/{code}/seat-link")
async def seat_link(code: str, request: Request, response: Response, body: SeatLinkIn | None = None,
                    svc: Services = Depends(services),
                    authorization: str | None = Header(default=None)) -> dict[str, Any]:
    """The seat's personal link, for its owner's eyes: `{"url", "svg", "seat"}`."""
    svc.limiter.check(svc.settings.command_rate, "command", client_ip(request))
    room = await room_or_404(svc, code, request)
    token = bearer(authorization)
    try:
        seat = await svc.rooms.authenticate(room, token)
        if not isinstance(seat, int) or token is None:
            raise Rejected("not_a_seat", "Only a player has a personal link (send the seat's token).")
        fragment = f"k={token}"
        host = body.host_token if body is not None else None
        if host:
            if not same_hash(hash_token(host), room.mj_token_hash):
                raise Rejected("bad_token", "This host link is not valid for this room.")
            fragment += f"&h={host}"
    except Rejected as exc:
        raise rejection_response(exc) from None
    url = f"{public_base(request, svc.settings)}/r/{room.code}/take#{fragment}"
    response.headers["Cache-Control"] = NO_STORE
    return {"seat": seat, "url": url, "svg": qr_svg(url)}


@router.post("/api/rooms/{code}/handover")
async def handover(code: str, request: Request, response: Response, svc: Services = Depends(services),
                   authorization: str | None = Header(default=None)) -> dict[str, Any]:
    """Take the seat on this device: `{"code", "seat", "token", "url"}` (the room is the newest of the group)."""
    svc.limiter.check(svc.settings.command_rate, "command", client_ip(request))
    room = await room_or_404(svc, code, request)
    token = bearer(authorization)
    try:
        if not token:
            raise Rejected("bad_token", "Send the seat's token (the personal link's).")
        if await svc.rooms.authenticate(room, token) == MJ:
            raise Rejected("not_a_seat", "A personal link opens a player's seat.")
        target, seat, fresh = await hand_over(svc.rooms, room, token)
    except Rejected as exc:
        raise rejection_response(exc) from None
    response.headers["Cache-Control"] = NO_STORE
    return {"code": target.code, "seat": seat, "token": fresh,
            "url": f"{public_base(request, svc.settings)}/r/{target.code}"}
