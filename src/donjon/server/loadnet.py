"""How fast real players' moves cross the network: T tables of two people each, every person
a guest's account with a client of its own (HTTP for the session and the table, a WebSocket to
play), against one or more running ``donjon serve`` processes.

    python -m donjon.server.loadnet --serve 1 --tables 50 --seconds 20
    python -m donjon.server.loadnet --serve 2 --database-url postgresql+psycopg://u:p@db/donjon \\
        --redis redis://127.0.0.1:6379/0 --tables 200
    python -m donjon.server.loadnet --profile human --serve 1 --tables 1000 --warmup 10
    python -m donjon.server.loadnet --url http://127.0.0.1:8001 --url http://127.0.0.1:8002

Each table (two-player Castle Rooms by default; ``--game``, ``--players``: seats past the two
people's are bots) is made by its first person on their server, joined by the second on theirs,
and played to the end over the two WebSockets as the web page plays: each seat sends a legal
action drawn at random from what its own view offers (``{"type": "act", ...}``). A finished
table is replaced by a new one of the same two people, so that ``--tables`` stay live.

A move is timed from its send until the *other* person's WebSocket receives the update that
carries it (the first ``state`` of a later version: with a bot's or a simultaneous move in
between, that one); with ``--url`` given twice (or ``--serve 2``) the two seats of a table are on
different processes (seat k of the run goes to URL k mod N), so the latency includes the relay
between them (Redis, then the database's move log).

Profiles: ``saturated`` (a seat moves as soon as it sees it may) and ``human`` (a table moves
once every ``--pause`` seconds on average, exponential pauses). A stall is a table that should
have moved on for ``--stall`` seconds without doing so: a move sent and not seen by the other
seat, or a running table no seat, bot nor pause holds. The report (JSON, on stdout) counts what
happened in the ``--seconds`` after the ``--warmup``: moves per second, latency (p50, p99, max,
ms), stalls, games finished, errors, refusals of races (two seats' simultaneous choices), and,
for servers it started itself, their memory (RSS: started, with the tables live, at the end,
and per table) and processor time (a share of a core, and milliseconds a move), beside the
driver's own. The driver's garbage collector freezes what the set-up made, as the server's does
(``collector``), and the report gives the longest of the driver's own collections in the
window (``driver_collections``): a pause of the driver delays the moves it times, and would
pass for the server's latency.

``--serve N`` starts N ``donjon serve`` processes (on ``--database-url``: by default a fresh
SQLite file, for N = 1; N > 1 needs PostgreSQL and ``--redis``), without quotas or rate limits
(``DONJON_LIMITS={"enforced": false}``), bots thinking in threads, and stops them at the end.
Servers given by ``--url`` should run so too (``DONJON_LIMITS``), or a saturated person's moves
are refused past 100 per 10 s; several of them must share one database, Redis and session key.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import secrets
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from donjon.server.collector import Collector
from donjon.server.loadnet_clients import Measure, Person, Table
from donjon.server.spawned import ServerProcess, start_in_turn

#: how long the end of a run waits for its slots to close their tables and clients
SLOTS_GRACE_S = 90.0


class Driver:
    def __init__(self, args: argparse.Namespace, urls: list[str]) -> None:
        self.args, self.urls = args, urls
        self.measure = Measure(args.stall)
        self.tables: set[Table] = set()
        self.stopping = False
        self.setups = asyncio.Semaphore(args.concurrency)
        self.ready = 0
        self.all_ready = asyncio.Event()
        self.started = False  # the servers are the driver's own: their memory is reported
        self.database = ""
        self.rss_start: list[float] = []

    async def slot(self, index: int) -> None:
        """One table after another of the same two people, until the end of the run."""
        people = [Person(self.urls[(2 * index + seat) % len(self.urls)]) for seat in (0, 1)]
        counted = False
        try:
            async with self.setups:
                await asyncio.gather(*(person.open() for person in people))
            while not self.stopping:
                table = Table(self.measure, people, self.args.game, self.args.players,
                              self.args.bots, self.args.pause if self.args.profile == "human" else 0)
                try:
                    async with self.setups:
                        await table.setup()
                except Exception as error:  # noqa: BLE001 - counted, and the slot tries again
                    self.measure.error(f"setup_{type(error).__name__}", error)
                    await table.close()
                    await asyncio.sleep(1)
                    continue
                if self.stopping:
                    # set up after the end of the run (a slow server, set-ups retried when the
                    # machine ran out of file descriptors): nobody would end this table, and
                    # the run waited for it to finish its game at the profile's pace
                    await table.close()
                    break
                if not counted:
                    counted = True
                    self.ready += 1
                    if self.ready == self.args.tables:
                        self.all_ready.set()
                self.tables.add(table)
                await table.done.wait()
                self.tables.discard(table)
                await table.close()
        finally:
            await asyncio.gather(*(person.close() for person in people))

    async def watch(self) -> None:
        """Every quarter second: which tables should have moved on and have not."""
        while True:
            await asyncio.sleep(0.25)
            now = time.perf_counter()
            inside = self.measure.inside(now)
            for table in list(self.tables):
                waited = table.waited(now)
                if inside:
                    self.measure.longest_wait = max(self.measure.longest_wait, waited)
                if waited > self.args.stall and not table.stalled:
                    table.stalled = True
                    if inside:
                        self.measure.stalls += 1
                        if len(self.measure.samples) < 10:
                            self.measure.samples.append(
                                f"stall: table {table.id} version {table.version}, "
                                f"in flight {sorted(table.in_flight)}")

    async def progress(self, began: float) -> None:
        """Until every table is live, how many are, every 10 s (on stderr)."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.all_ready.wait(), 10)
                return
            print(f"loadnet: {self.ready} of {self.args.tables} tables live after "
                  f"{time.perf_counter() - began:.0f} s ({sum(self.measure.errors.values())} "
                  "errors)", file=sys.stderr, flush=True)

    async def run(self, servers: list[ServerProcess]) -> dict[str, Any]:
        began = time.perf_counter()
        loop = asyncio.get_running_loop()
        slots = [loop.create_task(self.slot(i)) for i in range(self.args.tables)]
        watcher = loop.create_task(self.watch())
        collector: asyncio.Task[None] | None = None
        try:
            await asyncio.wait_for(self.progress(began), self.args.setup_timeout)
            live = time.perf_counter()
            print(f"loadnet: {self.args.tables} tables live in {live - began:.1f} s",
                  file=sys.stderr, flush=True)
            rss_live = [server.rss_mib() for server in servers]
            # the driver's own collector, as the server's (``collector``): what the set-up made
            # (thousands of clients) is frozen, never scanned again, and so is what lives each
            # second after; otherwise a full pass of the driver paused it for up to a second
            # with 3,000 tables, and every move it was timing counted the pause
            gc.collect()
            gc.freeze()
            gc.callbacks.append(self.measure.collections)
            collector = loop.create_task(Collector(sweep_seconds=3600.0).run())
            self.measure.start_at = live + self.args.warmup
            self.measure.end_at = self.measure.start_at + self.args.seconds
            await asyncio.sleep(self.args.warmup)
            own = time.process_time()
            cpu = [server.cpu_s() for server in servers]
            await asyncio.sleep(self.args.seconds)
            own = time.process_time() - own
            cpu = [server.cpu_s() - before for server, before in zip(servers, cpu, strict=True)]
            rss_end = [server.rss_mib() for server in servers]
            load = os.getloadavg()[0]
        finally:
            self.stopping = True
            watcher.cancel()
            if collector is not None:
                collector.cancel()
            with contextlib.suppress(ValueError):
                gc.callbacks.remove(self.measure.collections)
            gc.unfreeze()  # the collector as it was (a test runs the driver in its process)
            await self.close_slots(slots)
        return self.report(live - began, own, cpu, rss_live, rss_end, load)

    async def close_slots(self, slots: list[asyncio.Task[None]]) -> None:
        """The end of a run: every live table ends, and each slot closes its clients. A slot
        waits at most for its clients' own time-outs (a minute); one still busy after that is
        stopped and counted as an error rather than waited for."""
        for table in list(self.tables):
            table.end()
        if slots:
            _, stuck = await asyncio.wait(slots, timeout=SLOTS_GRACE_S)
            for slot in stuck:
                slot.cancel()
                self.measure.error("slot_stuck", "a slot still busy after the run was stopped")
        await asyncio.gather(*slots, return_exceptions=True)

    def report(self, setup_s: float, own_cpu: float, cpu: list[float], rss_live: list[float],
               rss_end: list[float], load: float) -> dict[str, Any]:
        args, measure = self.args, self.measure
        ordered = sorted(measure.latencies)

        def pct(p: float) -> float:
            return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1) \
                if ordered else 0.0

        report: dict[str, Any] = {
            "tables": args.tables, "game": args.game, "players": args.players,
            "profile": args.profile, "pause_s": args.pause if args.profile == "human" else 0,
            "servers": len(self.urls), "setup_s": round(setup_s, 1),
            "seconds": args.seconds, "warmup": args.warmup,
            "moves": len(ordered), "moves_sent": measure.sent,
            "moves_per_s": round(len(ordered) / args.seconds, 1),
            "latency_ms": {"p50": pct(0.50), "p99": pct(0.99),
                           "max": round(ordered[-1] * 1000, 1) if ordered else 0.0,
                           "mean": round(statistics.fmean(ordered) * 1000, 1) if ordered else 0.0},
            "stalls": measure.stalls, "longest_wait_ms": round(measure.longest_wait * 1000, 1),
            "games_finished": measure.finished,
            "errors": sum(measure.errors.values()), "error_kinds": dict(measure.errors),
            "races": dict(measure.races), "samples": measure.samples,
            "driver_cpu_share": round(own_cpu / args.seconds, 2),
            "driver_collections": {
                "count": len(measure.pauses),
                "max_ms": round(max(measure.pauses, default=0.0) * 1000, 1)},
            "cpus": os.cpu_count(), "load_average": round(load, 1),
        }
        if self.started:
            report["database"] = self.database.split("@")[-1]
            report["server_cpu_share"] = [round(c / args.seconds, 2) for c in cpu]
            report["server_cpu_ms_per_move"] = round(sum(cpu) * 1000 / len(ordered), 3) \
                if ordered else None
            report["rss_mib"] = {"started": self.rss_start, "live": rss_live, "end": rss_end}
            report["rss_kib_per_table"] = round(
                (sum(rss_live) - sum(self.rss_start)) * 1024 / args.tables, 1)
        return report


