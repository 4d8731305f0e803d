"""Store tests: run on SQLite by default, on PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from app.settings import Settings, normalise_database_url
from app.store import repository as repo
from app.store.db import Database, database_kind
from app.store.repository import Append, SeqConflict
from app.store.writer import NOTIFY_BYTES, Job, WriteFailed, Writer, notify_payloads


async def _new_room(db: Database, code: str = "ABCD") -> str:
    room_id = uuid.uuid4().hex
    async with db.session() as s:
        await repo.create_room(s, room_id=room_id, code=code, ruleset="classic", mj_token_hash="h" * 64, at=1.0)
        await s.commit()
    return room_id


def _ev(kind: str, n: int = 0, at: float = 10.0) -> dict[str, Any]:
    return {"type": kind, "data": {"n": n, "txt": "Loup-Garou éliminé"}, "at": at}


async def _append(db: Database, *appends: Append) -> None:
    async with db.session() as s:
        await repo.append_events(s, appends)
        await s.commit()


# ------------------------------------------------------------------ settings / urls


def test_url_normalisation() -> None:
    assert normalise_database_url("postgresql://u:p@h/db") == "postgresql+asyncpg://u:p@h/db"
    assert normalise_database_url("postgres://u:p@h/db") == "postgresql+asyncpg://u:p@h/db"
    assert normalise_database_url("sqlite:///./x.db") == "sqlite+aiosqlite:///./x.db"
    assert normalise_database_url("sqlite+aiosqlite:///./x.db") == "sqlite+aiosqlite:///./x.db"
    assert database_kind("postgres://u@h/db") == "postgresql"
    assert database_kind("sqlite:///x.db") == "sqlite"


def test_settings_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://a:b@db:5432/v")
    monkeypatch.setenv("ALLOWED_ORIGINS", "https://a.example, https://b.example/")
    monkeypatch.setenv("SNAPSHOT_EVERY", "7")
    s = Settings()
    assert s.database_url == "postgresql+asyncpg://a:b@db:5432/v"
    assert s.allowed_origins == ["https://a.example", "https://b.example"]
    assert s.snapshot_every == 7
    monkeypatch.delenv("DATABASE_URL")
    monkeypatch.delenv("ALLOWED_ORIGINS")
    s = Settings()
    assert s.database_url == "sqlite+aiosqlite:///./veillee.db"
    assert s.allowed_origins == []


# ------------------------------------------------------------------ rooms


async def test_create_and_get_room(db: Database) -> None:
    room_id = await _new_room(db, "LUNE")
    async with db.session() as s:
        room = await repo.get_room_by_code(s, "LUNE")
        assert room is not None and room.id == room_id
        assert room.last_seq == 0 and room.finished is False and room.deadline_at is None
        assert (await repo.get_room(s, room_id)) is not None
        assert (await repo.get_room_by_code(s, "NOPE")) is None


async def test_duplicate_room_code_rejected(db: Database) -> None:
    await _new_room(db, "DUPE")
    async with db.session() as s:
        with pytest.raises(IntegrityError):
            await repo.create_room(s, room_id=uuid.uuid4().hex, code="DUPE", ruleset="classic",
                                   mj_token_hash="x" * 64, at=2.0)


# ------------------------------------------------------------------ events


async def test_append_and_load_events(db: Database) -> None:
    room_id = await _new_room(db)
    await _append(db, Append(room_id, 0, [_ev("a", 1), _ev("b", 2)], cid="c1", deadline=50.5))
    await _append(db, Append(room_id, 2, [_ev("c", 3)]))
    async with db.session() as s:
        events = await repo.load_events(s, room_id)
        assert [(e.seq, e.type, e.data["n"], e.cid) for e in events] == [
            (1, "a", 1, "c1"),
            (2, "b", 2, "c1"),
            (3, "c", 3, None),
        ]
        assert events[0].data["txt"] == "Loup-Garou éliminé"
        assert [e.seq for e in await repo.load_events(s, room_id, after_seq=2)] == [3]
        room = await repo.get_room(s, room_id)
        # The last append's deadline is the room's (None: no deadline any more).
        assert room is not None and room.last_seq == 3 and room.deadline_at is None


async def test_a_batch_appends_to_many_rooms_at_once(db: Database) -> None:
    rooms = [await _new_room(db, f"R{i:03d}") for i in range(5)]
    await _append(db, *(Append(r, 0, [_ev("a", i), _ev("b", i)], cid=f"c{i}", deadline=100.0 + i)
                        for i, r in enumerate(rooms)))
    async with db.session() as s:
        after = await repo.events_after(s, {rooms[0]: 0, rooms[1]: 1, rooms[2]: 2})
        assert [(e.seq, e.type) for e in after[rooms[0]]] == [(1, "a"), (2, "b")]
        assert [(e.seq, e.type) for e in after[rooms[1]]] == [(2, "b")]
        assert after[rooms[2]] == []
        assert await repo.rooms_with_deadline(s) == [(r, 100.0 + i) for i, r in enumerate(rooms)]
    async with db.engine.connect() as conn:
        assert await repo.lock_rooms(conn, [rooms[1], "0" * 32, rooms[0]]) == {rooms[0]: 2, rooms[1]: 2}


async def test_stale_expected_seq_conflicts(db: Database) -> None:
    room_id = await _new_room(db)
    await _append(db, Append(room_id, 0, [_ev("a")]))
    for expected in (0, 5):  # behind the log, and ahead of it
        async with db.session() as s:
            with pytest.raises(SeqConflict):
                await repo.append_events(s, [Append(room_id, expected, [_ev("b")])])
            await s.rollback()
    async with db.session() as s:
        assert [e.type for e in await repo.load_events(s, room_id)] == ["a"]


async def test_one_stale_room_fails_the_whole_batch(db: Database) -> None:
    good, stale = await _new_room(db, "GOOD"), await _new_room(db, "STAL")
    await _append(db, Append(stale, 0, [_ev("a")]))
    async with db.session() as s:
        with pytest.raises(SeqConflict):
            await repo.append_events(s, [Append(good, 0, [_ev("x")]), Append(stale, 0, [_ev("y")])])
        await s.rollback()
    async with db.session() as s:
        assert await repo.load_events(s, good) == []


async def test_unknown_room_conflicts(db: Database) -> None:
    async with db.session() as s:
        with pytest.raises(SeqConflict):
            await repo.append_events(s, [Append("0" * 32, 0, [_ev("a")])])


@pytest.mark.parametrize("writers", [2, 5])
async def test_concurrent_appends_exactly_one_wins(db: Database, writers: int) -> None:
    room_id = await _new_room(db)
    await _append(db, Append(room_id, 0, [_ev("start")]))

    async def writer(i: int) -> str:
        async with db.session() as s:
            try:
                await repo.append_events(s, [Append(room_id, 1, [_ev(f"w{i}", i), _ev(f"w{i}-bis", i)], f"cid{i}")])
                await asyncio.sleep(0.01)  # hold the transaction open so writers overlap
                await s.commit()
                return "won"
            except SeqConflict:
                await s.rollback()
                return "lost"

    results = await asyncio.gather(*(writer(i) for i in range(writers)))
    assert results.count("won") == 1, results
    winner = results.index("won")
    async with db.session() as s:
        events = await repo.load_events(s, room_id)
        assert [e.seq for e in events] == [1, 2, 3]
        assert [e.type for e in events[1:]] == [f"w{winner}", f"w{winner}-bis"]
        room = await repo.get_room(s, room_id)
        assert room is not None and room.last_seq == 3


# ------------------------------------------------------------------ the writer


async def test_the_writer_commits_many_rooms_together_and_each_job_learns_its_fate(db: Database) -> None:
    rooms = [await _new_room(db, f"W{i:03d}") for i in range(20)]
    writer = Writer(db, "test", "veillee_rooms" if db.kind == "postgresql" else None)
    try:
        def deciding(room_id: str, i: int) -> Job:
            def decide(rows: list[Any]) -> Append | None:
                assert rows == []
                if i == 3:
                    raise ValueError("refused")  # its own fate only
                if i == 4:
                    return None  # nothing to write
                return Append(room_id, 0, [_ev("said", i)], cid=f"c{i}")
            return Job(room_id, 0, decide)

        outcomes = await asyncio.gather(*(writer.write(deciding(r, i)) for i, r in enumerate(rooms)),
                                        return_exceptions=True)
        assert isinstance(outcomes[3], ValueError) and outcomes[4] is None
        assert all(isinstance(o, Append) for i, o in enumerate(outcomes) if i not in (3, 4))
        # All twenty arrived while the first transaction was in flight: at most two transactions carried them.
        assert writer.jobs == 20 and writer.transactions <= 2
        async with db.session() as s:
            after = await repo.events_after(s, dict.fromkeys(rooms, 0))
        assert [len(after[r]) for r in rooms] == [0 if i in (3, 4) else 1 for i in range(20)]

        # A job whose copy is behind gets the rows it missed, inside the transaction, before it decides.
        seen: list[list[str]] = []

        def catch_up(rows: list[Any]) -> Append:
            seen.append([r.type for r in rows])
            return Append(rooms[0], 1, [_ev("next")])

        await writer.write(Job(rooms[0], 0, catch_up))
        assert seen == [["said"]]
    finally:
        await writer.close()


async def test_a_failed_transaction_fails_its_jobs_and_says_whether_they_were_alone(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    rooms = [await _new_room(db, f"F{i:03d}") for i in range(3)]
    writer = Writer(db, "test")

    async def broken(*_args: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(repo, "append_events", broken)
    try:
        def job(room_id: str, alone: bool = False) -> Job:
            return Job(room_id, 0, lambda rows: Append(room_id, 0, [_ev("a")]), alone)

        outcomes = await asyncio.gather(*(writer.write(job(r)) for r in rooms), return_exceptions=True)
        # One transaction carried the three: none of them can tell whose failure it was.
        assert [isinstance(o, WriteFailed) and not o.alone for o in outcomes] == [True, True, True]
        with pytest.raises(WriteFailed) as alone:
            await writer.write(job(rooms[1], alone=True))
        assert alone.value.alone and isinstance(alone.value.cause, OSError)
        monkeypatch.undo()
        assert isinstance(await writer.write(job(rooms[2])), Append)  # the writer goes on
    finally:
        await writer.close()


def test_notify_payloads_fit_postgresql() -> None:
    appends = [Append(uuid.uuid4().hex, 7, [_ev("a")]) for _ in range(400)]
    payloads = notify_payloads("proc", appends)
    assert len(payloads) > 1 and all(len(p) <= NOTIFY_BYTES for p in payloads)
    assert all(p.startswith("proc;") for p in payloads)
    heard = [part for p in payloads for part in p.split(";")[1:]]
    assert heard == [f"{a.room_id}:8" for a in appends]


# ------------------------------------------------------------------ snapshots


async def test_latest_snapshot(db: Database) -> None:
    room_id = await _new_room(db)
    async with db.session() as s:
        assert await repo.latest_snapshot(s, room_id) is None
    await _append(db, Append(room_id, 0, [_ev("a")] * 50, snapshot={"phase": "nuit", "n": 50}))
    await _append(db, Append(room_id, 50, [_ev("a")] * 50, snapshot={"phase": "jour", "n": 100}))
    await _append(db, Append(room_id, 100, [_ev("a")] * 10))
    async with db.session() as s:
        snap = await repo.latest_snapshot(s, room_id)
        assert snap is not None and snap.seq == 100 and snap.state == {"phase": "jour", "n": 100}


# ------------------------------------------------------------------ deadlines


async def test_deadlines_listing(db: Database) -> None:
    r1 = await _new_room(db, "R001")
    r2 = await _new_room(db, "R002")
    r3 = await _new_room(db, "R003")
    async with db.session() as s:
        assert await repo.rooms_with_deadline(s) == []
    await _append(db, Append(r1, 0, [_ev("a")], deadline=300.5), Append(r2, 0, [_ev("a")], deadline=100.25),
                  Append(r3, 0, [_ev("a")], deadline=200.0))
    async with db.session() as s:
        assert await repo.rooms_with_deadline(s) == [(r2, 100.25), (r3, 200.0), (r1, 300.5)]
    await _append(db, Append(r3, 1, [_ev("b")], deadline=None), Append(r1, 1, [_ev("end")], deadline=999.0,
                                                                     finished=True))
    async with db.session() as s:
        assert await repo.rooms_with_deadline(s) == [(r2, 100.25)]
        room = await repo.get_room(s, r1)
        assert room is not None and room.finished is True and room.deadline_at is None


# ------------------------------------------------------------------ seats


async def test_seat_token_replace(db: Database) -> None:
    room_id = await _new_room(db)
    async with db.session() as s:
        assert await repo.last_seat(s, room_id) == -1
        await repo.upsert_seats(s, room_id, [(1, "t1" * 32, "Alice", 1.0), (2, "t2" * 32, "Bob", 2.0)])
        await s.commit()
    async with db.session() as s:
        seat = await repo.seat_by_token_hash(s, room_id, "t1" * 32)
        assert seat is not None and seat.seat == 1 and seat.name == "Alice"
        # A substitute takes seat 1: new token, old token no longer valid.
        await repo.upsert_seats(s, room_id, [(1, "t3" * 32, "Chloé", 3.0)])
        await s.commit()
    async with db.session() as s:
        assert await repo.seat_by_token_hash(s, room_id, "t1" * 32) is None
        seat = await repo.seat_by_token_hash(s, room_id, "t3" * 32)
        assert seat is not None and seat.seat == 1 and seat.name == "Chloé"
        assert [(x.seat, x.name) for x in await repo.seats(s, room_id)] == [(1, "Chloé"), (2, "Bob")]
        assert await repo.seat_by_token_hash(s, "f" * 32, "t3" * 32) is None
        assert await repo.last_seat(s, room_id) == 2


async def test_foreign_keys_enforced(db: Database) -> None:
    async with db.session() as s:
        with pytest.raises(IntegrityError):
            await repo.upsert_seats(s, "0" * 32, [(1, "z" * 64, "Ghost", 1.0)])
