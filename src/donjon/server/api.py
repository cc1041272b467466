"""The JSON API of the lobby and the tables. Accounts are in ``accounts``; the live table is the
WebSocket in ``live``. What a caller is sent of a running table is only its own seat's share:
the seed, the record and the replay open once the game is over."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request, Response

import donjon
from donjon.server.catalogue import game_catalogue
from donjon.server.errors import ApiError
from donjon.server.session import (
    body_of,
    check_csrf,
    flag,
    manager_of,
    require_user,
    user_of,
    user_or_guest,
)

router = APIRouter()


@router.get("/api/games")
async def games_api():
    return {"games": game_catalogue()}


@router.get("/api/tables")
async def tables_api(request: Request):
    return await manager_of(request).listing()


@router.post("/api/tables", status_code=201)
async def create_table(request: Request, response: Response):
    check_csrf(request)
    data = await body_of(request)
    sit, start = flag(data, "sit", True), flag(data, "start", False)
    user = await user_or_guest(request, response)
    manager = manager_of(request)
    table = await manager.create(
        user["id"], user["name"], data.get("game"), data.get("players"),
        data.get("options"), data.get("seats"), sit=sit,
    )
    if start:
        await manager.start(table, user["id"])
    return {"table": table.info(), "url": f"/table/{table.id}"}


@router.get("/api/tables/{table_id}")
async def table_api(request: Request, table_id: str):
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await user_of(request)
    seat = table.seat_of(user["id"]) if user else None
    return {"table": table.info(), "state": manager.state_message(table, seat)}


@router.post("/api/tables/{table_id}/join")
async def join_table(request: Request, response: Response, table_id: str):
    check_csrf(request)
    data = await body_of(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await user_or_guest(request, response)
    await manager.join(table, user["id"], user["name"], data.get("seat"))
    return {"table": table.info()}


@router.post("/api/tables/{table_id}/leave")
async def leave_table(request: Request, table_id: str):
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    await manager.leave(table, user["id"])
    return {"table": table.info()}


@router.post("/api/tables/{table_id}/start")
async def start_table(request: Request, table_id: str):
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    await manager.start(table, user["id"])
    return {"table": table.info()}


@router.post("/api/tables/{table_id}/moves")
async def move(request: Request, table_id: str):
    check_csrf(request)
    data = await body_of(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    version = await manager.move(
        table, user["id"], data.get("action"), data.get("version"), data.get("seat")
    )
    return {"version": version, "status": table.status}


@router.get("/api/tables/{table_id}/record")
async def record(request: Request, table_id: str):
    table = await manager_of(request).get(table_id)
    if table.status != "finished":
        raise ApiError(403, "not_finished")
    return table.state.record()


@router.get("/api/tables/{table_id}/replay")
async def replay_api(request: Request, table_id: str, step: int = 0, seat: int | None = None):
    table = await manager_of(request).get(table_id)
    if table.status != "finished":
        raise ApiError(403, "not_finished")
    total = len(table.state.moves)
    if not 0 <= step <= total:
        raise ApiError(400, "bad_step", total=total)
    if seat is not None and not 0 <= seat < table.players:
        raise ApiError(400, "bad_seat", seat=seat, last=table.players - 1)
    state = await asyncio.to_thread(donjon.replay, table.state.record(), step)
    return {
        "step": step, "total": total, "seat": seat,
        "view": state.view(seat), "log": state.log(seat),
        "move": [state.moves[-1][0], state.moves[-1][1].text] if state.moves else None,
        "table": table.info(),
    }
