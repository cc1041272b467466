"""Web push (issue #11): "it is your turn" on a device with the site closed.

- ``push_subscriptions``: one row per browser (device) that asked for notices: its push
  service's ``endpoint`` (unique: a device belongs to the account that last subscribed it), the
  keys to encrypt for it (``p256dh``, ``auth``; RFC 8291), the language of its notices, and its
  last failure (a push service that answers 404 or 410 has dropped it: the row goes).
- The VAPID key pair (RFC 8292) is made at the first start after this revision, unless the
  settings name one, and kept in ``settings`` (``vapid_private_key``); the downgrade drops it.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-21
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(100), nullable=False),
        sa.Column("auth", sa.String(44), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False, server_default=sa.text("'en'")),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_failure_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_failure", sa.String(80), nullable=True),
        sa.Column("failures", sa.Integer, nullable=False, server_default=sa.text("0")),
    )
    op.create_index("ux_push_subscriptions_endpoint", "push_subscriptions", ["endpoint"],
                    unique=True)
    op.create_index("ix_push_subscriptions_user_id", "push_subscriptions", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_push_subscriptions_user_id", table_name="push_subscriptions")
    op.drop_index("ux_push_subscriptions_endpoint", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
    op.execute("DELETE FROM settings WHERE key = 'vapid_private_key'")
