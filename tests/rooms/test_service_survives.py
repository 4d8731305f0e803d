"""A room never breaks (issue 22, item 7): "the room service survives an unexpected engine exception (the command
is refused with an error the sender can read, the exception is logged with the room and command, the room keeps
its last committed state and goes on; nothing committed is lost)", and a deadline whose tick raises neither kills
its timer nor the room.

The faults are injected: a rule of the real ruleset is made to raise once (a KeyError, like the bug of the issue),
and the commands travel through the real app (uvicorn, websocket, HTTP, the database)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from app.engine.model import MJ
from app.engine.ruleset import get_ruleset
from app.main import create_app
from app.realtime.timers import RETRY_FIRST, Timers
from app.rooms.service import FAILED, RoomService
from app.settings import Settings
from app.store.db import Database
from app.store.migrate import upgrade_head
from tools.client import Client, create_room
from tools.serve import serve_app

# Long clocks: nothing happens by itself while the test speaks.
SLOW = {"moderation": "auto", "captain": False, "night_step": 600, "plausible_min": 300, "plausible_max": 400,
        "dawn": 60, "debate": 600, "vote": 600}
COMPOSITION = ["loup-garou", "voyante", "villageois", "villageois", "villageois"]
SECRET_TOKEN_CHARS = 12  # a prefix of a token long enough to be recognised in a log


def once(fault: Callable[..., Any]) -> tuple[Callable[..., Any], list[int]]:
    """A rule that raises the first time only (the injected fault), then behaves."""
    calls: list[int] = []

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise KeyError("seat")
        return fault(*args, **kwargs)

    return wrapped, calls


def records(caplog: pytest.LogCaptureFixture, *needles: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if all(n in r.getMessage() for n in needles)]


async def test_an_engine_exception_is_refused_logged_and_the_room_goes_on(
        database_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="veillee")
    await asyncio.to_thread(upgrade_head, database_url)
    app = create_app(Settings(database_url=database_url))
    async with serve_app(app) as base:
        room_info = await create_room(base, "thiercelieux", options=SLOW, composition=COMPOSITION)
        code, mj_token = room_info["code"], room_info["mj_token"]
        mj = Client(base, code, mj_token, "MJ")
        await mj.connect()
        async with httpx.AsyncClient(base_url=base) as http:
            tokens = [(await http.post(f"/api/rooms/{code}/join", json={"name": f"P{i}"})).json()["token"]
                      for i in range(len(COMPOSITION))]
            await mj.do("start")
            await mj.wait_for(lambda v: v["phase"] == "night")
            svc: RoomService = app.state.services.rooms
            room = await svc.by_code(code)
            assert room is not None
            await mj.do("say", channel="spectators", text="avant")  # committed before the fault: must stay
            before = room.state.model_dump()
            seq = room.state.seq

            # The MJ's kill meets a bug in the rule, over the websocket.
            rules = get_ruleset("thiercelieux")
            broken_kill, kill_calls = once(type(rules).kill)
            monkeypatch.setattr(type(rules), "kill", broken_kill)
            reply = await mj.send("kill", seat=0)
            assert kill_calls, "the injected fault was never reached"
            assert reply["type"] == "rejected" and reply["code"] == "command_failed", reply
            assert reply["message"] == FAILED
            assert room.state.model_dump() == before and room.state.seq == seq
            logged = records(caplog, room.id, code, "command kill", "by mj", "failed")
            assert logged and logged[0].exc_info is not None and "KeyError" in repr(logged[0].exc_info[1])

            # A player's command meets one over HTTP: a readable error, and nothing of the seat's secrets logged.
            rules_say = type(rules).chat_channels
            broken_say, say_calls = once(rules_say)
            monkeypatch.setattr(type(rules), "chat_channels", broken_say)
            r = await http.post(f"/api/rooms/{code}/commands", headers={"Authorization": f"Bearer {tokens[2]}"},
                                json={"command": "say", "args": {"channel": "village", "text": "salut"}})
            assert say_calls
            assert r.status_code == 400 and r.json()["error"]["code"] == "command_failed", r.text
            assert records(caplog, room.id, code, "command say", "by seat 2", "failed")
            text = "\n".join(r.getMessage() for r in caplog.records)
            assert all(t[:SECRET_TOKEN_CHARS] not in text for t in [mj_token, *tokens])
            assert room.state.model_dump() == before

            # The room goes on: the same commands, now that the rules behave, are carried out.
            await mj.do("kill", seat=0)
            await mj.wait_for(lambda v: not next(p for p in v["players"] if p["seat"] == 0)["alive"])
            assert room.state.seq > seq
            after = room.state.model_dump()
            mine = list(room.events)

        # Nothing committed is lost: the room read again from the database is the one in memory.
        await svc.forget(room.id)
        again = await svc.get(room.id)
        assert again is not None and again is not room
        assert again.state.model_dump() == after
        assert [(e.type, e.data) for e in again.events] == [(e.type, e.data) for e in mine]
        assert any(e.type == "said" and e.data.get("text") == "avant" for e in again.events)
        await mj.close()


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def test_a_tick_that_raises_leaves_the_room_as_it_was_and_the_next_one_works(
        db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The deadline's tick meets the bug: refused, logged, reported to the timer (which tries again), the room
    intact; once the rule behaves the same deadline is carried out."""
    caplog.set_level(logging.INFO, logger="veillee")
    clock = Clock()
    svc = RoomService(db, clock=clock)
    room, _token = await svc.create_room("thiercelieux", SLOW, COMPOSITION)
    for i in range(len(COMPOSITION)):
        await svc.join(room, f"P{i}")
    await svc.submit(room, MJ, "start")
    night = room.state.step
    assert night is not None and room.state.wake_at is not None
    before = room.state.model_dump()
    rules = get_ruleset("thiercelieux")
    broken, calls = once(type(rules).finish_step)
    monkeypatch.setattr(type(rules), "finish_step", broken)
    clock.now = room.state.wake_at + 1
    with pytest.raises(RuntimeError, match="command_failed"):
        await svc.tick(room.id)  # the timer sees a failure: it will try again
    assert calls and room.state.model_dump() == before
    assert records(caplog, room.id, room.code, "command tick", "by system", "failed in the engine")
    await svc.tick(room.id)
    assert room.state.step is not None and room.state.step.started != night.started
    assert room.state.seq > before["seq"]
    await svc.close()


