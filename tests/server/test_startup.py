"""Start-up and waking (issue #11): tables are loaded when first needed, not replayed at start;
a table whose bot is to move, or whose clock runs out, is woken from the database even if nobody
has it open; an open table nobody starts expires; the schema is what the migrations build; a
turn-based player away from the table gets an e-mail."""

from __future__ import annotations

import time

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from donjon.server.app import create_app
from donjon.server.db import make_engine, metadata, run_migrations
from donjon.server.spawned import free_port
from tests.server.conftest import Person, create_table, manager
from tests.server.life_helpers import seated_pair, wait_until


def test_start_up_replays_nothing_and_loads_a_table_when_asked(db_url):
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        alice, bob = Person(client), Person(client)
        alice.post("/api/register", {"name": "Alice", "password": "password-a"})
        bob.post("/api/register", {"name": "Bob", "password": "password-b"})
        tid = create_table(alice)["id"]
        bob.post(f"/api/tables/{tid}/join", {"seat": 1})
        alice.post(f"/api/tables/{tid}/start")
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        assert tid not in manager(client).tables  # nothing replayed at start-up
        lobby = Person(client).get("/api/tables").json()  # the lobby reads the database
        assert [t["id"] for t in lobby["running"]] == [tid]
        assert Person(client).get(f"/api/tables/{tid}").status_code == 200
        assert manager(client).tables[tid].state is not None


def test_a_bot_table_is_woken_after_a_restart_and_plays_on(db_url):
    with TestClient(create_app(db_url, bot_delay=0.2, secret_key="k")) as client:
        owner = Person(client)
        made = owner.post("/api/tables", {"game": "castle-rooms", "players": 2, "sit": False,
                                          "start": False,
                                          "seats": [{"kind": "bot", "bot": "easy"}] * 2})
        tid = made.json()["table"]["id"]
        assert owner.post(f"/api/tables/{tid}/start").status_code == 200
        assert wait_until(lambda: manager(client).tables[tid].version >= 1)
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        mgr = manager(client)
        mgr.wake_poll = 0.05
        assert wait_until(lambda: tid in mgr.finished, timeout=120)  # nobody asked for it
        assert mgr.finished[tid].status == "finished"


def test_an_expired_open_table_disappears(person, client):
    alice = person()
    tid = create_table(alice, seats=("human", "human"))["id"]
    mgr = manager(client)
    mgr.wake_poll = 0.05
    assert tid in [t["id"] for t in alice.get("/api/tables").json()["open"]]
    mgr.tables[tid].expires_at = time.time() - 1
    assert wait_until(lambda: mgr.tables.get(tid) is None)
    lobby = alice.get("/api/tables").json()
    assert tid not in [t["id"] for lst in lobby.values() for t in lst]
    info = alice.get(f"/api/tables/{tid}").json()["table"]
    assert info["status"] == "closed" and info["closed_reason"] == "expired"
    assert alice.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 409


def test_a_timeout_wakes_a_table_nobody_has_loaded(db_url):
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        alice, bob = Person(client), Person(client)
        alice.post("/api/register", {"name": "Alice", "password": "password-a"})
        bob.post("/api/register", {"name": "Bob", "password": "password-b"})
        tid = alice.post("/api/tables", {
            "game": "castle-rooms", "players": 2, "seats": [{"kind": "human"}] * 2,
            "options": {"clock": "realtime", "clock_bank": 5, "clock_increment": 5}},
        ).json()["table"]["id"]
        bob.post(f"/api/tables/{tid}/join", {"seat": 1})
        alice.post(f"/api/tables/{tid}/start")
        seat = manager(client).tables[tid].state.to_move()[0]
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        mgr = manager(client)
        mgr.wake_poll = 0.05
        assert wait_until(lambda: tid in mgr.tables and mgr.tables[tid].seats[seat].replaced,
                          timeout=20)
        assert mgr.tables[tid].seats[seat].replaced == "timeout"


def test_the_schema_is_what_the_migrations_build(db_url):
    engine = make_engine(db_url)
    run_migrations(engine)
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
    engine.dispose()
    assert differences == []


def test_a_turn_based_player_away_gets_an_email(db_url, monkeypatch):
    from aiosmtpd.controller import Controller
    from aiosmtpd.handlers import Message

    received = []

    class Sink(Message):
        def handle_message(self, message):
            received.append(message)

    port = free_port()
    sink = Controller(Sink(), hostname="127.0.0.1", port=port)
    sink.start()
    try:
        monkeypatch.setenv("DONJON_SMTP_HOST", "127.0.0.1")
        monkeypatch.setenv("DONJON_SMTP_PORT", str(port))
        monkeypatch.setenv("DONJON_PUBLIC_URL", "https://donjon.example")
        with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
            person = lambda: Person(client)  # noqa: E731
            alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=3600)
            live = manager(client).tables[tid]
            people = [alice, bob]
            assert bob.get("/api/notifications").json()["email_available"] is True
            for who, name in ((alice, "alice"), (bob, "bob")):
                saved = who.post("/api/notifications",
                                 {"turn_email": True, "email": f"{name}@example.org"})
                assert saved.status_code == 200 and saved.json()["turn_email"] is True
            assert bob.post("/api/notifications", {"turn_email": True,
                                                   "email": "not an address"}).status_code == 400
            first = live.state.to_move()[0]
            other = 1 - first
            while live.state.to_move() == [first]:
                action = live.state.legal_actions(first)[0]
                people[first].post(f"/api/tables/{tid}/moves",
                                   {"action": action.to_json(), "version": live.version})
            assert wait_until(lambda: len(received) == 1, timeout=20)
            mail = received[0]
            address = f"{['alice', 'bob'][other]}@example.org"
            assert mail["To"] == address and "Your turn" in mail["Subject"]
            assert f"https://donjon.example/table/{tid}" in mail.get_payload()
    finally:
        sink.stop()
