"""Run the web table: ``serve()`` (what ``donjon serve`` and ``make run`` call), or
``python -m donjon.server.main --port 8000``."""

from __future__ import annotations

import argparse
import logging

import uvicorn

from donjon.server.app import create_app
from donjon.server.db import default_database_url
from donjon.server.websocket import TableSocketProtocol

#: how long open connections may hold up a shutdown
GRACE_SECONDS = 10


def serve(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None,
          bot_delay: float | None = None, redis_url: str | None = None) -> None:
    """Serve the lobby on http://host:port/ until interrupted.

    The database is ``database_url``, else ``DONJON_DATABASE_URL``, else ./var/donjon.sqlite3.
    With ``redis_url`` (else ``DONJON_REDIS_URL``), several such processes share the database.
    """
    url = database_url or default_database_url()
    app = create_app(url, bot_delay=bot_delay, redis_url=redis_url, own_process=True)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    safe = url.split("@")[-1] if "@" in url else url
    print(f"donjon is serving on http://{shown}:{port}/  (database: {safe}; Ctrl-C stops)",
          flush=True)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    # on SIGTERM, connections still open after GRACE_SECONDS are cut: the shutdown that hands
    # this process's tables over must not wait on a browser
    uvicorn.run(app, host=host, port=port, log_level="warning", ws=TableSocketProtocol,
                timeout_graceful_shutdown=GRACE_SECONDS)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m donjon.server.main", description=serve.__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--bot-delay", type=float, default=None)
    parser.add_argument("--redis", default=None, help="Redis URL: several processes, one database")
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.database_url, args.bot_delay, args.redis)


if __name__ == "__main__":
    main()
