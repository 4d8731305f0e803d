"""The JSON API (documented in docs/protocol.md)."""

from __future__ import annotations

import io
from typing import Any

import segno
from fastapi import APIRouter, Depends, Header, Request, Response
from pydantic import BaseModel, Field

from app.engine import Rejected, view
from app.engine.core import clean_name
from app.engine.model import MJ
from app.engine.ruleset import RULESETS, get_ruleset
from app.rooms.secrets import pretty_code
from app.store.db import database_kind
from app.web.deps import (
    Services,
    bearer,
    client_ip,
    options_checked,
    rejection_response,
    room_or_404,
    services,
    submit,
)
from app.web.rulesets import composition_check, host_plays_option, role_data
from app.web.urls import links as public_links

router = APIRouter()


# Lists and objects are bounded here as well as at the edge (app/web/edge.py), which bounds every payload.
class CreateRoom(BaseModel):
    ruleset: str | None = Field(default=None, max_length=40)  # None: the server's DEFAULT_RULESET
    options: dict[str, Any] = Field(default_factory=dict, max_length=100)
    composition: list[str] | None = Field(default=None, max_length=100)
    # The creator plays under this name, in a ruleset that allows it (rulesets.host_plays_option): seated at once,
    # and their MJ token sees no more than a spectator and only runs the table.
    play_as: str | None = Field(default=None, max_length=40)


