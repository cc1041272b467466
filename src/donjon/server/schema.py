"""The schema (SQLAlchemy Core): users, settings, game tables, their seats, and the move log.

The move log is append-only: a move is written with its identity (``kind`` and ``args``, JSON)
and its text as a readable alias; taking a move back is a new ``undo`` entry, never a deletion.
Rows of the first release (before 0003) hold only the text (``kind`` NULL) and replay by it.

The Alembic migrations in ``migrations/versions`` build exactly this; a change here needs one.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    false,
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
    # the name as compared: NFKC, case-folded, look-alike letters mapped to one (``names``);
    # unique, so that "Alice", "alice " and "Аlice" (a Cyrillic A) are one name (0005)
    Column("name_key", String(120), nullable=False, server_default=text("''")),
    # the account's e-mail address: password resets, and turn notices by e-mail (0005)
    Column("email", String(254), nullable=True),
    # when the account was deleted: its name is then an anonymous one, its games stay (0005)
    Column("deleted_at", DateTime(timezone=True), nullable=True),
    Index("ux_users_name_key", "name_key", unique=True),
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
    # why a table was closed without an end (status "closed", 0003): "old_rules", its rules
    # version is one this release no longer plays
    Column("closed_reason", String(20), nullable=True),
    # the table's own settings (JSON: clock, private, spectators' chat) (0004)
    Column("settings", Text, nullable=True),
    # each seat's clock, and the seats to move (JSON), written with each log entry (0004)
    Column("clock", Text, nullable=True),
    Column("to_move", Text, nullable=True),
    # the next moment the server must look at the table, open or not (``clocks``) (0004)
    Column("wake_at", DateTime(timezone=True), nullable=True),
    Column("rematch_of", String(16), nullable=True),
    Index("ix_game_tables_status", "status"),
    Index("ix_game_tables_wake_at", "wake_at"),
    Index("ix_game_tables_created_by", "created_by", "status"),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=True),
    Column("bot", String(40), nullable=True),
    # why a bot now plays this person's seat: "resigned" or "timeout" (0004)
    Column("replaced", String(12), nullable=True),
    PrimaryKeyConstraint("table_id", "seat"),
    Index("ix_seats_user_id", "user_id"),
)

moves = Table(
    "moves", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    # the text alias of the move ("undo" for an undo entry)
    Column("action", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # "move", or "undo": the seat took back its last standing move (0003)
    Column("entry", String(8), nullable=False, default="move", server_default=text("'move'")),
    # the move's identity: its kind and its args as JSON text (NULL in rows of the first
    # release, which replay by text, and in undo entries) (0003)
    Column("kind", String(40), nullable=True),
    Column("args", Text, nullable=True),
    PrimaryKeyConstraint("table_id", "seq"),
)

# -- issue #11 (0004): chat, mutes, invitations, turn notices, rate limits ---------------------

chat_messages = Table(
    "chat_messages", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=True),
    # the sender's seat when sent (None: a spectator)
    Column("seat", Integer, nullable=True),
    # the table's version when sent: where the replay shows it
    Column("version", Integer, nullable=False),
    Column("body", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_chat_messages_table_id", "table_id", "id"),
)

mutes = Table(
    "mutes", metadata,
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("muted_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("user_id", "muted_id"),
)

invitations = Table(
    "invitations", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("invited_by", Integer, ForeignKey("users.id"), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("table_id", "user_id"),
    Index("ix_invitations_user_id", "user_id"),
)

notify_prefs = Table(
    "notify_prefs", metadata,
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    # an e-mail when it is their turn at a turn-based table they do not have open
    Column("turn_email", Boolean, nullable=False, default=False, server_default=false()),
    # where to (None: the account's address, if it has one)
    Column("email", String(254), nullable=True),
)

rate_counters = Table(
    "rate_counters", metadata,
    Column("name", String(80), nullable=False),
    Column("period", BigInteger, nullable=False),
    Column("hits", Integer, nullable=False),
    PrimaryKeyConstraint("name", "period"),
)


# -- issue #11 (0005): accounts, login throttle, password resets, ratings ---------------------

login_failures = Table(
    "login_failures", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    # "name" (the name's key) or "address" (the client's address, an IPv6 /64)
    Column("scope", String(8), nullable=False),
    Column("key", String(120), nullable=False),
    # seconds since the epoch
    Column("at", Float, nullable=False),
    Index("ix_login_failures_key", "scope", "key", "at"),
    Index("ix_login_failures_at", "at"),
)

password_resets = Table(
    "password_resets", metadata,
    # the SHA-256 of the token the e-mail carries: the database never holds a usable token
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Index("ix_password_resets_user_id", "user_id"),
)

ratings = Table(
    "ratings", metadata,
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("rating", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("user_id", "game"),
    Index("ix_ratings_game", "game", "rating"),
)

rating_changes = Table(
    "rating_changes", metadata,
    Column("table_id", String(16), ForeignKey("game_tables.id"), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("rating_before", Float, nullable=False),
    Column("rating_after", Float, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("table_id", "user_id"),
    Index("ix_rating_changes_user_id", "user_id"),
)


# -- issue #11 (0006): web push -------------------------------------------------------------------

push_subscriptions = Table(
    "push_subscriptions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    # the browser's push service address for this device (a capability: kept, never shown)
    Column("endpoint", String(1024), nullable=False),
    # the browser's P-256 public key and auth secret (base64url), to encrypt for it (RFC 8291)
    Column("p256dh", String(100), nullable=False),
    Column("auth", String(44), nullable=False),
    # the language the notices are written in: the page's when the device subscribed
    Column("lang", String(8), nullable=False, server_default=text("'en'")),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # the last failure other than "gone" (HTTP 404/410 deletes the row), and how many in a row
    Column("last_failure_at", DateTime(timezone=True), nullable=True),
    Column("last_failure", String(80), nullable=True),
    Column("failures", Integer, nullable=False, default=0, server_default=text("0")),
    Index("ux_push_subscriptions_endpoint", "endpoint", unique=True),
    Index("ix_push_subscriptions_user_id", "user_id"),
)


def now() -> datetime:
    return datetime.now(UTC)
