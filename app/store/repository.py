"""Every database query of the application lives here.

All functions take an ``AsyncSession`` and never commit: the caller owns the transaction
(``async with db.session() as s: ...; await s.commit()``).

Concurrency model for the event log: ``rooms.last_seq`` is the room's version. ``append_events``
is an optimistic compare-and-set on it (guarded UPDATE ``WHERE last_seq = expected_seq``) and the
``(room_id, seq)`` primary key of ``events`` is the backstop. On PostgreSQL the room row is also
locked with ``SELECT ... FOR UPDATE`` first, so concurrent writers queue instead of failing late.
A losing writer gets ``SeqConflict``; the session must then be rolled back.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from app.store.models import Event, Room, Seat, Snapshot


class StoreError(Exception):
    """Base class of store errors."""


class SeqConflict(StoreError):
    """The room's event log moved on since ``expected_seq`` was read (or the room does not exist)."""

    def __init__(self, room_id: str, expected_seq: int, actual_seq: int | None = None) -> None:
        self.room_id = room_id
        self.expected_seq = expected_seq
        self.actual_seq = actual_seq
        super().__init__(f"room {room_id}: expected last_seq {expected_seq}, found {actual_seq}")


def _is_postgres(s: AsyncSession) -> bool:
    return s.get_bind().dialect.name == "postgresql"


# ---------------------------------------------------------------- rooms


async def create_room(
    s: AsyncSession, *, room_id: str, code: str, ruleset: str, mj_token_hash: str, at: float
) -> Room:
    """Insert a room (flushed; an ``IntegrityError`` on a duplicate code surfaces here)."""
    room = Room(
        id=room_id,
        code=code,
        ruleset=ruleset,
        mj_token_hash=mj_token_hash,
        created_at=at,
        last_seq=0,
        deadline_at=None,
        finished=False,
    )
    s.add(room)
    await s.flush()
    return room


async def get_room(s: AsyncSession, room_id: str) -> Room | None:
    return await s.get(Room, room_id)


async def get_room_by_code(s: AsyncSession, code: str) -> Room | None:
    result = await s.execute(select(Room).where(Room.code == code))
    return result.scalar_one_or_none()


async def set_deadline(s: AsyncSession, room_id: str, at: float | None) -> None:
    await s.execute(update(Room).where(Room.id == room_id).values(deadline_at=at))


async def set_finished(s: AsyncSession, room_id: str, finished: bool = True) -> None:
    """Mark a room finished (also clears its deadline when ``finished``)."""
    values: dict[str, Any] = {"finished": finished}
    if finished:
        values["deadline_at"] = None
    await s.execute(update(Room).where(Room.id == room_id).values(**values))


async def rooms_with_deadline(s: AsyncSession) -> list[tuple[str, float]]:
    """``(room_id, deadline_at)`` of every unfinished room with a deadline, earliest first."""
    result = await s.execute(
        select(Room.id, Room.deadline_at)
        .where(Room.deadline_at.is_not(None), Room.finished.is_(False))
        .order_by(Room.deadline_at, Room.id)
    )
    return [(room_id, float(deadline)) for room_id, deadline in result.all() if deadline is not None]


# ---------------------------------------------------------------- seats


async def upsert_seat_token(
    s: AsyncSession, room_id: str, seat: int, token_hash: str, name: str, at: float
) -> Seat:
    """Create the seat, or replace its token and name (a substitute takes over the seat)."""
    row = await s.get(Seat, (room_id, seat))
    if row is None:
        row = Seat(room_id=room_id, seat=seat, token_hash=token_hash, name=name, created_at=at)
        s.add(row)
    else:
        row.token_hash = token_hash
        row.name = name
        row.created_at = at
    await s.flush()
    return row


async def seat_by_token_hash(s: AsyncSession, room_id: str, token_hash: str) -> Seat | None:
    result = await s.execute(select(Seat).where(Seat.room_id == room_id, Seat.token_hash == token_hash))
    return result.scalar_one_or_none()


async def seats(s: AsyncSession, room_id: str) -> list[Seat]:
    result = await s.execute(select(Seat).where(Seat.room_id == room_id).order_by(Seat.seat))
    return list(result.scalars().all())


# ---------------------------------------------------------------- events


async def load_events(s: AsyncSession, room_id: str, after_seq: int = 0) -> list[Event]:
    """Events of a room with ``seq > after_seq``, in order."""
    result = await s.execute(
        select(Event).where(Event.room_id == room_id, Event.seq > after_seq).order_by(Event.seq)
    )
    return list(result.scalars().all())


async def append_events(
    s: AsyncSession, room_id: str, expected_seq: int, events: list[dict[str, Any]], cid: str | None
) -> int:
    """Append ``events`` (dicts with keys ``type``, ``data``, ``at``) after ``expected_seq``.

    Returns the room's new ``last_seq``. Raises ``SeqConflict`` if the room's ``last_seq`` is not
    ``expected_seq`` (someone else appended first) or the room does not exist. Every event row of
    the batch carries ``cid`` (the client command id, for idempotency). Flushes; caller commits.
    """
    if _is_postgres(s):
        locked = await s.execute(select(Room.last_seq).where(Room.id == room_id).with_for_update())
        current = locked.scalar_one_or_none()
        if current != expected_seq:
            raise SeqConflict(room_id, expected_seq, current)
    if not events:
        return expected_seq
    new_seq = expected_seq + len(events)
    try:
        result = await s.execute(
            update(Room)
            .where(Room.id == room_id, Room.last_seq == expected_seq)
            .values(last_seq=new_seq)
            .execution_options(synchronize_session=False)
        )
        if getattr(result, "rowcount", 0) != 1:
            actual = await s.scalar(select(Room.last_seq).where(Room.id == room_id))
            raise SeqConflict(room_id, expected_seq, actual)
        s.add_all(
            Event(
                room_id=room_id,
                seq=expected_seq + i,
                type=str(ev["type"]),
                data=ev.get("data") or {},
                at=float(ev["at"]),
                cid=cid,
            )
            for i, ev in enumerate(events, start=1)
        )
        await s.flush()
    except IntegrityError as exc:
        raise SeqConflict(room_id, expected_seq) from exc
    # Keep an already-loaded Room object in this session consistent with the row.
    sync = s.sync_session
    room = sync.identity_map.get(sync.identity_key(Room, room_id))
    if isinstance(room, Room):
        set_committed_value(room, "last_seq", new_seq)
    return new_seq


async def cid_applied(s: AsyncSession, room_id: str, cid: str) -> bool:
    """True if an event carrying this client command id was already recorded for the room."""
    result = await s.execute(select(Event.seq).where(Event.room_id == room_id, Event.cid == cid).limit(1))
    return result.first() is not None


# ---------------------------------------------------------------- snapshots


async def save_snapshot(s: AsyncSession, room_id: str, seq: int, state: dict[str, Any]) -> None:
    """Store the state as of ``seq`` (idempotent: replaces a snapshot at the same seq)."""
    await s.merge(Snapshot(room_id=room_id, seq=seq, state=state))
    await s.flush()


async def latest_snapshot(s: AsyncSession, room_id: str) -> Snapshot | None:
    result = await s.execute(
        select(Snapshot).where(Snapshot.room_id == room_id).order_by(Snapshot.seq.desc()).limit(1)
    )
    return result.scalar_one_or_none()


async def notify_room(s: AsyncSession, channel: str, payload: str) -> None:
    """PostgreSQL only: a NOTIFY that is delivered when (and only if) the transaction commits."""
    if _is_postgres(s):
        await s.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": channel, "payload": payload})
