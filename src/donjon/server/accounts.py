"""Accounts: the session, guests, registering, logging in and out; and the login throttle.

Logging out ends every session of the user, on every browser: the session generation the cookie
carries moves on (``session.end_session``)."""

from __future__ import annotations

import asyncio
import math
import re
import time
from collections.abc import Callable

from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response

from donjon.server.errors import ApiError
from donjon.server.session import (
    body_of,
    check_csrf,
    end_session,
    ensure_csrf,
    lang_of,
    manager_of,
    new_guest,
    remember,
    user_of,
)

NAME_RE = re.compile(r"^[\w\- ]{2,24}$")

router = APIRouter()


class LoginThrottle:
    """After ``attempts`` failed logins for one name within ``window`` seconds, that name is
    refused until the oldest failure leaves the window: guessing a password takes years, while
    its owner waits minutes at worst. Counted per name, not per address, so that a guesser
    behind many addresses is slowed as much; per server process."""

    def __init__(self, attempts: int = 5, window: float = 15 * 60, max_names: int = 10_000,
                 clock: Callable[[], float] = time.monotonic):
        self.attempts = attempts
        self.window = window
        self.max_names = max_names
        self.clock = clock
        self.failures: dict[str, list[float]] = {}

    @staticmethod
    def _key(name: str) -> str:
        return name.strip().casefold()

    def _recent(self, key: str) -> list[float]:
        since = self.clock() - self.window
        recent = [at for at in self.failures.get(key, ()) if at > since]
        if recent:
            self.failures[key] = recent
        else:
            self.failures.pop(key, None)
        return recent

    def wait(self, name: str) -> float:
        """Seconds before ``name`` may try again; 0 if it may now."""
        recent = self._recent(self._key(name))
        if len(recent) < self.attempts:
            return 0.0
        return max(0.0, recent[-self.attempts] + self.window - self.clock())

    def failed(self, name: str) -> None:
        key = self._key(name)
        self._recent(key)
        if key not in self.failures and len(self.failures) >= self.max_names:
            for stale in list(self.failures)[: self.max_names // 10 or 1]:  # the oldest names
                del self.failures[stale]
        self.failures.setdefault(key, []).append(self.clock())

    def succeeded(self, name: str) -> None:
        self.failures.pop(self._key(name), None)


@router.get("/api/session")
async def session(request: Request, response: Response):
    user = await user_of(request)
    return {"user": user, "csrf": ensure_csrf(request, response), "lang": lang_of(request)}


@router.post("/api/guest")
async def guest(request: Request, response: Response):
    check_csrf(request)
    return {"user": await new_guest(request, response)}


@router.post("/api/register")
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
    digest = await asyncio.to_thread(request.app.state.hasher.hash, password)
    try:
        user_id = await manager_of(request).db(request.app.state.store.create_user, name,
                                               digest, False)
    except ValueError:
        raise ApiError(409, "name_taken", name=name) from None
    return {"user": remember(request, response, {"id": user_id, "name": name, "guest": False})}


@router.post("/api/login")
async def login(request: Request, response: Response):
    check_csrf(request)
    data = await body_of(request)
    name, password = data.get("name"), data.get("password")
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > 200:
        raise ApiError(401, "login")
    throttle: LoginThrottle = request.app.state.login_throttle
    wait = throttle.wait(name)
    if wait:
        minutes = math.ceil(wait / 60)
        raise ApiError(429, "too_many_logins", minutes=minutes,
                       headers={"retry-after": str(math.ceil(wait))})
    row = await manager_of(request).db(request.app.state.store.user_by_name, name.strip())
    try:
        if row is None or not row["password_hash"]:
            raise VerificationError
        await asyncio.to_thread(request.app.state.hasher.verify, row["password_hash"], password)
    except (VerificationError, InvalidHashError):
        throttle.failed(name)  # an unknown name counts too: no hint of which names exist
        raise ApiError(401, "login") from None
    throttle.succeeded(name)
    return {"user": remember(request, response, row)}


@router.post("/api/logout")
async def logout(request: Request, response: Response):
    check_csrf(request)
    await end_session(request, response)
    return {"user": None}
