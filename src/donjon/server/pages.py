"""The server-rendered pages: lobby, table, replay, rules, accounts, the language switch, and the
service worker (``/sw.js``) that shows web push notices."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt

import donjon
from donjon.engine import text
from donjon.server import profiles
from donjon.server.catalogue import items_json, playable_games
from donjon.server.display import options_json, table_options
from donjon.server.errors import ApiError, TableError
from donjon.server.i18n import COOKIE as LANG_COOKIE
from donjon.server.i18n import LANGS, MESSAGES, t, tn
from donjon.server.session import (
    SESSION_AGE,
    ensure_csrf,
    lang_of,
    manager_of,
    user_of,
)

WEB = Path(__file__).resolve().parent.parent / "web"

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=str(WEB / "templates"))
markdown = MarkdownIt("commonmark", {"html": False}).enable("table")  # rules never carry HTML


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
        "tn": lambda key, n, **args: tn(lang, key, n, **args),
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
async def lobby_page(request: Request) -> HTMLResponse:
    return page(request, "lobby.html", await user_of(request))


def _table_context(request: Request, table: Any) -> dict[str, Any]:
    """What the table and replay pages embed: the table, the game's catalogue in the page's
    language (cards explain themselves without another request), its options as players read
    them, and whether the game has a renderer."""
    lang = lang_of(request)
    shown = table_options(table.game, table.options, lang) if table.game in playable_games() \
        else []
    return {
        "table": table.info(), "renderer": has_renderer(table.game),
        "catalogue": items_json(table.game, lang) if table.game in playable_games() else "{}",
        "table_options": shown, "options_changed": sum(1 for o in shown if o["changed"]),
    }


@router.get("/table/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    try:
        table = await manager_of(request).get(table_id)
    except TableError:
        return not_found(request, await user_of(request),
                         t(lang_of(request), "err_no_table", table_id=table_id))
    # no guest account for a look: a visitor without a session watches as a spectator, and
    # becomes a guest only on taking a seat (``api.join_table``)
    return page(request, "table.html", await user_of(request), **_table_context(request, table))


@router.get("/replay/{table_id}", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    user = await user_of(request)
    try:
        table = await manager_of(request).get(table_id)
    except TableError:
        return not_found(request, user, t(lang_of(request), "err_no_table", table_id=table_id))
    return page(request, "replay.html", user, **_table_context(request, table))


@router.get("/rules", response_class=HTMLResponse)
async def rules_index(request: Request) -> HTMLResponse:
    return page(request, "rules_index.html", await user_of(request))


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules_page(request: Request, game: str) -> HTMLResponse:
    user = await user_of(request)
    lang = lang_of(request)
    if game not in playable_games():
        return not_found(request, user, t(lang, "err_bad_game", game=game))
    g = donjon.load(game)
    try:
        html = markdown.render(text.rules(g, lang))
    except (OSError, ValueError):
        return not_found(request, user, t(lang, "rules_of", title=g.title))
    return page(request, "rules.html", user, game=g, body=html,
                options=options_json(game, lang))


@router.get("/login", response_class=HTMLResponse)
async def login_page(request: Request) -> HTMLResponse:
    return page(request, "account.html", await user_of(request), mode="login",
                mail=request.app.state.mailer.enabled)


@router.get("/register", response_class=HTMLResponse)
async def register_page(request: Request) -> HTMLResponse:
    return page(request, "account.html", await user_of(request), mode="register")


@router.get("/reset", response_class=HTMLResponse)
async def reset_page(request: Request, token: str | None = None) -> HTMLResponse:
    """Ask for a reset link; or, with the link's ``token``, choose the new password."""
    user = await user_of(request)
    if token:
        return page(request, "account.html", user, mode="reset", token=token[:200])
    return page(request, "account.html", user, mode="reset-request")


@router.get("/account", response_class=HTMLResponse, response_model=None)
async def account_page(request: Request) -> HTMLResponse | RedirectResponse:
    """The account: password, e-mail address, data export, deletion (a guest: registering)."""
    user = await user_of(request)
    if user is None:
        return RedirectResponse("/login", status_code=303)
    row = await manager_of(request).db(request.app.state.store.user, user["id"])
    return page(request, "account.html", user, mode="account", email=row["email"] if row else None,
                since=row["created_at"].date().isoformat() if row else "")


@router.get("/players/{name}", response_class=HTMLResponse)
async def player_page(request: Request, name: str) -> HTMLResponse:
    user = await user_of(request)
    try:
        profile = await profiles.profile_of(request, name)
    except ApiError:
        return not_found(request, user, t(lang_of(request), "err_no_player", name=name[:40]))
    return page(request, "profile.html", user, profile=profile)


@router.get("/leaderboard", response_class=HTMLResponse)
@router.get("/leaderboard/{game}", response_class=HTMLResponse)
async def leaderboard_page(request: Request, game: str | None = None) -> HTMLResponse:
    user = await user_of(request)
    game = game or playable_games()[0]
    try:
        board = await profiles.leaderboard_of(request, game)
    except ApiError:
        return not_found(request, user, t(lang_of(request), "err_bad_game", game=game[:40]))
    return page(request, "leaderboard.html", user, board=board)


@router.get("/lang/{code}")
async def switch_lang(request: Request, code: str, next: str = "/") -> RedirectResponse:
    if code not in LANGS:
        raise ApiError(404, "http", detail=f"no language {code!r}; languages: en, fr")
    if not next.startswith("/") or next.startswith("//") or "\\" in next:
        next = "/"  # only a path of this site: never an open redirect
    response = RedirectResponse(next, status_code=303)
    response.set_cookie(LANG_COOKIE, code, max_age=SESSION_AGE * 12, samesite="lax",
                        path="/", secure=request.app.state.secure_cookies)
    return response


@router.get("/sw.js")
async def service_worker() -> FileResponse:
    """The service worker that shows "your turn" pushed with the site closed (``webpush``): at
    the root, so that its scope is the whole site; checked for a new version at every visit."""
    return FileResponse(WEB / "sw.js", media_type="text/javascript; charset=utf-8", headers={
        "cache-control": "no-cache", "service-worker-allowed": "/"})
