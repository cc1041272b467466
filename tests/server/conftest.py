"""Fixtures for the web-table API tests: an app on a temporary SQLite file, and people with
their own cookie jars sharing one test client."""

from __future__ import annotations

import httpx
import pytest
from fastapi.testclient import TestClient

from donjon.server.app import create_app


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'donjon.sqlite3'}"


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
        return self.client.websocket_connect(url, **kwargs)

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
