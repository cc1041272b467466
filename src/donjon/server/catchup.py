"""A loaded table catching up with what other server processes wrote to its move log (mixed into
``TableManager``).

With several processes on one database (``relay``), a table's copy in one process falls behind
when a seat is taken, the table starts, a move is played or the table ends in another. It catches
up from the database: the seats, settings, clock and status as stored, and the log entries after
its version applied to a clone of its state, in order (an entry that does not replay makes it
replay the whole log instead). Then its own connections are sent exactly what a local change
would have sent them, each its own seat's view.

It catches up when another process says the table changed, before a move that saw a version the
copy has not reached yet, and after the database refused an entry because the table moved on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from donjon.server import tablesettings
from donjon.server.clocks import Clock
from donjon.server.leases import Leases
from donjon.server.movelog import plays_rules, rebuild, replay
from donjon.server.store import LogEntry, Store, TableRow

if TYPE_CHECKING:
    from donjon.server.tables import LiveTable, SeatInfo

log = logging.getLogger("donjon.server")

T = TypeVar("T")

#: the statuses of a table that will never change again
ENDED = ("finished", "closed")


class Announcer(Protocol):
    """Where this process says it changed a table or the lobby (``relay.Relay``)."""

    def table_changed(self, table_id: str, version: int, move: bool = False) -> None:
        ...

    def lobby_changed(self) -> None:
        ...

    def chat_sent(self, table_id: str, message_id: int) -> None:
        ...


@dataclass(frozen=True)
class CaughtUp:
    """What catching up changed: the table itself (seats, settings, status), and where its log
    is to be sent from (None: the state did not change; 0: from the start, after an undo)."""

    table: bool
    log_from: int | None


class TableCatchUp:
    # the table manager's, used here
    store: Store
    tables: dict[str, LiveTable]
    finished: OrderedDict[str, LiveTable]
    announcer: Announcer | None
    leases: Leases
    loading: dict[str, asyncio.Future[LiveTable]]
    #: tables being loaded when news of them came: their read may predate it (``_load``)
    news_while_loading: set[str]

    if TYPE_CHECKING:  # the table manager's own, for the type checker
        async def db(self, fn: Callable[..., T], *args: Any) -> T:
            ...

        def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
            ...

        def _make_bots(self, table: LiveTable) -> None:
            ...

        def _schedule_bots(self, table: LiveTable) -> None:
            ...

        def disconnect_user(self, user_id: int, code: int, reason: str) -> None:
            ...

        def _remember_finished(self, table: LiveTable) -> None:
            ...

        def _broadcast_state(self, table: LiveTable, log_from: int) -> None:
            ...

        def _tell_table(self, table: LiveTable) -> None:
            ...

        def _tell_lobby(self) -> None:
            ...

        def _seat_infos(self, row: TableRow) -> list[SeatInfo]:
            ...

        async def _relay_chat(self, table: LiveTable, message_id: int) -> None:
            ...

    # -- what this process says ------------------------------------------------------------------

    def _announce(self, table: LiveTable, move: bool = False) -> None:
        """``move``: only a move was played (or taken back), so the others may read only the
        log's new entries; otherwise seats, settings or the status changed too."""
        if self.announcer is not None:
            self.announcer.table_changed(table.id, table.version, move)

    def _announce_chat(self, table: LiveTable, message_id: int) -> None:
        if self.announcer is not None:
            self.announcer.chat_sent(table.id, message_id)

    # -- what the others say (``relay.Listener``) ------------------------------------------------

    def table_changed_elsewhere(self, table_id: str, version: int, move: bool = False) -> None:
        table = self.tables.get(table_id)
        # a table not loaded here is read from the database when first needed; one being
        # loaded is read again once it is (its read may have come before this change); an
        # ended one never changes again
        if table is None:
            if table_id in self.loading:
                self.news_while_loading.add(table_id)
            return
        if table.status in ENDED:
            return
        # not skipped when ``version`` is not newer: seats and endings leave the version as is.
        # News arriving faster than the database is read is read once: a busy table sends a
        # message per move, and each catch-up reads everything new anyway
        table.catch_up_asked = True
        if not move:
            table.catch_up_whole = True
        if not table.catching_up:
            table.catching_up = True
            self._spawn(self._catch_up_as_asked(table))

    def chat_sent_elsewhere(self, table_id: str, message_id: int) -> None:
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None and table.connections:
            self._spawn(self._relay_chat(table, message_id))

    def lobby_changed_elsewhere(self) -> None:
        self._tell_lobby()

    def catch_up_all(self) -> None:
        for table in list(self.tables.values()):
            self._spawn(self.catch_up(table))

    def sessions_ended_elsewhere(self, user_id: int) -> None:
        """They logged out (or reset their password) on another process: their sockets here
        close too, as that process's did."""
        self.disconnect_user(user_id, code=4401, reason="logged out")

    # -- catching up -----------------------------------------------------------------------------

    async def _catch_up_as_asked(self, table: LiveTable) -> None:
        """Catch-ups for news from other processes, one at a time, until a read of the
        database has followed the last news."""
        try:
            while table.catch_up_asked:
                await self.catch_up(table, news=True)
        finally:
            table.catching_up = False

    async def catch_up(self, table: LiveTable, news: bool = False) -> None:
        """``news``: for news from other processes, read as little as what they said allows."""
        async with table.lock:
            whole = not news or table.catch_up_whole
            # what is said from now on, this read may not see
            table.catch_up_asked = table.catch_up_whole = False
            caught = await self._catch_up_locked(table, whole)
        if caught is not None:
            self._tell_caught_up(table, caught)
            if self.leases.holds(table.id):  # a person's move made elsewhere: a bot's turn
                self._schedule_bots(table)

    async def _catch_up_locked(self, table: LiveTable, whole: bool = True) -> CaughtUp | None:
        """Bring ``table`` (its lock held) to what the database holds. None: nothing changed.
        ``whole``: seats and settings may have changed too, not only the log."""
        if not whole and table.state is not None and table.status == "running":
            return await self._catch_up_moves(table)
        # only the entries this copy lacks: catching up costs what is new, not the whole log
        row = await self.db(self.store.table, table.id, True, table.version)
        if row is None or row.version < table.version:
            return None
        seats = self._seat_infos(row)
        settings = {**tablesettings.DEFAULTS, **(row.settings or {})}
        changed = (row.status != table.status or settings != table.settings
                   or [s.to_json() for s in seats] != [s.to_json() for s in table.seats])
        try:
            log_from = self._apply_log(table, row)
        except ValueError:
            log.exception("table %s: the entries after %s do not apply to this copy; replaying "
                          "the whole log", table.id, table.version)
            row = await self.db(self.store.table, table.id)
            if row is None:  # pragma: no cover - a table is never deleted
                return None
            table.state, log_from = rebuild(row), 0
            table.version, table.log_seats = row.version, [entry.seat for entry in row.moves]
        if not changed and log_from is None:
            return None
        if changed:
            table.seats, table.settings = seats, settings
            table.seats_changed()
        table.seed = row.seed
        if table.state is not None:
            self._make_bots(table)  # a seat a bot took over, or bot seats of a table just started
        self._take_status(table, row.status, row.result, row.closed_reason, row.clock)
        return CaughtUp(changed, log_from)

    async def _catch_up_moves(self, table: LiveTable) -> CaughtUp | None:
        """After news of moves only: the table's row and its new entries, in one query (a busy
        table's copy elsewhere reads this once a move, so it is the hot path of a site)."""
        news = await self.db(self.store.log_after, table.id, table.version)
        if news is None or news.version < table.version:
            return None
        log_from = None
        if news.moves or news.version != table.version:
            try:
                log_from = self._apply_entries(table, news.moves, news.version)
            except ValueError:  # the whole path reads again and replays the whole log
                return await self._catch_up_locked(table)
        ended = news.status != table.status
        self._take_status(table, news.status, news.result, news.closed_reason, news.clock)
        if not ended and log_from is None:
            return None
        return CaughtUp(ended, log_from)

    def _take_status(self, table: LiveTable, status: str, result: dict[str, Any] | None,
                     closed_reason: str | None, clock: dict[str, Any] | None) -> None:
        """The copy takes the row's status, result and clock; an ended table leaves the live
        ones."""
        table.status, table.result, table.closed_reason = status, result, closed_reason
        table.clock = Clock.from_json(clock) if clock else None
        if status in ENDED and self.tables.pop(table.id, None) is not None:
            self._remember_finished(table)

    def _apply_log(self, table: LiveTable, row: TableRow) -> int | None:
        """The log entries after the copy's version (``row.moves``, read from there) applied to
        a clone of its state, which then replaces it. Returns where the log is to be sent from,
        None when there was nothing. Raises ValueError when an entry does not apply."""
        if row.status not in ("running", "finished") or row.seed is None or not plays_rules(row):
            return None
        if table.state is None:  # it started elsewhere: this copy is at 0, the row has it all
            if table.version != 0 or len(row.moves) != row.version:
                raise ValueError(f"no state at version {table.version}")
            table.state = rebuild(row)
            self._entries_applied(table, row.moves, row.version)
            return 0
        if not row.moves and row.version == table.version:
            return None
        return self._apply_entries(table, row.moves, row.version)

    def _apply_entries(self, table: LiveTable, entries: list[LogEntry], version: int) -> int:
        """The log entries after the copy's version, which bring it to ``version``, applied to
        a clone of its state, which then replaces it. Returns where the log is to be sent from.
        Raises ValueError when an entry is missing or does not apply."""
        if table.state is None or len(entries) != version - table.version:
            raise ValueError(f"{len(entries)} entries after {table.version}, version {version}")
        state = table.state.clone()
        log_from = len(state.events)
        replay(state, entries, table.id, table.version + 1)
        if any(entry.undo for entry in entries):
            log_from = 0  # an undo rewrites the end of the log
        table.state = state
        self._entries_applied(table, entries, version)
        return log_from

    @staticmethod
    def _entries_applied(table: LiveTable, entries: list[LogEntry], version: int) -> None:
        table.active_at = time.time()
        table.version = version
        table.log_seats = [*table.log_seats, *(entry.seat for entry in entries)]

    def _tell_caught_up(self, table: LiveTable, caught: CaughtUp) -> None:
        """This process's connections are told what a local change would have told them."""
        if caught.table:
            self._tell_table(table)
            self._tell_lobby()
        if caught.log_from is not None:
            self._broadcast_state(table, caught.log_from)
