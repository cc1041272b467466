"""A killed server restores every table exactly: start it as a process, play, SIGKILL, restart."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import httpx
import pytest

import donjon
from donjon.server.spawned import free_port


def start_server(db_url: str, port: int) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-m", "donjon.server.main", "--port", str(port), "--database-url", db_url,
         "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        # one guest starts a table of every game: more than a guest's quota of running tables
        env={**os.environ, "PYTHONUNBUFFERED": "1", "DONJON_LIMITS": '{"guest_running": 8}'},
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"the server did not start: {process.stdout.read().decode()[-2000:]}")


class Browser:
    def __init__(self, base: str):
        self.http = httpx.Client(base_url=base, timeout=10)
        self.http.get("/api/session")

    def post(self, url, body=None):
        return self.http.post(url, json=body or {},
                              headers={"x-csrf-token": self.http.cookies["donjon_csrf"]})

    def get(self, url):
        return self.http.get(url)


def snapshot(people, spectator, ids):
    out = {}
    for tid in ids:
        for i, who in enumerate([*people, spectator]):
            data = who.get(f"/api/tables/{tid}").json()
            out[tid, i] = data
    return out


def test_sigkill_and_restart_restores_every_table(db_url):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db_url, port)
    rng = random.Random(5)
    try:
        people = [Browser(base) for _ in range(6)]
        spectator = Browser(base)
        spectator.post("/api/guest")
        ids = []
        for game in donjon.games():
            n = donjon.load(game).min_players
            spec = [{"kind": "human"}] * n
            created = people[0].post("/api/tables", {"game": game, "players": n, "seats": spec})
            assert created.status_code == 201, created.text
            tid = created.json()["table"]["id"]
            for seat in range(1, n):
                assert people[seat].post(f"/api/tables/{tid}/join", {"seat": seat}).status_code == 200
            assert people[0].post(f"/api/tables/{tid}/start").status_code == 200
            ids.append(tid)
            played = 0
            while played < 25:
                moved = False
                for seat in range(n):
                    state = people[seat].get(f"/api/tables/{tid}").json()["state"]
                    if state["actions"]:
                        action = rng.choice(state["actions"])
                        response = people[seat].post(f"/api/tables/{tid}/moves",
                                                     {"action": action,
                                                      "version": state["version"]})
                        assert response.status_code == 200, response.text
                        played += 1
                        moved = True
                if not moved:
                    break
        # a table still open, one person seated
        open_table = people[0].post("/api/tables", {
            "game": "castle-rooms", "players": 2, "seats": [{"kind": "human"}] * 2})
        ids.append(open_table.json()["table"]["id"])
        # a finished bot table
        bots = people[0].post("/api/tables", {
            "game": "castle-rooms", "players": 2, "seats": [{"kind": "bot", "bot": "random"}] * 2,
            "sit": False, "start": True})
        bot_id = bots.json()["table"]["id"]
        deadline = time.monotonic() + 30
        while people[0].get(f"/api/tables/{bot_id}").json()["table"]["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        ids.append(bot_id)
        before = snapshot(people, spectator, ids)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server = start_server(db_url, port)
        after = snapshot(people, spectator, ids)
        assert after == before
        # and the restored tables play on
        tid = ids[0]
        for who in people:
            state = who.get(f"/api/tables/{tid}").json()["state"]
            if state["actions"]:
                response = who.post(f"/api/tables/{tid}/moves",
                                    {"action": state["actions"][0], "version": state["version"]})
                assert response.status_code == 200
                assert response.json()["version"] == before[tid, 0]["table"]["version"] + 1
                break
        else:
            pytest.fail("nobody could move at the restored table")
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
