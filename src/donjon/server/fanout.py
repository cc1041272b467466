"""Live updates: each connection's queue, and what each seat is sent after a change.

Every message is computed for the connection's own seat (spectators get ``view(None)``) and
never carries the last action's text: another seat's secret choice reads in it (a draft pick).
What a seat may learn of a move is in its view and its log.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from donjon.server.tables import LiveTable

#: a connection falling this many messages behind is dropped; its client reconnects and resyncs
MAX_QUEUE = 200


class Connection:
    """One WebSocket (or any sink): the user behind it and a queue of outgoing messages."""

    def __init__(self, user_id: int | None):
        self.user_id = user_id
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        #: the WebSocket close code and reason once closed (a client reconnects on any of them)
        self.close_code = 4408
        self.close_reason = "too far behind; reconnect"

    def push(self, message: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.close()
            return
        self.queue.put_nowait(message)

    def close(self, code: int | None = None, reason: str | None = None) -> None:
        if not self.closed:
            self.closed = True
            if code is not None:
                self.close_code, self.close_reason = code, reason or ""
            self.queue.put_nowait(None)


def state_message(table: LiveTable, seat: int | None, log_from: int = 0) -> dict[str, Any]:
    """What ``seat`` may know of the table now: its view, its legal actions, its log."""
    state = table.state
    message: dict[str, Any] = {
        "type": "state", "table": table.id, "status": table.status,
        "version": table.version, "seat": seat,
    }
    if state is None:
        message.update(view=None, legal=[], log_from=0, log=[], to_move=[])
        return message
    message["view"] = state.view(seat)
    message["legal"] = [a.text for a in state.legal_actions(seat)] if seat is not None else []
    message["to_move"] = state.to_move()
    message["log_from"] = log_from
    message["log"] = state.log(seat, log_from)  # redacts only the new events, not the whole log
    message["moves"] = len(state.moves)
    return message


class Fanout:
    """The table manager's side that talks to connections (mixed into ``TableManager``)."""

    def state_message(self, table: LiveTable, seat: int | None, log_from: int = 0) -> dict:
        return state_message(table, seat, log_from)

    def _broadcast_state(self, table: LiveTable, log_from: int) -> None:
        if not table.connections:
            return
        by_seat: dict[int | None, str] = {}  # one view per seat per move, however many watch
        for conn in list(table.connections):
            text = by_seat.get(conn.seat)
            if text is None:
                text = by_seat[conn.seat] = json.dumps(state_message(table, conn.seat, log_from))
            conn.push(text)

    def _table_changed(self, table: LiveTable) -> None:
        self._lobby_changed()
        if not table.connections:
            return
        text = json.dumps({"type": "table", "table": table.info()})
        for conn in list(table.connections):
            conn.seat = table.seat_of(conn.user_id)  # a seat taken or left changes what it sees
            conn.push(text)

    def connect(self, table: LiveTable, conn: Connection) -> None:
        table.connections.add(conn)
        self.sync(table, conn)

    def disconnect(self, table: LiveTable, conn: Connection) -> None:
        table.connections.discard(conn)
        conn.close()

    def disconnect_user(self, user_id: int, code: int, reason: str) -> None:
        """Close every connection of ``user_id`` (who logged out), on every table."""
        for table in [*self.tables.values(), *self.finished.values()]:
            for conn in list(table.connections):
                if conn.user_id == user_id:
                    conn.close(code, reason)

    def sync(self, table: LiveTable, conn: Connection) -> None:
        """Everything again, from the start of the log: a new or lagging client catches up."""
        conn.seat = table.seat_of(conn.user_id)
        conn.push(json.dumps({"type": "table", "table": table.info()}))
        conn.push(json.dumps(state_message(table, conn.seat, 0)))
