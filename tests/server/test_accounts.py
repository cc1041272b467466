"""Accounts, sessions, CSRF protection and languages."""

from __future__ import annotations

import dataclasses
import json
import re
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, text

from donjon.server.accounts import password_hasher
from donjon.server.app import create_app
from donjon.server.db import make_engine, run_migrations, users
from donjon.server.pushstore import PushStore
from tests.server.conftest import Person, create_table, manager
from tests.server.life_helpers import wait_until
from tests.server.smtp_sink import Sink


def user_count(client) -> int:
    with client.app.state.store.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(users)).scalar_one()


def test_register_login_logout(person, client):
    alice = person()
    assert alice.user is None
    response = alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    assert response.status_code == 200, response.text
    assert alice.user["name"] == "Alice" and alice.user["guest"] is False
    assert alice.post("/api/logout").json() == {"user": None}
    assert alice.user is None
    response = alice.post("/api/login", {"name": "Alice", "password": "correct horse"})
    assert response.status_code == 200
    assert alice.user["name"] == "Alice"


def test_passwords_are_hashed_with_argon2(person, client):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    engine = client.app.state.store.engine
    with engine.connect() as conn:
        digest = conn.execute(select(users.c.password_hash).where(users.c.name == "Alice")).scalar()
    assert digest.startswith("$argon2id$")
    assert "correct horse" not in digest


def test_argon2_keeps_its_default_costs_unless_the_site_sets_them():
    """``DONJON_ARGON2``: unset, argon2-cffi's defaults (RFC 9106: 3 passes, 64 MiB, 4 lanes);
    each parameter may be raised or lowered; a setting argon2 cannot use stops the start with
    what is allowed; a password hashed under other costs still verifies."""
    assert password_hasher(None).hash("x").startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert password_hasher("").hash("x").startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    raised = password_hasher('{"time_cost": 4, "memory_cost": 1024}')
    digest = raised.hash("correct horse")
    assert digest.startswith("$argon2id$v=19$m=1024,t=4,p=4$")
    assert password_hasher('{"time_cost": 1, "memory_cost": 8, "parallelism": 1}').verify(
        digest, "correct horse")
    for wrong in ('{"time": 2}', '{"time_cost": 0}', '{"time_cost": "2"}', "[1]", "fast",
                  '{"memory_cost": 8, "parallelism": 4}'):
        with pytest.raises(ValueError, match="DONJON_ARGON2"):
            password_hasher(wrong)


def test_a_password_stored_under_other_costs_is_hashed_again_when_its_owner_logs_in(
        person, client, monkeypatch):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    engine = client.app.state.store.engine

    def stored():
        with engine.connect() as conn:
            return conn.execute(select(users.c.password_hash, users.c.session_epoch)
                                .where(users.c.name == "Alice")).one()

    before, epoch = stored()
    monkeypatch.setattr(client.app.state, "hasher", password_hasher('{"time_cost": 2}'))
    assert alice.post("/api/logout").status_code == 200
    assert person().post("/api/login", {"name": "Bob", "password": "x"}).status_code == 401
    assert stored()[0] == before  # nobody's password was hashed again
    assert alice.post("/api/login", {"name": "Alice", "password": "correct horse"}).status_code == 200
    after, epoch_after = stored()
    assert ",t=2," in after and after != before
    assert epoch_after == epoch + 1  # the logout's; the new hash ends no session
    assert alice.user["name"] == "Alice"
    # hashed at the site's costs now: the next login keeps it
    other = person()
    assert other.post("/api/login", {"name": "Alice", "password": "correct horse"}).status_code == 200
    assert stored()[0] == after


def test_a_name_nobody_has_is_checked_against_a_password_all_the_same(person, client,
                                                                      monkeypatch):
    """A login for an unknown name, or a guest's, costs a password check as a member's does:
    answering sooner would tell which names exist."""
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    guest = person()
    guest.post("/api/guest")
    guest_name = guest.user["name"]
    real = client.app.state.hasher
    checked = []

    class Counting:
        def hash(self, password):
            return real.hash(password)

        def verify(self, digest, password):
            checked.append(digest)
            return real.verify(digest, password)

        def check_needs_rehash(self, digest):
            return real.check_needs_rehash(digest)

    monkeypatch.setattr(client.app.state, "hasher", Counting())
    for name, password, status in (("Alice", "wrong horse", 401), ("Nobody", "correct horse", 401),
                                   (guest_name, "", 401), ("Alice", "correct horse", 200)):
        response = person().post("/api/login", {"name": name, "password": password})
        assert response.status_code == status, (name, response.text)
    assert len(checked) == 4
    assert checked[1] == checked[2] == client.app.state.stand_in_hash != checked[0]


