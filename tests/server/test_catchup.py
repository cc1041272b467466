"""Two applications on one database, in this process: a table's copy in one falls behind what
the other writes, and catches up from the move log (``catchup``) before it validates a move;
with Redis (``DONJON_TEST_REDIS_URL``), a table made on one makes the other's lobby listeners
refresh (``relay``). The two-process tests are in ``test_processes``."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from donjon.server.app import create_app
from tests.server.conftest import Person, create_table, manager

REDIS_URL = os.environ.get("DONJON_TEST_REDIS_URL", "").strip()


def twin(person: Person, client: TestClient) -> Person:
    """The same browser, talking to the other application (one database, one key)."""
    other = Person(client, person.lang)
    other.jar = person.jar
    return other


def newest(on_a: Person, on_b: Person, tid: str) -> dict:
    """A person's state message from whichever application's copy is the newer."""
    shown = [who.get(f"/api/tables/{tid}").json()["state"] for who in (on_a, on_b)]
    return max(shown, key=lambda state: state["version"])


@pytest.fixture
def two_clients(db_url):
    """Two applications on one database and no Redis: neither hears of the other's changes."""
    apps = [create_app(db_url, bot_delay=0, secret_key="test-secret-key") for _ in range(2)]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        yield first, second


def test_a_copy_behind_catches_up_from_the_log_before_a_move_and_tells_its_sockets(two_clients):
    a, b = two_clients
    alice, bob = Person(a), Person(a)
    table = create_table(alice)
    tid = table["id"]
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    bob_on_b = twin(bob, b)
    alice_on_b = twin(alice, b)
    assert bob_on_b.get(f"/api/tables/{tid}").json()["table"]["status"] == "open"  # b loads it
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    # each plays on its own application: alice on a, bob on b; each copy is behind in turn
    on = {0: alice, 1: bob_on_b}
    with bob_on_b.websocket(f"/ws/tables/{tid}") as bob_ws:
        received = [bob_ws.receive_json(), bob_ws.receive_json()]  # table, state
        assert received[1]["status"] == "open"
        version = 0
        for _ in range(12):
            # without Redis, a page read shows its application's copy: the newer one is read
            state = newest(alice, alice_on_b, tid)
            assert state["version"] == version
            if not state["to_move"]:
                break
            mover = state["to_move"][0]
            action = newest(*((alice, alice_on_b) if mover == 0 else (bob, bob_on_b)),
                            tid)["actions"][0]
            moved = on[mover].post(f"/api/tables/{tid}/moves", {
                "action": {"kind": action["kind"], "args": action["args"]}, "version": version})
            assert moved.status_code == 200, moved.text
            version = moved.json()["version"]
        assert version >= 2
        # the copy that did not play the last move catches up (as a message from Redis would
        # make it), and tells its sockets
        for client in (a, b):
            assert client.portal is not None
            client.portal.call(manager(client).catch_up, manager(client).tables[tid])
        # b's socket was sent every move, those it caught up with included, in order
        versions = []
        while not versions or versions[-1] < version:
            message = bob_ws.receive_json()
            if message["type"] == "state":
                versions.append(message["version"])
        assert versions == sorted(versions)
    a_copy, b_copy = manager(a).tables[tid], manager(b).tables[tid]
    b_seen = alice_on_b.get(f"/api/tables/{tid}").json()["state"]
    assert b_copy.version == a_copy.version == version == b_seen["version"]
    assert b_copy.log_seats == a_copy.log_seats
    assert b_copy.state is not None and a_copy.state is not None
    assert b_copy.state.view(0) == a_copy.state.view(0)


def test_a_move_on_a_copy_behind_the_same_seats_move_elsewhere_is_stale(two_clients):
    """Seat 0 moved on a; the same sight sent to b (whose copy is behind) is refused, and b's
    copy is then at the database's version."""
    a, b = two_clients
    alice, bob = Person(a), Person(a)
    tid = create_table(alice)["id"]
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    alice_on_b = twin(alice, b)
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    state = alice.get(f"/api/tables/{tid}").json()["state"]
    mover = state["to_move"][0]
    player = (alice, bob)[mover]
    action = player.get(f"/api/tables/{tid}").json()["state"]["actions"][0]
    body = {"action": {"kind": action["kind"], "args": action["args"]}, "version": 0}
    assert twin(player, b).get(f"/api/tables/{tid}").status_code == 200  # b loads it at 0
    assert player.post(f"/api/tables/{tid}/moves", body).status_code == 200
    refused = twin(player, b).post(f"/api/tables/{tid}/moves", body)
    assert refused.status_code == 409 and refused.json()["error"] == "stale"
    assert manager(b).tables[tid].version == 1
    assert alice_on_b.get(f"/api/tables/{tid}").json()["state"]["version"] == 1



