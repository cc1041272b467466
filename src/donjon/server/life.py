"""A table's life beyond its moves: its clock, the seats a bot takes over (a player resigned or
ran out of time: Board Game Arena's "zombie" mode), open tables that expire, running tables
that end when no person is left or nobody has moved for long, and waking the tables that need
it even when nobody has them open (mixed into ``TableManager``).

Every table in the database has ``wake_at``, the next moment it needs the server: a clock that
runs out, an open table's expiry, a bot to move (now), an idle running table's end. The server
polls for due tables (an index read, every ``wake_poll`` seconds), loads those not in memory and
wakes them; tables in memory are checked in memory. This is what brings tables back after a
restart: nothing is replayed at start-up. With several processes, only the one holding a
table's lease wakes it (``leases``): a table whose driver died is due, and is taken over by
the first process to find it so once the lease has lapsed.

A seat a bot took over keeps its person's name (``SeatInfo.replaced`` says why); the stored
result of a finished table says which seats resigned or timed out (``forfeits``), and ranks
them last, below everyone who played on.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

import donjon
from donjon.bots import make_bot
from donjon.engine import State
from donjon.server import ratings, tablesettings
from donjon.server.bots import plays_bot
from donjon.server.catalogue import available_bots
from donjon.server.clocks import TURN, Clock, ClockSettings
from donjon.server.errors import TableError
from donjon.server.leases import Leases
from donjon.server.lifestore import LifeStore, utc
from donjon.server.notify import Notifier
from donjon.server.quotas import Limits, budget
from donjon.server.store import Life

if TYPE_CHECKING:
    from collections import OrderedDict

    from donjon.server.catchup import Announcer
    from donjon.server.tables import LiveTable

log = logging.getLogger("donjon.server")

T = TypeVar("T")

RESIGNED, TIMEOUT = "resigned", "timeout"
#: ``closed_reason`` of an open table nobody started in time, of a running table with no person
#: left or no move for long
EXPIRED, ABANDONED, IDLE = "expired", "abandoned", "idle"
#: a running table nobody has open, with nothing to do, leaves memory after this long
EVICT_AFTER = 600.0


def moment_of(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def forfeits_of(table: LiveTable) -> dict[str, str]:
    return {str(i): s.replaced for i, s in enumerate(table.seats) if s.replaced}


def mark_forfeits(result: dict[str, Any], table: LiveTable) -> dict[str, Any]:
    """The stored result of a table where people resigned or ran out of time: ``forfeits``
    (seat, as text -> "resigned" or "timeout"), and those seats ranked last (together), the
    others ranked among themselves by the game's ranking (kept as ``game_ranks``)."""
    forfeits = forfeits_of(table)
    if not forfeits:
        return result
    ranks = list(result["ranks"])
    playing = [i for i in range(len(ranks)) if str(i) not in forfeits]
    new = [0] * len(ranks)
    for i in playing:
        new[i] = 1 + sum(1 for j in playing if ranks[j] < ranks[i])
    for seat in forfeits:
        new[int(seat)] = len(playing) + 1
    return {**result, "game_ranks": ranks, "ranks": new,
            "winners": [i for i, r in enumerate(new) if r == 1], "forfeits": forfeits}


