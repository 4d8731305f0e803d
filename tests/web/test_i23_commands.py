"""Issue 23, "A table that can trust the server, round two": items 3 and 4.

3. A dead player who saw hidden things never comes back: the ruleset vetoes a revival (`Ruleset.revival_refused`),
   for the MJ's generic `revive` and for a power that raises the dead alike. Reptiliens: a spirit, or one who passed
   his inheritance on, "may open their eyes all night"; Thiercelieux: a dead who sees every card (`dead_see_all`).
4. The commands the server issues to itself (join, substitute, handover, tick, rematch) come from no socket and no
   HTTP request, the MJ's token included; seat numbers are bounded; a seat that leaves has its sockets closed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
import websockets

from app.engine.core import MAX_SEAT, SYSTEM_COMMANDS
from app.engine.model import MJ, SYSTEM
from app.engine.rulesets.reptiliens import dead
from app.i18n import translate
from tests.support.edge import live, next_frame, raw_socket, recv
from tests.support.engine import Script
from tests.support.reptiliens import ALPHA, R, Table, V
from tests.support.ws import open_room
from tools.client import Client, ClientError, join_room

W, TV = "loup-garou", "villageois"
PROPHETE = "rp-prophete"


# -- 3. a dead who saw hidden things stays dead ---------------------------------------------------------------------
def reptiliens_dead(choice: str, heir: int | None = None) -> Table:
    """A Reptiliens table by day: the MJ kills seat 3, who chooses `choice` at once."""
    t = Table([ALPHA, R, PROPHETE, V, V, V, V], [None, None, None, "rp-voleur", None, None, None], lovers=(4, 5))
    t.play_night({})
    t.run_until("rp-debat")
    t.do("kill", MJ, seat=3)
    assert not t.alive(3)
    if choice:
        t.answer(3, "rp-choix-mort", choice)
    if heir is not None:
        t.answer(3, "rp-heritier", [heir])
    return t


@pytest.mark.parametrize("choice", ["spirit:camp", "inheritance:specialty"])
def test_a_reptiliens_spirit_or_donor_cannot_be_revived(choice: str) -> None:
    t = reptiliens_dead(choice, heir=6 if choice.startswith("inheritance") else None)
    assert dead.sees_all(t.state, 3)  # he sees the whole night
    assert t.rejected("revive", MJ, seat=3) == "saw_secrets"
    assert not t.alive(3)
    for lang in ("fr", "en"):
        assert translate(lang, "error.saw_secrets") != "error.saw_secrets"


def test_a_reptiliens_ghost_or_a_dead_still_choosing_may_be_revived() -> None:
    t = reptiliens_dead("ghost:camp")
    t.do("revive", MJ, seat=3)
    assert t.alive(3)
    t = reptiliens_dead("")  # still choosing: he has seen nothing yet
    t.do("revive", MJ, seat=3)
    assert t.alive(3)


def test_the_prophete_raises_ghosts_only_by_the_same_rule() -> None:
    t = Table([ALPHA, R, PROPHETE, V, V, V, V], lovers=(3, 4))
    t.play_night({})
    t.run_until("rp-debat")
    t.do("kill", MJ, seat=6)
    t.answer(6, "rp-choix-mort", "ghost:camp")
    t.do("kill", MJ, seat=5)
    t.answer(5, "rp-choix-mort", "spirit:camp")
    t.do("invoke", 2, power="rp-resurrection")
    assert t.prompt("rp-resurrection").options == [6]  # the spirit (5) is no ghost, and saw the night


def test_a_thiercelieux_dead_who_sees_every_card_cannot_be_revived() -> None:
    g = Script([W, TV, TV, TV, TV], options={"dead_see_all": True})
    g.do("kill", MJ, seat=3)
    assert g.rejected("revive", MJ, seat=3) == "saw_secrets"
    plain = Script([W, TV, TV, TV, TV])
    plain.do("kill", MJ, seat=3)
    plain.do("revive", MJ, seat=3)
    assert plain.alive(3)


async def test_the_mj_cannot_revive_a_dead_who_sees_every_card_over_the_socket(database_url: str) -> None:
    async with live(database_url) as base:
        _room, mj, players = await open_room(base, 5, {"dead_see_all": True}, composition=[W, TV, TV, TV, TV])
        await mj.do("start")
        await mj.wait_for(lambda v: v["phase"] == "night")
        victim = next(p["seat"] for p in mj.view["players"] if p["role"] != W)
        await mj.do("kill", seat=victim)
        watcher = next(c for c in players if c.view["me"]["seat"] == victim)
        await watcher.wait_for(lambda v: not v["me"]["alive"])
        reply = await mj.send("revive", seat=victim)
        assert reply["type"] == "rejected" and reply["code"] == "saw_secrets", reply
        assert not next(p for p in mj.view["players"] if p["seat"] == victim)["alive"]
        for c in (mj, *players):
            await c.close()


# -- 4. the server's own commands -----------------------------------------------------------------------------------
def test_the_engine_takes_the_servers_commands_from_the_server_alone() -> None:
    assert {"join", "substitute", "handover", "tick", "rematch"} <= SYSTEM_COMMANDS
    g = Script([W, TV, TV, TV, TV], start=False)
    for by in (MJ, 0):
        assert g.rejected("join", by, seat=7, name="Intrus") == "server_only"
        assert g.rejected("substitute", by, seat=1, name="Intrus") == "server_only"
        assert g.rejected("handover", by, seat=1) == "server_only"
        assert g.rejected("tick", by) == "server_only"
    g.do("join", SYSTEM, seat=7, name="Invitée")


def test_a_seat_number_is_bounded() -> None:
    assert MAX_SEAT < 2**31 and MAX_SEAT < 2**53 and MAX_SEAT <= 1000
    g = Script([W, TV, TV, TV, TV], start=False)
    for seat in (MAX_SEAT + 1, 2**31, 2**53 + 1):
        assert g.rejected("join", SYSTEM, seat=seat, name="Loin") == "seats_exhausted"
    g.do("join", SYSTEM, seat=MAX_SEAT, name="Dernier")
    for lang in ("fr", "en"):
        assert translate(lang, "error.seats_exhausted") != "error.seats_exhausted"


async def leave(player: Client) -> None:
    """A seat leaves the table: the server closes its sockets (error `left`, close 4001), the sender's too, which
    is its answer."""
    with pytest.raises(ClientError) as info:
        await player.send("leave")
    assert info.value.code == "closed"
    await asyncio.wait_for(player.closed.wait(), 5)
    assert any(f.get("type") == "error" and f.get("code") == "left" for f in player.frames)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("command,args", [
    ("join", {"seat": 2147483648, "name": "Intrus"}),
    ("join", {"seat": 1, "name": "Revenant"}),
    ("substitute", {"seat": 0, "name": "Intrus"}),
    ("handover", {"seat": 0}),
    ("tick", {}),
])
async def test_no_token_sends_the_servers_commands(database_url: str, command: str, args: dict[str, Any]) -> None:
    """Over the socket and over HTTP, the MJ's token and a seat's: `server_only`, nothing changed."""
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, mj, players = await open_room(base, 3, {})
        code = room["code"]
        await leave(players[1])  # seat 1 left: its number is never given again
        before = mj.n
        for client in (mj, players[0]):
            reply = await client.send(command, **args)
            assert reply["type"] == "rejected" and reply["code"] == "server_only", reply
            r = await http.post(f"/api/rooms/{code}/commands", headers=auth(str(client.token)),
                                json={"command": command, "args": args})
            assert r.status_code == 403 and r.json()["error"]["code"] == "server_only", r.text
        # The next join is an ordinary one: the next seat number, answered 201.
        seat = await join_room(base, code, "Nouvelle")
        assert seat["seat"] == 3
        await mj.wait_for(lambda v: any(p["name"] == "Nouvelle" for p in v["players"]))
        assert [e["type"] for e in mj.events[before:]] == ["joined"]
        for c in (mj, players[0], players[2]):
            await c.close()


async def test_an_ended_room_sends_nobody_elsewhere(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room, mj, players = await open_room(base, 3, {})
        await mj.do("end")
        reply = await mj.send("rematch", code="ELSEWHERE1")
        assert reply["type"] == "rejected" and reply["code"] == "server_only"
        r = await http.post(f"/api/rooms/{room['code']}/commands", headers=auth(room["mj_token"]),
                            json={"command": "rematch", "args": {"code": "ELSEWHERE1"}})
        assert r.status_code == 403
        # The real rematch, through its route, still names the room it opened.
        r = await http.post(f"/api/rooms/{room['code']}/rematch", headers=auth(room["mj_token"]))
        assert r.status_code == 201, r.text
        new_code = r.json()["code"]
        await players[0].wait_for(lambda v: any(e["type"] == "rematch" for e in players[0].events))
        assert [e["data"]["code"] for e in players[0].events if e["type"] == "rematch"] == [new_code]
        for c in (mj, *players):
            await c.close()


async def closed_with(ws: Any) -> tuple[str | None, int | None]:
    """The error frame's code a socket was closed with, and the close code."""
    code = None
    try:
        frame = await next_frame(ws, ("error",))
        code = frame["code"]
        await recv(ws)
    except websockets.ConnectionClosed:
        pass
    return code, ws.close_code