def test_news_from_other_processes_faster_than_the_database_is_read_is_read_once(two_clients):
    """A busy table sends a message per move: fifty messages at once cost one read of the
    database, not fifty; news arriving during that read costs exactly one more."""
    a, b = two_clients
    alice, bob = Person(a), Person(a)
    tid = create_table(alice)["id"]
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    assert twin(alice, b).get(f"/api/tables/{tid}").status_code == 200  # b loads it, open
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    on_b = manager(b)
    copy = on_b.tables[tid]
    reads: list[int] = []
    read = on_b.store.table
    news = {"during_the_read": False}

    def counted(*args, **kwargs):
        reads.append(1)
        if len(reads) == 1 and news["during_the_read"]:
            # as the listener does when news other than a move arrives now
            copy.catch_up_asked = copy.catch_up_whole = True
        return read(*args, **kwargs)

    on_b.store.table = counted
    assert b.portal is not None

    def told_fifty_times() -> None:
        for _ in range(50):
            on_b.table_changed_elsewhere(tid, 0)

    for during_the_read, expected in ((False, 1), (True, 2)):
        news["during_the_read"] = during_the_read
        reads.clear()
        b.portal.call(told_fifty_times)
        for _ in range(500):
            if not copy.catching_up:
                break
            threading.Event().wait(0.01)
        assert not copy.catching_up and not copy.catch_up_asked
        assert len(reads) == expected
        assert copy.status == "running" and copy.state is not None  # it did catch up


@pytest.mark.skipif(not REDIS_URL, reason="DONJON_TEST_REDIS_URL is not set "
                                          "(scripts/redis-for-tests.sh prints one)")