class TableLife:
    """The table manager's side that keeps tables alive: clocks, replacements, expiry, wakes."""

    # the table manager's, used here
    life: LifeStore
    limits: Limits
    tables: dict[str, LiveTable]
    finished: OrderedDict[str, LiveTable]
    closing: bool
    wake_poll: float
    notifier: Notifier
    leases: Leases
    announcer: Announcer | None

    if TYPE_CHECKING:  # the table manager's own, for the type checker
        async def db(self, fn: Callable[..., T], *args: Any) -> T:
            ...

        def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
            ...

        async def get(self, table_id: str) -> LiveTable:
            ...

        async def catch_up(self, table: LiveTable, news: bool = False) -> None:
            ...

        def _schedule_bots(self, table: LiveTable) -> None:
            ...

        def _table_changed(self, table: LiveTable) -> None:
            ...

        def _broadcast_state(self, table: LiveTable, log_from: int) -> None:
            ...

        def _remember_finished(self, table: LiveTable) -> None:
            ...

        def _lobby_changed(self) -> None:
            ...

    # -- what the database holds of a table's life ---------------------------------------------

    def open_expiry(self, table: LiveTable) -> datetime:
        """When an open table nobody starts closes: its creation plus ``open_expiry_s``, or
        what the database says (``wake_at``, for tables made before expiry existed)."""
        if table.expires_at is not None:
            return moment_of(table.expires_at)
        created = utc(table.created_at) or moment_of(time.time())
        return moment_of(created.timestamp() + self.limits.open_expiry_s)

    def _life_of(self, table: LiveTable, state: State, clock: Clock | None, moment: float,
                 ended: bool = False, taken: int | None = None) -> Life:
        """The seats to move, the clock, and when to wake the table next: now if a bot is to
        move, else the first clock to run out, at the latest when idle for too long."""
        to_move = [] if ended else list(state.to_move())
        wake: datetime | None = None
        if not ended:
            soonest = moment + self.limits.idle_expiry_s
            if any(plays_bot(table.seats[seat]) or seat == taken for seat in to_move):
                soonest = moment
            deadline = clock.next_deadline() if clock is not None else None
            if deadline is not None:
                soonest = min(soonest, deadline)
            wake = moment_of(soonest)
        return Life(json.dumps(to_move), json.dumps(clock.to_json()) if clock else None, wake)

    async def _write_life(self, table: LiveTable) -> None:
        if table.state is None:
            return
        life = self._life_of(table, table.state, table.clock, table.active_at)
        await self.db(self.life.write_life, table.id, life)

    async def _start_clock(self, table: LiveTable) -> None:
        """At the start: each person's clock, running for those to move; the table's life."""
        assert table.state is not None
        moment = time.time()
        settings = ClockSettings.from_json(tablesettings.clock_json(table.settings))
        if settings.on:
            people = [i for i, s in enumerate(table.seats) if not plays_bot(s)]
            table.clock = Clock.start(settings, table.players, people, table.state.to_move(),
                                      moment)
        table.active_at = moment
        await self._write_life(table)

    async def _restore_life(self, table: LiveTable) -> None:
        """A running table just loaded: when its log last grew (its idle time counts from
        there), and its life written again (a table from before 0004 has none yet)."""
        last = await self.db(self.life.last_entry_at, table.id)
        if last is not None:
            table.active_at = last.timestamp()
        await self._write_life(table)

    # -- waking ---------------------------------------------------------------------------------

    def start_waking(self) -> None:
        self._spawn(self._wake_loop())

    async def _wake_loop(self) -> None:
        broken: set[str] = set()
        while not self.closing:
            try:
                await self._wake_round(broken)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the loop must outlive any one failure
                log.exception("waking tables failed")
            await asyncio.sleep(self.wake_poll)

    async def _wake_round(self, broken: set[str]) -> None:
        moment = time.time()
        for table in list(self.tables.values()):
            if self._due(table, moment) and await self.leases.take(table.id):
                await self.wake(table)
        due = await self.db(self.life.due, moment_of(moment))
        for table_id in due:
            if table_id in broken or self.closing:
                continue
            loaded = self.tables.get(table_id)
            # alone, a loaded table was checked above; with others, one this process drives
            # and whose bots think is on its way
            if loaded is not None and (self.announcer is None or loaded.thinking):
                continue
            await self.take_over(table_id, broken)
        self._evict(moment)

    async def take_over(self, table_id: str, broken: set[str] | None = None) -> None:
        """Wake a table that needs it (its ``wake_at`` has passed, or the process that drove
        it handed it over), unless another process drives it: loaded, or caught up with what
        its last driver did (whose news may have been lost with it), then woken."""
        if not await self.leases.take(table_id):
            return
        try:
            table = self.tables.get(table_id)
            if table is None:
                table = await self.get(table_id)  # loads it, and starts its bots
            elif self.announcer is not None:
                await self.catch_up(table)
        except TableError:
            self.leases.let_go(table_id)
            return
        except Exception:  # noqa: BLE001 - a table that does not load is reported once
            log.exception("cannot load table %s to wake it", table_id)
            if broken is not None:
                broken.add(table_id)
            self.leases.let_go(table_id)
            return
        await self.wake(table)
        if table.status not in ("open", "running"):  # it ended meanwhile, elsewhere
            self.leases.let_go(table_id)

    def handed_over(self, table_ids: list[str]) -> None:
        """Another process stops (``relay.Listener``): its tables are taken over now, each by
        whichever process takes its lease first."""
        for table_id in table_ids:
            self._spawn(self.take_over(table_id))

    def lease_lost(self, table_id: str) -> None:
        """Another process drives ``table_id`` now (this one was too slow to renew): its bots
        stop here at their next step (``bots``)."""

    def _due(self, table: LiveTable, moment: float) -> bool:
        if table.status == "open":
            return moment >= self.open_expiry(table).timestamp()
        if table.status != "running":
            return False
        if table.clock is not None and table.clock.out_of_time(moment):
            return True
        return moment >= table.active_at + self.limits.idle_expiry_s

    async def wake(self, table: LiveTable) -> None:
        """Whatever is due at a table now: an open table expires; a person out of time is
        replaced by a bot; a table idle for too long ends; its bots play."""
        moment = time.time()
        if table.status == "open":
            if moment >= self.open_expiry(table).timestamp():
                await self._end(table, EXPIRED)
            return
        if table.status != "running":
            return
        if table.clock is not None:
            for seat in table.clock.out_of_time(moment):
                await self.replace_seat(table, seat, TIMEOUT)
        if table.status == "running" and moment >= table.active_at + self.limits.idle_expiry_s:
            await self._end(table, IDLE)
        self._schedule_bots(table)

    def _evict(self, moment: float) -> None:
        """Running tables nobody has open and where nothing is to happen soon leave memory:
        the database holds them, and they are loaded again when needed."""
        for table in list(self.tables.values()):
            if (table.status != "running" or table.connections or table.thinking
                    or table.lock.locked()
                    or moment - max(table.active_at, table.touched) < EVICT_AFTER
                    or table.state is None):
                continue
            if any(plays_bot(table.seats[seat]) for seat in table.state.to_move()):
                continue
            deadline = table.clock.next_deadline() if table.clock is not None else None
            if deadline is not None and deadline - moment < EVICT_AFTER:
                continue
            del self.tables[table.id]
            self.leases.let_go(table.id)

    # -- a bot takes a seat; a table ends --------------------------------------------------------

    def _replacement(self, table: LiveTable) -> str:
        level = self.limits.replacement_bot
        return level if level in available_bots(table.game) else "random"

    async def replace_seat(self, table: LiveTable, seat: int, reason: str) -> None:
        """A bot plays ``seat`` for the rest of the game: its person resigned or ran out of
        time. A table with no person left ends."""
        async with table.lock:
            info = table.seats[seat]
            if table.status != "running" or info.kind != "human" or info.replaced:
                return
            moment = time.time()
            clock = None
            if table.clock is not None:
                clock = Clock.from_json(table.clock.to_json())
                clock.stop(seat, moment)
                if reason == TIMEOUT:
                    clock.flagged.append(seat)
            level = self._replacement(table)
            assert table.state is not None
            life = self._life_of(table, table.state, clock, moment, taken=seat)
            done = await self.db(self.life.replace_seat, table.id, seat, level, reason,
                                 clock.to_json() if clock else None, life.wake_at)
            if not done:
                return
            table.clock = clock
            info.replaced, info.bot = reason, level
            table.seats_changed()
            bot = make_bot(donjon.load(table.game), level, seed=table.rng.randrange(2**32))
            budget(bot, self.limits)
            table.bots[seat] = bot
            log.info("table %s: a bot plays seat %s from now on (%s)", table.id, seat, reason)
        if all(plays_bot(s) for s in table.seats):
            await self._end(table, ABANDONED)
            return
        self._table_changed(table)
        self._broadcast_state(table, 0)
        self._schedule_bots(table)

    async def resign(self, table: LiveTable, user_id: int) -> None:
        if table.status != "running":
            raise TableError(409, "not_started" if table.status == "open" else
                             "finished" if table.status == "finished" else "closed")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(403, "not_seated")
        await self.replace_seat(table, seat, RESIGNED)

    async def _end(self, table: LiveTable, reason: str) -> None:
        """Close a table that will not go on: an open table expired, a running one with no
        person left or idle for too long. Its log stays, for its record."""
        async with table.lock:
            if table.status not in ("open", "running"):
                return
            result = {"forfeits": forfeits_of(table)} if table.status == "running" else None
            if not await self.db(self.life.end, table.id, "closed", reason, result):
                return
            table.status, table.closed_reason, table.result = "closed", reason, result
        log.info("table %s closed: %s", table.id, reason)
        self.tables.pop(table.id, None)
        self._remember_finished(table)
        self._table_changed(table)
        self._broadcast_state(table, 0)

    # -- hooks after a move ---------------------------------------------------------------------

    def turns_changed(self, table: LiveTable, before: Sequence[int]) -> None:
        """A person whose turn it now is at a turn-based table, and who does not have it open,
        is told so (``notify``)."""
        clock = table.clock
        if clock is None or clock.settings.mode != TURN or table.state is None:
            return
        watching = {conn.user_id for conn in table.connections}
        for seat in table.state.to_move():
            info = table.seats[seat]
            if seat in before or plays_bot(info) or info.user_id is None:
                continue
            if info.user_id in watching:
                continue
            self._spawn(self.notifier.your_turn(self.life, info.user_id, table.id,
                                                donjon.load(table.game).title))

    async def finished_hook(self, table: LiveTable) -> None:
        """A table finished: the ratings are updated (the result is stored first)."""
        try:
            await self.db(functools.partial(ratings.table_finished, self.life.engine, table.id))
        except Exception:  # noqa: BLE001 - a rating failure must not touch the table
            log.exception("rating table %s failed", table.id)
