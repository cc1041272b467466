"""Accounts that serve their owner (issue #11): name keys, e-mail, deletion, the login throttle
in the database, password resets, per-game ratings.

- ``users.name_key``: the key names are compared by (NFKC, case-folded, look-alike letters
  made one: ``names.key``), unique. Existing names get theirs; where two existing names would
  collide (``Alice`` and ``alice``, or a Cyrillic ``Аlice``), members keep theirs before guests
  and the earliest before later ones; the others are renamed ``<name>-2``, ``-3``... (logged).
  ``settings.name_key_version`` names the confusables table the keys were made with.
- ``users.email`` (password resets, turn notices), ``users.deleted_at`` (a deleted account:
  its games stay, under an anonymous name).
- ``login_failures``: the login throttle's failures per name key and per client address,
  forgotten by age alone.
- ``password_resets``: the hashes of the reset links sent, until used or expired.
- ``ratings`` (per user and game) and ``rating_changes`` (per rated table and player: counted
  once).

``users`` gets plain ADD COLUMNs (a batch copy would drop a table others refer to); the key is
NOT NULL with an empty default, filled before its unique index is made.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-20
"""

import logging

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

log = logging.getLogger("donjon.server")


def upgrade() -> None:
    from donjon.server.names import KEY_VERSION
    from donjon.server.userstore import assign_name_keys

    op.add_column("users", sa.Column("name_key", sa.String(120), nullable=False,
                                     server_default=sa.text("''")))
    op.add_column("users", sa.Column("email", sa.String(254), nullable=True))
    op.add_column("users", sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
    for user_id, old, new in assign_name_keys(op.get_bind()):
        log.warning("user %s: the name %r looks like an earlier one; renamed %r",
                    user_id, old, new)
    op.create_index("ux_users_name_key", "users", ["name_key"], unique=True)
    settings = sa.table("settings", sa.column("key", sa.String), sa.column("value", sa.Text))
    op.execute(settings.delete().where(settings.c.key == "name_key_version"))
    op.bulk_insert(settings, [{"key": "name_key_version", "value": KEY_VERSION}])

    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("scope", sa.String(8), nullable=False),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_login_failures_key", "login_failures", ["scope", "key", "at"])
    op.create_index("ix_login_failures_at", "login_failures", ["at"])
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_password_resets_user_id", "password_resets", ["user_id"])
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "game"),
    )
    op.create_index("ix_ratings_game", "ratings", ["game", "rating"])
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("rating_after", sa.Float, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "user_id"),
    )
    op.create_index("ix_rating_changes_user_id", "rating_changes", ["user_id"])


def downgrade() -> None:
    # names renamed for colliding stay renamed: the older release accepts them as they are
    op.drop_index("ix_rating_changes_user_id", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_game", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index("ix_password_resets_user_id", table_name="password_resets")
    op.drop_table("password_resets")
    op.drop_index("ix_login_failures_at", table_name="login_failures")
    op.drop_index("ix_login_failures_key", table_name="login_failures")
    op.drop_table("login_failures")
    op.execute("DELETE FROM settings WHERE key = 'name_key_version'")
    op.drop_index("ux_users_name_key", table_name="users")
    for column in ("deleted_at", "email", "name_key"):
        op.drop_column("users", column)
