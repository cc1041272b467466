"""Accounts: the session, guests, registering (a guest becomes a member, keeping everything),
logging in and out, the login throttle, changing a password or an e-mail address, resetting a
forgotten password by e-mail, exporting one's data and deleting one's account.

Logging out, changing or resetting the password and deleting the account end every session of
the user, on every browser: the session generation the cookie carries moves on."""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import json
import logging
import math
import os
import re
import secrets
import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any, ClassVar

from argon2 import PasswordHasher
from argon2.exceptions import HashingError, InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field

from donjon.server import names
from donjon.server.errors import ApiError
from donjon.server.i18n import t
from donjon.server.pushstore import PushStore
from donjon.server.session import (
    REFUSALS,
    Body,
    CheckedRoute,
    check_csrf,
    end_session,
    end_sessions,
    ensure_csrf,
    forget,
    known,
    lang_of,
    manager_of,
    new_guest,
    remember,
    require_user,
    session_required,
    set_session,
    user_of,
)

log = logging.getLogger("donjon.server")

router = APIRouter(route_class=CheckedRoute, responses=REFUSALS, tags=["accounts"])

EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
#: how long a reset link works, and how often one may be sent to an account
RESET_LIFETIME = timedelta(hours=1)
RESET_INTERVAL = timedelta(minutes=2)


# -- the login throttle ----------------------------------------------------------------------------


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(setting: str | None) -> list[Network]:
    """The proxies whose ``X-Forwarded-For`` is believed (``DONJON_TRUSTED_PROXIES``: addresses
    or networks, comma-separated; none by default)."""
    return [ipaddress.ip_network(part.strip(), strict=False)
            for part in (setting or "").split(",") if part.strip()]


def client_address(request: Request, trusted: Sequence[Network]) -> str:
    """Who is asking, for the throttle: the peer's address, or, when the peer is a trusted
    proxy, the nearest address in ``X-Forwarded-For`` that is not one (the others are the
    client's to write). An IPv6 address counts as its /64: one host commonly holds all of it."""
    peer = request.client.host if request.client else ""

    def is_trusted(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in trusted)

    chosen = peer
    if is_trusted(peer):
        hops = [h.strip() for h in ",".join(request.headers.getlist("x-forwarded-for"))
                .split(",") if h.strip()]
        for hop in reversed(hops):
            chosen = hop
            if not is_trusted(hop):
                break
    try:
        ip = ipaddress.ip_address(chosen)
    except ValueError:
        return chosen[:60] or "unknown"
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class LoginThrottle:
    """After ``attempts`` failed logins for one name (by its key) within ``window`` seconds, or
    ``address_attempts`` from one client address, logging in with that name, or from that
    address, is refused until the oldest of those failures leaves the window: guessing a
    password takes years, while its owner waits minutes at worst. Kept in the database
    (``login_failures``): every server process sees them, a restart forgets nothing, and a
    failure is forgotten by age alone, never because many other names failed since."""

    def __init__(self, attempts: int = 5, window: float = 15 * 60, address_attempts: int = 20,
                 clock: Callable[[], float] = time.time):
        self.attempts = attempts
        self.window = window
        self.address_attempts = address_attempts
        self.clock = clock

    #: the scopes counted, per kind of attempt: a name's and an address's
    SCOPES = {"login": ("name", "address"), "reset": ("reset", "reset-ip")}

    def _limits(self, name_key: str, address: str, kind: str) -> list[tuple[str, str, int]]:
        by_name, by_address = self.SCOPES[kind]
        return [(by_name, name_key, self.attempts),
                (by_address, address, self.address_attempts)]

    def wait(self, store: Any, name_key: str, address: str, kind: str = "login") -> float:
        """Seconds before this name, from this address, may try again; 0 if it may now."""
        moment = self.clock()
        longest = 0.0
        for scope, key, limit in self._limits(name_key, address, kind):
            recent = store.login_failures(scope, key, moment - self.window, limit)
            if len(recent) >= limit:
                longest = max(longest, recent[0] + self.window - moment)
        return longest

    def failed(self, store: Any, name_key: str, address: str, kind: str = "login") -> None:
        moment = self.clock()
        store.add_login_failure([(scope, key) for scope, key, _ in
                                 self._limits(name_key, address, kind)],
                                moment, moment - self.window)

    def succeeded(self, store: Any, name_key: str) -> None:
        store.clear_login_failures("name", name_key)


