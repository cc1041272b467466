"""Session generations: ``users.session_epoch``, carried by the session cookie and bumped by
logging out, so that a cookie issued before (a stolen one too) no longer names anyone.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # existing rows get 0: the generation that cookies without one are read as
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("session_epoch", sa.Integer, nullable=False,
                                   server_default=sa.text("0")))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("session_epoch")
