"""The database of the previous release (``tests/fixtures/legacy_v0``: open, running and finished
tables of every game, moves logged as text) upgrades and plays on; tables keep the rules version
they were made under, and one whose version is gone is closed, its record still readable."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

import donjon
from donjon.engine import Version
from donjon.server.app import create_app
from donjon.server.db import moves
from tests.server.conftest import Person, manager

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "legacy_v0"
EXPECTED: dict[str, dict] = json.loads((FIXTURE / "tables.json").read_text())
SECRET = "legacy-fixture"  # the fixture's own key: its users' session cookies stay valid


def of(status: str, game: str | None = None) -> list[str]:
    return sorted(tid for tid, e in EXPECTED.items()
                  if e["status"] == status and game in (None, e["game"]))


@pytest.fixture
def legacy_db(tmp_path) -> str:
    copy = tmp_path / "donjon.sqlite3"
    shutil.copy(FIXTURE / "donjon.sqlite3", copy)
    return f"sqlite:///{copy}"


@pytest.fixture
def legacy(legacy_db):
    with TestClient(create_app(legacy_db, bot_delay=0, secret_key=SECRET)) as client:
        yield client


def holder(client: TestClient, user_id: int) -> Person:
    """The person holding ``user_id``'s session, as their browser kept it."""
    who = Person(client)
    who.jar.delete("donjon_session")
    who.jar.set("donjon_session", client.app.state.signer.dumps([user_id, 0]),
                domain="testserver.local", path="/")
    assert who.user["id"] == user_id
    return who


def loaded(client: TestClient, tid: str):
    """The live table ``tid``: tables are loaded when first needed (a request), not at start."""
    Person(client).get(f"/api/tables/{tid}")
    return manager(client).tables[tid]


