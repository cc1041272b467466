"""How many moves a single server process sustains: N bot-only tables at once, every move
checked, persisted to the database (SQLite by default) and pushed to a watching connection.

    python -m donjon.server.loadtest --tables 50 --seconds 20

It drives the server's own table manager (the same code path as a move from the web: clone and
apply, version check and insert in one transaction, views pushed to each connection, bots in the
thread pool), keeps ``--tables`` tables running (a finished one is replaced by a new one), and
reports moves per second and the latency of a move (from its submission to its being persisted
and pushed), median, p99 and worst.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from donjon.server.db import Store, make_engine, run_migrations
from donjon.server.fanout import Connection
from donjon.server.quotas import Limits
from donjon.server.tables import TableManager


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = tempfile.mkdtemp(prefix="donjon-load-")
    url = args.database_url or f"sqlite:///{Path(folder) / 'load.sqlite3'}"
    engine = make_engine(url)
    run_migrations(engine)
    store = Store(engine)
    # the throughput of the server's own code path: one owner's many bot tables, no quota
    manager = TableManager(store, bot_delay=0, bot_threads=args.bot_threads,
                           limits=Limits(enforced=False))
    latencies: list[float] = []
    times: list[float] = []

    def on_move(seconds: float) -> None:
        latencies.append(seconds)
        times.append(time.perf_counter())

    manager.on_move = on_move
    owner = store.create_user("loadtest", None, True)
    watchers: list[asyncio.Task] = []

    async def drain(conn: Connection) -> None:
        while True:
            message = await conn.queue.get()
            if message is None:
                return
            json.loads(message)  # what a client does with it

    async def open_table() -> None:
        seats = [{"kind": "bot", "bot": args.bots}] * args.players
        table = await manager.create(owner, "loadtest", args.game, args.players, {}, seats,
                                     sit=False)
        for _ in range(args.watchers):
            conn = Connection(None)
            manager.connect(table, conn)
            watchers.append(asyncio.get_running_loop().create_task(drain(conn)))
        await manager.start(table, owner)

    gc.collect()
    gc.freeze()  # as the server does after startup: imported modules are never scanned again
    for _ in range(args.tables):
        await open_table()
    started = time.perf_counter()
    measure_from = started + args.warmup
    deadline = measure_from + args.seconds
    finished = 0
    while time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
        running = sum(1 for t in manager.tables.values() if t.status == "running")
        for _ in range(args.tables - running):
            finished += 1
            await open_table()
    first = next((i for i, t in enumerate(times) if t >= measure_from), len(times))
    window = [lat for lat, t in zip(latencies[first:], times[first:], strict=True) if t <= deadline]
    stamps = [t for t in times[first:] if t <= deadline]
    gaps = [b - a for a, b in zip(stamps, stamps[1:], strict=False)]
    await manager.close()
    for task in watchers:
        task.cancel()
    engine.dispose()
    ordered = sorted(window)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered else 0.0

    return {
        "tables": args.tables, "game": args.game, "players": args.players, "bots": args.bots,
        "watchers_per_table": args.watchers, "database": url.split("@")[-1],
        "seconds": args.seconds, "moves": len(window),
        "moves_per_s": round(len(window) / args.seconds, 1),
        "latency_ms": {"p50": round(pct(0.50), 2), "p99": round(pct(0.99), 2),
                       "max": round(max(ordered) * 1000, 2) if ordered else 0.0,
                       "mean": round(statistics.fmean(ordered) * 1000, 2) if ordered else 0.0},
        "longest_gap_between_moves_ms": round(max(gaps) * 1000, 2) if gaps else 0.0,
        "games_finished": finished,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m donjon.server.loadtest", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", default="castle-rooms")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="bot level for every seat")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--watchers", type=int, default=1, help="connections per table")
    parser.add_argument("--bot-threads", type=int, default=4)
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    args = parser.parse_args(argv)
    report = asyncio.run(run(args))
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
