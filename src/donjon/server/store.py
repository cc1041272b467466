"""The store: every database operation of the server, synchronous (called from worker threads).

Each table is an append-only move log: one ``moves`` row per entry (a move, or an undo that takes
the seat's last standing move back), unique per (table, seq), inserted in the same transaction as
the check-and-bump of the table's ``version``, so two simultaneous entries cannot both land and a
killed server rebuilds every table by replaying its log.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ColumnElement, Connection, event, insert, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import PoolProxiedConnection

from donjon.engine.action import Action, Arg, freeze, thaw
from donjon.server.schema import game_tables, moves, now, seats, settings, users
from donjon.server.userstore import UserStore

#: the kinds of entry of the move log
MOVE, UNDO = "move", "undo"


class Conflict(Exception):
    """The table moved on (or changed status) since the version the writer saw."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of a table's move log: a move of ``seat`` (its identity; only its text in rows
    the first release wrote), or an undo of the seat's last standing move."""

    seat: int
    text: str
    kind: str | None = None
    args: tuple[Arg, ...] = ()
    undo: bool = False

    @classmethod
    def from_row(cls, seat: int, entry: str, kind: str | None, args: str | None,
                 action: str) -> LogEntry:
        """An entry as the ``moves`` table holds it (``args`` as JSON)."""
        return cls(seat, action, kind, freeze(json.loads(args)) if args is not None else (),
                   entry == UNDO)

    @property
    def action(self) -> Action | str:
        """What ``State.apply`` replays: the identity, or the text of a first-release row."""
        return self.text if self.kind is None else Action(self.kind, self.args, self.text)

    def to_record(self) -> list[Any]:
        """The move as a record holds it: ``[seat, kind, args, text]``, or ``[seat, text]``."""
        if self.kind is None:
            return [self.seat, self.text]
        return [self.seat, self.kind, thaw(self.args), self.text]


@dataclass(frozen=True, slots=True)
class LogNews:
    """What a move made by another process changed (``Store.log_after``): the table's row as it
    now stands, and its log's entries after the version the reader had."""

    status: str
    version: int
    result: dict[str, Any] | None
    closed_reason: str | None
    clock: dict[str, Any] | None
    moves: list[LogEntry]


@dataclass(frozen=True, slots=True)
class Life:
    """What a table's clocks and the lobby read of it without a replay, written with each entry
    of its log: the seats to move and the clock (JSON texts), and when to wake it next."""

    to_move: str
    clock: str | None
    wake_at: datetime | None


@dataclass
class TableRow:
    id: str
    game: str
    game_version: str
    players: int
    options: dict[str, Any]
    seed: int | None
    status: str
    version: int
    created_by: int | None
    created_at: datetime
    result: dict[str, Any] | None
    seats: list[dict[str, Any]] = field(default_factory=list)
    moves: list[LogEntry] = field(default_factory=list)
    closed_reason: str | None = None
    #: the table's life (0004, ``tables``/``clocks``): its settings, clock and seats to move
    #: (decoded JSON), when to wake it, and the table it is a rematch of
    settings: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    to_move: list[int] | None = None
    wake_at: datetime | None = None
    rematch_of: str | None = None


