"""Lobby, seats, moves, errors, spectators and live updates."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

import donjon
from donjon.engine.record import record_move
from donjon.server.db import moves
from donjon.server.i18n import t
from donjon.server.tables import TABLE_ID_ALPHABET, TABLE_ID_LENGTH, new_table_id
from tests.server.conftest import create_table, events, manager, offered


def two_players(person):
    alice, bob = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "password-a"})
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    table = create_table(alice)
    assert bob.post(f"/api/tables/{table['id']}/join", {"seat": 1}).status_code == 200
    assert alice.post(f"/api/tables/{table['id']}/start").status_code == 200
    return alice, bob, table["id"]


def whose_turn(client, table_id, people):
    state = manager(client).tables[table_id].state
    seat = state.to_move()[0]
    return seat, people[seat], people[1 - seat], state


def test_catalogue_lists_every_registered_game(person):
    games = person().get("/api/games").json()["games"]
    assert [g["name"] for g in games] == donjon.games()
    for entry in games:
        game = donjon.load(entry["name"])
        assert entry["min_players"] == game.min_players and entry["max_players"] == game.max_players
        assert [o["name"] for o in entry["options"]] == [o.name for o in game.options]
        assert "random" in entry["bots"]



def test_table_ids_are_letters_and_digits_a_person_can_read(person):
    """A table id appears in the invitation link a player copies: an id like "ua_u6zfv" read as
    code (CI of stop 17), so ids have no "_" or "-" and no look-alike characters."""
    client = person()
    ids = [create_table(client)["id"] for _ in range(3)] + [new_table_id() for _ in range(2000)]
    assert len(set(ids)) == len(ids)
    for table_id in ids:
        assert len(table_id) == TABLE_ID_LENGTH
        assert set(table_id) <= set(TABLE_ID_ALPHABET), table_id
    assert not set(TABLE_ID_ALPHABET) & set("_-0O1lI")

@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "players": 2, "seats": [{"kind": "human"}] * 2}, "bad_game"),
        ({"game": "castle-rooms", "players": 9, "seats": [{"kind": "human"}] * 9}, "bad_players"),
        ({"game": "castle-rooms", "players": "2", "seats": [{"kind": "human"}] * 2}, "bad_players"),
        ({"game": "castle-rooms", "players": 2, "seats": [{"kind": "human"}]}, "bad_seats"),
        ({"game": "castle-rooms", "players": 2, "seats": [{"kind": "alien"}] * 2}, "bad_seats"),
        ({"game": "castle-rooms", "players": 2,
          "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]}, "bad_bot"),
        ({"game": "castle-rooms", "players": 2, "options": {"win_rooms": 99},
          "seats": [{"kind": "human"}] * 2}, "bad_options"),
        ({"game": "castle-rooms", "players": 2, "options": {"colour": "red"},
          "seats": [{"kind": "human"}] * 2}, "bad_options"),
        ({"game": "castle-rooms", "players": 2, "options": [1],
          "seats": [{"kind": "human"}] * 2}, "bad_options"),
    ],
)
def test_bad_table_requests_get_4xx_json_saying_what_is_wrong(person, body, code):
    response = person().post("/api/tables", body)
    assert response.status_code == 400
    data = response.json()
    assert data["error"] == code and data["message"]


@pytest.mark.parametrize(("lang", "label", "value"), [
    ("en", "Rooms in a row to win", "Exactly 2"), ("fr", "Chambres alignées pour gagner", "Au plus 2")])
def test_bad_option_message_names_the_option_and_its_values_as_players_read_them(
    person, lang, label, value
):
    """A refused option is named by its label, with the names of the values it allows, in the
    caller's language: never its Python name (the JSON keeps it, for scripts)."""
    who = person(lang)
    response = who.post("/api/tables", {
        "game": "castle-rooms", "players": 2, "options": {"win_rooms": 99},
        "seats": [{"kind": "human"}] * 2})
    data = response.json()
    assert data["error"] == "bad_options" and data["option"] == "win_rooms"
    assert label in data["message"] and "10" in data["message"]
    assert "win_rooms" not in data["message"]
    wrong = who.post("/api/tables", {
        "game": "castle-rooms", "players": 2, "options": {"hand_limit": "three"},
        "seats": [{"kind": "human"}] * 2}).json()
    assert value in wrong["message"] and "hand_limit" not in wrong["message"]


