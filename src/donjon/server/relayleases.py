"""Leases in Redis: which of several server processes drives each table (``leases``).

A table's lease is the key ``donjon:<site>:lease:<table id>``, whose value names the process
holding it (``Relay.origin``), set only where absent and with a time to live (``ttl``, 5 s by default,
or ``DONJON_LEASE_SECONDS``). Every ``renew_every`` seconds the holder extends all its leases in
one round trip, each only while it still names this process. This process counts a lease as
held until its time to live, reckoned from before the renewal that last succeeded, runs out:
when Redis stops answering, the process stops driving before any other could start.

At shutdown the process deletes its leases (each only where it still names this process) and
publishes their tables on ``donjon:<site>:handover``: the other processes take them over at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from typing import Any

from redis.exceptions import RedisError

log = logging.getLogger("donjon.server")

#: the default time to live of a lease, in seconds, and how often leases are renewed
TTL_SECONDS = 5.0
RENEW_SECONDS = 1.0

# Each is checked and changed in one step on the Redis server: between a GET and a PEXPIRE or a
# DEL sent apart, the key could lapse and be taken by another process, whose lease this process
# would then extend or delete.
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


def ttl_from_env() -> float:
    return float(os.environ.get("DONJON_LEASE_SECONDS", "") or TTL_SECONDS)


class RedisLeases:
    """This process's leases (``leases.Leases``), held in Redis through ``client`` (redis-py's
    asyncio client). ``on_lost`` is told of a lease found taken by another process."""

    def __init__(self, client: Any, origin: str, ttl: float | None = None,
                 renew_every: float = RENEW_SECONDS,
                 on_lost: Callable[[str], None] | None = None,
                 prefix: str = "donjon:lease:") -> None:
        self.client = client
        self.origin = origin
        #: a lease's key is this and the table's id (``relay.site_prefix``: one site's own)
        self.prefix = prefix
        self.ttl = ttl if ttl is not None else ttl_from_env()
        self.renew_every = min(renew_every, self.ttl / 3)
        self.on_lost = on_lost
        #: the tables this process drives, each with the moment (``time.monotonic``) its lease
        #: is sure to hold until
        self.held: dict[str, float] = {}
        #: shutting down: no lease is taken any more
        self.draining = False
        self._renew_script = client.register_script(_RENEW)
        self._release_script = client.register_script(_RELEASE)
        self._renewing: asyncio.Task[None] | None = None
        self._letting_go: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        self._renewing = asyncio.get_running_loop().create_task(self._renew_loop())

    # -- ``leases.Leases`` -----------------------------------------------------------------------

    def holds(self, table_id: str) -> bool:
        return self.held.get(table_id, 0.0) > time.monotonic()

    async def take(self, table_id: str) -> bool:
        if self.holds(table_id):
            return True
        if self.draining:
            return False
        asked = time.monotonic()
        key = self.prefix + table_id
        try:
            taken = await self.client.set(key, self.origin, nx=True, px=int(self.ttl * 1000))
            # still ours from before (a renewal that failed once, then came through)
            if not taken and await self._renew_script(keys=[key],
                                                      args=[self.origin, int(self.ttl * 1000)]):
                taken = True
        except (RedisError, OSError) as error:
            log.warning("leases: cannot take table %s (%s)", table_id, error)
            return False
        if taken and not self.draining:
            if table_id not in self.held:
                log.info("leases: this process drives table %s", table_id)
            self.held[table_id] = asked + self.ttl
            return True
        return False

    def let_go(self, table_id: str) -> None:
        if self.held.pop(table_id, None) is None:
            return
        task = asyncio.get_running_loop().create_task(self._release([table_id]))
        self._letting_go.add(task)
        task.add_done_callback(self._letting_go.discard)

    # -- renewing, and letting go at shutdown ----------------------------------------------------

    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(self.renew_every)
            try:
                await self.renew()
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                # held leases count down from the last renewal that came through (``holds``)
                log.warning("leases: cannot renew %s leases (%s)", len(self.held), error)

    async def renew(self) -> None:
        """Extend every held lease in one round trip; a lease another process now holds is
        dropped (and ``on_lost`` told)."""
        tables = list(self.held)
        if not tables:
            return
        asked = time.monotonic()
        async with self.client.pipeline(transaction=False) as pipe:
            for table_id in tables:
                await self._renew_script(keys=[self.prefix + table_id],
                                         args=[self.origin, int(self.ttl * 1000)], client=pipe)
            answers = await pipe.execute()
        for table_id, kept in zip(tables, answers, strict=True):
            if table_id not in self.held:  # let go of meanwhile
                continue
            if kept:
                self.held[table_id] = asked + self.ttl
            else:
                del self.held[table_id]
                log.warning("leases: table %s is driven by another process now", table_id)
                if self.on_lost is not None:
                    self.on_lost(table_id)

    async def _release(self, tables: list[str]) -> None:
        try:
            async with self.client.pipeline(transaction=False) as pipe:
                for table_id in tables:
                    await self._release_script(keys=[self.prefix + table_id],
                                               args=[self.origin], client=pipe)
                await pipe.execute()
        except (RedisError, OSError) as error:  # they lapse on their own within ``ttl``
            log.warning("leases: cannot let go of %s leases (%s)", len(tables), error)

    async def stop(self) -> None:
        """Stop renewing (what is held lapses within ``ttl``) and take nothing new."""
        self.draining = True
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(BaseException):
                await self._renewing
            self._renewing = None

    async def hand_over(self) -> list[str]:
        """At shutdown: take no lease any more and let go of every one held. Returns their
        tables, for the other processes to take over."""
        await self.stop()
        tables = list(self.held)
        self.held.clear()
        if tables:
            await self._release(tables)
        for task in list(self._letting_go):
            with contextlib.suppress(BaseException):
                await task
        return tables
