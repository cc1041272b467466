"""Bot seats, played server-side: each bot decides off the event loop, on what its seat may know.

A bot only ever sees ``state.determinize(seat, rng)`` (or, if blind, the legal action texts),
never the true hidden state; ``donjon.bots.decide`` makes sure of it.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

import donjon
from donjon.bots import RandomBot, decide, make_bot
from donjon.engine import State
from donjon.server.errors import TableError

if TYPE_CHECKING:
    from donjon.server.tables import LiveTable

log = logging.getLogger("donjon.server")

#: consecutive failures after which a bot seat stops retrying (the table then waits)
BOT_GIVE_UP = 8


class BotSeats:
    """The table manager's side that plays the bots (mixed into ``TableManager``)."""

    def _make_bots(self, table: LiveTable) -> None:
        game = donjon.load(table.game)
        for i, s in enumerate(table.seats):
            if s.kind == "bot" and i not in table.bots:
                table.bots[i] = make_bot(game, s.bot, seed=table.rng.randrange(2**32))

    def _schedule_bots(self, table: LiveTable) -> None:
        if table.status != "running" or self.closing:
            return
        for seat in table.state.to_move():
            if table.seats[seat].kind == "bot" and seat not in table.thinking:
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
                if table.status != "running" or seat not in state.to_move():
                    return
                bot = table.bots[seat] if not failures else RandomBot(seed=table.rng.random())
                if getattr(bot, "blind", False):  # picking among legal texts is cheap
                    action = _bot_decide(bot, state, seat, table.rng)
                else:
                    action = await loop.run_in_executor(
                        self.bot_pool, _bot_decide, bot, state, seat, table.rng
                    )
                try:
                    await self.submit(table, seat, action.text, expected=version, schedule=False)
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


def _bot_decide(bot, state: State, seat: int, rng: random.Random):
    try:
        return decide(bot, state, seat, random.Random(rng.getrandbits(64)))
    except Exception:  # noqa: BLE001 - fall back so that a buggy bot never stalls a table
        log.exception("bot %s failed; playing a random legal action", getattr(bot, "name", bot))
        return RandomBot().choose_from(state.legal_actions(seat))