def play(client: TestClient, tid: str, count: int) -> int:
    """``count`` moves through the API, each sent as an identity by the seat's holder."""
    live = loaded(client, tid)
    for _ in range(count):
        seat = live.state.to_move()[0]
        who = holder(client, live.seats[seat].user_id)
        message = who.get(f"/api/tables/{tid}").json()["state"]
        action = message["actions"][len(message["actions"]) // 2]
        sent = {"kind": action["kind"], "args": action["args"]}
        response = who.post(f"/api/tables/{tid}/moves",
                            {"action": sent, "version": message["version"]})
        assert response.status_code == 200, response.text
    return live.version


def replayed_part(result: dict) -> dict:
    """What a replayed result must share with the one the previous release stored: scores,
    ranks, winners, details. The score breakdown by category came later, and the tie-break is
    now said only when one was applied (a stored result keeps what it had: ``info["result"]``)."""
    return {k: v for k, v in result.items() if k not in ("breakdown", "tiebreak")}


def log_of(client: TestClient, tid: str):
    with client.app.state.store.engine.connect() as conn:
        return conn.execute(select(moves.c.seq, moves.c.entry, moves.c.kind, moves.c.args)
                            .where(moves.c.table_id == tid).order_by(moves.c.seq)).all()


def test_every_table_of_the_previous_release_loads(legacy):
    games = {e["game"] for e in EXPECTED.values()}
    assert games == set(donjon.games())
    for tid, expected in EXPECTED.items():
        data = Person(legacy).get(f"/api/tables/{tid}").json()
        info = data["table"]
        assert info["game"] == expected["game"] and info["status"] == expected["status"], tid
        assert info["game_version"] == "1"
        if expected["status"] == "running":
            assert info["version"] == expected["moves"] and data["state"]["moves"] == expected["moves"]
        if expected["status"] == "finished":
            assert info["result"] == expected["result"]


@pytest.mark.parametrize("tid", of("finished"))
def test_a_finished_table_keeps_its_result_its_record_and_its_replay(legacy, tid):
    expected = EXPECTED[tid]
    who = Person(legacy)
    record = who.get(f"/api/tables/{tid}/record").json()
    assert record["format"] == 2 and record["version"] == "1"
    assert len(record["moves"]) == expected["moves"]
    assert all(len(move) == 4 for move in record["moves"])  # identities now, with their texts
    assert replayed_part(record["result"]) == replayed_part(expected["result"])
    assert replayed_part(donjon.replay(record).result().to_json()) \
        == replayed_part(expected["result"])
    total = expected["moves"]
    for step in (0, 1, total):
        replay = who.get(f"/api/tables/{tid}/replay?step={step}&seat=0")
        assert replay.status_code == 200, replay.text
        assert replay.json()["total"] == total
        assert replay.json()["move"] == (record["moves"][step - 1] if step else None)
    assert who.get(f"/replay/{tid}").status_code == 200


@pytest.mark.parametrize("tid", of("open"))
def test_an_open_table_can_be_joined_and_started(legacy, tid):
    info = Person(legacy).get(f"/api/tables/{tid}").json()["table"]
    joined = None
    for seat, spec in enumerate(info["seats"]):
        if spec["kind"] == "human" and spec["user_id"] is None:
            joined = Person(legacy)
            assert joined.post(f"/api/tables/{tid}/join", {"seat": seat}).status_code == 200
    assert joined is not None
    started = joined.post(f"/api/tables/{tid}/start")
    assert started.status_code == 200, started.text
    live = loaded(legacy, tid)
    assert live.status == "running" and live.state.version == "1"  # the rules it was made under
    assert play(legacy, tid, 3) == 3
    rows = log_of(legacy, tid)
    assert [r.kind is not None for r in rows] == [True] * 3


@pytest.mark.parametrize("tid", of("running"))
def test_a_running_table_plays_on_and_logs_identities(legacy, legacy_db, tid):
    before = EXPECTED[tid]["moves"]
    live = loaded(legacy, tid)
    assert live.state.version == "1" and len(live.state.moves) == before
    assert play(legacy, tid, 5) == before + 5
    rows = log_of(legacy, tid)
    assert [r.seq for r in rows] == list(range(1, before + 6))
    # the previous release's rows keep their text alone; the new ones hold identities
    assert all(r.kind is None and r.args is None for r in rows[:before])
    assert all(r.entry == "move" for r in rows)
    new = [(r.kind, json.loads(r.args)) for r in rows[before:]]
    assert [(a.kind, list(json.loads(json.dumps(a.to_json()["args"]))))
            for _, a in live.state.moves[before:]] == new
    # a restarted server rebuilds the mixed log (texts, then identities) to the same state
    final = live.state.clone()
    legacy.app.state.manager.tables.pop(tid)
    assert manager(legacy).tables.get(tid) is None
    restored = Person(legacy).get(f"/api/tables/{tid}").json()
    assert restored["table"]["version"] == before + 5
    assert manager(legacy).tables[tid].state == final


def test_the_legacy_citadels_table_plays_on_under_rules_version_1(legacy):
    """Citadels' rules moved on (version 2): its table of the previous release keeps playing
    the rules it was made under."""
    (tid,) = of("running", "citadels")
    live = loaded(legacy, tid)
    assert live.game_version == "1" and live.state.version == "1"
    assert live.state.legacy == donjon.load("citadels").versions.get("1", Version()).legacy
    assert play(legacy, tid, 4) == EXPECTED[tid]["moves"] + 4
    assert live.state.version == "1"
    # a new table is made under the current rules
    alice = Person(legacy)
    made = alice.post("/api/tables", {"game": "citadels", "players": 2,
                                      "seats": [{"kind": "human"}] * 2})
    assert made.json()["table"]["game_version"] == donjon.load("citadels").version


def test_an_older_rules_version_still_known_plays_on(legacy_db, monkeypatch):
    """A release whose Castle Rooms rules are version 2 still plays version 1 (``versions``):
    the table made under 1 plays on under 1; new tables get 2."""
    game = donjon.load("castle-rooms")
    monkeypatch.setattr(game, "version", "2")
    monkeypatch.setattr(game, "versions", {"1": Version(note="the previous rules")})
    with TestClient(create_app(legacy_db, bot_delay=0, secret_key=SECRET)) as client:
        (tid,) = of("running", "castle-rooms")
        live = loaded(client, tid)
        assert live.status == "running" and live.state.version == "1"
        play(client, tid, 2)
        (open_tid,) = of("open", "castle-rooms")
        assert loaded(client, open_tid).game_version == "1"
        made = Person(client).post("/api/tables", {"game": "castle-rooms", "players": 2,
                                                   "seats": [{"kind": "human"}] * 2})
        assert made.json()["table"]["game_version"] == "2"


def test_a_table_under_rules_no_longer_played_is_closed_cleanly(legacy_db, monkeypatch, caplog):
    """Castle Rooms at version 2 without version 1: its open and running tables of the previous
    release are closed as made under older rules (said in the log and the lobby, never skipped
    silently); the finished one keeps its result and record; every record stays readable."""
    game = donjon.load("castle-rooms")
    monkeypatch.setattr(game, "version", "2")
    monkeypatch.setattr(game, "versions", {})
    caplog.set_level(logging.WARNING, logger="donjon.server")
    (running,) = of("running", "castle-rooms")
    (waiting,) = of("open", "castle-rooms")
    (finished,) = of("finished", "castle-rooms")
    with TestClient(create_app(legacy_db, bot_delay=0, secret_key=SECRET)) as client:
        assert {running, waiting} <= {r.message.split()[1] for r in caplog.records
                                      if "no longer plays" in r.message}
        who = Person(client)
        lobby = who.get("/api/tables").json()
        assert running not in [t["id"] for t in lobby["running"]]
        closed = {t["id"]: t for t in lobby["finished"] if t["status"] == "closed"}
        assert set(closed) == {running, waiting}
        assert closed[running]["closed_reason"] == "old_rules"
        info = who.get(f"/api/tables/{running}").json()["table"]
        assert info["status"] == "closed" and info["closed_reason"] == "old_rules"
        assert who.get(f"/table/{running}").status_code == 200
        # its record is read from the log, as the previous release wrote it
        record = who.get(f"/api/tables/{running}/record").json()
        assert record["version"] == "1" and len(record["moves"]) == EXPECTED[running]["moves"]
        assert all(len(move) == 2 for move in record["moves"])  # [seat, text]
        monkeypatch.setattr(game, "versions", {"1": Version()})
        assert len(donjon.replay(record).moves) == EXPECTED[running]["moves"]
        monkeypatch.setattr(game, "versions", {})
        replay = who.get(f"/api/tables/{running}/replay")
        assert replay.status_code == 409 and replay.json()["error"] == "old_rules"
        # nothing more happens at a closed table
        seated = holder(client, info["seats"][0]["user_id"])
        refused = seated.post(f"/api/tables/{running}/moves",
                              {"action": "pass", "version": info["version"]})
        assert refused.status_code == 409 and refused.json()["error"] == "closed"
        refused = Person(client).post(f"/api/tables/{waiting}/join", {"seat": 1})
        assert refused.status_code == 409 and refused.json()["error"] == "closed"
        # the finished table keeps its stored result and its record, not its replay
        info = who.get(f"/api/tables/{finished}").json()["table"]
        assert info["status"] == "finished" and info["result"] == EXPECTED[finished]["result"]
        record = who.get(f"/api/tables/{finished}/record").json()
        assert record["result"] == EXPECTED[finished]["result"]
        assert len(record["moves"]) == EXPECTED[finished]["moves"]
        assert who.get(f"/api/tables/{finished}/replay").status_code == 409
    # closed for good: the next start does not look at them again
    monkeypatch.setattr(game, "versions", {"1": Version()})
    with TestClient(create_app(legacy_db, bot_delay=0, secret_key=SECRET)) as client:
        assert running not in manager(client).tables
        assert Person(client).get(f"/api/tables/{running}").json()["table"]["status"] == "closed"


def test_a_0002_database_of_any_backend_upgrades_and_plays_on(db_url):
    """The Castle Rooms tables of the fixture, copied into a database left at revision 0002 (the
    previous release's schema; on PostgreSQL too): the server upgrades it to the head and they play
    on, the old rows by their texts, the new ones by identities."""
    from alembic.runtime.migration import MigrationContext
    from sqlalchemy import create_engine, inspect, text

    from donjon.server.db import make_engine, run_migrations
    from donjon.server.schema import game_tables, seats, users

    wanted = of("running", "castle-rooms") + of("finished", "castle-rooms")
    source = create_engine(f"sqlite:///{FIXTURE / 'donjon.sqlite3'}")
    target = make_engine(db_url)
    run_migrations(target, "0002")
    try:
        with source.connect() as src, target.begin() as dst:
            present = {name: {c["name"] for c in inspect(dst).get_columns(name)}
                       for name in ("users", "game_tables", "seats", "moves")}
            for table in (users, game_tables, seats, moves):
                columns = [c for c in table.c if c.name in present[table.name]]
                query = select(*columns)
                if table is game_tables:
                    query = query.where(game_tables.c.id.in_(wanted))
                elif table is not users:
                    query = query.where(table.c.table_id.in_(wanted))
                rows = [dict(r) for r in src.execute(query).mappings()]
                names = [c.name for c in columns]
                quoted = ", ".join(f'"{n}"' for n in names)
                dst.execute(text(f"INSERT INTO {table.name} ({quoted}) VALUES "
                                 f"({', '.join(':' + n for n in names)})"), rows)
            if dst.dialect.name == "postgresql":  # the copied ids are past the sequence
                dst.execute(text("SELECT setval(pg_get_serial_sequence('users', 'id'), "
                                 "(SELECT max(id) FROM users))"))
    finally:
        source.dispose()
        target.dispose()
    with TestClient(create_app(db_url, bot_delay=0, secret_key=SECRET)) as client:
        with client.app.state.store.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == "0006"
        (running,) = of("running", "castle-rooms")
        before = EXPECTED[running]["moves"]
        assert play(client, running, 3) == before + 3
        rows = log_of(client, running)
        assert [r.kind is None for r in rows] == [True] * before + [False] * 3
        (finished,) = of("finished", "castle-rooms")
        record = Person(client).get(f"/api/tables/{finished}/record").json()
        assert replayed_part(record["result"]) == replayed_part(EXPECTED[finished]["result"])
        assert replayed_part(donjon.replay(record).result().to_json()) \
            == replayed_part(EXPECTED[finished]["result"])


def test_migration_0003_goes_down_to_the_previous_schema_and_up_again(db_url):
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    import donjon.server.db as db
    from donjon.server.db import make_engine, run_migrations

    engine = make_engine(db_url)
    try:
        run_migrations(engine)
        here = Path(db.__file__).resolve().parent
        config = Config(str(here / "alembic.ini"))
        config.set_main_option("script_location", str(here / "migrations"))
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0002")
        columns = {c["name"] for c in inspect(engine).get_columns("moves")}
        assert columns == {"table_id", "seq", "seat", "action", "created_at"}
        run_migrations(engine)
        columns = {c["name"] for c in inspect(engine).get_columns("moves")}
        assert {"entry", "kind", "args"} <= columns
    finally:
        engine.dispose()
