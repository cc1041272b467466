"""The FastAPI application: pages, the JSON API, and the table WebSocket.

Security, in one place:

- sessions are a signed cookie (``donjon_session``, HttpOnly, SameSite=Lax) naming the user;
  passwords are hashed with argon2; guests are users without a password;
- every state-changing request needs the double-submit CSRF token (the ``donjon_csrf`` cookie
  echoed in the ``X-CSRF-Token`` header) and, when the browser sends one, a same-site ``Origin``;
- WebSockets need the session cookie and a same-site ``Origin``; each connection only ever
  receives its own seat's view, and a person can act only for the seat they hold;
- bad input gets a 4xx JSON ``{"error": code, "message": text}`` in the caller's language.
"""

from __future__ import annotations

import asyncio
import gc
import hmac
import json
import logging
import os
import re
import secrets
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import FastAPI, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from itsdangerous import BadSignature, URLSafeTimedSerializer
from markdown_it import MarkdownIt
from starlette.exceptions import HTTPException as StarletteHTTPException

import donjon
from donjon.server.db import Store, default_database_url, make_engine, run_migrations
from donjon.server.i18n import COOKIE as LANG_COOKIE
from donjon.server.i18n import LANGS, MESSAGES, choose_lang, t
from donjon.server.tables import (
    Connection,
    LiveTable,
    TableError,
    TableManager,
    game_catalogue,
    playable_games,
)

log = logging.getLogger("donjon.server")

WEB = Path(__file__).resolve().parent.parent / "web"
SESSION_COOKIE = "donjon_session"
CSRF_COOKIE = "donjon_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_AGE = 60 * 60 * 24 * 30
NAME_RE = re.compile(r"^[\w\- ]{2,24}$")


class ApiError(Exception):
    def __init__(self, status: int, code: str, **args: Any):
        super().__init__(code)
        self.status = status
        self.code = code
        self.args_ = args


