"""Bot seats, played server-side: each bot decides off the event loop, on what its seat may know.

A bot only ever sees ``state.determinize(seat, rng)`` (or, if blind, the legal actions), never
the true hidden state; ``donjon.bots.decide`` makes sure of it. A bot never takes a move back.

Only the process that drives a table (holding its lease: ``leases``) sets its bots thinking.
A bot plays a seat made for a bot, or a person's seat it took over (they resigned or ran out of
time: ``SeatInfo.replaced``). Bots think within the server-wide cap of ``quotas.BotGate``, in
turn between table owners, and a search bot within a time budget per move (``quotas.budget``);
with ``bot_processes`` they think in worker processes of their own (lower priority than the
server's), so that their processor work never holds up the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import donjon
from donjon.bots import RandomBot, decide, make_bot
from donjon.engine import Action, State
from donjon.server.errors import TableError
from donjon.server.leases import Leases
from donjon.server.quotas import BotGate, Limits, budget

if TYPE_CHECKING:
    from donjon.server.tables import LiveTable, SeatInfo

log = logging.getLogger("donjon.server")

#: consecutive failures after which a bot seat stops retrying (the table then waits)
BOT_GIVE_UP = 8


def plays_bot(seat: SeatInfo) -> bool:
    """Whether a bot plays this seat: one made for a bot, or a person's a bot took over."""
    return seat.kind == "bot" or seat.replaced is not None


class BotSeats:
    """The table manager's side that plays the bots (mixed into ``TableManager``)."""

    # the table manager's, used here
    bot_delay: float
    bot_retry: float
    bot_pool: ThreadPoolExecutor
    closing: bool
    gate: BotGate
    limits: Limits
    bot_decisions: int
    #: worker processes for the bots' thinking (None: the thread pool)
    bot_processes: Any = None
    leases: Leases

    if TYPE_CHECKING:  # the table manager's own, for the type checker
        def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
            ...

        async def submit(self, table: LiveTable, seat: int, action: Action | str,
                         expected: int | None = None, schedule: bool = True,
                         strict: bool = True) -> int:
            ...

    def _make_bots(self, table: LiveTable) -> None:
        game = donjon.load(table.game)
        for i, s in enumerate(table.seats):
            if plays_bot(s) and i not in table.bots:
                table.bots[i] = make_bot(game, s.bot or "random", seed=table.rng.randrange(2**32))
                budget(table.bots[i], self.limits)

    def _schedule_bots(self, table: LiveTable) -> None:
        """Set the bots to move thinking, if this process drives the table (``leases``): when
        no process does yet, it tries to."""
        if table.status != "running" or table.state is None or self.closing:
            return
        if not any(plays_bot(table.seats[seat]) and seat not in table.thinking
                   for seat in table.state.to_move()):
            return
        if self.leases.holds(table.id):
            self._start_bots(table)
        else:
            self._spawn(self._drive(table))

    async def _drive(self, table: LiveTable) -> None:
        if await self.leases.take(table.id):
            self._start_bots(table)

    def _start_bots(self, table: LiveTable) -> None:
        if table.status != "running" or table.state is None or self.closing:
            return
        for seat in table.state.to_move():
            if plays_bot(table.seats[seat]) and seat not in table.thinking:
                table.thinking.add(seat)
                self._spawn(self._bot_turn(table, seat))

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        """Play one decision of a bot seat, off the event loop unless the bot is blind.

        A move refused because the table moved on is thought again; anything unexpected (a
        failing bot, engine or database) is logged and retried after a growing pause with a
        random bot, and after ``BOT_GIVE_UP`` failures in a row the seat waits, so that a broken
        table can never spin the server.
        """
        loop = asyncio.get_running_loop()
        moved = False
        failures = table.bot_failures.get(seat, 0)
        try:
            pause = self.bot_delay + (self.bot_retry * 2 ** failures if failures else 0.0)
            for _attempt in range(50):
                if pause:
                    await asyncio.sleep(pause)
                state, version = table.state, table.version
                if table.status != "running" or state is None or seat not in state.to_move():
                    return
                if not self.leases.holds(table.id):  # another process drives it now
                    return
                bot = table.bots[seat] if not failures else RandomBot(
                    seed=table.rng.randrange(2**32)
                )
                if getattr(bot, "blind", False):  # picking among legal actions is cheap
                    action = _bot_decide(bot, state, seat, table.rng)
                else:
                    async with self.gate.slot(table.created_by):
                        if table.state is not state:  # the table moved on while it waited
                            pause = 0.0
                            continue
                        action = await self._think(loop, table, seat, bot, state)
                self.bot_decisions += 1
                if not self.leases.holds(table.id):  # lost while thinking: the driver decides
                    return
                try:
                    await self.submit(table, seat, action, expected=version, schedule=False)
                except TableError as error:
                    if error.code == "stale":  # the table moved on while the bot thought
                        pause = 0.0
                        continue
                    raise
                moved = True
                table.bot_failures.pop(seat, None)
                return
            raise RuntimeError("50 attempts in a row found the table moved on")
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - a failing bot must not kill the server
            table.bot_failures[seat] = failures + 1
            log.exception("bot at table %s seat %s failed (%s in a row): %r", table.id, seat,
                          failures + 1, error)
        finally:
            table.thinking.discard(seat)
            if table.status == "running" and not self.closing and (
                moved or table.bot_failures.get(seat, 0) < BOT_GIVE_UP
            ):
                self._schedule_bots(table)


    async def _think(self, loop: asyncio.AbstractEventLoop, table: LiveTable, seat: int,
                     bot: Any, state: State) -> Action:
        if self.bot_processes is None:
            return await loop.run_in_executor(self.bot_pool, _bot_decide, bot, state, seat,
                                              table.rng)
        spec = table.seats[seat].bot or "random"
        seed = table.rng.getrandbits(64)
        limits = self.limits
        future = self.bot_processes.submit(
            think_apart, table.game, spec, seed, state, seat,
            (limits.bot_budget_ms, limits.bot_max_iterations) if limits.enforced else None)
        return await asyncio.wrap_future(future, loop=loop)

    def stop_bot_processes(self) -> None:
        if self.bot_processes is not None:
            self.bot_processes.shutdown(wait=False, cancel_futures=True)
            self.bot_processes = None


