"""Every database query of the application lives here.

Functions take an ``AsyncSession`` or an ``AsyncConnection`` and never commit: the caller owns the transaction.

The event log: ``rooms.last_seq`` is a room's version and ``(room_id, seq)`` the primary key of ``events``. The
writer (app/store/writer.py) appends the events of many rooms in one transaction: it first locks their rows
(``lock_rooms``: ``SELECT … FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already excludes every other
writer), reads what other processes appended since its copies (``events_after``), and only then decides and
writes (``append_events``, plain Core statements run once for the whole batch). A room's log therefore never
forks; the primary key stays the backstop.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Table, and_, func, insert, or_, select, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.store.models import Event, Room, Seat, Snapshot

Executor = AsyncSession | AsyncConnection
EventRow = Any  # a row of `events`: seq, type, data, at, cid (and room_id from `events_after`)
EVENTS = cast(Table, Event.__table__)
ROOMS = cast(Table, Room.__table__)
SEATS = cast(Table, Seat.__table__)
SNAPSHOTS = cast(Table, Snapshot.__table__)


class StoreError(Exception):
    """Base class of store errors."""


class SeqConflict(StoreError):
    """A room's log is not where the writer expected it (it moved on, or the room does not exist)."""

    def __init__(self, room_id: str, expected_seq: int, actual_seq: int | None = None) -> None:
        self.room_id = room_id
        self.expected_seq = expected_seq
        self.actual_seq = actual_seq
        super().__init__(f"room {room_id}: expected last_seq {expected_seq}, found {actual_seq}")


@dataclass
class Append:
    """What one command of one room writes: its events after ``expected`` and the room's new columns."""

    room_id: str
    expected: int
    events: list[dict[str, Any]]  # {"type", "at", "data"}
    cid: str | None = None
    deadline: float | None = None
    finished: bool = False
    seats: list[tuple[int, str, str, float]] = field(default_factory=list)  # (seat, token hash, name, at)
    snapshot: dict[str, Any] | None = None  # the state after these events

    @property
    def seq(self) -> int:
        return self.expected + len(self.events)


def _dialect(x: Executor) -> str:
    return x.get_bind().dialect.name if isinstance(x, AsyncSession) else x.dialect.name


def _upsert(x: Executor, table: Any) -> Any:
    return (postgresql.insert if _dialect(x) == "postgresql" else sqlite.insert)(table)


# ---------------------------------------------------------------- rooms


async def create_room(x: Executor, *, room_id: str, code: str, ruleset: str, mj_token_hash: str, at: float) -> None:
    """Insert a room (an ``IntegrityError`` on a duplicate code surfaces here)."""
    await x.execute(insert(ROOMS).values(id=room_id, code=code, ruleset=ruleset, mj_token_hash=mj_token_hash,
                                         created_at=at, last_seq=0, deadline_at=None, finished=False))


async def get_room(s: AsyncSession, room_id: str) -> Room | None:
    return await s.get(Room, room_id)


async def get_room_by_code(s: AsyncSession, code: str) -> Room | None:
    result = await s.execute(select(Room).where(Room.code == code))
    return result.scalar_one_or_none()


async def rooms_with_deadline(x: Executor) -> list[tuple[str, float]]:
    """``(room_id, deadline_at)`` of every unfinished room with a deadline, earliest first."""
    result = await x.execute(
        select(ROOMS.c.id, ROOMS.c.deadline_at)
        .where(ROOMS.c.deadline_at.is_not(None), ROOMS.c.finished.is_(False))
        .order_by(ROOMS.c.deadline_at, ROOMS.c.id)
    )
    return [(room_id, float(deadline)) for room_id, deadline in result.all() if deadline is not None]


async def lock_rooms(conn: AsyncConnection, room_ids: Sequence[str]) -> dict[str, int]:
    """``last_seq`` of each room that exists, its row locked until the transaction ends (PostgreSQL). Rows are
    locked in id order, so two writers locking overlapping sets cannot deadlock."""
    query = select(ROOMS.c.id, ROOMS.c.last_seq).where(ROOMS.c.id.in_(sorted(room_ids))).order_by(ROOMS.c.id)
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    return {room_id: seq for room_id, seq in (await conn.execute(query)).all()}


# ---------------------------------------------------------------- seats


async def upsert_seats(x: Executor, room_id: str, rows: Sequence[tuple[int, str, str, float]]) -> None:
    """Create each seat, or replace its token and name (a substitute takes over the seat)."""
    if not rows:
        return
    await x.execute(_UPSERT_SEATS[_dialect(x)], [
        {"room_id": room_id, "seat": seat, "token_hash": token_hash, "name": name, "created_at": at}
        for seat, token_hash, name, at in rows])


