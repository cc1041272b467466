"""Who is asking, and may they: the session cookie, guests, the CSRF check, the request body,
the WebSocket's refusals, and the JSON form of every refusal.

- a session is a signed cookie (``donjon_session``, HttpOnly, SameSite=Lax) naming the user
  and their session generation (``users.session_epoch``); logging out bumps the generation, so
  every cookie issued before is void; guests are users without a password, created only when a
  visitor first needs a name (takes a seat, creates a table, asks for one): looking is free;
- a state-changing request needs the CSRF token (the ``donjon_csrf`` cookie echoed in the
  ``X-CSRF-Token`` header) and, when the browser sends one, a same-site ``Origin``. The token is
  bound to the session it was issued for (an HMAC of a nonce and the session's user and
  generation): a token planted from another session, or kept from before a login or a logout,
  is refused, and a new one comes with every change of session;
- a body is one JSON object of at most ``MAX_BODY`` bytes nested at most ``MAX_DEPTH`` deep
  (``parse_json``, which the WebSocket's frames go through too); routes read it through
  ``CheckedRoute`` into a Pydantic model (``Body``), whose refusals keep the API's codes;
- a refused WebSocket is accepted, then closed with the code the protocol documents (4401,
  4403, 4404): refused at the handshake, a browser only ever sees "HTTP 403".
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import string
import typing
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, ClassVar, TypeVar

from fastapi import FastAPI, Request, Response, Security, WebSocket, params
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.security import APIKeyCookie, APIKeyHeader
from itsdangerous import BadSignature
from pydantic import BaseModel, ConfigDict

from donjon.server.errors import ApiError, Refused
from donjon.server.i18n import COOKIE as LANG_COOKIE
from donjon.server.i18n import MESSAGES, choose_lang, t
from donjon.server.tables import TableManager

SESSION_COOKIE = "donjon_session"
CSRF_COOKIE = "donjon_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_AGE = 60 * 60 * 24 * 30
#: the largest request body read; the biggest legitimate one (a table of 8 seats) is under 2 KiB
MAX_BODY = 64 * 1024
#: the deepest nesting of arrays and objects a body or a frame may have; the deepest legitimate
#: one (an action's arguments inside a frame) is 4
MAX_DEPTH = 32


def lang_of(request: Request | WebSocket) -> str:
    return choose_lang(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))


def manager_of(request: Request | WebSocket) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def error_json(request: Request | WebSocket, status: int, code: str, **args: Any) -> JSONResponse:
    return JSONResponse(
        {"error": code, "message": t(lang_of(request), f"err_{code}", **args)},
        status_code=status,
    )


def refusal_body(lang: str, error: Refused) -> dict[str, Any]:
    """A refusal as JSON: ``{"error": code, ...fields, "message": text}`` in ``lang``."""
    message = t(lang, error.key, detail=error.detail, **error.args_)
    return {"error": error.code, **error.fields, "message": message}


# -- JSON in: bodies and frames --------------------------------------------------------------------

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


def too_deep(raw: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether ``raw`` nests arrays or objects deeper than ``limit``, found without recursion
    (``json.loads`` recurses once per level: a kilobyte of ``[`` is a RecursionError)."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub(b'""', raw)):
        if bracket.group() in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def parse_json(raw: bytes | str) -> Any:
    """The JSON value of ``raw``; ValueError if it is not JSON, or nests deeper than
    ``MAX_DEPTH``. The one parser of what clients send: request bodies and WebSocket frames."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if too_deep(data):
        raise ValueError(f"nested deeper than {MAX_DEPTH}")
    try:
        return json.loads(data)
    except RecursionError:  # pragma: no cover - too_deep refuses these first
        raise ValueError("nested too deep") from None


async def read_body(request: Request) -> bytes:
    """The raw body, read no further than ``MAX_BODY`` bytes (a declared length is believed only
    to refuse early: a chunked body is counted as it comes)."""
    too_large = ApiError(413, "too_large", limit=MAX_BODY // 1024)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise too_large
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise too_large
    return bytes(raw)


async def body_of(request: Request) -> dict[str, Any]:
    """The JSON object sent (``{}`` for an empty body), for a route without a body model."""
    raw = await read_body(request)
    if not raw:
        return {}
    try:
        data = parse_json(raw)
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "not_json") from None
    if not isinstance(data, dict):
        raise ApiError(400, "not_json")
    return data


