"""PUBLIC_URL: the address join links, QR codes and personal links are built from. Without it they come from the
address the request used, and a host who opened the console at 127.0.0.1 would hand out a link no phone can open:
the console then says how to reach the server from the local network."""

from __future__ import annotations

import io
import ipaddress
import json

import httpx
import pytest
import segno
import websockets
from pydantic import ValidationError
from websockets.typing import Origin

from app.settings import Settings
from app.web.urls import is_loopback, lan_addresses
from tests.support.edge import live, ws_url

PUBLIC = "https://veillee.example.org"


def test_the_setting_is_an_origin() -> None:
    assert Settings(public_url="https://veillee.example.org/").public_url == PUBLIC
    assert Settings(public_url=" http://192.168.1.20:8000 ").public_url == "http://192.168.1.20:8000"
    assert Settings().public_url == ""
    for bad in ("veillee.example.org", "ftp://example.org", "https://example.org/veillee", "https://"):
        with pytest.raises(ValidationError):
            Settings(public_url=bad)


def test_loopback_names_and_local_addresses() -> None:
    for host in ("127.0.0.1", "127.3.2.1", "localhost", "LOCALHOST.", "[::1]", "::1", "game.localhost"):
        assert is_loopback(host), host
    others: tuple[str | None, ...] = ("192.168.1.20", "10.0.0.5", "veillee.example.org", "[2001:db8::1]", "", None)
    for other in others:
        assert not is_loopback(other), other
    for address in lan_addresses():
        ip = ipaddress.ip_address(address)
        assert ip.version == 4 and ip.is_private and not ip.is_loopback


def qr_of(text: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=6, border=2)
    return buffer.getvalue()


async def test_links_and_qr_codes_use_public_url(database_url: str) -> None:
    async with live(database_url, public_url=PUBLIC) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "play_as": "Hélène"})).json()
        code = room["code"]
        assert room["join_url"] == f"{PUBLIC}/r/{code}" and room["mj_url"] == f"{PUBLIC}/r/{code}/mj"
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bruno"})).json()
        assert joined["join_url"] == f"{PUBLIC}/r/{code}"
        assert (await http.get(f"/r/{code}/qr.svg")).content == qr_of(f"{PUBLIC}/r/{code}")
        assert (await http.get(f"/r/{code}/qr.svg")).content != qr_of(f"{base}/r/{code}")
        # The village screen's link and its QR code (the console shows both) come from PUBLIC_URL too.
        assert room["screen_url"] == f"{PUBLIC}/r/{code}/ecran"
        assert (await http.get(f"/r/{code}/ecran/qr.svg")).content == qr_of(f"{PUBLIC}/r/{code}/ecran")
        screen = await http.get(f"/r/{code}/ecran")
        assert screen.status_code == 200 and 'id="screen"' in screen.text
        assert (await http.get("/r/ZZZZZZZZ/ecran")).status_code == 404
        link = (await http.post(f"/api/rooms/{code}/seat-link",
                                headers={"Authorization": f"Bearer {joined['token']}"})).json()
        assert link["url"].startswith(f"{PUBLIC}/r/{code}/take#k=")
        # The pages know it (their scripts build links from it), and say nothing of the loopback.
        page = (await http.get(f"/r/{code}")).text
        assert f'<meta name="veillee-public-url" content="{PUBLIC}">' in page
        assert 'id="lan-hint"' not in page and 'id="lan-hint"' not in (await http.get(f"/r/{code}/mj")).text
        # A browser on the public address may open a socket even if the proxy passes another Host.
        ws = await websockets.connect(ws_url(base, code), compression=None, origin=Origin(PUBLIC))
        await ws.send(json.dumps({"type": "hello", "token": None}))
        assert json.loads(await ws.recv())["type"] == "welcome"
        await ws.close()


async def test_a_host_on_the_loopback_address_is_told_how_phones_reach_the_server(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        code = room["code"]
        assert room["join_url"] == f"{base}/r/{code}"  # base is http://127.0.0.1:<port>
        port = base.rsplit(":", 1)[1]
        console = (await http.get(f"/r/{code}/mj?lang=en")).text
        assert 'id="lan-hint"' in console and f"HOST=0.0.0.0 PORT={port} make run" in console
        assert "PUBLIC_URL=http://" in console and "Phones cannot open this link" in console
        for address in lan_addresses():
            assert f"http://{address}:{port}/r/{code}/mj" in console
        french = (await http.get(f"/r/{code}/mj?lang=fr")).text
        assert "Les téléphones ne pourront pas ouvrir ce lien" in french
        assert '<meta name="veillee-public-url"' not in console
        # Reached through a network address, the console has nothing to say.
        lan = (await http.get(f"/r/{code}/mj", headers={"Host": f"192.168.1.20:{port}"})).text
        assert 'id="lan-hint"' not in lan
        # A host who plays reads the same hint on their own page.
        played = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "play_as": "Hélène"})).json()
        assert 'id="lan-hint"' in (await http.get(f"/r/{played['code']}")).text
