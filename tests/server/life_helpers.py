"""Helpers of the tests of a table's life (clocks, resigning, chat, quotas, rematches)."""

from __future__ import annotations

import time

from tests.server.conftest import create_table, manager


def seated_pair(person, *, game="castle-rooms", names=("Alice", "Bob"), start=True, **settings):
    """Two registered players at a new table with ``settings`` (clock, private...), started."""
    alice, bob = person(), person()
    for who, name in zip((alice, bob), names, strict=True):
        response = who.post("/api/register", {"name": name, "password": f"password-{name}"})
        assert response.status_code == 200, response.text
    table = create_table(alice, game=game, options=settings)
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    if start:
        assert alice.post(f"/api/tables/{table['id']}/start").status_code == 200
    return alice, bob, table["id"]


def wait_until(check, timeout=30.0, step=0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(step)
    return check()


def play_one(client, people, tid, seat=None):
    """One legal move of the seat to move (or of ``seat``), by the person holding it."""
    live = manager(client).tables[tid]
    mover = live.state.to_move()[0] if seat is None else seat
    action = live.state.legal_actions(mover)[0]
    response = people[mover].post(f"/api/tables/{tid}/moves",
                                  {"action": action.to_json(), "version": live.version})
    return response