# -- bodies ------------------------------------------------------------------------------------------


class Login(Body):
    """A name and its password."""

    name: str = Field(max_length=200)
    password: str = Field(max_length=200)
    refusal: ClassVar[tuple[int, str] | None] = (401, "login")  # no hint of what was wrong


class Registration(Body):
    """A new member's name, password and, optionally, e-mail address (for password resets)."""

    name: str = Field(min_length=2, max_length=100, pattern=r"^\s*[\w\- ]{2,24}\s*$")
    password: str = Field(min_length=8, max_length=200)
    email: str | None = Field(default=None, max_length=254)
    refusals: ClassVar[dict[str, tuple[int, str]]] = {"name": (400, "name"), "password": (400, "password"), "email": (400, "email")}


class PasswordChange(Body):
    current: str = Field(max_length=200)
    new: str = Field(min_length=8, max_length=200)
    refusals: ClassVar[dict[str, tuple[int, str]]] = {"new": (400, "password"), "current": (403, "wrong_password")}


class EmailChange(Body):
    """The new address (null: none), confirmed by the account's password."""

    email: str | None = Field(max_length=254)
    password: str = Field(max_length=200)
    refusals: ClassVar[dict[str, tuple[int, str]]] = {"email": (400, "email"), "password": (403, "wrong_password")}


class ResetRequest(Body):
    """The account's name, or its e-mail address."""

    name: str = Field(min_length=1, max_length=254)


class ResetConfirm(Body):
    token: str = Field(min_length=1, max_length=200)
    password: str = Field(min_length=8, max_length=200)
    refusals: ClassVar[dict[str, tuple[int, str]]] = {"password": (400, "password"), "token": (400, "reset_token")}


class Deletion(Body):
    """The account's password (a guest, who has none, sends null or nothing)."""

    password: str | None = Field(default=None, max_length=200)
    refusals: ClassVar[dict[str, tuple[int, str]]] = {"password": (403, "wrong_password")}


# -- helpers ------------------------------------------------------------------------------------------


def _store(request: Request) -> Any:
    return request.app.state.store


async def _db(request: Request, fn: Callable[..., Any], *args: Any) -> Any:
    return await manager_of(request).db(fn, *args)


def _checked_name(name: str) -> str:
    shown = names.shown(name)
    if not names.valid(shown):
        raise ApiError(400, "name")
    return shown


def _checked_email(email: str | None) -> str | None:
    if email is None or not email.strip():
        return None
    email = email.strip()
    if not EMAIL_RE.match(email):
        raise ApiError(400, "email")
    return email


#: argon2's parameters an operator may set (``DONJON_ARGON2``, a JSON object): passes, memory in
#: KiB, lanes; each one left out keeps argon2-cffi's default (RFC 9106's second recommended
#: profile: 3 passes over 64 MiB in 4 lanes). A password stored under other costs still verifies,
#: and is hashed again at the site's costs when its owner logs in.
ARGON2_PARAMETERS = ("time_cost", "memory_cost", "parallelism")


