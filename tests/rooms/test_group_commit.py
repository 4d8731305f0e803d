"""The write path: commands of many rooms committed together, each acknowledged once its own events are stored,
each learning its own fate; a command runs to its end even if its sender goes away."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.engine import Rejected
from app.engine.model import MJ
from app.rooms.service import RoomService
from app.store import repository as repo
from app.store.db import Database
from app.store.writer import Job, Writer
from tests.support.ws import eventually

LOBBY = {"moderation": "auto"}


async def stored_types(db: Database, room_id: str) -> list[str]:
    async with db.session() as s:
        return [r.type for r in await repo.load_events(s, room_id)]


async def test_commands_of_many_rooms_share_transactions(db: Database) -> None:
    svc = RoomService(db)
    rooms = [(await svc.create_room("thiercelieux", LOBBY))[0] for _ in range(30)]
    before = svc.writer.transactions

    async def chat(room: Any, i: int) -> None:
        await svc.submit(room, MJ, "say", {"channel": "spectators", "text": f"m{i}"})

    await asyncio.gather(*(chat(room, i) for room in rooms for i in range(5)))
    transactions = svc.writer.transactions - before
    # One command of a room per transaction, the rooms sharing them: about five rounds (per lane on PostgreSQL).
    assert transactions < 150 / 3, transactions
    for room in rooms:
        said = [e.data["text"] for e in room.events if e.type == "said"]
        assert sorted(said) == [f"m{i}" for i in range(5)]
        assert (await stored_types(db, room.id)).count("said") == 5
    await svc.close()


async def test_a_refusal_spares_the_commands_it_shared_a_transaction_with(db: Database) -> None:
    svc = RoomService(db)
    rooms = [(await svc.create_room("thiercelieux", LOBBY))[0] for _ in range(6)]
    outcomes = await asyncio.gather(
        *(svc.submit(room, MJ, "say", {"channel": "nowhere" if i == 2 else "spectators", "text": "hello"})
          for i, room in enumerate(rooms)), return_exceptions=True)
    assert isinstance(outcomes[2], Rejected) and outcomes[2].rejection.code == "cannot_write"
    assert all(isinstance(o, list) and [e.type for e in o] == ["said"] for i, o in enumerate(outcomes) if i != 2)
    await svc.close()


async def test_a_command_whose_sender_goes_away_still_lands_everywhere(db: Database) -> None:
    svc = RoomService(db)
    room, _token = await svc.create_room("thiercelieux", LOBBY)
    sender = asyncio.get_running_loop().create_task(
        svc.submit(room, MJ, "say", {"channel": "spectators", "text": "left behind"}))
    await asyncio.sleep(0)  # queued
    sender.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sender
    await eventually(lambda: any(e.type == "said" for e in room.events), "the command landing without its sender")
    assert [e.data["text"] for e in room.events if e.type == "said"] == ["left behind"]
    assert room.work.model_dump() == room.state.model_dump()
    assert (await stored_types(db, room.id)).count("said") == 1
    await svc.close()


async def test_lanes_keep_each_room_on_its_own(db: Database) -> None:
    room_ids = []
    for i in range(12):
        async with db.session() as s:
            room_id = f"{i:032x}"
            await repo.create_room(s, room_id=room_id, code=f"L{i:03d}", ruleset="classic", mj_token_hash="h" * 64,
                                   at=1.0)
            await s.commit()
        room_ids.append(room_id)
    writer = Writer(db, "test", lanes=3)
    try:
        async def append(room_id: str, seq: int) -> repo.Append | None:
            def rows(_rows: Any, r: str = room_id, q: int = seq) -> repo.Append:
                return repo.Append(r, q, [{"type": "said", "at": 1.0, "data": {"n": q}}])

            return await writer.write(Job(room_id, seq, rows))

        for seq in range(4):
            await asyncio.gather(*(append(room_id, seq) for room_id in room_ids))
        assert sum(1 for lane in writer.lanes if lane.jobs) > 1
        for room_id in room_ids:
            assert await stored_types(db, room_id) == ["said"] * 4
    finally:
        await writer.close()