def test_unknown_table_is_404_json(person):
    response = person().get("/api/tables/nosuchtable")
    assert response.status_code == 404 and response.json()["error"] == "no_table"
    assert person().get("/table/nosuchtable").status_code == 404


def test_create_join_and_start(person, client):
    alice, bob, carol = person(), person(), person()
    carol.post("/api/guest")
    table = create_table(alice, seats=("human", "human", "random"))
    tid = table["id"]
    assert table["status"] == "open" and table["seats"][0]["user_id"] == alice.user["id"]
    listing = carol.get("/api/tables").json()
    assert [t["id"] for t in listing["open"]] == [tid]
    # the seats must be filled before the start
    early = alice.post(f"/api/tables/{tid}/start")
    assert early.status_code == 409 and early.json()["error"] == "seats_free"
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 0}).json()["error"] == "seat_taken"
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 2}).json()["error"] == "seat_taken"
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 7}).status_code == 400
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).json()["error"] == "already_seated"
    assert carol.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 409
    assert carol.post(f"/api/tables/{tid}/start").status_code == 403  # neither creator nor seated
    started = bob.post(f"/api/tables/{tid}/start")
    assert started.status_code == 200 and started.json()["table"]["status"] == "running"
    assert alice.post(f"/api/tables/{tid}/start").json()["error"] == "started"
    assert carol.post(f"/api/tables/{tid}/join", {"seat": 1}).json()["error"] == "started"
    listing = carol.get("/api/tables").json()
    assert [t["id"] for t in listing["running"]] == [tid] and listing["open"] == []


def test_leave_frees_the_seat(person):
    alice, bob = person(), person()
    tid = create_table(alice)["id"]
    bob.post(f"/api/tables/{tid}/join", {"seat": 1})
    assert bob.post(f"/api/tables/{tid}/leave").status_code == 200
    info = bob.get(f"/api/tables/{tid}").json()["table"]
    assert info["seats"][1]["user_id"] is None
    assert bob.post(f"/api/tables/{tid}/leave").json()["error"] == "not_seated"


def test_moves_only_for_your_own_seat_and_in_turn(person, client):
    alice, bob, tid = two_players(person)
    seat, mover, waiter, state = whose_turn(client, tid, [alice, bob])
    legal = [a.text for a in state.legal_actions(seat)]
    # the other player may not move now, nor for the seat to move: the status comes from the
    # engine's reason, and the message from the reason too, in the caller's language
    response = waiter.post(f"/api/tables/{tid}/moves", {"action": legal[0], "version": 0})
    assert response.status_code == 409 and response.json()["error"] == "illegal"
    assert response.json()["reason"] == "not_to_move"
    assert response.json()["message"] == t("en", "err_illegal_not_to_move")
    response = waiter.post(f"/api/tables/{tid}/moves", {"action": legal[0], "seat": seat,
                                                    "version": 0})
    assert response.status_code == 403 and response.json()["error"] == "not_your_seat"
    # a spectator holds no seat
    response = person().post(f"/api/tables/{tid}/moves", {"action": legal[0], "version": 0})
    assert response.status_code in (401, 403)
    # an unknown action is refused and names what is allowed
    response = mover.post(f"/api/tables/{tid}/moves", {"action": "build a moat", "version": 0})
    assert response.status_code == 400 and response.json()["reason"] == "not_legal"
    assert "build a moat" in response.json()["message"] and legal[0] in response.json()["message"]
    response = mover.post(f"/api/tables/{tid}/moves", {"action": {"kind": "moat", "args": [1]},
                                                     "version": 0})
    assert response.status_code == 400 and response.json()["reason"] == "not_legal"
    assert "moat [1]" in response.json()["message"] and legal[0] in response.json()["message"]
    for bad in ({"action": ""}, {"action": 3}, {}, {"action": legal[0], "version": "x"},
                {"action": {"args": []}}, {"action": {"kind": "x", "args": "y"}},
                {"action": {"kind": "x", "args": [{"deep": 1}]}}):
        assert mover.post(f"/api/tables/{tid}/moves", bad).status_code == 400, bad
    # a stale version is refused, the right one lands
    stale = mover.post(f"/api/tables/{tid}/moves", {"action": legal[0], "version": 5})
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    assert manager(client).tables[tid].version == 0
    ok = mover.post(f"/api/tables/{tid}/moves", {"action": legal[0], "version": 0})
    assert ok.status_code == 200 and ok.json()["version"] == 1