class Body(BaseModel):
    """A request body: strict types (``true`` is not 1, ``"1"`` is not 1), no unknown fields.

    ``refusals`` names, per field, the refusal a wrong value gets (``status, code``), so that a
    model keeps the codes the API always answered (``bad_seat``, ``bad_flag``...); a field not
    named there, or a body that is not an object, is ``refusal`` (default 400 ``invalid``, its
    message naming the field and what is wrong)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    refusals: ClassVar[dict[str, tuple[int, str]]] = {}
    refusal: ClassVar[tuple[int, str] | None] = None

    @classmethod
    def refuse(cls, error: RequestValidationError) -> Refused:
        problems = list(error.errors())
        for problem in problems:
            loc = [str(part) for part in problem.get("loc", ())]
            if problem.get("type") == "json_invalid" or loc == ["body"]:
                return ApiError(400, "not_json")  # not JSON, or not an object
            field = loc[1] if len(loc) > 1 and loc[0] == "body" else ""
            if field in cls.refusals:
                return _refusal(*cls.refusals[field], problems, flag=field)
        if cls.refusal is not None:
            return _refusal(*cls.refusal, problems)
        return _refusal(400, "invalid", problems)


def _refusal(status: int, code: str, problems: list[Any], **args: Any) -> ApiError:
    """``code``'s own message when it needs no more than ``args``, else the general one for a
    body that is not right, naming the field and what is wrong with it."""
    detail = "; ".join(
        f"{'.'.join(str(p) for p in e.get('loc', ())[1:]) or 'body'}: {e.get('msg')}"
        for e in problems[:5]
    )[:500]
    wanted = {name for _, name, _, _ in string.Formatter().parse(MESSAGES["en"].get(
        f"err_{code}", "")) if name}
    if wanted <= {"detail", *args}:
        return ApiError(status, code, detail=detail, **args)
    return ApiError(status, code, key="err_invalid", detail=detail, **args)


class Refusal(BaseModel):
    """What every refusal says: a stable code the client can test and a sentence in the
    caller's language; some add fields (a move's ``reason``, a bad option's ``option``)."""

    model_config = ConfigDict(extra="allow")

    error: str
    message: str


#: the refusals every route of the API may answer, for its OpenAPI description
REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Refusal, "description": description} for status, description in (
        (400, "Bad request: a body or a parameter that is not what the API takes"),
        (401, "No session, or a wrong name or password"),
        (403, "Refused: no CSRF token, another site's request, not yours to do"),
        (404, "No such table, game or player"),
        (409, "Not now: the table moved on, the seat is taken, the name too"),
        (413, "The body is over 64 KiB"),
        (429, "Too many attempts: try again later (Retry-After)"),
        (503, "A service the server needs is not configured (e-mail)"),
    )
}


def _body_model(endpoint: Callable[..., Any]) -> type[Body] | None:
    try:
        hints = typing.get_type_hints(endpoint)
    except Exception:  # noqa: BLE001 - an endpoint annotated with names we cannot resolve
        return None
    for hint in hints.values():
        if isinstance(hint, type) and issubclass(hint, Body):
            return hint
    return None


#: how the OpenAPI description names the two credentials: the session cookie, and the CSRF
#: header every state-changing request carries
CSRF_SCHEME = APIKeyHeader(name="X-CSRF-Token", scheme_name="csrf", auto_error=False,
                           description="The donjon_csrf cookie's value (GET /api/session "
                                       "gives it too), bound to the session")
SESSION_SCHEME = APIKeyCookie(name=SESSION_COOKIE, scheme_name="session", auto_error=False,
                              description="The session cookie (POST /api/login, "
                                          "/api/register or /api/guest sets it)")

Endpoint = TypeVar("Endpoint", bound=Callable[..., Any])


def session_required(endpoint: Endpoint) -> Endpoint:
    """Mark a route that needs a session (it answers 401 without one), for its description."""
    endpoint.__dict__["donjon_session_required"] = True
    return endpoint


