"""The devices that asked to be told "it is your turn" by web push (``push_subscriptions``).

Blocking (SQLAlchemy Core): call it from a database thread. A device is one browser's
subscription, named by its push service ``endpoint``; it belongs to the account that last
subscribed it (the same browser, another account logged in: the device now tells that one).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from donjon.server.schema import now, push_subscriptions

#: what ``subscribe`` did
ADDED, UPDATED, LIMIT, TAKEN = "added", "updated", "limit", "taken"


class PushStore:
    def __init__(self, engine: Engine):
        self.engine = engine

    def subscriptions_of(self, user_id: int) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(push_subscriptions)
                                .where(push_subscriptions.c.user_id == user_id)
                                .order_by(push_subscriptions.c.id)).mappings().all()
        return [dict(row) for row in rows]

    def count(self, user_id: int) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(push_subscriptions)
                                    .where(push_subscriptions.c.user_id == user_id)).scalar()
                       or 0)

    def subscribe(self, user_id: int, endpoint: str, p256dh: str, auth: str, lang: str,
                  limit: int) -> str:
        """Keep a device for ``user_id``: ``ADDED``, ``UPDATED`` (known: its keys and language
        renewed, its failures forgotten; moved to this user if the same browser subscribed for
        another account), ``LIMIT`` (the user has ``limit`` devices already) or ``TAKEN`` (the
        endpoint is another account's with other keys: not this browser's to claim)."""
        for _ in range(2):
            try:
                return self._subscribe(user_id, endpoint, p256dh, auth, lang, limit)
            except IntegrityError:  # the same device, subscribed twice at once: now it is known
                continue
        return UPDATED

    def _subscribe(self, user_id: int, endpoint: str, p256dh: str, auth: str, lang: str,
                   limit: int) -> str:
        fresh = {"p256dh": p256dh, "auth": auth, "lang": lang, "failures": 0,
                 "last_failure": None, "last_failure_at": None}
        with self.engine.begin() as conn:
            known = conn.execute(select(push_subscriptions.c.id, push_subscriptions.c.user_id,
                                        push_subscriptions.c.p256dh,
                                        push_subscriptions.c.auth)
                                 .where(push_subscriptions.c.endpoint == endpoint)).first()
            if known is not None and known.user_id == user_id:
                conn.execute(update(push_subscriptions)
                             .where(push_subscriptions.c.id == known.id).values(**fresh))
                return UPDATED
            if known is not None and (known.p256dh, known.auth) != (p256dh, auth):
                return TAKEN
            mine = conn.execute(select(func.count()).select_from(push_subscriptions)
                                .where(push_subscriptions.c.user_id == user_id)).scalar()
            if int(mine or 0) >= limit:
                return LIMIT
            if known is not None:
                conn.execute(update(push_subscriptions).where(push_subscriptions.c.id == known.id)
                             .values(user_id=user_id, created_at=now(), **fresh))
                return UPDATED
            conn.execute(insert(push_subscriptions).values(
                user_id=user_id, endpoint=endpoint, created_at=now(), **fresh))
            return ADDED

    def unsubscribe(self, user_id: int, endpoint: str) -> bool:
        """Forget one of the user's devices; whether it was theirs."""
        with self.engine.begin() as conn:
            done = conn.execute(delete(push_subscriptions).where(
                push_subscriptions.c.user_id == user_id,
                push_subscriptions.c.endpoint == endpoint))
            return done.rowcount > 0

    def gone(self, subscription_id: int) -> None:
        """The push service no longer knows the device (404, 410): forget it."""
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions)
                         .where(push_subscriptions.c.id == subscription_id))

    def failed(self, subscription_id: int, reason: str, give_up: int) -> bool:
        """Note a failure; after ``give_up`` in a row the device is forgotten (whether it was)."""
        with self.engine.begin() as conn:
            conn.execute(update(push_subscriptions)
                         .where(push_subscriptions.c.id == subscription_id)
                         .values(failures=push_subscriptions.c.failures + 1,
                                 last_failure=reason[:80], last_failure_at=now()))
            dropped = conn.execute(delete(push_subscriptions).where(
                push_subscriptions.c.id == subscription_id,
                push_subscriptions.c.failures >= give_up))
            return dropped.rowcount > 0

    def delivered(self, subscription_id: int) -> None:
        """A push went through: the failures in a row start again from none."""
        with self.engine.begin() as conn:
            conn.execute(update(push_subscriptions).where(
                push_subscriptions.c.id == subscription_id, push_subscriptions.c.failures > 0)
                .values(failures=0))

    def forget_user(self, user_id: int) -> int:
        """Every device of a deleted account; how many."""
        with self.engine.begin() as conn:
            done = conn.execute(delete(push_subscriptions)
                                .where(push_subscriptions.c.user_id == user_id))
            return int(done.rowcount)

    def export(self, user_id: int) -> list[dict[str, Any]]:
        """The user's devices, for their data export."""
        return [{"endpoint": row["endpoint"], "p256dh": row["p256dh"], "auth": row["auth"],
                 "lang": row["lang"], "created_at": _iso(row["created_at"]),
                 "last_failure_at": _iso(row["last_failure_at"]),
                 "last_failure": row["last_failure"], "failures": row["failures"]}
                for row in self.subscriptions_of(user_id)]


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()