def test_the_move_log_is_the_table(person, client):
    """Each move is a row holding its identity (kind, args as JSON) and its text; the rows
    replay to the live state."""
    alice, bob, tid = two_players(person)
    people = [alice, bob]
    for _ in range(12):
        seat, mover, _, state = whose_turn(client, tid, people)
        if state.is_over():
            break
        action = state.legal_actions(seat)[-1]
        response = mover.post(f"/api/tables/{tid}/moves",
                              {"action": action.to_json(),
                               "version": manager(client).tables[tid].version})
        assert response.status_code == 200, response.text
    live = manager(client).tables[tid]
    with client.app.state.store.engine.connect() as conn:
        rows = conn.execute(
            select(moves.c.seq, moves.c.seat, moves.c.entry, moves.c.kind, moves.c.args,
                   moves.c.action)
            .where(moves.c.table_id == tid).order_by(moves.c.seq)
        ).all()
    assert [r.seq for r in rows] == list(range(1, live.version + 1))
    assert {r.entry for r in rows} == {"move"}
    logged = [[r.seat, r.kind, json.loads(r.args), r.action] for r in rows]
    assert logged == live.state.record()["moves"]
    record = {**live.state.record(), "moves": logged}
    assert donjon.replay(record) == live.state


def test_a_move_is_sent_as_its_identity_or_its_text(person, client):
    """The client sends the identity of a legal action; a script may still send its text."""
    alice, bob, tid = two_players(person)
    live = manager(client).tables[tid]
    people = [alice, bob]
    seat = live.state.to_move()[0]
    action = live.state.legal_actions(seat)[0]
    sent = {"kind": action.kind, "args": json.loads(json.dumps(action.to_json()["args"]))}
    response = people[seat].post(f"/api/tables/{tid}/moves", {"action": sent, "version": 0})
    assert response.status_code == 200, response.text
    assert live.state.moves[-1] == (seat, action)
    seat = live.state.to_move()[0]
    text = live.state.legal_actions(seat)[0].text
    response = people[seat].post(f"/api/tables/{tid}/moves", {"action": text, "version": 1})
    assert response.status_code == 200, response.text
    assert live.state.moves[-1][1].text == text
    # what the state message offers is exactly what the move request takes back
    seat = live.state.to_move()[0]
    mine = people[seat].get(f"/api/tables/{tid}").json()["state"]
    assert mine["version"] == 2
    assert mine["actions"] == offered(live, seat)
    response = people[seat].post(f"/api/tables/{tid}/moves",
                                 {"action": mine["actions"][-1], "version": 2})
    assert response.status_code == 200, response.text
    assert [record_move(m)[1] for m in live.state.record()["moves"]] == [
        a for _, a in live.state.moves
    ]


def test_spectator_and_players_each_see_only_their_own_view(person, client):
    alice, bob, tid = two_players(person)
    watcher = person()
    state = manager(client).tables[tid].state
    for who, seat in ((alice, 0), (bob, 1), (watcher, None)):
        message = who.get(f"/api/tables/{tid}").json()["state"]
        assert message["seat"] == seat
        assert message["view"] == state.view(seat)
        assert events(message["log"]) == state.log(seat)
        if seat is None:
            assert message["actions"] == [] and message["prompt"] == ""
            assert all(isinstance(h, int) for h in message["view"]["hands"])
        else:
            assert isinstance(message["view"]["hands"][seat], list)
            assert isinstance(message["view"]["hands"][1 - seat], int)


