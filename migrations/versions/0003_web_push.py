"""Web Push (issue 28): the server's VAPID key pair, the browsers' subscriptions, the pushes claimed

Revision ID: 0003_web_push
Revises: 0002_seat_tokens_per_room
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_web_push"
down_revision: str | None = "0002_seat_tokens_per_room"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "vapid_keys",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("private_pem", sa.String(length=512), nullable=False),
        sa.Column("public_key", sa.String(length=128), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_vapid_keys")),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("endpoint", sa.String(length=1024), nullable=False),
        sa.Column("p256dh", sa.String(length=128), nullable=False),
        sa.Column("auth", sa.String(length=64), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], name=op.f("fk_push_subscriptions_room_id_rooms"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_subscriptions")),
    )
    op.create_index(op.f("ix_push_subscriptions_room_id"), "push_subscriptions", ["room_id"], unique=False)
    op.create_index("ix_push_subscriptions_room_id_endpoint", "push_subscriptions", ["room_id", "endpoint"],
                    unique=True)
    op.create_table(
        "push_claims",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], name=op.f("fk_push_claims_room_id_rooms"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("room_id", "seq", "kind", name=op.f("pk_push_claims")),
    )


def downgrade() -> None:
    op.drop_table("push_claims")
    op.drop_index("ix_push_subscriptions_room_id_endpoint", table_name="push_subscriptions")
    op.drop_index(op.f("ix_push_subscriptions_room_id"), table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("vapid_keys")
