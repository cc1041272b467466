"""Several server processes on one PostgreSQL database and one Redis (``relay``, ``catchup``).

Two real ``donjon`` processes, each on its own loopback port: a player on each plays a game to
its end and sees the other's moves and chat live; conflicting moves of one seat sent to both at once land
once; a table made on one is in the other's lobby. Skipped unless ``DONJON_TEST_DATABASE_URL``
and ``DONJON_TEST_REDIS_URL`` are set (``make test`` sets both)."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from tests.server.processes import (
    LIVE_SECONDS,
    Player,
    message_of,
    needs_services,
    start_processes,
    state_at,
    stop_all,
    table_between,
)

pytestmark = needs_services


@pytest.fixture
def processes(db_url, tmp_path):
    started = start_processes(db_url, tmp_path, 2)
    yield started
    stop_all(started)


def test_two_players_on_two_processes_play_to_the_end_each_seeing_the_others_moves(processes):
    a_process, b_process = processes
    alice, bob = Player(a_process), Player(b_process)
    table_id = table_between(alice, bob)
    # alice's process learns of bob's seat from bob's: the start sees every seat taken
    started = alice.post(a_process, f"/api/tables/{table_id}/start", {})
    assert started.status_code == 200, started.text
    players = {0: alice, 1: bob}
    with alice.socket(table_id) as alice_ws, bob.socket(table_id) as bob_ws:
        sockets = {0: alice_ws, 1: bob_ws}
        first = {seat: state_at(ws, 0) for seat, ws in sockets.items()}
        # chat at the table, said on a, is read on b
        alice_ws.send(json.dumps({"type": "chat", "text": "good luck from a"}))
        assert message_of(bob_ws, "chat")["message"]["text"] == "good luck from a"
        version = 0
        moves_by = {0: 0, 1: 0}
        while True:
            states = first if version == 0 else {
                seat: state_at(ws, version) for seat, ws in sockets.items()}
            # each socket, on its own process, is at the same version, with its own seat's view
            assert {s["version"] for s in states.values()} == {version}
            assert [states[seat]["seat"] for seat in (0, 1)] == [0, 1]
            if states[0]["status"] == "finished":
                assert states[1]["status"] == "finished"
                break
            mover = states[0]["to_move"][0]
            action = states[mover]["actions"][0]
            player = players[mover]
            moved = player.post(player.home, f"/api/tables/{table_id}/moves",
                                {"action": {"kind": action["kind"], "args": action["args"]},
                                 "version": version})
            assert moved.status_code == 200, moved.text
            version = moved.json()["version"]
            moves_by[mover] += 1
        assert moves_by[0] > 0 and moves_by[1] > 0
    for player in (alice, bob):
        for process in processes:
            shown = player.get(process, f"/api/tables/{table_id}").json()
            assert shown["table"]["status"] == "finished"
            assert shown["state"]["version"] == version
        player.close()


def test_one_seats_conflicting_moves_sent_to_both_processes_at_once_land_once(processes, db_url):
    a_process, b_process = processes
    alice, bob = Player(a_process), Player(b_process)
    table_id = table_between(alice, bob)
    assert alice.post(a_process, f"/api/tables/{table_id}/start", {}).status_code == 200
    with alice.socket(table_id) as alice_ws, bob.socket(table_id) as bob_ws:
        state = state_at(alice_ws, 0)
        state_at(bob_ws, 0)
        mover = state["to_move"][0]
        player = (alice, bob)[mover]
        # the mover's own view, read from each process: both copies are at version 0
        views = [player.get(p, f"/api/tables/{table_id}").json()["state"] for p in processes]
        assert [v["version"] for v in views] == [0, 0]
        actions = views[0]["actions"]
        choices = [actions[0], actions[-1]]  # two different moves when there are two
        barrier = threading.Barrier(2)
        answers: list[httpx.Response | None] = [None, None]

        def send(i: int) -> None:
            barrier.wait()
            answers[i] = player.post(processes[i], f"/api/tables/{table_id}/moves", {
                "action": {"kind": choices[i]["kind"], "args": choices[i]["args"]},
                "version": 0})

        threads = [threading.Thread(target=send, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        statuses = sorted(answer.status_code for answer in answers if answer is not None)
        assert statuses == [200, 409], [a.text for a in answers if a is not None]
        loser = next(a for a in answers if a is not None and a.status_code == 409)
        assert loser.json()["error"] == "stale"
        # every connection, on either process, is sent the one move that landed
        assert state_at(alice_ws, 1)["version"] == 1
        assert state_at(bob_ws, 1)["version"] == 1
    engine = create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            seqs = conn.execute(text("SELECT seq FROM moves WHERE table_id = :t ORDER BY seq"),
                                {"t": table_id}).scalars().all()
            version = conn.execute(text("SELECT version FROM game_tables WHERE id = :t"),
                                   {"t": table_id}).scalar()
    finally:
        engine.dispose()
    assert list(seqs) == [1] and version == 1
    # both processes show the same table, to each seat
    for who in (alice, bob):
        shown = [who.get(p, f"/api/tables/{table_id}").json()["state"] for p in processes]
        assert shown[0]["version"] == shown[1]["version"] == 1
        assert shown[0]["view"] == shown[1]["view"]
        assert shown[0]["actions"] == shown[1]["actions"]
        who.close()


def test_a_table_made_on_one_process_is_in_the_others_lobby(processes):
    a_process, b_process = processes
    alice = Player(a_process)
    created = alice.post(a_process, "/api/tables", {"game": "castle-rooms", "players": 2,
                                                    "seats": [{"kind": "human"}] * 2})
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]
    lobby = httpx.get(f"{b_process.url}/api/tables", timeout=10).json()
    listed = [t["id"] for tables in lobby.values() if isinstance(tables, list) for t in tables]
    assert table_id in listed
    alice.close()
    for process in processes:  # each says, for the load balancer, that it hears the others
        ready = httpx.get(f"{process.url}/readyz", timeout=10)
        assert ready.status_code == 200 and ready.json()["checks"]["redis"] == "ok"


def test_a_resignation_on_one_process_reaches_the_sockets_of_the_other(processes):
    """A seat a bot takes over leaves the version as it is: the other process still catches
    up, and its sockets read who plays the seat now."""
    a_process, b_process = processes
    alice, bob = Player(a_process), Player(b_process)
    table_id = table_between(alice, bob)
    assert alice.post(a_process, f"/api/tables/{table_id}/start", {}).status_code == 200
    with bob.socket(table_id) as bob_ws:
        state_at(bob_ws, 0)
        resigned = alice.post(a_process, f"/api/tables/{table_id}/resign", {})
        assert resigned.status_code == 200, resigned.text
        deadline = time.monotonic() + LIVE_SECONDS
        while True:
            seats = message_of(bob_ws, "table")["table"]["seats"]
            if seats[0]["replaced"] == "resigned" or time.monotonic() > deadline:
                break
        assert seats[0]["replaced"] == "resigned" and seats[0]["kind"] == "human"
    alice.close()
    bob.close()
