"""The database: the engine, the migrations (Alembic, run at startup), and, re-exported here
for every caller, the schema (``schema``) and the store (``store``).

SQLite (the default, a file under ./var) and PostgreSQL (``DONJON_DATABASE_URL`` such as
``postgresql+psycopg://user:password@host/db``, the ``psycopg`` driver) are both tested: the
server tests run on each when ``DONJON_TEST_DATABASE_URL`` names a PostgreSQL database.
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine

from donjon.server.schema import game_tables, metadata, moves, now, seats, settings, users
from donjon.server.store import Conflict, Store, TableRow

__all__ = ["Conflict", "Store", "TableRow", "default_database_url", "game_tables",
           "make_engine", "metadata", "moves", "now", "run_migrations", "seats", "settings",
           "users"]


def default_database_url() -> str:
    """``DONJON_DATABASE_URL``, else a SQLite file under ./var (the folder is created)."""
    url = os.environ.get("DONJON_DATABASE_URL")
    if url:
        return url
    folder = Path("var")
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(folder / 'donjon.sqlite3').resolve()}"


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record):  # pragma: no branch
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")  # durable across a killed process
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)


MIGRATION_LOCK = 0x646F6E6A6F6E  # "donjon": the advisory lock that serializes migrations


def run_migrations(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to the newest Alembic revision (the migrations ship in the package), or
    to ``revision`` (the tests build an older database that way)."""
    from alembic import command
    from alembic.config import Config

    here = Path(__file__).resolve().parent
    config = Config(str(here / "alembic.ini"))
    config.set_main_option("script_location", str(here / "migrations"))
    # the ini file's interpolation reads '%' (a URL-quoted password or option) as its own syntax
    url = engine.url.render_as_string(hide_password=False).replace("%", "%%")
    config.set_main_option("sqlalchemy.url", url)
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # two servers starting at once on one database: the second waits, then finds head
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
