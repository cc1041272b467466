"""Short pauses of Python's garbage collector while thousands of tables are loaded.

A loaded table's state (its log's events, its zones) lives for as long as the table is played,
and CPython's full collection scans every object that lives: with 1,000 tables loaded a full
pass took 430 ms, a pause every person's move waited on. Game states hold no reference cycles
(``tests/server/test_collector.py`` checks it for every game), so they are freed by their
reference counts alone, collected or not. So, every second, what survives a collection of the
young generations is *frozen* (``gc.freeze``: never scanned again): a pass, full or young, then
scans only what is newer than a second, and its pause stays short however many tables are
loaded.

Freezing only after each full pass, as this did first, was not enough: under load a full pass
came every few seconds and scanned every state renewed since the last one, which at human pace
is every table's (3,000 tables, 600 moves/s: full passes of 250 ms, young ones of 35–60 ms,
p99 latency 213–272 ms; frozen every second: passes under 40 ms, p99 30–43 ms, max 56–64 ms).

The cost is that a reference cycle which was alive at a freeze and became garbage afterwards
(a closed connection's, a bot's) is not reclaimed until the frozen objects are swept: every
``sweep_seconds`` (an hour by default, ``DONJON_GC_SWEEP_SECONDS``; 0: never freeze, as
CPython does by default) they are unfrozen and fully collected once — one long pause an hour
instead of one every few seconds under load. A cycle that lives less than a second is rarely
alive at a freeze: it is collected as CPython would.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time

log = logging.getLogger("donjon.server")

#: how often everything frozen is unfrozen and collected, in seconds
SWEEP_SECONDS = 3600.0
#: how often the collector looks whether a full pass happened since it last looked
POLL_SECONDS = 1.0


def sweep_seconds_from_env() -> float:
    raw = os.environ.get("DONJON_GC_SWEEP_SECONDS", "").strip()
    if not raw:
        return SWEEP_SECONDS
    value = float(raw)
    if value < 0:
        raise ValueError(f"DONJON_GC_SWEEP_SECONDS must be 0 or more, not {raw}")
    return value


class Collector:
    """Every ``POLL_SECONDS``, freezes what survives a collection of the young generations;
    sweeps every ``sweep_seconds`` (0: does nothing at all)."""

    def __init__(self, sweep_seconds: float | None = None) -> None:
        self.sweep_seconds = sweep_seconds_from_env() if sweep_seconds is None else sweep_seconds
        self.swept_at = time.monotonic()
        self.freezes = 0
        self.sweeps = 0

    def look(self, now: float | None = None) -> None:
        """Freeze what lives now; sweep when it is time."""
        if not self.sweep_seconds:
            return
        now = time.monotonic() if now is None else now
        if now - self.swept_at >= self.sweep_seconds:
            started = time.perf_counter()
            gc.unfreeze()
            found = gc.collect()
            gc.freeze()
            self.swept_at = now
            self.sweeps += 1
            log.info("collector: swept %s unreachable objects in %.0f ms", found,
                     (time.perf_counter() - started) * 1000)
        else:
            # the young cycles that are garbage already are not frozen with the rest: a pass of
            # what the last second left, as CPython's own young passes would have made
            gc.collect(1)
            gc.freeze()
            self.freezes += 1

    async def run(self) -> None:
        """Until cancelled (the application's shutdown)."""
        if not self.sweep_seconds:
            return
        while True:
            await asyncio.sleep(POLL_SECONDS)
            self.look()