class CheckedRoute(APIRoute):
    """A route of the API: a state-changing request is refused without its CSRF token before
    anything else (``check_csrf``); its body is read through ``read_body`` and ``parse_json``
    (64 KiB, 32 levels) before FastAPI parses it into the route's ``Body`` model, and
    validation errors are the model's refusals (``Body.refuse``). Routers of the API are made
    with it: ``APIRouter(route_class=CheckedRoute)``."""

    def __init__(self, path: str, endpoint: Callable[..., Any], *,
                 methods: set[str] | list[str] | None = None,
                 dependencies: Sequence[params.Depends] | None = None, **kwargs: Any) -> None:
        needs = list(dependencies or [])
        if getattr(endpoint, "donjon_session_required", False):
            needs.append(Security(SESSION_SCHEME))
        if set(methods or ()) - {"GET", "HEAD", "OPTIONS"}:
            needs.append(Security(CSRF_SCHEME))
        kwargs["responses"] = {**REFUSALS, **(kwargs.get("responses") or {})}
        super().__init__(path, endpoint, methods=methods, dependencies=needs, **kwargs)

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        model = _body_model(self.endpoint)

        async def checked(request: Request) -> Response:
            if request.method not in ("GET", "HEAD", "OPTIONS"):
                check_csrf(request)  # first: another site learns nothing, not even a 400
                raw = await read_body(request)
                if raw:
                    try:
                        parse_json(raw)
                    except (ValueError, UnicodeDecodeError):
                        raise ApiError(400, "not_json") from None
                request._body = raw  # what FastAPI parses next: read once, checked
            try:
                return await handler(request)
            except RequestValidationError as error:
                if model is None:
                    raise
                raise model.refuse(error) from None

        return checked


def openapi_of(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI description, each operation's credentials required together (FastAPI
    lists one requirement per scheme, which OpenAPI reads as "any one of them")."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, routes=app.routes,
                             description=API_DESCRIPTION)
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                needs = operation.get("security")
                if needs:
                    operation["security"] = [{k: v for need in needs for k, v in need.items()}]
        app.openapi_schema = schema
    return app.openapi_schema


API_DESCRIPTION = (
    "The JSON API of donjon's web table. Every refusal is "
    "`{\"error\": code, \"message\": text}` (the message in the caller's language). A "
    "state-changing request carries the `donjon_csrf` cookie's value in `X-CSRF-Token`; a body "
    "is one JSON object of at most 64 KiB, nested at most 32 deep. The live table is the "
    "WebSocket `/ws/tables/{id}` (see the protocol README)."
)


# -- sessions --------------------------------------------------------------------------------------


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


def known(request: Request | WebSocket, user: dict[str, Any], epoch: int) -> None:
    """Cache what the API says of a user and their current session generation. Generations
    only grow: a slower reader's older value never replaces a newer one."""
    cache = request.app.state.users
    before = cache.get(user["id"])
    cache[user["id"]] = (user, max(epoch, before[1]) if before else epoch)


def forget(request: Request | WebSocket, user_id: int) -> None:
    """Drop a user from the cache: the next request reads them again (renamed, deleted)."""
    request.app.state.users.pop(user_id, None)


