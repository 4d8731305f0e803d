"""The installable app's routes (issue 28, app/web/install.py): the manifest, the service worker at the site's root
and its offline page, with the headers the browsers need; pages tell the worker which static files they go with."""

from __future__ import annotations

import json
import re

import httpx

from app.web.install import precache, static_version
from tests.support.edge import live
from tests.support.paths import ROOT


async def test_the_worker_is_served_at_the_root_never_from_a_cache(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        r = await http.get("/sw.js")
        assert r.status_code == 200
        assert r.headers["content-type"] == "text/javascript; charset=utf-8"
        assert r.headers["cache-control"] == "no-cache"
        assert r.headers["x-content-type-options"] == "nosniff"
        first, _, source = r.text.partition("\n")
        settings = json.loads(re.fullmatch(r"self\.VEILLEE_SW = (.*);", first).group(1))  # type: ignore[union-attr]
        assert settings["version"] == static_version() and re.fullmatch(r"[0-9a-f]{16}", settings["version"])
        assert settings["offline"] == "/offline"
        assert source == (ROOT / "static" / "js" / "sw.js").read_text(encoding="utf-8")
        # Everything the worker fetches on installing exists (one missing file would make its install fail).
        assert {"/offline", "/static/css/app.css", "/static/js/shell/room.js", "/static/js/offline.js",
                "/static/icons/icon-192.png"} <= set(settings["precache"])
        assert settings["precache"] == precache()
        for url in settings["precache"]:
            assert (await http.get(url)).status_code == 200, url
        assert (await http.head("/sw.js")).headers["cache-control"] == "no-cache"


async def test_the_manifest_names_the_app_its_icons_and_start(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        r = await http.get("/manifest.webmanifest", headers={"Accept-Language": "en-GB,en;q=0.8"})
        assert r.status_code == 200
        assert r.headers["content-type"] == "application/manifest+json"
        assert r.headers["cache-control"] == "no-cache"
        m = r.json()
        assert (m["name"], m["short_name"], m["display"], m["scope"], m["lang"]) == (
            "Veillée", "Veillée", "standalone", "/", "en")
        assert m["start_url"].startswith("/") and m["theme_color"] == "#0f1428" and m["background_color"] == "#0c1124"
        assert m["description"].startswith("Hidden-role games")
        sizes = {(i["sizes"], i["purpose"]) for i in m["icons"]}
        assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
        for icon in m["icons"]:
            got = await http.get(icon["src"])
            assert got.status_code == 200 and got.headers["content-type"] == "image/png"
            side = int(icon["sizes"].split("x")[0])
            assert got.content[:8] == b"\x89PNG\r\n\x1a\n"
            assert (int.from_bytes(got.content[16:20], "big"), int.from_bytes(got.content[20:24], "big")) == (side, side)
        french = (await http.get("/manifest.webmanifest", headers={"Cookie": "lang=fr"})).json()
        assert french["lang"] == "fr" and french["description"].startswith("Jeux à rôles cachés")


async def test_pages_link_the_manifest_and_carry_the_static_version(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        for path in ("/", f"/r/{room['code']}"):
            r = await http.get(path)
            assert r.headers["x-static-version"] == static_version()
            assert '<link rel="manifest" href="/manifest.webmanifest">' in r.text
            assert '<script type="module" src="/static/js/shell/install.js"></script>' in r.text
        assert 'id="install-hint"' in (await http.get(f"/r/{room['code']}")).text


async def test_the_offline_page_holds_both_languages(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        r = await http.get("/offline")
        assert r.status_code == 200 and r.headers["cache-control"] == "no-cache"
        assert "Le serveur ne répond pas" in r.text and "The server is not answering" in r.text
        assert "offline." not in r.text.replace("/static/js/offline.js", "")  # no raw catalogue key
