"""Fixtures for the web-table API tests: an app on a fresh database, and people with their own
cookie jars sharing one test client.

Every test that takes ``db_url`` runs on a temporary SQLite file and, when
``DONJON_TEST_DATABASE_URL`` names a PostgreSQL database (``scripts/postgres-for-tests.sh``
prints one), once more on PostgreSQL, in a schema of its own dropped afterwards."""

from __future__ import annotations

import itertools
import os
import re

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool

from donjon.server.app import create_app
from tests.server.smtp_sink import mail_sink  # noqa: F401 - the fixture, for every server test

POSTGRES_URL = os.environ.get("DONJON_TEST_DATABASE_URL", "").strip()
BACKENDS = ["sqlite", "postgres"] if POSTGRES_URL else ["sqlite"]


#: one count per process, whichever ``PostgresSchemas`` asks: the browser tests' live server
#: has its own instance, and two counts from 0 once gave it the name of a server test's schema,
#: which that test then dropped under the running server
_SCHEMA_NUMBERS = itertools.count()


def schema_name() -> str:
    """A schema name no other test of this run has: ``dt_<pid>_<n>``."""
    return f"dt_{os.getpid()}_{next(_SCHEMA_NUMBERS)}"


class PostgresSchemas:
    """One schema per test in the test database, named by ``schema_name``: the URL handed to
    the server sets its search_path (and application_name, to find its connections again)."""

    def __init__(self, url: str):
        self.base = make_url(url)
        self.admin = create_engine(self.base, poolclass=NullPool, isolation_level="AUTOCOMMIT")
        self._drop_stale()

    def _drop_stale(self) -> None:
        """Schemas that a killed test run of this machine left behind."""
        with self.admin.connect() as conn:
            names = conn.execute(text(
                "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'dt\\_%'")).scalars()
            for name in list(names):
                found = re.fullmatch(r"dt_(\d+)_\d+", name)
                if found and not _alive(int(found.group(1))):
                    self._drop(conn, name)

    def create(self) -> tuple[str, str]:
        name = schema_name()
        with self.admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
            conn.execute(text(f'CREATE SCHEMA "{name}"'))
        url = self.base.update_query_dict(
            {"options": f"-csearch_path={name}", "application_name": name})
        return name, url.render_as_string(hide_password=False)

    def drop(self, name: str) -> None:
        with self.admin.connect() as conn:
            self._drop(conn, name)

    @staticmethod
    def _drop(conn, name: str) -> None:
        # whatever the test left connected (a killed server's sessions) goes first
        conn.execute(text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = :name AND pid <> pg_backend_pid()"), {"name": name})
        conn.execute(text("SET lock_timeout = '20s'"))
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@pytest.fixture(scope="session")
def postgres_schemas():
    schemas = PostgresSchemas(POSTGRES_URL)
    yield schemas
    schemas.admin.dispose()


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    """A fresh, empty database: a SQLite file, or a PostgreSQL schema of its own. A test may ask
    for one backend only with ``@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)``."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'donjon.sqlite3'}"
        return
    if not POSTGRES_URL:
        pytest.skip("DONJON_TEST_DATABASE_URL is not set (scripts/postgres-for-tests.sh prints one)")
    schemas = request.getfixturevalue("postgres_schemas")
    name, url = schemas.create()
    yield url
    schemas.drop(name)


@pytest.fixture
def app(db_url):
    return create_app(db_url, bot_delay=0, secret_key="test-secret-key")


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        yield test_client


class Person:
    """One browser: its own cookies (session, CSRF token, language) on the shared client."""

    def __init__(self, client: TestClient, lang: str = "en"):
        self.client = client
        self.jar = httpx.Cookies()
        self.lang = lang
        self.get("/api/session")

    @property
    def csrf(self) -> str:
        return self.jar.get("donjon_csrf") or ""

    def request(self, method: str, url: str, *, csrf: bool = True, headers=None, **kwargs):
        self.client.cookies = self.jar
        sent = {"accept-language": self.lang}
        if csrf and method != "GET":
            sent["x-csrf-token"] = self.csrf
        sent.update(headers or {})
        response = self.client.request(method, url, headers=sent, **kwargs)
        self.jar = httpx.Cookies(self.client.cookies)
        return response

    def get(self, url, **kwargs):
        return self.request("GET", url, **kwargs)

    def post(self, url, json=None, **kwargs):
        return self.request("POST", url, json=json, **kwargs)

    def websocket(self, url, **kwargs):
        self.client.cookies = self.jar
        headers = {"accept-language": self.lang, **kwargs.pop("headers", {})}
        return self.client.websocket_connect(url, headers=headers, **kwargs)

    @property
    def user(self):
        return self.get("/api/session").json()["user"]


@pytest.fixture
def person(client):
    def make(lang: str = "en") -> Person:
        return Person(client, lang)

    return make


def create_table(who: Person, game="castle-rooms", seats=("human", "human"), **extra):
    spec = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
    response = who.post("/api/tables", {"game": game, "players": len(spec), "seats": spec, **extra})
    assert response.status_code == 201, response.text
    return response.json()["table"]


def manager(client: TestClient):
    return client.app.state.manager


def events(log):
    """A state message's log entries as the engine's events (without their sentences)."""
    return [{"key": e["key"], "args": e["args"]} for e in log]


def offered(live, seat, lang="en"):
    """What a state message offers ``seat``: its legal actions, each with its identity, its
    text and its label in ``lang`` naming the table's players."""
    from donjon.engine import text
    from donjon.server.display import player_names

    if seat is None:
        return []
    names = player_names(live.seats, lang)
    return [{**a.to_json(), "text": a.text, "label": text.label(live.state.game, a, lang, names)}
            for a in live.state.legal_actions(seat)]
