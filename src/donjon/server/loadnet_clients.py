"""The network load driver's parts (``loadnet``): a person's HTTP session, a seat's WebSocket,
a table played by two such seats and the measure of each of its moves.

A seat moves as the web page does: ``{"type": "act", "action": {kind, args}, "version"}`` on its
table's WebSocket, an action drawn at random from those its own last ``state`` message offers,
and moves again only once that one is answered (``accepted``, or an error).
A move is timed from that send until the *other* seat's WebSocket receives a ``state`` of a later
version (the update carrying it: with two people taking turns, exactly that one).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import ssl
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

#: one TLS context for every client: httpx would build one per client (milliseconds each)
_TLS = ssl.create_default_context()
#: a refusal that is the server's normal answer to a race (two seats' simultaneous choices):
#: counted apart, not an error; the seat resyncs, as the page does
RACES = {"stale"}


class Refused(Exception):
    def __init__(self, path: str, response: httpx.Response) -> None:
        try:
            self.code = str(response.json().get("error"))
        except ValueError:
            self.code = f"http_{response.status_code}"
        super().__init__(f"{path}: {response.status_code} {response.text[:200]}")


class Measure:
    """What the run saw: moves and their latencies in the window, stalls, ends, errors."""

    def __init__(self, stall_s: float) -> None:
        self.stall_s = stall_s
        self.start_at = math.inf  # the window: after the warm-up, until the deadline
        self.end_at = math.inf
        self.latencies: list[float] = []
        self.sent = 0
        self.finished = 0
        self.stalls = 0
        self.longest_wait = 0.0
        self.errors: Counter[str] = Counter()
        self.samples: list[str] = []
        self.races: Counter[str] = Counter()
        #: the driver's own garbage collections in the window, in seconds (``collections``)
        self.pauses: list[float] = []
        self._collecting_since = 0.0

    def collections(self, phase: str, info: dict[str, Any]) -> None:
        """``gc.callbacks``: how long each of the driver's own collections paused it. A pause
        delays the moves it would have timed, which it counts as the server's latency: the
        report shows the longest, to tell the two apart."""
        now = time.perf_counter()
        if phase == "start":
            self._collecting_since = now
        elif self.inside(now):
            self.pauses.append(now - self._collecting_since)

    def inside(self, moment: float) -> bool:
        return self.start_at <= moment <= self.end_at

    def error(self, kind: str, detail: object) -> None:
        self.errors[kind] += 1
        if len(self.samples) < 10:
            self.samples.append(f"{kind}: {detail}"[:300])


class Person:
    """One browser on one server: a guest's session (a person's account without a password),
    its cookies and CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        # an idle connection is dropped before the server's own 5 s (uvicorn's keep-alive):
        # reused at the moment the server closes it, a request would fail (ReadError)
        self.http = httpx.AsyncClient(base_url=base, timeout=60, verify=_TLS,
                                      limits=httpx.Limits(keepalive_expiry=2))

    async def open(self) -> None:
        await self.http.get("/api/session")
        await self.post("/api/guest")

    async def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        response = await self.http.post(
            path, json=body or {}, headers={"x-csrf-token": self.http.cookies.get("donjon_csrf") or ""})
        if response.status_code >= 400:
            raise Refused(path, response)
        return response

    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.http.cookies.jar)

    async def close(self) -> None:
        await self.http.aclose()


@dataclass(slots=True)
class Sight:
    """What a seat keeps of its last state message: the rest (the view, the log) is let go at
    once, so that thousands of seats' states do not pile up in the driver's own garbage
    collector's older generations and lengthen its pauses, which the latencies would count."""

    status: str
    version: int
    #: each legal action's identity: kind and args
    actions: list[tuple[str, Any]]


class Seat:
    """One person's WebSocket to a table, and what it last saw there."""

    def __init__(self, table: Table, index: int, person: Person) -> None:
        self.table, self.index, self.person = table, index, person
        self.ws: ClientConnection | None = None
        #: the last state seen, only what a move needs (``Sight``)
        self.state: Sight | None = None
        self.pending: int | None = None  # the version its move in flight was made on
        self.busy = False  # pausing before a move, or sending it
        self.reader: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        url = "ws" + self.person.base.removeprefix("http") + f"/ws/tables/{self.table.id}"
        self.ws = await connect(url, additional_headers={"Cookie": self.person.cookie()},
                                open_timeout=60, max_size=2**24, max_queue=None)
        self.reader = asyncio.get_running_loop().create_task(self.read(self.ws))

    async def read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                # parsed in a method of its own: no parsed message stays referenced by this
                # loop while the next is awaited (``Sight``)
                self.received(raw)
        except (ConnectionClosed, OSError) as error:
            if not self.table.ended:
                self.table.measure.error("connection_lost", error)
                self.table.end()
        else:
            if not self.table.ended:
                self.table.measure.error("connection_closed", f"table {self.table.id}")
                self.table.end()

    def received(self, raw: str | bytes) -> None:
        message = orjson.loads(raw)
        kind = message.get("type")
        if kind == "state":
            self.table.on_state(self, message)
        elif kind == "accepted":
            self.table.on_accepted(self)
        elif kind == "error":
            self.table.on_error(self, message)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        try:
            await self.ws.send(orjson.dumps(message).decode())
        except (ConnectionClosed, OSError) as error:
            if not self.table.ended:
                self.table.measure.error("send_failed", error)
                self.table.end()

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(WebSocketException, OSError):
                await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader


