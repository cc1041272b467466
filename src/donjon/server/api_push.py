"""The API of web push (``webpush``): the server's public key, and the caller's devices.

A device subscribes in the browser (``PushManager.subscribe`` with the key of ``GET
/api/push/key``) and posts what ``PushSubscription.toJSON()`` gives; from then on it is told
when it is the caller's turn at a turn-based table they do not have open (``notify``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from fastapi import APIRouter, Request
from pydantic import Field

from donjon.server import pushstore
from donjon.server.errors import ApiError
from donjon.server.session import (
    REFUSALS,
    Body,
    CheckedRoute,
    lang_of,
    manager_of,
    require_user,
    session_required,
)
from donjon.server.webpush import LIMIT, WebPush, browser_keys

router = APIRouter(route_class=CheckedRoute, responses=REFUSALS, tags=["push"])

class PushKeys(Body):
    """The device's P-256 public key (65 bytes) and its auth secret (16 bytes), base64url
    (padded or not)."""

    p256dh: str = Field(pattern=r"^[A-Za-z0-9_-]{87}=?$")
    auth: str = Field(pattern=r"^[A-Za-z0-9_-]{22}(==)?$")


class PushSubscriptionBody(Body):
    """What the browser's ``PushSubscription.toJSON()`` gives."""

    endpoint: str = Field(min_length=8, max_length=1024)
    #: when the push service drops it (ms since the epoch), if it says: not kept
    expiration_time: float | None = Field(default=None, ge=0, le=1e16, alias="expirationTime")
    keys: PushKeys
    refusals: ClassVar[dict[str, tuple[int, str]]] = {"keys": (400, "push_keys")}


class PushEndpoint(Body):
    """The device to forget, by its endpoint."""

    endpoint: str = Field(min_length=1, max_length=1024)


def push_of(request: Request) -> WebPush:
    push: WebPush | None = getattr(request.app.state, "push", None)
    if push is None:
        raise ApiError(503, "push_off")
    return push


def _devices(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"endpoint": r["endpoint"], "created_at": r["created_at"].isoformat(),
             "last_failure_at": r["last_failure_at"].isoformat() if r["last_failure_at"]
             else None} for r in rows]


@router.get("/api/push/key")
async def push_key(request: Request) -> dict[str, Any]:
    """The server's application server key (VAPID, RFC 8292): the uncompressed P-256 public key,
    base64url, that ``PushManager.subscribe`` takes as ``applicationServerKey``."""
    return {"key": push_of(request).public_key}


@router.get("/api/push/subscriptions")
@session_required
async def push_subscriptions(request: Request) -> dict[str, Any]:
    """The caller's devices that get notices, and how many they may have."""
    push = push_of(request)
    user = await require_user(request)
    rows = await manager_of(request).db(push.store.subscriptions_of, user["id"])
    return {"subscriptions": _devices(rows), "limit": LIMIT}


@router.post("/api/push/subscriptions")
@session_required
async def subscribe(request: Request, body: PushSubscriptionBody) -> dict[str, Any]:
    """Tell this device when it is the caller's turn (at most ``LIMIT`` devices; the same
    device again renews it). The endpoint is an https address of a browser's push service."""
    push = push_of(request)
    user = await require_user(request)
    problem = push.endpoint_problem(body.endpoint)
    if problem:
        raise ApiError(400, "push_endpoint", detail=problem)
    keys = browser_keys(body.keys.p256dh, body.keys.auth)
    if keys is None:
        raise ApiError(400, "push_keys")
    manager = manager_of(request)
    outcome = await manager.db(push.store.subscribe, user["id"], body.endpoint, *keys,
                               lang_of(request), LIMIT)
    if outcome == pushstore.LIMIT:
        raise ApiError(409, "push_limit", limit=LIMIT)
    if outcome == pushstore.TAKEN:
        raise ApiError(409, "push_taken")
    rows = await manager.db(push.store.subscriptions_of, user["id"])
    return {"subscribed": outcome, "subscriptions": _devices(rows), "limit": LIMIT}


async def _unsubscribe(request: Request, body: PushEndpoint) -> dict[str, Any]:
    push = push_of(request)
    user = await require_user(request)
    removed = await manager_of(request).db(push.store.unsubscribe, user["id"], body.endpoint)
    return {"removed": removed}


@router.delete("/api/push/subscriptions")
@session_required
async def unsubscribe(request: Request, body: PushEndpoint) -> dict[str, Any]:
    """Stop telling this device (one of the caller's, by its endpoint); ``removed``: whether
    it was one of theirs."""
    return await _unsubscribe(request, body)


@router.post("/api/push/subscriptions/unsubscribe")
@session_required
async def unsubscribe_post(request: Request, body: PushEndpoint) -> dict[str, Any]:
    """The same as ``DELETE /api/push/subscriptions``, for clients that send no body with a
    DELETE."""
    return await _unsubscribe(request, body)
