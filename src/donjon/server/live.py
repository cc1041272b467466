"""The live table: one WebSocket per browser tab at ``/ws/tables/<id>``.

The connection needs a same-site ``Origin`` and the session cookie, or, for a visitor without a
session, ``?watch=1``: then it is a spectator's, which may not act. It is sent only its own seat's
view (spectators ``view(None)``), and it may act only for the seat its user holds: a move
(``{"type": "act", "action": {"kind", "args"}, "version"}``) or taking its last move back
(``{"type": "undo", "version"}``). Each one is answered on its own connection: ``{"type":
"accepted", "version"}`` (the version it made, whose state came before it) or an ``error``; a
state in between may be another seat's move (simultaneous choices), not the answer; the
``table`` message that opens the connection says so with ``"answers": true``. Logging out
closes the user's connections (code 4401).

Chat: ``{"type": "chat", "text"}`` sends a message (``chat``); the connection receives the
table's chat (``chat_history`` when it opens, then each ``chat`` message), less the people its
user muted.

A refused connection is accepted and then closed with the code the protocol documents (4401 no
session, 4403 another site, 4404 no such table): a browser sees that code, where a refusal at
the handshake would only show a failed connection (HTTP 403). A frame that is not a JSON object
(one nested too deep included) gets an error frame; the connection stays open.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from donjon.server.errors import Refused, TableError
from donjon.server.fanout import Connection, json_text
from donjon.server.session import (
    NO_TABLE,
    frame_of,
    lang_of,
    manager_of,
    refusal_body,
    refuse_socket,
    socket_user,
)

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    admitted, user = await socket_user(websocket)
    if not admitted:
        return
    manager = manager_of(websocket)
    try:
        table = await manager.get(table_id)
    except TableError:
        await refuse_socket(websocket, NO_TABLE, "no such table")
        return
    lang = lang_of(websocket)
    await websocket.accept()
    # user None: an anonymous spectator; everything it reads comes in its language
    conn = Connection(user["id"] if user is not None else None, lang)
    manager.connect(table, conn)
    await manager.send_chat_history(table, conn)

    def refuse(error: Refused) -> None:
        conn.push(json_text({"type": "error", **refusal_body(lang, error)}))

    async def sender() -> None:
        while True:
            message = await conn.queue.get()
            if message is None:
                await websocket.close(code=conn.close_code, reason=conn.close_reason)
                return
            await websocket.send_text(message)

    task = asyncio.create_task(sender())
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            message = frame_of(frame.get("text"))  # a binary frame has no text: refused below
            kind = message.get("type") if message is not None else None
            if conn.closed:  # logged out, or too far behind: the sender is hanging up
                break
            if message is not None and kind in ("act", "undo"):
                try:
                    if kind == "act":
                        version = await manager.move(table, conn.user_id, message.get("action"),
                                                     message.get("version"))
                    else:
                        version = await manager.undo(table, conn.user_id, message.get("version"))
                except TableError as error:
                    refuse(error)
                else:
                    # after the state it made, which this process pushed first: the page
                    # waits for this, not for the next state (another seat's may come between)
                    conn.push(json_text({"type": "accepted", "version": version}))
            elif kind == "chat" and message is not None:
                try:
                    await manager.chat(table, conn.user_id, message.get("text"),
                                       user["name"] if user is not None else None)
                except TableError as error:
                    refuse(error)
            elif kind == "sync":
                manager.sync(table, conn)
            elif kind == "ping":
                conn.push('{"type": "pong"}')
            else:
                refuse(TableError(400, "not_json"))
    except WebSocketDisconnect:
        pass
    finally:
        manager.disconnect(table, conn)
        task.cancel()
