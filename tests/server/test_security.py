"""The security review's findings, each pinned by a test: what a seat may learn, what a request
may carry, and how the server answers what it does not expect."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from donjon.server.app import create_app
from tests.server.conftest import Person, create_table, manager


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
            response = people[seat].post(f"/api/tables/{tid}/moves", {"action": action})
            assert response.status_code == 200, response.text
            seen += [response.text, wa.receive_text()]
        other = 1 - live.state.to_move()[0]
        seen.append(people[other].post(f"/api/tables/{tid}/moves", {"action": "x"}).text)
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
    response = [alice, bob][seat].post(f"/api/tables/{tid}/moves", {"action": action})
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
        response = alice.post(f"/api/tables/{tid}/moves", {"action": "pass", "seat": seat})
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
