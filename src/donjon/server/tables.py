"""Live tables: each table's state kept in memory, its moves persisted.

The server is authoritative. A move (or an undo) is checked on a clone of the live state, written
to the move log in the same transaction as the version check, and only then swapped in, so the
live state is never mutated in place: bot threads read it safely while the event loop moves on.
What each connection is sent is in ``fanout``; how bot seats play is in ``bots``; how a log is
read back, under the rules version the table was made with, is in ``movelog``; a table's life
(clocks, resigning, expiry, rematches, waking tables nobody has open) is in ``life``, its chat
in ``chat``, the limits on what one person may ask of the server in ``quotas``.

Tables are loaded when first needed (a page, a socket, a request), not all at start-up: what the
lobby and the clocks need is in the database (``game_tables.to_move``, ``clock``, ``wake_at``),
and a table whose clock runs out or whose bot is to move is woken by ``life`` from there.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Mapping
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import donjon
from donjon.engine import Action, IllegalAction, State
from donjon.server import tablesettings
from donjon.server.bots import BOT_GIVE_UP, BotSeats, worker_start
from donjon.server.catalogue import available_bots, offered_levels, playable_games
from donjon.server.catchup import Announcer, TableCatchUp
from donjon.server.chat import TableChat
from donjon.server.clocks import Clock
from donjon.server.db import Conflict, Store, TableRow, now
from donjon.server.dbthreads import DatabaseThreads
from donjon.server.display import player_names
from donjon.server.errors import TableError, illegal
from donjon.server.fanout import Connection, Fanout
from donjon.server.gathering import TableGathering
from donjon.server.i18n import t
from donjon.server.leases import Leases, SoleLeases
from donjon.server.life import TableLife, mark_forfeits
from donjon.server.lifestore import LifeStore, utc
from donjon.server.movelog import OLD_RULES, plays_rules, rebuild, record_of
from donjon.server.notify import Notifier
from donjon.server.quotas import BotGate, Limits

# what other modules and tests have always imported from here
__all__ = ["BOT_GIVE_UP", "Connection", "LiveTable", "SeatInfo", "TableError", "TableManager",
           "available_bots", "playable_games"]

log = logging.getLogger("donjon.server")

T = TypeVar("T")

#: worker processes for the bots' thinking, unless ``DONJON_BOT_PROCESSES`` says (0: threads)
BOT_PROCESSES = 2

#: how often a change is tried when other processes keep writing the table's log first
CHANGE_ATTEMPTS = 3

#: the refusal of anything at a table that has ended, by its status
ENDED = {"finished": "finished", "closed": "closed"}


# Table ids are read aloud, typed and shown in invitation links, so they use letters and digits
# only: no "_" or "-" (which made ids look like code) and none of the look-alikes 0/O, 1/l/I.
TABLE_ID_ALPHABET = "23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
TABLE_ID_LENGTH = 9  # 57**9 ≈ 2**52 ids: unguessable enough for an unlisted table's link


def new_table_id() -> str:
    """A fresh random table id: TABLE_ID_LENGTH characters of TABLE_ID_ALPHABET."""
    return "".join(secrets.choice(TABLE_ID_ALPHABET) for _ in range(TABLE_ID_LENGTH))


@dataclass
class SeatInfo:
    kind: str  # "human" or "bot"
    user_id: int | None = None
    name: str | None = None
    bot: str | None = None
    #: why a bot now plays this person's seat ("resigned", "timeout"), None while they do
    replaced: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "user_id": self.user_id, "name": self.name, "bot": self.bot,
                "replaced": self.replaced}


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
    #: the number of entries in the move log (moves and undos)
    version: int = 0
    state: State | None = None
    result: dict[str, Any] | None = None
    #: why a table is "closed" without an end (``movelog.OLD_RULES``)
    closed_reason: str | None = None
    #: the seat of each entry of the move log, in order
    log_seats: list[int] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, Any] = field(default_factory=dict)  # seat -> a donjon.bots.Bot
    thinking: set[int] = field(default_factory=set)
    bot_failures: dict[int, int] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)
    #: the table's own settings (``tablesettings``: clock, private, spectators' chat)
    settings: dict[str, Any] = field(default_factory=lambda: dict(tablesettings.DEFAULTS))
    #: each seat's clock (``clocks``), None without one or before the start
    clock: Clock | None = None
    rematch_of: str | None = None
    #: when its log last grew (Unix time): a running table idle for long ends
    active_at: float = field(default_factory=time.time)
    #: when it was last asked for (Unix time): a table nobody asks for leaves memory
    touched: float = field(default_factory=time.time)
    #: when an open table expires, as stored (None: from its creation, ``life.open_expiry``)
    expires_at: float | None = None
    #: another process said the table changed, and no catch-up has read the database since
    catch_up_asked: bool = False
    #: and some of that news was not only of moves: seats or settings may have changed too
    catch_up_whole: bool = False
    #: a catch-up for such news is under way (news meanwhile is read by it, not by another)
    catching_up: bool = False
    #: the players' names by language, made once (a seat taken or left forgets them)
    _names: dict[str, list[str]] = field(default_factory=dict)
    #: each legal action as a client receives it, with its label, by seat and language: made
    #: once a table (a label names players, so a seat taken or left forgets them too)
    _shown_actions: dict[tuple[int | None, str], dict[Action, dict[str, Any]]] = field(
        default_factory=dict)

    def names(self, lang: str) -> list[str]:
        """Every seat's name as players read it in ``lang`` (``display.player_names``); a
        person a bot replaced is still named, and said to be replaced."""
        names = self._names.get(lang)
        if names is None:
            names = player_names(self.seats, lang)
            for i, seat in enumerate(self.seats):
                if seat.replaced:
                    names[i] = t(lang, f"replaced_{seat.replaced}", name=names[i])
            self._names[lang] = names
        return names

    def shown_actions(self, seat: int | None, lang: str) -> dict[Action, dict[str, Any]]:
        """The actions of this table already shown to ``seat`` in ``lang``
        (``fanout.state_message`` fills it): a label depends on the action, the language and
        the players' names only. Each seat has its own, so that how long a seat's message takes
        never depends on what another seat was offered (a draft's cards)."""
        shown = self._shown_actions.get((seat, lang))
        if shown is None:
            shown = self._shown_actions[seat, lang] = {}
        return shown

    def seats_changed(self) -> None:
        self._names.clear()
        self._shown_actions.clear()

    def seat_of(self, user_id: int | None) -> int | None:
        if user_id is None:
            return None
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.user_id == user_id and not s.replaced:
                return i
        return None

    @property
    def private(self) -> bool:
        return bool(self.settings.get("private"))

    def info(self) -> dict[str, Any]:
        title = donjon.load(self.game).title
        return {
            "settings": self.settings,
            "clock": self.clock.message(time.time()) if self.clock is not None else None,
            "rematch_of": self.rematch_of,
            "id": self.id,
            "game": self.game,
            "title": title,
            "players": self.players,
            "options": self.options,
            "game_version": self.game_version,
            "status": self.status,
            "closed_reason": self.closed_reason,
            "version": self.version,
            "created_by": self.created_by,
            "seats": [s.to_json() for s in self.seats],
            "to_move": self.state.to_move() if self.state is not None else [],
            "result": self.result,
        }


class TableManager(BotSeats, Fanout, TableLife, TableChat, TableGathering, TableCatchUp):
    """Every live table of this server process, the move log behind them, and the bots."""

    def __init__(self, store: Store, *, bot_delay: float = 0.5, bot_threads: int = 4,
                 db_threads: int | None = None, finished_cache: int = 32,
                 bot_retry: float = 0.25, limits: Limits | None = None,
                 wake_poll: float = 1.0, notifier: Notifier | None = None) -> None:
        self.store = store
        self.life = LifeStore(store)
        self.limits = limits if limits is not None else Limits.from_env()
        #: bot decisions thinking at once, shared between owners (``quotas.BotGate``)
        self.gate = BotGate(self.limits.bot_thinking if self.limits.enforced else bot_threads)
        self.wake_poll = wake_poll
        self.notifier = notifier or Notifier.from_env()
        #: Unix time; the tests move it
        self.bot_delay = bot_delay
        self.bot_retry = bot_retry
        sqlite = store.engine.url.get_backend_name() == "sqlite"
        self.db_threads = DatabaseThreads(db_threads or (1 if sqlite else 8), "donjon-db",
                                          store.close)
        self.bot_pool = ThreadPoolExecutor(bot_threads, "donjon-bot")
        # bots think apart, at low priority (``bots.think_apart``): in threads, their processor
        # work would hold the interpreter's lock the event loop needs for everyone's moves
        processes = int(os.environ.get("DONJON_BOT_PROCESSES", "") or BOT_PROCESSES)
        if self.limits.enforced and processes > 0:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["donjon", "donjon.server.bots"])
            self.bot_processes = ProcessPoolExecutor(processes, context, initializer=worker_start)
        self.tables: dict[str, LiveTable] = {}
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        self.finished_cache = finished_cache
        self.loading: dict[str, asyncio.Future[LiveTable]] = {}
        self.news_while_loading: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.closing = False
        self.lobby_listeners: set[Callable[[], None]] = set()
        #: where the other server processes are told what this one changed (``relay``): None
        #: when it is the only one
        self.announcer: Announcer | None = None
        #: which tables this process drives (bots, clocks, expiry): all of them when alone
        self.leases: Leases = SoleLeases()
        #: called with (seconds) after each persisted move: the load test's latency probe
        self.on_move: Callable[[float], None] | None = None
        #: bot decisions made, for the flood test
        self.bot_decisions = 0
        #: where each person's move time is written (``DONJON_MOVE_TIMINGS``, the flood test's)
        timings = os.environ.get("DONJON_MOVE_TIMINGS")
        self.timings = open(timings, "a") if timings else None  # noqa: SIM115 - open for good

    # -- plumbing -------------------------------------------------------------------------------

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        return await self.db_threads.call(fn, *args)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self) -> None:
        self.closing = True
        self.stop_bot_processes()
        # a table being loaded uses the pools too
        pending: list[asyncio.Future[Any]] = [*self.tasks, *self.loading.values()]
        for task in pending:
            task.cancel()
        for task in pending:
            with contextlib.suppress(BaseException):  # the cancelled tasks
                await task
        for table in list(self.tables.values()):
            for conn in list(table.connections):
                conn.close()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        await self.db_threads.close()  # each thread closes its own connection

    # -- loading --------------------------------------------------------------------------------

    def _seat_infos(self, row: TableRow) -> list[SeatInfo]:
        return [SeatInfo(s["kind"], s["user_id"], s["name"], s["bot"], s.get("replaced"))
                for s in row.seats]

    def _from_row(self, row: TableRow) -> LiveTable:
        table = LiveTable(
            id=row.id, game=row.game, game_version=row.game_version, players=row.players,
            options=row.options, created_by=row.created_by, created_at=row.created_at,
            seats=self._seat_infos(row),
            status=row.status, seed=row.seed, version=row.version, result=row.result,
            closed_reason=row.closed_reason, log_seats=[entry.seat for entry in row.moves],
            settings={**tablesettings.DEFAULTS, **(row.settings or {})},
            clock=Clock.from_json(row.clock) if row.clock else None, rematch_of=row.rematch_of,
            expires_at=utc(row.wake_at).timestamp()  # type: ignore[union-attr]  # not None here
            if row.status == "open" and row.wake_at
            else None,
        )
        # a finished table under rules this release no longer plays keeps its stored result and
        # its record, without a state to replay
        if row.status in ("running", "finished") and plays_rules(row):
            table.state = rebuild(row)
            if row.game_version != donjon.load(row.game).version:
                log.info("table %s plays on under %s rules version %s", row.id, row.game,
                         row.game_version)
            self._make_bots(table)
        return table

    async def _close_if_outdated(self, row: TableRow) -> None:
        """An open or running table made under a rules version this release no longer plays
        can never go on: it is closed ("made under older rules"), its log kept for its record."""
        if row.status not in ("open", "running") or plays_rules(row):
            return
        log.warning("table %s was made under %s rules version %s, which this release no longer "
                    "plays (it plays %s): closed", row.id, row.game, row.game_version,
                    ", ".join([donjon.load(row.game).version, *donjon.load(row.game).versions]))
        await self.db(self.store.close_table, row.id, OLD_RULES)
        row.status, row.closed_reason = "closed", OLD_RULES

    async def load(self) -> None:
        """At start-up: close the tables made under rules this release no longer plays, and
        start waking tables. No table is replayed here: each is loaded when first needed, or
        when ``life`` wakes it (a clock runs out, a bot is to move, it expires)."""
        rows = await self.db(self.life.active_rows)
        for row in rows:
            try:
                await self._close_if_outdated(row)
            except Exception:  # noqa: BLE001 - one broken table must not stop the server
                log.exception("cannot check table %s", row.id)
        self.start_waking()

    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            table.touched = time.time()
            return table
        if not 4 <= len(table_id) <= 16:
            raise TableError(404, "no_table", table_id=table_id)
        loading = self.loading.get(table_id)
        if loading is None:  # one replay, however many ask for it at once
            loading = self.loading[table_id] = asyncio.ensure_future(self._load(table_id))
            loading.add_done_callback(lambda _: self._loaded(table_id))
        return await asyncio.shield(loading)

    def _loaded(self, table_id: str) -> None:
        self.loading.pop(table_id, None)
        self.news_while_loading.discard(table_id)

    async def _load(self, table_id: str) -> LiveTable:
        row = await self.db(self.store.table, table_id)
        if row is None:
            raise TableError(404, "no_table", table_id=table_id)
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table
        await self._close_if_outdated(row)
        # the replay is processor work: off the event loop, so that other tables move on
        table = await asyncio.get_running_loop().run_in_executor(None, self._from_row, row)
        if table.status in ("finished", "closed"):
            self._remember_finished(table)
        else:
            self.tables[table.id] = table
            if table.status == "running" and (table.clock is None or row.to_move is None):
                await self._restore_life(table)
            if table.id in self.news_while_loading:
                # another process changed it while it was read and replayed here: news that
                # found it not loaded yet, and that nothing would send again (its driver may
                # have died since)
                self.news_while_loading.discard(table.id)
                await self.catch_up(table)
            self._schedule_bots(table)
        return table

    async def record(self, table: LiveTable) -> dict[str, Any]:
        """The record of an ended table: replayed, or read from its log when its rules version
        is gone."""
        if table.state is not None:
            return table.state.record()
        row = await self.db(self.store.table, table.id)
        if row is None:  # pragma: no cover - a table is never deleted
            raise TableError(404, "no_table", table_id=table.id)
        return record_of(row)

    def _remember_finished(self, table: LiveTable) -> None:
        self.leases.let_go(table.id)  # an ended table needs no driver
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > self.finished_cache:
            self.finished.popitem(last=False)

    # -- lobby ----------------------------------------------------------------------------------

    def _lobby_changed(self) -> None:
        self._tell_lobby()
        if self.announcer is not None:
            self.announcer.lobby_changed()

    def _tell_lobby(self) -> None:
        for listener in list(self.lobby_listeners):
            listener()

    async def create(self, user_id: int | None, user_name: str | None, game_name: Any,
                     players: Any, options: Any, seats: Any, sit: bool = True,
                     rematch_of: str | None = None) -> LiveTable:
        if not isinstance(game_name, str) or game_name not in playable_games():
            raise TableError(400, "bad_game", game=str(game_name)[:40])
        game = donjon.load(game_name)
        if type(players) is not int or not game.min_players <= players <= game.max_players:
            raise TableError(400, "bad_players", game=game.title, min=game.min_players,
                             max=game.max_players)
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise TableError(400, "bad_options", detail="options must be an object")
        options, settings = tablesettings.split(options)
        try:  # the one validation of a set-up: a table that cannot start is refused now
            resolved = game.check(players, options)
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
                    raise TableError(400, "bad_bot", bot=str(bot)[:40],
                                     bots=", ".join(offered_levels(game_name)))
                infos.append(SeatInfo("bot", bot=bot))
            else:
                raise TableError(400, "bad_seats", players=players)
        if sit and user_id is not None:
            for info in infos:
                if info.kind == "human":
                    info.user_id, info.name = user_id, user_name
                    break
        if user_id is not None:
            await self.check_creation(user_id, sum(1 for i in infos if i.kind == "bot"))
            if sit and [i.kind for i in infos].count("human") == 1:
                await self.check_start(user_id)  # alone with bots, it starts at once
        table = LiveTable(
            id=new_table_id(), game=game_name, game_version=game.version,
            players=players, options=resolved, seats=infos, created_by=user_id,
            created_at=now(), settings=settings, rematch_of=rematch_of,
        )
        await self.db(self.store.create_table, TableRow(
            id=table.id, game=table.game, game_version=table.game_version, players=players,
            options=resolved, seed=None, status="open", version=0, created_by=user_id,
            created_at=table.created_at, result=None, seats=[s.to_json() for s in infos],
        ))
        await self.db(functools.partial(
            self.life.set_life, table.id, settings=settings, to_move=[], rematch_of=rematch_of,
            wake_at=self.open_expiry(table)))
        self.tables[table.id] = table
        self._lobby_changed()
        return table

    async def join(self, table: LiveTable, user_id: int, user_name: str, seat: Any) -> None:
        async with table.lock:
            if table.status != "open":
                raise TableError(409, ENDED.get(table.status, "started"))
            if table.seat_of(user_id) is not None:
                raise TableError(409, "already_seated", seat=table.seat_of(user_id))
            if type(seat) is not int or not 0 <= seat < table.players:
                raise TableError(400, "bad_seat", seat=str(seat)[:10], last=table.players - 1)
            info = table.seats[seat]
            if info.kind != "human" or info.user_id is not None:
                raise TableError(409, "seat_taken", seat=seat)
            if table.private and user_id != table.created_by and user_id not in await self.db(
                    self.life.invited, table.id):
                raise TableError(403, "not_invited")
            try:
                await self.db(self.store.take_seat, table.id, seat, user_id)
            except Conflict:
                await self._catch_up_and_tell(table)  # another process seated someone
                raise TableError(409, "seat_taken", seat=seat) from None
            info.user_id, info.name = user_id, user_name
            table.seats_changed()
        self._table_changed(table)

    async def leave(self, table: LiveTable, user_id: int) -> None:
        async with table.lock:
            if table.status != "open":
                raise TableError(409, ENDED.get(table.status, "started"))
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(409, "not_seated")
            await self.db(self.store.leave_seat, table.id, seat, user_id)
            table.seats[seat].user_id = table.seats[seat].name = None
            table.seats_changed()
        self._table_changed(table)

    async def start(self, table: LiveTable, user_id: int | None, seed: int | None = None) -> None:
        async with table.lock:
            if self.announcer is not None:  # seats taken in another process, news on its way
                await self._catch_up_and_tell(table)
            if table.status != "open":
                raise TableError(409, ENDED.get(table.status, "started"))
            if user_id != table.created_by and table.seat_of(user_id) is None:
                raise TableError(403, "not_yours")
            free = [i for i, s in enumerate(table.seats) if s.kind == "human" and s.user_id is None]
            if free:
                raise TableError(409, "seats_free", seats=", ".join(str(i + 1) for i in free))
            if table.created_by is not None:
                await self.check_start(table.created_by)
            if seed is None:
                seed = random.SystemRandom().randrange(2**63)
            try:  # under the rules version the table was made with
                state = donjon.load(table.game).new_game(
                    table.players, seed=seed, version=table.game_version, **table.options
                )
            except ValueError as error:
                log.exception("table %s cannot start", table.id)
                raise TableError(409, "cannot_start", detail=str(error)) from None
            try:
                await self.db(self.store.start_table, table.id, seed)
            except Conflict:  # started by another process at the same moment
                await self._catch_up_and_tell(table)
                raise TableError(409, "started") from None
            table.seed, table.state, table.status = seed, state, "running"
            self._make_bots(table)
            await self._start_clock(table)
        self._table_changed(table)
        self._broadcast_state(table, 0)
        self._schedule_bots(table)

    async def listing(self) -> dict[str, list[dict[str, Any]]]:
        """The lobby's lists, read from the database (tables are loaded only when needed):
        open and running tables (not private ones), and the latest that ended."""
        return await self.lobby_lists()

    # -- moves and undos ------------------------------------------------------------------------

    def _person_seat(
        self, table: LiveTable, user_id: int | None, seat: Any, version: Any
    ) -> int:
        """The seat a person acts for: the one they hold (``seat``, if given, must be it)."""
        mine = table.seat_of(user_id)
        if mine is None:
            raise TableError(403, "not_seated")
        if seat is not None:
            if type(seat) is not int:
                raise TableError(400, "bad_seat", seat=str(seat)[:10], last=table.players - 1)
            if seat != mine:
                raise TableError(403, "not_your_seat", seat=seat, mine=mine)
        if type(version) is not int:  # required: without it, one move could land twice
            raise TableError(400, "bad_version")
        return mine

    async def move(self, table: LiveTable, user_id: int | None, action: Any,
                   version: Any = None, seat: Any = None) -> int:
        """A person's move, for the seat they hold: the action's identity (``{"kind", "args"}``)
        or, for scripts, its text. Returns the new version."""
        mine = self._person_seat(table, user_id, seat, version)
        wanted: Action | str
        if isinstance(action, Mapping):
            try:
                wanted = Action.from_json(action)
            except ValueError:
                raise TableError(400, "bad_action") from None
        elif isinstance(action, str) and action.strip() and len(action) <= 500:
            wanted = action
        else:
            raise TableError(400, "bad_action")
        await self.check_move_rate(user_id)
        return await self.submit(table, mine, wanted, version, strict=False)

    async def undo(self, table: LiveTable, user_id: int | None, version: Any,
                   seat: Any = None) -> int:
        """A person takes back their seat's last move, having seen ``version`` (required).
        Returns the new version: an undo is a new entry in the log."""
        mine = self._person_seat(table, user_id, seat, version)
        await self.check_move_rate(user_id)

        def take_back(state: State) -> None:
            state.undo(mine)

        return await self._change(table, mine, take_back, "undo", version, strict=False)

    async def submit(self, table: LiveTable, seat: int, action: Action | str,
                     expected: int | None = None, schedule: bool = True,
                     strict: bool = True) -> int:
        """Play ``action`` (an Action, or its text) for ``seat``; a bot's move, or a person's
        checked by ``move``. ``expected``: the version the mover saw (see ``_check_sight``)."""

        def play(state: State) -> Action:
            state.apply(seat, action)
            return state.moves[-1][1]

        return await self._change(table, seat, play, action, expected, schedule, strict)

    def _check_sight(self, table: LiveTable, seat: int, expected: int | None,
                     strict: bool) -> None:
        """Refuse an entry made on a sight of the table older than now. A person who saw an
        older version may still act if only other seats acted since (simultaneous choices),
        never twice on one sight (a double click); a bot (``strict``) only on the latest."""
        if expected is None or expected == table.version:
            return
        if strict or not 0 <= expected < table.version or seat in table.log_seats[expected:]:
            raise TableError(409, "stale", version=table.version)

    async def _change(self, table: LiveTable, seat: int, change: Callable[[State], Action | None],
                      wanted: Action | str, expected: int | None, schedule: bool = True,
                      strict: bool = True) -> int:
        """One new entry of the log: ``change`` applies it to a clone of the state (returning
        the move played, or None for an undo); it is persisted with the version check, then
        the clone replaces the live state and every connection is told."""
        started = time.perf_counter()
        async with table.lock:
            if (expected is not None and expected > table.version) or table.status == "open":
                # the mover saw a version, or a start, that another process wrote: this copy is
                # behind (its news may not have come yet); alone, a process finds nothing newer
                await self._catch_up_and_tell(table)
            played, before, to_move_before, result = await self._land(
                table, seat, change, wanted, expected, strict)
            version = table.version
        if self.on_move is not None and played is not None:
            self.on_move(time.perf_counter() - started)
        if self.timings is not None and not strict:  # a person's move (``floodtest``)
            self.timings.write(f"{time.perf_counter() - started:.6f}\n")
            self.timings.flush()
        self._broadcast_state(table, before)
        self._announce(table, move=True)
        if result is not None:
            self.tables.pop(table.id, None)
            self._remember_finished(table)
            self._lobby_changed()
            # before the last move is answered: whoever looks next sees the new ratings
            await self.finished_hook(table)
        else:
            self.turns_changed(table, to_move_before)
        if schedule:
            self._schedule_bots(table)
        return version

    async def _catch_up_and_tell(self, table: LiveTable) -> None:
        """``catch_up`` with the table's lock already held."""
        caught = await self._catch_up_locked(table)
        if caught is not None:
            self._tell_caught_up(table, caught)

    async def _land(
        self, table: LiveTable, seat: int, change: Callable[[State], Action | None],
        wanted: Action | str, expected: int | None, strict: bool,
    ) -> tuple[Action | None, int, list[int], dict[str, Any] | None]:
        """``_change_locked``, again after catching up when another process wrote this entry
        number first: the change is checked against the table as it now stands."""
        for _ in range(CHANGE_ATTEMPTS - 1):
            try:
                return await self._change_locked(table, seat, change, wanted, expected, strict)
            except Conflict:
                await self._catch_up_and_tell(table)
        try:
            return await self._change_locked(table, seat, change, wanted, expected, strict)
        except Conflict:
            await self._catch_up_and_tell(table)
            raise TableError(409, "stale", version=table.version) from None

    async def _change_locked(
        self, table: LiveTable, seat: int, change: Callable[[State], Action | None],
        wanted: Action | str, expected: int | None, strict: bool,
    ) -> tuple[Action | None, int, list[int], dict[str, Any] | None]:
        """``_change`` under the table's lock: checked, persisted, swapped in. Returns the move
        played (None: an undo), where the log is to be sent from, the seats that were to move
        before, and the result if it ended. Raises Conflict if another process wrote first."""
        if table.status != "running" or table.state is None:
            raise TableError(409, ENDED.get(table.status, "not_started"))
        state = table.state
        if not strict and table.seats[seat].replaced:
            # a person's move that waited for the lock while a bot took their seat over
            raise TableError(403, "not_seated")
        self._check_sight(table, seat, expected, strict)
        moment = time.time()
        if table.clock is not None and seat in table.clock.out_of_time(moment):
            self._spawn(self.take_over(table.id))  # its time is up: a bot takes the seat
            raise TableError(409, "out_of_time")
        new = state.clone()
        try:
            played = change(new)
        except IllegalAction as error:
            raise illegal(error, wanted) from None
        except Exception:  # a bug in the game: refuse the move, keep the table
            # the exception stays in the log: its text may name hidden cards or hands
            log.exception("table %s: %s failed on %r", table.id, table.game, wanted)
            raise TableError(500, "engine") from None
        result = mark_forfeits(new.result().to_json(), table) if new.is_over() else None
        clock = None
        if table.clock is not None:
            clock = Clock.from_json(table.clock.to_json())
            clock.update(seat, played is not None, () if result else new.to_move(), moment)
        life = self._life_of(table, new, clock, moment, ended=result is not None)
        if played is None:
            await self.db(self.store.append_undo, table.id, table.version, seat, life)
        else:
            await self.db(self.store.append_move, table.id, table.version, seat, played,
                          result, life)
        # an undo rewrites the end of the log: everyone is sent the whole log again
        before = len(state.events) if played is not None else 0
        to_move_before = state.to_move()
        table.state = new
        table.clock = clock
        table.active_at = moment
        table.version += 1
        table.log_seats.append(seat)
        if result is not None:
            table.status, table.result = "finished", result
        return played, before, list(to_move_before), result
