"""The API of a table's life (issue #11): the table settings the lobby form draws, resigning,
rematches and invitations, chat and muting, a player's own tables ("your turn"), and turn
notices by e-mail. Bodies are Pydantic models (``session.Body``: strict, no unknown field)."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from fastapi import APIRouter, Request, Response
from pydantic import Field

from donjon.server.errors import ApiError
from donjon.server.session import (
    Body,
    CheckedRoute,
    check_csrf,
    lang_of,
    manager_of,
    require_user,
    user_of,
    user_or_guest,
)
from donjon.server.tablesettings import settings_json

router = APIRouter(route_class=CheckedRoute)

EMAIL = re.compile(r"^[^@\s<>\"]{1,64}@[^@\s<>\"]{1,190}\.[^@\s<>\".]{2,}$")


class InviteBody(Body):
    names: list[str] = Field(min_length=1, max_length=16)
    refusal: ClassVar[tuple[int, str] | None] = (400, "bad_invite")


class ChatBody(Body):
    text: str = Field(max_length=4000)
    refusal: ClassVar[tuple[int, str] | None] = (400, "chat_empty")


class ChatSettingsBody(Body):
    spectators: bool


class MuteBody(Body):
    user_id: int
    muted: bool = True


class NotifyBody(Body):
    turn_email: bool
    email: str | None = Field(default=None, max_length=254)


@router.get("/api/table-settings")
async def table_settings(request: Request) -> dict[str, Any]:
    """The table's own settings for the creation form (clock, private, spectators' chat), each
    shaped like a game's option in ``/api/games``; they are sent in ``options`` with the game's."""
    return {"settings": settings_json(lang_of(request))}


@router.post("/api/tables/{table_id}/resign")
async def resign(request: Request, table_id: str) -> dict[str, Any]:
    """Resign: a bot plays the caller's seat to the end, and they rank last."""
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    await manager.resign(table, user["id"])
    return {"table": table.info()}


@router.post("/api/tables/{table_id}/rematch", status_code=201)
async def rematch(request: Request, table_id: str) -> dict[str, Any]:
    """A new table with the same game, players and options; the other players are invited.
    Asked by several players, it is one table."""
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    new = await manager.rematch(table, user["id"], user["name"])
    return {"table": new.info(), "url": f"/table/{new.id}"}


@router.post("/api/tables/{table_id}/invite")
async def invite(request: Request, table_id: str, body: InviteBody) -> dict[str, Any]:
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    return await manager.invite(table, user["id"], body.names)


@router.get("/api/tables/{table_id}/chat")
async def chat_history(request: Request, table_id: str) -> dict[str, Any]:
    """The table's chat (the latest 200 messages), less the people the caller muted; each with
    ``version``, the table's version when it was sent (where a replay shows it)."""
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await user_of(request)
    muted = await manager.db(manager.life.muted_by, user["id"]) if user else set()
    return {"messages": await manager.chat_history(table, muted)}


@router.post("/api/tables/{table_id}/chat")
async def chat(request: Request, response: Response, table_id: str,
               body: ChatBody) -> dict[str, Any]:
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await user_or_guest(request, response)
    return {"message": await manager.chat(table, user["id"], body.text, user["name"])}


@router.post("/api/tables/{table_id}/chat-settings")
async def chat_settings(request: Request, table_id: str,
                        body: ChatSettingsBody) -> dict[str, Any]:
    """The table's creator lets spectators chat, or not."""
    check_csrf(request)
    manager = manager_of(request)
    table = await manager.get(table_id)
    user = await require_user(request)
    await manager.set_spectator_chat(table, user["id"], body.spectators)
    return {"table": table.info()}


@router.post("/api/mutes")
async def mute(request: Request, body: MuteBody) -> dict[str, Any]:
    """Mute another player (``muted`` false: no longer): their chat messages are not sent to
    the caller, at any table."""
    check_csrf(request)
    manager = manager_of(request)
    user = await require_user(request)
    if await manager.db(manager.store.user, body.user_id) is None:
        raise ApiError(404, "no_user", names=str(body.user_id))
    connections = [c for t in manager.tables.values() for c in t.connections]
    await manager.mute(user["id"], body.user_id, body.muted, connections)
    return {"muted": sorted(await manager.db(manager.life.muted_by, user["id"]))}


@router.get("/api/my/tables")
async def my_tables(request: Request) -> dict[str, Any]:
    """The caller's own tables: ``your_turn`` (running, their seat to move), ``playing`` (the
    rest of their open and running tables) and ``invitations``."""
    user = await user_of(request)
    if user is None:
        return {"your_turn": [], "playing": [], "invitations": []}
    return await manager_of(request).my_tables(user["id"])


@router.get("/api/notifications")
async def notifications(request: Request) -> dict[str, Any]:
    manager = manager_of(request)
    user = await require_user(request)
    prefs = await manager.db(manager.life.notify_prefs, user["id"])
    return {**prefs, "email_available": manager.notifier.smtp is not None}


@router.post("/api/notifications")
async def set_notifications(request: Request, body: NotifyBody) -> dict[str, Any]:
    """Opt in (or out) of an e-mail when it is the caller's turn at a turn-based table they do
    not have open; ``email``: where to (their account's address if none)."""
    check_csrf(request)
    manager = manager_of(request)
    user = await require_user(request)
    email = body.email.strip() if body.email else None
    if email and not EMAIL.match(email):
        raise ApiError(400, "bad_email")
    await manager.db(manager.life.set_notify_prefs, user["id"], body.turn_email, email)
    return await manager.db(manager.life.notify_prefs, user["id"])
