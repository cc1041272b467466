"""The database side of accounts: users and their names, sessions, passwords and their resets,
the login throttle's failures, a player's profile and export, and deleting an account.
Synchronous, like the rest of ``store.Store`` (which this is a part of): called from worker
threads."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from donjon.server import names
from donjon.server.schema import (
    chat_messages,
    game_tables,
    login_failures,
    mutes,
    notify_prefs,
    now,
    password_resets,
    rating_changes,
    ratings,
    seats,
    users,
)


class UserStore:
    engine: Engine
    sqlite: bool

    # -- users ----------------------------------------------------------------------------------

    def create_user(self, name: str, password_hash: str | None, guest: bool,
                    email: str | None = None) -> int:
        """A new user; ValueError if the name is taken (by its key: ``names.key``)."""
        try:
            with self.engine.begin() as conn:
                result = conn.execute(
                    insert(users).values(
                        name=name, name_key=names.key(name), password_hash=password_hash,
                        guest=guest, email=email, created_at=now(),
                    )
                )
                key = result.inserted_primary_key
                assert key is not None  # an insert of one row into a table with a primary key
                return int(key[0])
        except IntegrityError:
            raise ValueError(f"the name {name!r} is taken") from None

    def user(self, user_id: int) -> dict[str, Any] | None:
        if not 0 < user_id < 2**31:  # no such id (and no database error for one too big)
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(users).where(users.c.id == user_id)).mappings().first()
            return dict(row) if row else None

    def user_by_name(self, name: str) -> dict[str, Any] | None:
        """The user whose name is ``name`` as people read it: by its key (case, width and
        look-alike letters aside)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(users).where(users.c.name_key == names.key(name))
            ).mappings().first()
            return dict(row) if row else None

    def users_by_email(self, email: str) -> list[dict[str, Any]]:
        """The members whose e-mail address is ``email`` (case aside)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(users).where(func.lower(users.c.email) == email.strip().lower(),
                                    users.c.guest.is_(False), users.c.deleted_at.is_(None))
                .order_by(users.c.id).limit(5)
            ).mappings()
            return [dict(r) for r in rows]

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
            epoch = conn.execute(
                select(users.c.session_epoch).where(users.c.id == user_id)
            ).scalar()
            return None if epoch is None else int(epoch)

    def make_member(self, user_id: int, name: str, password_hash: str,
                    email: str | None) -> bool:
        """Turn guest ``user_id`` into a member named ``name``: the same user, so their seats,
        tables, history and ratings stay theirs. False if they are no guest (any more);
        ValueError if the name is taken."""
        try:
            with self.engine.begin() as conn:
                done = conn.execute(
                    update(users).where(users.c.id == user_id, users.c.guest.is_(True),
                                        users.c.deleted_at.is_(None))
                    .values(name=name, name_key=names.key(name), password_hash=password_hash,
                            guest=False, email=email)
                )
                return done.rowcount == 1
        except IntegrityError:
            raise ValueError(f"the name {name!r} is taken") from None

    def set_password(self, user_id: int, password_hash: str) -> int | None:
        """A new password, and every session of the user ends (and every reset link sent):
        the new session generation."""
        with self.engine.begin() as conn:
            conn.execute(update(users).where(users.c.id == user_id)
                         .values(password_hash=password_hash,
                                 session_epoch=users.c.session_epoch + 1))
            conn.execute(delete(password_resets).where(password_resets.c.user_id == user_id))
            epoch = conn.execute(select(users.c.session_epoch)
                                 .where(users.c.id == user_id)).scalar()
            return None if epoch is None else int(epoch)

    def rehash_password(self, user_id: int, old_hash: str, new_hash: str) -> None:
        """The same password hashed again at the site's costs now: the session goes on, and a
        password changed meanwhile (the stored hash is no longer ``old_hash``) is left alone."""
        with self.engine.begin() as conn:
            conn.execute(update(users).where(users.c.id == user_id,
                                             users.c.password_hash == old_hash)
                         .values(password_hash=new_hash))

    def set_email(self, user_id: int, email: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(users).where(users.c.id == user_id).values(email=email))

    # -- the login throttle -----------------------------------------------------------------------

    def login_failures(self, scope: str, key: str, since: float, limit: int) -> list[float]:
        """The latest ``limit`` failures of ``(scope, key)`` after ``since``, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(login_failures.c.at)
                .where(login_failures.c.scope == scope, login_failures.c.key == key,
                       login_failures.c.at > since)
                .order_by(login_failures.c.at.desc()).limit(limit)
            )
            return sorted(float(r.at) for r in rows)

    def add_login_failure(self, keys: list[tuple[str, str]], at: float, forget_before: float
                          ) -> None:
        """Count a failed login against each ``(scope, key)``; failures older than
        ``forget_before`` are forgotten, by age alone (no count of names makes the server
        forget a recent one)."""
        with self.engine.begin() as conn:
            conn.execute(insert(login_failures),
                         [{"scope": scope, "key": key, "at": at} for scope, key in keys])
            conn.execute(delete(login_failures).where(login_failures.c.at < forget_before))

    def clear_login_failures(self, scope: str, key: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(login_failures).where(login_failures.c.scope == scope,
                                                      login_failures.c.key == key))

    # -- password resets ------------------------------------------------------------------------

    def add_reset(self, user_id: int, token_hash: str, lifetime: timedelta,
                  interval: timedelta) -> bool:
        """Remember a reset token (its hash) for ``lifetime``; a user's older ones go. False,
        and nothing is remembered, if one was made less than ``interval`` ago (a mailbox is not
        flooded by asking again and again)."""
        stamp = now()
        with self.engine.begin() as conn:
            latest = conn.execute(select(func.max(password_resets.c.created_at))
                                  .where(password_resets.c.user_id == user_id)).scalar()
            if latest is not None:
                if latest.tzinfo is None:  # SQLite gives it back naive, in UTC
                    latest = latest.replace(tzinfo=stamp.tzinfo)
                if latest > stamp - interval:
                    return False
            conn.execute(delete(password_resets).where(password_resets.c.user_id == user_id))
            conn.execute(insert(password_resets).values(
                token_hash=token_hash, user_id=user_id, created_at=stamp,
                expires_at=stamp + lifetime))
        return True

    def take_reset(self, token_hash: str) -> int | None:
        """The user a valid reset token is for, the token used up (it works once); None if it
        is unknown, used or expired."""
        with self.engine.begin() as conn:
            row = conn.execute(select(password_resets)
                               .where(password_resets.c.token_hash == token_hash)).first()
            if row is None:
                return None
            gone = conn.execute(delete(password_resets)
                                .where(password_resets.c.token_hash == token_hash))
            expires = row.expires_at
            if expires.tzinfo is None:  # SQLite gives it back naive, in UTC
                expires = expires.replace(tzinfo=now().tzinfo)
            if gone.rowcount != 1 or expires < now():
                return None
            return int(row.user_id)

    # -- profiles, export, deletion -------------------------------------------------------------

    def played(self, user_id: int, limit: int = 50) -> dict[str, Any]:
        """What a profile shows of a player: finished games per game, and their latest
        finished tables (id, game, when, seat, rank, players, rating change)."""
        with self.engine.connect() as conn:
            counts = conn.execute(
                select(game_tables.c.game, func.count())
                .select_from(seats.join(game_tables, game_tables.c.id == seats.c.table_id))
                .where(seats.c.user_id == user_id, game_tables.c.status == "finished")
                .group_by(game_tables.c.game)
            )
            per_game = {r[0]: int(r[1]) for r in counts}
            rows = conn.execute(
                select(game_tables.c.id, game_tables.c.game, game_tables.c.players,
                       game_tables.c.finished_at, game_tables.c.result, seats.c.seat,
                       rating_changes.c.rating_before, rating_changes.c.rating_after)
                .select_from(
                    seats.join(game_tables, game_tables.c.id == seats.c.table_id)
                    .outerjoin(rating_changes, and_(rating_changes.c.table_id == seats.c.table_id,
                                                    rating_changes.c.user_id == user_id)))
                .where(seats.c.user_id == user_id, game_tables.c.status == "finished")
                .order_by(game_tables.c.finished_at.desc(), game_tables.c.id).limit(limit)
            )
            tables = []
            for r in rows:
                result = json.loads(r.result) if r.result else {}
                ranks = result.get("ranks") or []
                tables.append({
                    "id": r.id, "game": r.game, "players": r.players,
                    "finished_at": _iso(r.finished_at), "seat": r.seat,
                    "rank": ranks[r.seat] if r.seat < len(ranks) else None,
                    "rating_change": None if r.rating_before is None
                    else round(r.rating_after - r.rating_before),
                })
        return {"games": per_game, "tables": tables}

    def export(self, user_id: int) -> dict[str, Any]:
        """Everything the server holds of a user, for them: their account, every table they sat
        at (with its record's address), their ratings and rating changes, the chat messages
        they wrote, whom they muted, and their notice preferences."""
        with self.engine.connect() as conn:
            user = conn.execute(select(users).where(users.c.id == user_id)).mappings().first()
            if user is None:
                return {}
            account = {"id": user["id"], "name": user["name"], "guest": user["guest"],
                       "email": user["email"], "created_at": _iso(user["created_at"])}
            tables = [
                {"id": r.id, "game": r.game, "status": r.status, "seat": r.seat,
                 "players": r.players, "created_at": _iso(r.created_at),
                 "finished_at": _iso(r.finished_at),
                 "result": json.loads(r.result) if r.result else None,
                 "record": f"/api/tables/{r.id}/record"}
                for r in conn.execute(
                    select(game_tables.c.id, game_tables.c.game, game_tables.c.status,
                           game_tables.c.players, game_tables.c.created_at,
                           game_tables.c.finished_at, game_tables.c.result, seats.c.seat)
                    .select_from(seats.join(game_tables, game_tables.c.id == seats.c.table_id))
                    .where(seats.c.user_id == user_id).order_by(game_tables.c.created_at))
            ]
            rated = {r.game: {"rating": r.rating, "games": r.games} for r in conn.execute(
                select(ratings).where(ratings.c.user_id == user_id))}
            changes = [{"table_id": r.table_id, "game": r.game, "before": r.rating_before,
                        "after": r.rating_after, "at": _iso(r.created_at)}
                       for r in conn.execute(select(rating_changes)
                                             .where(rating_changes.c.user_id == user_id)
                                             .order_by(rating_changes.c.created_at))]
            chat = [{"table_id": r.table_id, "body": r.body, "at": _iso(r.created_at)}
                    for r in conn.execute(select(chat_messages)
                                          .where(chat_messages.c.user_id == user_id)
                                          .order_by(chat_messages.c.id))]
            muted = sorted(r.name for r in conn.execute(
                select(users.c.name).select_from(mutes.join(users, users.c.id == mutes.c.muted_id))
                .where(mutes.c.user_id == user_id)))
            prefs = conn.execute(select(notify_prefs.c.turn_email, notify_prefs.c.email)
                                 .where(notify_prefs.c.user_id == user_id)).mappings().first()
        return {"account": account, "tables": tables, "ratings": rated,
                "rating_changes": changes, "chat": chat, "muted": muted,
                "notices": dict(prefs) if prefs else None}

    def delete_user(self, user_id: int, anonymous_name: str) -> int | None:
        """Delete an account: its name becomes ``anonymous_name`` (its past games stay, under
        it), and its password, e-mail address, ratings, resets, mutes and notice preferences
        go; every session ends. The new session generation (None: no such account)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(users).where(users.c.id == user_id, users.c.deleted_at.is_(None))
                .values(name=anonymous_name, name_key=names.key(anonymous_name),
                        password_hash=None, email=None, deleted_at=now(),
                        session_epoch=users.c.session_epoch + 1))
            if done.rowcount != 1:
                return None
            for table, column in ((ratings, ratings.c.user_id),
                                  (password_resets, password_resets.c.user_id),
                                  (mutes, mutes.c.user_id), (mutes, mutes.c.muted_id),
                                  (notify_prefs, notify_prefs.c.user_id)):
                conn.execute(delete(table).where(column == user_id))
            epoch = conn.execute(select(users.c.session_epoch)
                                 .where(users.c.id == user_id)).scalar()
            return None if epoch is None else int(epoch)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def assign_name_keys(conn: Connection) -> list[tuple[int, str, str]]:
    """Give every user the key of their name (``names.key``), and a new name to each user whose
    key another user already has: members before guests, the earliest first keep theirs; the
    others become ``<name>-2``, ``-3``... (the migration 0005 does this, and start-up does it
    again when the confusables table changed). The users renamed: ``(id, old, new)``."""
    rows = sorted(conn.execute(text("SELECT id, name, guest FROM users")).all(),
                  key=lambda r: (bool(r.guest), r.id))
    keeps: dict[str, int] = {}  # each key's first holder keeps their name
    for user_id, name, _guest in rows:
        keeps.setdefault(names.key(name), user_id)
    taken = set(keeps)
    renamed: list[tuple[int, str, str]] = []
    final: list[tuple[int, str, str]] = []
    for user_id, name, _guest in rows:
        new, number = name, 1
        if keeps[names.key(name)] != user_id:
            while names.key(new) in taken:
                number += 1
                suffix = f"-{number}"
                new = f"{name[:24 - len(suffix)]}{suffix}"
            taken.add(names.key(new))
            renamed.append((user_id, name, new))
        final.append((user_id, new, names.key(new)))
    # two passes: no moment where two rows hold one name or one key (both are unique)
    moved = {user_id for user_id, _old, _new in renamed}
    for user_id, name, _key in final:
        conn.execute(text("UPDATE users SET name = :name, name_key = :key WHERE id = :id"),
                     {"name": f"#{user_id}" if user_id in moved else name,
                      "key": f"#{user_id}", "id": user_id})
    for user_id, new, key in final:
        conn.execute(text("UPDATE users SET name = :name, name_key = :key WHERE id = :id"),
                     {"name": new, "key": key, "id": user_id})
    return renamed


def refresh_name_keys(engine: Engine) -> list[tuple[int, str, str]]:
    """At start-up: if the confusables table changed since the keys were made (a newer ICU),
    make every key again (``assign_name_keys``); the users renamed."""
    from donjon.server.schema import settings

    with engine.begin() as conn:
        made_with = conn.execute(select(settings.c.value)
                                 .where(settings.c.key == "name_key_version")).scalar()
        if made_with == names.KEY_VERSION:
            return []
        renamed = assign_name_keys(conn)
        conn.execute(delete(settings).where(settings.c.key == "name_key_version"))
        conn.execute(insert(settings).values(key="name_key_version", value=names.KEY_VERSION))
        return renamed