def password_hasher(setting: str | None) -> PasswordHasher:
    """The hasher for ``DONJON_ARGON2`` (None or "": argon2-cffi's defaults); ValueError, saying
    what is allowed, for a setting argon2 cannot use, at start-up rather than at the first
    login."""
    if not setting or not setting.strip():
        return PasswordHasher()
    allowed = (f"DONJON_ARGON2 takes a JSON object of positive integers among "
               f"{', '.join(ARGON2_PARAMETERS)}, e.g. {{\"time_cost\": 4}}; got {setting!r}")
    try:
        chosen = json.loads(setting)
    except ValueError:
        raise ValueError(allowed) from None
    if (not isinstance(chosen, dict) or not set(chosen) <= set(ARGON2_PARAMETERS)
            or not all(type(v) is int and v >= 1 for v in chosen.values())):
        raise ValueError(allowed)
    hasher = PasswordHasher(**chosen)
    try:
        hasher.hash("a first password")
    except HashingError as error:  # e.g. less than 8 KiB of memory a lane
        raise ValueError(f"DONJON_ARGON2: argon2 refuses {chosen}: {error}") from None
    return hasher


async def _hash(request: Request, password: str) -> str:
    digest: str = await asyncio.to_thread(request.app.state.hasher.hash, password)
    return digest


async def _verified(request: Request, row: dict[str, Any] | None, password: str | None) -> bool:
    """Whether ``password`` is ``row``'s (argon2, in a thread: it takes tens of ms). A name
    nobody has, or a guest's (no password), is checked against a stand-in hash all the same:
    an answer that came sooner would tell which names exist."""
    state = request.app.state
    digest = row.get("password_hash") if row is not None else None
    try:
        await asyncio.to_thread(state.hasher.verify, digest or state.stand_in_hash, password or "")
    except (VerificationError, InvalidHashError):
        return False
    return bool(digest) and password is not None


def _renamed(request: Request, user_id: int, name: str) -> None:
    """Tell the live tables a user's new name (a guest who registered, a deleted account)."""
    manager = manager_of(request)
    for table in [*manager.tables.values(), *manager.finished.values()]:
        changed = False
        for seat in table.seats:
            if seat.user_id == user_id and seat.name != name:
                seat.name, changed = name, True
        if changed:
            table.seats_changed()
            manager._table_changed(table)


def _address(request: Request) -> str:
    trusted = getattr(request.app.state, "trusted_proxies", None)
    if trusted is None:
        trusted = request.app.state.trusted_proxies = trusted_proxies(
            os.environ.get("DONJON_TRUSTED_PROXIES"))
    return client_address(request, trusted)


# -- sessions, registering, logging in and out ---------------------------------------------------


@router.get("/api/session")
async def session(request: Request, response: Response) -> dict[str, Any]:
    """Who the caller is (null: nobody yet), their CSRF token and language."""
    user = await user_of(request)
    return {"user": user, "csrf": ensure_csrf(request, response), "lang": lang_of(request)}


@router.post("/api/guest")
async def guest(request: Request, response: Response) -> dict[str, Any]:
    """A guest session: a user with a name and no password."""
    check_csrf(request)
    return {"user": await new_guest(request, response)}


@router.post("/api/register")
async def register(request: Request, response: Response, body: Registration) -> dict[str, Any]:
    """A new member. From a guest's session, that guest becomes the member: the same user,
    keeping their seats, running tables, history and ratings."""
    check_csrf(request)
    name = _checked_name(body.name)
    email = _checked_email(body.email)
    digest = await _hash(request, body.password)
    store = _store(request)
    current = await user_of(request)
    try:
        if current is not None and current["guest"] and await _db(
                request, store.make_member, current["id"], name, digest, email):
            user = {"id": current["id"], "name": name, "guest": False}
            known(request, user, request.app.state.users[user["id"]][1])
            _renamed(request, user["id"], name)
            row = await _db(request, store.user, user["id"])
            return {"user": remember(request, response, row)}
        user_id = await _db(request, store.create_user, name, digest, False, email)
    except ValueError:
        raise ApiError(409, "name_taken", name=name) from None
    return {"user": remember(request, response, {"id": user_id, "name": name, "guest": False})}


