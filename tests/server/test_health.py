"""``/healthz`` and ``/readyz`` (issue #12): what a load balancer asks before sending players."""

from __future__ import annotations

import time

from tests.server.conftest import manager


def test_a_serving_process_is_alive_and_ready(client):
    assert client.get("/healthz").json() == {"status": "alive", "checks": {}, "process": None,
                                          "site": None}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ready", "checks": {"draining": "no", "database": "ok"},
                            "process": None, "site": None}


def test_a_process_whose_database_fails_or_hangs_is_not_ready(client, monkeypatch):
    store = manager(client).store

    def broken() -> None:
        raise ConnectionError("refused")

    monkeypatch.setattr(store, "ping", broken)
    refused = client.get("/readyz")
    assert refused.status_code == 503
    assert refused.json()["checks"]["database"] == "failed (ConnectionError)"

    monkeypatch.setattr("donjon.server.health.DATABASE_SECONDS", 0.2)
    monkeypatch.setattr(store, "ping", lambda: time.sleep(1))
    slow = client.get("/readyz")
    assert slow.status_code == 503 and slow.json()["status"] == "not ready"
    assert slow.json()["checks"]["database"] == "no answer within 0.2 s"
    assert client.get("/healthz").status_code == 200  # alive all the same


def test_a_draining_process_is_not_ready(client):
    manager(client).closing = True  # what SIGTERM's shutdown sets first
    try:
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json()["checks"]["draining"] == "yes"
    finally:
        manager(client).closing = False
