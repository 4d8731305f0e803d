"""Store tests: run on SQLite by default, on PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from sqlalchemy.exc import IntegrityError

from app.settings import Settings, normalise_database_url
from app.store import repository as repo
from app.store.db import Database, database_kind
from app.store.repository import SeqConflict


async def _new_room(db: Database, code: str = "ABCD") -> str:
    room_id = uuid.uuid4().hex
    async with db.session() as s:
        await repo.create_room(
            s, room_id=room_id, code=code, ruleset="classic", mj_token_hash="h" * 64, at=1.0
        )
        await s.commit()
    return room_id


def _ev(kind: str, n: int = 0, at: float = 10.0) -> dict[str, object]:
    return {"type": kind, "data": {"n": n, "txt": "Loup-Garou éliminé"}, "at": at}


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
            await repo.create_room(
                s, room_id=uuid.uuid4().hex, code="DUPE", ruleset="classic", mj_token_hash="x" * 64, at=2.0
            )


# ------------------------------------------------------------------ events


async def test_append_and_load_events(db: Database) -> None:
    room_id = await _new_room(db)
    async with db.session() as s:
        assert await repo.append_events(s, room_id, 0, [_ev("a", 1), _ev("b", 2)], cid="c1") == 2
        await s.commit()
    async with db.session() as s:
        assert await repo.append_events(s, room_id, 2, [_ev("c", 3)], cid=None) == 3
        await s.commit()
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
        assert room is not None and room.last_seq == 3


async def test_append_keeps_loaded_room_in_sync(db: Database) -> None:
    room_id = await _new_room(db)
    async with db.session() as s:
        room = await repo.get_room(s, room_id)
        assert room is not None
        await repo.append_events(s, room_id, 0, [_ev("a")], cid=None)
        assert room.last_seq == 1
        await s.commit()


async def test_stale_expected_seq_conflicts(db: Database) -> None:
    room_id = await _new_room(db)
    async with db.session() as s:
        await repo.append_events(s, room_id, 0, [_ev("a")], cid=None)
        await s.commit()
    async with db.session() as s:
        with pytest.raises(SeqConflict) as info:
            await repo.append_events(s, room_id, 0, [_ev("b")], cid=None)
        assert info.value.expected_seq == 0
        await s.rollback()
    async with db.session() as s:
        with pytest.raises(SeqConflict):  # ahead of the log is a conflict too
            await repo.append_events(s, room_id, 5, [_ev("b")], cid=None)
        await s.rollback()
    async with db.session() as s:
        assert [e.type for e in await repo.load_events(s, room_id)] == ["a"]


async def test_unknown_room_conflicts(db: Database) -> None:
    async with db.session() as s:
        with pytest.raises(SeqConflict):
            await repo.append_events(s, "0" * 32, 0, [_ev("a")], cid=None)


@pytest.mark.parametrize("writers", [2, 5])
async def test_concurrent_appends_exactly_one_wins(db: Database, writers: int) -> None:
    room_id = await _new_room(db)
    async with db.session() as s:
        await repo.append_events(s, room_id, 0, [_ev("start")], cid=None)
        await s.commit()

    async def writer(i: int) -> str:
        async with db.session() as s:
            try:
                await repo.append_events(s, room_id, 1, [_ev(f"w{i}", i), _ev(f"w{i}-bis", i)], cid=f"cid{i}")
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


async def test_cid_applied(db: Database) -> None:
    room_a = await _new_room(db, "AAAA")
    room_b = await _new_room(db, "BBBB")
    async with db.session() as s:
        assert not await repo.cid_applied(s, room_a, "cmd-1")
        await repo.append_events(s, room_a, 0, [_ev("a")], cid="cmd-1")
        await s.commit()
    async with db.session() as s:
        assert await repo.cid_applied(s, room_a, "cmd-1")
        assert not await repo.cid_applied(s, room_b, "cmd-1")
        assert not await repo.cid_applied(s, room_a, "cmd-2")


# ------------------------------------------------------------------ snapshots


async def test_latest_snapshot(db: Database) -> None:
    room_id = await _new_room(db)
    async with db.session() as s:
        assert await repo.latest_snapshot(s, room_id) is None
        await repo.save_snapshot(s, room_id, 50, {"phase": "nuit", "n": 50})
        await repo.save_snapshot(s, room_id, 100, {"phase": "jour", "n": 100})
        await repo.save_snapshot(s, room_id, 75, {"phase": "x", "n": 75})
        await s.commit()
    async with db.session() as s:
        snap = await repo.latest_snapshot(s, room_id)
        assert snap is not None and snap.seq == 100 and snap.state == {"phase": "jour", "n": 100}
        await repo.save_snapshot(s, room_id, 100, {"phase": "jour", "n": 101})  # same seq: replaced
        await s.commit()
    async with db.session() as s:
        snap = await repo.latest_snapshot(s, room_id)
        assert snap is not None and snap.state["n"] == 101


# ------------------------------------------------------------------ deadlines


async def test_deadlines_listing(db: Database) -> None:
    r1 = await _new_room(db, "R001")
    r2 = await _new_room(db, "R002")
    r3 = await _new_room(db, "R003")
    async with db.session() as s:
        assert await repo.rooms_with_deadline(s) == []
        await repo.set_deadline(s, r1, 300.5)
        await repo.set_deadline(s, r2, 100.25)
        await repo.set_deadline(s, r3, 200.0)
        await s.commit()
    async with db.session() as s:
        assert await repo.rooms_with_deadline(s) == [(r2, 100.25), (r3, 200.0), (r1, 300.5)]
        await repo.set_deadline(s, r3, None)
        await repo.set_finished(s, r1)
        await s.commit()
    async with db.session() as s:
        assert await repo.rooms_with_deadline(s) == [(r2, 100.25)]
        room = await repo.get_room(s, r1)
        assert room is not None and room.finished is True and room.deadline_at is None


# ------------------------------------------------------------------ seats


async def test_seat_token_replace(db: Database) -> None:
    room_id = await _new_room(db)
    async with db.session() as s:
        await repo.upsert_seat_token(s, room_id, 1, "t1" * 32, "Alice", 1.0)
        await repo.upsert_seat_token(s, room_id, 2, "t2" * 32, "Bob", 2.0)
        await s.commit()
    async with db.session() as s:
        seat = await repo.seat_by_token_hash(s, room_id, "t1" * 32)
        assert seat is not None and seat.seat == 1 and seat.name == "Alice"
        # A substitute takes seat 1: new token, old token no longer valid.
        await repo.upsert_seat_token(s, room_id, 1, "t3" * 32, "Chloé", 3.0)
        await s.commit()
    async with db.session() as s:
        assert await repo.seat_by_token_hash(s, room_id, "t1" * 32) is None
        seat = await repo.seat_by_token_hash(s, room_id, "t3" * 32)
        assert seat is not None and seat.seat == 1 and seat.name == "Chloé"
        assert [(x.seat, x.name) for x in await repo.seats(s, room_id)] == [(1, "Chloé"), (2, "Bob")]
        assert await repo.seat_by_token_hash(s, "f" * 32, "t3" * 32) is None


async def test_foreign_keys_enforced(db: Database) -> None:
    async with db.session() as s:
        with pytest.raises(IntegrityError):
            await repo.upsert_seat_token(s, "0" * 32, 1, "z" * 64, "Ghost", 1.0)
