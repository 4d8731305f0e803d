"""Seat and unseat bots the server plays (docs/protocol.md, "Bots"), in a room whose ruleset has a `bots` option
(app/rooms/bots.py refuses the others with `no_bots`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Header, Request
from pydantic import BaseModel, Field

from app.engine import Rejected
from app.engine.model import MJ
from app.rooms.bots import add_bots, remove_bot
from app.web.deps import Services, bearer, rejection_response, room_or_404, services

router = APIRouter()


class AddBots(BaseModel):
    count: int = Field(1, ge=1, le=10)


@router.post("/api/rooms/{code}/bots", status_code=201)
async def seat_bots(code: str, body: AddBots, request: Request, svc: Services = Depends(services),
                    authorization: str | None = Header(default=None)) -> dict[str, Any]:
    """The MJ (the table's creator) fills empty seats with bots the server plays."""
    room = await room_or_404(svc, code, request)
    try:
        if await svc.rooms.authenticate(room, bearer(authorization)) != MJ:
            raise Rejected("mj_only", "Only the table's creator can seat bots.")
        seats = await add_bots(svc.rooms, room, body.count)
    except Rejected as exc:
        raise rejection_response(exc) from None
    return {"seats": seats, "bots": room.state.options.get("bots", [])}


@router.delete("/api/rooms/{code}/bots/{seat}")
async def unseat_bot(code: str, seat: int, request: Request, svc: Services = Depends(services),
                     authorization: str | None = Header(default=None)) -> dict[str, Any]:
    room = await room_or_404(svc, code, request)
    try:
        if await svc.rooms.authenticate(room, bearer(authorization)) != MJ:
            raise Rejected("mj_only", "Only the table's creator can remove bots.")
        await remove_bot(svc.rooms, room, seat)
    except Rejected as exc:
        raise rejection_response(exc) from None
    return {"bots": room.state.options.get("bots", [])}