def create_app(database_url: str | None = None, *, bot_delay: float | None = None,
               secret_key: str | None = None, bot_threads: int = 4,
               secure_cookies: bool | None = None) -> FastAPI:
    """The web application. ``database_url`` defaults to ``DONJON_DATABASE_URL`` or a SQLite
    file under ./var; ``bot_delay`` (seconds before a bot moves) to ``DONJON_BOT_DELAY`` or 0.5."""
    url = database_url or default_database_url()
    if bot_delay is None:
        bot_delay = float(os.environ.get("DONJON_BOT_DELAY", "0.5"))
    if secure_cookies is None:
        secure_cookies = os.environ.get("DONJON_SECURE_COOKIES", "") == "1"
    hasher = PasswordHasher()
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    templates = Jinja2Templates(directory=str(WEB / "templates"))

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        engine = make_engine(url)
        await asyncio.to_thread(run_migrations, engine)
        store = Store(engine)
        key = secret_key or os.environ.get("DONJON_SECRET_KEY") or await asyncio.to_thread(
            store.setting, "secret_key", lambda: secrets.token_urlsafe(48)
        )
        app.state.store = store
        app.state.signer = URLSafeTimedSerializer(key, salt="donjon-session")
        app.state.users = {}
        manager = TableManager(store, bot_delay=bot_delay, bot_threads=bot_threads)
        app.state.manager = manager
        await manager.load()
        gc.collect()
        gc.freeze()  # what startup loaded is never scanned again: shorter collector pauses
        try:
            yield
        finally:
            await manager.close()
            engine.dispose()

    app = FastAPI(title="donjon", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.mount("/static", StaticFiles(directory=str(WEB / "static")), name="static")

    @app.middleware("http")
    async def security_headers(request: Request, call_next):
        response = await call_next(request)
        headers = response.headers
        headers.setdefault("x-content-type-options", "nosniff")
        headers.setdefault("x-frame-options", "DENY")
        headers.setdefault("referrer-policy", "same-origin")
        headers.setdefault(
            "content-security-policy",
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; "
            "form-action 'self'",
        )
        return response

    # -- helpers --------------------------------------------------------------------------------

    def lang_of(request: Request | WebSocket) -> str:
        return choose_lang(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))

    def manager_of(request: Request | WebSocket) -> TableManager:
        return request.app.state.manager

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

    def set_session(request: Request, response: Response, user_id: int | None) -> None:
        if user_id is None:
            response.delete_cookie(SESSION_COOKIE, path="/")
            return
        response.set_cookie(
            SESSION_COOKIE, request.app.state.signer.dumps(user_id), max_age=SESSION_AGE,
            httponly=True, samesite="lax", secure=secure_cookies, path="/",
        )

    def ensure_csrf(request: Request, response: Response) -> str:
        token = request.cookies.get(CSRF_COOKIE)
        if not token or len(token) < 20:
            token = secrets.token_urlsafe(32)
            response.set_cookie(CSRF_COOKIE, token, httponly=False, samesite="strict",
                                secure=secure_cookies, path="/", max_age=SESSION_AGE)
        return token

    def same_origin(request: Request | WebSocket) -> bool:
        origin = request.headers.get("origin")
        if not origin:
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
        raw = await request.body()
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise ApiError(400, "not_json") from None
        if not isinstance(data, dict):
            raise ApiError(400, "not_json")
        return data

    async def require_user(request: Request) -> dict[str, Any]:
        user = await user_of(request)
        if user is None:
            raise ApiError(401, "login_required")
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
        user = {"id": user_id, "name": name, "guest": True}
        request.app.state.users[user_id] = user
        set_session(request, response, user_id)
        return user

    async def user_or_guest(request: Request, response: Response) -> dict[str, Any]:
        return await user_of(request) or await new_guest(request, response)

    async def table_of(request: Request, table_id: str) -> LiveTable:
        return await manager_of(request).get(table_id)

    def log_messages(game: str, lang: str) -> dict[str, str]:
        """The game's log sentences in ``lang`` (the client fills in the players' names)."""
        messages = getattr(donjon.load(game), "messages", None) or {}
        return messages.get(lang) or messages.get("en") or {}

    def has_renderer(game: str) -> bool:
        return (WEB / "static" / "renderers" / f"{game}.js").is_file()

    def page(request: Request, name: str, user: dict | None, status: int = 200,
             response_cookies: Response | None = None, **ctx: Any) -> HTMLResponse:
        lang = lang_of(request)
        probe = Response()
        csrf = ensure_csrf(request, probe)
        context = {
            "request": request, "lang": lang, "user": user, "csrf": csrf,
            "t": lambda key, **args: t(lang, key, **args),
            "games": [{"name": g, "title": donjon.load(g).title} for g in playable_games()],
            "messages": MESSAGES[lang],
            "path": request.url.path, **ctx,
        }
        response = templates.TemplateResponse(request, name, context, status_code=status)
        for source in (probe, response_cookies):
            if source is not None:
                for key, value in source.headers.items():
                    if key == "set-cookie":
                        response.headers.append("set-cookie", value)
        response.headers["cache-control"] = "no-store"
        return response

    def error_json(request: Request | WebSocket, status: int, code: str, **args: Any):
        return JSONResponse(
            {"error": code, "message": t(lang_of(request), f"err_{code}", **args)},
            status_code=status,
        )

    # -- errors ---------------------------------------------------------------------------------

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError):
        return error_json(request, error.status, error.code, **error.args_)

    @app.exception_handler(TableError)
    async def _table_error(request: Request, error: TableError):
        return error_json(request, error.status, error.code, detail=error.detail, **error.args_)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError):
        detail = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in error.errors()
        )
        return error_json(request, 422, "invalid", detail=detail)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException):
        if request.url.path.startswith("/api/") or error.status_code != 404:
            return error_json(request, error.status_code, "http", detail=str(error.detail))
        user = await user_of(request)
        return page(request, "error.html", user, status=404, message=t(lang_of(request),
                    "not_found"))

    # -- pages ----------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page(request: Request):
        return page(request, "lobby.html", await user_of(request))

    @app.get("/table/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str):
        try:
            table = await table_of(request, table_id)
        except TableError:
            return page(request, "error.html", await user_of(request), status=404,
                        message=t(lang_of(request), "err_no_table", table_id=table_id))
        cookies = Response()
        user = await user_or_guest(request, cookies)  # the WebSocket needs a session
        return page(request, "table.html", user, response_cookies=cookies, table=table.info(),
                    renderer=has_renderer(table.game),
                    log_messages=log_messages(table.game, lang_of(request)))

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str):
        user = await user_of(request)
        try:
            table = await table_of(request, table_id)
        except TableError:
            return page(request, "error.html", user, status=404,
                        message=t(lang_of(request), "err_no_table", table_id=table_id))
        return page(request, "replay.html", user, table=table.info(),
                    renderer=has_renderer(table.game),
                    log_messages=log_messages(table.game, lang_of(request)))

    @app.get("/rules", response_class=HTMLResponse)
    async def rules_index(request: Request):
        return page(request, "rules_index.html", await user_of(request))

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules_page(request: Request, game: str):
        user = await user_of(request)
        if game not in playable_games():
            return page(request, "error.html", user, status=404,
                        message=t(lang_of(request), "err_bad_game", game=game))
        g = donjon.load(game)
        lang = lang_of(request)
        try:
            html = markdown.render(g.rules(lang))
        except (OSError, ValueError):
            return page(request, "error.html", user, status=404,
                        message=t(lang, "rules_of", title=g.title))
        return page(request, "rules.html", user, game=g, body=html)

    @app.get("/login", response_class=HTMLResponse)
    async def login_page(request: Request):
        return page(request, "account.html", await user_of(request), mode="login")

    @app.get("/register", response_class=HTMLResponse)
    async def register_page(request: Request):
        return page(request, "account.html", await user_of(request), mode="register")

    @app.get("/lang/{code}")
    async def switch_lang(request: Request, code: str, next: str = "/"):
        if code not in LANGS:
            raise ApiError(404, "http", detail=f"no language {code!r}; languages: en, fr")
        if not next.startswith("/") or next.startswith("//") or "\\" in next:
            next = "/"
        response = RedirectResponse(next, status_code=303)
        response.set_cookie(LANG_COOKIE, code, max_age=SESSION_AGE * 12, samesite="lax",
                            path="/", secure=secure_cookies)
        return response

    # -- accounts -------------------------------------------------------------------------------

    @app.get("/api/session")
    async def session(request: Request, response: Response):
        user = await user_of(request)
        return {"user": user, "csrf": ensure_csrf(request, response), "lang": lang_of(request)}

    @app.post("/api/guest")
    async def guest(request: Request, response: Response):
        check_csrf(request)
        return {"user": await new_guest(request, response)}

    @app.post("/api/register")
    async def register(request: Request, response: Response):
        check_csrf(request)
        data = await body_of(request)
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not NAME_RE.match(name.strip()) or name.lower().startswith(
            "guest-"
        ):
            raise ApiError(400, "name")
        name = name.strip()
        if not isinstance(password, str) or len(password) < 8 or len(password) > 200:
            raise ApiError(400, "password")
        digest = await asyncio.to_thread(hasher.hash, password)
        try:
            user_id = await manager_of(request).db(request.app.state.store.create_user, name,
                                                   digest, False)
        except ValueError:
            raise ApiError(409, "name_taken", name=name) from None
        user = {"id": user_id, "name": name, "guest": False}
        request.app.state.users[user_id] = user
        set_session(request, response, user_id)
        return {"user": user}

    @app.post("/api/login")
    async def login(request: Request, response: Response):
        check_csrf(request)
        data = await body_of(request)
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 200:
            raise ApiError(401, "login")
        row = await manager_of(request).db(request.app.state.store.user_by_name, name.strip())
        if row is None or not row["password_hash"]:
            raise ApiError(401, "login")
        try:
            await asyncio.to_thread(hasher.verify, row["password_hash"], password)
        except (VerificationError, InvalidHashError):
            raise ApiError(401, "login") from None
        user = {"id": row["id"], "name": row["name"], "guest": row["guest"]}
        request.app.state.users[row["id"]] = user
        set_session(request, response, row["id"])
        return {"user": user}

    @app.post("/api/logout")
    async def logout(request: Request, response: Response):
        check_csrf(request)
        set_session(request, response, None)
        return {"user": None}

    # -- lobby and tables -----------------------------------------------------------------------

    @app.get("/api/games")
    async def games_api():
        return {"games": game_catalogue()}

    @app.get("/api/tables")
    async def tables_api(request: Request):
        return await manager_of(request).listing()

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, response: Response):
        check_csrf(request)
        data = await body_of(request)
        user = await user_or_guest(request, response)
        table = await manager_of(request).create(
            user["id"], user["name"], data.get("game"), data.get("players"),
            data.get("options"), data.get("seats"), sit=data.get("sit", True) is not False,
        )
        if data.get("start") is True:
            await manager_of(request).start(table, user["id"])
        return {"table": table.info(), "url": f"/table/{table.id}"}

    @app.get("/api/tables/{table_id}")
    async def table_api(request: Request, table_id: str):
        table = await table_of(request, table_id)
        user = await user_of(request)
        seat = table.seat_of(user["id"]) if user else None
        return {"table": table.info(), "state": manager_of(request).state_message(table, seat)}

    @app.post("/api/tables/{table_id}/join")
    async def join_table(request: Request, response: Response, table_id: str):
        check_csrf(request)
        data = await body_of(request)
        table = await table_of(request, table_id)
        user = await user_or_guest(request, response)
        await manager_of(request).join(table, user["id"], user["name"], data.get("seat"))
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/leave")
    async def leave_table(request: Request, table_id: str):
        check_csrf(request)
        table = await table_of(request, table_id)
        user = await require_user(request)
        await manager_of(request).leave(table, user["id"])
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/start")
    async def start_table(request: Request, table_id: str):
        check_csrf(request)
        table = await table_of(request, table_id)
        user = await require_user(request)
        await manager_of(request).start(table, user["id"])
        return {"table": table.info()}

    @app.post("/api/tables/{table_id}/moves")
    async def move(request: Request, table_id: str):
        check_csrf(request)
        data = await body_of(request)
        table = await table_of(request, table_id)
        user = await require_user(request)
        version = await manager_of(request).move(
            table, user["id"], data.get("action"), data.get("version"), data.get("seat")
        )
        return {"version": version, "status": table.status}

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str):
        table = await table_of(request, table_id)
        if table.status != "finished":
            raise ApiError(403, "not_finished")
        return table.state.record()

    @app.get("/api/tables/{table_id}/replay")
    async def replay_api(request: Request, table_id: str, step: int = 0,
                         seat: int | None = None):
        table = await table_of(request, table_id)
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

    # -- live table -----------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str):
        if not same_origin(websocket):
            await websocket.close(code=4403, reason="cross-site WebSocket refused")
            return
        user = await user_of(websocket)
        if user is None:
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
        conn = Connection(user["id"])
        manager.connect(table, conn)

        async def sender():
            while True:
                message = await conn.queue.get()
                if message is None:
                    await websocket.close(code=4408, reason="too far behind; reconnect")
                    return
                await websocket.send_text(message)

        task = asyncio.create_task(sender())
        try:
            while True:
                raw = await websocket.receive_text()
                try:
                    message = json.loads(raw)
                    kind = message.get("type") if isinstance(message, dict) else None
                except ValueError:
                    kind = None
                if kind == "act":
                    try:
                        await manager.move(table, user["id"], message.get("action"),
                                           message.get("version"))
                    except TableError as error:
                        conn.push(json.dumps({
                            "type": "error", "error": error.code,
                            "message": t(lang, f"err_{error.code}", detail=error.detail,
                                         **error.args_),
                        }))
                elif kind == "sync":
                    manager.sync(table, conn)
                elif kind == "ping":
                    conn.push('{"type": "pong"}')
                else:
                    conn.push(json.dumps({"type": "error", "error": "not_json",
                                          "message": t(lang, "err_not_json")}))
        except WebSocketDisconnect:
            pass
        finally:
            manager.disconnect(table, conn)
            task.cancel()

    return app
