"""The FastAPI application: configuration, startup and shutdown, security headers, and how every
refusal becomes JSON. The routes live in ``pages``, ``accounts``, ``api`` and ``live``.

Security, in one place:

- sessions are a signed cookie naming the user and their session generation, which logging out
  moves on (every older cookie is void); passwords are hashed with argon2; repeated failed
  logins for a name are throttled (``accounts.LoginThrottle``);
- every state-changing request needs the double-submit CSRF token and, when the browser sends
  one, a same-site ``Origin`` (``session.check_csrf``); a body is at most 64 KiB of JSON;
- WebSockets need a same-site ``Origin`` and the session cookie (or ``?watch=1``: an anonymous
  spectator, who cannot act); no page creates an account; each connection only ever
  receives its own seat's view, and a person can act only for the seat they hold;
- nothing of a running game's hidden state leaves the server: no seed, no record, no replay, no
  other seat's view, log or action texts, no exception text (it may name hidden cards);
- bad input gets a 4xx JSON ``{"error": code, "message": text}`` in the caller's language.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import secrets
from contextlib import asynccontextmanager

from argon2 import PasswordHasher
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from itsdangerous import URLSafeTimedSerializer
from starlette.exceptions import HTTPException as StarletteHTTPException

from donjon.server import accounts, api, live, pages
from donjon.server.db import Store, default_database_url, make_engine, run_migrations
from donjon.server.errors import Refused
from donjon.server.i18n import t
from donjon.server.session import error_json, lang_of, user_of
from donjon.server.tables import TableManager

log = logging.getLogger("donjon.server")

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; "
    "form-action 'self'"
)


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
    app.state.secure_cookies = secure_cookies
    app.state.hasher = PasswordHasher()
    app.state.login_throttle = accounts.LoginThrottle()
    app.mount("/static", StaticFiles(directory=str(pages.WEB / "static")), name="static")
    for module in (pages, accounts, api, live):
        app.include_router(module.router)

    @app.middleware("http")
    async def security_headers(request: Request, call_next):
        response = await call_next(request)
        headers = response.headers
        headers.setdefault("x-content-type-options", "nosniff")
        headers.setdefault("x-frame-options", "DENY")
        headers.setdefault("referrer-policy", "same-origin")
        headers.setdefault("content-security-policy", CONTENT_SECURITY_POLICY)
        return response

    @app.exception_handler(Refused)
    async def _refused(request: Request, error: Refused):
        response = error_json(request, error.status, error.code, detail=error.detail,
                              **error.args_)
        response.headers.update(error.headers)
        return response

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
        return pages.not_found(request, await user_of(request),
                               t(lang_of(request), "not_found"))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, error: Exception):
        # logged with its traceback by the server; its text may hold a password or a hidden card
        return error_json(request, 500, "server")

    return app
