"""A lean client for the load generator: raw websockets on asyncio protocols, and a keep-alive HTTP/1.1 pool.

The generator holds thousands of sockets and must not be the bottleneck, so it does the least a client can:
- no task per socket: each socket is an `asyncio.Protocol` whose `data_received` cuts the server's frames out of
  its buffer and hands each text frame (bytes, never decoded) to a callback with the time it arrived;
- frames it sends are masked with the all-zero key (RFC 6455 requires a mask from a client, and any key is valid
  to a server), so masking costs nothing;
- server pings are answered; a close frame is answered and the socket is marked closed.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import time
from collections.abc import Callable
from typing import Any, cast

OnFrame = Callable[["Socket", bytes, float], None]
ZERO_MASK = b"\x00\x00\x00\x00"


def frame_header(length: int, opcode: int = 0x1) -> bytes:
    """A final client frame's header, mask bit and zero mask included."""
    first = 0x80 | opcode
    if length < 126:
        return bytes((first, 0x80 | length)) + ZERO_MASK
    if length < 65536:
        return bytes((first, 0x80 | 126)) + length.to_bytes(2, "big") + ZERO_MASK
    return bytes((first, 0x80 | 127)) + length.to_bytes(8, "big") + ZERO_MASK


class Socket(asyncio.Protocol):
    """One websocket. `on_frame(socket, payload, arrived)` receives every text frame; `first` resolves with the
    first one (the answer to hello); `closed` is set when the connection is gone (`close_code` says why)."""

    def __init__(self, host: str, port: int, path: str, on_frame: OnFrame | None = None) -> None:
        self.request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n").encode()
        self.on_frame = on_frame
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.upgraded = False
        self.loop = asyncio.get_running_loop()
        self.handshake: asyncio.Future[None] = self.loop.create_future()
        self.first: asyncio.Future[bytes] = self.loop.create_future()
        self.closed = asyncio.Event()
        self.close_code: int | None = None
        self.fragments: list[bytes] = []
        self.frames = 0
        self.bytes = 0
        self.owner: Any = None  # whatever the caller wants to hang on the socket
        self.last_n: int | None = None  # the `n` of the last welcome / update / sync frame (the generator's checks)
        self.last_tag = -1  # the last vote tag seen on this socket

    # -- asyncio.Protocol ------------------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports do not subclass asyncio's
        self.transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.close_code is None:
            self.close_code = 1006
        if not self.handshake.done():
            self.handshake.set_exception(ConnectionError(f"connection lost during the handshake: {exc}"))
        if not self.first.done():
            self.first.set_exception(ConnectionError(f"connection closed before the first frame ({self.close_code})"))
        self.closed.set()

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        buf = self.buffer
        buf += data
        if not self.upgraded:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buf[:end]).split(b"\r\n", 1)[0]
            del buf[: end + 4]
            if b" 101 " not in status + b" ":
                if not self.handshake.done():
                    self.handshake.set_exception(ConnectionError(status.decode("latin-1")))
                self.abort()
                return
            self.upgraded = True
            self.handshake.set_result(None)
        pos, size = 0, len(buf)
        while size - pos >= 2:
            b0, b1 = buf[pos], buf[pos + 1]
            length = b1 & 0x7F
            head = 2
            if length == 126:
                if size - pos < 4:
                    break
                length = int.from_bytes(buf[pos + 2 : pos + 4], "big")
                head = 4
            elif length == 127:
                if size - pos < 10:
                    break
                length = int.from_bytes(buf[pos + 2 : pos + 10], "big")
                head = 10
            if b1 & 0x80:  # a server never masks; skip the key if one does
                head += 4
            if size - pos < head + length:
                break
            payload = bytes(buf[pos + head : pos + head + length])
            if b1 & 0x80:
                key = buf[pos + head - 4 : pos + head]
                payload = bytes(c ^ key[i % 4] for i, c in enumerate(payload))
            pos += head + length
            self._frame(b0, payload, now)
        if pos:
            del buf[:pos]

    # -- frames ----------------------------------------------------------------------------------------------
    def _frame(self, b0: int, payload: bytes, now: float) -> None:
        opcode = b0 & 0x0F
        if opcode in (0x1, 0x2, 0x0):
            if not b0 & 0x80:
                self.fragments.append(payload)
                return
            if self.fragments:
                payload = b"".join([*self.fragments, payload])
                self.fragments = []
            self.frames += 1
            self.bytes += len(payload)
            if not self.first.done():
                self.first.set_result(payload)
            if self.on_frame is not None:
                self.on_frame(self, payload, now)
        elif opcode == 0x9:  # ping: pong with the same data
            self.write(payload, 0xA)
        elif opcode == 0x8:
            self.close_code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
            self.write(payload[:2], 0x8)
            self.abort()

    def write(self, payload: bytes, opcode: int = 0x1) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(frame_header(len(payload), opcode) + payload)

    def send(self, payload: bytes) -> None:
        """Send a text frame (payload: UTF-8 JSON)."""
        self.write(payload)

    def send_json(self, data: Any) -> None:
        self.write(json.dumps(data, separators=(",", ":")).encode())

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.close()

    async def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.close_code = 1000
            self.write((1000).to_bytes(2, "big"), 0x8)
            self.transport.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.closed.wait(), 5)