def test_bad_credentials_and_names_get_clear_errors(person):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    bob = person()
    wrong = bob.post("/api/login", {"name": "Alice", "password": "wrong password"})
    assert wrong.status_code == 401
    assert wrong.json() == {"error": "login", "message": "Wrong name or password."}
    assert bob.post("/api/login", {"name": "Nobody", "password": "whatever1"}).status_code == 401
    taken = bob.post("/api/register", {"name": "Alice", "password": "another one"})
    assert taken.status_code == 409 and taken.json()["error"] == "name_taken"
    short = bob.post("/api/register", {"name": "Bob", "password": "short"})
    assert short.status_code == 400 and short.json()["error"] == "password"
    bad = bob.post("/api/register", {"name": "<script>", "password": "long enough"})
    assert bad.status_code == 400 and bad.json()["error"] == "name"
    guestlike = bob.post("/api/register", {"name": "guest-1234", "password": "long enough"})
    assert guestlike.status_code == 400
    not_json = bob.post("/api/login", content=b"name=Alice", headers={"content-type": "text/plain"})
    assert not_json.status_code == 400 and not_json.json()["error"] == "not_json"


def test_guest_session(person):
    guest = person()
    response = guest.post("/api/guest")
    assert response.status_code == 200
    user = guest.user
    assert user["guest"] is True and user["name"].startswith("guest-")


def test_a_forged_session_cookie_is_ignored(person):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    alice.jar.set("donjon_session", alice.jar.get("donjon_session")[:-3] + "xyz")
    assert alice.user is None


def test_state_changing_requests_need_the_csrf_token(person):
    mallory = person()
    missing = mallory.post("/api/guest", csrf=False)
    assert missing.status_code == 403 and missing.json()["error"] == "csrf"
    wrong = mallory.post("/api/guest", csrf=False, headers={"x-csrf-token": "not-the-cookie"})
    assert wrong.status_code == 403
    table = mallory.post("/api/tables", {"game": "castle-rooms"}, csrf=False)
    assert table.status_code == 403


def test_cross_origin_requests_are_refused(person):
    alice = person()
    response = alice.post("/api/guest", headers={"origin": "https://evil.example"})
    assert response.status_code == 403 and response.json()["error"] == "origin"
    same = alice.post("/api/guest", headers={"origin": "http://testserver"})
    assert same.status_code == 200


