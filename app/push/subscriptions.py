"""The browsers' push subscriptions, in the database (table push_subscriptions), and the claims that make one
process alone send a push (table push_claims)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from app.store.db import Database
from app.store.models import PushClaim, PushSubscription, Seat

PER_TOKEN = 5  # a seat's devices (a phone, a tablet, the installed app beside the browser)
PER_ROOM = 400


@dataclass(frozen=True)
class Target:
    id: int
    seat: int | None  # None: the MJ
    endpoint: str
    p256dh: str
    auth: str
    lang: str


class TooMany(Exception):
    pass


async def subscribe(db: Database, room_id: str, seat: int | None, token_hash: str, endpoint: str, p256dh: str,
                    auth: str, lang: str) -> None:
    """Add (or renew: same endpoint, new keys or owner) a subscription of the room."""
    async with db.writing() as s:
        await s.execute(delete(PushSubscription).where(PushSubscription.room_id == room_id,
                                                       PushSubscription.endpoint == endpoint))
        mine = await s.scalar(select(func.count()).select_from(PushSubscription).where(
            PushSubscription.room_id == room_id, PushSubscription.token_hash == token_hash))
        total = await s.scalar(select(func.count()).select_from(PushSubscription).where(
            PushSubscription.room_id == room_id))
        if (mine or 0) >= PER_TOKEN or (total or 0) >= PER_ROOM:
            await s.rollback()
            raise TooMany()
        s.add(PushSubscription(room_id=room_id, seat=seat, token_hash=token_hash, endpoint=endpoint, p256dh=p256dh,
                               auth=auth, lang=lang, created_at=time.time()))
        try:
            await s.commit()
        except IntegrityError:  # the same endpoint, subscribed at the same moment by another request: it is there
            await s.rollback()


async def unsubscribe(db: Database, room_id: str, token_hash: str, endpoint: str) -> bool:
    async with db.writing() as s:
        done = await s.execute(delete(PushSubscription).where(
            PushSubscription.room_id == room_id, PushSubscription.endpoint == endpoint,
            PushSubscription.token_hash == token_hash))
        await s.commit()
    return bool(getattr(done, "rowcount", 0))


async def subscribed(db: Database, room_id: str, token_hash: str, endpoint: str) -> bool:
    async with db.session() as s:
        found = await s.scalar(select(PushSubscription.id).where(
            PushSubscription.room_id == room_id, PushSubscription.endpoint == endpoint,
            PushSubscription.token_hash == token_hash))
    return found is not None


async def targets(db: Database, room_id: str, mj_token_hash: str) -> list[Target]:
    """The room's subscriptions whose owner still holds the seat: a seat's token must be the seat's token now (a
    substitute or a hand-over gave it a new one), the MJ's the room's."""
    async with db.session() as s:
        seats = (await s.execute(
            select(PushSubscription).join(Seat, (Seat.room_id == PushSubscription.room_id)
                                          & (Seat.seat == PushSubscription.seat)
                                          & (Seat.token_hash == PushSubscription.token_hash))
            .where(PushSubscription.room_id == room_id))).scalars().all()
        mj = (await s.execute(select(PushSubscription).where(
            PushSubscription.room_id == room_id, PushSubscription.seat.is_(None),
            PushSubscription.token_hash == mj_token_hash))).scalars().all()
    return [Target(r.id, r.seat, r.endpoint, r.p256dh, r.auth, r.lang) for r in [*seats, *mj]]


async def rooms_among(db: Database, room_ids: Iterable[str]) -> set[str]:
    """Which of these rooms have a subscription (a restart arms the vote reminder of those only)."""
    wanted = list(room_ids)
    found: set[str] = set()
    async with db.session() as s:
        for i in range(0, len(wanted), 500):  # a bounded IN list
            found.update(await s.scalars(select(PushSubscription.room_id).distinct()
                                         .where(PushSubscription.room_id.in_(wanted[i:i + 500]))))
    return found


async def drop(db: Database, subscription_id: int) -> None:
    async with db.writing() as s:
        await s.execute(delete(PushSubscription).where(PushSubscription.id == subscription_id))
        await s.commit()


async def claim(db: Database, room_id: str, seq: int, kind: str) -> bool:
    """Whether this process sends the push: the first to insert its claim does; the others' inserts lose."""
    try:
        async with db.writing() as s:
            s.add(PushClaim(room_id=room_id, seq=seq, kind=kind[:32]))
            await s.commit()
        return True
    except IntegrityError:
        return False
