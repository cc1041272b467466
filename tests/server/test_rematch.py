"""Play again (issue #11): a rematch opens one new table with the same players and options and
invites them; private tables are not listed and seat only the people invited by name."""

from __future__ import annotations

from tests.server.conftest import create_table, manager
from tests.server.life_helpers import seated_pair


def test_a_rematch_has_the_same_players_and_options_and_invites_them(person, client):
    alice, bob, tid = seated_pair(person, clock="turn", clock_per_move=3600)
    alice.post(f"/api/tables/{tid}/resign")
    bob.post(f"/api/tables/{tid}/resign")
    assert manager(client).finished[tid].status == "closed"
    assert person().post(f"/api/tables/{tid}/rematch").status_code == 401
    made = bob.post(f"/api/tables/{tid}/rematch")
    assert made.status_code == 201, made.text
    new = made.json()["table"]
    old = manager(client).finished[tid]
    assert new["game"] == old.game and new["players"] == old.players
    assert new["options"] == old.options and new["rematch_of"] == tid
    assert new["settings"]["clock"] == "turn" and new["settings"]["clock_per_move"] == 3600
    assert new["seats"][1]["user_id"] == bob.user["id"]  # the asker sits where they sat
    assert new["seats"][0]["user_id"] is None
    # Alice is invited, sees it, and asking for a rematch too brings her to the same table
    invited = alice.get("/api/my/tables").json()["invitations"]
    assert [t["id"] for t in invited] == [new["id"]]
    again = alice.post(f"/api/tables/{tid}/rematch")
    assert again.json()["table"]["id"] == new["id"]
    assert alice.post(f"/api/tables/{new['id']}/join", {"seat": 0}).status_code == 200
    assert bob.post(f"/api/tables/{new['id']}/start").status_code == 200


def test_a_rematch_needs_an_ended_table_and_a_player(person, client):
    alice, bob, tid = seated_pair(person)
    refused = alice.post(f"/api/tables/{tid}/rematch")
    assert refused.status_code == 409 and refused.json()["error"] == "not_finished"


def test_private_tables_are_unlisted_and_seat_only_the_invited(person, client):
    alice, bob, carol = person(), person(), person()
    for who, name in ((alice, "Alice"), (bob, "Bob"), (carol, "Carol")):
        who.post("/api/register", {"name": name, "password": f"password-{name}"})
    table = create_table(alice, seats=("human", "human", "human"), options={"private": True})
    tid = table["id"]
    assert table["settings"]["private"] is True
    assert tid not in [t["id"] for t in carol.get("/api/tables").json()["open"]]
    refused = carol.post(f"/api/tables/{tid}/join", {"seat": 1})
    assert refused.status_code == 403 and refused.json()["error"] == "not_invited"
    unknown = alice.post(f"/api/tables/{tid}/invite", {"names": ["Nobody-here"]})
    assert unknown.status_code == 404 and unknown.json()["unknown"] == ["Nobody-here"]
    assert carol.post(f"/api/tables/{tid}/invite", {"names": ["Bob"]}).status_code == 403
    invited = alice.post(f"/api/tables/{tid}/invite", {"names": ["bob", "Carol"]})
    assert invited.status_code == 200, invited.text
    assert [t["id"] for t in bob.get("/api/my/tables").json()["invitations"]] == [tid]
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    assert carol.post(f"/api/tables/{tid}/join", {"seat": 2}).status_code == 200
    for bad in ({"names": []}, {"names": "Bob"}, {"names": ["x" * 41]}, {}):
        assert alice.post(f"/api/tables/{tid}/invite", bad).status_code in (400, 409), bad
