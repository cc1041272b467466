"""Tables that live well (issue #11): clocks, resign and timeouts, chat, invitations, quotas.

- ``game_tables.settings`` (JSON): the table's own settings, beside the game's options: its clock
  (none, real-time Fischer, turn-based), whether it is private, whether spectators may chat.
- ``game_tables.clock`` (JSON): each seat's time left and since when it runs; ``to_move`` (JSON):
  the seats to move; both written with every entry of the move log, in its transaction, so the
  lobby and the clocks need no replay. ``wake_at``: the next moment the server must look at the
  table even if nobody has it open (a clock runs out, an open table expires, a bot is to move,
  an idle table ends); indexed, it is what wakes tables at start-up and after.
- ``game_tables.rematch_of``: the table this one is the rematch of.
- ``seats.replaced``: why a bot now plays a person's seat ("resigned", "timeout"); the person
  stays named there, for the result and the ratings.
- ``chat_messages``, ``mutes``, ``invitations``, ``notify_prefs``; ``rate_counters``: the rate
  limits' counters (one row per limit and period), in the database, not in a process.

Running tables written before get ``wake_at`` now: the server loads each once, in the
background, and fills ``to_move``. Open ones expire two hours after the upgrade.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-20
"""

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("settings", sa.Text, nullable=True))
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))
        batch.add_column(sa.Column("to_move", sa.Text, nullable=True))
        batch.add_column(sa.Column("wake_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("rematch_of", sa.String(16), nullable=True))
    op.create_index("ix_game_tables_wake_at", "game_tables", ["wake_at"])
    op.create_index("ix_game_tables_created_by", "game_tables", ["created_by", "status"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("replaced", sa.String(12), nullable=True))
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    # running tables: to be loaded once now; open ones: expire as if made now (the default
    # expiry, two hours), not at once for having waited before expiry existed
    moment = datetime.now(UTC)
    op.get_bind().execute(
        sa.text("UPDATE game_tables SET wake_at = :at WHERE status = 'running'"), {"at": moment})
    op.get_bind().execute(
        sa.text("UPDATE game_tables SET wake_at = :at WHERE status = 'open'"),
        {"at": moment + timedelta(hours=2)})
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_table_id", "chat_messages", ["table_id", "id"])
    op.create_table(
        "mutes",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("muted_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "muted_id"),
    )
    op.create_table(
        "invitations",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("invited_by", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "user_id"),
    )
    op.create_index("ix_invitations_user_id", "invitations", ["user_id"])
    op.create_table(
        "notify_prefs",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("turn_email", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("email", sa.String(254), nullable=True),
    )
    op.create_table(
        "rate_counters",
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("period", sa.BigInteger, nullable=False),
        sa.Column("hits", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("name", "period"),
    )


def downgrade() -> None:
    op.drop_table("rate_counters")
    op.drop_table("notify_prefs")
    op.drop_index("ix_invitations_user_id", table_name="invitations")
    op.drop_table("invitations")
    op.drop_table("mutes")
    op.drop_index("ix_chat_messages_table_id", table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_index("ix_seats_user_id", table_name="seats")
    op.drop_index("ix_game_tables_created_by", table_name="game_tables")
    op.drop_index("ix_game_tables_wake_at", table_name="game_tables")
    # plain DROP COLUMN, as 0003 does: a batch copy of a table others refer to would fail
    op.drop_column("seats", "replaced")
    for column in ("rematch_of", "wake_at", "to_move", "clock", "settings"):
        op.drop_column("game_tables", column)