def test_language_from_browser_cookie_and_switch(person, client):
    french = person("fr-FR,fr;q=0.9,en;q=0.5")
    page = french.get("/")
    assert '<html lang="fr">' in page.text and "Salon" in page.text
    english = person("de-DE,en;q=0.8")
    assert '<html lang="en">' in english.get("/").text
    switched = english.get("/lang/fr?next=/rules", follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "/rules"
    assert '<html lang="fr">' in english.get("/").text
    # an open redirect is refused
    away = english.get("/lang/en?next=//evil.example", follow_redirects=False)
    assert away.headers["location"] == "/"
    error = french.post("/api/login", {"name": "x", "password": "y"})
    assert error.json()["message"] == "Nom ou mot de passe incorrect."


def test_every_message_exists_in_both_languages():
    from donjon.server.i18n import MESSAGES

    assert set(MESSAGES["en"]) == set(MESSAGES["fr"])
    assert all(MESSAGES["fr"][k] for k in MESSAGES["fr"])


def test_pages_carry_security_headers(client):
    client.cookies.clear()
    response = client.get("/")
    assert response.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    cookie = [v for k, v in response.headers.multi_items() if k == "set-cookie"]
    assert any("donjon_csrf=" in c and "SameSite=strict" in c for c in cookie)


@pytest.mark.parametrize("path", ["/static/donjon.css", "/api/tables/nothing-here", "/no-page",
                                  "/healthz", "/api/openapi.json"])
def test_every_kind_of_response_carries_the_security_headers_once(client, path):
    # a static file, an API refusal, the 404 page, the load balancer's probe, the schema
    response = client.get(path)
    for name in ("x-frame-options", "content-security-policy", "x-content-type-options",
                 "referrer-policy"):
        assert len(response.headers.get_list(name)) == 1, (path, name)
    assert response.headers["x-frame-options"] == "DENY"


# -- names: one name however it is written (issue #11) ------------------------------------------


@pytest.mark.parametrize("variant", ["alice", "ALICE", " Alice ", "Ａｌｉｃｅ", "\u0410lice",
                                     "A\u200dlice"])
def test_a_name_taken_in_another_case_width_or_with_look_alike_letters_is_taken(person, variant):
    """Registration compares names by NFKC, case folding and Unicode's confusables (UTS #39):
    a Cyrillic А, a full-width Ａ or a case variant is the same name as "Alice"."""
    person().post("/api/register", {"name": "Alice", "password": "correct horse"})
    response = person().post("/api/register", {"name": variant, "password": "another one"})
    assert response.status_code in (400, 409), response.text
    assert response.json()["error"] in ("name_taken", "name")


@pytest.mark.parametrize("name", [" guest-12fed8", "guest-12fed8", "Guest_12fed8", "GUEST-1",
                                  "gu\u0435st-1", "anonymous-3fa2c1", "guest"])
def test_names_like_a_guests_or_a_deleted_accounts_are_refused(person, name):
    """A password account named like a guest (" guest-12fed8" passed before: the check looked
    at the name before it was stripped) or like a deleted account."""
    response = person().post("/api/register", {"name": name, "password": "long enough"})
    assert response.status_code == 400 and response.json()["error"] == "name"


def test_logging_in_finds_the_name_however_it_is_written(person):
    alice = person()
    alice.post("/api/register", {"name": "Zoë Martin", "password": "correct horse"})
    for written in ("zoë martin", "ZOË MARTIN", "Zoe\u0308 Martin", " Zoë  Martin "):
        other = person()
        response = other.post("/api/login", {"name": written, "password": "correct horse"})
        assert response.status_code == 200, written
        assert other.user["name"] == "Zoë Martin"


def test_a_shown_name_is_kept_in_nfkc_with_single_spaces(person):
    alice = person()
    response = alice.post("/api/register", {"name": "  Ｂｏｂ   Ｓｍｉｔｈ ", "password": "long enough"})
    assert response.status_code == 200, response.text
    assert alice.user["name"] == "Bob Smith"


def test_migration_0005_renames_existing_names_that_would_collide(db_url):
    """Names registered before 0005 may collide once compared by their keys: members keep
    theirs before guests, the earliest first; the others get "-2", "-3"."""
    engine = make_engine(db_url)
    run_migrations(engine, "0004")
    with engine.begin() as conn:
        for name, guest in (("alice", True), ("Alice", False), ("ALICE", False),
                            ("\u0410lice", False), ("Bob", False), ("alice-2", False)):
            conn.execute(text("INSERT INTO users (name, password_hash, guest, created_at) "
                              "VALUES (:name, 'x', :guest, '2026-12-01 10:00:00')"),
                         {"name": name, "guest": guest})
    run_migrations(engine)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT id, name, name_key FROM users ORDER BY id")).all()
    engine.dispose()
    by_id = {r.id: r.name for r in rows}
    assert [by_id[i] for i in sorted(by_id)] == ["alice-5", "Alice", "ALICE-3", "\u0410lice-4",
                                                 "Bob", "alice-2"]
    keys = [r.name_key for r in rows]
    assert len(set(keys)) == len(keys) and all(keys)


def test_the_schema_the_migrations_build_is_schema_py(db_url):
    """``schema.py`` describes exactly what the migrations build (columns, types, indexes)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from donjon.server.schema import metadata

    engine = make_engine(db_url)
    run_migrations(engine)
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
    engine.dispose()
    # SQLite reflects no foreign keys' names and a few types loosely: compare what matters
    relevant = [d for d in differences if not (isinstance(d, tuple) and d[0] in (
        "add_fk", "remove_fk"))]
    assert relevant == []


# -- a guest becomes a member, keeping everything ------------------------------------------------


def test_a_guest_who_registers_mid_game_keeps_their_seat_and_plays_on(person, client):
    """Issue #11: registering from a guest session upgrades that user (it used to make a new
    one: the guest's seat was lost and the table stuck)."""
    visitor, bob = person(), person()
    table = create_table(visitor)  # the visitor becomes a guest by creating a table
    tid = table["id"]
    guest = visitor.user
    assert guest["guest"] is True
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    assert visitor.post(f"/api/tables/{tid}/start").status_code == 200
    response = visitor.post("/api/register", {"name": "Vera", "password": "correct horse",
                                              "email": "vera@example.org"})
    assert response.status_code == 200, response.text
    member = visitor.user
    assert member == {"id": guest["id"], "name": "Vera", "guest": False}
    info = visitor.get(f"/api/tables/{tid}").json()
    assert info["table"]["seats"][0]["name"] == "Vera"
    assert info["state"]["seat"] == 0
    live = manager(client).tables[tid]
    mover = {0: visitor, 1: bob}[live.state.to_move()[0]]
    action = live.state.legal_actions(live.state.to_move()[0])[0].to_json()
    moved = mover.post(f"/api/tables/{tid}/moves", {"action": action, "version": live.version})
    assert moved.status_code == 200, moved.text
    # the member logs in again later and finds the table
    visitor.post("/api/logout")
    assert visitor.post("/api/login", {"name": "vera", "password": "correct horse"}).status_code == 200
    assert visitor.get(f"/api/tables/{tid}").json()["state"]["seat"] == 0
    assert user_count(client) == 2


def test_registering_from_a_members_session_makes_another_account(person, client):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    first = alice.user
    alice.post("/api/register", {"name": "Alias", "password": "correct horse"})
    assert alice.user["id"] != first["id"] and alice.user["name"] == "Alias"
    assert user_count(client) == 2


# -- passwords: change, and reset by e-mail -------------------------------------------------------


def test_changing_the_password_needs_the_current_one_and_ends_other_sessions(person):
    alice, other_browser = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    other_browser.post("/api/login", {"name": "Alice", "password": "correct horse"})
    wrong = alice.post("/api/account/password", {"current": "not it", "new": "battery staple"})
    assert wrong.status_code == 403 and wrong.json()["error"] == "wrong_password"
    short = alice.post("/api/account/password", {"current": "correct horse", "new": "short"})
    assert short.status_code == 400 and short.json()["error"] == "password"
    done = alice.post("/api/account/password", {"current": "correct horse",
                                                "new": "battery staple"})
    assert done.status_code == 200, done.text
    assert alice.user["name"] == "Alice"  # this session goes on
    assert other_browser.user is None  # every other one ended
    assert person().post("/api/login", {"name": "Alice",
                                        "password": "correct horse"}).status_code == 401
    assert person().post("/api/login", {"name": "Alice",
                                        "password": "battery staple"}).status_code == 200


def test_a_guest_has_no_password_to_change(person):
    guest = person()
    guest.post("/api/guest")
    response = guest.post("/api/account/password", {"current": "", "new": "battery staple"})
    assert response.status_code == 403


@pytest.fixture
def mail_app(db_url, mail_sink):
    app = create_app(db_url, bot_delay=0, secret_key="test-secret-key", mailer=mail_sink.mailer)
    with TestClient(app) as test_client:
        yield test_client, mail_sink


def test_a_forgotten_password_is_reset_through_a_link_sent_by_e_mail(mail_app):
    client, sink = mail_app
    alice, thief = Person(client), Person(client)
    alice.post("/api/register", {"name": "Alice", "password": "correct horse",
                                 "email": "alice@example.org"})
    thief.post("/api/login", {"name": "Alice", "password": "correct horse"})
    devices = PushStore(client.app.state.store.engine)  # the thief's device gets Alice's turns
    devices.subscribe(thief.user["id"], "https://fcm.googleapis.com/fcm/send/thief", "key",
                      "auth", "en", limit=10)
    stranger = Person(client, "fr")
    asked = stranger.post("/api/password-reset", {"name": "ALICE"})
    assert asked.status_code == 202 and asked.json() == {"sent": True}
    [message] = sink.wait(1)
    assert message["To"] == "alice@example.org"
    body = Sink.text(message)
    assert "Bonjour Alice" in body  # in the asker's language
    link = re.search(r"http://testserver/reset\?token=(\S+)", body)
    assert link is not None
    token = link.group(1)
    assert token not in str(client.app.state.store.engine.url)
    with client.app.state.store.engine.connect() as conn:  # only its hash is kept
        assert token not in str(conn.execute(text("SELECT * FROM password_resets")).all())
    page = stranger.get(f"/reset?token={token}")
    assert page.status_code == 200 and 'id="reset-form"' in page.text
    short = stranger.post("/api/password-reset/confirm", {"token": token, "password": "short"})
    assert short.status_code == 400 and short.json()["error"] == "password"
    done = stranger.post("/api/password-reset/confirm", {"token": token,
                                                         "password": "battery staple"})
    assert done.status_code == 200, done.text
    assert stranger.user["name"] == "Alice"  # logged in by the link
    assert thief.user is None and alice.user is None  # every other session ended
    assert devices.subscriptions_of(stranger.user["id"]) == []  # and no device gets them
    again = Person(client).post("/api/password-reset/confirm", {"token": token,
                                                                "password": "another one"})
    assert again.status_code == 400 and again.json()["error"] == "reset_token"
    assert Person(client).post("/api/login", {"name": "Alice",
                                              "password": "battery staple"}).status_code == 200
    assert Person(client).post("/api/login", {"name": "Alice",
                                              "password": "correct horse"}).status_code == 401


def test_a_reset_asked_by_address_and_one_for_nobody_look_the_same(mail_app):
    client, sink = mail_app
    alice = Person(client)
    alice.post("/api/register", {"name": "Alice", "password": "correct horse",
                                 "email": "Alice@Example.org"})
    nobody = Person(client).post("/api/password-reset", {"name": "Nobody"})
    no_address = Person(client)
    no_address.post("/api/register", {"name": "Bob", "password": "password-b"})
    bob = Person(client).post("/api/password-reset", {"name": "Bob"})
    by_address = Person(client).post("/api/password-reset", {"name": "alice@example.org"})
    assert nobody.json() == bob.json() == by_address.json() == {"sent": True}
    assert nobody.status_code == bob.status_code == by_address.status_code == 202
    [message] = sink.wait(1)
    assert message["To"] == "Alice@Example.org"
    # asking again at once sends nothing more (a mailbox is not flooded)
    Person(client).post("/api/password-reset", {"name": "Alice"})
    time.sleep(0.3)
    assert len(sink.messages) == 1


def test_an_expired_reset_link_is_refused(mail_app):
    client, sink = mail_app
    Person(client).post("/api/register", {"name": "Alice", "password": "correct horse",
                                          "email": "alice@example.org"})
    Person(client).post("/api/password-reset", {"name": "Alice"})
    token = re.search(r"token=(\S+)", Sink.text(sink.wait(1)[0])).group(1)
    with client.app.state.store.engine.begin() as conn:
        conn.execute(text("UPDATE password_resets SET expires_at = '2000-01-01 00:00:00'"))
    refused = Person(client).post("/api/password-reset/confirm",
                                  {"token": token, "password": "battery staple"})
    assert refused.status_code == 400 and refused.json()["error"] == "reset_token"


def test_without_a_mail_relay_a_reset_says_so(person):
    response = person().post("/api/password-reset", {"name": "Alice"})
    assert response.status_code == 503 and response.json()["error"] == "mail_off"


def test_the_e_mail_address_changes_only_with_the_password(person):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    refused = alice.post("/api/account/email", {"email": "mallory@evil.example",
                                                "password": "guess"})
    assert refused.status_code == 403
    bad = alice.post("/api/account/email", {"email": "not an address",
                                            "password": "correct horse"})
    assert bad.status_code == 400 and bad.json()["error"] == "email"
    done = alice.post("/api/account/email", {"email": "alice@example.org",
                                             "password": "correct horse"})
    assert done.status_code == 200
    assert alice.get("/api/account").json()["email"] == "alice@example.org"
    assert alice.post("/api/account/email", {"email": None,
                                             "password": "correct horse"}).json() == {"email": None}


# -- export and deletion -------------------------------------------------------------------------


def _finish_a_game(client, people, tid):
    """Play a table to its end (the first legal move each time); the rate limit on moves is
    lifted: this is a script, not a flood."""
    tables = manager(client)
    tables.limits = dataclasses.replace(tables.limits, moves_per_10s=10**6)
    live = tables.tables[tid]
    while live.status == "running":
        seat = live.state.to_move()[0]
        action = live.state.legal_actions(seat)[0].to_json()
        response = people[seat].post(f"/api/tables/{tid}/moves",
                                     {"action": action, "version": live.version})
        assert response.status_code == 200, response.text


def test_a_member_exports_their_data(person, client):
    alice, bob = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse",
                                 "email": "alice@example.org"})
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    tid = create_table(alice)["id"]
    bob.post(f"/api/tables/{tid}/join", {"seat": 1})
    alice.post(f"/api/tables/{tid}/start")
    _finish_a_game(client, [alice, bob], tid)
    # the ratings are written before the last move is answered; waiting costs nothing
    wait_until(lambda: alice.get("/api/account/export").json()["ratings"])
    response = alice.get("/api/account/export")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    data = response.json()
    assert data["account"]["name"] == "Alice" and data["account"]["email"] == "alice@example.org"
    assert [t["id"] for t in data["tables"]] == [tid]
    assert data["tables"][0]["result"]["ranks"] and data["tables"][0]["seat"] == 0
    assert set(data["ratings"]) == {"castle-rooms"}
    assert data["rating_changes"][0]["table_id"] == tid
    assert "password" not in response.text and "argon2" not in response.text
    assert person().get("/api/account/export").status_code == 401


