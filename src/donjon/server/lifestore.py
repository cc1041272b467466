"""The database side of a table's life (issue #11): settings, clocks and wake-ups, seats a bot
took over, the lobby read without replaying anything, chat, mutes, invitations, turn-notice
preferences, quotas and rate-limit counters. Synchronous, like ``store.Store``: the table manager
calls it from its database threads."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, delete, func, insert, inspect, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from donjon.server.schema import (
    chat_messages,
    game_tables,
    invitations,
    moves,
    mutes,
    notify_prefs,
    now,
    seats,
    users,
)
from donjon.server.store import Life, Store, TableRow

ACTIVE = ("open", "running")


def utc(moment: datetime | None) -> datetime | None:
    """A moment read back from the database, timezone-aware (SQLite gives it naive, in UTC)."""
    if moment is None:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class LifeStore:
    def __init__(self, store: Store):
        self.store = store
        self.engine = store.engine
        self._has_email: bool | None = None

    # -- a table's life -------------------------------------------------------------------------

    def set_life(self, table_id: str, *, settings: dict[str, Any] | None = None,
                 clock: dict[str, Any] | None = None, to_move: Sequence[int] | None = None,
                 wake_at: datetime | None = None, rematch_of: str | None = None,
                 keep_wake: bool = False) -> None:
        values: dict[str, Any] = {}
        if settings is not None:
            values["settings"] = json.dumps(settings)
        if clock is not None:
            values["clock"] = json.dumps(clock)
        if to_move is not None:
            values["to_move"] = json.dumps(list(to_move))
        if not keep_wake:
            values["wake_at"] = wake_at
        if rematch_of is not None:
            values["rematch_of"] = rematch_of
        with self.engine.begin() as conn:
            conn.execute(update(game_tables).where(game_tables.c.id == table_id).values(**values))

    def write_life(self, table_id: str, life: Life) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(game_tables).where(game_tables.c.id == table_id).values(
                to_move=life.to_move, clock=life.clock, wake_at=life.wake_at))

    def last_entry_at(self, table_id: str) -> datetime | None:
        """When the table's log last grew (its start, if nothing was played yet)."""
        with self.engine.connect() as conn:
            last = conn.execute(select(func.max(moves.c.created_at))
                                .where(moves.c.table_id == table_id)).scalar()
            if last is None:
                last = conn.execute(select(game_tables.c.started_at)
                                    .where(game_tables.c.id == table_id)).scalar()
        if isinstance(last, str):  # SQLite hands back the text it stored through the raw path
            last = datetime.fromisoformat(last)
        return utc(last)

    def replace_seat(self, table_id: str, seat: int, bot: str, reason: str,
                     clock: dict[str, Any] | None, wake_at: datetime | None) -> bool:
        """A bot takes over a person's seat of a running table (``reason``: "resigned",
        "timeout"); the person stays named there. False if the table is not running."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(game_tables)
                .where(game_tables.c.id == table_id, game_tables.c.status == "running")
                .values(clock=json.dumps(clock) if clock is not None else None, wake_at=wake_at)
            )
            if done.rowcount != 1:
                return False
            conn.execute(
                update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(bot=bot, replaced=reason)
            )
            return True

    def end(self, table_id: str, status: str, reason: str | None,
            result: dict[str, Any] | None = None) -> bool:
        """Close an open or running table that will not go on (``reason``: "expired",
        "abandoned", "old_rules"...)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(game_tables)
                .where(game_tables.c.id == table_id, game_tables.c.status.in_(ACTIVE))
                .values(status=status, closed_reason=reason, finished_at=now(), wake_at=None,
                        result=json.dumps(result) if result is not None else None)
            )
            return done.rowcount == 1

    def due(self, until: datetime, limit: int = 200) -> list[str]:
        """The open or running tables to look at by ``until``, soonest first."""
        with self.engine.connect() as conn:
            query = (select(game_tables.c.id)
                     .where(game_tables.c.wake_at <= until, game_tables.c.status.in_(ACTIVE))
                     .order_by(game_tables.c.wake_at).limit(limit))
            return [r.id for r in conn.execute(query)]

    def active_rows(self) -> list[TableRow]:
        """Every open or running table, with its seats but not its log (the lobby, start-up)."""
        with self.store._read() as conn:
            rows = self.store._rows(conn, game_tables.c.status.in_(ACTIVE))
            self.store._fill(conn, rows, with_moves=False)
            return rows

    def ended_rows(self, limit: int = 20) -> list[TableRow]:
        """The latest tables that ended and are worth listing: finished, or closed under old
        rules or with nobody left (an open table that expired is gone)."""
        with self.store._read() as conn:
            query = (
                select(game_tables.c.id)
                .where(or_(game_tables.c.status == "finished",
                           and_(game_tables.c.status == "closed",
                                game_tables.c.closed_reason != "expired")),
                       or_(game_tables.c.settings.is_(None),
                           ~game_tables.c.settings.contains('"private": true')))
                .order_by(game_tables.c.finished_at.desc()).limit(limit)
            )
            ids = [r.id for r in conn.execute(query)]
            rows = self.store._rows(conn, game_tables.c.id.in_(ids))
            self.store._fill(conn, rows, with_moves=False)
            rows.sort(key=lambda r: ids.index(r.id))
            return rows

    def rows_of(self, user_id: int) -> list[TableRow]:
        """The open and running tables where ``user_id`` holds a seat (a bot may have taken it)
        or is invited."""
        with self.store._read() as conn:
            seated = select(seats.c.table_id).where(seats.c.user_id == user_id)
            invited = select(invitations.c.table_id).where(invitations.c.user_id == user_id)
            rows = self.store._rows(conn, and_(
                game_tables.c.status.in_(ACTIVE),
                or_(game_tables.c.id.in_(seated), game_tables.c.id.in_(invited))))
            self.store._fill(conn, rows, with_moves=False)
            return rows

    def rematch_of(self, table_id: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(game_tables.c.id)
                                .where(game_tables.c.rematch_of == table_id)
                                .order_by(game_tables.c.created_at).limit(1)).scalar()

    # -- quotas ---------------------------------------------------------------------------------

    def holdings(self, user_id: int) -> dict[str, int]:
        """What ``user_id`` holds now: open and running tables they created, and the bot seats
        at them (a person's seat a bot took over is not one: the quota is about tables made
        to keep bots busy)."""
        with self.engine.connect() as conn:
            counts: dict[str, int] = dict(conn.execute(
                select(game_tables.c.status, func.count())
                .where(game_tables.c.created_by == user_id, game_tables.c.status.in_(ACTIVE))
                .group_by(game_tables.c.status)).all())
            bots = conn.execute(
                select(func.count()).select_from(seats.join(
                    game_tables, seats.c.table_id == game_tables.c.id))
                .where(game_tables.c.created_by == user_id, game_tables.c.status.in_(ACTIVE),
                       seats.c.kind == "bot")).scalar()
        return {"open": int(counts.get("open", 0)), "running": int(counts.get("running", 0)),
                "bots": int(bots or 0)}

    def hit(self, name: str, period: int, seconds: int) -> int:
        """Count one more event of the limit ``name`` in the current ``period`` of ``seconds``
        (a fixed window); the count so far. One upsert, atomic on both databases."""
        with self.engine.begin() as conn:
            count = conn.execute(text(
                "INSERT INTO rate_counters (name, period, hits) VALUES (:name, :period, 1) "
                "ON CONFLICT (name, period) DO UPDATE SET hits = rate_counters.hits + 1 "
                "RETURNING hits"), {"name": name, "period": period}).scalar()
            if period % 64 == 0:  # now and then, forget windows long past
                conn.execute(text("DELETE FROM rate_counters WHERE period < :old"),
                             {"old": period - 4 * max(seconds, 1)})
        return int(count or 0)

    # -- chat -----------------------------------------------------------------------------------

    def add_message(self, table_id: str, user_id: int | None, seat: int | None, version: int,
                    body: str) -> dict[str, Any]:
        at = now()
        with self.engine.begin() as conn:
            key = conn.execute(insert(chat_messages).values(
                table_id=table_id, user_id=user_id, seat=seat, version=version, body=body,
                created_at=at)).inserted_primary_key
        assert key is not None
        return {"id": int(key[0]), "user_id": user_id, "seat": seat, "version": version,
                "text": body, "at": at.isoformat()}

    def messages(self, table_id: str, limit: int = 200) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat_messages, users.c.name)
                .select_from(chat_messages.outerjoin(users, chat_messages.c.user_id == users.c.id))
                .where(chat_messages.c.table_id == table_id)
                .order_by(chat_messages.c.id.desc()).limit(limit)).mappings().all()
        return [{"id": r["id"], "user_id": r["user_id"], "name": r["name"], "seat": r["seat"],
                 "version": r["version"], "text": r["body"],
                 "at": (utc(r["created_at"]) or now()).isoformat()} for r in reversed(rows)]

    def muted_by(self, user_id: int) -> set[int]:
        with self.engine.connect() as conn:
            return set(conn.execute(select(mutes.c.muted_id)
                                    .where(mutes.c.user_id == user_id)).scalars())

    def set_mute(self, user_id: int, muted_id: int, muted: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(mutes).where(mutes.c.user_id == user_id,
                                             mutes.c.muted_id == muted_id))
            if muted:
                conn.execute(insert(mutes).values(user_id=user_id, muted_id=muted_id,
                                                  created_at=now()))

    # -- invitations ----------------------------------------------------------------------------

    def invite(self, table_id: str, user_ids: Sequence[int], by: int | None) -> None:
        for user_id in user_ids:
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(invitations).values(
                        table_id=table_id, user_id=user_id, invited_by=by, created_at=now()))
            except IntegrityError:  # invited already
                continue

    def invited(self, table_id: str) -> set[int]:
        with self.engine.connect() as conn:
            return set(conn.execute(select(invitations.c.user_id)
                                    .where(invitations.c.table_id == table_id)).scalars())

    def users_named(self, names: Sequence[str]) -> dict[str, int]:
        """The ids of the users of these names (as typed; case and spaces aside)."""
        wanted = {n.strip().casefold(): n for n in names if n.strip()}
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(users.c.id, users.c.name)
                                .where(func.lower(users.c.name).in_(list(wanted)))).all()
        return {wanted[r.name.casefold()]: r.id for r in rows if r.name.casefold() in wanted}

    # -- turn notices ---------------------------------------------------------------------------

    def notify_prefs(self, user_id: int) -> dict[str, Any]:
        with self.engine.connect() as conn:
            row = conn.execute(select(notify_prefs)
                               .where(notify_prefs.c.user_id == user_id)).mappings().first()
        return {"turn_email": bool(row["turn_email"]) if row else False,
                "email": row["email"] if row else None}

    def set_notify_prefs(self, user_id: int, turn_email: bool, email: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(notify_prefs).where(notify_prefs.c.user_id == user_id))
            conn.execute(insert(notify_prefs).values(user_id=user_id, turn_email=turn_email,
                                                     email=email))

    def turn_address(self, user_id: int) -> str | None:
        """Where to tell ``user_id`` it is their turn: None unless they opted in; their own
        address for it, else their account's (``users.email``, when accounts have one)."""
        prefs = self.notify_prefs(user_id)
        if not prefs["turn_email"]:
            return None
        if prefs["email"]:
            return str(prefs["email"])
        if self._has_email is None:
            self._has_email = "email" in {c["name"] for c in inspect(self.engine)
                                          .get_columns("users")}
        if not self._has_email:
            return None
        with self.engine.connect() as conn:
            address = conn.execute(text("SELECT email FROM users WHERE id = :id"),
                                   {"id": user_id}).scalar()
        return str(address) if address else None
