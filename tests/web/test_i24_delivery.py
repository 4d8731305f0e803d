"""Issue 24, 9, over a real server: HEAD answers as GET does (pages, /healthz, static files) without a body; pages,
scripts and styles go out gzipped to a client that accepts it, the API's JSON (tokens beside client text) never; the
static files carry a Cache-Control and revalidate with their ETag."""

from __future__ import annotations

import gzip

import httpx
import pytest

from tests.support.edge import live, new_room, raw_socket

pytestmark = pytest.mark.slow
GZIP = {"Accept-Encoding": "gzip"}
PLAIN = {"Accept-Encoding": "identity"}


async def test_head_answers_like_get(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = await new_room(base)
        for path, status in [("/", 200), ("/healthz", 200), (f"/r/{room['code']}", 200),
                             (f"/r/{room['code']}/mj", 200), ("/r/ZZZZZZ", 404), ("/static/css/app.css", 200),
                             ("/static/js/shell/room.js", 200)]:
            for headers in (GZIP, PLAIN):
                got = await http.get(path, headers=headers)
                head = await http.head(path, headers=headers)
                assert got.status_code == status and head.status_code == status, (path, got, head)
                assert head.content == b"", path
                for name in ("content-type", "content-encoding", "content-security-policy"):
                    assert head.headers.get(name) == got.headers.get(name), (path, name)
                if headers is PLAIN:
                    assert int(head.headers["content-length"]) == len(got.content), path
        # HEAD where GET is not allowed is still refused, as GET would be.
        assert (await http.head("/api/rooms")).status_code == 405


async def test_pages_scripts_and_styles_are_gzipped(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = await new_room(base)
        for path in ["/", f"/r/{room['code']}", f"/r/{room['code']}/mj", "/static/js/shell/room.js",
                     "/static/css/app.css", "/static/js/rulesets/reptiliens.js"]:
            plain = await http.get(path, headers=PLAIN)
            assert plain.status_code == 200 and "content-encoding" not in plain.headers, path
            raw = b""
            async with http.stream("GET", path, headers=GZIP) as zipped:
                assert zipped.headers.get("content-encoding") == "gzip", path
                assert "accept-encoding" in zipped.headers.get("vary", "").lower(), path
                async for chunk in zipped.aiter_raw():
                    raw += chunk
            assert gzip.decompress(raw) == plain.content, path
            assert len(raw) < len(plain.content) / 2, (path, len(raw), len(plain.content))
        # The API's answers (tokens beside a name the client chose) are never compressed.
        joined = await http.post(f"/api/rooms/{room['code']}/join", json={"name": "Zoé" * 10}, headers=GZIP)
        assert joined.status_code == 201 and "content-encoding" not in joined.headers
        created = await http.post("/api/rooms", json={"ruleset": "thiercelieux"}, headers=GZIP)
        assert created.status_code == 201 and "content-encoding" not in created.headers
        # Websockets are not compressed either (nor touched by the middleware): a seat still connects.
        ws = await raw_socket(base, room["code"], joined.json()["token"])
        await ws.close()


async def test_static_files_are_kept_and_revalidated(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        for path in ["/static/js/shell/room.js", "/static/css/app.css", "/static/img/icon.svg"]:
            first = await http.get(path)
            assert first.status_code == 200
            assert first.headers["cache-control"] == "public, max-age=300", path
            assert first.headers.get("etag") and first.headers.get("last-modified"), path
            again = await http.get(path, headers={"If-None-Match": first.headers["etag"]})
            assert again.status_code == 304 and again.content == b"", path
            assert again.headers["cache-control"] == "public, max-age=300", path
        # Pages are made per request: no cache header that would let a browser skip asking.
        page = await http.get("/")
        assert "max-age" not in page.headers.get("cache-control", "")
        assert "cache-control" not in (await http.get("/static/nothing-here.js")).headers