def test_deleting_an_account_keeps_its_games_under_an_anonymous_name(person, client):
    alice, bob = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse",
                                 "email": "alice@example.org"})
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    tid = create_table(alice)["id"]
    bob.post(f"/api/tables/{tid}/join", {"seat": 1})
    alice.post(f"/api/tables/{tid}/start")
    _finish_a_game(client, [alice, bob], tid)
    other_browser = person()
    other_browser.post("/api/login", {"name": "Alice", "password": "correct horse"})
    refused = alice.post("/api/account/delete", {"password": "wrong"})
    assert refused.status_code == 403 and alice.user["name"] == "Alice"
    done = alice.post("/api/account/delete", {"password": "correct horse"})
    assert done.status_code == 200 and done.json() == {"user": None}
    assert alice.user is None and other_browser.user is None
    record = bob.get(f"/api/tables/{tid}").json()["table"]
    anonymous = record["seats"][0]["name"]
    assert anonymous.startswith("anonymous-") and "Alice" not in json.dumps(record)
    assert bob.get("/api/players/Bob").json()["tables"][0]["id"] == tid
    assert bob.get("/api/players/Alice").status_code == 404
    assert bob.get(f"/api/players/{anonymous}").status_code == 404
    assert person().post("/api/login", {"name": "Alice",
                                        "password": "correct horse"}).status_code == 401
    with client.app.state.store.engine.connect() as conn:
        row = conn.execute(text("SELECT email, password_hash, deleted_at FROM users "
                                "WHERE name = :n"), {"n": anonymous}).one()
    assert row.email is None and row.password_hash is None and row.deleted_at is not None
    board = bob.get("/api/leaderboard/castle-rooms").json()["players"]
    assert [p["name"] for p in board] == ["Bob"]