class Store(UserStore):
    """Every database operation, synchronous (the server calls it from a worker thread)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self._local = threading.local()
        # every thread's raw connection, closed with the engine
        self._raws: set[PoolProxiedConnection] = set()
        self._raws_lock = threading.Lock()
        self.sqlite = engine.url.get_backend_name() == "sqlite"
        # on PostgreSQL, a read of whole tables (rows, seats, move logs) sees one snapshot
        self._snapshot = {} if self.sqlite else {"isolation_level": "REPEATABLE READ"}
        event.listen(engine, "engine_disposed", self._close_all)
        mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(engine.dialect.paramstyle)
        if mark is None:  # pragma: no cover - every driver we know uses one of the three
            raise ValueError(f"unsupported DBAPI paramstyle {engine.dialect.paramstyle!r}")
        self._bump = (
            f"UPDATE game_tables SET version = {mark} WHERE id = {mark} AND version = {mark} "
            "AND status = 'running'"
        )
        self._finish = (
            f"UPDATE game_tables SET version = {mark}, status = 'finished', finished_at = {mark}, "
            f"result = {mark} WHERE id = {mark} AND version = {mark} AND status = 'running'"
        )
        # the same, writing also what the table's life needs without a replay (``Life``)
        self._bump_life = (
            f"UPDATE game_tables SET version = {mark}, to_move = {mark}, clock = {mark}, "
            f"wake_at = {mark} WHERE id = {mark} AND version = {mark} AND status = 'running'"
        )
        self._finish_life = (
            f"UPDATE game_tables SET version = {mark}, status = 'finished', finished_at = {mark}, "
            f"result = {mark}, to_move = {mark}, clock = {mark}, wake_at = {mark} "
            f"WHERE id = {mark} AND version = {mark} AND status = 'running'"
        )
        self._insert_move = (
            "INSERT INTO moves (table_id, seq, seat, entry, kind, args, action, created_at) "
            f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}, {mark}, {mark}, {mark})"
        )
        # on PostgreSQL, each bump and the insert of the entry as one statement: the insert
        # takes its one row from what the update returns, none when the version moved on
        self._bump_and_insert = {
            bump: (f"WITH bumped AS ({bump} RETURNING id) INSERT INTO moves (table_id, seq, "
                   "seat, entry, kind, args, action, created_at) "
                   f"SELECT {', '.join([mark] * 8)} FROM bumped")
            for bump in (self._bump, self._finish, self._bump_life, self._finish_life)
        }
        # one statement, so one snapshot on either database: the row and the entries agree
        self._log_after = (
            "SELECT t.status, t.version, t.result, t.closed_reason, t.clock, "
            "m.seat, m.entry, m.kind, m.args, m.action FROM game_tables t "
            f"LEFT JOIN moves m ON m.table_id = t.id AND m.seq > {mark} "
            f"WHERE t.id = {mark} ORDER BY m.seq"
        )

    def _raw(self) -> PoolProxiedConnection:
        """This thread's own DBAPI connection, for the move log's hot path. On PostgreSQL it
        commits each statement as it runs (autocommit): each use of it is one statement, and a
        transaction around it would cost a round trip more (its COMMIT or ROLLBACK)."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self.engine.raw_connection()
            if not self.sqlite:
                conn.dbapi_connection.autocommit = True  # type: ignore[union-attr]
            with self._raws_lock:
                self._raws.add(conn)
        return conn

    def _drop_raw(self, conn: PoolProxiedConnection, broken: bool) -> None:
        """Forget this thread's raw connection; a broken one is invalidated, not pooled again."""
        if getattr(self._local, "conn", None) is conn:
            self._local.conn = None
        with self._raws_lock:
            self._raws.discard(conn)
        with contextlib.suppress(Exception):  # closing a dead connection may fail too
            if broken:
                conn.invalidate()
            else:
                if not self.sqlite:  # back to the pool as the pool's other users expect it
                    conn.dbapi_connection.autocommit = False  # type: ignore[union-attr]
                conn.close()

    def _close_all(self, _engine: Engine | None = None) -> None:
        """At engine.dispose(): close the raw connections threads left open (the pool cannot)."""
        with self._raws_lock:
            left, self._raws = list(self._raws), set()
        for conn in left:
            with contextlib.suppress(Exception):
                conn.invalidate()  # closes the DBAPI connection itself: the old pool is gone

    def _stamp(self) -> Any:
        # the form SQLAlchemy itself writes into SQLite, so that reads through it parse it
        return now().replace(tzinfo=None).isoformat(" ") if self.sqlite else now()

    def ping(self) -> None:
        """A round trip to the database (``/readyz``)."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1")).all()

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            self._drop_raw(conn, broken=False)

    # -- settings and users ---------------------------------------------------------------------

    def setting(self, key: str, make: Callable[[], str]) -> str:
        with self.engine.begin() as conn:
            stored = conn.execute(select(settings.c.value).where(settings.c.key == key)).scalar()
            if stored is not None:
                return str(stored)
        value = make()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(settings).values(key=key, value=value))
        except IntegrityError:  # another process wrote it first
            with self.engine.begin() as conn:
                value = str(conn.execute(
                    select(settings.c.value).where(settings.c.key == key)
                ).scalar_one())
        return value

    # users, sessions, passwords, the login throttle, profiles: ``userstore.UserStore``

    # -- tables ---------------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(game_tables).values(
                    id=row.id, game=row.game, game_version=row.game_version, players=row.players,
                    options=json.dumps(row.options), seed=row.seed, status=row.status,
                    version=0, created_by=row.created_by, created_at=row.created_at,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {"table_id": row.id, "seat": i, "kind": s["kind"], "user_id": s.get("user_id"),
                     "bot": s.get("bot")}
                    for i, s in enumerate(row.seats)
                ],
            )

    def take_seat(self, table_id: str, seat: int, user_id: int) -> None:
        with self.engine.begin() as conn:
            status = conn.execute(
                select(game_tables.c.status).where(game_tables.c.id == table_id)
            ).scalar()
            if status != "open":
                raise Conflict("the table has started")
            taken = conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat,
                       seats.c.kind == "human", seats.c.user_id.is_(None))
                .values(user_id=user_id)
            )
            if taken.rowcount != 1:
                raise Conflict(f"seat {seat} is not free")

    def leave_seat(self, table_id: str, seat: int, user_id: int) -> None:
        with self.engine.begin() as conn:
            left = conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat,
                       seats.c.user_id == user_id)
                .values(user_id=None)
            )
            if left.rowcount != 1:
                raise Conflict(f"you do not hold seat {seat}")

    def start_table(self, table_id: str, seed: int) -> None:
        with self.engine.begin() as conn:
            started = conn.execute(
                update(game_tables)
                .where(game_tables.c.id == table_id, game_tables.c.status == "open")
                .values(status="running", seed=seed, started_at=now())
            )
            if started.rowcount != 1:
                raise Conflict("the table has already started")

    def close_table(self, table_id: str, reason: str) -> bool:
        """Close an open or running table that can never go on (``reason``: "old_rules", made
        under a rules version this release no longer plays). Its log stays, for its record."""
        with self.engine.begin() as conn:
            closed = conn.execute(
                update(game_tables)
                .where(game_tables.c.id == table_id,
                       game_tables.c.status.in_(("open", "running")))
                .values(status="closed", closed_reason=reason, finished_at=now())
            )
            return closed.rowcount == 1

    def append_move(
        self, table_id: str, version: int, seat: int, action: Action,
        result: dict[str, Any] | None = None, life: Life | None = None,
    ) -> None:
        """Write entry number ``version + 1``, a move: its identity and its text; ``result``
        ends the table; ``life``, what the table's clocks and lobby read after it. Raises
        Conflict unless the table is running at ``version``."""
        args = json.dumps(thaw(action.args), ensure_ascii=False, separators=(",", ":"))
        self._append(table_id, version, (seat, MOVE, action.kind, args, action.text), result,
                     life)

    def append_undo(self, table_id: str, version: int, seat: int,
                    life: Life | None = None) -> None:
        """Write entry number ``version + 1``: ``seat`` took back its last standing move.
        Raises Conflict unless the table is running at ``version``."""
        self._append(table_id, version, (seat, UNDO, None, None, UNDO), None, life)

    def _when(self, moment: datetime | None) -> Any:
        if moment is None or not self.sqlite:
            return moment
        return moment.astimezone(UTC).replace(tzinfo=None).isoformat(" ")

    def _append(
        self, table_id: str, version: int, entry: tuple[int, str, str | None, str | None, str],
        result: dict[str, Any] | None, life: Life | None = None,
    ) -> None:
        """The check-and-bump of the table's version and the insert of the entry are one
        transaction (on PostgreSQL, one statement: the insert takes its row from the update's);
        the primary key (table_id, seq) refuses a second entry number anyway. On
        PostgreSQL (READ COMMITTED) a second writer's UPDATE waits for the first one's row lock,
        then re-reads the row, finds the version moved on, updates nothing and is refused. This is
        the hot path: it runs on the DBAPI connection directly (the driver's own paramstyle),
        without the ORM layers; a connection the database dropped is replaced on the next call.
        """
        conn = self._raw()
        stamp = self._stamp()
        cursor = conn.cursor()
        bump: str
        params: tuple[Any, ...]
        if life is not None:
            lived = (life.to_move, life.clock, self._when(life.wake_at))
            if result is None:
                bump, params = self._bump_life, (version + 1, *lived, table_id, version)
            else:
                bump, params = self._finish_life, (version + 1, stamp, json.dumps(result),
                                                   *lived, table_id, version)
        elif result is None:
            bump, params = self._bump, (version + 1, table_id, version)
        else:
            bump, params = self._finish, (version + 1, stamp, json.dumps(result), table_id,
                                          version)
        move = (table_id, version + 1, *entry, stamp)
        try:
            if self.sqlite:
                cursor.execute(bump, params)
                if cursor.rowcount != 1:
                    conn.rollback()
                    raise Conflict(f"table {table_id} is no longer at version {version}")
                cursor.execute(self._insert_move, move)
                conn.commit()
            else:  # one statement, committed as it runs (``_raw``): one round trip
                cursor.execute(self._bump_and_insert[bump], (*params, *move))
                if cursor.rowcount != 1:
                    raise Conflict(f"table {table_id} is no longer at version {version}")
        except Conflict:
            raise
        except Exception as error:
            self._raw_failed(conn, cursor, error)
            message = str(error).lower()
            if isinstance(error, self.engine.dialect.loaded_dbapi.IntegrityError) and (
                "unique" in message or "duplicate" in message
            ):
                raise Conflict(f"entry {version + 1} of table {table_id} exists") from None
            raise
        finally:
            with contextlib.suppress(Exception):  # the cursor of a dead connection
                cursor.close()

    def _raw_failed(self, conn: PoolProxiedConnection, cursor: Any, error: Exception) -> None:
        """After ``error`` on this thread's raw connection: its transaction is rolled back, and
        a connection the database dropped (a restart) is forgotten, so that the next call opens
        a fresh one. Raises ``error`` when even the rollback fails."""
        try:
            conn.rollback()
        except Exception:
            self._drop_raw(conn, broken=True)
            raise error from None
        if isinstance(error, self.engine.dialect.loaded_dbapi.Error) and (
            self.engine.dialect.is_disconnect(error, conn.dbapi_connection, cursor)
        ):
            self._drop_raw(conn, broken=True)

    def log_after(self, table_id: str, version: int) -> LogNews | None:
        """The table's status, version, result and clock, and its log's entries after
        ``version``: what a copy at that version lacks after a move made elsewhere (``catchup``;
        its seats and settings change only with news of another kind). One query on the move
        log's hot path, on the raw connection as ``_append``. None: no such table."""
        conn = self._raw()
        cursor = conn.cursor()
        try:
            cursor.execute(self._log_after, (version, table_id))
            rows = cursor.fetchall()  # a SELECT opens no transaction on either database
        except Exception as error:
            self._raw_failed(conn, cursor, error)
            raise
        finally:
            with contextlib.suppress(Exception):
                cursor.close()
        if not rows:
            return None
        status, version_now, result, closed_reason, clock = rows[0][:5]
        entries = [LogEntry.from_row(*row[5:]) for row in rows if row[5] is not None]
        return LogNews(status, version_now, json.loads(result) if result else None,
                       closed_reason, json.loads(clock) if clock else None, entries)

    def _rows(self, conn: Connection, where: ColumnElement[bool]) -> list[TableRow]:
        out = []
        for r in conn.execute(select(game_tables).where(where)).mappings():
            out.append(TableRow(
                id=r["id"], game=r["game"], game_version=r["game_version"], players=r["players"],
                options=json.loads(r["options"]), seed=r["seed"], status=r["status"],
                version=r["version"], created_by=r["created_by"], created_at=r["created_at"],
                result=json.loads(r["result"]) if r["result"] else None,
                closed_reason=r["closed_reason"],
                settings=json.loads(r["settings"]) if r["settings"] else None,
                clock=json.loads(r["clock"]) if r["clock"] else None,
                to_move=json.loads(r["to_move"]) if r["to_move"] else None,
                wake_at=r["wake_at"], rematch_of=r["rematch_of"],
            ))
        return out

    def _fill(self, conn: Connection, rows: list[TableRow], with_moves: bool,
              moves_after: int = 0) -> None:
        by_id = {r.id: r for r in rows}
        if not by_id:
            return
        ids = list(by_id)
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            query = (
                select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.user_id, seats.c.bot,
                       seats.c.replaced, users.c.name)
                .select_from(seats.outerjoin(users, seats.c.user_id == users.c.id))
                .where(seats.c.table_id.in_(part))
                .order_by(seats.c.table_id, seats.c.seat)
            )
            for s in conn.execute(query):
                by_id[s.table_id].seats.append(
                    {"kind": s.kind, "user_id": s.user_id, "name": s.name, "bot": s.bot,
                     "replaced": s.replaced}
                )
            if with_moves:
                query = (
                    select(moves.c.table_id, moves.c.seat, moves.c.action, moves.c.entry,
                           moves.c.kind, moves.c.args)
                    .where(moves.c.table_id.in_(part), moves.c.seq > moves_after)
                    .order_by(moves.c.table_id, moves.c.seq)
                )
                for m in conn.execute(query):
                    by_id[m.table_id].moves.append(
                        LogEntry.from_row(m.seat, m.entry, m.kind, m.args, m.action))

    def _read(self) -> Connection:
        return self.engine.connect().execution_options(**self._snapshot)

    def active_tables(self) -> list[TableRow]:
        """Every open or running table, with its seats and its whole move log."""
        with self._read() as conn:
            rows = self._rows(conn, game_tables.c.status.in_(("open", "running")))
            self._fill(conn, rows, with_moves=True)
            return rows

    def table(self, table_id: str, with_moves: bool = True,
              moves_after: int = 0) -> TableRow | None:
        """A table with its seats and its log, or only the log's entries after ``moves_after``
        (what a copy at that version lacks, ``catchup``)."""
        with self._read() as conn:
            rows = self._rows(conn, game_tables.c.id == table_id)
            self._fill(conn, rows, with_moves=with_moves, moves_after=moves_after)
            return rows[0] if rows else None

    def finished_tables(self, limit: int = 20) -> list[TableRow]:
        """The latest tables that ended: finished, or closed without an end."""
        with self._read() as conn:
            query = (
                select(game_tables.c.id)
                .where(game_tables.c.status.in_(("finished", "closed")))
                .order_by(game_tables.c.finished_at.desc()).limit(limit)
            )
            ids = [r.id for r in conn.execute(query)]
            rows = self._rows(conn, game_tables.c.id.in_(ids))
            self._fill(conn, rows, with_moves=False)
            rows.sort(key=lambda r: ids.index(r.id))
            return rows
