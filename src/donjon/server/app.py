"""The FastAPI application: configuration, startup and shutdown, security headers, and how every
refusal becomes JSON. The routes live in ``pages``, ``accounts``, ``api``, ``api_push`` and
``live``.

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
import contextlib
import functools
import gc
import logging
import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from itsdangerous import URLSafeTimedSerializer
from starlette.exceptions import HTTPException as StarletteHTTPException

import donjon
from donjon.server import accounts, api, api_push, api_tables, health, live, pages, profiles
from donjon.server.collector import Collector
from donjon.server.db import Store, default_database_url, make_engine, run_migrations
from donjon.server.errors import Refused
from donjon.server.headers import SecurityHeaders
from donjon.server.i18n import t
from donjon.server.mail import Mailer
from donjon.server.notify import Notifier
from donjon.server.session import error_json, lang_of, openapi_of, refusal_body, user_of
from donjon.server.tables import TableManager
from donjon.server.userstore import refresh_name_keys
from donjon.server.webpush import WebPush

log = logging.getLogger("donjon.server")


def create_app(database_url: str | None = None, *, bot_delay: float | None = None,
               secret_key: str | None = None, bot_threads: int = 4,
               secure_cookies: bool | None = None, mailer: Mailer | None = None,
               trusted_proxies: str | None = None, redis_url: str | None = None,
               own_process: bool = False) -> FastAPI:
    """The web application. ``database_url`` defaults to ``DONJON_DATABASE_URL`` or a SQLite
    file under ./var; ``bot_delay`` (seconds before a bot moves) to ``DONJON_BOT_DELAY`` or 0.5;
    ``mailer`` (e-mail) to ``mail.Mailer.from_env()``; ``trusted_proxies`` (whose
    ``X-Forwarded-For`` names the client, for the login throttle) to
    ``DONJON_TRUSTED_PROXIES`` (addresses or networks, comma-separated), none by default;
    ``redis_url`` (several processes on one database: ``relay``) to ``DONJON_REDIS_URL``, none by
    default (this process is the only one). ``own_process``: the application is its process's
    only one, and tunes the process's garbage collector (``collector``)."""
    url = database_url or default_database_url()
    redis_url = redis_url or os.environ.get("DONJON_REDIS_URL") or None
    if bot_delay is None:
        bot_delay = float(os.environ.get("DONJON_BOT_DELAY", "0.5"))
    if secure_cookies is None:
        secure_cookies = os.environ.get("DONJON_SECURE_COOKIES", "") == "1"

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(url)
        await asyncio.to_thread(run_migrations, engine)
        store = Store(engine)
        for user_id, old, new in await asyncio.to_thread(refresh_name_keys, engine):
            log.warning("user %s: the name %r looks like an earlier one under the new "
                        "confusables table; renamed %r", user_id, old, new)
        key = secret_key or os.environ.get("DONJON_SECRET_KEY")
        if not key:
            key = await asyncio.to_thread(
                store.setting, "secret_key", lambda: secrets.token_urlsafe(48)
            )
        app.state.store = store
        app.state.signer = URLSafeTimedSerializer(key, salt="donjon-session")
        app.state.users = {}
        # web push: the VAPID key of the settings, or the one kept in the database (made once)
        app.state.push = await asyncio.to_thread(WebPush.try_load, store)
        manager = TableManager(store, bot_delay=bot_delay, bot_threads=bot_threads,
                               notifier=Notifier(app.state.mailer, app.state.push))
        app.state.manager = manager
        relay = None
        if redis_url:
            # the one path that needs the redis package
            from donjon.server.relay import Relay, new_site_name

            site = await asyncio.to_thread(store.setting, "site", new_site_name)
            relay = Relay(redis_url, manager, site)
            await relay.start()  # subscribed before anyone is served: no news missed
            manager.announcer = relay
            manager.leases = relay.leases
        app.state.relay = relay
        await manager.load()
        gc.collect()
        gc.freeze()  # what startup loaded is never scanned again: shorter collector pauses
        # and so is what later full passes leave, where this application is its process's only
        # one (``donjon serve``); tests make many applications in one process
        collector = Collector() if own_process else None
        collecting = asyncio.create_task(collector.run()) if collector is not None else None
        app.state.collector = collector
        try:
            yield
        finally:
            if collecting is not None:
                collecting.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await collecting
            # SIGTERM: the server takes no new connection; this process stops driving its
            # tables, then hands them over to the others (no lease left to lapse)
            await manager.close()
            if relay is not None:
                await relay.hand_over()
                await relay.close()
            engine.dispose()

    # the API describes itself at /api/openapi.json (no interactive docs)
    app = FastAPI(title="donjon", version=donjon.__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.openapi = functools.partial(openapi_of, app)  # type: ignore[method-assign]  # FastAPI's way
    app.state.secure_cookies = secure_cookies
    app.state.hasher = accounts.password_hasher(os.environ.get("DONJON_ARGON2"))
    # what a login for a name nobody has (or a guest's) is checked against (``accounts``)
    app.state.stand_in_hash = app.state.hasher.hash(secrets.token_urlsafe(16))
    app.state.login_throttle = accounts.LoginThrottle()
    app.state.mailer = mailer or Mailer.from_env()
    app.state.relay = None  # set at start-up with a Redis URL (``relay.Relay``)
    app.state.push = None  # set at start-up (``webpush.WebPush``), None if its settings are wrong
    app.state.trusted_proxies = accounts.trusted_proxies(
        trusted_proxies if trusted_proxies is not None
        else os.environ.get("DONJON_TRUSTED_PROXIES"))
    app.mount("/static", StaticFiles(directory=str(pages.WEB / "static")), name="static")
    # the modules' routes join the application's own list, where ``include_router`` (FastAPI
    # 0.137 on) keeps each module as a router of its own that every request walks through: a
    # request for the last module's route took 68 µs more (``GET /healthz``, 235 µs against 167).
    # Each module's router has no prefix, dependencies nor settings of its own to apply at
    # inclusion (its route class, tags and responses are its routes' already), so the routes,
    # their order and the OpenAPI schema are the same (``tests/server/test_openapi.py``).
    for module in (pages, accounts, profiles, api, api_tables, api_push, live, health):
        app.router.routes.extend(module.router.routes)

    app.add_middleware(SecurityHeaders)

    @app.exception_handler(Refused)
    async def _refused(request: Request, error: Refused) -> Response:
        response = JSONResponse(refusal_body(lang_of(request), error), status_code=error.status)
        response.headers.update(error.headers)
        return response

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> Response:
        detail = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in error.errors()
        )
        return error_json(request, 422, "invalid", detail=detail)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/") or error.status_code != 404:
            return error_json(request, error.status_code, "http", detail=str(error.detail))
        return pages.not_found(request, await user_of(request),
                               t(lang_of(request), "not_found"))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, error: Exception) -> Response:
        # logged with its traceback by the server; its text may hold a password or a hidden card
        return error_json(request, 500, "server")

    return app
