"""Which push endpoints the server will POST to.

A subscription's endpoint is a URL a browser hands us and the server later POSTs to: left unchecked, anyone holding
a seat could make the server call its own network (server-side request forgery). So an endpoint is https:// on a
name or a public address, checked when it is subscribed (`check_endpoint`), and again when it is sent to: the
sender's resolver (`PublicResolver`) refuses a name that resolves to a private, loopback, link-local or reserved
address at connection time, so a name that changes its answer later (DNS rebinding) gains nothing. Tests alone set
PUSH_ALLOW_LOCAL, which admits http:// on 127.0.0.1 and localhost, and nothing else."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import DefaultResolver

MAX_ENDPOINT = 1024
LOCAL_NAMES = ("127.0.0.1", "localhost", "::1")


class BadEndpoint(ValueError):
    pass


def public_address(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast


def check_endpoint(endpoint: str, allow_local: bool) -> str:
    """The endpoint if the server may POST to it; BadEndpoint (its message says why) otherwise."""
    if len(endpoint) > MAX_ENDPOINT:
        raise BadEndpoint(f"The endpoint is longer than {MAX_ENDPOINT} characters.")
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        raise BadEndpoint("The endpoint is not a URL.") from None
    if parts.username is not None or parts.password is not None or parts.fragment:
        raise BadEndpoint("The endpoint holds a user name, a password or a fragment.")
    local = host in LOCAL_NAMES
    if allow_local and local and parts.scheme in ("http", "https"):
        return endpoint
    if parts.scheme != "https":
        raise BadEndpoint("The endpoint must be an https:// URL.")
    if not host or local or host.endswith((".localhost", ".local", ".internal")):
        raise BadEndpoint("The endpoint must be on a public host.")
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        return endpoint  # a name: checked again when it is resolved, at each send
    if not public_address(str(literal)):
        raise BadEndpoint("The endpoint must be on a public address (not private, loopback or link-local).")
    return endpoint


class PublicResolver(AbstractResolver):
    """aiohttp's resolver, keeping only public addresses (unless local endpoints are allowed, for tests)."""

    def __init__(self, allow_local: bool) -> None:
        self.allow_local = allow_local
        self.inner = DefaultResolver()

    async def resolve(self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
                      ) -> list[ResolveResult]:
        found = await self.inner.resolve(host, port, family)
        if self.allow_local and host in LOCAL_NAMES:
            return found
        kept = [r for r in found if public_address(r["host"])]
        if not kept:
            raise OSError(f"push endpoint host {host!r} resolves to no public address")
        return kept

    async def close(self) -> None:
        await self.inner.close()


def resolver_kwargs(allow_local: bool) -> dict[str, Any]:
    return {"resolver": PublicResolver(allow_local)}
