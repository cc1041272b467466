"""The garbage collector's full-pass pause with N tables' states loaded, as CPython collects and
as ``donjon serve`` does (``donjon.server.collector``: what lives is frozen every second).

    .venv/bin/python scripts/gc_pause.py 2000

Each table is a two-player Castle Rooms game 10 to 60 moves in, with both seats' views and a
log, as a loaded table keeps them; between two full passes a tenth of the tables are replaced by
newer copies (what moves add). Prints the median of five full passes each way.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from typing import Any

import donjon
from donjon.server.collector import Collector


def load(count: int) -> list[Any]:
    game = donjon.load("castle-rooms")
    rng = random.Random(1)
    tables: list[Any] = []
    for number in range(count):
        state = game.new_game(2, seed=number)
        for _ in range(rng.randrange(10, 60)):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        tables.append((state, [state.view(0), state.view(1)], state.log(0)))
    return tables


def renew(tables: list[Any], count: int) -> None:
    for number in range(count):
        state = tables[number][0].clone()
        tables[number] = (state, [state.view(0), state.view(1)], state.log(0))


def full_passes(tables: list[Any], collector: Collector | None) -> float:
    pauses = []
    for moment in range(5):
        renew(tables, len(tables) // 10)
        started = time.perf_counter()
        gc.collect()
        pauses.append((time.perf_counter() - started) * 1000)
        if collector is not None:
            collector.look(now=collector.swept_at + moment + 1)
    return statistics.median(pauses)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    gc.collect()
    gc.freeze()  # as at start-up
    tables = load(count)
    plain = full_passes(tables, None)
    frozen = full_passes(tables, Collector(sweep_seconds=3600))
    print(f"{count} tables, {len(gc.get_objects()) + gc.get_freeze_count():,} objects: a full "
          f"pass takes {plain:.0f} ms as CPython collects, {frozen:.0f} ms frozen between passes")


if __name__ == "__main__":
    main()
