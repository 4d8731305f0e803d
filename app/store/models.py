"""SQLAlchemy 2 declarative models. Schema changes go through an Alembic revision in migrations/."""

from __future__ import annotations

from typing import Any, ClassVar

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, MetaData, String, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def _room_fk() -> ForeignKey:
    return ForeignKey("rooms.id", ondelete="CASCADE")


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON}


class Room(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # uuid4().hex
    code: Mapped[str] = mapped_column(String(16), unique=True, index=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    mj_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    last_seq: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    deadline_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class Seat(Base):
    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(String(32), _room_fk(), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[float] = mapped_column(Float)

    # A token opens one seat of one room; a rematch copies a group's tokens into the new room.
    __table_args__ = (Index("ix_seats_room_id_token_hash", "room_id", "token_hash", unique=True),)


class Event(Base):
    __tablename__ = "events"
    __table_args__ = (Index("ix_events_room_id_cid", "room_id", "cid"),)

    # (room_id, seq) primary key is the unique constraint that serialises concurrent writers.
    room_id: Mapped[str] = mapped_column(String(32), _room_fk(), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    type: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float)
    cid: Mapped[str | None] = mapped_column(String(64), nullable=True)


class Snapshot(Base):
    __tablename__ = "snapshots"

    room_id: Mapped[str] = mapped_column(String(32), _room_fk(), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


class VapidKey(Base):
    """The server's VAPID key pair (issue 28): one row, made on first use, kept with the rooms so that it outlives
    restarts, upgrades and image rebuilds; a new key would orphan every browser's subscription."""

    __tablename__ = "vapid_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)  # always 1
    private_pem: Mapped[str] = mapped_column(String(512))
    public_key: Mapped[str] = mapped_column(String(128))  # the application server key, base64url (uncompressed point)
    created_at: Mapped[float] = mapped_column(Float)


class PushSubscription(Base):
    """A browser's push subscription for one room, owned by a seat (or the MJ: `seat` null) through its token's
    hash: once the seat changes hands (a substitute, a hand-over) the token differs and nothing is pushed to it."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (Index("ix_push_subscriptions_room_id_endpoint", "room_id", "endpoint", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32), _room_fk(), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    endpoint: Mapped[str] = mapped_column(String(1024))
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    lang: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[float] = mapped_column(Float)


class PushClaim(Base):
    """One push of one room's event, claimed by the process that sends it: several processes hold the same room
    (PostgreSQL) and each publishes its events; the insert that loses sends nothing."""

    __tablename__ = "push_claims"

    room_id: Mapped[str] = mapped_column(String(32), _room_fk(), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
