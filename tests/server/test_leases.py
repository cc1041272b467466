"""Leases in Redis (``relayleases``, issue #12): one process at a time drives a table; a lease
not renewed lapses, and its holder stops counting on it before any other could take it; a
lease let go, or handed over at shutdown, is free at once. On the test Redis
(``scripts/redis-for-tests.sh``)."""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

REDIS_URL = os.environ.get("DONJON_TEST_REDIS_URL", "").strip()

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs DONJON_TEST_REDIS_URL "
                                                      "(scripts/redis-for-tests.sh)")


def with_processes(test: Callable[..., Awaitable[None]], count: int = 2,
                   **settings: Any) -> None:
    """Runs ``test(leases, ...)`` with ``count`` processes' leases on one Redis."""
    import redis.asyncio as aioredis

    from donjon.server.relayleases import RedisLeases

    async def run() -> None:
        clients = [aioredis.from_url(REDIS_URL, decode_responses=True) for _ in range(count)]
        lost: list[list[str]] = [[] for _ in range(count)]
        leases = [RedisLeases(client, f"process-{i}-{secrets.token_hex(4)}",
                              on_lost=lost[i].append, **settings)
                  for i, client in enumerate(clients)]
        try:
            await test(*leases, lost=lost)
        finally:
            for lease, client in zip(leases, clients, strict=True):
                await lease.stop()
                await client.aclose()

    # in a thread of its own: a test run earlier in this worker (the browser tests) may have
    # left an event loop running in this one
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, run()).result()


def table() -> str:
    return "test-" + secrets.token_hex(6)


def test_one_process_drives_a_table_and_the_others_cannot_take_it():
    async def test(a: Any, b: Any, lost: Any) -> None:
        tid = table()
        assert not a.holds(tid)
        assert await a.take(tid) and a.holds(tid)
        assert not await b.take(tid) and not b.holds(tid)
        assert await a.take(tid)  # taking one's own again is fine
        a.let_go(tid)
        assert not a.holds(tid)
        await asyncio.sleep(0.1)  # the release is sent without waiting for it
        assert await b.take(tid) and b.holds(tid)
        assert not await a.take(tid)

    with_processes(test)


def test_a_renewed_lease_outlives_its_time_to_live():
    async def test(a: Any, b: Any, lost: Any) -> None:
        a.start()
        tid = table()
        assert await a.take(tid)
        await asyncio.sleep(a.ttl * 2.5)
        assert a.holds(tid) and not await b.take(tid)
        assert lost == [[], []]

    with_processes(test, ttl=0.6)


def test_a_lease_not_renewed_lapses_and_its_holder_lets_it_go_first():
    """A process that stops renewing (dead, or cut off from Redis) counts its lease as gone
    no later than Redis does: two processes never both think they drive a table."""
    async def test(a: Any, b: Any, lost: Any) -> None:
        tid = table()
        assert await a.take(tid)  # never renewed: ``start`` was not called
        while not await b.take(tid):
            await asyncio.sleep(0.02)
        # the moment b has it, a has already stopped counting on it
        assert not a.holds(tid)

    with_processes(test, ttl=0.4)


def test_a_lease_another_process_took_is_dropped_at_the_next_renewal():
    async def test(a: Any, b: Any, lost: Any) -> None:
        import redis.asyncio as aioredis

        tid = table()
        assert await a.take(tid)
        # a lapsed and b took it meanwhile (a process paused for longer than the lease)
        admin = aioredis.from_url(REDIS_URL, decode_responses=True)
        await admin.delete(f"donjon:lease:{tid}")
        await admin.aclose()
        assert await b.take(tid)
        await a.renew()
        assert not a.holds(tid) and lost[0] == [tid]
        assert b.holds(tid)  # b's lease is untouched by a's renewal

    with_processes(test)


def test_a_process_that_stops_hands_every_lease_over_and_takes_no_new_one():
    async def test(a: Any, b: Any, lost: Any) -> None:
        tables = [table() for _ in range(3)]
        for tid in tables:
            assert await a.take(tid)
        started = time.monotonic()
        handed = await a.hand_over()
        assert sorted(handed) == sorted(tables)
        assert not any(a.holds(tid) for tid in tables)
        assert all([await b.take(tid) for tid in tables])  # free at once, not after a ttl
        assert time.monotonic() - started < a.ttl
        assert not await a.take(table())  # draining

    with_processes(test, ttl=30)


def test_letting_go_leaves_another_process_lease_alone():
    async def test(a: Any, b: Any, lost: Any) -> None:
        tid = table()
        assert await b.take(tid)
        a.held[tid] = time.monotonic() + 10  # a believes, wrongly, that it holds it
        a.let_go(tid)
        await asyncio.sleep(0.1)
        assert b.holds(tid) and not await a.take(tid)

    with_processes(test)
