"""Which server process drives a table: plays its bots, runs out its clocks, ends it when it
expires or idles (``bots``, ``life``).

Any process may land a person's move (the database's version check lets one entry land per
version), but only one at a time may drive a table, or two processes would think for the same
bot and flag the same clock. That one holds the table's *lease*. Alone, a process holds every
lease (``SoleLeases``). With several processes on one Redis (``relayleases.RedisLeases``) a
lease is a key naming its holder, with a short time to live that the holder renews: a process
that dies stops renewing, its leases lapse within seconds, and another process whose wake loop
finds the table due takes it over; a process that stops (SIGTERM) lets go of its leases at
once and says so, and the others take them without waiting for anything to lapse.

A lease decides who drives, never who may write: a process that lost a lease without knowing
it (paused for longer than the time to live) can at worst think once for nothing, because the
move it then sends is refused as stale. No entry of a move log lands twice.
"""

from __future__ import annotations

from typing import Protocol


class Leases(Protocol):
    def holds(self, table_id: str) -> bool:
        """Whether this process drives ``table_id`` now (answered from memory: no waiting)."""
        ...

    async def take(self, table_id: str) -> bool:
        """Drive ``table_id`` if no other process does; whether this process now drives it."""
        ...

    def let_go(self, table_id: str) -> None:
        """Stop driving ``table_id`` (it ended, or left memory): another process may take it."""
        ...


class SoleLeases:
    """The only process: it drives every table."""

    def holds(self, table_id: str) -> bool:
        return True

    async def take(self, table_id: str) -> bool:
        return True

    def let_go(self, table_id: str) -> None:
        pass