def test_a_table_made_on_one_application_refreshes_the_others_lobby(db_url):
    apps = [create_app(db_url, bot_delay=0, secret_key="test-secret-key", redis_url=REDIS_URL)
            for _ in range(2)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        refreshed = threading.Event()
        manager(b).lobby_listeners.add(refreshed.set)
        own = threading.Event()
        manager(a).lobby_listeners.add(own.set)
        tid = create_table(Person(a))["id"]
        assert own.is_set()
        assert refreshed.wait(10)
        assert tid in [t["id"] for t in Person(b).get("/api/tables").json()["open"]]


@pytest.mark.skipif(not REDIS_URL, reason="DONJON_TEST_REDIS_URL is not set "
                                          "(scripts/redis-for-tests.sh prints one)")
def test_two_sites_sharing_one_redis_never_hear_each_other_nor_share_leases(db_url, tmp_path):
    """The processes of one database are one site and hear each other; another database on the
    same Redis is another site, whose table ids and user numbers may be the same: it hears
    nothing of the first and its leases are its own."""
    one_site = [create_app(db_url, bot_delay=0, secret_key="test-secret-key",
                           redis_url=REDIS_URL) for _ in range(2)]
    elsewhere = create_app(f"sqlite:///{tmp_path / 'another-site.db'}", bot_delay=0,
                           secret_key="test-secret-key", redis_url=REDIS_URL)
    with TestClient(one_site[0]) as a, TestClient(one_site[1]) as b, TestClient(elsewhere) as c:
        sites = [client.get("/healthz").json()["site"] for client in (a, b, c)]
        assert sites[0] == sites[1] != sites[2] and all(sites)
        heard_on_b, heard_on_c = threading.Event(), threading.Event()
        manager(b).lobby_listeners.add(heard_on_b.set)
        manager(c).lobby_listeners.add(heard_on_c.set)
        create_table(Person(a))
        assert heard_on_b.wait(10)
        assert not heard_on_c.wait(1)
        taken = []
        for client in (a, b, c):
            assert client.portal is not None
            taken.append(client.portal.call(client.app.state.relay.leases.take, "same-id"))
        assert taken == [True, False, True]


def test_without_redis_the_redis_package_is_never_imported(tmp_path):
    """One process alone is as before: the relay and its client are not even loaded."""
    script = (
        "import sys\n"
        "from fastapi.testclient import TestClient\n"
        "from donjon.server.app import create_app\n"
        f"app = create_app('sqlite:///{tmp_path / 'alone.sqlite3'}', secret_key='k')\n"
        "with TestClient(app) as client:\n"
        "    assert client.get('/readyz').json()['checks'].keys() == {'draining', 'database'}\n"
        "assert 'redis' not in sys.modules and 'donjon.server.relay' not in sys.modules\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    env.pop("DONJON_REDIS_URL", None)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def test_news_of_a_move_reads_only_the_new_entries_and_other_news_reads_the_whole_table(
        two_clients):
    """A move made elsewhere (its news says so) costs one query of the table's row and new
    entries, not the whole table (seats, settings); news of anything else, even coalesced with
    news of moves, reads the whole table. Both bring the copy to the same state."""
    a, b = two_clients
    alice, bob = Person(a), Person(a)
    tid = create_table(alice)["id"]
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    bob_on_b = twin(bob, b)
    assert bob_on_b.get(f"/api/tables/{tid}").json()["state"]["status"] == "running"
    on_a, on_b = manager(a), manager(b)
    copy = on_b.tables[tid]
    reads: list[str] = []
    whole, moves = on_b.store.table, on_b.store.log_after

    def read_whole(*args, **kwargs):
        reads.append("whole")
        return whole(*args, **kwargs)

    def read_moves(*args, **kwargs):
        reads.append("moves")
        return moves(*args, **kwargs)

    on_b.store.table, on_b.store.log_after = read_whole, read_moves
    assert b.portal is not None

    def play_on_a(count: int) -> None:
        for _ in range(count):
            state = on_a.tables[tid].state
            mover = state.to_move()[0]
            player = (alice, bob)[mover]
            action = player.get(f"/api/tables/{tid}").json()["state"]["actions"][0]
            body = {"action": {"kind": action["kind"], "args": action["args"]},
                    "version": on_a.tables[tid].version}
            assert player.post(f"/api/tables/{tid}/moves", body).status_code == 200

    def caught_up() -> None:
        for _ in range(500):
            if not copy.catching_up:
                return
            threading.Event().wait(0.01)

    for told, expected in (([True], ["moves"]), ([True, False, True], ["whole"])):
        play_on_a(2)
        reads.clear()

        def tell(told: list[bool] = told) -> None:
            for move in told:
                on_b.table_changed_elsewhere(tid, on_a.tables[tid].version, move)

        b.portal.call(tell)
        caught_up()
        assert reads == expected
        assert copy.version == on_a.tables[tid].version
        assert copy.state.view(0) == on_a.tables[tid].state.view(0)
        assert bob_on_b.get(f"/api/tables/{tid}").json()["state"]["version"] == copy.version
    assert not copy.catch_up_whole


def test_the_move_reading_of_the_log_gives_what_the_whole_reading_gives(two_clients):
    """``Store.log_after`` (one query on the raw connection) and ``Store.table`` agree on the
    row's status, version, result and clock and on the entries after any version, also once
    the table has ended."""
    a, _ = two_clients
    alice, bob = Person(a), Person(a)
    tid = create_table(alice)["id"]
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    store = manager(a).store
    assert store.log_after("no-such-table", 0) is None

    def agree() -> None:
        row = store.table(tid)
        assert row is not None
        for after in (0, row.version // 2, row.version):
            news = store.log_after(tid, after)
            assert news is not None
            assert (news.status, news.version, news.result, news.closed_reason, news.clock) == (
                row.status, row.version, row.result, row.closed_reason, row.clock)
            assert news.moves == row.moves[after:]

    agree()
    for _ in range(400):
        state = alice.get(f"/api/tables/{tid}").json()["state"]
        if state["status"] != "running":
            break
        player = (alice, bob)[state["to_move"][0]]
        action = player.get(f"/api/tables/{tid}").json()["state"]["actions"][-1]
        body = {"action": {"kind": action["kind"], "args": action["args"]},
                "version": state["version"]}
        assert player.post(f"/api/tables/{tid}/moves", body).status_code == 200
        if state["version"] == 3:  # an undo entry too
            assert player.post(f"/api/tables/{tid}/undo", {"version": 4}).status_code == 200
    row = store.table(tid)
    assert row.status == "finished" and any(entry.undo for entry in row.moves)
    agree()


def test_news_that_comes_while_a_table_is_loaded_is_read_once_it_is(two_clients):
    """A process reads a table, then replays it; news of a move made elsewhere between the read
    and the end of the replay found it not loaded yet. The copy must not stay at the read's
    version: nothing may ever send that news again (its driver may have died meanwhile: a bot
    table then waited for a move the player could not see was hers to make)."""
    a, b = two_clients
    alice, bob = Person(a), Person(a)
    tid = create_table(alice)["id"]
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 1}).status_code == 200
    assert alice.post(f"/api/tables/{tid}/start").status_code == 200
    on_a, on_b = manager(a), manager(b)
    assert tid not in on_b.tables
    read = on_b.store.table
    assert b.portal is not None

    def read_then_move_elsewhere(*args, **kwargs):
        row = read(*args, **kwargs)
        if len(args) == 1 and not kwargs:  # the load's read, not a catch-up's
            state = on_a.tables[tid].state
            player = (alice, bob)[state.to_move()[0]]
            action = player.get(f"/api/tables/{tid}").json()["state"]["actions"][0]
            moved = player.post(f"/api/tables/{tid}/moves", {
                "action": {"kind": action["kind"], "args": action["args"]},
                "version": on_a.tables[tid].version})
            assert moved.status_code == 200, moved.text
            # the news reaches b now, as Redis would bring it, while b replays what it read
            b.portal.call(on_b.table_changed_elsewhere, tid, on_a.tables[tid].version, True)
        return row

    on_b.store.table = read_then_move_elsewhere
    shown = twin(bob, b).get(f"/api/tables/{tid}").json()["state"]  # b loads it
    assert on_a.tables[tid].version == 1
    assert on_b.tables[tid].version == 1 and shown["version"] == 1
    assert on_b.tables[tid].state.view(1) == on_a.tables[tid].state.view(1)
    assert not on_b.news_while_loading and not on_b.loading
