"""The relay between server processes (``relay``, issue #12), on the test Redis
(``scripts/redis-for-tests.sh``): news queued faster than one round trip a message goes out in
order, several messages a round trip, and says whether only a move was played."""

from __future__ import annotations

import asyncio
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

REDIS_URL = os.environ.get("DONJON_TEST_REDIS_URL", "").strip()

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs DONJON_TEST_REDIS_URL "
                                                      "(scripts/redis-for-tests.sh)")


class Heard:
    """A listener that keeps the table news it hears."""

    def __init__(self) -> None:
        self.tables: list[tuple[str, int, bool]] = []

    def table_changed_elsewhere(self, table_id: str, version: int, move: bool = False) -> None:
        self.tables.append((table_id, version, move))

    def __getattr__(self, name: str) -> Any:  # the listener's other news: not asked here
        return lambda *args: None


def test_news_queued_at_once_goes_out_in_order_in_few_round_trips():
    from donjon.server.relay import Relay

    site = "test-" + secrets.token_hex(4)
    count = 300

    async def run() -> tuple[list[tuple[str, int, bool]], int]:
        speaker, hearer = Heard(), Heard()
        says, hears = Relay(REDIS_URL, speaker, site), Relay(REDIS_URL, hearer, site)
        round_trips = 0
        pipeline, publish = says.client.pipeline, says.client.publish

        def counted_pipeline(*args: Any, **kwargs: Any) -> Any:
            made = pipeline(*args, **kwargs)
            execute = made.execute

            async def counted_execute(*a: Any, **k: Any) -> Any:
                nonlocal round_trips
                round_trips += 1
                return await execute(*a, **k)

            made.execute = counted_execute
            return made

        async def counted_publish(*args: Any, **kwargs: Any) -> Any:
            nonlocal round_trips
            round_trips += 1
            return await publish(*args, **kwargs)

        says.client.pipeline, says.client.publish = counted_pipeline, counted_publish
        await hears.start()
        await says.start()
        try:
            for version in range(1, count + 1):  # a busy process: all queued in one turn
                says.table_changed("t1", version, move=version % 3 != 0)
            for _ in range(500):
                if len(hearer.tables) >= count:
                    break
                await asyncio.sleep(0.01)
            return hearer.tables, round_trips
        finally:
            await says.close()
            await hears.close()

    with ThreadPoolExecutor(1) as thread:  # an event loop of its own (see test_leases)
        heard, round_trips = thread.submit(asyncio.run, run()).result()
    assert heard == [("t1", v, v % 3 != 0) for v in range(1, count + 1)]
    assert round_trips <= 3, f"{round_trips} round trips for {count} messages"
