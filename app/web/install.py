"""The installable app (issue 28): the web app manifest, the service worker at the site's root and the offline page
it shows when the server cannot be reached (docs/architecture.md, "Installable app").

The worker's cache is named after a hash of static/, so an upgrade that changes a file changes /sw.js too: the
browser installs the new worker, which drops the old cache. Pages say which static files they were made with
(`X-Static-Version`), so a worker older than the server stops serving its cached files before it is replaced.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from app.i18n import LANGS, pick_language, translate

ROOT = Path(__file__).resolve().parent.parent.parent
STATIC = ROOT / "static"
router = APIRouter()
templates = Jinja2Templates(directory=str(ROOT / "templates"))
NO_CACHE = {"Cache-Control": "no-cache"}
THEME = "#0f1428"  # base.html's theme-color: the top bar
BACKGROUND = "#0c1124"  # app.css's --bg of the night theme, behind the splash screen
OFFLINE = "/offline"
# What the worker fetches on installing, for a fast start and an offline page that draws: the stylesheet, the shell's
# modules (every page's), the small pages' modules, the icons. Rulesets' own modules and catalogues are cached as
# they are first used.
PRECACHE_GLOBS = ("css/app.css", "js/shell/*.js", "js/*.js", "vendor/*/*.js", "icons/*.png", "img/*.svg")


@cache
def static_version() -> str:
    """A hash of every file under static/ (names and contents), read once: the server's files do not change while
    it runs, and an upgrade restarts it."""
    digest = hashlib.sha256()
    for path in sorted(p for p in STATIC.rglob("*") if p.is_file()):
        digest.update(path.relative_to(STATIC).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def precache() -> list[str]:
    files = sorted({p for pattern in PRECACHE_GLOBS for p in STATIC.glob(pattern) if p.is_file()})
    return [OFFLINE, *(f"/static/{p.relative_to(STATIC).as_posix()}" for p in files)]


def manifest(lang: str) -> dict[str, object]:
    def icon(name: str, size: int, purpose: str = "any") -> dict[str, str]:
        return {"src": f"/static/icons/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}

    return {
        "id": "/", "name": "Veillée", "short_name": "Veillée", "lang": lang, "dir": "ltr",
        "description": translate(lang, "install.description"),
        # The home page lists the rooms this browser holds a seat in (static/js/shell/install.js), so the app opens
        # where the player can go back to their game.
        "start_url": "/?source=app", "scope": "/", "display": "standalone", "orientation": "portrait",
        "theme_color": THEME, "background_color": BACKGROUND, "categories": ["games", "entertainment"],
        "icons": [icon("icon-192.png", 192), icon("icon-512.png", 512), icon("maskable-512.png", 512, "maskable")],
    }


@router.get("/manifest.webmanifest", include_in_schema=False)
async def web_manifest(request: Request) -> Response:
    lang = pick_language(None, request.cookies.get("lang"), request.headers.get("accept-language"))
    return Response(json.dumps(manifest(lang), ensure_ascii=False), media_type="application/manifest+json",
                    headers=NO_CACHE)


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    """static/js/sw.js with its settings in front; at the root, so that its scope is the whole site. `no-cache`:
    the browser asks each time whether it changed (an upgrade)."""
    settings = {"version": static_version(), "precache": precache(), "offline": OFFLINE}
    source = (STATIC / "js" / "sw.js").read_text(encoding="utf-8")
    script = f"self.VEILLEE_SW = {json.dumps(settings)};\n{source}"
    return Response(script, media_type="text/javascript; charset=utf-8", headers=NO_CACHE)


@router.get(OFFLINE, response_class=HTMLResponse, include_in_schema=False)
async def offline_page() -> Response:
    """What the worker shows instead of a page when the server cannot be reached. In both languages, since it is
    cached once and shown whatever language is chosen later; its script keeps the one the player reads."""
    texts = {lang: {key: translate(lang, f"offline.{key}") for key in ("title", "text", "retry", "waiting")}
             for lang in LANGS}
    html = templates.get_template("offline.html").render(texts=texts, langs=LANGS, version=static_version())
    return HTMLResponse(html, headers=NO_CACHE)
