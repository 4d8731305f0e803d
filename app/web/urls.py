"""The addresses players are given: join links, QR codes, personal links (PUBLIC_URL, or the request's own), and
the hint shown to a host whose browser reached the server through this machine's loopback address, a link no
phone can open."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import time
from typing import Any

from starlette.requests import Request

from app.settings import Settings

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}
_LAN_CACHE: tuple[float, list[str]] = (0.0, [])
LAN_TTL = 60.0


def public_base(request: Request, settings: Settings) -> str:
    """`https://host[:port]` players reach this server at: PUBLIC_URL when set, else the request's own."""
    if settings.public_url:
        return settings.public_url
    return str(request.base_url).rstrip("/")


def links(request: Request, settings: Settings, code: str) -> dict[str, str]:
    base = public_base(request, settings)
    return {"join_url": f"{base}/r/{code}", "mj_url": f"{base}/r/{code}/mj", "qr_url": f"{base}/r/{code}/qr.svg",
            "screen_url": f"{base}/r/{code}/ecran"}


def is_loopback(host: str | None) -> bool:
    """Whether `host` (a name or an address, IPv6 perhaps in brackets) names this machine's loopback."""
    if not host:
        return False
    name = host.strip().strip("[]").lower().rstrip(".")
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_private and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its local networks (192.168.…, 10.…, 172.16-31.…), the one it would use to
    reach other machines first. Nothing is sent: a UDP socket's `connect` only picks a route."""
    found: list[str] = []
    for target in ("192.0.2.1", "10.255.255.255"):  # TEST-NET-1 (the default route), then a private network
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                found.append(probe.getsockname()[0])
        except OSError:
            continue
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    return list(dict.fromkeys(a for a in found if _usable(a)))[:4]


async def cached_lan_addresses() -> list[str]:
    """`lan_addresses`, looked up at most once a minute, off the event loop (the host name may need a resolver)."""
    global _LAN_CACHE
    at, addresses = _LAN_CACHE
    if time.monotonic() - at > LAN_TTL:
        addresses = await asyncio.to_thread(lan_addresses)
        _LAN_CACHE = (time.monotonic(), addresses)
    return addresses


async def lan_hint(request: Request, settings: Settings, path: str) -> dict[str, Any] | None:
    """What a host must do for phones to reach the server, when their browser came through the loopback address
    and no PUBLIC_URL is set: the link they would hand out (`http://127.0.0.1:8000/r/…`) opens nothing on a phone.
    `path` is the page to open again through a LAN address (`/r/CODE/mj`)."""
    if settings.public_url or not is_loopback(request.url.hostname):
        return None
    port = request.url.port or (443 if request.url.scheme == "https" else 80)
    addresses = await cached_lan_addresses()
    suffix = "" if port in (80, 443) else f":{port}"
    return {
        "port": port,
        "addresses": addresses,
        "urls": [f"{request.url.scheme}://{a}{suffix}{path}" for a in addresses],
        "command": f"HOST=0.0.0.0 PORT={port} make run" if port != 8000 else "HOST=0.0.0.0 make run",
        "public_url": f"PUBLIC_URL=http://{addresses[0] if addresses else '192.168.1.20'}{suffix}",
    }
