"""Per-game Elo ratings (issue #11): start 1500; a multi-player game is pairwise results with
K = 32 / opponents; rated only when every seat starts with a person; a player who resigns or runs
out of time loses to everyone and the table stays rated for the others; a leaderboard per game."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import text

from donjon.server import ratings
from donjon.server.ratings import Player, new_ratings, rated_players, update_ratings
from tests.server.conftest import create_table, manager


def elo(own: float, other: float, result: float, k: float = 32.0) -> float:
    """The textbook formula, written out again: the test's own check of ``new_ratings``."""
    return own + k * (result - 1 / (1 + 10 ** ((other - own) / 400)))


# -- the arithmetic --------------------------------------------------------------------------------


def test_two_players_at_1500_move_by_16():
    after = new_ratings([Player(1, 1), Player(2, 2)], {1: 1500.0, 2: 1500.0})
    assert after == {1: 1516.0, 2: 1484.0}


def test_a_two_player_game_is_plain_elo_with_k_32():
    after = new_ratings([Player(1, 2), Player(2, 1)], {1: 1620.0, 2: 1480.0})
    assert after[1] == pytest.approx(elo(1620, 1480, 0.0))
    assert after[2] == pytest.approx(elo(1480, 1620, 1.0))
    assert after[1] + after[2] == pytest.approx(1620 + 1480)  # Elo moves points, makes none


def test_a_draw_between_equals_changes_nothing():
    assert new_ratings([Player(1, 1), Player(2, 1)], {1: 1500.0, 2: 1500.0}) == \
        {1: 1500.0, 2: 1500.0}


def test_a_four_player_game_is_six_pairwise_results_with_k_over_3():
    before = {1: 1500.0, 2: 1600.0, 3: 1400.0, 4: 1550.0}
    players = [Player(1, 1), Player(2, 2), Player(3, 2), Player(4, 4)]  # 2 and 3 tie
    after = new_ratings(players, before)
    k = 32 / 3
    results = {(1, 2): 1, (1, 3): 1, (1, 4): 1, (2, 3): 0.5, (2, 4): 1, (3, 4): 1}
    for me in before:
        change = 0.0
        for other in before:
            if other == me:
                continue
            result = results[(me, other)] if (me, other) in results else \
                1 - results[(other, me)]
            change += elo(before[me], before[other], result, k) - before[me]
        assert after[me] == pytest.approx(before[me] + change)
    assert sum(after.values()) == pytest.approx(sum(before.values()))


def test_who_resigned_or_ran_out_of_time_loses_to_everyone():
    """Even with the best score (the bot that took the seat played on), a player who left
    loses to everyone; two who left draw between them."""
    players = [Player(1, 1, forfeited=True), Player(2, 2), Player(3, 3, forfeited=True)]
    after = new_ratings(players, {1: 1500.0, 2: 1500.0, 3: 1500.0})
    assert after[2] == pytest.approx(1516.0)  # beat both
    assert after[1] == after[3] == pytest.approx(1492.0)  # lost to 2, drew each other


def test_which_tables_are_rated():
    result = {"ranks": [1, 2]}
    people = [{"kind": "human", "user_id": 1}, {"kind": "human", "user_id": 2}]
    assert rated_players(people, result) == [Player(1, 1), Player(2, 2)]
    bot = [{"kind": "human", "user_id": 1}, {"kind": "bot", "user_id": None}]
    assert rated_players(bot, result) is None  # mixed: unrated
    left = [{"kind": "human", "user_id": 1, "replaced": "resigned"},
            {"kind": "human", "user_id": 2, "replaced": None}]
    assert rated_players(left, result) == [Player(1, 1, True), Player(2, 2)]
    timeout = [{"kind": "human", "user_id": 1, "replaced": "timeout"},
               {"kind": "human", "user_id": 2}]
    assert rated_players(timeout, result)[0].forfeited
    twice = [{"kind": "human", "user_id": 1}, {"kind": "human", "user_id": 1}]
    assert rated_players(twice, result) is None
    assert rated_players(people, None) is None


# -- through the server ---------------------------------------------------------------------------


def play_to_end(client, people, tid):
    tables = manager(client)
    tables.limits = dataclasses.replace(tables.limits, moves_per_10s=10**6)  # a script
    live = tables.tables[tid]
    while live.status == "running":
        seat = live.state.to_move()[0]
        action = live.state.legal_actions(seat)[0].to_json()
        response = people[seat].post(f"/api/tables/{tid}/moves",
                                     {"action": action, "version": live.version})
        assert response.status_code == 200, response.text
    return live


def two_members(person):
    alice, bob = person(), person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    return alice, bob


def start(alice, bob, game="castle-rooms"):
    tid = create_table(alice, game=game)["id"]
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    return tid


def rating(who, game="castle-rooms"):
    games = {g["game"]: g for g in who.get(f"/api/players/{who.user['name']}").json()["games"]}
    return games[game]["rating"] if game in games else None


