"""Personal links: a player takes their seat on another device (a second phone, the real browser after a messaging
app's). The link is the seat owner's alone; opening it elsewhere gives the seat a new token and closes the old
page's socket with a plain reason; a seat a substitute took cannot be taken back with it; a finished room that was
rematched hands over the seat of the rematch."""

from __future__ import annotations

import json

import httpx
import pytest
import websockets

from tests.support.edge import live, raw_socket, ws_url
from tests.support.ws import barrier
from tools.client import Client

pytestmark = pytest.mark.slow


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def table(http: httpx.AsyncClient, n: int = 5) -> tuple[dict[str, str], list[str]]:
    room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "options": {"moderation": "auto"}})).json()
    tokens = [(await http.post(f"/api/rooms/{room['code']}/join", json={"name": f"P{i}"})).json()["token"]
              for i in range(n)]
    return room, tokens


async def refused(ws: websockets.ClientConnection) -> dict[str, object]:
    """The hello of a socket whose token no longer opens anything."""
    frame: dict[str, object] = json.loads(await ws.recv())
    return frame


async def test_the_link_moves_the_seat_and_closes_the_old_page(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, tokens = await table(http)
        code = room["code"]
        reply = await http.post(f"/api/rooms/{code}/seat-link", headers=bearer(tokens[2]))
        assert reply.status_code == 200 and reply.headers["cache-control"] == "no-store"
        link = reply.json()
        assert link["seat"] == 2 and link["url"] == f"{base}/r/{code}/take#k={tokens[2]}"
        assert link["svg"].startswith("<svg") and "<script" not in link["svg"]
        # Only the seat's owner gets it: not the MJ, not a spectator, not a wrong token.
        assert (await http.post(f"/api/rooms/{code}/seat-link", headers=bearer(room["mj_token"]))).json()[
            "error"]["code"] == "not_a_seat"
        assert (await http.post(f"/api/rooms/{code}/seat-link")).json()["error"]["code"] == "not_a_seat"
        assert (await http.post(f"/api/rooms/{code}/seat-link", headers=bearer("x" * 32))).status_code == 403
        # The landing page holds no token and takes nothing by itself (a link preview fetches it).
        page = await http.get(f"/r/{code}/take")
        assert page.status_code == 200 and "/static/js/take.js" in page.text and tokens[2] not in page.text

        await http.post(f"/api/rooms/{code}/commands", headers=bearer(room["mj_token"]),
                        json={"command": "start", "args": {}})
        old = Client(base, code, tokens[2], "P2 (old phone)")
        await old.connect()
        other = await raw_socket(base, code, tokens[3])
        role = old.view["me"]["role"]
        moved = await http.post(f"/api/rooms/{code}/handover", headers=bearer(tokens[2]))
        assert moved.status_code == 200 and moved.headers["cache-control"] == "no-store"
        body = moved.json()
        assert body["code"] == code and body["seat"] == 2 and body["token"] not in tokens
        # The old page is told why, in plain words, then closed.
        await old.closed.wait()
        assert old._ws.close_code == 4001
        said = [f for f in old.frames if f.get("type") == "error"]
        assert said and said[-1]["code"] == "handed_over"
        assert any(e["type"] == "announce" and e["data"]["key"] == "handed_over" for e in old.events)
        # The old token opens nothing any more; the new one opens the same seat, the same card.
        ws = await websockets.connect(ws_url(base, code), compression=None)
        await ws.send(json.dumps({"type": "hello", "token": tokens[2]}))
        assert (await refused(ws))["code"] == "bad_token"
        await ws.close()
        new = Client(base, code, body["token"], "P2 (new phone)")
        await new.connect()
        assert new.view["me"]["seat"] == 2 and new.view["me"]["role"] == role
        # Nobody else heard of it: what the handover sent them came before the pong of a ping sent after it.
        heard = (await barrier(other))[0]
        assert [f for f in heard if f.get("type") in ("update", "error")] == [], heard
        await other.close()
        # The used link is spent.
        again = await http.post(f"/api/rooms/{code}/handover", headers=bearer(tokens[2]))
        assert again.status_code == 403 and again.json()["error"]["code"] == "bad_token"
        await new.close()


async def test_a_substitutes_seat_cannot_be_taken_back_with_the_old_link(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, tokens = await table(http)
        code = room["code"]
        await http.post(f"/api/rooms/{code}/commands", headers=bearer(room["mj_token"]),
                        json={"command": "start", "args": {}})
        sub = await http.post(f"/api/rooms/{code}/substitute", headers=bearer(room["mj_token"]),
                              json={"seat": 1, "name": "Zoé"})
        assert sub.status_code == 201
        for path in ("handover", "seat-link"):
            reply = await http.post(f"/api/rooms/{code}/{path}", headers=bearer(tokens[1]))
            assert reply.status_code == 403 and reply.json()["error"]["code"] == "bad_token"
        # The substitute's own link works, and the MJ's token is no seat.
        assert (await http.post(f"/api/rooms/{code}/handover", headers=bearer(room["mj_token"]))).json()[
            "error"]["code"] == "not_a_seat"
        taken = await http.post(f"/api/rooms/{code}/handover", headers=bearer(sub.json()["token"]))
        assert taken.status_code == 200 and taken.json()["seat"] == 1


async def test_a_finished_room_that_was_rematched_hands_over_the_rematch(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, tokens = await table(http)
        code = room["code"]
        mj = bearer(room["mj_token"])
        await http.post(f"/api/rooms/{code}/commands", headers=mj, json={"command": "start", "args": {}})
        await http.post(f"/api/rooms/{code}/commands", headers=mj, json={"command": "end", "args": {}})
        rematch = (await http.post(f"/api/rooms/{code}/rematch", headers=mj)).json()
        # The old room's join page points to the new one.
        page = await http.get(f"/r/{code}")
        assert f'href="/r/{rematch["code"]}"' in page.text and 'id="rematch-pointer"' in page.text
        assert 'id="rematch-pointer"' not in (await http.get(f"/r/{rematch['code']}")).text
        # The personal link of the finished room moves the seat of the rematch.
        moved = (await http.post(f"/api/rooms/{code}/handover", headers=bearer(tokens[3]))).json()
        assert moved["code"] == rematch["code"] and moved["seat"] == 3
        assert moved["url"].endswith(f"/r/{rematch['code']}")
        new = Client(base, rematch["code"], moved["token"])
        await new.connect()
        assert new.view["me"]["seat"] == 3
        await new.close()


async def test_a_host_who_plays_carries_their_host_token_in_their_link(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux", "play_as": "Hélène"})).json()
        code = room["code"]
        link = (await http.post(f"/api/rooms/{code}/seat-link", headers=bearer(room["token"]),
                                json={"host_token": room["mj_token"]})).json()
        assert link["url"].endswith(f"#k={room['token']}&h={room['mj_token']}")
        wrong = await http.post(f"/api/rooms/{code}/seat-link", headers=bearer(room["token"]),
                                json={"host_token": "not-it"})
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