async def test_a_timer_whose_tick_keeps_failing_waits_longer_each_time_and_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No busy loop and no dead timer: each failure of a deadline's tick (which re-arms the room for the same
    deadline, as the room service does) waits a growing pause before the next try; a success ends it, and the next
    deadline is timed as usual. Virtual time: the timers' sleeps are recorded, not slept."""
    slept: list[float] = []
    real_sleep = asyncio.sleep

    async def fake_sleep(delay: float) -> None:
        slept.append(round(delay, 6))
        await real_sleep(0)

    monkeypatch.setattr("app.realtime.timers.asyncio.sleep", fake_sleep)
    now = [1000.0]
    outcomes = ["fail", "fail", "fail", "ok"]
    fired: list[str] = []
    timers: Timers

    async def fire(room_id: str) -> None:
        fired.append(outcomes[len(fired)] if len(fired) < len(outcomes) else "ok")
        # The service re-arms the room after each command, its tick's too: the same deadline while it fails.
        timers.arm(room_id, 1000.0 if fired[-1] == "fail" else 2000.0)
        if fired[-1] == "fail":
            raise RuntimeError("tick of room r not carried out (command_failed)")

    timers = Timers(fire, clock=lambda: now[0])
    timers.arm("r", 1000.0)
    for _ in range(200):
        await real_sleep(0)
        if len(fired) >= 4:
            break
    assert fired == ["fail", "fail", "fail", "ok"]
    pauses = [d for d in slept if d > 0.005]
    assert pauses == [RETRY_FIRST, 2 * RETRY_FIRST, 4 * RETRY_FIRST]
    assert "r" not in timers.failures and timers.due["r"] == 2000.0  # the next deadline, armed as usual
    await timers.close()