async def user_of(request: Request | WebSocket) -> dict[str, Any] | None:
    """The user of the session cookie, or None: no cookie, a forged or expired one, or one of an
    older session generation (its user has logged out since). Alone, a process caches the user
    and generation in memory, reading the database once per user; one of several
    (``relay``) reads them for every request, since a logout may have happened on another."""
    session = _session_of(request)
    if session is None:
        return None
    user_id, epoch = session
    cache = request.app.state.users
    if user_id not in cache or request.app.state.relay is not None:
        row = await manager_of(request).db(request.app.state.store.user, user_id)
        if row is None:
            return None
        known(request, {"id": row["id"], "name": row["name"], "guest": row["guest"]},
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
    """Write (or, for None, delete) the session cookie, and a CSRF token bound to it."""
    if user_id is None:
        response.delete_cookie(SESSION_COOKIE, path="/")
        _set_csrf(request, response, None)
        return
    response.set_cookie(
        SESSION_COOKIE, request.app.state.signer.dumps([user_id, epoch]), max_age=SESSION_AGE,
        httponly=True, samesite="lax", secure=request.app.state.secure_cookies, path="/",
    )
    _set_csrf(request, response, (user_id, epoch))


def remember(request: Request, response: Response, row: dict[str, Any]) -> dict[str, Any]:
    """Log ``row``'s user in on this response; what the API says of the user."""
    user = {"id": row["id"], "name": row["name"], "guest": row["guest"]}
    epoch = row.get("session_epoch", 0)
    known(request, user, epoch)
    set_session(request, response, user["id"], request.app.state.users[user["id"]][1])
    return user


async def end_sessions(request: Request, user_id: int) -> int | None:
    """Move the user's session generation on: every cookie issued to them names no one any more
    (another browser's, a stolen one), and their open WebSockets are closed. The new
    generation (None if there is no such user)."""
    epoch = await manager_of(request).db(request.app.state.store.end_sessions, user_id)
    if epoch is not None:
        cached = request.app.state.users.get(user_id)
        if cached is not None:
            known(request, cached[0], epoch)
    manager_of(request).disconnect_user(user_id, code=4401, reason="logged out")
    relay = request.app.state.relay
    if relay is not None:  # their sockets on the other processes close too
        await relay.sessions_ended(user_id)
    return epoch


async def end_session(request: Request, response: Response) -> None:
    """Log out: the user's every session ends (``end_sessions``), and this browser's cookie
    goes."""
    user = await user_of(request)
    set_session(request, response, None)
    if user is not None:
        await end_sessions(request, user["id"])


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


# -- CSRF ----------------------------------------------------------------------------------------


def _csrf_mac(request: Request | WebSocket, nonce: str, session: tuple[int, int] | None) -> str:
    who = "-" if session is None else f"{session[0]}.{session[1]}"
    key = request.app.state.signer.secret_keys[-1]
    digest = hmac.new(key, f"donjon-csrf|{nonce}|{who}".encode(), hashlib.sha256).digest()
    return digest[:18].hex()


def _csrf_for(request: Request | WebSocket, session: tuple[int, int] | None) -> str:
    nonce = secrets.token_urlsafe(18)
    return f"{nonce}.{_csrf_mac(request, nonce, session)}"


def _csrf_valid(request: Request | WebSocket, token: str) -> bool:
    """Whether ``token`` was issued for the session this request's cookie names."""
    nonce, _, mac = token.partition(".")
    if not nonce or not mac or len(token) > 200:
        return False
    return hmac.compare_digest(mac, _csrf_mac(request, nonce, _session_of(request)))


def _set_csrf(request: Request, response: Response, session: tuple[int, int] | None) -> str:
    token = _csrf_for(request, session)
    response.set_cookie(CSRF_COOKIE, token, httponly=False, samesite="strict",
                        secure=request.app.state.secure_cookies, path="/",
                        max_age=SESSION_AGE)
    return token


def ensure_csrf(request: Request, response: Response) -> str:
    """This browser's CSRF token: the one it has if it is bound to its session, else a new one
    (set on ``response``)."""
    token = request.cookies.get(CSRF_COOKIE)
    if token and _csrf_valid(request, token):
        return token
    return _set_csrf(request, response, _session_of(request))


def same_origin(request: Request | WebSocket) -> bool:
    origin = request.headers.get("origin")
    if not origin:  # browsers send it on every cross-site POST and WebSocket
        return True
    from urllib.parse import urlsplit

    return urlsplit(origin).netloc == request.headers.get("host", "")


def check_csrf(request: Request) -> None:
    if not same_origin(request):
        raise ApiError(403, "origin")
    cookie = request.cookies.get(CSRF_COOKIE) or ""
    header = request.headers.get(CSRF_HEADER) or ""
    if not cookie or not hmac.compare_digest(cookie.encode(), header.encode()):
        raise ApiError(403, "csrf")
    if not _csrf_valid(request, header):
        raise ApiError(403, "csrf")


# -- WebSockets ----------------------------------------------------------------------------------

#: the close codes of a refused WebSocket (the protocol README's)
NO_SESSION, CROSS_SITE, NO_TABLE = 4401, 4403, 4404


async def refuse_socket(websocket: WebSocket, code: int, reason: str) -> None:
    """Refuse a WebSocket with a close code the client can read: closed before the handshake
    completes, a browser is told only "HTTP 403" (Starlette's answer); accepted, then closed, it
    gets ``code`` and ``reason``. Nothing is sent in between."""
    await websocket.accept()
    await websocket.close(code=code, reason=reason)


async def socket_user(websocket: WebSocket) -> tuple[bool, dict[str, Any] | None]:
    """Who opens ``websocket``: ``(True, user)`` (``None`` for an anonymous spectator, who asked
    ``?watch=1``), or ``(False, None)`` once it has been refused (cross-site: 4403; no session
    and not watching: 4401)."""
    if not same_origin(websocket):
        await refuse_socket(websocket, CROSS_SITE, "cross-site WebSocket refused")
        return False, None
    user = await user_of(websocket)
    if user is None and websocket.query_params.get("watch") != "1":
        await refuse_socket(websocket, NO_SESSION, "log in or play as a guest first")
        return False, None
    return True, user


def frame_of(text: str | None) -> dict[str, Any] | None:
    """A WebSocket frame's message: a JSON object, or None (not text, not JSON, not an object,
    or nested too deep: the handler answers an error frame and the connection lives)."""
    if text is None or len(text) > MAX_BODY:
        return None
    try:
        message = parse_json(text)
    except (ValueError, UnicodeDecodeError):
        return None
    return message if isinstance(message, dict) else None


def flag(data: dict[str, Any], name: str, default: bool) -> bool:
    """A yes/no field: absent is ``default``; anything but true or false is refused."""
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise ApiError(400, "bad_flag", flag=name)
    return value
