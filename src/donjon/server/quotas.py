"""A server no one can swamp: quotas per user and per guest, rate limits on creating tables and
on moves, and a server-wide cap on bot thinking, shared fairly between the people whose tables
the bots sit at.

- Quotas count what a user holds now (open tables, running tables, bot seats at them), read from
  the database at each creation and start: the truth is the tables themselves.
- Rate limits count events per fixed window in the database (``rate_counters``), not in one
  process's memory, so that several processes (or a restart) share them.
- Bot thinking: at most ``bot_thinking`` decisions at once in this process (it is this process's
  processor time they spend), handed out in turn between table owners, so that a flood of one
  person's bots only ever waits behind itself; a search bot gets a time budget per move.

Every limit is a setting (``DONJON_LIMITS``, JSON, overrides these defaults).
"""

from __future__ import annotations

import asyncio
import json
import os
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, fields, replace
from typing import Any


@dataclass(frozen=True)
class Limits:
    #: quotas: open tables, running tables, bot seats at once (guest, member)
    guest_open: int = 3
    guest_running: int = 3
    guest_bots: int = 12
    member_open: int = 10
    member_running: int = 20
    member_bots: int = 40
    #: tables created per minute, per user
    creations_per_minute: int = 10
    #: a person's moves (and chat messages) per 10 seconds
    moves_per_10s: int = 100
    chat_per_10s: int = 5
    chat_length: int = 500
    #: bot decisions thinking at once in this process, and a search bot's budget per move
    bot_thinking: int = 2
    bot_budget_ms: int = 1000
    bot_max_iterations: int = 2000
    #: an open table nobody starts is closed after this; a running one without a move too
    open_expiry_s: int = 2 * 3600
    idle_expiry_s: int = 14 * 24 * 3600
    #: the bot level that takes over a seat whose player resigned or ran out of time
    replacement_bot: str = "normal"
    #: False: no quota, no rate limit, no cap (what the server did before; the flood test's
    #: "before")
    enforced: bool = True

    @classmethod
    def from_env(cls, text: str | None = None) -> Limits:
        raw = os.environ.get("DONJON_LIMITS", "") if text is None else text
        if not raw.strip():
            return cls()
        data = json.loads(raw)
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"DONJON_LIMITS: unknown limits {sorted(unknown)}; known: "
                             f"{sorted(known)}")
        return replace(cls(), **data)

    def quota(self, guest: bool) -> dict[str, int]:
        if guest:
            return {"open": self.guest_open, "running": self.guest_running,
                    "bots": self.guest_bots}
        return {"open": self.member_open, "running": self.member_running,
                "bots": self.member_bots}


class BotGate:
    """At most ``slots`` bot decisions at once, handed out in turn between owners: a waiting
    decision of someone with fewer bots waiting goes no later than the next one of a flooder."""

    def __init__(self, slots: int):
        self.slots = max(1, slots)
        self.busy = 0
        self.waiting: OrderedDict[Any, deque[asyncio.Future[None]]] = OrderedDict()
        self.peak = 0

    @asynccontextmanager
    async def slot(self, owner: Any) -> AsyncIterator[None]:
        if self.busy < self.slots and not self.waiting:
            self.busy += 1
        else:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.waiting.setdefault(owner, deque()).append(future)
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():
                    self._release()  # handed a slot just as it was cancelled: pass it on
                else:
                    self._forget(owner, future)
                raise
        self.peak = max(self.peak, self.busy)
        try:
            yield
        finally:
            self._release()

    def _forget(self, owner: Any, future: asyncio.Future[None]) -> None:
        queue = self.waiting.get(owner)
        if queue is not None and future in queue:
            queue.remove(future)
            if not queue:
                del self.waiting[owner]

    def _release(self) -> None:
        # the next owner in turn gets the slot, then goes to the back of the line
        while self.waiting:
            owner, queue = next(iter(self.waiting.items()))
            future = queue.popleft()
            if queue:
                self.waiting.move_to_end(owner)
            else:
                del self.waiting[owner]
            if not future.done():
                future.set_result(None)
                return
        self.busy -= 1


def budget(bot: Any, limits: Limits) -> None:
    """A search bot thinks within a budget per move: a wall-clock cap, its processor time
    capped, its iterations capped."""
    if not limits.enforced:
        return
    if hasattr(bot, "wall_ms"):
        wall = getattr(bot, "wall_ms", None)
        bot.wall_ms = min(wall, limits.bot_budget_ms) if wall else limits.bot_budget_ms
    if getattr(bot, "milliseconds", None) is not None:
        bot.milliseconds = min(bot.milliseconds, limits.bot_budget_ms)
    if isinstance(getattr(bot, "iterations", None), int):
        bot.iterations = min(bot.iterations, limits.bot_max_iterations)