class Table:
    """A table of two people (and bots in the other seats, if any), each on their own server,
    playing to the end. ``pause``: the mean seconds between two moves of the table (0: each
    seat moves as soon as it may)."""

    def __init__(self, measure: Measure, people: list[Person], game: str, players: int,
                 bots: str, pause: float) -> None:
        self.measure = measure
        self.people = people
        self.game, self.players, self.bots, self.pause = game, players, bots, pause
        self.id = ""
        self.seats = [Seat(self, i, person) for i, person in enumerate(people)]
        self.version = -1
        self.in_flight: dict[tuple[int, int], float] = {}  # (seat, version seen): when sent
        self.last_progress = time.perf_counter()
        self.next_at = 0.0  # no move before this (the human profile's pauses)
        self.stalled = False
        self.ended = False
        self.done = asyncio.Event()
        self.tasks: set[asyncio.Task[None]] = set()

    async def setup(self) -> None:
        """Created by the first person on their server, joined by the second on theirs, both
        WebSockets open, then started."""
        first, second = self.people
        seats = [{"kind": "human"}] * 2 + [{"kind": "bot", "bot": self.bots}] * (self.players - 2)
        made = await first.post("/api/tables", {"game": self.game, "players": self.players,
                                                "seats": seats})
        self.id = made.json()["table"]["id"]
        await second.post(f"/api/tables/{self.id}/join", {"seat": 1})
        await asyncio.gather(*(seat.connect() for seat in self.seats))
        for attempt in range(50):  # the join may not have reached the first server yet
            try:
                await first.post(f"/api/tables/{self.id}/start")
                break
            except Refused as refused:
                if refused.code != "seats_free" or attempt == 49:
                    raise
                await asyncio.sleep(0.1)
        self.last_progress = time.perf_counter()
        if self.pause:
            self.next_at = self.last_progress + random.expovariate(1 / self.pause)

    def waited(self, now: float) -> float:
        """How long the table has been expected to move on without doing so: its oldest move
        in flight, else since its last progress or the end of its pause."""
        if self.in_flight:
            return now - min(self.in_flight.values())
        if any(seat.busy for seat in self.seats) and now < self.next_at:
            return 0.0
        return now - max(self.last_progress, self.next_at)

    def on_state(self, seat: Seat, message: dict[str, Any]) -> None:
        now = time.perf_counter()
        version = message["version"]
        seat.state = Sight(message["status"], version,
                           [(action["kind"], action["args"]) for action in message["actions"]])
        if version > self.version:
            self.version, self.last_progress, self.stalled = version, now, False
        for key, sent in list(self.in_flight.items()):
            if key[0] != seat.index and key[1] < version:  # the other seat sees the move
                del self.in_flight[key]
                if self.measure.inside(sent) and now <= self.measure.end_at:
                    self.measure.latencies.append(now - sent)
        if message["status"] in ("finished", "closed"):
            if not self.ended and self.measure.inside(now):
                self.measure.finished += 1
            self.end()
            return
        self._play_if_due(seat)

    def on_accepted(self, seat: Seat) -> None:
        """The seat's move landed (its state came just before): it may move again, as the page
        may; a state of another seat's move in between did not answer it."""
        seat.pending = None
        if not self.ended:
            self._play_if_due(seat)

    def _play_if_due(self, seat: Seat) -> None:
        """The seat moves if its last state offers it a move and none of its own is awaited."""
        state = seat.state
        if state is not None and state.status == "running" and state.actions \
                and seat.pending is None and not seat.busy:
            self._spawn(self.play(seat))

    def on_error(self, seat: Seat, message: dict[str, Any]) -> None:
        code = str(message.get("error"))
        if code in RACES:
            self.measure.races[code] += 1
        else:
            self.measure.error(f"refused_{code}", message.get("message"))
        if seat.pending is not None:
            self.in_flight.pop((seat.index, seat.pending), None)
            seat.pending = None
        self._spawn(seat.send({"type": "sync"}))  # as the page does: everything again

    async def play(self, seat: Seat) -> None:
        seat.busy = True
        try:
            while (wait := self.next_at - time.perf_counter()) > 0:
                await asyncio.sleep(wait)
            state = seat.state
            if self.ended or state is None or seat.pending is not None \
                    or state.status != "running" or not state.actions:
                return
            kind, args = random.choice(state.actions)
            now = time.perf_counter()
            if self.pause:
                self.next_at = now + random.expovariate(1 / self.pause)
            seat.pending = state.version
            self.in_flight[(seat.index, state.version)] = now
            self.measure.sent += self.measure.inside(now)
            await seat.send({"type": "act", "version": state.version,
                             "action": {"kind": kind, "args": args}})
        finally:
            seat.busy = False

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def end(self) -> None:
        self.ended = True
        self.done.set()

    async def close(self) -> None:
        self.end()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*(seat.close() for seat in self.seats))