@router.post("/api/login")
async def login(request: Request, response: Response, body: Login) -> dict[str, Any]:
    """Log in by name (case, width and look-alike letters aside) and password."""
    check_csrf(request)
    throttle: LoginThrottle = request.app.state.login_throttle
    store = _store(request)
    name_key, address = names.key(body.name[:100]), _address(request)
    wait = await _db(request, throttle.wait, store, name_key, address)
    if wait:
        raise ApiError(429, "too_many_logins", minutes=math.ceil(wait / 60),
                       headers={"retry-after": str(math.ceil(wait))})
    row = await _db(request, store.user_by_name, body.name[:100])
    if row is not None and row.get("deleted_at") is not None:
        row = None
    if not await _verified(request, row, body.password):
        # an unknown name counts too: no hint of which names exist
        await _db(request, throttle.failed, store, name_key, address)
        raise ApiError(401, "login")
    await _db(request, throttle.succeeded, store, name_key)
    assert row is not None  # verified
    hasher: PasswordHasher = request.app.state.hasher
    if hasher.check_needs_rehash(row["password_hash"]):  # hashed before the costs were changed
        await _db(request, store.rehash_password, row["id"], row["password_hash"],
                  await _hash(request, body.password))
    return {"user": remember(request, response, row)}


@router.post("/api/logout")
async def logout(request: Request, response: Response) -> dict[str, Any]:
    """End every session of the user, on every browser."""
    check_csrf(request)
    await end_session(request, response)
    return {"user": None}


# -- the account page's requests -----------------------------------------------------------------


@router.get("/api/account")
@session_required
async def account(request: Request) -> dict[str, Any]:
    """The caller's account: name, guest or member, e-mail address, since when."""
    user = await require_user(request)
    row = await _db(request, _store(request).user, user["id"])
    if row is None:
        raise ApiError(401, "login_required")
    return {"user": user, "email": row["email"], "created_at": row["created_at"].isoformat(),
            "mail": request.app.state.mailer.enabled}


async def _member_row(request: Request) -> dict[str, Any]:
    user = await require_user(request)
    row = await _db(request, _store(request).user, user["id"])
    if row is None:
        raise ApiError(401, "login_required")
    return dict(row)


@router.post("/api/account/password")
@session_required
async def change_password(request: Request, response: Response,
                          body: PasswordChange) -> dict[str, Any]:
    """A new password, given the current one. Every other session of the user ends; this one
    goes on."""
    check_csrf(request)
    row = await _member_row(request)
    if not await _verified(request, row, body.current):
        raise ApiError(403, "wrong_password")
    epoch = await _db(request, _store(request).set_password, row["id"],
                      await _hash(request, body.new))
    manager_of(request).disconnect_user(row["id"], code=4401, reason="password changed")
    row["session_epoch"] = epoch
    forget(request, row["id"])
    return {"user": remember(request, response, row)}


@router.post("/api/account/email")
@session_required
async def change_email(request: Request, body: EmailChange) -> dict[str, Any]:
    """Set or remove the account's e-mail address, given the password (a reset link goes
    there: whoever holds a session alone must not be able to redirect it)."""
    check_csrf(request)
    row = await _member_row(request)
    if not await _verified(request, row, body.password):
        raise ApiError(403, "wrong_password")
    email = _checked_email(body.email)
    await _db(request, _store(request).set_email, row["id"], email)
    return {"email": email}


