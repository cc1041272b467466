"""The store: every database operation of the server, synchronous (called from worker threads).

Each table is an append-only move log: one ``moves`` row per move, unique per (table, seq),
inserted in the same transaction as the check-and-bump of the table's ``version``, so two
simultaneous moves cannot both land and a killed server rebuilds every table by replaying it.
"""

from __future__ import annotations

import contextlib
import json
import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import event, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from donjon.server.schema import game_tables, moves, now, seats, settings, users


class Conflict(Exception):
    """The table moved on (or changed status) since the version the writer saw."""


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
    moves: list[tuple[int, str]] = field(default_factory=list)


class Store:
    """Every database operation, synchronous (the server calls it from a worker thread)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self._local = threading.local()
        self._raws: set[Any] = set()  # every thread's raw connection, closed with the engine
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
        self._insert_move = (
            "INSERT INTO moves (table_id, seq, seat, action, created_at) "
            f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark})"
        )

    def _raw(self):
        """This thread's own DBAPI connection, for the move log's hot path."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self.engine.raw_connection()
            with self._raws_lock:
                self._raws.add(conn)
        return conn

    def _drop_raw(self, conn, broken: bool) -> None:
        """Forget this thread's raw connection; a broken one is invalidated, not pooled again."""
        if getattr(self._local, "conn", None) is conn:
            self._local.conn = None
        with self._raws_lock:
            self._raws.discard(conn)
        with contextlib.suppress(Exception):  # closing a dead connection may fail too
            if broken:
                conn.invalidate()
            else:
                conn.close()

    def _close_all(self, _engine=None) -> None:
        """At engine.dispose(): close the raw connections threads left open (the pool cannot)."""
        with self._raws_lock:
            left, self._raws = list(self._raws), set()
        for conn in left:
            with contextlib.suppress(Exception):
                conn.invalidate()  # closes the DBAPI connection itself: the old pool is gone

    def _stamp(self) -> Any:
        # the form SQLAlchemy itself writes into SQLite, so that reads through it parse it
        return now().replace(tzinfo=None).isoformat(" ") if self.sqlite else now()

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            self._drop_raw(conn, broken=False)

    # -- settings and users ---------------------------------------------------------------------

    def setting(self, key: str, make) -> str:
        with self.engine.begin() as conn:
            value = conn.execute(select(settings.c.value).where(settings.c.key == key)).scalar()
            if value is not None:
                return value
        value = make()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(settings).values(key=key, value=value))
        except IntegrityError:  # another process wrote it first
            with self.engine.begin() as conn:
                value = conn.execute(
                    select(settings.c.value).where(settings.c.key == key)
                ).scalar_one()
        return value

    def create_user(self, name: str, password_hash: str | None, guest: bool) -> int:
        try:
            with self.engine.begin() as conn:
                result = conn.execute(
                    insert(users).values(
                        name=name, password_hash=password_hash, guest=guest, created_at=now()
                    )
                )
                return int(result.inserted_primary_key[0])
        except IntegrityError:
            raise ValueError(f"the name {name!r} is taken") from None

    def user(self, user_id: int) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(users).where(users.c.id == user_id)).mappings().first()
            return dict(row) if row else None

    def user_by_name(self, name: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(users).where(users.c.name == name)).mappings().first()
            return dict(row) if row else None

    def user_names(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(users.c.id, users.c.name).where(users.c.id.in_(ids)))
            return {r.id: r.name for r in rows}

    def end_sessions(self, user_id: int) -> int | None:
        """Bump the user's session generation, so that every cookie issued before is void; the
        new generation (None if there is no such user)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(users).where(users.c.id == user_id)
                .values(session_epoch=users.c.session_epoch + 1)
            )
            return conn.execute(
                select(users.c.session_epoch).where(users.c.id == user_id)
            ).scalar()

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

    def append_move(
        self, table_id: str, version: int, seat: int, action: str,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Write move number ``version + 1``; raise Conflict unless the table is at ``version``.

        The check-and-bump of the table's version and the insert of the move are one
        transaction; the primary key (table_id, seq) refuses a second move number anyway. On
        PostgreSQL (READ COMMITTED) a second writer's UPDATE waits for the first one's row lock,
        then re-reads the row, finds the version moved on, updates nothing and is refused. This is
        the hot path: it runs on the DBAPI connection directly (the driver's own paramstyle),
        without the ORM layers; a connection the database dropped is replaced on the next call.
        """
        conn = self._raw()
        stamp = self._stamp()
        cursor = conn.cursor()
        try:
            if result is None:
                cursor.execute(self._bump, (version + 1, table_id, version))
            else:
                cursor.execute(self._finish, (version + 1, stamp, json.dumps(result), table_id,
                                              version))
            if cursor.rowcount != 1:
                conn.rollback()
                raise Conflict(f"table {table_id} is no longer at version {version}")
            cursor.execute(self._insert_move, (table_id, version + 1, seat, action, stamp))
            conn.commit()
        except Conflict:
            raise
        except Exception as error:
            try:
                conn.rollback()
            except Exception:  # the connection is gone (a database restart): the next call
                self._drop_raw(conn, broken=True)  # opens a fresh one
                raise error from None
            message = str(error).lower()
            if isinstance(error, self.engine.dialect.loaded_dbapi.IntegrityError) and (
                "unique" in message or "duplicate" in message
            ):
                raise Conflict(f"move {version + 1} of table {table_id} exists") from None
            if self.engine.dialect.is_disconnect(error, conn.dbapi_connection, cursor):
                self._drop_raw(conn, broken=True)
            raise
        finally:
            with contextlib.suppress(Exception):  # the cursor of a dead connection
                cursor.close()

    def _rows(self, conn, where) -> list[TableRow]:
        out = []
        for r in conn.execute(select(game_tables).where(where)).mappings():
            out.append(TableRow(
                id=r["id"], game=r["game"], game_version=r["game_version"], players=r["players"],
                options=json.loads(r["options"]), seed=r["seed"], status=r["status"],
                version=r["version"], created_by=r["created_by"], created_at=r["created_at"],
                result=json.loads(r["result"]) if r["result"] else None,
            ))
        return out

    def _fill(self, conn, rows: list[TableRow], with_moves: bool) -> None:
        by_id = {r.id: r for r in rows}
        if not by_id:
            return
        ids = list(by_id)
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            query = (
                select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.user_id, seats.c.bot,
                       users.c.name)
                .select_from(seats.outerjoin(users, seats.c.user_id == users.c.id))
                .where(seats.c.table_id.in_(part))
                .order_by(seats.c.table_id, seats.c.seat)
            )
            for s in conn.execute(query):
                by_id[s.table_id].seats.append(
                    {"kind": s.kind, "user_id": s.user_id, "name": s.name, "bot": s.bot}
                )
            if with_moves:
                query = (
                    select(moves.c.table_id, moves.c.seat, moves.c.action)
                    .where(moves.c.table_id.in_(part))
                    .order_by(moves.c.table_id, moves.c.seq)
                )
                for m in conn.execute(query):
                    by_id[m.table_id].moves.append((m.seat, m.action))

    def _read(self):
        return self.engine.connect().execution_options(**self._snapshot)

    def active_tables(self) -> list[TableRow]:
        """Every open or running table, with its seats and its whole move log."""
        with self._read() as conn:
            rows = self._rows(conn, game_tables.c.status.in_(("open", "running")))
            self._fill(conn, rows, with_moves=True)
            return rows

    def table(self, table_id: str, with_moves: bool = True) -> TableRow | None:
        with self._read() as conn:
            rows = self._rows(conn, game_tables.c.id == table_id)
            self._fill(conn, rows, with_moves=with_moves)
            return rows[0] if rows else None

    def finished_tables(self, limit: int = 20) -> list[TableRow]:
        with self._read() as conn:
            query = (
                select(game_tables.c.id).where(game_tables.c.status == "finished")
                .order_by(game_tables.c.finished_at.desc()).limit(limit)
            )
            ids = [r.id for r in conn.execute(query)]
            rows = self._rows(conn, game_tables.c.id.in_(ids))
            self._fill(conn, rows, with_moves=False)
            rows.sort(key=lambda r: ids.index(r.id))
            return rows
