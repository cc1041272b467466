"""Resigning (issue #11): a bot takes the seat for the rest of the game, the player ranks last
(the stored result says who resigned); a running table with no person left ends."""

from __future__ import annotations

import time

from tests.server.conftest import create_table, manager
from tests.server.life_helpers import seated_pair, wait_until


def test_resigning_hands_the_seat_to_a_bot_and_ranks_last(person, client):
    alice, bob, tid = seated_pair(person)
    live = manager(client).tables[tid]
    with bob.websocket(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["type"] == "table"
        assert ws.receive_json()["type"] == "state"
        response = alice.post(f"/api/tables/{tid}/resign")
        assert response.status_code == 200, response.text
        seat = response.json()["table"]["seats"][0]
        assert seat["replaced"] == "resigned" and seat["user_id"] == alice.user["id"]
        told = ws.receive_json()  # the other player sees the bot take over
        assert told["type"] == "table" and told["table"]["seats"][0]["replaced"] == "resigned"
    assert alice.post(f"/api/tables/{tid}/resign").json()["error"] == "not_seated"
    assert alice.post(f"/api/tables/{tid}/moves", {"action": "pass", "version": 0}).status_code == 403
    deadline = time.monotonic() + 240
    while live.status == "running" and time.monotonic() < deadline:
        if 1 in live.state.to_move() and not live.thinking:
            action = live.state.legal_actions(1)[0]
            bob.post(f"/api/tables/{tid}/moves", {"action": action.to_json(),
                                                 "version": live.version})
        else:
            time.sleep(0.01)
    result = live.result
    assert result["forfeits"] == {"0": "resigned"}
    assert result["ranks"] == [2, 1] and result["winners"] == [1]
    assert "game_ranks" in result  # what the game itself said, kept


def test_a_table_with_no_person_left_ends(person, client):
    alice, bob, tid = seated_pair(person)
    live = manager(client).tables[tid]
    assert alice.post(f"/api/tables/{tid}/resign").status_code == 200
    assert live.status == "running"
    assert bob.post(f"/api/tables/{tid}/resign").status_code == 200
    assert wait_until(lambda: live.status == "closed")
    info = alice.get(f"/api/tables/{tid}").json()["table"]
    assert info["closed_reason"] == "abandoned"
    assert info["result"]["forfeits"] == {"0": "resigned", "1": "resigned"}
    lobby = alice.get("/api/tables").json()
    assert tid not in [t["id"] for t in lobby["running"]]


def test_resigning_needs_a_running_game_and_a_seat(person, client):
    alice = person()
    table = create_table(alice, seats=("human", "human"))
    response = alice.post(f"/api/tables/{table['id']}/resign")
    assert response.status_code == 409 and response.json()["error"] == "not_started"
    _, _, tid = seated_pair(person, names=("Carol", "Dan"))
    stranger = person()
    stranger.post("/api/guest")
    assert stranger.post(f"/api/tables/{tid}/resign").status_code == 403
    assert person().post(f"/api/tables/{tid}/resign").status_code == 401
