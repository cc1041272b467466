"""Engine contract v2: moves with a stable identity, undo entries, tables closed under old rules.

- ``moves.kind`` and ``moves.args`` (JSON text) hold each move's identity; ``moves.action`` stays
  its text alias. Rows written before hold NULL there and replay by their text.
- ``moves.entry`` is "move", or "undo" (the seat took back its last standing move): the log stays
  append-only, nothing is ever deleted. Every existing row is a move.
- ``game_tables.closed_reason`` says why a table has status "closed" ("old_rules": made under a
  rules version this release no longer plays).

Adding nullable columns, and one with a constant default, rewrites no row on PostgreSQL (11+).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-14
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("entry", sa.String(8), nullable=False,
                                   server_default=sa.text("'move'")))
        batch.add_column(sa.Column("kind", sa.String(40), nullable=True))
        batch.add_column(sa.Column("args", sa.Text, nullable=True))
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("closed_reason", sa.String(20), nullable=True))


def downgrade() -> None:
    # An older release cannot replay undo entries, nor play on a table closed under old rules.
    # Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+): a batch copy of game_tables would have to
    # drop a table that seats and moves refer to.
    op.drop_column("game_tables", "closed_reason")
    op.drop_column("moves", "args")
    op.drop_column("moves", "kind")
    op.drop_column("moves", "entry")
