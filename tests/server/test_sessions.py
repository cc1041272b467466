"""Session generations (logging out voids every cookie issued before, on HTTP and WebSocket) and
lazy guests (looking at pages creates no account; taking a seat does)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, inspect, select, text
from starlette.websockets import WebSocketDisconnect

from donjon.server.app import create_app
from donjon.server.db import make_engine, run_migrations, users
from tests.server.conftest import Person, create_table


def head_revision() -> str:
    from pathlib import Path

    from alembic.script import ScriptDirectory

    import donjon.server

    folder = Path(donjon.server.__file__).parent / "migrations"
    head = ScriptDirectory(str(folder)).get_current_head()
    assert head is not None
    return head


def user_count(client) -> int:
    with client.app.state.store.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(users)).scalar_one()


def set_session(who: Person, token: str) -> None:
    """Put ``token`` in ``who``'s jar where the server's own cookie would be (one cookie only)."""
    who.jar.delete("donjon_session")
    who.jar.set("donjon_session", token, domain="testserver.local", path="/")


def steal(victim: Person, thief: Person) -> None:
    set_session(thief, victim.jar.get("donjon_session"))


# -- logging out ends the session ----------------------------------------------------------------


def test_logout_voids_a_copied_cookie(person):
    alice, mallory = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    tid = create_table(alice)["id"]
    steal(alice, mallory)
    stolen = mallory.jar.get("donjon_session")
    assert mallory.user["name"] == "Alice"  # a copied cookie works... until Alice logs out
    assert alice.post("/api/logout").json() == {"user": None}
    assert alice.user is None and mallory.user is None
    refused = mallory.post(f"/api/tables/{tid}/leave")
    assert refused.status_code == 401 and refused.json()["error"] == "login_required"
    create_table(mallory)  # needs a name: the thief becomes a guest of their own, not Alice
    assert mallory.user["name"] != "Alice"
    # logging in again opens a new session; the old cookie stays void
    assert alice.post("/api/login", {"name": "Alice", "password": "correct horse"}).status_code == 200
    assert alice.user["name"] == "Alice"
    set_session(mallory, stolen)
    assert mallory.user is None


def test_logout_ends_every_session_of_the_user_and_a_guests_too(person):
    guest, other_tab = person(), person()
    guest.post("/api/guest")
    steal(guest, other_tab)
    assert other_tab.user == guest.user
    guest.post("/api/logout")
    assert other_tab.user is None


def test_a_stale_cookie_opens_no_websocket_and_logout_closes_open_ones(person, client):
    alice, mallory = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    tid = create_table(alice)["id"]
    steal(alice, mallory)
    with mallory.websocket(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["type"] == "table"
        assert ws.receive_json()["seat"] == 0  # the thief holds Alice's seat...
        alice.post("/api/logout")  # ...until she logs out: the open socket is closed
        ws.send_json({"type": "ping"})  # a socket left open would answer (not hang the test)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    assert not client.app.state.manager.tables[tid].connections
    with pytest.raises(WebSocketDisconnect) as closed, mallory.websocket(f"/ws/tables/{tid}") as ws:
        ws.receive_json()
    assert closed.value.code == 4401
    with mallory.websocket(f"/ws/tables/{tid}?watch=1") as ws:  # watching needs no one
        assert ws.receive_json()["type"] == "table"
        assert ws.receive_json()["seat"] is None


def test_a_cookie_from_before_generations_counts_as_generation_0(person, client):
    alice, old = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    user_id = alice.user["id"]
    set_session(old, client.app.state.signer.dumps(user_id))
    assert old.user["name"] == "Alice"
    alice.post("/api/logout")
    assert old.user is None
    for bad in ("Alice", [user_id], [user_id, "0"], [user_id, 0, 0], True):
        set_session(old, client.app.state.signer.dumps(bad))
        assert old.user is None


def test_sessions_cost_one_user_read_per_user_and_logout_survives_a_restart(db_url):
    app = create_app(db_url, bot_delay=0, secret_key="test-secret-key")
    with TestClient(app) as client:
        alice, mallory = Person(client), Person(client)
        alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
        steal(alice, mallory)
        store, reads = app.state.store, []
        real = store.user
        store.user = lambda user_id: reads.append(user_id) or real(user_id)
        for _ in range(5):
            assert alice.user["name"] == "Alice"
        assert reads == []  # registering cached the user and their generation
        app.state.users.clear()  # as after a restart
        for _ in range(5):
            assert mallory.user["name"] == "Alice"
        assert len(reads) == 1
        alice.post("/api/logout")
        assert mallory.user is None
        stolen = mallory.jar.get("donjon_session")
    restarted = create_app(db_url, bot_delay=0, secret_key="test-secret-key")
    with TestClient(restarted) as client:
        mallory = Person(client)
        set_session(mallory, stolen)
        assert mallory.user is None  # the generation is in the database, not only in memory


def test_a_0001_database_upgrades_in_place(db_url):
    from alembic.runtime.migration import MigrationContext

    engine = make_engine(db_url)
    run_migrations(engine, "0001")
    with engine.begin() as conn:
        assert "session_epoch" not in {c["name"] for c in inspect(conn).get_columns("users")}
        conn.execute(text(
            "INSERT INTO users (name, password_hash, guest, created_at) "
            "VALUES ('guest-old', NULL, :guest, '2026-11-30 12:00:00')"), {"guest": True})
        user_id = conn.execute(text("SELECT id FROM users WHERE name = 'guest-old'")).scalar()
    engine.dispose()
    app = create_app(db_url, bot_delay=0, secret_key="test-secret-key")
    with TestClient(app) as client:
        with app.state.store.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == head_revision()
            epoch = conn.execute(select(users.c.session_epoch).where(users.c.id == user_id))
            assert epoch.scalar_one() == 0
        before, thief = Person(client), Person(client)
        set_session(before, app.state.signer.dumps(user_id))  # issued before 0002
        assert before.user == {"id": user_id, "name": "guest-old", "guest": True}
        steal(before, thief)
        before.post("/api/logout")
        assert thief.user is None
        assert Person(client).post("/api/guest").json()["user"]["guest"] is True


# -- looking creates no account ------------------------------------------------------------------


def test_anonymous_page_views_create_no_user(person, client):
    owner = person()
    tid = create_table(owner)["id"]  # creating a table is what makes the owner a guest
    assert user_count(client) == 1
    paths = ("/", f"/table/{tid}", f"/replay/{tid}", "/rules", "/rules/castle-rooms", "/login",
             "/register", "/table/nosuchtable", "/nowhere", "/api/session", "/api/tables",
             f"/api/tables/{tid}")
    for _ in range(10):
        visitor = person()  # a fresh browser: a crawler, or a link followed from another site
        for path in paths:
            response = visitor.get(path, headers={"referer": "https://elsewhere.example/"})
            assert response.status_code in (200, 404), path
        assert visitor.jar.get("donjon_session") is None
    assert user_count(client) == 1
    page = visitor.get(f"/table/{tid}").text
    assert f'data-table="{tid}"' in page and '"user": null' in page


def test_a_visitor_watches_without_an_account_and_becomes_a_guest_on_taking_a_seat(person,
                                                                                   client):
    owner, visitor = person(), person()
    tid = create_table(owner)["id"]
    visitor.get(f"/table/{tid}")
    with visitor.websocket(f"/ws/tables/{tid}?watch=1") as ws:
        assert ws.receive_json()["type"] == "table"
        state = ws.receive_json()
        assert state["type"] == "state" and state["seat"] is None
        ws.send_json({"type": "act", "action": "anything", "version": 0})
        assert ws.receive_json()["error"] == "not_seated"
    assert visitor.get(f"/api/tables/{tid}").json()["state"]["seat"] is None
    assert user_count(client) == 1
    joined = visitor.post(f"/api/tables/{tid}/join", {"seat": 1})
    assert joined.status_code == 200, joined.text
    assert user_count(client) == 2
    guest = visitor.user
    assert guest["guest"] is True and guest["name"].startswith("guest-")
    assert joined.json()["table"]["seats"][1]["user_id"] == guest["id"]
    with visitor.websocket(f"/ws/tables/{tid}?watch=1") as ws:  # the session wins over watch
        assert ws.receive_json()["type"] == "table"
        assert ws.receive_json()["seat"] == 1
    assert owner.post(f"/api/tables/{tid}/start").status_code == 200
    assert user_count(client) == 2
