"""The server-rendered pages: lobby, table, replay, rules, accounts, and the language switch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt

import donjon
from donjon.server.catalogue import playable_games
from donjon.server.errors import ApiError, TableError
from donjon.server.i18n import COOKIE as LANG_COOKIE
from donjon.server.i18n import LANGS, MESSAGES, t
from donjon.server.session import (
    SESSION_AGE,
    ensure_csrf,
    lang_of,
    manager_of,
    user_of,
)

WEB = Path(__file__).resolve().parent.parent / "web"

router = APIRouter()
templates = Jinja2Templates(directory=str(WEB / "templates"))
markdown = MarkdownIt("commonmark", {"html": False}).enable("table")  # rules never carry HTML


def log_messages(game: str, lang: str) -> dict[str, str]:
    """The game's log sentences in ``lang`` (the client fills in the players' names)."""
    messages = getattr(donjon.load(game), "messages", None) or {}
    return messages.get(lang) or messages.get("en") or {}


def has_renderer(game: str) -> bool:
    return (WEB / "static" / "renderers" / f"{game}.js").is_file()


def page(request: Request, name: str, user: dict | None, status: int = 200,
         **ctx: Any) -> HTMLResponse:
    lang = lang_of(request)
    probe = Response()  # collects the CSRF cookie, if this browser has none yet
    csrf = ensure_csrf(request, probe)
    context = {
        "request": request, "lang": lang, "user": user, "csrf": csrf,
        "t": lambda key, **args: t(lang, key, **args),
        "games": [{"name": g, "title": donjon.load(g).title} for g in playable_games()],
        "messages": MESSAGES[lang],
        "path": request.url.path, **ctx,
    }
    response = templates.TemplateResponse(request, name, context, status_code=status)
    for key, value in probe.headers.items():
        if key == "set-cookie":
            response.headers.append("set-cookie", value)
    response.headers["cache-control"] = "no-store"
    return response


def not_found(request: Request, user: dict | None, message: str) -> HTMLResponse:
    return page(request, "error.html", user, status=404, message=message)


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request):
    return page(request, "lobby.html", await user_of(request))


@router.get("/table/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str):
    try:
        table = await manager_of(request).get(table_id)
    except TableError:
        return not_found(request, await user_of(request),
                         t(lang_of(request), "err_no_table", table_id=table_id))
    # no guest account for a look: a visitor without a session watches as a spectator, and
    # becomes a guest only on taking a seat (``api.join_table``)
    return page(request, "table.html", await user_of(request), table=table.info(),
                renderer=has_renderer(table.game),
                log_messages=log_messages(table.game, lang_of(request)))


@router.get("/replay/{table_id}", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: str):
    user = await user_of(request)
    try:
        table = await manager_of(request).get(table_id)
    except TableError:
        return not_found(request, user, t(lang_of(request), "err_no_table", table_id=table_id))
    return page(request, "replay.html", user, table=table.info(),
                renderer=has_renderer(table.game),
                log_messages=log_messages(table.game, lang_of(request)))


@router.get("/rules", response_class=HTMLResponse)
async def rules_index(request: Request):
    return page(request, "rules_index.html", await user_of(request))


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules_page(request: Request, game: str):
    user = await user_of(request)
    lang = lang_of(request)
    if game not in playable_games():
        return not_found(request, user, t(lang, "err_bad_game", game=game))
    g = donjon.load(game)
    try:
        html = markdown.render(g.rules(lang))
    except (OSError, ValueError):
        return not_found(request, user, t(lang, "rules_of", title=g.title))
    return page(request, "rules.html", user, game=g, body=html)


@router.get("/login", response_class=HTMLResponse)
async def login_page(request: Request):
    return page(request, "account.html", await user_of(request), mode="login")


@router.get("/register", response_class=HTMLResponse)
async def register_page(request: Request):
    return page(request, "account.html", await user_of(request), mode="register")


@router.get("/lang/{code}")
async def switch_lang(request: Request, code: str, next: str = "/"):
    if code not in LANGS:
        raise ApiError(404, "http", detail=f"no language {code!r}; languages: en, fr")
    if not next.startswith("/") or next.startswith("//") or "\\" in next:
        next = "/"  # only a path of this site: never an open redirect
    response = RedirectResponse(next, status_code=303)
    response.set_cookie(LANG_COOKIE, code, max_age=SESSION_AGE * 12, samesite="lax",
                        path="/", secure=request.app.state.secure_cookies)
    return response
