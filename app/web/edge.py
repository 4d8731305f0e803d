"""The edge: what a client sends is read here before anything else sees it, and every HTTP response leaves with the
same security headers (docs/protocol.md, "Limits and headers").

Why each check: a lone surrogate (`"\\ud800"`, valid JSON) cannot be encoded as UTF-8, so once stored it breaks
every frame that carries it; NaN and Infinity are not JSON to a browser; nesting exhausts the parser's recursion;
unbounded strings, lists and bodies fill memory and the event log.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_STRING = 1000  # characters in any string (chat texts are at most 500, names 40)
MAX_ITEMS = 200  # entries in any list or object
MAX_DEPTH = 8  # nested lists and objects (the deepest legitimate payload has 4)
MAX_INT = 2**53 - 1  # what a browser's numbers hold exactly
BODY_TIMEOUT = 20.0  # seconds to receive a whole request body
DRAIN_FACTOR = 16  # a refused body up to 16 times the limit is read (and dropped) before the 413

# Control characters other than \t \n \r (C0, DEL, C1) and surrogates: the JSON decoder joins a valid pair into
# one code point, so any surrogate left in a decoded string is a lone one.
_RISKY_ESCAPE = re.compile(r"\\[ubf]")
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class EdgeError(Exception):
    """A payload refused at the edge: `code` for programs, `message` for people, `params` to show it. `value` is
    what could be read of it (a command's `type` and `cid` are in it): the decoded payload, or, when the refusal
    came before decoding could end (a number out of range, nesting, size), its top level read by `salvage` from
    `raw`, only if someone asks (the refusal of a command does, to answer under its cid)."""

    def __init__(self, code: str, message: str, value: Any = None, raw: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
        self._value = value
        self.raw = raw

    @property
    def value(self) -> Any:
        if self.raw is not None:
            self._value, self.raw = salvage(self.raw), None
        return self._value

    @value.setter
    def value(self, value: Any) -> None:
        self._value, self.raw = value, None


def _constant(name: str) -> Any:
    raise EdgeError("bad_number", f"{name} is not a JSON number.")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise EdgeError("bad_number", "A number is out of range (over 1.8e308).")
    return value


def _int(text: str) -> int:
    value = int(text) if len(text) <= 20 else MAX_INT + 1
    if abs(value) > MAX_INT:
        raise EdgeError("bad_number", f"Integers are at most {MAX_INT} in absolute value.", max=MAX_INT)
    return value


def _where(path: str, root: str) -> str:
    return path or root


def check(value: Any, root: str = "the payload") -> None:
    """Raise EdgeError unless every string of `value` (keys too) is clean text of bounded length, and every list
    and object is bounded in size and depth. `root` names the whole value in messages."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item, path, root)
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise EdgeError("too_deep", f"Lists and objects nest at most {MAX_DEPTH} deep.", max=MAX_DEPTH)
            if len(item) > MAX_ITEMS:
                raise EdgeError("too_many_items", f"{_where(path, root)} holds more than {MAX_ITEMS} items.",
                                path=path, max=MAX_ITEMS)
            if isinstance(item, dict):
                for key, sub in item.items():
                    _check_text(key, path, root)
                    stack.append((sub, f"{path}.{key}" if path else key, depth + 1))
            else:
                stack.extend((sub, f"{path}[{i}]", depth + 1) for i, sub in enumerate(item))


def _check_text(text: str, path: str, root: str) -> None:
    if len(text) > MAX_STRING:
        raise EdgeError("too_long", f"{_where(path, root)} is longer than {MAX_STRING} characters.",
                        path=path, max=MAX_STRING)
    if _BAD_CHAR.search(text):
        raise EdgeError("bad_text", f"{_where(path, root)} holds a control character or an invalid (lone "
                        "surrogate) character.", path=path)


def _plainly_bounded(raw: str) -> bool:
    """Whether the text alone shows that its value passes `check`, as a vote or a chat line does: too short for an
    overlong string or too many items, too few brackets to nest too deep, no character `check` refuses, and no
    escape that could decode to one (\\u, \\b, \\f; \\n \\r \\t are allowed)."""
    return (len(raw) < min(MAX_STRING, 2 * MAX_ITEMS) and not _RISKY_ESCAPE.search(raw)
            and raw.count("[") + raw.count("{") <= MAX_DEPTH and _BAD_CHAR.search(raw) is None)


# A string (skipped whole) or a bracket. A string left open runs to the end of the text: had it to be closed, every
# quote of `"\\"\\"\\…` would start a scan to the end, and 8 KB of them took seconds.
_NESTING = re.compile(r'"(?:\\.|[^"\\])*"?|[\[\]{}]')


def _nests_too_deep(raw: str) -> bool:
    """Whether brackets outside strings nest past MAX_DEPTH. Scanned before decoding: the decoder recurses once per
    level, and a hostile body 5,000 levels deep took it to Python's recursion limit, where whatever the collector
    finalised meanwhile could not even report its own error."""
    if raw.count("[") + raw.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for token in _NESTING.finditer(raw):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif mark in "]}":
            depth -= 1
    return False


def parse_json(raw: str | bytes, root: str = "the payload") -> Any:
    """Decode a frame or a body strictly and `check` it; raise EdgeError (with the decoded `value` when the
    failure is in the content rather than in the syntax)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise EdgeError("bad_json", f"{root} is not UTF-8 text.") from None
    if _nests_too_deep(raw):
        raise EdgeError("too_deep", f"Lists and objects nest at most {MAX_DEPTH} deep.", raw=raw, max=MAX_DEPTH)
    try:
        value = json.loads(raw, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except EdgeError as exc:  # a number refused mid-decoding: the rest is read by `salvage`, if asked
        exc.raw = raw
        raise
    except ValueError:  # JSONDecodeError, and int() past Python's digit limit
        raise EdgeError("bad_json", f"{root} is not JSON.") from None
    except RecursionError:  # the decoder recurses once per level: far past MAX_DEPTH, `check` would refuse it
        raise EdgeError("too_deep", f"Lists and objects nest at most {MAX_DEPTH} deep.", raw=raw,
                        max=MAX_DEPTH) from None
    if _plainly_bounded(raw):
        return value
    try:
        check(value, root)
    except EdgeError as exc:
        exc.value = value
        raise
    return value


class _Unreadable:
    """A value `salvage` could not read (a number out of range): neither None nor any JSON value."""

    def __repr__(self) -> str:
        return "UNREADABLE"


UNREADABLE = _Unreadable()


def _unreadable_constant(name: str) -> Any:
    return UNREADABLE


def _lenient_float(text: str) -> Any:
    value = float(text)
    return value if math.isfinite(value) else UNREADABLE


def _lenient_int(text: str) -> Any:
    return int(text) if len(text) <= 20 and abs(int(text)) <= MAX_INT else UNREADABLE


def salvage(raw: str) -> Any:
    """The top level of a refused text, as far as it can be read: each list or object inside it read as None, each
    number the edge refuses as UNREADABLE; None when even that is not JSON. A refused command's `type` and `cid`
    are top-level strings, so it can be answered under its cid. Only on the failure path: one linear scan, and a
    decoding that cannot recurse (nothing is left deeper than the top level)."""
    kept: list[str] = []
    depth = start = 0
    for token in _NESTING.finditer(raw):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth == 2:
                kept.append(raw[start:token.start()])
        elif mark in "]}":
            if depth == 2:
                kept.append("null")
                start = token.end()
            depth -= 1
            if depth < 0:
                return None
    if depth != 0:
        return None
    kept.append(raw[start:])
    try:
        return json.loads("".join(kept), parse_constant=_unreadable_constant, parse_float=_lenient_float,
                          parse_int=_lenient_int)
    except (ValueError, RecursionError):
        return None


# -- HTTP ----------------------------------------------------------------------------------------------------------
def content_security_policy(host: str | None) -> str:
    """Only this site's own scripts, styles and sockets. `'self'` covers ws/wss only in CSP 3 browsers, so the
    page's host is named too (only when it looks like a host, since it comes from the request)."""
    sockets = "'self'"
    if host and re.fullmatch(r"[A-Za-z0-9.\-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?", host):
        sockets += f" ws://{host} wss://{host}"
    # style-src-attr: the pages' scripts position a few things with style attributes (the balance of a composition,
    # some rulesets' modules); an attribute can neither run code nor load from another site (img-src is 'self').
    return ("default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self'; "
            f"connect-src {sockets}; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")


class _TooLarge(Exception):
    pass


class _Gone(Exception):
    pass


def _json_type(content_type: str | None) -> bool:
    """FastAPI decodes a body as JSON when it has no Content-Type or a JSON one: those are the ones to check."""
    if not content_type:
        return True
    main = content_type.split(";", 1)[0].strip().lower()
    return main == "application/json" or (main.startswith("application/") and main.endswith("+json"))


# A websocket route taken before the framework's own: the coroutine serving the scope, or None to pass it on.
SocketRoute = Callable[[Scope, Receive, Send], Awaitable[None] | None]


class Edge:
    """ASGI middleware, outermost: security headers on every HTTP response, request bodies bounded in size and
    time, and JSON bodies checked by `parse_json` before a route reads them."""

    def __init__(self, app: ASGIApp, max_body: int, sockets: SocketRoute | None = None) -> None:
        self.app = app
        self.max_body = max_body
        self.sockets = sockets

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        """The coroutine that serves `scope`. A plain function rather than a coroutine of its own: a websocket's
        coroutine is handed on as it is, so nothing of the edge stays in memory as long as the socket; `sockets`
        takes the websocket paths it serves before the framework's routing does."""
        if scope["type"] == "http":
            return self._http(scope, receive, send)
        if scope["type"] == "websocket" and self.sockets is not None:
            served = self.sockets(scope, receive, send)
            if served is not None:
                return served
        return self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        send = self._with_headers(send, content_security_policy(headers.get("host")))
        length = headers.get("content-length")
        if length is not None and not (length.isascii() and length.isdigit()):
            await self._refuse(scope, send, 400, "bad_request", "Content-Length is not a number.")
            return
        if length is None and "transfer-encoding" not in headers:
            await self.app(scope, receive, send)  # no body
            return
        declared = int(length) if length is not None else 0
        too_large = declared > self.max_body
        body = b""
        try:
            async with asyncio.timeout(BODY_TIMEOUT):
                if not too_large:
                    try:
                        body = await self._read(receive)
                    except _TooLarge:
                        too_large = True
                # Read what was sent of a refused body (within reason) before answering: closing a connection on
                # unread data resets it, and the client may never see the answer.
                if too_large and declared <= DRAIN_FACTOR * self.max_body and "expect" not in headers:
                    await self._drain(receive, DRAIN_FACTOR * self.max_body)
        except TimeoutError:
            if not too_large:
                await self._refuse(scope, send, 408, "timeout", "The request body came too slowly.")
                return
        except _Gone:
            return  # the client left: nobody to answer
        if too_large:
            await self._refuse(scope, send, 413, "too_large", f"A request body holds at most {self.max_body} "
                               "bytes.", max=self.max_body)
            return
        if body and _json_type(headers.get("content-type")):
            try:
                parse_json(body, "the body")
            except EdgeError as exc:
                await self._refuse(scope, send, 400, exc.code, exc.message, **exc.params)
                return
        await self.app(scope, self._replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise _Gone
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                raise _TooLarge
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    @staticmethod
    async def _drain(receive: Receive, budget: int) -> None:
        """Read and drop the rest of a refused body, up to `budget` bytes."""
        while budget > 0:
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                return
            budget -= len(message.get("body", b""))

    @staticmethod
    def _replay(body: bytes, receive: Receive) -> Receive:
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # later calls wait for the disconnect, as they would have

        return replay

    @staticmethod
    def _with_headers(send: Send, csp: str) -> Send:
        extra = [(b"content-security-policy", csp.encode("latin-1")), (b"x-content-type-options", b"nosniff"),
                 (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                present = {name.lower() for name, _ in raw}
                raw += [(name, value) for name, value in extra if name not in present]
                message = {**message, "headers": raw}
            await send(message)

        return sending

    @staticmethod
    async def _refuse(scope: Scope, send: Send, status: int, code: str, message: str, **params: Any) -> None:
        response = JSONResponse({"error": {"code": code, "message": message, "params": params}}, status_code=status,
                                headers={"Connection": "close"} if status in (408, 413) else None)

        async def no_body() -> Message:  # the response never reads the request
            return {"type": "http.disconnect"}

        await response(scope, no_body, send)
