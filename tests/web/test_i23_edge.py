"""Issue 23 at the websocket's edge, over real sockets: a command the edge refuses for a value it cannot read (a
number out of range, nesting, size) is `rejected` under its cid whenever the cid can be read, so its sender is never
left waiting; and a cid is scoped per spectator socket, so one spectator cannot swallow another's message by reusing
its cid, while a seat's resent cid stays idempotent across its reconnections."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.web.edge import UNREADABLE, EdgeError, parse_json, salvage
from tests.support.edge import alive, join, live, new_room, next_frame, raw_socket, room_events

pytestmark = pytest.mark.slow


def said(events: list[dict[str, Any]]) -> list[str]:
    return [e["data"]["text"] for e in events if e["type"] == "said"]


def command(cid: str, args: str) -> str:
    return '{"type": "command", "cid": "' + cid + '", "command": "rp-give", "args": ' + args + "}"


async def test_a_number_out_of_range_is_rejected_under_its_cid(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        mj = await raw_socket(base, room["code"], room["mj_token"])
        before = len(await room_events(base, room))
        values = ["9007199254740992", "-9007199254740992", "123456789012345678901234567890", "NaN", "Infinity",
                  "-Infinity", "1e999", "-1e999", "1" * 5000]
        for i, value in enumerate(values):
            cid = f"b{i}"
            await mj.send(command(cid, '{"to": 4, "coins": ' + value + "}"))
            reply = await next_frame(mj)
            assert reply["type"] == "rejected" and reply["cid"] == cid, (value, reply)
            assert reply["code"] == "bad_number", (value, reply)
        # Anywhere in the frame, before or after the cid, however deep within the limits.
        await mj.send('{"args": {"x": [[{"y": [NaN]}]]}, "type": "command", "cid": "late", "command": "extend"}')
        reply = await next_frame(mj)
        assert (reply["type"], reply["cid"], reply["code"]) == ("rejected", "late", "bad_number")
        assert await alive(mj)
        assert len(await room_events(base, room)) == before
        await mj.close()


async def test_nesting_and_size_are_rejected_under_a_readable_cid(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        mj = await raw_socket(base, room["code"], room["mj_token"])
        await mj.send(command("deep", '{"x": ' + "[" * 3000 + "]" * 3000 + "}"))
        reply = await next_frame(mj)
        assert (reply["type"], reply["cid"], reply["code"]) == ("rejected", "deep", "too_deep")
        # Brackets inside a string are not nesting, even when a deep value follows.
        await mj.send('{"type": "command", "cid": "[[{", "command": "x", "args": {"x": ' + "[" * 50 + "]" * 50 + "}}")
        reply = await next_frame(mj)
        assert (reply["type"], reply["cid"], reply["code"]) == ("rejected", "[[{", "too_deep")
        await mj.send(command("big", json.dumps({"names": ["x" * 900] * 12})))
        reply = await next_frame(mj)
        assert (reply["type"], reply["cid"], reply["code"]) == ("rejected", "big", "too_large")
        assert await alive(mj)
        await mj.close()


async def test_a_frame_whose_cid_cannot_be_read_gets_an_error(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        mj = await raw_socket(base, room["code"], room["mj_token"])
        unreadable = [
            '{"type": "command", "cid": NaN, "command": "extend", "args": {}}',  # the cid itself is the bad value
            '{"type": "command", "cid": 1e999, "command": "extend", "args": {"seconds": NaN}}',
            '{"type": "command", "cid": "\\ud800", "command": "extend", "args": {"seconds": NaN}}',
            '{"type": "command", "cid": "' + "c" * 2000 + '", "command": "extend", "args": {"seconds": NaN}}',
            '{"type": "command", "cid": "b1", "command": "extend", "args": {"seconds": NaN}',  # not JSON
            '{"type": "ping", "cid": "b1", "x": NaN}',  # not a command
            '[NaN, "b1"]',
        ]
        for frame in unreadable:
            await mj.send(frame)
            reply = await next_frame(mj)
            assert reply["type"] == "error" and "cid" not in reply, (frame, reply)
        assert await alive(mj)
        await mj.close()


async def test_two_spectators_reusing_a_cid_are_two_messages(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        first = await raw_socket(base, room["code"])
        second = await raw_socket(base, room["code"])
        for ws, text in ((first, "premier"), (second, "second")):
            await ws.send(json.dumps({"type": "command", "cid": "s1", "command": "say",
                                      "args": {"channel": "spectators", "text": text, "name": "Zoé"}}))
            assert (await next_frame(ws))["type"] == "ack"
        # Each spectator's own resend is still applied once.
        await first.send(json.dumps({"type": "command", "cid": "s1", "command": "say",
                                     "args": {"channel": "spectators", "text": "premier", "name": "Zoé"}}))
        assert (await next_frame(first))["type"] == "ack"
        assert sorted(said(await room_events(base, room))) == ["premier", "second"]
        await first.close()
        await second.close()


async def test_a_seats_resent_cid_is_applied_once_across_reconnections(database_url: str) -> None:
    async with live(database_url) as base:
        room = await new_room(base)
        seat = await join(base, room["code"], "Alice")
        frame = json.dumps({"type": "command", "cid": "v1", "command": "say",
                            "args": {"channel": "village", "text": "bonsoir"}})
        for _ in range(3):
            ws = await raw_socket(base, room["code"], seat["token"])
            await ws.send(frame)
            assert (await next_frame(ws))["type"] == "ack"
            await ws.close()
        assert said(await room_events(base, room)) == ["bonsoir"]


# -- the parser alone -------------------------------------------------------------------------------------------
def test_salvage_reads_the_top_level_only() -> None:
    assert salvage('{"type": "command", "cid": "a[{\\"", "args": {"x": [NaN, [1e999]]}, "n": 1e999, "m": -2}') == {
        "type": "command", "cid": 'a[{"', "args": None, "n": UNREADABLE, "m": -2}
    assert salvage('{"cid": NaN, "n": 9007199254740992, "i": Infinity}') == {
        "cid": UNREADABLE, "n": UNREADABLE, "i": UNREADABLE}
    # Unbalanced, unterminated or not JSON: nothing read (and nothing deep reaches the decoder).
    for raw in ('{"a": [', '{"a": ]]}', "]{", "[" * 100_000, '{"cid": "x"', '{"cid": "x", "a": "[}', "NaN x"):
        assert salvage(raw) is None, raw


def test_a_frame_refused_whole_is_salvaged_only_when_asked() -> None:
    with pytest.raises(EdgeError) as refused:
        parse_json('{"type": "command", "cid": "b1", "args": {"coins": 9007199254740992}}')
    assert refused.value.code == "bad_number" and refused.value.raw is not None  # not read yet
    assert refused.value.value == {"type": "command", "cid": "b1", "args": None}
    assert refused.value.raw is None


def test_an_open_string_hides_the_brackets_after_it() -> None:
    """Each quote of `"\\"\\"…` once started a scan to the end of the text (8 KB took seconds): a string left open
    now runs to the end, so the brackets after it are not nesting, and the text is refused as what it is."""
    with pytest.raises(EdgeError) as refused:
        parse_json('"\\' * 4000 + "[" * 20)
    assert refused.value.code == "bad_json"
    with pytest.raises(EdgeError) as refused:
        parse_json("[" * 20 + '"\\' * 4000)
    assert refused.value.code == "too_deep"
