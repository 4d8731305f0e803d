"""seat tokens are unique per room (a rematch copies the group's tokens into a new room)

Revision ID: 0002_seat_tokens_per_room
Revises: 0001_initial
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002_seat_tokens_per_room"
down_revision: str | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("uq_seats_token_hash", type_="unique")
        batch.create_index("ix_seats_room_id_token_hash", ["room_id", "token_hash"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_room_id_token_hash")
        batch.create_unique_constraint("uq_seats_token_hash", ["token_hash"])