@pytest.mark.parametrize("by_host", [False, True])
async def test_a_seat_that_leaves_has_its_sockets_closed(database_url: str, by_host: bool) -> None:
    async with live(database_url) as base:
        room, mj, players = await open_room(base, 3, {})
        code, token = room["code"], str(players[1].token)
        other = await raw_socket(base, code, token)  # the same seat on a second device
        if by_host:
            await mj.do("leave", seat=1)
        else:
            await leave(players[1])
        assert await closed_with(other) == ("left", 4001)
        await asyncio.wait_for(players[1].closed.wait(), 5)
        # Nothing it sends counts any more; a newcomer takes a fresh seat number, never seat 1.
        seat = await join_room(base, code, "Nouvelle")
        assert seat["seat"] == 3
        for c in (mj, players[0], players[2]):
            await c.close()


@pytest.mark.browser
async def test_a_page_that_leaves_goes_back_to_the_join_form_and_a_removed_one_says_so(
        database_url: str, browser: Any) -> None:
    """The pages read the closing of their socket (`left`): the one that asked goes back to the join form, the one
    the MJ took off the table says so; neither reconnects, nor shows an error."""
    errors: list[str] = []
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        room = (await http.post("/api/rooms", json={"ruleset": "thiercelieux"})).json()
        code = room["code"]
        tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"]
                  for n in ("Alice", "Bruno")]
        pages = []
        for label, token in zip(("alice", "bruno"), tokens, strict=True):
            context = await browser.new_context(viewport={"width": 390, "height": 900}, locale="fr-FR")
            page = await context.new_page()
            page.on("pageerror", lambda exc, label=label: errors.append(f"{label}: {exc}"))
            page.on("console", lambda msg, label=label: errors.append(f"{label}: {msg.text}")
                    if msg.type == "error" else None)
            page.on("dialog", lambda dialog: dialog.accept())
            await page.goto(f"{base}/r/{code}?lang=fr#t={token}")
            await page.wait_for_selector("#game:not([hidden])")
            pages.append(page)
        alice, bruno = pages
        await alice.click("button:has-text('Quitter la table')")
        await alice.wait_for_selector("#join:not([hidden])")
        assert await alice.locator("#kicked").is_hidden()
        assert not await alice.locator(".toast").count()
        r = await http.post(f"/api/rooms/{code}/commands", headers=auth(room["mj_token"]),
                            json={"command": "leave", "args": {"seat": 1}})
        assert r.status_code == 200, r.text
        await bruno.wait_for_selector("#kicked:not([hidden])")
        assert await bruno.inner_text("#kicked-title") == "Vous n'êtes plus à la table"
        for page in pages:
            await page.context.close()
    assert errors == []