def test_a_guest_deletes_their_account_without_a_password(person):
    guest = person()
    create_table(guest)
    assert guest.post("/api/account/delete", {}).status_code == 200
    assert guest.user is None


# -- pages ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_account_profile_and_leaderboard_pages_render(person, client, lang):
    alice, bob = person(lang), person(lang)
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    tid = create_table(alice)["id"]
    bob.post(f"/api/tables/{tid}/join", {"seat": 1})
    alice.post(f"/api/tables/{tid}/start")
    _finish_a_game(client, [alice, bob], tid)
    account = alice.get("/account")
    assert account.status_code == 200 and 'id="password-form"' in account.text
    assert person(lang).get("/account", follow_redirects=False).status_code == 303
    profile = bob.get("/players/Alice")
    assert profile.status_code == 200 and f'href="/replay/{tid}"' in profile.text
    assert 'data-game="castle-rooms"' in profile.text
    # the ratings are written before the last move is answered; waiting costs nothing
    wait_until(lambda: 'href="/players/Alice"' in bob.get("/leaderboard/castle-rooms").text)
    assert bob.get("/leaderboard/castle-rooms").status_code == 200
    assert bob.get("/leaderboard").status_code == 200
    assert bob.get("/players/Nobody").status_code == 404
    assert bob.get("/leaderboard/chess").status_code == 404
