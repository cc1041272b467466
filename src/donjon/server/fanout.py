"""Live updates: each connection's queue, and what each seat is sent after a change.

Every message is computed for the connection's own seat (spectators get ``view(None)``) and
language, and never carries the last action's text: another seat's secret choice reads in it (a
draft pick). What a seat may learn of a move is in its view and its log; of its own moves,
whether it may take the last one back (``can_undo``). Everything a person reads is rendered
here, in the connection's language and naming players by their names: the labels of the seat's
legal actions, the "what to do now" line, and each log entry's sentence. After a move, a message
is made once per distinct (seat, language) among the connections, however many watch.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import orjson

from donjon.engine import Game, text
from donjon.engine.action import Action, thaw

if TYPE_CHECKING:
    from donjon.server.tables import LiveTable

#: a connection falling this many messages behind is dropped; its client reconnects and resyncs
MAX_QUEUE = 200

log = logging.getLogger("donjon.server")


class Connection:
    """One WebSocket (or any sink): the user behind it and a queue of outgoing messages."""

    def __init__(self, user_id: int | None, lang: str = "en") -> None:
        self.user_id = user_id
        self.lang = lang
        self.seat: int | None = None
        #: the people whose chat messages this connection's user does not want
        self.muted: set[int] = set()
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


def json_text(message: dict[str, Any]) -> str:
    """A message to a socket as JSON text (non-ASCII as is). orjson, not the standard module:
    a move sends a state message to each seat, and encoding them was a tenth of the server's
    time under load."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def action_json(action: Action, label: str) -> dict[str, Any]:
    """A legal action as the client receives it: its identity (what it sends back), its text
    (the terminal's alias) and its label (what a person reads)."""
    return {"kind": action.kind, "args": thaw(action.args), "text": action.text, "label": label}


# A game's words failing must not stop a table whose move is already stored: a player gets a
# plainer text and the server log the error. Under test (``text.STRICT``) it raises, to be fixed.

def label_of(game: Game, action: Action, lang: str, names: list[str]) -> str:
    try:
        return text.label(game, action, lang, names)
    except Exception:
        if text.STRICT:
            raise
        log.exception("%s: no label for %r", game.name, action)
        return action.text


def prompt_of(game: Game, view: dict[str, Any], lang: str, names: list[str]) -> str:
    try:
        return text.prompt(game, view, lang, names)
    except Exception:
        if text.STRICT:
            raise
        log.exception("%s: no prompt", game.name)
        return ""


def sentence_of(game: Game, event: dict[str, Any], seat: int | None, lang: str,
                names: list[str]) -> str:
    try:
        return text.describe(game, event, seat, lang, names)
    except Exception:
        if text.STRICT:
            raise
        log.exception("%s: no sentence for event %s", game.name, event.get("key"))
        return ""


def log_entries(game: Game, events: list[dict[str, Any]], seat: int | None, lang: str,
                names: list[str]) -> list[dict[str, Any]]:
    """Log events (already redacted for ``seat``) with their sentences in ``lang``."""
    return [{"key": event["key"], "args": event["args"],
             "text": sentence_of(game, event, seat, lang, names)} for event in events]


def state_message(table: LiveTable, seat: int | None, log_from: int = 0,
                  lang: str = "en") -> dict[str, Any]:
    """What ``seat`` may know of the table now, in ``lang``: its view, its legal actions with
    their labels, the "what to do now" line, its log with sentences, and whether it may take
    its last move back."""
    state = table.state
    message: dict[str, Any] = {
        "type": "state", "table": table.id, "status": table.status,
        "version": table.version, "seat": seat,
    }
    if state is None:
        message.update(view=None, actions=[], prompt="", log_from=0, log=[], to_move=[],
                       can_undo=False, moves=0, clock=None)
        return message
    game = state.game
    names = table.names(lang)
    view = message["view"] = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None else ()
    # an action's label is made once a table, seat and language: most actions come back move
    # after move, and labelling them was a tenth of a message (each dict is shared, never changed)
    shown = table.shown_actions(seat, lang)
    actions = message["actions"] = []
    for action in legal:
        entry = shown.get(action)
        if entry is None:
            entry = shown[action] = action_json(action, label_of(game, action, lang, names))
        actions.append(entry)
    message["prompt"] = prompt_of(game, view, lang, names) if legal else ""
    message["can_undo"] = (seat is not None and table.status == "running"
                           and state.can_undo(seat))
    message["to_move"] = state.to_move()
    message["log_from"] = log_from
    # redacts and words only the new events, not the whole log
    message["log"] = log_entries(game, state.log(seat, log_from), seat, lang, names)
    message["moves"] = len(state.moves)
    # each seat's time left, counted now (the page counts down from it): the server's, never
    # the engine's view, which stays deterministic
    message["clock"] = table.clock.message(time.time()) if table.clock is not None else None
    return message


class Fanout:
    """The table manager's side that talks to connections (mixed into ``TableManager``)."""

    # the table manager's, used here
    tables: dict[str, LiveTable]
    finished: OrderedDict[str, LiveTable]

    if TYPE_CHECKING:  # the table manager's own, for the type checker
        def _lobby_changed(self) -> None:
            ...

        def _announce(self, table: LiveTable, move: bool = False) -> None:
            ...

    def state_message(self, table: LiveTable, seat: int | None, log_from: int = 0,
                      lang: str = "en") -> dict[str, Any]:
        return state_message(table, seat, log_from, lang)

    def _broadcast_state(self, table: LiveTable, log_from: int) -> None:
        if not table.connections:
            return
        # one message per seat and language per move, however many watch
        made: dict[tuple[int | None, str], str] = {}
        for conn in list(table.connections):
            key = (conn.seat, conn.lang)
            message = made.get(key)
            if message is None:
                message = made[key] = json_text(
                    state_message(table, conn.seat, log_from, conn.lang))
            conn.push(message)

    def _table_changed(self, table: LiveTable) -> None:
        """This process changed ``table`` (not its log): everyone is told, here and elsewhere."""
        self._lobby_changed()
        self._tell_table(table)
        self._announce(table)

    def _tell_table(self, table: LiveTable) -> None:
        if not table.connections:
            return
        text = json_text({"type": "table", "table": table.info()})
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
        # ``answers``: this server answers each move on its connection (``accepted``); a page
        # whose socket reaches a process of an older release, during an upgrade, does without
        conn.push(json_text({"type": "table", "table": table.info(), "answers": True}))
        conn.push(json_text(state_message(table, conn.seat, 0, conn.lang)))
