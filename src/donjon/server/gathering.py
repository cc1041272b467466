"""Bringing people to tables (mixed into ``TableManager``): the lobby's lists read from the
database, each player's own tables ("your turn at N tables", invitations), private tables and
invitations by name, rematches, and the quotas on what one person may hold.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import donjon
from donjon.server.catalogue import playable_games
from donjon.server.errors import TableError
from donjon.server.lifestore import LifeStore
from donjon.server.quotas import Limits
from donjon.server.store import TableRow

if TYPE_CHECKING:
    from donjon.server.tables import LiveTable

T = TypeVar("T")

#: the most names one invitation names
MAX_INVITES = 16


def row_info(row: TableRow) -> dict[str, Any]:
    """What the lobby lists of a table, from its row (no replay)."""
    return {
        "id": row.id, "game": row.game,
        "title": donjon.load(row.game).title if row.game in playable_games() else row.game,
        "players": row.players, "status": row.status, "version": row.version,
        "game_version": row.game_version, "closed_reason": row.closed_reason,
        "seats": [{"kind": s["kind"], "user_id": s["user_id"], "name": s["name"],
                   "bot": s["bot"], "replaced": s.get("replaced")} for s in row.seats],
        "result": row.result, "options": row.options, "created_by": row.created_by,
        "to_move": row.to_move or [], "settings": row.settings or {},
        "rematch_of": row.rematch_of,
    }


class TableGathering:
    life: LifeStore
    limits: Limits
    tables: dict[str, LiveTable]

    if TYPE_CHECKING:  # the table manager's own, for the type checker
        async def db(self, fn: Callable[..., T], *args: Any) -> T:
            ...

        async def get(self, table_id: str) -> LiveTable:
            ...

        async def check_rate(self, user_id: int, name: str, per_10s: int) -> None:
            ...

        async def create(self, user_id: int | None, user_name: str | None, game_name: Any,
                         players: Any, options: Any, seats: Any, sit: bool = True,
                         rematch_of: str | None = None) -> LiveTable:
            ...

    # -- quotas ---------------------------------------------------------------------------------

    async def _quota(self, user_id: int) -> tuple[dict[str, int], dict[str, int]]:
        user = await self.db(self.life.store.user, user_id)
        guest = bool(user["guest"]) if user else True
        return self.limits.quota(guest), await self.db(self.life.holdings, user_id)

    async def check_creation(self, user_id: int, bots: int) -> None:
        """A new open table with ``bots`` bot seats: within the creator's quotas and rate."""
        if not self.limits.enforced:
            return
        minute = int(time.time() // 60)
        if await self.db(self.life.hit, f"create:{user_id}", minute, 60) > \
                self.limits.creations_per_minute:
            raise TableError(429, "create_rate", headers={"retry-after": "60"})
        quota, held = await self._quota(user_id)
        if held["open"] >= quota["open"]:
            raise TableError(429, "quota_open", limit=quota["open"])
        if held["bots"] + bots > quota["bots"]:
            raise TableError(429, "quota_bots", limit=quota["bots"])

    async def check_start(self, user_id: int) -> None:
        """Starting one more table of ``user_id``'s: within their running-table quota."""
        if not self.limits.enforced:
            return
        quota, held = await self._quota(user_id)
        if held["running"] >= quota["running"]:
            raise TableError(429, "quota_running", limit=quota["running"])

    async def check_move_rate(self, user_id: int | None) -> None:
        if user_id is not None:
            await self.check_rate(user_id, "move", self.limits.moves_per_10s)

    # -- the lobby ------------------------------------------------------------------------------

    async def lobby_lists(self) -> dict[str, list[dict[str, Any]]]:
        rows = await self.db(self.life.active_rows)
        out: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
        for row in rows:
            if (row.settings or {}).get("private") or row.status not in ("open", "running"):
                continue
            out[row.status].append(row_info(row))
        for row in await self.db(self.life.ended_rows, 20):
            out["finished"].append(row_info(row))
        for key in ("open", "running"):
            out[key].sort(key=lambda t: t["id"])
        return out

    async def my_tables(self, user_id: int) -> dict[str, Any]:
        """A player's own open and running tables: where it is their turn, where they play,
        and the tables they are invited to."""
        rows = await self.db(self.life.rows_of, user_id)
        your_turn, playing, invited = [], [], []
        for row in rows:
            info = row_info(row)
            seat = next((i for i, s in enumerate(row.seats) if s["kind"] == "human"
                         and s["user_id"] == user_id and not s.get("replaced")), None)
            if seat is None:
                if row.status == "open" and not any(s["user_id"] == user_id for s in row.seats):
                    invited.append(info)
                continue
            info["seat"] = seat
            if row.status == "running" and seat in (row.to_move or []):
                your_turn.append(info)
            else:
                playing.append(info)
        return {"your_turn": your_turn, "playing": playing, "invitations": invited}

    # -- private tables, invitations, rematches -------------------------------------------------

    async def invite(self, table: LiveTable, user_id: int, names: Any) -> dict[str, Any]:
        """Invite people by name to an open table (its creator or a seated player may)."""
        if table.status != "open":
            raise TableError(409, "started")
        if user_id != table.created_by and table.seat_of(user_id) is None:
            raise TableError(403, "not_seated")
        if (not isinstance(names, list) or not names or len(names) > MAX_INVITES
                or not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)):
            raise TableError(400, "bad_invite", limit=MAX_INVITES)
        found = await self.db(self.life.users_named, names)
        unknown = [n for n in names if n not in found]
        if unknown:
            raise TableError(404, "no_user", names=", ".join(unknown),
                             fields={"unknown": unknown})
        await self.db(self.life.invite, table.id, list(found.values()), user_id)
        return {"invited": sorted(found)}

    async def rematch(self, table: LiveTable, user_id: int, user_name: str) -> LiveTable:
        """The same game, players and options again, at a new table: its creator sits where
        they sat, the other people are invited to theirs (a private table), bots stay bots.
        Asked twice (by each player), it is the same new table."""
        if table.status not in ("finished", "closed"):
            raise TableError(409, "not_finished")
        mine = next((i for i, s in enumerate(table.seats)
                     if s.kind == "human" and s.user_id == user_id), None)
        if mine is None:
            raise TableError(403, "not_seated")
        existing = await self.db(self.life.rematch_of, table.id)
        if existing is not None:
            return await self.get(existing)
        seats = [{"kind": "human"} if s.kind == "human" else {"kind": "bot", "bot": s.bot}
                 for s in table.seats]
        settings = {k: v for k, v in table.settings.items()}
        settings["private"] = True
        new = await self.create(user_id, user_name, table.game, table.players,
                                {**table.options, **settings}, seats, sit=False,
                                rematch_of=table.id)
        others = [s.user_id for s in table.seats
                  if s.kind == "human" and s.user_id is not None and s.user_id != user_id]
        await self.join(new, user_id, user_name, mine)
        if others:
            await self.db(self.life.invite, new.id, others, user_id)
        told = json.dumps({"type": "rematch", "table": new.id, "url": f"/table/{new.id}"})
        for conn in list(table.connections):  # the other players, still on the old table
            conn.push(told)
        return new

    if TYPE_CHECKING:  # the table manager's own, for the type checker
        async def join(self, table: LiveTable, user_id: int, user_name: str, seat: Any) -> None:
            ...