def test_a_rated_two_human_game_changes_both_ratings_as_elo_says(person, client):
    alice, bob = two_members(person)
    tid = start(alice, bob)
    live = play_to_end(client, [alice, bob], tid)
    ranks = live.result["ranks"]
    results = {0: 0.5 if ranks[0] == ranks[1] else float(ranks[0] < ranks[1])}
    results[1] = 1 - results[0]
    assert rating(alice) == round(elo(1500, 1500, results[0]))
    assert rating(bob) == round(elo(1500, 1500, results[1]))
    # a second game starts from the first one's ratings
    with client.app.state.store.engine.connect() as conn:
        stored = dict(conn.execute(text("SELECT user_id, rating FROM ratings")).all())
    tid = start(alice, bob)
    live = play_to_end(client, [alice, bob], tid)
    ranks = live.result["ranks"]
    first = 0.5 if ranks[0] == ranks[1] else float(ranks[0] < ranks[1])
    ids = [s["user_id"] for s in live.info()["seats"]]
    expected_alice = elo(stored[ids[0]], stored[ids[1]], first)
    assert rating(alice) == round(expected_alice)
    board = alice.get("/api/leaderboard/castle-rooms").json()
    assert [p["name"] for p in board["players"]] == sorted(
        ["Alice", "Bob"], key=lambda n: -rating(alice if n == "Alice" else bob))
    assert all(p["games"] == 2 for p in board["players"])
    profile = alice.get("/api/players/Alice").json()
    assert profile["tables"][0]["rating_change"] is not None
    assert profile["tables"][0]["replay"] == f"/replay/{tid}"
    # counted once, whoever asks again
    assert update_ratings(client.app.state.store, tid) is None


def test_a_table_with_a_bot_is_unrated(person, client):
    alice = person()
    alice.post("/api/register", {"name": "Alice", "password": "correct horse"})
    tid = create_table(alice, seats=("human", "random"))["id"]
    live = manager(client).tables.get(tid) or manager(client).finished.get(tid)
    tables = manager(client)
    tables.limits = dataclasses.replace(tables.limits, moves_per_10s=10**6)
    import time
    deadline = time.monotonic() + 120
    while live.status == "running":
        seat = live.state.to_move()[0]
        if seat == 0:
            action = live.state.legal_actions(0)[0].to_json()
            alice.post(f"/api/tables/{tid}/moves", {"action": action, "version": live.version})
        else:
            time.sleep(0.01)
        assert time.monotonic() < deadline
    assert rating(alice) is None
    profile = alice.get("/api/players/Alice").json()
    assert profile["games"][0]["played"] == 1 and profile["games"][0]["rating"] is None
    assert profile["tables"][0]["rating_change"] is None


def test_a_player_who_resigns_loses_and_the_table_stays_rated(person, client):
    alice, bob = two_members(person)
    tid = start(alice, bob)
    resigned = alice.post(f"/api/tables/{tid}/resign")
    assert resigned.status_code == 200, resigned.text
    live = manager(client).tables.get(tid) or manager(client).finished.get(tid)
    import time
    deadline = time.monotonic() + 120
    tables = manager(client)
    tables.limits = dataclasses.replace(tables.limits, moves_per_10s=10**6)
    while live.status == "running":  # Bob plays on against the bot in Alice's seat
        seat = live.state.to_move()[0]
        if seat == 1:
            action = live.state.legal_actions(1)[0].to_json()
            bob.post(f"/api/tables/{tid}/moves", {"action": action, "version": live.version})
        else:
            time.sleep(0.01)
        assert time.monotonic() < deadline
    # the last move may be the bot's: its table ends before its ratings are counted (a
    # person's last move is answered only after), so they are awaited here
    while rating(bob) in (None, 1500) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert rating(alice) == 1484 and rating(bob) == 1516


def test_a_guest_keeps_their_rating_on_registering(person, client):
    visitor, bob = person(), person()
    bob.post("/api/register", {"name": "Bob", "password": "password-b"})
    visitor.post("/api/guest")
    tid = start(visitor, bob)
    play_to_end(client, [visitor, bob], tid)
    before = rating(visitor)
    assert before is not None and not client.get("/api/leaderboard/castle-rooms").json()[
        "players"][0]["name"].startswith("guest-")  # guests are rated, not listed
    visitor.post("/api/register", {"name": "Vera", "password": "correct horse"})
    assert rating(visitor) == before
    names = [p["name"] for p in visitor.get("/api/leaderboard/castle-rooms").json()["players"]]
    assert set(names) == {"Vera", "Bob"}


def test_two_tables_finishing_at_once_both_count(person, client):
    """Each finished table is counted in one transaction; two of the same players, counted
    one after the other, compound."""
    alice, bob = two_members(person)
    first, second = start(alice, bob), start(alice, bob)
    store = client.app.state.store
    with store.engine.begin() as conn:  # both finished by hand, Alice winning each
        for tid in (first, second):
            conn.execute(text("UPDATE game_tables SET status = 'finished', result = :r "
                              "WHERE id = :id"), {"r": '{"ranks": [1, 2]}', "id": tid})
    one = update_ratings(store, first)
    two = ratings.table_finished(store.engine, second)
    assert one is not None and two is not None
    alice_id = alice.user["id"]
    assert two[alice_id][0] == pytest.approx(one[alice_id][1])
    assert two[alice_id][1] == pytest.approx(elo(1516, 1484, 1.0))
