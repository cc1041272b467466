"""``/healthz`` and ``/readyz``, for a load balancer or an orchestrator.

``/healthz`` says the process answers (restart it when it does not). ``/readyz`` says it should
be sent players: its database answers within two seconds and it is not shutting down (after
SIGTERM it finishes what it holds and takes nothing new); a 503 names what is wrong.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

log = logging.getLogger(__name__)
#: not part of the players' API (/api/openapi.json): the infrastructure's, with no session or refusal
router = APIRouter(include_in_schema=False)
#: how long the database may take to answer before the process is reported not ready
DATABASE_SECONDS = 2.0


class Health(BaseModel):
    status: str
    checks: dict[str, str] = {}
    #: with several processes, this one's name in Redis (what its leases hold): tells an
    #: operator which process drives a table
    process: str | None = None
    #: with several processes, the site's name in Redis (its channels and keys begin with
    #: ``donjon:<site>:``), the same for every process on one database
    site: str | None = None


@router.get("/healthz", response_model=Health)
async def healthz(request: Request) -> Health:
    relay = request.app.state.relay
    if relay is None:
        return Health(status="alive")
    return Health(status="alive", process=relay.origin, site=relay.site)


@router.get("/readyz", response_model=Health)
async def readyz(request: Request) -> JSONResponse:
    manager = request.app.state.manager
    checks = {"draining": "yes" if manager.closing else "no"}
    try:
        await asyncio.wait_for(manager.db(manager.store.ping), DATABASE_SECONDS)
        checks["database"] = "ok"
    except TimeoutError:
        checks["database"] = f"no answer within {DATABASE_SECONDS:g} s"
    except Exception as error:  # noqa: BLE001 - any failure means "not ready", and says which
        log.warning("readiness: the database failed: %s", type(error).__name__)
        checks["database"] = f"failed ({type(error).__name__})"
    relay = request.app.state.relay
    if relay is not None:  # several processes: one that hears none of the others' news is stale
        checks["redis"] = "ok" if relay.subscribed else "not subscribed"
    ready = (checks["database"] == "ok" and not manager.closing
             and checks.get("redis", "ok") == "ok")
    body = Health(status="ready" if ready else "not ready", checks=checks)
    return JSONResponse(body.model_dump(), status_code=200 if ready else 503)