def test_websocket_pushes_each_seat_its_own_view(person, client):
    alice, bob, tid = two_players(person)
    watcher = person()
    watcher.post("/api/guest")
    live = manager(client).tables[tid]
    with alice.websocket(f"/ws/tables/{tid}") as wa, bob.websocket(f"/ws/tables/{tid}") as wb, \
            watcher.websocket(f"/ws/tables/{tid}") as ww:
        sockets = {0: wa, 1: wb, None: ww}
        for seat, ws in sockets.items():
            # the opening message says moves are answered (a page of this release counts on it)
            opening = ws.receive_json()
            assert opening["type"] == "table" and opening["answers"] is True
            first = ws.receive_json()
            assert first["type"] == "state" and first["seat"] == seat
            assert first["view"] == live.state.view(seat)
        mover = sockets[live.state.to_move()[0]]
        seat = live.state.to_move()[0]
        action = live.state.legal_actions(seat)[0].to_json()
        before = len(live.state.events)
        mover.send_json({"type": "act", "action": action, "version": 0})
        for s, ws in sockets.items():
            message = ws.receive_json()
            # nothing beyond the seat's view, log and legal actions (no action text of others)
            assert set(message) == {"type", "table", "status", "version", "seat", "view",
                                    "actions", "prompt", "can_undo", "to_move", "log_from", "log",
                                    "moves", "clock"}
            assert message["type"] == "state" and message["version"] == 1 and message["seat"] == s
            assert message["view"] == live.state.view(s)
            assert message["log_from"] == before
            assert events(message["log"]) == live.state.log(s)[before:]
            assert message["actions"] == offered(live, s)
            assert message["can_undo"] is (s is not None and live.state.can_undo(s))
        # the move is answered on the mover's connection, after its state; nowhere else
        assert mover.receive_json() == {"type": "accepted", "version": 1}
        other = sockets[1 - seat]
        other.send_json({"type": "ping"})
        assert other.receive_json() == {"type": "pong"}
        # a spectator's act is refused, with a message
        ww.send_json({"type": "act", "action": action})
        error = ww.receive_json()
        assert error["type"] == "error" and error["error"] == "not_seated"
        ww.send_text("not json")
        assert ww.receive_json()["type"] == "error"
        ww.send_json({"type": "sync"})
        assert ww.receive_json()["answers"] is True  # the resync's ``table``, as on opening
        resync = ww.receive_json()
        assert resync["log_from"] == 0 and events(resync["log"]) == live.state.log(None)


def test_websocket_needs_a_session_and_the_same_origin(person, client):
    alice, bob, tid = two_players(person)
    anonymous = person()
    with pytest.raises(WebSocketDisconnect) as closed, anonymous.websocket(f"/ws/tables/{tid}") as ws:
        ws.receive_json()
    assert closed.value.code == 4401
    with pytest.raises(WebSocketDisconnect) as closed, alice.websocket(
        f"/ws/tables/{tid}", headers={"origin": "https://evil.example"}
    ) as ws:
        ws.receive_json()
    assert closed.value.code == 4403
    with pytest.raises(WebSocketDisconnect) as closed, alice.websocket("/ws/tables/nope") as ws:
        ws.receive_json()
    assert closed.value.code == 4404


def test_pages_render(person):
    alice = person()
    tid = create_table(alice)["id"]
    for path in ("/", f"/table/{tid}", f"/replay/{tid}", "/rules", "/login", "/register"):
        response = alice.get(path)
        assert response.status_code == 200, path
        assert "<main>" in response.text
    table_page = alice.get(f"/table/{tid}").text
    assert f'data-table="{tid}"' in table_page and 'data-renderer="yes"' in table_page


@pytest.mark.parametrize("game", donjon.games())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_pages_render_markdown(person, game, lang):
    page = person(lang).get(f"/rules/{game}")
    assert page.status_code == 200
    assert "<h1>" in page.text or "<h2>" in page.text
    assert f'<html lang="{lang}">' in page.text


def test_unknown_rules_page_is_404(person):
    assert person().get("/rules/chess").status_code == 404


def test_a_stale_sight_may_act_only_if_others_moved_since(person, client):
    """Simultaneous choices: a person who saw version v may still act if only other seats moved
    since; a second action on the same sight (a double click) is refused."""
    alice, bob, tid = two_players(person)
    people = [alice, bob]
    live = manager(client).tables[tid]
    first = live.state.to_move()[0]
    seen = live.version
    # the first seat plays its whole turn
    while live.state.to_move() == [first]:
        action = live.state.legal_actions(first)[-1].text
        assert people[first].post(f"/api/tables/{tid}/moves",
                                  {"action": action, "version": live.version}).status_code == 200
    other = live.state.to_move()[0]
    assert other != first and live.version > seen
    action = live.state.legal_actions(other)[0].text
    ok = people[other].post(f"/api/tables/{tid}/moves", {"action": action, "version": seen})
    assert ok.status_code == 200, ok.text
    action = live.state.legal_actions(other)[0].text
    again = people[other].post(f"/api/tables/{tid}/moves", {"action": action, "version": seen})
    assert again.status_code == 409 and again.json()["error"] == "stale"
