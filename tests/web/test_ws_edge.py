"""The websocket's edge, over real sockets: a frame the server cannot trust is refused and leaves nothing behind,
the socket that sent it stays up, and nobody else's socket is hurt."""

from __future__ import annotations

import json
import logging

import pytest
import websockets
from fastapi import FastAPI

from tests.support.edge import alive, live, new_room, next_frame, raw_socket, recv, room_events, ws_url
from tests.support.ws import eventually

pytestmark = pytest.mark.slow


async def test_a_lone_surrogate_from_a_spectator_is_refused_and_the_mj_console_lives_on(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        mj = await raw_socket(base, room["code"], room["mj_token"])
        spectator = await raw_socket(base, room["code"])  # no token
        before = len(await room_events(base, room))
        # Valid JSON, but the text cannot be encoded as UTF-8: it must never reach a frame.
        await spectator.send('{"type": "command", "cid": "s1", "command": "say", '
                             '"args": {"channel": "spectators", "text": "\\ud800", "name": "Zoé"}}')
        reply = await next_frame(spectator)
        assert reply["type"] == "rejected" and reply["cid"] == "s1" and reply["code"] == "bad_text"
        assert reply["params"]["path"] == "args.text"
        # The same in the name, and a control character.
        await spectator.send(json.dumps({"type": "command", "cid": "s2", "command": "say",
                                         "args": {"channel": "spectators", "text": "salut", "name": "Z\ud83doé"}}))
        assert (await next_frame(spectator))["code"] == "bad_text"
        await spectator.send(json.dumps({"type": "command", "cid": "s3", "command": "say",
                                         "args": {"channel": "spectators", "text": "a\x00b", "name": "Zoé"}}))
        assert (await next_frame(spectator))["code"] == "bad_text"
        # A key may not hold one either.
        await spectator.send('{"type": "command", "cid": "s4", "command": "say", "args": {"\\udfff": 1}}')
        assert (await next_frame(spectator))["code"] == "bad_text"
        # Everybody is still here, new connections work, and nothing was stored.
        assert await alive(spectator) and await alive(mj)
        fresh = await raw_socket(base, room["code"], room["mj_token"])
        assert await alive(fresh)
        assert len(await room_events(base, room)) == before
        # Newlines and tabs are text: they pass.
        await spectator.send(json.dumps({"type": "command", "cid": "s5", "command": "say",
                                         "args": {"channel": "spectators", "text": "a\n\tb", "name": "Zoé"}}))
        assert (await next_frame(spectator))["type"] == "ack"
        for ws in (mj, spectator, fresh):
            await ws.close()


async def test_unreadable_frames_get_a_clear_error_and_the_socket_stays_up(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        mj = await raw_socket(base, room["code"], room["mj_token"])
        # A binary frame.
        await mj.send(b'{"type": "ping"}')
        assert (await next_frame(mj))["code"] == "binary_frame"
        assert await alive(mj)
        # Deep nesting (under the frame size limit): no RecursionError.
        await mj.send('{"type": "command", "cid": "d1", "command": "configure", "args": {"x": '
                      + "[" * 3000 + "]" * 3000 + "}}")
        reply = await next_frame(mj)
        assert reply["code"] == "too_deep"
        assert await alive(mj)
        # NaN and Infinity are not JSON.
        for literal in ("NaN", "Infinity", "-Infinity", "1e999"):
            await mj.send('{"type": "command", "cid": "n1", "command": "extend", "args": {"seconds": ' + literal + "}}")
            reply = await next_frame(mj)
            assert reply["code"] == "bad_number", (literal, reply)
            assert await alive(mj)
        # Too long a string, too many items.
        await mj.send(json.dumps({"type": "command", "cid": "l1", "command": "rename",
                                  "args": {"seat": 0, "name": "x" * 2000}}))
        assert (await next_frame(mj))["code"] == "too_long"
        await mj.send(json.dumps({"type": "command", "cid": "l2", "command": "configure",
                                  "args": {"composition": ["villageois"] * 500}}))
        reply = await next_frame(mj)
        assert reply["code"] == "too_many_items" and reply["params"]["path"] == "args.composition"
        # A time zone the option validator once choked on (an OSError): refused, not a dead socket.
        await mj.send(json.dumps({"type": "command", "cid": "t1", "command": "configure",
                                  "args": {"options": {"timezone": "A" * 300}}}))
        reply = await next_frame(mj)
        assert reply["type"] == "rejected" and reply["code"] in ("bad_options", "command_failed")
        assert await alive(mj)
        # Other clients never noticed; the room's options are unchanged.
        other = await raw_socket(base, room["code"], room["mj_token"])
        assert await alive(other)
        await other.close()
        events = await room_events(base, room)
        assert not [e for e in events if e["type"] == "configured"]
        await mj.close()


async def test_a_non_string_token_is_refused_not_downgraded(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        for token in (123, True, ["x"], {"t": 1}):
            ws = await websockets.connect(ws_url(base, room["code"]), compression=None)
            await ws.send(json.dumps({"type": "hello", "token": token}))
            frame = json.loads(await ws.recv())
            assert frame["type"] == "error" and frame["code"] == "bad_token", (token, frame)
            with pytest.raises(websockets.ConnectionClosed):
                await recv(ws)
            assert ws.close_code == 4001
        # A missing or null token is a spectator, as documented.
        spectator = await raw_socket(base, room["code"], None)
        await spectator.close()


async def test_an_unreadable_hello_is_answered_and_the_socket_may_try_again(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        ws = await websockets.connect(ws_url(base, room["code"]), compression=None)
        await ws.send(b"\x00\x01")
        frame = await next_frame(ws)
        assert frame["code"] == "hello_expected" and frame["params"]["cause"] == "binary_frame"
        await ws.send('{"type": "hello", "token": "\\ud800"}')
        frame = await next_frame(ws)
        assert frame["code"] == "hello_expected" and frame["params"] == {"cause": "bad_text", "path": "token"}
        await ws.send(json.dumps({"type": "hello", "token": room["mj_token"]}))
        assert json.loads(await ws.recv())["type"] == "welcome"
        await ws.close()


async def test_spectator_sockets_per_address_are_limited(database_url: str) -> None:
    apps: list[FastAPI] = []
    async with live(database_url, apps.append, spectator_sockets=2) as base:
        services = apps[0].state.services
        room = await new_room(base)
        first = await raw_socket(base, room["code"])
        second = await raw_socket(base, room["code"])
        third = await websockets.connect(ws_url(base, room["code"]), compression=None)
        await third.send(json.dumps({"type": "hello", "token": None}))
        frame = json.loads(await third.recv())
        assert frame["type"] == "error" and frame["code"] == "too_many_spectators"
        with pytest.raises(websockets.ConnectionClosed):
            await recv(third)
        assert third.close_code == 4029
        # The MJ and players are not spectators: they always get in.
        mj = await raw_socket(base, room["code"], room["mj_token"])
        # A spectator who leaves frees a place.
        await first.close()
        await eventually(lambda: sum(services.spectators.values()) < 2, "the closed spectator socket's place back")
        again = await raw_socket(base, room["code"])
        for ws in (second, mj, again):
            await ws.close()


async def test_failed_room_lookups_over_websockets_are_throttled(database_url: str) -> None:
    async with live(database_url, lookup_rate="3/minute") as base:
        room = await new_room(base)
        for _ in range(10):  # a known room never costs
            ws = await raw_socket(base, room["code"])
            await ws.close()
        for i in range(3):
            ws = await websockets.connect(ws_url(base, f"ZZZZZZZ{i}"), compression=None)
            assert json.loads(await ws.recv())["code"] == "no_such_room"
            await ws.close()
        ws = await websockets.connect(ws_url(base, "ZZZZZZZ9"), compression=None)
        frame = json.loads(await ws.recv())
        assert frame["code"] == "rate_limited"
        await ws.close()
        # Once over the budget, even a known code gets the same answer, or the answer would tell codes apart.
        ws = await websockets.connect(ws_url(base, room["code"]), compression=None)
        assert json.loads(await ws.recv())["code"] == "rate_limited"
        await ws.close()


async def test_clients_leaving_at_any_moment_log_no_traceback(database_url: str,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    apps: list[FastAPI] = []
    async with live(database_url, apps.append) as base:
        services = apps[0].state.services
        room = await new_room(base)
        url = ws_url(base, room["code"])
        for _ in range(5):
            # Gone before the hello.
            ws = await websockets.connect(url, compression=None)
            await ws.close()
            # Gone abruptly right after the hello, while the welcome is on its way.
            ws = await websockets.connect(url, compression=None)
            await ws.send(json.dumps({"type": "hello", "token": room["mj_token"]}))
            ws.transport.abort()
            # Gone while its command is being handled (the ack finds no one).
            ws = await websockets.connect(url, compression=None)
            await ws.send(json.dumps({"type": "hello", "token": room["mj_token"]}))
            await ws.recv()
            await ws.send(json.dumps({"type": "command", "cid": "x", "command": "say",
                                      "args": {"channel": "village", "text": "bonsoir"}}))
            ws.transport.abort()
            # Gone during the handshake of an unknown room, and of a wrong token.
            ws = await websockets.connect(ws_url(base, "ZZZZZZZZ"), compression=None)
            ws.transport.abort()
            ws = await websockets.connect(url, compression=None)
            await ws.send(json.dumps({"type": "hello", "token": "wrong"}))
            ws.transport.abort()
            # Gone with a half-sent frame of the protocol: a close with no hello at all.
            ws = await websockets.connect(url, compression=None)
            await ws.send("{")
            ws.transport.abort()
        # Every one of those sockets was counted from its opening to its end: none is left being served.
        await eventually(lambda: not services.sockets, "the end of every socket that left")
        # The server is fine, and said nothing alarming (uvicorn's own last words come before `live` ends).
        mj = await raw_socket(base, room["code"], room["mj_token"])
        assert await alive(mj)
        await mj.close()
    noisy = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()
             or "Exception in ASGI" in r.getMessage()]
    assert noisy == [], [r.getMessage() for r in noisy]


async def test_the_socket_route_takes_only_its_own_paths_and_a_spectator_seat_is_given_back(database_url: str) -> None:
    """`/ws/{code}` is served from the edge, beside the framework's router: other paths under /ws/ still reach the
    router, which refuses them; a spectator's counted socket is handed back when it leaves, however it leaves."""
    from app.web.ws import route

    assert route({"type": "websocket", "path": "/ws/", "root_path": ""}, None, None) is None  # type: ignore[arg-type]
    assert route({"type": "websocket", "path": "/ws/ab/cd", "root_path": ""}, None, None) is None  # type: ignore[arg-type]
    assert route({"type": "websocket", "path": "/wsx/ab", "root_path": ""}, None, None) is None  # type: ignore[arg-type]
    apps: list[FastAPI] = []
    async with live(database_url, apps.append) as base:
        room = await new_room(base)
        for path in ("/ws/", f"/ws/{room['code']}/more"):
            with pytest.raises(websockets.InvalidStatus) as refused:
                await websockets.connect(base.replace("http", "ws", 1) + path, compression=None)
            assert refused.value.response.status_code == 403
        # A spectator seat is counted while its socket lives and given back after, a clean close or a dropped one.
        services = apps[0].state.services
        first = await raw_socket(base, room["code"])
        second = await raw_socket(base, room["code"])
        assert sum(services.spectators.values()) == 2
        await first.close()
        second.transport.abort()
        await eventually(lambda: not services.spectators, "both spectator seats given back")
        mj = await raw_socket(base, room["code"], room["mj_token"])
        assert await alive(mj)
