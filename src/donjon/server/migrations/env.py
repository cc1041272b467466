"""Alembic environment: migrations run on the connection the server hands over, or on a URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from donjon.server.schema import metadata

config = context.config


def _url() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise ValueError("no database URL: pass -x url=... or set sqlalchemy.url")
    return url


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=_url(), target_metadata=metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
    else:
        with create_engine(_url()).connect() as connection:
            _run(connection)
            connection.commit()
