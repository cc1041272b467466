"""Accounts, sessions, CSRF protection and languages."""

from __future__ import annotations

from sqlalchemy import select

from donjon.server.db import users


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
