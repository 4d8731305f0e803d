"""The server's VAPID key pair (RFC 8292), made once and kept in the database.

Browsers subscribe with the public key (the "application server key"): a new pair would make every subscription
useless, so the pair lives in the database, which outlives restarts, upgrades and image rebuilds. Two processes
starting at once on one database may both find no pair: each inserts its own under the same primary key, the loser's
insert fails and it reads the winner's, so both use one pair."""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat
from py_vapid import Vapid02
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.store.db import Database
from app.store.models import VapidKey

KEY_ID = 1


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass(frozen=True)
class Keys:
    private_pem: str
    public_key: str  # base64url of the uncompressed P-256 point: what PushManager.subscribe takes

    def vapid(self) -> Vapid02:
        return Vapid02.from_pem(self.private_pem.encode())


def new_pair() -> Keys:
    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()).decode()
    point = private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return Keys(pem, b64url(point))


async def _read(db: Database) -> Keys | None:
    async with db.session() as s:
        row = (await s.execute(select(VapidKey).where(VapidKey.id == KEY_ID))).scalar_one_or_none()
    return None if row is None else Keys(row.private_pem, row.public_key)


async def load_or_create(db: Database) -> Keys:
    """The kept pair, or a new one stored now; a concurrent first use loses its insert cleanly and reads the
    winner's."""
    found = await _read(db)
    if found is not None:
        return found
    fresh = new_pair()
    try:
        async with db.writing() as s:
            s.add(VapidKey(id=KEY_ID, private_pem=fresh.private_pem, public_key=fresh.public_key,
                           created_at=time.time()))
            await s.commit()
        return fresh
    except IntegrityError:
        kept = await _read(db)
        if kept is None:  # pragma: no cover - the winner's row cannot vanish
            raise
        return kept
