"""The network load driver plays real games against a real server process and reports what it
measured (the figures themselves are in the report, never asserted)."""

from __future__ import annotations

import asyncio
import gc

from donjon.server import loadnet, loadnet_clients
from tests.server.aio import run_async


def test_loadnet_plays_over_websockets_against_a_served_process(tmp_path):
    parser = loadnet.parser_of()
    args = parser.parse_args([
        "--serve", "1", "--database-url", f"sqlite:///{tmp_path / 'loadnet.sqlite3'}",
        "--tables", "3", "--seconds", "2", "--warmup", "0.5", "--seed", "1"])
    loadnet.check(parser, args)
    report = run_async(loadnet.run(args))
    assert report["errors"] == 0, report["samples"]
    assert report["stalls"] == 0, report["samples"]
    assert report["moves"] > 0 and report["moves_per_s"] > 0
    latency = report["latency_ms"]
    assert 0 < latency["p50"] <= latency["p99"] <= latency["max"]
    assert report["servers"] == 1 and report["rss_mib"]["end"][0] > 0
    assert report["server_cpu_ms_per_move"] > 0
    collections = report["driver_collections"]  # the driver's own pauses, apart
    assert collections["count"] >= 0 and collections["max_ms"] >= 0
    # the driver froze its set-up and watched its collections only while it ran
    assert gc.get_freeze_count() == 0
    assert not any(getattr(c, "__self__", None).__class__.__name__ == "Measure"
                   for c in gc.callbacks)


def test_a_seat_moves_again_only_once_its_own_move_is_answered(tmp_path):
    """Die Glücksritter's secret choice is made by every seat at once: the other person's
    update may come back before a seat's own answer, still showing it to move. The driver's
    seats, like the page, wait for their ``accepted``: none sends a second move on an old sight
    (they did, and each was refused as stale — 2,075 in ten seconds of ten tables)."""
    parser = loadnet.parser_of()
    args = parser.parse_args([
        "--serve", "1", "--database-url", f"sqlite:///{tmp_path / 'loadnet.sqlite3'}",
        "--game", "gluecksritter", "--players", "3", "--tables", "4", "--seconds", "2",
        "--warmup", "0.5", "--seed", "2"])
    loadnet.check(parser, args)
    report = run_async(loadnet.run(args))
    assert report["errors"] == 0 and report["stalls"] == 0, report["samples"]
    assert report["moves"] > 0 and report["races"] == {}, report["races"]


def test_loadnet_checks_its_targets():
    parser = loadnet.parser_of()
    args = parser.parse_args([])
    loadnet.check(parser, args)
    assert args.serve == 1  # no --url: one process of its own


def test_a_table_set_up_after_the_run_stopped_is_closed_not_waited_for(monkeypatch):
    """At 5,000 tables the driver ran out of file descriptors, retried set-ups, and hung after
    its measure: a table set up once the run had stopped was never ended, and its slot waited
    for its whole game. The slot now closes it and returns."""
    closed: list[str] = []

    async def no_network(self):
        return None

    async def set_up_late(self):
        while not driver.stopping:  # the run stops while this set-up is under way
            await asyncio.sleep(0.01)
        self.id = "late"

    async def closing(self):
        closed.append(self.id)
        self.end()

    monkeypatch.setattr(loadnet_clients.Person, "open", no_network)
    monkeypatch.setattr(loadnet_clients.Person, "close", no_network)
    monkeypatch.setattr(loadnet_clients.Table, "setup", set_up_late)
    monkeypatch.setattr(loadnet_clients.Table, "close", closing)
    parser = loadnet.parser_of()
    args = parser.parse_args(["--url", "http://127.0.0.1:9", "--tables", "1"])
    driver = loadnet.Driver(args, args.url)

    async def scenario():
        slot = asyncio.create_task(driver.slot(0))
        await asyncio.sleep(0.05)
        driver.stopping = True
        await asyncio.wait_for(slot, 5)

    run_async(scenario())
    assert closed == ["late"] and not driver.tables and driver.ready == 0


def test_a_slot_still_busy_after_the_grace_is_stopped_and_counted(monkeypatch):
    monkeypatch.setattr(loadnet, "SLOTS_GRACE_S", 0.1)
    parser = loadnet.parser_of()
    args = parser.parse_args(["--url", "http://127.0.0.1:9", "--tables", "2"])
    driver = loadnet.Driver(args, args.url)

    async def scenario():
        finished = asyncio.create_task(asyncio.sleep(0))
        stuck = asyncio.create_task(asyncio.Event().wait())
        await asyncio.wait_for(driver.close_slots([finished, stuck]), 5)
        return finished, stuck

    finished, stuck = run_async(scenario())
    assert finished.done() and not finished.cancelled() and stuck.cancelled()
    assert driver.measure.errors == {"slot_stuck": 1}
