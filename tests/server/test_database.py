"""The store itself, on every backend: two writers on separate connections (as two server
processes would be) at the same version of a table, and the move path's raw DBAPI connection."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import create_engine, insert, make_url, select, text, update
from sqlalchemy.pool import NullPool

from donjon.engine import Action
from donjon.server.db import (
    Conflict,
    Store,
    TableRow,
    game_tables,
    make_engine,
    moves,
    now,
    run_migrations,
)
from donjon.server.store import LogEntry


def said(text: str) -> Action:
    """A move whose identity carries its text (the store keeps both)."""
    return Action("say", (text,), text)


def texts(row) -> list[tuple[int, str]]:
    return [(entry.seat, entry.text) for entry in row.moves]


def _stores(db_url, count=2):
    """``count`` stores on engines of their own: no connection, pool or lock in common."""
    engines = [make_engine(db_url) for _ in range(count)]
    run_migrations(engines[0])
    return engines, [Store(e) for e in engines]


def _running_table(store: Store, table_id: str = "t1") -> str:
    owner = store.create_user("owner", None, True)
    store.create_table(TableRow(
        id=table_id, game="castle-rooms", game_version="1", players=2, options={}, seed=None,
        status="open", version=0, created_by=owner, created_at=now(), result=None,
        seats=[{"kind": "human", "user_id": owner}, {"kind": "human"}],
    ))
    store.start_table(table_id, seed=7)
    return table_id


def _close(engines, stores):
    for store in stores:
        store.close()
    for engine in engines:
        engine.dispose()


def test_a_writer_at_a_stale_version_waits_then_is_refused(db_url):
    """Writer A has bumped the version and holds the row; writer B, at the same version, waits
    for A's transaction, then finds the version moved on and is refused: only A's move lands."""
    engines, stores = _stores(db_url)
    try:
        tid = _running_table(stores[0])
        outcome: list[object] = []

        def writer_b():
            try:
                stores[1].append_move(tid, 0, 1, said("b's move"))
                outcome.append("landed")
            except Conflict as error:
                outcome.append(error)
            except Exception as error:  # pragma: no cover - reported by the assertion below
                outcome.append(repr(error))

        with engines[0].connect() as conn:
            bumped = conn.execute(
                update(game_tables)
                .where(game_tables.c.id == tid, game_tables.c.version == 0)
                .values(version=1)
            )
            assert bumped.rowcount == 1
            thread = threading.Thread(target=writer_b)
            thread.start()
            if engines[0].dialect.name == "postgresql":
                _wait_for_a_lock_wait(db_url)  # B is blocked on A's row lock, not done early
            else:
                time.sleep(0.3)
            assert thread.is_alive() and not outcome
            conn.execute(insert(moves).values(table_id=tid, seq=1, seat=0, action="a's move",
                                              created_at=now()))
            conn.commit()
        thread.join(30)
        assert len(outcome) == 1 and isinstance(outcome[0], Conflict), outcome
        row = stores[1].table(tid)
        # a row written as the first release wrote them: text only, read back by text
        assert row.version == 1 and row.moves == [LogEntry(0, "a's move")]
    finally:
        _close(engines, stores)


def _wait_for_a_lock_wait(db_url: str) -> None:
    name = make_url(db_url).query.get("application_name")
    admin = create_engine(make_url(db_url), poolclass=NullPool)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with admin.connect() as conn:
                waiting = conn.execute(text(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND application_name = :name"), {"name": name}).scalar()
            if waiting:
                return
            time.sleep(0.02)
        pytest.fail("the second writer never waited for the first one's lock")
    finally:
        admin.dispose()


def test_concurrent_writers_at_the_same_version_exactly_one_lands(db_url):
    """Two threads, each with its own store and engine, write at the same version at once,
    round after round: every round exactly one move lands and the log has no gap."""
    engines, stores = _stores(db_url)
    rounds = 25
    try:
        tid = _running_table(stores[0])
        barrier = threading.Barrier(2, timeout=30)
        results: dict[int, list[object]] = {0: [], 1: []}

        def writer(who: int):
            for version in range(rounds):
                barrier.wait()
                try:
                    stores[who].append_move(tid, version, who, said(f"{who}@{version}"))
                    results[who].append(True)
                except Conflict:
                    results[who].append(False)
                except Exception as error:  # pragma: no cover - reported below
                    results[who].append(repr(error))

        threads = [threading.Thread(target=writer, args=(who,)) for who in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        for version in range(rounds):
            outcome = [results[0][version], results[1][version]]
            assert sorted(outcome, key=repr) == [False, True], (version, outcome)
        row = stores[0].table(tid)
        assert row.version == rounds and len(row.moves) == rounds
        with engines[0].connect() as conn:
            seqs = conn.execute(
                select(moves.c.seq).where(moves.c.table_id == tid).order_by(moves.c.seq)
            ).scalars().all()
        assert seqs == list(range(1, rounds + 1))
        # each landed move is the one of the writer that won its round
        for version, (seat, action) in enumerate(texts(row)):
            assert action == f"{seat}@{version}" and results[seat][version] is True
    finally:
        _close(engines, stores)


def test_the_same_move_number_twice_is_a_conflict(db_url):
    """The primary key (table_id, seq) refuses a second move number even when the version check
    is bypassed (a row written behind the store's back)."""
    engines, stores = _stores(db_url, count=1)
    try:
        tid = _running_table(stores[0])
        with engines[0].begin() as conn:
            conn.execute(insert(moves).values(table_id=tid, seq=1, seat=0, action="x",
                                              created_at=now()))
        with pytest.raises(Conflict):
            stores[0].append_move(tid, 0, 0, said("y"))
        # the raw connection is usable again after the refused transaction
        with engines[0].begin() as conn:
            conn.execute(update(game_tables).where(game_tables.c.id == tid).values(version=1))
        stores[0].append_move(tid, 1, 1, said("z"))
        assert texts(stores[0].table(tid)) == [(0, "x"), (1, "z")]
    finally:
        _close(engines, stores)


def test_a_finishing_move_writes_the_result(db_url):
    engines, stores = _stores(db_url, count=1)
    try:
        tid = _running_table(stores[0])
        stores[0].append_move(tid, 0, 0, said("last"), result={"scores": [1, 2]})
        row = stores[0].table(tid)
        assert row.status == "finished" and row.result == {"scores": [1, 2]}
        assert [r.id for r in stores[0].finished_tables()] == [tid]
        with pytest.raises(Conflict):  # finished: no further move, whatever the version
            stores[0].append_move(tid, 1, 1, said("after"))
    finally:
        _close(engines, stores)


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_the_move_path_reconnects_after_the_database_drops_it(db_url):
    """A database restart (here: its sessions terminated) breaks the raw connection a thread
    keeps for moves: that move fails, and the next one runs on a fresh connection. (PostgreSQL
    only: a SQLite file has no server to drop its connections.)"""
    engines, stores = _stores(db_url, count=1)
    try:
        tid = _running_table(stores[0])
        stores[0].append_move(tid, 0, 0, said("before"))
        name = make_url(db_url).query.get("application_name")
        admin = create_engine(make_url(db_url).difference_update_query(["application_name"]),
                              poolclass=NullPool)
        with admin.connect() as conn:
            killed = conn.execute(text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE application_name = :name"), {"name": name}).scalar()
        admin.dispose()
        assert killed >= 1
        time.sleep(0.2)
        with pytest.raises(Exception) as failed:
            stores[0].append_move(tid, 1, 1, said("lost"))
        assert not isinstance(failed.value, Conflict)
        stores[0].append_move(tid, 1, 1, said("after"))
        assert texts(stores[0].table(tid)) == [(0, "before"), (1, "after")]
    finally:
        _close(engines, stores)


def test_the_database_is_empty_and_at_head(db_url):
    """Each test starts on a database of its own (on PostgreSQL, a schema of its own)."""
    engines, stores = _stores(db_url, count=1)
    try:
        with engines[0].connect() as conn:
            assert conn.execute(select(game_tables.c.id)).all() == []
            if engines[0].dialect.name == "postgresql":
                schema = conn.execute(text("SELECT current_schema()")).scalar()
                assert schema == make_url(db_url).query["application_name"]
    finally:
        _close(engines, stores)


def test_the_log_holds_identities_and_undo_entries(db_url):
    """A move is written with its identity (kind, args as JSON) and its text; an undo is an
    entry of its own: nothing is ever deleted."""
    engines, stores = _stores(db_url, count=1)
    try:
        tid = _running_table(stores[0])
        stores[0].append_move(tid, 0, 0, Action("build", ("manor", 2, ("a", 1)), "build Manor"))
        stores[0].append_undo(tid, 1, 0)
        stores[0].append_move(tid, 2, 0, Action("pass", (), "pass"))
        row = stores[0].table(tid)
        assert row.version == 3
        assert row.moves == [
            LogEntry(0, "build Manor", "build", ("manor", 2, ("a", 1))),
            LogEntry(0, "undo", undo=True),
            LogEntry(0, "pass", "pass", ()),
        ]
        assert row.moves[0].action == Action("build", ("manor", 2, ("a", 1)))
        assert row.moves[0].to_record() == [0, "build", ["manor", 2, ["a", 1]], "build Manor"]
        with engines[0].connect() as conn:
            stored = conn.execute(select(moves.c.entry, moves.c.kind, moves.c.args)
                                  .where(moves.c.table_id == tid).order_by(moves.c.seq)).all()
        assert [tuple(r) for r in stored] == [
            ("move", "build", '["manor",2,["a",1]]'), ("undo", None, None), ("move", "pass", "[]")
        ]
    finally:
        _close(engines, stores)


def test_two_schema_makers_in_one_process_never_hand_out_the_same_schema():
    """The browser tests' live server and the server tests each make PostgreSQL schemas in the
    same worker process; both once counted from 0, so a server test was given the live server's
    schema and dropped it under the running server (which then logged a failure every second)."""
    from tests.server.conftest import POSTGRES_URL, PostgresSchemas

    if not POSTGRES_URL:
        pytest.skip("DONJON_TEST_DATABASE_URL is not set (scripts/postgres-for-tests.sh prints one)")
    first, second = PostgresSchemas(POSTGRES_URL), PostgresSchemas(POSTGRES_URL)
    made = [first.create()[0], second.create()[0], first.create()[0]]
    try:
        assert len(set(made)) == 3, made
    finally:
        for name in set(made):
            first.drop(name)
        first.admin.dispose()
        second.admin.dispose()


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_the_move_paths_connection_goes_back_to_the_pool_as_the_pool_gave_it(db_url):
    """On PostgreSQL the move path's connection commits each statement (one round trip a move);
    given back (``Store.close``), it is transactional again for the pool's other users."""
    engine = make_engine(db_url)
    run_migrations(engine)
    store = Store(engine)
    try:
        tid = _running_table(store)
        store.append_move(tid, 0, 0, said("first"))
        assert store.log_after(tid, 0).moves == [LogEntry(0, "first", "say", ("first",))]
        dbapi = store._raw().dbapi_connection
        assert dbapi.autocommit is True
        store.close()
        assert dbapi.autocommit is False
        assert texts(store.table(tid)) == [(0, "first")]
    finally:
        store.close()
        engine.dispose()
