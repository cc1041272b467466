"""The live table: one WebSocket per browser tab at ``/ws/tables/<id>``.

The connection needs a same-site ``Origin`` and the session cookie, or, for a visitor without a
session, ``?watch=1``: then it is a spectator's, which may not act. It is sent only its own seat's
view (spectators ``view(None)``), and it may act only for the seat its user holds. Logging out
closes the user's connections (code 4401).
"""

from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from donjon.server.errors import TableError
from donjon.server.fanout import Connection
from donjon.server.i18n import t
from donjon.server.session import lang_of, manager_of, same_origin, user_of

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str):
    if not same_origin(websocket):
        await websocket.close(code=4403, reason="cross-site WebSocket refused")
        return
    user = await user_of(websocket)
    if user is None and websocket.query_params.get("watch") != "1":
        await websocket.close(code=4401, reason="log in or play as a guest first")
        return
    manager = manager_of(websocket)
    try:
        table = await manager.get(table_id)
    except TableError:
        await websocket.close(code=4404, reason="no such table")
        return
    lang = lang_of(websocket)
    await websocket.accept()
    conn = Connection(user["id"] if user is not None else None)  # None: an anonymous spectator
    manager.connect(table, conn)

    def refuse(code: str, **args) -> None:
        conn.push(json.dumps({"type": "error", "error": code,
                              "message": t(lang, f"err_{code}", **args)}))

    async def sender():
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
            message = _parse(frame.get("text"))  # a binary frame has no text: refused below
            kind = message.get("type") if message is not None else None
            if conn.closed:  # logged out, or too far behind: the sender is hanging up
                break
            if kind == "act":
                try:
                    await manager.move(table, conn.user_id, message.get("action"),
                                       message.get("version"))
                except TableError as error:
                    refuse(error.code, detail=error.detail, **error.args_)
            elif kind == "sync":
                manager.sync(table, conn)
            elif kind == "ping":
                conn.push('{"type": "pong"}')
            else:
                refuse("not_json")
    except WebSocketDisconnect:
        pass
    finally:
        manager.disconnect(table, conn)
        task.cancel()


def _parse(text: str | None) -> dict | None:
    if text is None:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None
