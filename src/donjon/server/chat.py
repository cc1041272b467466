"""Chat at every table (mixed into ``TableManager``): persisted with the table, shown to its
seated players and spectators, rate-limited and length-limited; a message is plain text (the
page writes it as text, never as HTML); a spectator may chat unless the table's creator turned
it off; a person muting another no longer receives their messages, anywhere. Replays show the
chat of the table, each message at the move it was sent after.
"""

from __future__ import annotations

import functools
import json
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from donjon.server.errors import TableError
from donjon.server.lifestore import LifeStore
from donjon.server.quotas import Limits

if TYPE_CHECKING:
    from donjon.server.fanout import Connection
    from donjon.server.tables import LiveTable

T = TypeVar("T")

#: how far back a chat message another process stored is looked for (it is the latest or nearly)
CHAT_LOOKBACK = 50

#: control characters (a newline included): a message is one line of text
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+")


def clean(text: Any, limit: int) -> str:
    if not isinstance(text, str):
        raise TableError(400, "chat_empty")
    body = CONTROL.sub(" ", text).strip()
    if not body:
        raise TableError(400, "chat_empty")
    if len(body) > limit:
        raise TableError(400, "chat_too_long", limit=limit)
    return body


class TableChat:
    life: LifeStore
    limits: Limits

    if TYPE_CHECKING:  # the table manager's own, for the type checker
        async def db(self, fn: Callable[..., T], *args: Any) -> T:
            ...

        def _table_changed(self, table: LiveTable) -> None:
            ...

        def _announce_chat(self, table: LiveTable, message_id: int) -> None:
            ...

    async def check_rate(self, user_id: int, name: str, per_10s: int) -> None:
        """One more event of ``name`` by ``user_id``: refused (429) beyond ``per_10s`` in the
        current 10 seconds (a counter in the database)."""
        if not self.limits.enforced:
            return
        hits = await self.db(self.life.hit, f"{name}:{user_id}", int(time.time() // 10), 10)
        if hits > per_10s:
            raise TableError(429, f"{name}_rate", headers={"retry-after": "10"})

    async def chat(self, table: LiveTable, user_id: int | None, text: Any,
                   name: str | None = None) -> dict[str, Any]:
        if user_id is None:
            raise TableError(401, "login_required")
        body = clean(text, self.limits.chat_length)
        seat = table.seat_of(user_id)
        player = seat is not None or any(s.user_id == user_id for s in table.seats)
        if not player and not table.settings.get("spectator_chat", True):
            raise TableError(403, "spectator_chat_off")
        await self.check_rate(user_id, "chat", self.limits.chat_per_10s)
        message = await self.db(self.life.add_message, table.id, user_id, seat, table.version,
                                body)
        message["name"] = name
        self._push_chat(table, message)
        self._announce_chat(table, message["id"])
        return message

    def _push_chat(self, table: LiveTable, message: dict[str, Any]) -> None:
        text_out = json.dumps({"type": "chat", "message": message}, ensure_ascii=False)
        for conn in list(table.connections):
            if message["user_id"] not in conn.muted:
                conn.push(text_out)

    async def _relay_chat(self, table: LiveTable, message_id: int) -> None:
        """A chat message another process stored, told to this process's connections."""
        for message in await self.db(self.life.messages, table.id, CHAT_LOOKBACK):
            if message["id"] == message_id:
                self._push_chat(table, message)
                return

    async def chat_history(self, table: LiveTable, muted: set[int]) -> list[dict[str, Any]]:
        messages = await self.db(self.life.messages, table.id)
        return [m for m in messages if m["user_id"] not in muted]

    async def send_chat_history(self, table: LiveTable, conn: Connection) -> None:
        if conn.user_id is not None:
            conn.muted = await self.db(self.life.muted_by, conn.user_id)
        history = await self.chat_history(table, conn.muted)
        if history:  # a table without chat sends nothing more than before
            conn.push(json.dumps({"type": "chat_history", "messages": history},
                                 ensure_ascii=False))

    async def set_spectator_chat(self, table: LiveTable, user_id: int, allowed: bool) -> None:
        if user_id != table.created_by:
            raise TableError(403, "not_creator")
        table.settings = {**table.settings, "spectator_chat": allowed}
        await self.db(functools.partial(self.life.set_life, table.id, settings=table.settings,
                                        keep_wake=True))
        self._table_changed(table)

    async def mute(self, user_id: int, other: int, muted: bool,
                   connections: list[Connection]) -> None:
        if other == user_id:
            raise TableError(400, "mute_self")
        await self.db(self.life.set_mute, user_id, other, muted)
        for conn in connections:
            if conn.user_id == user_id:
                (conn.muted.add if muted else conn.muted.discard)(other)