#: a worker process's bots, by game and bot name (made once, reseeded for each decision)
_WORKER_BOTS: dict[tuple[str, str], Any] = {}


def worker_start() -> None:
    """A bot worker process gives way to the server: it runs at the lowest priority."""
    import os

    with contextlib.suppress(OSError):
        os.nice(19)


def think_apart(game_name: str, spec: str, seed: int, state: State, seat: int,
                limit: tuple[int, int] | None) -> Action:
    """One decision in a worker process: the bot named ``spec``, seeded for this decision,
    shown only what the seat may know (``decide``)."""
    key = (game_name, spec)
    bot = _WORKER_BOTS.get(key)
    if bot is None:
        bot = _WORKER_BOTS[key] = make_bot(donjon.load(game_name), spec, seed=seed)
        if limit is not None:
            budget(bot, Limits(bot_budget_ms=limit[0], bot_max_iterations=limit[1]))
    if hasattr(bot, "rng"):
        bot.rng = random.Random(seed)
    return _bot_decide(bot, state, seat, random.Random(seed ^ 0x5EED))


def _bot_decide(bot: Any, state: State, seat: int, rng: random.Random) -> Action:
    try:
        return decide(bot, state, seat, random.Random(rng.getrandbits(64)))
    except Exception:  # noqa: BLE001 - fall back so that a buggy bot never stalls a table
        log.exception("bot %s failed; playing a random legal action", getattr(bot, "name", bot))
        return RandomBot().choose_from(list(state.legal_actions(seat)))
