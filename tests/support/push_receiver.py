"""A push service of our own for the Web Push tests: an aiohttp server on 127.0.0.1 that takes each push the app
sends, checks its VAPID signature (RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`, the ES256 JWT verified with
that key, its `aud`, `exp` and `sub` claims) and decrypts its payload (RFC 8291, aes128gcm) with the subscription's
private key, generated here as a browser would. A subscription may be told to answer 410 Gone (a dead one)."""

from __future__ import annotations

import base64
import json
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import http_ece
from aiohttp import web
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

DAY = 24 * 3600


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    payload: dict[str, Any]
    ttl: int
    urgency: str | None


@dataclass
class Subscriber:
    """One browser's subscription: its key pair and secret, what it received, and the status it answers with."""

    name: str
    endpoint: str
    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))
    received: list[Received] = field(default_factory=list)
    status: int = 201

    def subscription(self, lang: str) -> dict[str, Any]:
        point = self.private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
                "expirationTime": None, "lang": lang}

    def kinds(self) -> list[str]:
        return [r.payload["tag"].rsplit("-", 1)[1] for r in self.received]


class Receiver:
    def __init__(self, base: str, server_key: str, subject: str) -> None:
        self.base = base
        self.server_key = server_key  # the app's public key (GET /api/push/key): every push must be signed by it
        self.subject = subject
        self.subscribers: dict[str, Subscriber] = {}
        self.refused: list[str] = []  # why a push was refused (a test fails on any)

    def subscriber(self, name: str) -> Subscriber:
        sub = Subscriber(name, f"{self.base}/push/{name}")
        self.subscribers[name] = sub
        return sub

    def check_vapid(self, header: str) -> None:
        """RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by `k`, which is the app's key."""
        assert header.startswith("vapid "), header
        parts = dict(p.strip().split("=", 1) for p in header[len("vapid "):].split(","))
        assert parts["k"] == self.server_key, "signed with another key than the app's"
        head, claims_b64, signature = parts["t"].split(".")
        assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
        raw = unb64(signature)
        assert len(raw) == 64
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(parts["k"]))
        try:
            key.verify(der, f"{head}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise AssertionError("the VAPID signature does not verify") from None
        claims = json.loads(unb64(claims_b64))
        assert claims["aud"] == self.base, claims  # the push service's origin
        assert time.time() < claims["exp"] <= time.time() + DAY, claims  # RFC 8292: at most 24 hours ahead
        assert claims["sub"] == self.subject, claims

    async def handle(self, request: web.Request) -> web.Response:
        sub = self.subscribers.get(request.match_info["name"])
        if sub is None:
            return web.Response(status=404)
        try:
            self.check_vapid(request.headers.get("Authorization", ""))
            assert request.headers.get("Content-Encoding") == "aes128gcm", request.headers.get("Content-Encoding")
            body = await request.read()
            plain = http_ece.decrypt(body, private_key=sub.private, auth_secret=sub.auth, version="aes128gcm")
            payload = json.loads(plain)
        except Exception as exc:
            self.refused.append(f"{sub.name}: {type(exc).__name__}: {exc}")
            return web.Response(status=400)
        if sub.status >= 400:
            return web.Response(status=sub.status)
        sub.received.append(Received(payload, int(request.headers.get("TTL", "-1")), request.headers.get("Urgency")))
        return web.Response(status=201)


@asynccontextmanager
async def receiver(server_key: str, subject: str) -> AsyncIterator[Receiver]:
    found = Receiver("", server_key, subject)
    app = web.Application()
    app.router.add_post("/push/{name}", found.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    found.base = f"http://127.0.0.1:{runner.addresses[0][1]}"
    try:
        yield found
    finally:
        await runner.cleanup()