def start_servers(args: argparse.Namespace, folder: Path) -> list[ServerProcess]:
    """``--serve`` N processes on one database, the first migrating it before the others
    start; one session key for all, so that a person's cookie is good on each."""
    database = args.database_url or f"sqlite:///{folder / 'loadnet.sqlite3'}"
    env = {"DONJON_LIMITS": json.dumps({"enforced": False}), "DONJON_BOT_PROCESSES": "0",
           "DONJON_SECRET_KEY": os.environ.get("DONJON_SECRET_KEY") or secrets.token_urlsafe(32)}
    return start_in_turn(lambda n: ServerProcess(
        database, folder / f"server-{n}.log", redis_url=args.redis, bot_delay=0.0, env=env),
        args.serve)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Drive the servers ``args`` names (``url``) or starts (``serve``); the report."""
    if args.seed is not None:
        random.seed(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="donjon-loadnet-"))
    servers = await asyncio.to_thread(start_servers, args, folder) if args.serve else []
    urls = [server.url for server in servers] or [u.rstrip("/") for u in args.url]
    driver = Driver(args, urls)
    # a SIGTERM (``timeout``, a CI) ends the run as Ctrl-C does: the servers are stopped
    main = asyncio.current_task()
    if main is not None and threading.current_thread() is threading.main_thread():
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, main.cancel)
    if servers:
        driver.started = True
        driver.database = args.database_url or "sqlite (a temporary file)"
        driver.rss_start = [server.rss_mib() for server in servers]
    try:
        report = await driver.run(servers)
    finally:
        for server in servers:
            await asyncio.to_thread(server.stop)
    shutil.rmtree(folder, ignore_errors=True)  # kept after a failure: the servers' logs
    return report


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.url and args.serve:
        parser.error("--url or --serve, not both")
    if not args.url and not args.serve:
        args.serve = 1
    if args.serve > 1 and (not args.redis or not (args.database_url or "").startswith("postgres")):
        parser.error("--serve N > 1 needs --database-url postgresql+psycopg://... and --redis")
    if args.players < 2:
        parser.error("--players: at least the two people")


def parser_of() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m donjon.server.loadnet", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    target = parser.add_argument_group("servers")
    target.add_argument("--url", action="append", default=[],
                        help="a running server (repeat: seat k goes to URL k mod N)")
    target.add_argument("--serve", type=int, default=0, metavar="N",
                        help="start N donjon serve processes (the default: 1)")
    target.add_argument("--database-url", default=None,
                        help="their database (default: a temporary SQLite file)")
    target.add_argument("--redis", default=None, help="their Redis URL (needed for N > 1)")
    play = parser.add_argument_group("play")
    play.add_argument("--tables", type=int, default=50, help="tables live at once")
    play.add_argument("--profile", choices=("saturated", "human"), default="saturated")
    play.add_argument("--pause", type=float, default=5.0,
                      help="human: mean seconds between two moves of a table")
    play.add_argument("--game", default="castle-rooms")
    play.add_argument("--players", type=int, default=2, help="seats past the two people's: bots")
    play.add_argument("--bots", default="random", help="those bots' level")
    play.add_argument("--seconds", type=float, default=20.0, help="the measure's length")
    play.add_argument("--warmup", type=float, default=2.0,
                      help="seconds played once every table is live, before the measure")
    play.add_argument("--stall", type=float, default=2.0,
                      help="seconds without progress that make a stall")
    play.add_argument("--concurrency", type=int, default=32,
                      help="tables being set up at once")
    play.add_argument("--setup-timeout", type=float, default=900,
                      help="seconds the tables may take to be live")
    play.add_argument("--seed", type=int, default=None, help="the random choices' seed")
    return parser


def event_loop() -> Callable[[], asyncio.AbstractEventLoop] | None:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvicorn[standard] brings it
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def main(argv: list[str] | None = None) -> None:
    parser = parser_of()
    args = parser.parse_args(argv)
    check(parser, args)
    coroutine: Coroutine[Any, Any, dict[str, Any]] = run(args)
    with asyncio.Runner(loop_factory=event_loop()) as runner:
        try:
            report = runner.run(coroutine)
        except asyncio.CancelledError:  # SIGTERM: the servers it started are stopped
            sys.exit(143)
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
