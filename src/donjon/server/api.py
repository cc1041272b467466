"""The JSON API of the lobby and the tables. Accounts are in ``accounts``; the live table is the
WebSocket in ``live``. What a caller is sent of a running table is only its own seat's share:
the seed, the record and the replay open once the game is over (or the table is closed)."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar, Literal

from fastapi import APIRouter, Request, Response
from pydantic import Field

import donjon
from donjon.engine.action import thaw
from donjon.server.catalogue import game_catalogue, items_of, playable_games
from donjon.server.display import value_label
from donjon.server.errors import ApiError
from donjon.server.fanout import label_of, log_entries
from donjon.server.i18n import LANGS
from donjon.server.movelog import OLD_RULES
from donjon.server.session import (
    REFUSALS,
    Body,
    CheckedRoute,
    check_csrf,
    lang_of,
    manager_of,
    require_user,
    session_required,
    user_of,
    user_or_guest,
)

router = APIRouter(route_class=CheckedRoute, responses=REFUSALS, tags=["tables"])


def _lang(request: Request, lang: str | None) -> str:
    """The language asked for (``?lang=``), else the caller's."""
    if lang is None:
        return lang_of(request)
    if lang not in LANGS:
        raise ApiError(400, "http", detail=f"no language {lang[:10]!r}; languages: en, fr")
    return lang


@router.get("/api/games")
async def games_api(request: Request, lang: str | None = None) -> dict[str, Any]:
    """Every game for the table form, its options and bot levels in the caller's language."""
    return {"games": game_catalogue(_lang(request, lang))}


@router.get("/api/games/{name}/catalogue")
async def catalogue_api(request: Request, name: str, lang: str | None = None) -> dict[str, Any]:
    """Every card, character, building... of a game, with its name and what it does, and the
    names of its score categories and tie-breaks, in ``lang`` (the caller's by default)."""
    if name not in playable_games():
        raise ApiError(404, "bad_game", game=name[:40])
    return items_of(name, _lang(request, lang))


def _check_options(game_name: Any, options: Any, lang: str) -> None:
    """Each option's value, refused in the caller's words: the option's label and the names of
    the values it allows (the set-up as a whole is ``Game.check``'s, in ``TableManager``)."""
    if not isinstance(game_name, str) or game_name not in playable_games():
        return
    if not isinstance(options, dict):
        return
    game = donjon.load(game_name)
    for option in game.options:
        if option.name not in options or option.choices is None:
            continue
        try:
            option.validate(options[option.name])
        except (ValueError, TypeError):
            label = option.label.get(lang) or option.label.get("en") or option.name
            allowed = ", ".join(value_label(option, c, lang) for c in option.choices)
            raise ApiError(400, "bad_options", key="err_bad_option", option=label,
                           allowed=allowed, fields={"option": option.name}) from None


@router.get("/api/tables")
async def tables_api(request: Request) -> dict[str, Any]:
    return await manager_of(request).listing()


class SeatSpec(Body):
    """A seat of a new table: a person's (free until someone sits), or a bot's at a level
    (``easy``, ``normal``, ``hard``, or any bot name ``/api/games`` lists)."""

    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, min_length=1, max_length=40)


class TableSpec(Body):
    """A new table: the game, how many players, its options (the game's, and the table's own
    settings from ``/api/table-settings``), each seat, whether the creator sits (the first
    person's seat) and whether it starts at once (by default when every other seat is a bot)."""

    game: str = Field(min_length=1, max_length=40,
                      json_schema_extra={"enum": list(playable_games())})
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] | None = None
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    sit: bool = True
    start: bool | None = None
    refusals: ClassVar[dict[str, tuple[int, str]]] = {
        "game": (400, "bad_game"), "players": (400, "bad_players"),
        "options": (400, "bad_options"), "seats": (400, "bad_seats"),
        "sit": (400, "bad_flag"), "start": (400, "bad_flag")}


class SeatChoice(Body):
    """The seat to take (0 is the first)."""

    seat: int = Field(ge=0, le=15)
    refusals: ClassVar[dict[str, tuple[int, str]]] = {"seat": (400, "bad_seat")}


class Move(Body):
    """A move: its identity ``{"kind", "args"}`` as ``/api/tables/<id>`` lists it (or, for
    scripts, its text); the version of the table the mover saw (required: a second click on
    one sight of the table is refused, not played twice); optionally the seat, which must be
    the caller's."""

    action: dict[str, Any] | str = Field(description="{kind, args}, or the action's text")
    version: int = Field(ge=0)
    seat: int | None = Field(default=None, ge=0, le=15)
    refusals: ClassVar[dict[str, tuple[int, str]]] = {
        "action": (400, "bad_action"), "version": (400, "bad_version"),
        "seat": (400, "bad_seat")}


