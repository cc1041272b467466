"""Real server processes on one PostgreSQL database and one Redis, for the tests of several
processes (``test_processes``, ``test_takeover``): each ``python -m donjon.server.main`` on a
loopback port of its own, and players whose cookies are valid on every process."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from donjon.server.spawned import ServerProcess, start_in_turn

REDIS_URL = os.environ.get("DONJON_TEST_REDIS_URL", "").strip()
SRC = Path(__file__).resolve().parents[2] / "src"

#: what a test of several processes is marked with
needs_services = [
    pytest.mark.skipif(not REDIS_URL or not os.environ.get("DONJON_TEST_DATABASE_URL"),
                       reason="needs DONJON_TEST_DATABASE_URL and DONJON_TEST_REDIS_URL "
                              "(scripts/postgres-for-tests.sh, scripts/redis-for-tests.sh)"),
    pytest.mark.parametrize("db_url", ["postgres"], indirect=True),
]

#: how long a change made on one process may take to reach the other's connections
LIVE_SECONDS = 10


class Process(ServerProcess):
    """A server process of a test: on the test's schema and Redis, importing this checkout's
    ``src``, every process with one session key; ``env`` adds to its environment
    (``DONJON_LEASE_SECONDS``...)."""

    def __init__(self, db_url: str, log: Path, bot_delay: float = 0.0,
                 env: dict[str, str] | None = None) -> None:
        super().__init__(db_url, log, redis_url=REDIS_URL, bot_delay=bot_delay, env={
            "PYTHONPATH": str(SRC), "DONJON_SECRET_KEY": "processes-test-key",
            "DONJON_BOT_PROCESSES": "0", **(env or {})})
        self._name: str | None = None
        self._site: str | None = None

    @property
    def name(self) -> str:
        """The process's name in Redis (what its leases hold), from its ``/healthz``."""
        if self._name is None:
            self._name = str(httpx.get(f"{self.url}/healthz", timeout=10).json()["process"])
        return self._name

    @property
    def site(self) -> str:
        """The site's name in Redis (its keys and channels begin ``donjon:<site>:``)."""
        if self._site is None:
            self._site = str(httpx.get(f"{self.url}/healthz", timeout=10).json()["site"])
        return self._site


def start_processes(db_url: str, folder: Path, count: int, **settings: Any) -> list[Process]:
    """``count`` processes on one schema and one Redis (``spawned.start_in_turn``)."""
    return start_in_turn(
        lambda n: Process(db_url, folder / f"server-{'abcdefgh'[n]}.log", **settings), count)


def stop_all(processes: list[Process]) -> None:
    for process in processes:
        process.stop()


class Player:
    """One browser: a guest's cookies (valid on every process: one database, one key)."""

    def __init__(self, home: Process) -> None:
        self.home = home
        self.http = httpx.Client(timeout=20)
        self.get(home, "/api/session")
        self.post(home, "/api/guest", {})

    def get(self, process: Process, path: str) -> httpx.Response:
        return self.http.get(process.url + path)

    def post(self, process: Process, path: str, body: Any) -> httpx.Response:
        return self.http.post(process.url + path, json=body,
                              headers={"x-csrf-token": self.http.cookies.get("donjon_csrf", "")})

    def socket(self, table_id: str) -> ClientConnection:
        """The table's WebSocket on this player's own process."""
        return self.socket_on(self.home, table_id)

    def socket_on(self, process: Process, table_id: str) -> ClientConnection:
        cookie = f"donjon_session={self.http.cookies['donjon_session']}"
        return connect(f"ws://127.0.0.1:{process.port}/ws/tables/{table_id}",
                       additional_headers={"Cookie": cookie}, open_timeout=10)

    def close(self) -> None:
        self.http.close()


def state_at(ws: ClientConnection, version: int,
             within: float = LIVE_SECONDS) -> dict[str, Any]:
    """The first state message of the started table at ``version`` or later on ``ws`` (a socket
    opened on one process just after the start on the other may first be sent the table as it
    was, then the start once its process has caught up)."""
    return first(ws, f"state at version {version}", lambda message: (
        message.get("type") == "state" and message["version"] >= version
        and message["status"] != "open"), within)


def message_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` on ``ws``."""
    return first(ws, f"{kind} message", lambda message: message.get("type") == kind)


def first(ws: ClientConnection, what: str, wanted: Callable[[dict[str, Any]], bool],
          within: float = LIVE_SECONDS) -> dict[str, Any]:
    """The next message on ``ws`` that is ``wanted``, within ``within`` seconds."""
    deadline = time.monotonic() + within
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {what} within {within} s")
        message = dict(json.loads(ws.recv(timeout=left)))
        if wanted(message):
            return message


def table_between(a: Player, b: Player) -> str:
    """A 2-player Castle Rooms table made on ``a``'s process, joined on ``b``'s."""
    created = a.post(a.home, "/api/tables", {"game": "castle-rooms", "players": 2,
                                             "seats": [{"kind": "human"}] * 2})
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]
    joined = b.post(b.home, f"/api/tables/{table_id}/join", {"seat": 1})
    assert joined.status_code == 200, joined.text
    return str(table_id)