class Join(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class Substitute(BaseModel):
    seat: int
    name: str | None = Field(default=None, max_length=40)


class CommandIn(BaseModel):
    command: str = Field(max_length=40)
    args: dict[str, Any] = Field(default_factory=dict, max_length=20)
    cid: str | None = Field(default=None, max_length=64)


def links(request: Request, code: str) -> dict[str, str]:
    """The room's links, from PUBLIC_URL when it is set (app/web/urls.py)."""
    return public_links(request, request.app.state.services.settings, code)


@router.get("/healthz")
async def healthz(request: Request, svc: Services = Depends(services)) -> dict[str, Any]:
    watch = getattr(request.app.state, "loop_watch", None)
    return {"status": "ok", "database": database_kind(svc.db.url), "rooms_loaded": len(svc.rooms.rooms),
            "connections": svc.hub.count(),
            "loop_lag_max_ms": round(watch.max_lag * 1000, 1) if watch is not None else None}


@router.get("/api/rulesets/{key}")
async def ruleset_info(key: str) -> dict[str, Any]:
    try:
        rules = get_ruleset(key)
    except Rejected as exc:
        raise rejection_response(exc) from None
    return {
        "key": rules.key,
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "advised_players": rules.advised_players,
        # The option "je joue aussi" sets (None: the creator cannot play a seat), and those set at creation only.
        "host_plays_option": host_plays_option(rules.key),
        "fixed_options": sorted(rules.fixed_options),
        "roles": [role_data(r) for r in rules.roles.values()],
        "other_cards": [{"key": r.key, "camp": r.camp} for r in rules.other_cards.values()],
        **rules.describe(),
        # The journal lines of its facts (app/engine/facts.py: Line): the page reads such a fact as an announcement.
        "fact_lines": rules.fact_book.lines() if rules.fact_book is not None else {},
        "options": rules.default_options(),
        "options_schema": rules.options_model.model_json_schema(),
        "suggested": {n: rules.suggested_composition(n) for n in range(rules.min_players, rules.max_players + 1)},
    }


class CompositionIn(BaseModel):
    players: int = Field(ge=0, le=99)  # 0: a lobby nobody has joined yet (with `planned`)
    composition: list[str] = Field(max_length=200)
    # The options the room would have (some change what a composition is); the ruleset's defaults otherwise.
    options: dict[str, Any] | None = Field(default=None, max_length=100)
    # A lobby still filling: judged against the players the composition is made for when they are more.
    planned: bool = False


@router.post("/api/rulesets/{key}/composition")
async def composition_report(key: str, body: CompositionIn) -> dict[str, Any]:
    """Whether a composition may start at a table of `players` and why not (`valid`, `refusals`, and `problem`:
    the start's own check on a lobby of that size), the warnings the MJ may override and a balance indicator, the
    cards the table wants, the cards the options allow and the suggested composition (rulesets.composition_check):
    the set-up pages hold none of these rules."""
    try:
        rules = get_ruleset(key)
        unknown = [r for r in body.composition if r not in rules.roles]
        if unknown:
            raise Rejected("unknown_role", f"Unknown role {unknown[0]!r}.", role=unknown[0])
        options = rules.validate_options(body.options or {})
    except Rejected as exc:
        raise rejection_response(exc) from None
    return composition_check(rules, body.players, body.composition, options, planned=body.planned)


@router.get("/api/rulesets")
async def rulesets() -> list[str]:
    return sorted(RULESETS)  # all loaded when the app was made (app.web.rulesets.load)


NO_STORE = "no-store"  # answers that carry a token must stay out of every cache


@router.post("/api/rooms", status_code=201)
async def create_room(body: CreateRoom, request: Request, response: Response,
                      svc: Services = Depends(services)) -> dict[str, Any]:
    svc.limiter.check(svc.settings.create_rate, "create", client_ip(request))
    options = dict(body.options)
    ruleset = svc.settings.default_ruleset if body.ruleset is None else body.ruleset
    seated: dict[str, Any] = {}
    try:
        if body.play_as is not None:
            name = clean_name(body.play_as)  # before anything is stored
            option = host_plays_option(ruleset)
            if option is None:
                raise Rejected("bad_options", "In this game the room's creator cannot play a seat as its host.",
                               option="play_as")
            options[option] = True
        options_checked(ruleset, options)
        room, token = await svc.rooms.create_room(ruleset, options, body.composition)
        if body.play_as is not None:
            seat, seat_token = await svc.rooms.join(room, name)
            seated = {"seat": seat, "token": seat_token}
    except Rejected as exc:
        raise rejection_response(exc) from None
    response.headers["Cache-Control"] = NO_STORE
    return {"code": room.code, "pretty_code": pretty_code(room.code), "mj_token": token, **seated,
            **links(request, room.code)}


@router.get("/api/rooms/{code}")
async def room_info(code: str, request: Request, svc: Services = Depends(services)) -> dict[str, Any]:
    room = await room_or_404(svc, code, request)
    return {"code": room.code, "pretty_code": pretty_code(room.code), "ruleset": room.ruleset,
            "view": view(room.state, "spectator"), **links(request, room.code)}


@router.post("/api/rooms/{code}/join", status_code=201)
async def join(code: str, body: Join, request: Request, response: Response,
               svc: Services = Depends(services)) -> dict[str, Any]:
    svc.limiter.check(svc.settings.join_rate, "join", client_ip(request))
    room = await room_or_404(svc, code, request)
    try:
        seat, token = await svc.rooms.join(room, body.name)
    except Rejected as exc:
        raise rejection_response(exc) from None
    response.headers["Cache-Control"] = NO_STORE
    return {"seat": seat, "token": token, **links(request, room.code)}


@router.post("/api/rooms/{code}/substitute", status_code=201)
async def substitute(code: str, body: Substitute, request: Request, response: Response,
                     svc: Services = Depends(services),
                     authorization: str | None = Header(default=None)) -> dict[str, Any]:
    room = await room_or_404(svc, code, request)
    try:
        if await svc.rooms.authenticate(room, bearer(authorization)) != MJ:
            raise Rejected("mj_only", "Only the game master can seat a substitute.")
        token = await svc.rooms.substitute(room, body.seat, body.name)
    except Rejected as exc:
        raise rejection_response(exc) from None
    response.headers["Cache-Control"] = NO_STORE
    return {"seat": body.seat, "token": token, **links(request, room.code)}


@router.post("/api/rooms/{code}/rematch", status_code=201)
async def rematch(code: str, request: Request, response: Response, svc: Services = Depends(services),
                  authorization: str | None = Header(default=None)) -> dict[str, Any]:
    """The same group in a new game: every seat keeps its link's token, the MJ too."""
    room = await room_or_404(svc, code, request)
    try:
        if await svc.rooms.authenticate(room, bearer(authorization)) != MJ:
            raise Rejected("mj_only", "Only the game master can start a rematch.")
        new_room = await svc.rooms.rematch(room)
    except Rejected as exc:
        raise rejection_response(exc) from None
    response.headers["Cache-Control"] = NO_STORE
    return {"code": new_room.code, "pretty_code": pretty_code(new_room.code), **links(request, new_room.code)}


@router.post("/api/rooms/{code}/commands")
async def post_command(code: str, body: CommandIn, request: Request, svc: Services = Depends(services),
                       authorization: str | None = Header(default=None)) -> dict[str, Any]:
    """The same commands as the websocket, for clients that only speak HTTP."""
    svc.limiter.check(svc.settings.command_rate, "command", client_ip(request))
    room = await room_or_404(svc, code, request)
    try:
        viewer = await svc.rooms.authenticate(room, bearer(authorization))
        if body.command == "say":
            who = f"spectator:{client_ip(request)}" if viewer == "spectator" else str(viewer)
            svc.limiter.check(svc.settings.chat_rate, "chat", room.id, who)
        events = await submit(svc, room, viewer, body.command, body.args, body.cid)
    except Rejected as exc:
        raise rejection_response(exc) from None
    return {"ok": True, "events": len(events)}


@router.get("/r/{code}/qr.svg")
async def qr(code: str, request: Request, svc: Services = Depends(services)) -> Response:
    room = await room_or_404(svc, code, request)
    return qr_response(links(request, room.code)["join_url"])


@router.get("/r/{code}/ecran/qr.svg")
async def screen_qr(code: str, request: Request, svc: Services = Depends(services)) -> Response:
    """The village screen's address as a QR code: the console shows it, a tablet or a TV's browser scans it."""
    room = await room_or_404(svc, code, request)
    return qr_response(links(request, room.code)["screen_url"])


def qr_response(url: str) -> Response:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=6, border=2)
    return Response(buffer.getvalue(), media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=3600"})
