"""What people read, served by the server (issue #9): moves and logs in the viewer's language
naming players, the "what to do now" line, the catalogue, the table form's options as players
read them, and a table against bots that starts by itself."""

from __future__ import annotations

import json
import re
import time

import pytest

import donjon
from donjon.engine import text
from donjon.server import fanout
from donjon.server.display import player_names
from tests.server.conftest import create_table, events, manager

SEAT_WORDS = re.compile(r"\b(seat|siège|place)\s*\d", re.IGNORECASE)
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")


def started_with_bots(who, game="castle-rooms", bots=("easy",)):
    table = create_table(who, game=game, seats=("human", *bots))
    assert table["status"] == "running"  # the creator sits and every other seat is a bot
    return table["id"]


def my_turn(who, tid, seconds=30.0):
    """The state message once the bots wait for the first seat (nothing moves meanwhile).
    Waited for by time, not by a number of requests: on a busy machine (the compiled build made
    beside the suite) a bot's first move once took longer than 500 requests."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = who.get(f"/api/tables/{tid}").json()["state"]
        if state["actions"] or state["status"] != "running":
            return state
        time.sleep(0.005)
    raise AssertionError(f"the first seat is not to move within {seconds:.0f} s")


def test_a_table_against_bots_starts_by_itself(person, client):
    alice = person()
    tid = started_with_bots(alice)
    assert manager(client).tables[tid].state is not None
    # with another person to wait for, it waits; asked to start, it starts
    assert create_table(alice, seats=("human", "human"))["status"] == "open"
    assert create_table(alice, seats=("human", "easy"), start=False)["status"] == "open"
    assert create_table(alice, seats=("easy", "easy"), sit=False)["status"] == "open"


def test_bot_levels_are_offered_and_accepted(person):
    games = person().get("/api/games").json()["games"]
    for entry in games:
        assert [level["name"] for level in entry["levels"]] == ["easy", "normal", "hard"]
    french = person("fr").get("/api/games").json()["games"][0]
    assert [level["label"] for level in french["levels"]] == ["facile", "normal", "difficile"]


@pytest.mark.parametrize(("lang", "bot"), [("en", "Bot 2 (easy)"), ("fr", "Robot 2 (facile)")])
def test_the_log_reads_in_the_viewers_language_naming_players(person, client, lang, bot):
    alice = person(lang)
    alice.post("/api/register", {"name": "Alice", "password": "password-a"})
    tid = started_with_bots(alice)
    live = manager(client).tables[tid]
    state = my_turn(alice, tid)
    assert events(state["log"]) == live.state.log(0)
    sentences = [entry["text"] for entry in state["log"]]
    expected = [text.describe(live.state.game, e, 0, lang, ["Alice", bot])
                for e in live.state.log(0)]
    assert sentences == expected
    joined = " ".join(sentences)
    assert bot in joined and not SEAT_WORDS.search(joined)
    if lang == "fr":
        assert "Vous" in joined


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_actions_carry_labels_and_the_prompt_in_the_callers_language(person, client, lang):
    alice = person(lang)
    tid = started_with_bots(alice, bots=("random",))
    live = manager(client).tables[tid]
    state = my_turn(alice, tid)
    assert state["actions"], "Alice is never to move"
    names = player_names(live.seats, lang)
    game = live.state.game
    legal = live.state.legal_actions(0)
    assert [a["label"] for a in state["actions"]] == [text.label(game, a, lang, names)
                                                      for a in legal]
    assert state["prompt"] == text.prompt(game, live.state.view(0), lang, names)
    for action in state["actions"]:
        assert action["label"] and not SEAT_WORDS.search(action["label"])


def test_one_message_per_seat_and_language_however_many_watch(person, client, monkeypatch):
    """Each distinct (seat, language) is rendered once per move: the hot path stays cheap."""
    alice = person()
    tid = started_with_bots(alice, bots=("random",))
    live = manager(client).tables[tid]
    made = []
    real = fanout.state_message

    def counting(table, seat, log_from=0, lang="en"):
        made.append((seat, lang))
        return real(table, seat, log_from, lang)

    monkeypatch.setattr(fanout, "state_message", counting)
    conns = [fanout.Connection(None, lang) for lang in ("en", "en", "fr", "fr", "fr")]
    for conn in conns:
        live.connections.add(conn)
    try:
        manager(client)._broadcast_state(live, 0)
    finally:
        for conn in conns:
            live.connections.discard(conn)
    assert sorted(made, key=str) == [(None, "en"), (None, "fr")]
    english, french = (json.loads(c.queue.get_nowait()) for c in (conns[0], conns[2]))
    assert events(english["log"]) == events(french["log"])
    if english["log"]:
        assert english["log"][0]["text"] != french["log"][0]["text"]


def test_websocket_messages_come_in_the_connections_language(person, client):
    alice = person("fr")
    tid = started_with_bots(alice, bots=("random",))
    my_turn(alice, tid)
    with alice.websocket(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["type"] == "table"
        state = ws.receive_json()
    live = manager(client).tables[tid]
    names = player_names(live.seats, "fr")
    assert [e["text"] for e in state["log"]][:1] == [
        text.describe(live.state.game, e, 0, "fr", names) for e in live.state.log(0)[:1]]


@pytest.mark.parametrize("game", donjon.games())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_catalogue_is_served_in_each_language(person, game, lang):
    data = person().get(f"/api/games/{game}/catalogue?lang={lang}").json()
    assert data["game"] == game and data["lang"] == lang
    assert data["items"] == [dict(i) for i in text.catalogue(donjon.load(game), lang)]
    for item in data["items"]:
        assert item["id"] and item["name"] and item["text"]
    shown = text.presentation(donjon.load(game))
    if shown is not None:
        assert set(data["categories"]) == set(shown.CATEGORIES)
    # the caller's language by default
    assert person(lang).get(f"/api/games/{game}/catalogue").json()["lang"] == lang


def test_the_catalogue_refuses_what_it_does_not_know(person):
    assert person().get("/api/games/chess/catalogue").status_code == 404
    assert person().get("/api/games/citadels/catalogue?lang=de").status_code == 400


@pytest.mark.parametrize("page", ["table", "replay"])
def test_table_and_replay_pages_embed_the_catalogue(person, client, page):
    alice = person("fr")
    tid = started_with_bots(alice)
    html = alice.get(f"/{page}/{tid}").text
    found = re.search(r'<script id="catalogue" type="application/json">(.*?)</script>', html, re.S)
    assert found
    data = json.loads(found.group(1))
    assert data["lang"] == "fr" and data["game"] == "castle-rooms"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_form_gets_options_as_players_read_them(person, lang):
    games = person(lang).get("/api/games").json()["games"]
    for entry in games:
        game = donjon.load(entry["name"])
        for shown, option in zip(entry["options"], game.options, strict=True):
            assert "doc" not in shown
            assert shown["name"] == option.name and shown["advanced"] == option.proposed
            assert shown["label"] == (option.label.get(lang) or option.label.get("en")
                                      or shown["label"])
            assert shown["default"] == option.default
            if option.choices is not None:
                assert shown["choices"] == list(option.choices)
                assert len(shown["values"]) == len(option.choices) and all(shown["values"])
            for words in (shown["label"], shown["help"], *(shown["values"] or [])):
                assert "§" not in words and "PROPOSED" not in words
                assert not IDENTIFIER.search(words), words


def test_a_finished_table_shows_no_seat_numbers_in_its_pages(person, client):
    alice = person()
    tid = started_with_bots(alice, bots=("random",))
    html = alice.get(f"/table/{tid}").text
    visible = re.sub(r"<script.*?</script>|<[^>]+>", " ", html, flags=re.S)
    assert not SEAT_WORDS.search(visible)
    assert "win_rooms" not in visible and "hand_limit" not in visible


def _table_at_a_named_action(lang_names=("Alice", "Bobby")):
    """A two-person Castle Rooms table at a decision whose labels name a player (a dragon
    placed on someone's row)."""
    from donjon.server.tables import LiveTable, SeatInfo

    game = donjon.load("castle-rooms")
    seats = [SeatInfo("human", user_id=i + 1, name=name) for i, name in enumerate(lang_names)]
    table = LiveTable(id="t", game=game.name, game_version="", players=2, options={},
                      seats=seats, created_by=1, created_at=None, status="running")
    for seed in range(50):
        state = game.new_game(2, seed=seed)
        while not state.is_over():
            seat = state.to_move()[0]
            if any(a.kind == "dragon" for a in state.legal_actions(seat)):
                table.state = state
                return table, seat
            state.apply(seat, state.legal_actions(seat)[0])
    raise AssertionError("no dragon to place in 50 games")


def test_labels_are_made_once_a_table_and_follow_the_players_names():
    """Labels are remembered per table, seat and language (most actions come back move after
    move), and a seat that changes hands forgets them: a label names players."""
    table, seat = _table_at_a_named_action()
    first = fanout.state_message(table, seat, lang="en")
    dragons = [a["label"] for a in first["actions"] if a["kind"] == "dragon"]
    assert any("Bobby" in label or "Alice" in label for label in dragons)
    again = fanout.state_message(table, seat, lang="en")
    assert again["actions"] == first["actions"]
    assert all(a is b for a, b in zip(again["actions"], first["actions"], strict=True))
    # each seat has its own: a message's making never depends on what another seat was offered
    assert table.shown_actions(seat, "en") and not table.shown_actions(1 - seat, "en")
    french = fanout.state_message(table, seat, lang="fr")
    game, legal = table.state.game, table.state.legal_actions(seat)
    assert [a["label"] for a in french["actions"]] == [
        text.label(game, a, "fr", ["Alice", "Bobby"]) for a in legal]
    table.seats[1 - seat].name = "Zoé"
    table.seats_changed()
    renamed = fanout.state_message(table, seat, lang="en")
    names = ["Alice", "Bobby"]
    names[1 - seat] = "Zoé"
    assert [a["label"] for a in renamed["actions"]] == [
        text.label(game, a, "en", names) for a in legal]
    assert any("Zoé" in a["label"] for a in renamed["actions"] if a["kind"] == "dragon")