async def swap_seat_token(x: Executor, room_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
    """Give a seat a new token if it still has the old one (its owner takes it on another device); False if the
    seat changed hands meanwhile (a substitute): compare and swap in one statement."""
    result = await x.execute(SEATS.update()
                             .where(SEATS.c.room_id == room_id, SEATS.c.seat == seat, SEATS.c.token_hash == old_hash)
                             .values(token_hash=new_hash))
    return bool(getattr(result, "rowcount", 0) == 1)


def _upsert_seats(insert_: Any) -> Any:
    new = insert_(SEATS).excluded
    return insert_(SEATS).on_conflict_do_update(
        index_elements=[SEATS.c.room_id, SEATS.c.seat],
        set_={"token_hash": new.token_hash, "name": new.name, "created_at": new.created_at})


# Built once: `excluded` makes a new alias of every column each time (a twentieth of a join's cost, profiled).
_UPSERT_SEATS = {"postgresql": _upsert_seats(postgresql.insert), "sqlite": _upsert_seats(sqlite.insert)}


async def seat_by_token_hash(s: AsyncSession, room_id: str, token_hash: str) -> Seat | None:
    result = await s.execute(select(Seat).where(Seat.room_id == room_id, Seat.token_hash == token_hash))
    return result.scalar_one_or_none()


async def seats(s: AsyncSession, room_id: str) -> list[Seat]:
    result = await s.execute(select(Seat).where(Seat.room_id == room_id).order_by(Seat.seat))
    return list(result.scalars().all())


async def last_seat(x: Executor, room_id: str) -> int:
    """The highest seat that ever had a token in the room, or -1."""
    value = await x.scalar(select(func.max(SEATS.c.seat)).where(SEATS.c.room_id == room_id))
    return -1 if value is None else int(value)


# ---------------------------------------------------------------- events


async def load_events(x: Executor, room_id: str, after_seq: int = 0) -> list[EventRow]:
    """Events of a room with ``seq > after_seq``, in order (rows: seq, type, data, at, cid)."""
    result = await x.execute(
        select(EVENTS.c.seq, EVENTS.c.type, EVENTS.c.data, EVENTS.c.at, EVENTS.c.cid)
        .where(EVENTS.c.room_id == room_id, EVENTS.c.seq > after_seq)
        .order_by(EVENTS.c.seq)
    )
    return list(result.all())


_EVENT_COLUMNS = (EVENTS.c.room_id, EVENTS.c.seq, EVENTS.c.type, EVENTS.c.data, EVENTS.c.at, EVENTS.c.cid)
# One statement whatever the number of rooms (PostgreSQL): prepared once, not compiled again for every new count.
_AFTER_PG = text(
    "SELECT e.room_id, e.seq, e.type, e.data, e.at, e.cid FROM events AS e "
    "JOIN unnest(CAST(:ids AS text[]), CAST(:seqs AS int[])) AS w(room_id, seq) "
    "ON e.room_id = w.room_id AND e.seq > w.seq ORDER BY e.room_id, e.seq").columns(*_EVENT_COLUMNS)


async def events_after(x: Executor, after: dict[str, int]) -> dict[str, list[EventRow]]:
    """The events of several rooms at once: for each room, those with ``seq > after[room]``, in order."""
    out: dict[str, list[EventRow]] = {room_id: [] for room_id in after}
    if not after:
        return out
    if _dialect(x) == "postgresql":
        results = [await x.execute(_AFTER_PG, {"ids": list(after), "seqs": list(after.values())})]
    else:
        items = sorted(after.items())
        results = [await x.execute(
            select(*_EVENT_COLUMNS)
            .where(or_(*(and_(EVENTS.c.room_id == room_id, EVENTS.c.seq > seq) for room_id, seq in chunk)))
            .order_by(EVENTS.c.room_id, EVENTS.c.seq))
            for chunk in (items[i:i + 200] for i in range(0, len(items), 200))]
    for result in results:
        for row in result.all():
            out[row.room_id].append(row)
    return out


async def append_events(conn: Executor, appends: Sequence[Append], channel: str | None = None,
                        payloads: Sequence[str] = ()) -> None:
    """Write what a batch of commands decided, each statement once for the whole batch, and queue the bus's
    NOTIFYs (`payloads` on `channel`, PostgreSQL: delivered when, and only if, the transaction commits). The writer
    has locked the rooms' rows (``lock_rooms``) in the same transaction; the guarded ``last_seq`` update still
    checks that each room is where it was expected (``SeqConflict``), and the primary key of ``events`` is the
    backstop."""
    if not appends:
        return
    rows = [(a.room_id, a.expected + i, e["type"], json.dumps(e["data"]), e["at"], a.cid)
            for a in appends for i, e in enumerate(a.events, start=1)]
    if _dialect(conn) == "postgresql":
        await _write_pg(conn, appends, rows, channel, payloads)
    else:
        await _advance(conn, appends)
        # The driver's own executemany, the JSON written here: SQLAlchemy's per-row parameter processing was a
        # sixth of what a command cost (python -m bench.loadtest, profiled).
        if rows:
            await (await _connection(conn)).exec_driver_sql(_INSERT_EVENTS_SQLITE, rows)
    for a in appends:
        await upsert_seats(conn, a.room_id, a.seats)
    snaps = [{"room_id": a.room_id, "seq": a.seq, "state": a.snapshot} for a in appends if a.snapshot is not None]
    if snaps:
        stmt = _upsert(conn, SNAPSHOTS)
        await conn.execute(stmt.on_conflict_do_update(index_elements=[SNAPSHOTS.c.room_id, SNAPSHOTS.c.seq],
                                                      set_={"state": stmt.excluded.state}), snaps)


# PostgreSQL: the rooms moved, the events inserted and the NOTIFYs queued by one statement, one round trip (three
# statements were three round trips and a fifth of what PostgreSQL's backend spent on a batch). Data-modifying
# CTEs all run whatever the outer query reads; the NOTIFYs run because it counts them. The events go in only if
# every room was where it was expected (else `SeqConflict`, and the caller's rollback drops the NOTIFYs).
_WRITE_PG = text(
    "WITH v AS (SELECT * FROM unnest(CAST(:ids AS text[]), CAST(:expected AS int[]), CAST(:seqs AS int[]), "
    "CAST(:deadlines AS float8[]), CAST(:finished AS bool[])) AS v(id, expected, seq, deadline, finished)), "
    "moved AS (UPDATE rooms SET last_seq = v.seq, deadline_at = v.deadline, finished = v.finished FROM v "
    "WHERE rooms.id = v.id AND rooms.last_seq = v.expected RETURNING rooms.id), "
    "added AS (INSERT INTO events (room_id, seq, type, data, at, cid) "
    "SELECT r, s, t, CAST(d AS json), a, c FROM unnest(CAST(:e_rooms AS text[]), CAST(:e_seqs AS int[]), "
    "CAST(:e_types AS text[]), CAST(:e_data AS text[]), CAST(:e_at AS float8[]), CAST(:e_cids AS text[])) "
    "AS e(r, s, t, d, a, c) WHERE (SELECT count(*) FROM moved) = :n), "
    "told AS (SELECT pg_notify(CAST(:channel AS text), p) FROM unnest(CAST(:payloads AS text[])) AS p) "
    "SELECT (SELECT count(*) FROM moved), (SELECT count(*) FROM told)")


async def _write_pg(x: Executor, appends: Sequence[Append], rows: list[tuple[Any, ...]], channel: str | None,
                    payloads: Sequence[str]) -> None:
    columns = list(zip(*rows, strict=True)) if rows else [()] * 6
    result = await x.execute(_WRITE_PG, {
        "n": len(appends), "ids": [a.room_id for a in appends], "expected": [a.expected for a in appends],
        "seqs": [a.seq for a in appends], "deadlines": [None if a.finished else a.deadline for a in appends],
        "finished": [a.finished for a in appends],
        "e_rooms": list(columns[0]), "e_seqs": list(columns[1]), "e_types": list(columns[2]),
        "e_data": list(columns[3]), "e_at": list(columns[4]), "e_cids": list(columns[5]),
        "channel": channel or "", "payloads": list(payloads) if channel else []})
    moved = result.scalar_one()
    if moved != len(appends):
        raise SeqConflict(appends[0].room_id if len(appends) == 1 else "(one of a batch)", appends[0].expected)


_INSERT_EVENTS_SQLITE = "INSERT INTO events (room_id, seq, type, data, at, cid) VALUES (?, ?, ?, ?, ?, ?)"
_ADVANCE_SQLITE = "UPDATE rooms SET last_seq = ?, deadline_at = ?, finished = ? WHERE id = ? AND last_seq = ?"


async def _connection(x: Executor) -> AsyncConnection:
    return await x.connection() if isinstance(x, AsyncSession) else x


async def _advance(x: Executor, appends: Sequence[Append]) -> None:
    """SQLite: move each room's `last_seq` from `expected` to its new value, with its deadline; `SeqConflict` if a
    room was not where it was expected (the rows executemany changed in all: SQLite's RETURNING and UPDATE … FROM
    are too recent for every host)."""
    result = await (await _connection(x)).exec_driver_sql(_ADVANCE_SQLITE, [
        (a.seq, None if a.finished else a.deadline, a.finished, a.room_id, a.expected) for a in appends])
    if result.rowcount != len(appends):
        raise SeqConflict(appends[0].room_id if len(appends) == 1 else "(one of a batch)", appends[0].expected)


# ---------------------------------------------------------------- snapshots


async def latest_snapshot(x: Executor, room_id: str) -> Any:
    result = await x.execute(
        select(SNAPSHOTS.c.seq, SNAPSHOTS.c.state)
        .where(SNAPSHOTS.c.room_id == room_id).order_by(SNAPSHOTS.c.seq.desc()).limit(1)
    )
    return result.first()
