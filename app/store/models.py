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
