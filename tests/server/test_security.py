"""The security review's findings, each pinned by a test: what a seat may learn, what a request
may carry, and how the server answers what it does not expect."""

from __future__ import annotations

import ipaddress
import json

import pytest
from fastapi.testclient import TestClient

from donjon.server.app import create_app
from tests.server.conftest import Person, create_table, manager
from tests.server.served import Served


def two_players(person, game="castle-rooms"):
    alice, bob = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "password-a"})
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    table = create_table(alice, game=game)
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    assert alice.post(f"/api/tables/{table['id']}/start").status_code == 200
    return alice, bob, table["id"]


# -- hidden information ---------------------------------------------------------------------------


def test_no_payload_of_a_running_game_carries_its_seed_or_other_seats_moves(person, client):
    """Seed + moves are the whole hidden state: neither may reach anyone before the end, through
    any door (table, lobby, live messages, replay, record, errors)."""
    alice, bob, tid = two_players(person, game="citadels")
    people = [alice, bob]
    live = manager(client).tables[tid]
    seed = str(live.seed)
    seen: list[str] = []
    with alice.websocket(f"/ws/tables/{tid}") as wa:
        seen += [wa.receive_text(), wa.receive_text()]
        for _ in range(6):  # the draft: each pick is a secret of the seat that made it
            seat = live.state.to_move()[0]
            action = live.state.legal_actions(seat)[-1].text
            response = people[seat].post(f"/api/tables/{tid}/moves",
                                         {"action": action, "version": live.version})
            assert response.status_code == 200, response.text
            seen += [response.text, wa.receive_text()]
        other = 1 - live.state.to_move()[0]
        seen.append(people[other].post(f"/api/tables/{tid}/moves",
                                       {"action": "x", "version": live.version}).text)
        for url in (f"/api/tables/{tid}", "/api/tables", f"/api/tables/{tid}/record",
                    f"/api/tables/{tid}/replay?step=1&seat=1", f"/table/{tid}", f"/replay/{tid}"):
            seen.append(alice.get(url).text)
    blob = "\n".join(seen)
    assert seed not in blob
    for message in seen:
        if message.startswith("{"):  # JSON: moves only ever as a count, never their texts
            data = json.loads(message)
            assert not isinstance(data.get("moves"), list)
            assert "seed" not in data and "seed" not in (data.get("table") or {})
            assert "seed" not in (data.get("view") or {})


def test_an_engine_failure_does_not_echo_the_exception(person, client, monkeypatch):
    """A bug in a game's rules may carry hidden state in its message (a card, a hand): the
    player is told the move failed, the log keeps the details."""
    alice, bob, tid = two_players(person)
    live = manager(client).tables[tid]
    seat = live.state.to_move()[0]
    secret = f"hidden hand of the other seat: {live.state.hands[1 - seat]!r}"

    def broken(self, seat, action):
        raise RuntimeError(secret)

    monkeypatch.setattr(type(live.state), "_apply", broken)
    action = live.state.legal_actions(seat)[0].text
    response = [alice, bob][seat].post(f"/api/tables/{tid}/moves",
                                      {"action": action, "version": 0})
    assert response.status_code == 500 and response.json()["error"] == "engine"
    assert "hidden hand" not in response.text and "RuntimeError" not in response.text
    assert live.version == 0


def test_unexpected_server_errors_are_json_without_details(db_url):
    app = create_app(db_url, bot_delay=0, secret_key="test-secret-key")
    with TestClient(app, raise_server_exceptions=False) as client:
        def failing(*_args):
            raise RuntimeError("connection to postgres://admin:hunter2@db failed")

        client.app.state.store.user_by_name = failing
        response = Person(client).post("/api/login", {"name": "Alice", "password": "whatever1"})
    assert response.status_code == 500
    assert response.json()["error"] == "server" and response.json()["message"]
    assert "hunter2" not in response.text


# -- validation -----------------------------------------------------------------------------------


def test_an_oversized_body_is_refused(person):
    alice = person()
    big = b'{"name": "' + b"x" * (2 << 20) + b'"}'
    response = alice.post("/api/login", content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] == "too_large" and "KiB" in response.json()["message"]


