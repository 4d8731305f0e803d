"""How responses travel (docs/protocol.md, "HEAD, compression and caching"): HEAD answered as GET without its body,
pages, scripts and styles gzipped, and the static files' cache headers.

Inside the edge (app/web/edge.py), which adds the security headers around all of this. Websockets never come here
(the edge serves them before the framework), and the server runs with `--ws-per-message-deflate false`: a frame's
compressed size could tell what it holds.
"""

from __future__ import annotations

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Static URLs are not versioned (templates name /static/js/…, and modules import each other by relative URLs), so a
# long max-age could run yesterday's module beside today's page after an update. Five minutes spares the reloads of
# an evening; after that the browser keeps its copy and revalidates it (ETag / Last-Modified → 304, no body).
STATIC_CACHE = b"public, max-age=300"
STATIC_PREFIXES = ("/static/", "/api/docs/assets/")
# The API's JSON is left uncompressed: some answers carry a token beside text the client chose (a name), which is
# what BREACH needs, and they are small. Pages carry no secret in their body (tokens travel in the URL's fragment,
# which the browser never sends), nor do the API's docs.
API, DOCS = "/api/", "/api/docs"
GZIP_LEVEL = 6  # level 9 costs about twice the CPU for a few percent


class Delivery:
    """ASGI middleware: HEAD → GET with the body dropped (so uptime monitors get the GET's status and headers, and
    its Content-Length, compressed or not), gzip for what is not excluded above, Cache-Control on static files."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=500, compresslevel=GZIP_LEVEL)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if scope["method"] == "HEAD":
            scope = {**scope, "method": "GET"}
            send = _without_body(send)
        if path.startswith(STATIC_PREFIXES):
            send = _with_cache(send)
        inner = self.app if path.startswith(API) and not path.startswith(DOCS) else self.gzip
        await inner(scope, receive, send)


def _without_body(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.body":
            if message.get("more_body", False):
                return  # the GET's body is dropped; its end still closes the response
            message = {"type": "http.response.body", "body": b"", "more_body": False}
        await send(message)

    return sending


def _with_cache(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] in (200, 304):
            headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"]
            message = {**message, "headers": [*headers, (b"cache-control", STATIC_CACHE)]}
        await send(message)

    return sending
