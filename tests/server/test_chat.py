"""Chat at every table (issue #11): persisted, shown to players and spectators, escaped (plain
text), length- and rate-limited, spectators' chat can be turned off by the creator, a player
can mute another, replays show it."""

from __future__ import annotations

from tests.server.conftest import manager
from tests.server.life_helpers import seated_pair

SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def test_chat_is_persisted_sent_live_and_kept_as_plain_text(person, client):
    alice, bob, tid = seated_pair(person)
    with bob.websocket(f"/ws/tables/{tid}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "chat", "text": f"hello {SCRIPT}\nsecond line"})
        message = ws.receive_json()
        assert message["type"] == "chat"
        assert message["message"]["text"] == f"hello {SCRIPT} second line"  # one line, as sent
        assert message["message"]["name"] == "Bob" and message["message"]["seat"] == 1
    response = alice.post(f"/api/tables/{tid}/chat", {"text": "well played"})
    assert response.status_code == 200, response.text
    history = alice.get(f"/api/tables/{tid}/chat").json()["messages"]
    assert [m["text"] for m in history] == [f"hello {SCRIPT} second line", "well played"]
    assert all(m["version"] == 0 for m in history)  # where a replay shows them
    # a new connection is sent the history first
    with alice.websocket(f"/ws/tables/{tid}") as ws:
        kinds = [ws.receive_json()["type"] for _ in range(3)]
        assert kinds == ["table", "state", "chat_history"]
    # the page writes a message as text, never as HTML
    page_js = alice.get("/static/js/table.js").text
    assert "innerHTML" not in page_js


def test_chat_is_limited_in_length_and_rate(person, client):
    alice, bob, tid = seated_pair(person)
    limits = manager(client).limits
    too_long = alice.post(f"/api/tables/{tid}/chat", {"text": "x" * (limits.chat_length + 1)})
    assert too_long.status_code == 400 and too_long.json()["error"] == "chat_too_long"
    assert alice.post(f"/api/tables/{tid}/chat", {"text": " \n\t "}).json()["error"] == "chat_empty"
    codes = [alice.post(f"/api/tables/{tid}/chat", {"text": f"m{i}"}).status_code
             for i in range(limits.chat_per_10s + 2)]
    assert codes[:limits.chat_per_10s] == [200] * limits.chat_per_10s
    assert codes[-1] == 429


def test_spectators_chat_unless_the_creator_turns_it_off(person, client):
    alice, bob, tid = seated_pair(person)
    watcher = person()
    watcher.post("/api/guest")
    assert watcher.post(f"/api/tables/{tid}/chat", {"text": "go Bob"}).status_code == 200
    assert bob.post(f"/api/tables/{tid}/chat-settings", {"spectators": False}).status_code == 403
    response = alice.post(f"/api/tables/{tid}/chat-settings", {"spectators": False})
    assert response.status_code == 200 and response.json()["table"]["settings"]["spectator_chat"] is False
    refused = watcher.post(f"/api/tables/{tid}/chat", {"text": "go Bob"})
    assert refused.status_code == 403 and refused.json()["error"] == "spectator_chat_off"
    assert bob.post(f"/api/tables/{tid}/chat", {"text": "thanks"}).status_code == 200


def test_a_player_can_mute_another(person, client):
    alice, bob, tid = seated_pair(person)
    bob_id = bob.user["id"]
    assert alice.post("/api/mutes", {"user_id": alice.user["id"]}).status_code == 400
    with alice.websocket(f"/ws/tables/{tid}") as ws:
        ws.receive_json(), ws.receive_json()
        assert alice.post("/api/mutes", {"user_id": bob_id}).json()["muted"] == [bob_id]
        bob.post(f"/api/tables/{tid}/chat", {"text": "you will not read this"})
        alice.post(f"/api/tables/{tid}/chat", {"text": "quiet here"})
        assert ws.receive_json()["message"]["text"] == "quiet here"  # Bob's never came
    texts = [m["text"] for m in alice.get(f"/api/tables/{tid}/chat").json()["messages"]]
    assert texts == ["quiet here"]
    assert len(bob.get(f"/api/tables/{tid}/chat").json()["messages"]) == 2
    assert alice.post("/api/mutes", {"user_id": bob_id, "muted": False}).json()["muted"] == []
    assert len(alice.get(f"/api/tables/{tid}/chat").json()["messages"]) == 2


def test_replays_show_the_chat_at_its_move(person, client):
    alice, bob, tid = seated_pair(person)
    live = manager(client).tables[tid]
    alice.post(f"/api/tables/{tid}/chat", {"text": "good luck"})
    assert alice.post(f"/api/tables/{tid}/resign").status_code == 200
    bob.post(f"/api/tables/{tid}/resign")
    assert live.status == "closed"
    messages = person().get(f"/api/tables/{tid}/chat").json()["messages"]
    assert [(m["text"], m["version"]) for m in messages] == [("good luck", 0)]
    replay_js = alice.get("/static/js/replay.js").text
    assert "/chat" in replay_js
