"""Who is asking, and may they: the session cookie, guests, the CSRF check, the request body,
and the JSON form of every refusal.

- a session is a signed cookie (``donjon_session``, HttpOnly, SameSite=Lax) naming the user;
  guests are users without a password;
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


async def user_of(request: Request | WebSocket) -> dict[str, Any] | None:
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    try:
        user_id = request.app.state.signer.loads(token, max_age=SESSION_AGE)
    except BadSignature:
        return None
    cache = request.app.state.users
    user = cache.get(user_id)
    if user is None:
        row = await manager_of(request).db(request.app.state.store.user, user_id)
        if row is None:
            return None
        user = cache[user_id] = {"id": row["id"], "name": row["name"], "guest": row["guest"]}
    return user


async def require_user(request: Request) -> dict[str, Any]:
    user = await user_of(request)
    if user is None:
        raise ApiError(401, "login_required")
    return user


def set_session(request: Request, response: Response, user_id: int | None) -> None:
    if user_id is None:
        response.delete_cookie(SESSION_COOKIE, path="/")
        return
    response.set_cookie(
        SESSION_COOKIE, request.app.state.signer.dumps(user_id), max_age=SESSION_AGE,
        httponly=True, samesite="lax", secure=request.app.state.secure_cookies, path="/",
    )


def remember(request: Request, response: Response, row: dict[str, Any]) -> dict[str, Any]:
    """Log ``row``'s user in on this response; what the API says of the user."""
    user = {"id": row["id"], "name": row["name"], "guest": row["guest"]}
    request.app.state.users[user["id"]] = user
    set_session(request, response, user["id"])
    return user


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