@router.post("/api/password-reset", status_code=202)
async def request_reset(request: Request, body: ResetRequest) -> dict[str, Any]:
    """E-mail a reset link to the account named (by name or address), if it has an address.
    The answer is the same whether or not there is such an account."""
    check_csrf(request)
    mailer = request.app.state.mailer
    if not mailer.enabled:
        raise ApiError(503, "mail_off")
    store = _store(request)
    throttle: LoginThrottle = request.app.state.login_throttle
    address = _address(request)
    asked = names.key(body.name[:100])
    if await _db(request, throttle.wait, store, asked, address, "reset"):
        raise ApiError(429, "too_many_resets")
    await _db(request, throttle.failed, store, asked, address, "reset")
    if "@" in body.name:
        rows = await _db(request, store.users_by_email, body.name)
    else:
        row = await _db(request, store.user_by_name, body.name)
        rows = [row] if row else []
    lang = lang_of(request)
    for row in rows:
        if row["guest"] or row["deleted_at"] is not None or not row["email"]:
            continue
        token = secrets.token_urlsafe(32)
        digest = hashlib.sha256(token.encode()).hexdigest()
        if not await _db(request, store.add_reset, row["id"], digest, RESET_LIFETIME,
                         RESET_INTERVAL):
            continue
        text = t(lang, "reset_mail", name=row["name"], link=mailer.link(f"/reset?token={token}"),
                 minutes=int(RESET_LIFETIME.total_seconds() // 60))
        try:
            await asyncio.to_thread(mailer.send, row["email"], t(lang, "reset_subject"), text)
        except Exception:  # noqa: BLE001 - the relay's failure is the server's, logged
            log.exception("could not send the reset e-mail of user %s", row["id"])
    return {"sent": True}


@router.post("/api/password-reset/confirm")
async def confirm_reset(request: Request, response: Response,
                        body: ResetConfirm) -> dict[str, Any]:
    """A new password from a reset link's token (it works once, for an hour): every session
    of the user ends, every device stops getting their web push notices (whoever knew the old
    password may have subscribed one), and this browser is logged in."""
    check_csrf(request)
    store = _store(request)
    digest = hashlib.sha256(body.token.encode()).hexdigest()
    user_id = await _db(request, store.take_reset, digest)
    if user_id is None:
        raise ApiError(400, "reset_token")
    epoch = await _db(request, store.set_password, user_id, await _hash(request, body.password))
    manager_of(request).disconnect_user(user_id, code=4401, reason="password reset")
    forget(request, user_id)
    await _db(request, PushStore(store.engine).forget_user, user_id)
    row = await _db(request, store.user, user_id)
    await _db(request, request.app.state.login_throttle.succeeded, store,
              row["name_key"])
    row["session_epoch"] = epoch
    return {"user": remember(request, response, row)}


@router.get("/api/account/export")
@session_required
async def export(request: Request) -> JSONResponse:
    """Everything the server holds of the caller, as a JSON file (their devices that get web
    push notices included)."""
    user = await require_user(request)
    data = await _db(request, _store(request).export, user["id"])
    if data:  # the devices that get "your turn" by web push
        data["push_subscriptions"] = await _db(request, PushStore(_store(request).engine).export,
                                               user["id"])
    return JSONResponse(data, headers={
        "content-disposition": f'attachment; filename="donjon-{user["id"]}.json"',
        "cache-control": "no-store"})


@router.post("/api/account/delete")
@session_required
async def delete_account(request: Request, response: Response, body: Deletion) -> dict[str, Any]:
    """Delete the account, given its password (a guest needs none): its name becomes an
    anonymous one, under which its past games stay; it resigns from its running games and
    leaves the tables it waits at; its devices no longer get notices; every session ends."""
    check_csrf(request)
    row = await _member_row(request)
    if not row["guest"] and not await _verified(request, row, body.password):
        raise ApiError(403, "wrong_password")
    manager = manager_of(request)
    for table in list(manager.tables.values()):
        if table.seat_of(row["id"]) is None:
            continue
        try:
            if table.status == "open":
                await manager.leave(table, row["id"])
            elif table.status == "running" and hasattr(manager, "resign"):
                await manager.resign(table, row["id"])
        except Exception:  # noqa: BLE001 - one table's refusal must not keep the account
            log.exception("user %s leaving table %s at deletion", row["id"], table.id)
    anonymous = f"{names.ANONYMOUS_PREFIX}{secrets.token_hex(3)}"
    if await _db(request, _store(request).delete_user, row["id"], anonymous) is None:
        raise ApiError(401, "login_required")
    await _db(request, PushStore(_store(request).engine).forget_user, row["id"])
    forget(request, row["id"])
    _renamed(request, row["id"], anonymous)
    await end_sessions(request, row["id"])
    set_session(request, response, None)
    return {"user": None}
