"""Clocks (issue #11): real-time (Fischer) and turn-based; a seat out of time is taken over by a
bot for the rest of the game, marked in the result; the clock lives in the database, so a
restart neither loses nor grants time; the state message carries each seat's time left."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from donjon.server.app import create_app
from donjon.server.clocks import REALTIME, TURN, Clock, ClockSettings
from tests.server.conftest import Person, manager
from tests.server.life_helpers import seated_pair, wait_until


def test_fischer_clock_charges_the_mover_and_adds_the_increment():
    clock = Clock.start(ClockSettings(REALTIME, bank=60, increment=5), 2, [0, 1], [0], now=100.0)
    assert clock.remaining(0, 110.0) == 50.0 and clock.remaining(1, 110.0) == 60.0
    clock.update(0, True, [0], 110.0)  # a step of a longer turn: the clock runs on
    assert clock.remaining(0, 112.0) == 48.0
    clock.update(0, True, [1], 112.0)  # the turn ends: 48 + 5
    assert clock.remaining(0, 200.0) == 53.0 and clock.remaining(1, 112.0) == 60.0
    assert clock.deadline(1) == 172.0 and clock.out_of_time(172.0) == [1]


def test_turn_based_limit_restarts_with_each_turn_and_simultaneous_seats_run_apart():
    clock = Clock.start(ClockSettings(TURN, per_move=3600), 3, [0, 1, 2], [0, 1], now=0.0)
    assert clock.deadline(0) == clock.deadline(1) == 3600.0 and clock.deadline(2) is None
    clock.update(0, True, [1], 100.0)  # seat 0 chose; seat 1 still thinking, on its own clock
    assert clock.deadline(1) == 3600.0 and clock.deadline(0) is None
    assert clock.out_of_time(3600.0) == [1]
    clock.update(1, True, [0, 2], 3000.0)
    assert clock.deadline(0) == 6600.0 and clock.deadline(2) == 6600.0
    clock.stop(2, 3100.0)  # a bot took seat 2 over: no clock any more
    assert clock.deadline(2) is None and clock.message(3100.0)["seats"][2] is None


def test_a_clock_that_runs_out_hands_the_seat_to_a_bot_and_the_game_finishes(person, client):
    alice, bob, tid = seated_pair(person, clock="realtime", clock_bank=5, clock_increment=30)
    mgr = manager(client)
    mgr.wake_poll = 0.05
    live = mgr.tables[tid]
    people = [alice, bob]
    late = live.state.to_move()[0]  # this player never moves
    state = people[late].get(f"/api/tables/{tid}").json()["state"]
    assert state["clock"]["mode"] == "realtime"
    assert 0 < state["clock"]["seats"][late]["left"] <= 5 and state["clock"]["seats"][late]["running"]
    assert wait_until(lambda: live.seats[late].replaced == "timeout", timeout=20)
    assert live.clock.left[late] is None and late in live.clock.flagged
    info = people[late].get(f"/api/tables/{tid}").json()["table"]
    assert info["seats"][late]["replaced"] == "timeout" and info["seats"][late]["user_id"]
    # the late player holds no seat any more: a move of theirs is refused
    refused = people[late].post(f"/api/tables/{tid}/moves", {"action": "pass", "version": 0})
    assert refused.status_code == 403
    # the other plays on against the bot to the end
    other = 1 - late
    deadline = time.monotonic() + 240
    while live.status == "running" and time.monotonic() < deadline:
        if other in live.state.to_move() and not live.thinking:
            action = live.state.legal_actions(other)[0]
            people[other].post(f"/api/tables/{tid}/moves",
                               {"action": action.to_json(), "version": live.version})
        else:
            time.sleep(0.01)
    assert live.status == "finished"
    result = bob.get(f"/api/tables/{tid}").json()["table"]["result"]
    assert result["forfeits"] == {str(late): "timeout"}
    assert result["ranks"][late] == 2 and result["winners"] == [other]


def test_a_move_after_the_flag_fell_is_refused(person, client):
    alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=5)
    mgr = manager(client)
    # nobody wakes the table: the move itself finds the time up (the wake loop may be in its
    # last short sleep: a round must not find the table due either)
    mgr.wake_poll = 3600
    mgr._due = lambda table, moment: False
    live = mgr.tables[tid]
    seat = live.state.to_move()[0]
    live.clock.since[seat] -= 10  # the turn began 10 s ago
    action = live.state.legal_actions(seat)[0]
    response = [alice, bob][seat].post(f"/api/tables/{tid}/moves",
                                       {"action": action.to_json(), "version": live.version})
    assert response.status_code == 409 and response.json()["error"] == "out_of_time"
    assert wait_until(lambda: live.seats[seat].replaced == "timeout")


def test_a_clock_survives_a_restart_within_a_second_of_the_truth(db_url):
    app = create_app(db_url, bot_delay=0, secret_key="k")
    with TestClient(app) as client:
        alice, bob = Person(client), Person(client)
        alice.post("/api/register", {"name": "Alice", "password": "password-a"})
        bob.post("/api/register", {"name": "Bob", "password": "password-b"})
        made = alice.post("/api/tables", {
            "game": "castle-rooms", "players": 2, "seats": [{"kind": "human"}] * 2,
            "options": {"clock": "realtime", "clock_bank": 600, "clock_increment": 10}})
        tid = made.json()["table"]["id"]
        bob.post(f"/api/tables/{tid}/join", {"seat": 1})
        alice.post(f"/api/tables/{tid}/start")
        live = manager(client).tables[tid]
        seat = live.state.to_move()[0]
        started = live.clock.since[seat]
        time.sleep(1.0)
        action = live.state.legal_actions(seat)[0]
        [alice, bob][seat].post(f"/api/tables/{tid}/moves",
                                {"action": action.to_json(), "version": 0})
        moved = time.time()
        spent = {s: live.clock.remaining(s, moved) for s in (0, 1)}
        jars = (alice.jar, bob.jar)
    time.sleep(1.5)  # the server is down: the clock of the seat to move runs on
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        watcher = Person(client)
        state = watcher.get(f"/api/tables/{tid}").json()["state"]
        now = time.time()
        to_move = manager(client).tables[tid].state.to_move()
        for s in (0, 1):
            truth = spent[s] - (now - moved if s in to_move else 0.0)
            assert state["clock"]["seats"][s]["left"] == pytest.approx(truth, abs=1.0), s
        assert started is not None and jars


def test_turn_based_your_turn_list_names_the_right_player(person, client):
    alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=24 * 3600)
    live = manager(client).tables[tid]
    people = {0: alice, 1: bob}
    seat = live.state.to_move()[0]
    mine = people[seat].get("/api/my/tables").json()
    theirs = people[1 - seat].get("/api/my/tables").json()
    assert [t["id"] for t in mine["your_turn"]] == [tid]
    assert theirs["your_turn"] == [] and [t["id"] for t in theirs["playing"]] == [tid]
    lobby = alice.get("/api/tables").json()
    assert tid in [t["id"] for t in lobby["running"]]
    entry = next(t for t in lobby["running"] if t["id"] == tid)
    assert entry["to_move"] == live.state.to_move()


def test_a_persons_move_waiting_while_a_bot_takes_their_seat_over_is_refused(person, client):
    """The move passed the seat check, then waited for the table while the wake loop handed the
    seat to a bot (the flag fell): it must not land for the bot's seat (CI, 2026-12-01: it did,
    its clock stopped)."""
    alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=5)
    mgr = manager(client)
    mgr.wake_poll = 3600
    live = mgr.tables[tid]
    seat = live.state.to_move()[0]
    action = live.state.legal_actions(seat)[0]
    version = live.version
    assert client.portal is not None
    client.portal.call(live.lock.acquire)
    answers: list = []
    poster = threading.Thread(target=lambda: answers.append([alice, bob][seat].post(
        f"/api/tables/{tid}/moves", {"action": action.to_json(), "version": version})))
    poster.start()
    time.sleep(0.5)  # the move is past its seat check, waiting for the lock
    live.seats[seat].replaced = "timeout"  # as ``take_over`` does under the lock
    live.clock = None
    client.portal.call(live.lock.release)
    poster.join(30)
    assert answers[0].status_code == 403 and answers[0].json()["error"] == "not_seated"
    assert live.version == version
