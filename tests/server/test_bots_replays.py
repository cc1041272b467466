"""Bot seats, finished tables, replays, and two simultaneous moves."""

from __future__ import annotations

import asyncio
import time

import pytest
from fastapi.testclient import TestClient

import donjon
from donjon.server.app import create_app
from donjon.server.db import Conflict, Store, make_engine, run_migrations
from donjon.server.tables import TableError, TableManager
from tests.server.aio import run_async
from tests.server.conftest import Person, create_table, manager


def wait_until(predicate, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def bot_table(who, game, players=None):
    players = players or donjon.load(game).min_players
    return create_table(who, game=game, seats=("random",) * players, sit=False, start=True)


@pytest.mark.parametrize("game", donjon.games())
def test_bots_play_a_whole_game_server_side(person, client, game):
    alice = person()
    table = bot_table(alice, game)
    tid = table["id"]
    assert table["status"] == "running"
    mgr = manager(client)
    assert wait_until(lambda: tid in mgr.finished, timeout=60), "the bots did not finish"
    live = mgr.finished[tid]
    assert live.status == "finished" and live.state.is_over()
    record = alice.get(f"/api/tables/{tid}/record").json()
    assert record["format"] == 2 and record["version"] == donjon.load(game).version
    assert all(len(move) == 4 for move in record["moves"])  # [seat, kind, args, text]
    assert donjon.replay(record) == live.state
    assert record["result"] == live.result
    listing = alice.get("/api/tables").json()
    assert tid in [t["id"] for t in listing["finished"]]
    assert tid not in [t["id"] for t in listing["running"]]
    moves = alice.post(f"/api/tables/{tid}/moves", {"action": "pass", "version": live.version})
    assert moves.status_code in (401, 403, 409)


def test_replay_move_by_move(person, client):
    alice = person()
    tid = bot_table(alice, "castle-rooms", 3)["id"]
    mgr = manager(client)
    assert wait_until(lambda: tid in mgr.finished)
    record = alice.get(f"/api/tables/{tid}/record").json()
    total = len(record["moves"])
    for step in (0, 1, total // 2, total):
        data = alice.get(f"/api/tables/{tid}/replay?step={step}").json()
        expected = donjon.replay(record, upto=step)
        assert data["total"] == total and data["step"] == step
        assert data["view"] == expected.view(None)
        # the log's events, each with its sentence in the caller's language
        assert [{"key": e["key"], "args": e["args"]} for e in data["log"]] == expected.log(None)
        assert all(isinstance(e["text"], str) and e["text"] for e in data["log"])
        assert data["move"] == (record["moves"][step - 1] if step else None)
        assert (data["move_label"] is None) == (step == 0)
    as_seat = alice.get(f"/api/tables/{tid}/replay?step=5&seat=1").json()
    assert as_seat["view"] == donjon.replay(record, upto=5).view(1)
    assert alice.get(f"/api/tables/{tid}/replay?step={total + 1}").status_code == 400
    assert alice.get(f"/api/tables/{tid}/replay?step=-1").status_code == 400
    assert alice.get(f"/api/tables/{tid}/replay?seat=9").status_code == 400
    assert alice.get(f"/api/tables/{tid}/replay?step=abc").status_code == 422
    assert alice.get(f"/replay/{tid}").status_code == 200


def test_no_replay_or_record_before_the_end(person):
    alice = person()
    tid = create_table(alice)["id"]
    assert alice.get(f"/api/tables/{tid}/replay").json()["error"] == "not_finished"
    assert alice.get(f"/api/tables/{tid}/record").status_code == 403  # it holds the seed


def test_a_person_plays_against_bots_to_the_end(person, client):
    alice = person()
    tid = create_table(alice, seats=("human", "heuristic", "random"), start=True)["id"]
    mgr = manager(client)
    for _ in range(2000):
        assert wait_until(lambda: tid in mgr.finished or (
            mgr.tables[tid].state.to_move() == [0] and not mgr.tables[tid].thinking))
        if tid in mgr.finished:
            break
        state = mgr.tables[tid].state
        action = state.legal_actions(0)[-1].text
        response = alice.post(f"/api/tables/{tid}/moves",
                              {"action": action, "version": mgr.tables[tid].version})
        assert response.status_code == 200, response.text
    assert mgr.finished[tid].state.is_over()


def test_finished_tables_reload_from_the_log(db_url, person):
    app = create_app(db_url, bot_delay=0, secret_key="k")
    with TestClient(app) as client:
        alice = Person(client)
        tid = bot_table(alice, "castle-rooms", 2)["id"]
        assert wait_until(lambda: tid in manager(client).finished)
        final = manager(client).finished[tid].state
    with TestClient(create_app(db_url, bot_delay=0, secret_key="k")) as client:
        alice = Person(client)
        assert alice.get(f"/api/tables/{tid}").json()["table"]["status"] == "finished"
        assert manager(client).finished[tid].state == final


def test_two_simultaneous_moves_cannot_both_land(db_url):
    async def scenario():
        engine = make_engine(db_url)
        run_migrations(engine)
        store = Store(engine)
        mgr = TableManager(store, bot_delay=0)
        alice = store.create_user("alice", None, True)
        table = await mgr.create(alice, "alice", "castle-rooms", 2, {}, [{"kind": "human"}] * 2)
        bob = store.create_user("bob", None, True)
        await mgr.join(table, bob, "bob", 1)
        await mgr.start(table, alice, seed=11)
        seat = table.state.to_move()[0]
        first, second = [a.text for a in table.state.legal_actions(seat)][:2]
        # two moves computed against version 0 race each other: exactly one lands
        outcomes = await asyncio.gather(
            mgr.submit(table, seat, first, expected=0),
            mgr.submit(table, seat, second, expected=0),
            return_exceptions=True,
        )
        landed = [o for o in outcomes if o == 1]
        refused = [o for o in outcomes if isinstance(o, TableError)]
        assert len(landed) == 1 and len(refused) == 1 and refused[0].code == "stale"
        assert table.version == 1 and len(table.state.moves) == 1
        # the database refuses a second writer at a stale version on its own (another process)
        with pytest.raises(Conflict):
            store.append_move(table.id, 0, seat, table.state.moves[0][1])
        rows = store.table(table.id)
        assert rows.version == 1 and len(rows.moves) == 1
        await mgr.close()
        engine.dispose()

    run_async(scenario())


def test_migrations_are_idempotent_and_at_head(db_url):
    from alembic.runtime.migration import MigrationContext
    from sqlalchemy import inspect

    engine = make_engine(db_url)
    run_migrations(engine)
    run_migrations(engine)
    names = set(inspect(engine).get_table_names())
    assert {"users", "settings", "game_tables", "seats", "moves", "alembic_version"} <= names
    with engine.connect() as conn:
        assert MigrationContext.configure(conn).get_current_revision() == "0006"
    engine.dispose()


def _bot_manager(db_url, **kwargs):
    engine = make_engine(db_url)
    run_migrations(engine)
    store = Store(engine)
    return engine, store, TableManager(store, bot_delay=0, bot_retry=0.001, **kwargs)


def test_a_bot_survives_a_transient_failure(db_url):
    async def scenario():
        engine, store, mgr = _bot_manager(db_url)
        real, calls = store.append_move, []

        def flaky(*args):
            calls.append(args)
            if len(calls) in (3, 4):
                raise OSError("disk hiccup")
            return real(*args)

        store.append_move = flaky
        owner = store.create_user("owner", None, True)
        table = await mgr.create(owner, "owner", "castle-rooms", 2, {},
                                 [{"kind": "bot", "bot": "random"}] * 2, sit=False)
        await mgr.start(table, owner)
        deadline = time.monotonic() + 120  # generous: CI machines can be slow and busy
        while table.status != "finished" and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        assert table.status == "finished"
        assert store.table(table.id).version == table.version == len(table.state.moves)
        await mgr.close()
        engine.dispose()

    run_async(scenario())


def test_a_broken_bot_seat_gives_up_instead_of_spinning(db_url):
    from donjon.server.bots import BOT_GIVE_UP

    async def scenario():
        engine, store, mgr = _bot_manager(db_url)
        owner = store.create_user("owner", None, True)
        table = await mgr.create(owner, "owner", "castle-rooms", 2, {},
                                 [{"kind": "bot", "bot": "random"}] * 2, sit=False)
        calls = []

        def broken(*args):
            calls.append(args)
            raise OSError("the disk is gone")

        store.append_move = broken
        await mgr.start(table, owner)
        deadline = time.monotonic() + 60
        while len(calls) < BOT_GIVE_UP and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)  # far longer than the last pause: a spinning seat would retry
        assert len(calls) == BOT_GIVE_UP  # retried with pauses, then the seat waits
        assert table.version == 0 and table.status == "running" and not table.thinking
        await mgr.close()
        engine.dispose()

    run_async(scenario())