async def open_socket(base: str, path: str, on_frame: OnFrame | None = None, timeout: float = 30.0) -> Socket:  # noqa: ASYNC109
    """Open a websocket to `base` (`http://host:port`) at `path`; returns once upgraded."""
    host, port = split_base(base)
    loop = asyncio.get_running_loop()
    _, proto = await asyncio.wait_for(
        loop.create_connection(lambda: Socket(host, port, path, on_frame), host, port), timeout)
    await asyncio.wait_for(proto.handshake, timeout)
    return proto


def split_base(base: str) -> tuple[str, int]:
    hostport = base.split("://", 1)[-1].rstrip("/")
    host, _, port = hostport.partition(":")
    return host, int(port or 80)


class HttpError(Exception):
    pass


class _Conn:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.used = time.monotonic()


class Http:
    """A pool of keep-alive HTTP/1.1 connections for JSON requests. uvicorn closes a connection idle for
    `--timeout-keep-alive` seconds (5 in production): one idle for longer than `idle` is not reused, and a reused
    one that turns out closed before any answer byte is retried once on a fresh connection."""

    def __init__(self, base: str, size: int = 32, idle: float = 3.0) -> None:
        self.host, self.port = split_base(base)
        self.idle = idle
        self.free: list[_Conn] = []
        self.slots = asyncio.Semaphore(size)

    async def _open(self) -> _Conn:
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=2**20)
        return _Conn(reader, writer)

    async def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                      timeout: float = 60.0) -> tuple[int, Any]:  # noqa: ASYNC109
        """(status, decoded JSON body or None)."""
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if token is not None:
            head.append(f"Authorization: Bearer {token}")
        raw = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        async with self.slots:
            for attempt in range(2):
                conn = None
                while self.free:
                    c = self.free.pop()
                    if time.monotonic() - c.used < self.idle and not c.writer.is_closing():
                        conn = c
                        break
                    c.writer.close()
                reused = conn is not None
                if conn is None:
                    conn = await self._open()
                try:
                    status, keep, payload = await asyncio.wait_for(self._exchange(conn, raw), timeout)
                except (ConnectionError, asyncio.IncompleteReadError) as exc:
                    conn.writer.close()
                    if reused and attempt == 0 and isinstance(exc, asyncio.IncompleteReadError) and not exc.partial:
                        continue  # the server had closed the idle connection: nothing was sent to the app
                    raise HttpError(f"{method} {path}: {exc!r}") from exc
                except BaseException:
                    conn.writer.close()
                    raise
                if keep:
                    conn.used = time.monotonic()
                    self.free.append(conn)
                else:
                    conn.writer.close()
                try:
                    return status, json.loads(payload) if payload else None
                except ValueError:
                    return status, None
        raise HttpError(f"{method} {path}: no answer")  # pragma: no cover

    async def text(self, path: str) -> str:
        """GET `path`; its body as text (HttpError unless 200)."""
        raw = f"GET {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n\r\n".encode()
        async with self.slots:
            conn = await self._open()
            try:
                status, _, payload = await asyncio.wait_for(self._exchange(conn, raw), 30)
            finally:
                conn.writer.close()
        if status != 200:
            raise HttpError(f"GET {path}: {status}")
        return payload.decode("utf-8", "replace")

    async def _exchange(self, conn: _Conn, raw: bytes) -> tuple[int, bool, bytes]:
        conn.writer.write(raw)
        head = await conn.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length = 0
        keep = True
        chunked = False
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection" and value.strip().lower() == "close":
                keep = False
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
        if chunked:
            parts = []
            while True:
                size = int((await conn.reader.readuntil(b"\r\n")).strip(), 16)
                chunk = await conn.reader.readexactly(size + 2)
                if size == 0:
                    break
                parts.append(chunk[:-2])
            return status, keep, b"".join(parts)
        return status, keep, await conn.reader.readexactly(length) if length else b""

    async def close(self) -> None:
        for c in self.free:
            c.writer.close()
        self.free = []
