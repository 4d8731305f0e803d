"""Server-rendered pages (Jinja2); the browser's ES modules in static/ take over from there."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from app.engine import Rejected
from app.engine.ruleset import get_ruleset
from app.i18n import LANGS, catalogue, pick_language, translate
from app.rooms.handover import rematch_of
from app.rooms.secrets import normalise_code, pretty_code
from app.rooms.service import Room
from app.web import rulesets
from app.web.install import static_version
from app.web.deps import Services, client_ip, find_room, services
from app.web.urls import lan_hint, public_base

ROOT = Path(__file__).resolve().parent.parent.parent
templates = Jinja2Templates(directory=str(ROOT / "templates"))
router = APIRouter()
# The answer to too many wrong room codes: the not-found page's frame, with the rate limit's text.
BUSY = templates.env.from_string("""{% extends "base.html" %}
{% block title %}Veillée · {{ t("error.rate_limited") }}{% endblock %}
{% block main %}
<section class="card notice">
  <h1>{{ t("error.rate_limited") }}</h1>
  <a class="btn btn-primary" href="/">{{ t("ui.back_home") }}</a>
</section>
{% endblock %}""")


def context(request: Request, **extra: Any) -> dict[str, Any]:
    lang = pick_language(request.query_params.get("lang"), request.cookies.get("lang"),
                         request.headers.get("accept-language"))

    def t(key: str, **params: Any) -> str:
        return translate(lang, key, **params)

    svc = getattr(request.app.state, "services", None)
    # Pages build links from PUBLIC_URL when it is set (templates/_public_url.html puts it in a <meta>).
    public_url = svc.settings.public_url if svc is not None else ""
    return {"request": request, "lang": lang, "langs": LANGS, "t": t, "catalogue": catalogue(lang),
            "public_url": public_url, **extra}


def render(request: Request, name: str, status_code: int = 200, **extra: Any) -> Response:
    ctx = context(request, **extra)
    response = templates.TemplateResponse(request, name, ctx, status_code=status_code)
    if request.query_params.get("lang") in LANGS:
        response.set_cookie("lang", ctx["lang"], max_age=365 * 24 * 3600, samesite="lax")
    # Pages carry no secret (tokens stay in the browser's storage and the link's fragment); the security headers
    # are app.web.edge's, on every response. The static files' version tells the service worker when the server
    # was upgraded under it (static/js/sw.js).
    response.headers["X-Static-Version"] = static_version()
    return response


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> Response:
    """The choice of a game (each ruleset with a set-up page, as the server lists them), and joining by code."""
    return render(request, "home.html", games=rulesets.games(request.app.state.settings.default_ruleset))


def ruleset_homes() -> APIRouter:
    """GET /<key>, a ruleset's set-up page, for each ruleset with one (made once the rulesets are loaded)."""
    homes = APIRouter()
    for key, name in rulesets.homes().items():
        homes.add_api_route(f"/{key}", home_page(key, name), methods=["GET"], response_class=HTMLResponse,
                            name=f"home_{key}")
    return homes


def home_page(key: str, name: str) -> Callable[[Request], Awaitable[Response]]:
    # A closure, not default arguments, which FastAPI would read as query parameters.
    async def page(request: Request) -> Response:
        game = next(g for g in rulesets.games(key) if g["key"] == key)
        return render(request, name, ruleset=key, game=game)

    return page


@router.get("/join")
async def join_by_code(code: str = "") -> Response:
    clean = normalise_code(code)
    if not clean:
        return RedirectResponse("/", status_code=303)
    return RedirectResponse(f"/r/{clean}", status_code=303)


async def room_page_or_404(request: Request, svc: Services, code: str, page: str) -> Response:
    """A room's page ("room", "mj", "take", "screen"), its ruleset's template when it has one; a readable page (not
    JSON) when the code is wrong, since people type codes."""
    try:
        room = await find_room(svc, code, client_ip(request))
    except Rejected:
        return HTMLResponse(BUSY.render(context(request)), status_code=429)
    if room is None:
        return render(request, "notfound.html", status_code=404, code=pretty_code(normalise_code(code)[:8]))
    plays = rulesets.host_plays(room)
    # A host who plays has no console: their table is the player page.
    template = "host_plays_mj.html" if page == "mj" and plays else rulesets.template(room.ruleset, page)
    return render(request, template, **(await room_context(request, svc, room, page == "mj" and not plays, plays)))


async def room_context(request: Request, svc: Services, room: Room, console: bool, plays: bool) -> dict[str, Any]:
    """What a room's templates show without a script: its code, the room the group moved on to (a finished room
    that was rematched), and for a host on this machine's loopback address how phones reach the server (the
    console's own address on the console, else the room's)."""
    rematch = rematch_of(room)
    path = f"/r/{room.code}/mj" if console else f"/r/{room.code}"
    return {"code": room.code, "pretty_code": pretty_code(room.code), "ruleset": room.ruleset,
            "game": rulesets.presentation(get_ruleset(room.ruleset)),
            "host_plays": plays,
            "rematch_code": rematch, "rematch_pretty": pretty_code(rematch) if rematch else None,
            "lan_hint": await lan_hint(request, svc.settings, path),
            "join_url": f"{public_base(request, svc.settings)}/r/{room.code}",
            # The ruleset's stylesheet, for the pages every ruleset shares (the screen): its cards, its board.
            "ruleset_css": room.ruleset if (ROOT / "static" / "css" / f"{room.ruleset}.css").is_file() else None}


@router.get("/r/{code}", response_class=HTMLResponse)
async def room_page(code: str, request: Request, svc: Services = Depends(services)) -> Response:
    return await room_page_or_404(request, svc, code, "room")


@router.get("/r/{code}/mj", response_class=HTMLResponse)
async def mj_page(code: str, request: Request, svc: Services = Depends(services)) -> Response:
    return await room_page_or_404(request, svc, code, "mj")


@router.get("/r/{code}/ecran", response_class=HTMLResponse)
async def screen_page(code: str, request: Request, svc: Services = Depends(services)) -> Response:
    """The village screen: a spectator's stream drawn large for a TV or a laptop the table shares, which narrates."""
    return await room_page_or_404(request, svc, code, "screen")


@router.get("/r/{code}/take", response_class=HTMLResponse)
async def take_page(code: str, request: Request, svc: Services = Depends(services)) -> Response:
    """Where a personal link lands: its script takes the seat (POST …/handover), then opens the room."""
    return await room_page_or_404(request, svc, code, "take")