def test_flags_and_seats_of_the_wrong_type_are_400(person):
    alice, bob, tid = two_players(person)
    spec = [{"kind": "human"}] * 2
    for flag in ({"sit": "no"}, {"start": 1}, {"sit": None}):
        response = alice.post("/api/tables", {"game": "castle-rooms", "players": 2, "seats": spec,
                                              **flag})
        assert response.status_code == 400, flag
        assert response.json()["error"] == "bad_flag"
        assert next(iter(flag)) in response.json()["message"]
    for seat in ("x", True, 1.0, [0]):
        response = alice.post(f"/api/tables/{tid}/moves",
                              {"action": "pass", "version": 0, "seat": seat})
        assert response.status_code == 400, seat
        assert response.json()["error"] == "bad_seat"


def test_a_binary_websocket_frame_gets_an_error_and_the_connection_lives(person, client):
    alice, bob, tid = two_players(person)
    with alice.websocket(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["type"] == "table"
        assert ws.receive_json()["type"] == "state"
        ws.send_bytes(b"\x00\x01 not text")
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"] == "not_json"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


# -- login throttling -----------------------------------------------------------------------------


def test_repeated_failed_logins_for_a_name_are_throttled(person, client):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    alice.post("/api/logout")
    throttle = client.app.state.login_throttle
    clock = [1000.0]
    throttle.clock = lambda: clock[0]
    mallory = person()
    for _ in range(throttle.attempts):
        wrong = mallory.post("/api/login", {"name": "Alice", "password": "guess-guess"})
        assert wrong.status_code == 401
    refused = mallory.post("/api/login", {"name": "alice ", "password": "correct horse"})
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_logins"
    assert "minute" in refused.json()["message"]
    assert int(refused.headers["retry-after"]) > 0
    # the limit is per name: someone else logs in as usual
    bob = person()
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    bob.post("/api/logout")
    assert bob.post("/api/login", {"name": "Bob", "password": "password-b"}).status_code == 200
    # the window passes: the right password works again, and success clears the count
    clock[0] += throttle.window + 1
    assert alice.post("/api/login", {"name": "Alice", "password": "correct horse"}).status_code == 200
    for _ in range(throttle.attempts - 1):
        assert mallory.post("/api/login", {"name": "Alice", "password": "x" * 9}).status_code == 401
    assert alice.post("/api/login", {"name": "Alice", "password": "correct horse"}).status_code == 200


def test_the_throttle_message_exists_in_french(person, client):
    throttle = client.app.state.login_throttle
    french = person("fr")
    for _ in range(throttle.attempts):
        french.post("/api/login", {"name": "Nobody", "password": "whatever1"})
    refused = french.post("/api/login", {"name": "Nobody", "password": "whatever1"})
    assert refused.status_code == 429 and "minute" in refused.json()["message"]


@pytest.mark.parametrize("bad", [{"name": 3, "password": "x"}, {"name": "a" * 500, "password": 1}])
def test_bad_login_bodies_are_401_not_500(person, bad):
    assert person().post("/api/login", bad).status_code == 401


# -- issue #11: what a second security review found -----------------------------------------------


def throttled_app(db_url):
    """An app behind a trusted proxy at 127.0.0.1 (the ``DONJON_TRUSTED_PROXIES`` setting):
    ``X-Forwarded-For`` names the client."""
    app = create_app(db_url, bot_delay=0, secret_key="test-secret-key")
    app.state.trusted_proxies = [ipaddress.ip_network("127.0.0.1/32")]
    return app


def from_address(client: TestClient, address: str) -> dict[str, str]:
    return {"x-forwarded-for": f"203.0.113.77, {address}"}  # the proxy appends the peer


def test_the_login_throttle_does_not_forget_a_name_when_many_others_fail(db_url):
    """The throttle used to keep 10,000 names and drop the oldest 1,000 beyond: a throttled
    guesser failing with other names from other addresses reset it in a minute. Now failures
    live in the database and are forgotten by age alone. (On the old code: its ``max_names``
    set to 100 below, the flood of 150 names makes it forget Alice, and the test fails.)"""
    with TestClient(throttled_app(db_url), client=("127.0.0.1", 40000)) as client:
        alice, mallory = Person(client), Person(client)
        alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
        throttle = client.app.state.login_throttle
        throttle.max_names = 100  # the old throttle's cap, made small (the new one has none)
        for i in range(throttle.attempts):
            mallory.post("/api/login", {"name": "Alice", "password": f"guess {i}"},
                         headers=from_address(client, f"198.51.100.{i}"))
        for i in range(150):  # other names, each from its own address
            mallory.post("/api/login", {"name": f"victim {i}", "password": "whatever1"},
                         headers=from_address(client, f"192.0.2.{i % 250}"))
        refused = mallory.post("/api/login", {"name": "Alice", "password": "correct horse"},
                               headers=from_address(client, "198.51.100.200"))
        assert refused.status_code == 429 and refused.json()["error"] == "too_many_logins"


def test_the_login_throttle_counts_per_client_address_behind_a_trusted_proxy(db_url):
    with TestClient(throttled_app(db_url), client=("127.0.0.1", 40000)) as client:
        throttle = client.app.state.login_throttle
        sprayer = Person(client)
        for i in range(throttle.address_attempts):  # one guess each for many names
            response = sprayer.post("/api/login", {"name": f"name {i}", "password": "guess-1"},
                                    headers=from_address(client, "198.51.100.9"))
            assert response.status_code == 401
        refused = sprayer.post("/api/login", {"name": "fresh name", "password": "guess-1"},
                               headers=from_address(client, "198.51.100.9"))
        assert refused.status_code == 429
        # another client behind the same proxy is not held back
        other = Person(client).post("/api/login", {"name": "fresh name", "password": "guess-1"},
                                    headers=from_address(client, "198.51.100.10"))
        assert other.status_code == 401
        # an IPv6 client is counted by its /64: changing the last bits does not help
        for i in range(throttle.address_attempts):
            sprayer.post("/api/login", {"name": f"v6 {i}", "password": "guess-1"},
                         headers=from_address(client, f"2001:db8:1:2::{i + 1:x}"))
        v6 = sprayer.post("/api/login", {"name": "v6 fresh", "password": "guess-1"},
                          headers=from_address(client, "2001:db8:1:2:ffff::1"))
        assert v6.status_code == 429


def test_an_untrusted_peer_cannot_pick_its_address_with_x_forwarded_for(db_url):
    app = create_app(db_url, bot_delay=0, secret_key="test-secret-key")  # no trusted proxy
    with TestClient(app, client=("198.51.100.50", 40000)) as client:
        throttle = client.app.state.login_throttle
        sprayer = Person(client)
        for i in range(throttle.address_attempts):
            sprayer.post("/api/login", {"name": f"name {i}", "password": "guess-1"},
                         headers={"x-forwarded-for": f"192.0.2.{i}"})
        refused = sprayer.post("/api/login", {"name": "fresh", "password": "guess-1"},
                               headers={"x-forwarded-for": "192.0.2.250"})
        assert refused.status_code == 429


def test_the_login_throttle_survives_a_restart(db_url):
    app = create_app(db_url, bot_delay=0, secret_key="test-secret-key")
    with TestClient(app) as client:
        Person(client).post("/api/register", {"name": "Alice", "password": "correct horse"})
        for _ in range(client.app.state.login_throttle.attempts):
            Person(client).post("/api/login", {"name": "Alice", "password": "guess-guess"})
    restarted = create_app(db_url, bot_delay=0, secret_key="test-secret-key")
    with TestClient(restarted) as client:
        refused = Person(client).post("/api/login", {"name": "alice",
                                                     "password": "correct horse"})
        assert refused.status_code == 429


NESTED = b"[" * 1001 + b"]" * 1001


@pytest.mark.parametrize("path", ["/api/login", "/api/register", "/api/tables",
                                  "/api/tables/abcdef/moves", "/api/guest"])
def test_a_deeply_nested_body_is_a_400_not_a_500(person, path):
    """``[`` × 1001 (1 KB) was a RecursionError, a 500 and a traceback in the log."""
    response = person().post(path, content=NESTED, headers={"content-type": "application/json"})
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "not_json"
    deep_option = b'{"game": "castle-rooms", "players": 2, "options": {"x": ' + b"[" * 40 + \
        b"]" * 40 + b"}}"
    refused = person().post("/api/tables", content=deep_option,
                            headers={"content-type": "application/json"})
    assert refused.status_code == 400


def test_a_deeply_nested_websocket_frame_gets_an_error_frame_and_the_connection_lives(person):
    alice, bob, tid = two_players(person)
    with alice.websocket(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["type"] == "table"
        assert ws.receive_json()["type"] == "state"
        ws.send_text("[" * 1001 + "]" * 1001)
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"] == "not_json"
        ws.send_text('{"type": "act", "action": ' + "[" * 100 + "]" * 100 + ', "version": 0}')
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_bodies_read_into_models_keep_the_64_kib_cap_even_without_a_length(person):
    alice = person()

    def chunks():
        yield b'{"game": "castle-rooms", "players": 2, "seats": [], "options": {"x": "'
        for _ in range(80):
            yield b"x" * 1024
        yield b'"}}'

    response = alice.post("/api/tables", content=chunks(),
                          headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"] == "too_large"
    big = {"game": "castle-rooms", "players": 2, "seats": [{"kind": "human"}] * 2,
           "options": {"x": "y" * (70 * 1024)}}
    assert alice.post("/api/tables", big).status_code == 413


def test_a_csrf_token_works_only_with_the_session_it_was_issued_for(person):
    """The double-submit token was any value echoed: one planted from another session (or
    kept from before a login) passed. Now it is bound to the session."""
    alice, bob = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    planted = bob.csrf
    alice.jar.delete("donjon_csrf")
    alice.jar.set("donjon_csrf", planted, domain="testserver.local", path="/")
    refused = alice.post("/api/guest")
    assert refused.status_code == 403 and refused.json()["error"] == "csrf"
    # a token from before logging in is refused after it
    carol = person()
    before = carol.csrf
    carol.post("/api/register", {"name": "Carol", "password": "password-c"})
    assert carol.csrf != before
    carol.jar.delete("donjon_csrf")
    carol.jar.set("donjon_csrf", before, domain="testserver.local", path="/")
    assert carol.post("/api/logout").status_code == 403
    # and the session page hands out a good one again
    fresh = carol.get("/api/session").json()["csrf"]
    assert fresh == carol.csrf and carol.post("/api/logout").status_code == 200


def test_the_csrf_token_is_checked_before_the_body(person):
    response = person().post("/api/tables", {"game": 3}, csrf=False)
    assert response.status_code == 403 and response.json()["error"] == "csrf"


def test_a_refused_websocket_is_closed_with_the_readmes_codes_not_an_http_403(db_url):
    """The protocol README documents 4401 (no session), 4403 (another site) and 4404 (no such
    table); refused at the handshake, a browser saw only "HTTP 403"."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    app = create_app(db_url, bot_delay=0, secret_key="test-secret-key")
    server = Served(app)
    try:
        base = f"ws://127.0.0.1:{server.port}"
        import httpx

        http = httpx.Client(base_url=f"http://127.0.0.1:{server.port}")
        http.get("/api/session")
        csrf = http.cookies["donjon_csrf"]
        created = http.post("/api/tables", headers={"x-csrf-token": csrf}, json={
            "game": "castle-rooms", "players": 2, "seats": [{"kind": "human"}] * 2})
        assert created.status_code == 201, created.text
        tid = created.json()["table"]["id"]
        cases = [
            (f"/ws/tables/{tid}", {"Origin": "https://evil.example"}, 4403),
            (f"/ws/tables/{tid}", {}, 4401),
            ("/ws/tables/nosuchtable?watch=1", {}, 4404),
        ]
        for path, headers, code in cases:
            with (connect(base + path, additional_headers=headers, open_timeout=10) as ws,
                  pytest.raises(ConnectionClosed) as closed):
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == code, path
        with connect(f"{base}/ws/tables/{tid}?watch=1", open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "table"
        http.close()
    finally:
        server.close()
