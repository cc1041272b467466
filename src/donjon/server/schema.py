"""The schema (SQLAlchemy Core): users, settings, game tables, their seats, and the move log.

The Alembic migrations in ``migrations/versions`` build exactly this; a change here needs one.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    text,
)

metadata = MetaData()

users = Table(
    "users", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=True),
    Column("guest", Boolean, nullable=False, default=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # the session generation: a session cookie carries it, and logging out bumps it (0002)
    Column("session_epoch", Integer, nullable=False, default=0, server_default=text("0")),
)

settings = Table(
    "settings", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

game_tables = Table(
    "game_tables", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("game_version", String(20), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=True),
    Column("status", String(12), nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("created_by", Integer, ForeignKey("users.id"), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("result", Text, nullable=True),
    Index("ix_game_tables_status", "status"),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=True),
    Column("bot", String(40), nullable=True),
    PrimaryKeyConstraint("table_id", "seat"),
)

moves = Table(
    "moves", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("table_id", "seq"),
)


def now() -> datetime:
    return datetime.now(UTC)