class Undo(Body):
    """Take back the seat's last move, having seen ``version``."""

    version: int = Field(ge=0)
    seat: int | None = Field(default=None, ge=0, le=15)
    refusals: ClassVar[dict[str, tuple[int, str]]] = {
        "version": (400, "bad_version"), "seat": (400, "bad_seat")}


@router.post("/api/tables", status_code=201)
async def create_table(request: Request, response: Response, body: TableSpec) -> dict[str, Any]:
    """A new table; a visitor without a session becomes a guest."""
    check_csrf(request)
    _check_options(body.game, body.options, lang_of(request))
    user = await user_or_guest(request, response)
    manager = manager_of(request)
    seats = [seat.model_dump(exclude_none=True) for seat in body.seats]
    table = await manager.create(
        user["id"], user["name"], body.game, body.players, body.options, seats, sit=body.sit,
    )
    # the creator sits and every other seat is a bot: nobody to wait for, the game starts
    alone = body.sit and [s.kind for s in table.seats].count("human") == 1
    if body.start if body.start is not None else alone:
        await manager.start(table, user["id"])
    return {"table": table.info(), "url": f"/table/{table.id}"}


@router.get("/api/tables/{table_id}")
async def table_api(request: Request, table_id: str) -> dict[str, Any]:
    """A table and the caller's share of it: their seat's view, actions and log."""
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await user_of(request)
    seat = table.seat_of(user["id"]) if user else None
    return {"table": table.info(),
            "state": manager.state_message(table, seat, lang=lang_of(request))}


@router.post("/api/tables/{table_id}/join")
async def join_table(request: Request, response: Response, table_id: str,
                     body: SeatChoice) -> dict[str, Any]:
    """Take a free seat; a visitor without a session becomes a guest."""
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await user_or_guest(request, response)
    await manager.join(table, user["id"], user["name"], body.seat)
    return {"table": table.info()}


@router.post("/api/tables/{table_id}/leave")
@session_required
async def leave_table(request: Request, table_id: str) -> dict[str, Any]:
    """Leave one's seat at a table that has not started."""
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    await manager.leave(table, user["id"])
    return {"table": table.info()}


@router.post("/api/tables/{table_id}/start")
@session_required
async def start_table(request: Request, table_id: str) -> dict[str, Any]:
    """Start the game (its creator, or a seated player), once every person's seat is taken."""
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    await manager.start(table, user["id"])
    return {"table": table.info()}


@router.post("/api/tables/{table_id}/moves")
@session_required
async def move(request: Request, table_id: str, body: Move) -> dict[str, Any]:
    """Play a move for the seat the caller holds."""
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    version = await manager.move(table, user["id"], body.action, body.version, body.seat)
    return {"version": version, "status": table.status}


@router.post("/api/tables/{table_id}/undo")
@session_required
async def undo(request: Request, table_id: str, body: Undo) -> dict[str, Any]:
    """Take back the caller's last move (their own, while it is still their turn)."""
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    version = await manager.undo(table, user["id"], body.version, body.seat)
    return {"version": version, "status": table.status}


def _ended(table_status: str) -> None:
    if table_status not in ("finished", "closed"):
        raise ApiError(403, "not_finished")


@router.get("/api/tables/{table_id}/record")
async def record(request: Request, table_id: str) -> dict[str, Any]:
    """The game record (format 2): moves as ``[seat, kind, args, text]``."""
    manager = manager_of(request)
    table = await manager.get(table_id)
    _ended(table.status)
    return await manager.record(table)


@router.get("/api/tables/{table_id}/replay")
async def replay_api(
    request: Request, table_id: str, step: int = 0, seat: int | None = None
) -> dict[str, Any]:
    """The table after ``step`` standing moves, as ``seat`` (or a spectator) saw it, with its
    log's sentences in the caller's language; ``move`` is the last of them,
    ``[seat, kind, args, text]``, and ``move_label`` what a person reads for it."""
    table = await manager_of(request).get(table_id)
    _ended(table.status)
    if table.state is None:  # its rules version is gone: the record remains, not the replay
        raise ApiError(409, OLD_RULES, version=table.game_version)
    record = table.state.record()
    total = len(record["moves"])
    if not 0 <= step <= total:
        raise ApiError(400, "bad_step", total=total)
    if seat is not None and not 0 <= seat < table.players:
        raise ApiError(400, "bad_seat", seat=seat, last=table.players - 1)
    state = await asyncio.to_thread(donjon.replay, record, step)
    last = state.moves[-1] if state.moves else None
    lang = lang_of(request)
    names = table.names(lang)
    return {
        "step": step, "total": total, "seat": seat,
        "view": state.view(seat),
        "log": log_entries(state.game, state.log(seat), seat, lang, names),
        "move": [last[0], last[1].kind, thaw(last[1].args), last[1].text] if last else None,
        "move_label": label_of(state.game, last[1], lang, names) if last else None,
        "table": table.info(),
    }
