"""Live tables: each table's state kept in memory, its moves persisted.

The server is authoritative. A move is checked on a clone of the live state, written to the move
log in the same transaction as the version check, and only then swapped in, so the live state is
never mutated in place: bot threads read it safely while the event loop moves on. What each
connection is sent is in ``fanout``; how bot seats play is in ``bots``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import donjon
from donjon.engine import IllegalAction, State
from donjon.server.bots import BOT_GIVE_UP, BotSeats
from donjon.server.catalogue import available_bots, playable_games
from donjon.server.db import Conflict, Store, TableRow, now
from donjon.server.errors import TableError
from donjon.server.fanout import Connection, Fanout

# what other modules and tests have always imported from here
__all__ = ["BOT_GIVE_UP", "Connection", "LiveTable", "SeatInfo", "TableError", "TableManager",
           "available_bots", "playable_games"]

log = logging.getLogger("donjon.server")


@dataclass
class SeatInfo:
    kind: str  # "human" or "bot"
    user_id: int | None = None
    name: str | None = None
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "user_id": self.user_id, "name": self.name, "bot": self.bot}


@dataclass(eq=False)
class LiveTable:
    id: str
    game: str
    game_version: str
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    created_by: int | None
    created_at: Any
    status: str = "open"
    seed: int | None = None
    version: int = 0
    state: State | None = None
    result: dict[str, Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, Any] = field(default_factory=dict)
    thinking: set[int] = field(default_factory=set)
    bot_failures: dict[int, int] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)

    def seat_of(self, user_id: int | None) -> int | None:
        if user_id is None:
            return None
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.user_id == user_id:
                return i
        return None

    def info(self) -> dict[str, Any]:
        title = donjon.load(self.game).title
        return {
            "id": self.id,
            "game": self.game,
            "title": title,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "version": self.version,
            "created_by": self.created_by,
            "seats": [s.to_json() for s in self.seats],
            "to_move": self.state.to_move() if self.state is not None else [],
            "result": self.result,
        }


class TableManager(BotSeats, Fanout):
    """Every live table of this server process, the move log behind them, and the bots."""

    def __init__(self, store: Store, *, bot_delay: float = 0.5, bot_threads: int = 4,
                 db_threads: int | None = None, finished_cache: int = 32,
                 bot_retry: float = 0.25):
        self.store = store
        self.bot_delay = bot_delay
        self.bot_retry = bot_retry
        sqlite = store.engine.url.get_backend_name() == "sqlite"
        self.db_pool = ThreadPoolExecutor(db_threads or (1 if sqlite else 8), "donjon-db")
        self.bot_pool = ThreadPoolExecutor(bot_threads, "donjon-bot")
        self.tables: dict[str, LiveTable] = {}
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        self.finished_cache = finished_cache
        self.tasks: set[asyncio.Task] = set()
        self.closing = False
        self.lobby_listeners: set[Callable[[], None]] = set()
        #: called with (seconds) after each persisted move: the load test's latency probe
        self.on_move: Callable[[float], None] | None = None

    # -- plumbing -------------------------------------------------------------------------------

    async def db(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self) -> None:
        self.closing = True
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(BaseException):  # the cancelled tasks
                await task
        for table in list(self.tables.values()):
            for conn in list(table.connections):
                conn.close()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        for _ in range(self.db_pool._max_workers):
            await self.db(self.store.close)  # each worker thread closes its own connection
        self.db_pool.shutdown(wait=True)

    # -- loading --------------------------------------------------------------------------------

    def _from_row(self, row: TableRow) -> LiveTable:
        table = LiveTable(
            id=row.id, game=row.game, game_version=row.game_version, players=row.players,
            options=row.options, created_by=row.created_by, created_at=row.created_at,
            seats=[SeatInfo(s["kind"], s["user_id"], s["name"], s["bot"]) for s in row.seats],
            status=row.status, seed=row.seed, version=row.version, result=row.result,
        )
        if row.status in ("running", "finished"):
            table.state = self._rebuild(row)
            self._make_bots(table)
        return table

    @staticmethod
    def _rebuild(row: TableRow) -> State:
        game = donjon.load(row.game)
        if game.version != row.game_version:
            log.warning("table %s was played with %s version %s, now %s", row.id, row.game,
                        row.game_version, game.version)
        state = game.new_game(row.players, seed=row.seed, **row.options)
        for number, (seat, text) in enumerate(row.moves, 1):
            try:
                state.apply(seat, text)
            except ValueError as error:
                raise ValueError(f"table {row.id}: move {number} does not replay: {error}") from None
        if len(row.moves) != row.version:
            raise ValueError(f"table {row.id}: {len(row.moves)} moves but version {row.version}")
        return state

    async def load(self) -> None:
        """Rebuild every open and running table from the database (at startup)."""
        rows = await self.db(self.store.active_tables)
        for row in rows:
            try:
                table = self._from_row(row)
            except Exception:  # noqa: BLE001 - one broken table must not stop the server
                log.exception("cannot restore table %s", row.id)
                continue
            self.tables[table.id] = table
        for table in self.tables.values():
            self._schedule_bots(table)

    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or not 4 <= len(table_id) <= 16:
            raise TableError(404, "no_table", table_id=table_id)
        row = await self.db(self.store.table, table_id)
        if row is None:
            raise TableError(404, "no_table", table_id=table_id)
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table
        table = self._from_row(row)
        if table.status == "finished":
            self._remember_finished(table)
        else:
            self.tables[table.id] = table
        return table

    def _remember_finished(self, table: LiveTable) -> None:
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > self.finished_cache:
            self.finished.popitem(last=False)

    # -- lobby ----------------------------------------------------------------------------------

    def _lobby_changed(self) -> None:
        for listener in list(self.lobby_listeners):
            listener()

    async def create(self, user_id: int | None, user_name: str | None, game_name: str,
                     players: Any, options: Any, seats: Any, sit: bool = True) -> LiveTable:
        if not isinstance(game_name, str) or game_name not in playable_games():
            raise TableError(400, "bad_game", game=str(game_name)[:40])
        game = donjon.load(game_name)
        if not isinstance(players, int) or isinstance(players, bool) or not (
            game.min_players <= players <= game.max_players
        ):
            raise TableError(400, "bad_players", game=game.title, min=game.min_players,
                             max=game.max_players)
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise TableError(400, "bad_options", detail="options must be an object")
        try:
            resolved = game.resolve_options(options)
        except (ValueError, TypeError) as error:
            raise TableError(400, "bad_options", detail=str(error)) from None
        if not isinstance(seats, list) or len(seats) != players:
            raise TableError(400, "bad_seats", players=players)
        levels = available_bots(game_name)
        infos = []
        for spec in seats:
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if kind == "human":
                infos.append(SeatInfo("human"))
            elif kind == "bot":
                bot = spec.get("bot", "random")
                if bot not in levels:
                    raise TableError(400, "bad_bot", bot=str(bot)[:40], bots=", ".join(levels))
                infos.append(SeatInfo("bot", bot=bot))
            else:
                raise TableError(400, "bad_seats", players=players)
        if sit and user_id is not None:
            for info in infos:
                if info.kind == "human":
                    info.user_id, info.name = user_id, user_name
                    break
        table = LiveTable(
            id=secrets.token_urlsafe(6), game=game_name, game_version=game.version,
            players=players, options=resolved, seats=infos, created_by=user_id,
            created_at=now(),
        )
        await self.db(self.store.create_table, TableRow(
            id=table.id, game=table.game, game_version=table.game_version, players=players,
            options=resolved, seed=None, status="open", version=0, created_by=user_id,
            created_at=table.created_at, result=None, seats=[s.to_json() for s in infos],
        ))
        self.tables[table.id] = table
        self._lobby_changed()
        return table

    async def join(self, table: LiveTable, user_id: int, user_name: str, seat: Any) -> None:
        async with table.lock:
            if table.status != "open":
                raise TableError(409, "started")
            if table.seat_of(user_id) is not None:
                raise TableError(409, "already_seated", seat=table.seat_of(user_id))
            if not isinstance(seat, int) or isinstance(seat, bool) or not (
                0 <= seat < table.players
            ):
                raise TableError(400, "bad_seat", seat=str(seat)[:10], last=table.players - 1)
            info = table.seats[seat]
            if info.kind != "human" or info.user_id is not None:
                raise TableError(409, "seat_taken", seat=seat)
            try:
                await self.db(self.store.take_seat, table.id, seat, user_id)
            except Conflict:
                raise TableError(409, "seat_taken", seat=seat) from None
            info.user_id, info.name = user_id, user_name
        self._table_changed(table)

    async def leave(self, table: LiveTable, user_id: int) -> None:
        async with table.lock:
            if table.status != "open":
                raise TableError(409, "started")
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(409, "not_seated")
            await self.db(self.store.leave_seat, table.id, seat, user_id)
            table.seats[seat].user_id = table.seats[seat].name = None
        self._table_changed(table)

    async def start(self, table: LiveTable, user_id: int | None, seed: int | None = None) -> None:
        async with table.lock:
            if table.status != "open":
                raise TableError(409, "started")
            if user_id != table.created_by and table.seat_of(user_id) is None:
                raise TableError(403, "not_yours")
            free = [i for i, s in enumerate(table.seats) if s.kind == "human" and s.user_id is None]
            if free:
                raise TableError(409, "seats_free", seats=", ".join(str(i + 1) for i in free))
            if seed is None:
                seed = random.SystemRandom().randrange(2**63)
            state = donjon.load(table.game).new_game(table.players, seed=seed, **table.options)
            await self.db(self.store.start_table, table.id, seed)
            table.seed, table.state, table.status = seed, state, "running"
            self._make_bots(table)
        self._table_changed(table)
        self._broadcast_state(table, 0)
        self._schedule_bots(table)

    async def listing(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
        for table in self.tables.values():
            if table.status in ("open", "running"):
                out[table.status].append(table.info())
        rows = await self.db(self.store.finished_tables, 20)
        for row in rows:
            out["finished"].append({
                "id": row.id, "game": row.game, "title": donjon.load(row.game).title
                if row.game in donjon.games() else row.game,
                "players": row.players, "status": row.status, "version": row.version,
                "seats": [{"kind": s["kind"], "user_id": s["user_id"], "name": s["name"],
                           "bot": s["bot"]} for s in row.seats],
                "result": row.result, "options": row.options, "created_by": row.created_by,
                "to_move": [],
            })
        for key in ("open", "running"):
            out[key].sort(key=lambda t: t["id"])
        return out

    # -- moves ----------------------------------------------------------------------------------

    async def move(self, table: LiveTable, user_id: int | None, action: Any,
                   version: Any = None, seat: Any = None) -> int:
        """A person's move: only for the seat they hold. Returns the new version."""
        mine = table.seat_of(user_id)
        if mine is None:
            raise TableError(403, "not_seated")
        if seat is not None:
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise TableError(400, "bad_seat", seat=str(seat)[:10], last=table.players - 1)
            if seat != mine:
                raise TableError(403, "not_your_seat", seat=seat, mine=mine)
        if not isinstance(action, str) or not action.strip() or len(action) > 500:
            raise TableError(400, "bad_action")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise TableError(400, "bad_version")
        return await self.submit(table, mine, action, version, strict=False)

    async def submit(self, table: LiveTable, seat: int, action: str,
                     expected: int | None = None, schedule: bool = True,
                     strict: bool = True) -> int:
        started = time.perf_counter()
        async with table.lock:
            if table.status != "running":
                raise TableError(409, "finished" if table.status == "finished" else "not_started")
            state = table.state
            if expected is not None and expected != table.version and (
                strict or not 0 <= expected < table.version
                or any(s == seat for s, _ in state.moves[expected:])
            ):
                # a person who saw an older version may still act if only others moved since
                # (simultaneous choices); never twice on one sight (a double click)
                raise TableError(409, "stale", version=table.version)
            new = state.clone()
            try:
                new.apply(seat, action)
            except IllegalAction as error:
                raise TableError(409 if "not to move" in str(error) else 400, "illegal",
                                 detail=str(error)) from None
            except Exception:  # a bug in the game: refuse the move, keep the table
                # the exception stays in the log: its text may name hidden cards or hands
                log.exception("table %s: %s failed on %r", table.id, table.game, action)
                raise TableError(500, "engine") from None
            text = new.moves[-1][1].text
            result = new.result().to_json() if new.is_over() else None
            try:
                await self.db(self.store.append_move, table.id, table.version, seat, text, result)
            except Conflict:
                raise TableError(409, "stale", version=table.version) from None
            before = len(state.events)
            table.state = new
            table.version += 1
            if result is not None:
                table.status, table.result = "finished", result
            version = table.version
        if self.on_move is not None:
            self.on_move(time.perf_counter() - started)
        self._broadcast_state(table, before)
        if result is not None:
            self.tables.pop(table.id, None)
            self._remember_finished(table)
            self._lobby_changed()
        if schedule:
            self._schedule_bots(table)
        return version
