"""A normal player's move latency while one guest floods the server with bot tables (issue #11).

    python -m donjon.server.floodtest --rounds 2 --moves 150

Each phase starts a real server process (uvicorn, a fresh SQLite file): one guest tries to create
and start ``--flood`` tables of eight search bots (Citadels, ``ismcts``), as fast as the server
answers; then two other players play a two-player game move by move over HTTP, and the round trip
of each move (its POST, answered once the move is checked, persisted and pushed) is measured:
median, p99 and worst; so is the server's own time for it (from taking the move in hand to its
being persisted and pushed, ``DONJON_MOVE_TIMINGS``). Phase "before" runs the server without protection (``DONJON_LIMITS``
``{"enforced": false}``: no quota, no rate limit, bots thinking in 4 threads without a cap or a
time budget, as the server did before); phase "after" with the defaults. Phases alternate
(before, after, before, after...) so that the machine's load weighs on both alike; a phase
"quiet" (no flood) gives the reference. The report says how loaded the machine was.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from donjon.server.spawned import ServerProcess, free_port


class Browser:
    def __init__(self, base: str):
        self.http = httpx.Client(base_url=base, timeout=60)
        self.http.get("/api/session")

    def post(self, url: str, body: dict[str, Any] | None = None) -> httpx.Response:
        return self.http.post(url, json=body or {},
                              headers={"x-csrf-token": self.http.cookies.get("donjon_csrf") or ""})

    def get(self, url: str) -> httpx.Response:
        return self.http.get(url)


def _start(env: dict[str, str], folder: Path) -> ServerProcess:
    process = ServerProcess(f"sqlite:///{folder / f'flood-{free_port()}.sqlite3'}", None, env=env)
    process.wait_ready(60)
    return process


def _flood(base: str, tables: int) -> dict[str, int]:
    guest = Browser(base)
    guest.post("/api/guest")
    counts = {"created": 0, "started": 0, "refused": 0}
    seats = [{"kind": "bot", "bot": "ismcts"}] * 8
    for _ in range(tables):
        made = guest.post("/api/tables", {"game": "citadels", "players": 8, "seats": seats,
                                          "sit": False, "start": True})
        if made.status_code == 201:
            counts["created"] += 1
            counts["started"] += made.json()["table"]["status"] == "running"
        else:
            counts["refused"] += 1
    return counts


def _two_players(base: str) -> tuple[list[Browser], str]:
    people = [Browser(base), Browser(base)]
    made = people[0].post("/api/tables", {"game": "castle-rooms", "players": 2,
                                          "seats": [{"kind": "human"}] * 2})
    tid = made.json()["table"]["id"]
    people[1].post(f"/api/tables/{tid}/join", {"seat": 1})
    people[0].post(f"/api/tables/{tid}/start")
    return people, tid


def _play(base: str, moves: int, pause: float) -> list[float]:
    """``moves`` moves of two normal players; the round trip of each, in seconds."""
    people, tid = _two_players(base)
    latencies: list[float] = []
    while len(latencies) < moves:
        moved = False
        for who in people:
            state = who.get(f"/api/tables/{tid}").json()["state"]
            if state["status"] != "running":
                people, tid = _two_players(base)
                moved = True
                break
            if not state["actions"]:
                continue
            action = state["actions"][0]
            started = time.perf_counter()
            response = who.post(f"/api/tables/{tid}/moves",
                                {"action": {"kind": action["kind"], "args": action["args"]},
                                 "version": state["version"]})
            latencies.append(time.perf_counter() - started)
            if response.status_code != 200:
                raise RuntimeError(f"a normal move was refused: {response.text}")
            moved = True
            time.sleep(pause)
        if not moved:
            time.sleep(pause)
    return latencies


def _summary(latencies: list[float]) -> dict[str, float]:
    ordered = sorted(latencies)

    def pct(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1)

    return {"moves": len(ordered), "p50_ms": pct(0.50), "p99_ms": pct(0.99),
            "max_ms": round(ordered[-1] * 1000, 1),
            "mean_ms": round(statistics.fmean(ordered) * 1000, 1)}


PHASES = {
    "quiet": ({}, False),
    "before": ({"DONJON_LIMITS": json.dumps({"enforced": False})}, True),
    "after": ({}, True),
}


def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="donjon-flood-"))
    order = ["quiet"] + ["before", "after"] * args.rounds
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in PHASES}
    loads = []
    for name in order:
        env, flood = PHASES[name]
        env = {**env, "DONJON_BOT_PROCESSES": str(args.bot_processes)} if name != "before" \
            else {**env, "DONJON_BOT_PROCESSES": "0"}
        timings = folder / f"{name}-{len(results[name])}.txt"
        env = {**env, "DONJON_MOVE_TIMINGS": str(timings)}
        process = _start(env, folder)
        base = process.url
        try:
            counts = _flood(base, args.flood) if flood else {}
            time.sleep(args.settle if flood else 0)
            loads.append(os.getloadavg()[0])
            latencies = _play(base, args.moves, args.pause)
            loads.append(os.getloadavg()[0])
            server = [float(x) for x in timings.read_text().split()] if timings.exists() else []
            results[name].append({"round_trip": _summary(latencies),
                                  "server": _summary(server) if server else None,
                                  "flood": counts})
        finally:
            process.kill()
        print(name, results[name][-1], file=sys.stderr, flush=True)
    return {"phases": order, "results": results, "cpus": os.cpu_count(),
            "load_average_during": [round(x, 1) for x in loads],
            "moves_per_phase": args.moves, "flood_tables": args.flood}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m donjon.server.floodtest",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=2, help="before/after pairs")
    parser.add_argument("--moves", type=int, default=150, help="normal moves per phase")
    parser.add_argument("--flood", type=int, default=30, help="bot tables the guest tries")
    parser.add_argument("--pause", type=float, default=0.05, help="seconds between two moves")
    parser.add_argument("--settle", type=float, default=3.0,
                        help="seconds between the flood and the measure")
    parser.add_argument("--bot-processes", type=int, default=2,
                        help="DONJON_BOT_PROCESSES of the phases with protection")
    json.dump(run(parser.parse_args(argv)), sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
