"""Who is asking, and may they: the session cookie, guests, the CSRF check, the request body,
and the JSON form of every refusal.

- a session is a signed cookie (``donjon_session``, HttpOnly, SameSite=Lax) naming the user
  and their session generation (``users.session_epoch``); logging out bumps the generation, so
  every cookie issued before is void; guests are users without a password, created only when a
  visitor first needs a name (takes a seat, creates a table, asks for one): looking is free;
- a state-changing request needs the double-submit CSRF token (the ``donjon_csrf`` cookie echoed
  in the ``X-CSRF-Token`` header) and, when the browser sends one, a same-site ``Origin``;
- a body is one JSON object of at most ``MAX_BODY`` bytes.
"""

from __future__ import annotations

import hmac
import json
import secrets
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request, Response, WebSocket
from fastapi.responses import JSONResponse
from itsdangerous import BadSignature

from donjon.server.errors import ApiError
from donjon.server.i18n import COOKIE as LANG_COOKIE
from donjon.server.i18n import choose_lang, t
from donjon.server.tables import TableManager

SESSION_COOKIE = "donjon_session"
CSRF_COOKIE = "donjon_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_AGE = 60 * 60 * 24 * 30
#: the largest request body read; the biggest legitimate one (a table of 8 seats) is under 2 KiB
MAX_BODY = 64 * 1024


def lang_of(request: Request | WebSocket) -> str:
    return choose_lang(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))


def manager_of(request: Request | WebSocket) -> TableManager:
    return request.app.state.manager


def error_json(request: Request | WebSocket, status: int, code: str, **args: Any) -> JSONResponse:
    return JSONResponse(
        {"error": code, "message": t(lang_of(request), f"err_{code}", **args)},
        status_code=status,
    )


def _session_of(request: Request | WebSocket) -> tuple[int, int] | None:
    """The (user id, session generation) the cookie names, if it is ours and not expired."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    try:
        data = request.app.state.signer.loads(token, max_age=SESSION_AGE)
    except BadSignature:
        return None
    if type(data) is int:  # a cookie from before session generations: generation 0
        return data, 0
    if (isinstance(data, list) and len(data) == 2
            and all(type(part) is int for part in data)):
        return data[0], data[1]
    return None


def _known(request: Request | WebSocket, user: dict[str, Any], epoch: int) -> None:
    """Cache what the API says of a user and their current session generation. Generations
    only grow: a slower reader's older value never replaces a newer one."""
    cache = request.app.state.users
    known = cache.get(user["id"])
    cache[user["id"]] = (user, max(epoch, known[1]) if known else epoch)


async def user_of(request: Request | WebSocket) -> dict[str, Any] | None:
    """The user of the session cookie, or None: no cookie, a forged or expired one, or one of an
    older session generation (its user has logged out since). The user and generation are
    cached in memory (the server is one process): a request reads the database once per user."""
    session = _session_of(request)
    if session is None:
        return None
    user_id, epoch = session
    cache = request.app.state.users
    if user_id not in cache:
        row = await manager_of(request).db(request.app.state.store.user, user_id)
        if row is None:
            return None
        _known(request, {"id": row["id"], "name": row["name"], "guest": row["guest"]},
               row["session_epoch"])
    user, current = cache[user_id]
    return user if epoch == current else None


async def require_user(request: Request) -> dict[str, Any]:
    user = await user_of(request)
    if user is None:
        raise ApiError(401, "login_required")
    return user


def set_session(request: Request, response: Response, user_id: int | None,
                epoch: int = 0) -> None:
    if user_id is None:
        response.delete_cookie(SESSION_COOKIE, path="/")
        return
    response.set_cookie(
        SESSION_COOKIE, request.app.state.signer.dumps([user_id, epoch]), max_age=SESSION_AGE,
        httponly=True, samesite="lax", secure=request.app.state.secure_cookies, path="/",
    )


def remember(request: Request, response: Response, row: dict[str, Any]) -> dict[str, Any]:
    """Log ``row``'s user in on this response; what the API says of the user."""
    user = {"id": row["id"], "name": row["name"], "guest": row["guest"]}
    epoch = row.get("session_epoch", 0)
    _known(request, user, epoch)
    set_session(request, response, user["id"], request.app.state.users[user["id"]][1])
    return user


async def end_session(request: Request, response: Response) -> None:
    """Log out: the user's session generation moves on, so this cookie and every other one
    issued to them before (another browser's, a stolen one) names no one any more, and their
    open WebSockets are closed."""
    user = await user_of(request)
    set_session(request, response, None)
    if user is None:
        return
    epoch = await manager_of(request).db(request.app.state.store.end_sessions, user["id"])
    if epoch is not None:
        _known(request, user, epoch)
    manager_of(request).disconnect_user(user["id"], code=4401, reason="logged out")


async def new_guest(request: Request, response: Response) -> dict[str, Any]:
    store = request.app.state.store
    for _ in range(5):
        name = f"guest-{secrets.token_hex(3)}"
        try:
            user_id = await manager_of(request).db(store.create_user, name, None, True)
            break
        except ValueError:
            continue
    else:  # pragma: no cover - 5 collisions of 24 random bits
        raise ApiError(500, "http", detail="could not create a guest")
    return remember(request, response, {"id": user_id, "name": name, "guest": True})


async def user_or_guest(request: Request, response: Response) -> dict[str, Any]:
    return await user_of(request) or await new_guest(request, response)


def ensure_csrf(request: Request, response: Response) -> str:
    token = request.cookies.get(CSRF_COOKIE)
    if not token or len(token) < 20:
        token = secrets.token_urlsafe(32)
        response.set_cookie(CSRF_COOKIE, token, httponly=False, samesite="strict",
                            secure=request.app.state.secure_cookies, path="/",
                            max_age=SESSION_AGE)
    return token


def same_origin(request: Request | WebSocket) -> bool:
    origin = request.headers.get("origin")
    if not origin:  # browsers send it on every cross-site POST and WebSocket
        return True
    return urlsplit(origin).netloc == request.headers.get("host", "")


def check_csrf(request: Request) -> None:
    if not same_origin(request):
        raise ApiError(403, "origin")
    cookie = request.cookies.get(CSRF_COOKIE) or ""
    header = request.headers.get(CSRF_HEADER) or ""
    if not cookie or not hmac.compare_digest(cookie.encode(), header.encode()):
        raise ApiError(403, "csrf")


async def body_of(request: Request) -> dict[str, Any]:
    """The JSON object sent, read no further than ``MAX_BODY`` bytes (a declared length is
    believed only to refuse early: a chunked body is counted as it comes)."""
    too_large = ApiError(413, "too_large", limit=MAX_BODY // 1024)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise too_large
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise too_large
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "not_json") from None
    if not isinstance(data, dict):
        raise ApiError(400, "not_json")
    return data


def flag(data: dict[str, Any], name: str, default: bool) -> bool:
    """A yes/no field: absent is ``default``; anything but true or false is refused."""
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise ApiError(400, "bad_flag", flag=name)
    return value
