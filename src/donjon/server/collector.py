"""Short pauses of Python's garbage collector while thousands of tables are loaded.

A loaded table's state (its log's events, its zones) lives for as long as the table is played,
and CPython's full collection scans every object that lives: with 1,000 tables loaded a full
pass took 430 ms, a pause every person's move waited on. Game states hold no reference cycles
(``tests/server/test_collector.py`` checks it for every game), so they are freed by their
reference counts alone, collected or not. So what survived a full collection is *frozen*
(``gc.freeze``: never scanned again) shortly after it: each full pass then scans only what is
newer than the last one, and its pause stays short however many tables are loaded.

The cost is that a reference cycle which survived a full pass and became garbage afterwards
(a closed connection's, a bot's) is not reclaimed until the frozen objects are swept: every
``sweep_seconds`` (an hour by default, ``DONJON_GC_SWEEP_SECONDS``; 0: never freeze, as
CPython does by default) they are unfrozen and fully collected once — one long pause an hour
instead of one every few seconds under load.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time
from typing import Any

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
    """Freezes what a full collection left, soon after it; sweeps every ``sweep_seconds``
    (0: does nothing at all)."""

    def __init__(self, sweep_seconds: float | None = None) -> None:
        self.sweep_seconds = sweep_seconds_from_env() if sweep_seconds is None else sweep_seconds
        #: a full collection finished since the last look
        self.full_pass_seen = False
        self.swept_at = time.monotonic()
        self.freezes = 0
        self.sweeps = 0

    def _after_collection(self, phase: str, info: dict[str, Any]) -> None:
        # called by CPython inside the collection: only note it, freezing here would be re-entrant
        if phase == "stop" and info.get("generation") == 2:
            self.full_pass_seen = True

    def look(self, now: float | None = None) -> None:
        """Freeze after a full pass; sweep when it is time. Cheap when there is nothing to do."""
        if not self.sweep_seconds:
            return
        now = time.monotonic() if now is None else now
        if now - self.swept_at >= self.sweep_seconds:
            started = time.perf_counter()
            gc.unfreeze()
            found = gc.collect()
            gc.freeze()
            self.swept_at, self.full_pass_seen = now, False
            self.sweeps += 1
            log.info("collector: swept %s unreachable objects in %.0f ms", found,
                     (time.perf_counter() - started) * 1000)
        elif self.full_pass_seen:
            self.full_pass_seen = False
            gc.collect(1)  # the young cycles that are garbage already are not frozen with the rest
            gc.freeze()
            self.freezes += 1

    async def run(self) -> None:
        """Until cancelled (the application's shutdown)."""
        if not self.sweep_seconds:
            return
        gc.callbacks.append(self._after_collection)
        try:
            while True:
                await asyncio.sleep(POLL_SECONDS)
                self.look()
        finally:
            gc.callbacks.remove(self._after_collection)
