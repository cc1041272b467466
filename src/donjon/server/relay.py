"""Several server processes on one database: each tells the others, through Redis, that it
changed a table or the lobby (``donjon serve --redis URL``).

A message says only which table changed, its new version and whether only by a move (then the
others read only the log's new entries; ``donjon:<site>:table:<id>``), or
the number of a chat message sent there, or that the lobby changed (``…:lobby``), or that a
person's sessions ended (``…:sessions``: they logged out, or reset their password), or which
tables a process that stops hands over (``…:handover``), and which process sent it: never
anything of a game's state or a chat's text, so nothing hidden crosses Redis (each process reads
the rest from the database). Which process drives a table's bots and clocks is decided by leases
in the same Redis (``relayleases``, ``…:lease:<id>``). A process that has the table loaded
catches up from the database's move log and tells its own connections, each its own seat's view
(``catchup``). Publishing never waits on Redis: messages queue and go out in order. Redis is a
wake-up call, not the truth: a message lost while Redis is away is made up for by catching every
loaded table up once the subscription is back.

``<site>`` is the database's own name, made once and kept in it (``site_name``): the processes
of one site share it without being told, and two sites sharing one Redis never hear each other's
news nor take each other's leases (their table ids and user numbers may coincide).

Only this module and ``relayleases`` import ``redis``, and only ``app`` with a Redis URL imports
them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any, Protocol

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from donjon.server.relayleases import RedisLeases

log = logging.getLogger("donjon.server")

#: the longest pause between two attempts to subscribe again after Redis went away
MAX_BACKOFF_SECONDS = 5.0
#: the most messages sent in one round trip to Redis
PUBLISH_BATCH = 500


class Listener(Protocol):
    """What a process does with another process's news (the table manager, ``catchup``)."""

    def table_changed_elsewhere(self, table_id: str, version: int, move: bool = False) -> None:
        ...

    def lobby_changed_elsewhere(self) -> None:
        ...

    def chat_sent_elsewhere(self, table_id: str, message_id: int) -> None:
        ...

    def catch_up_all(self) -> None:
        ...

    def sessions_ended_elsewhere(self, user_id: int) -> None:
        ...

    def handed_over(self, table_ids: list[str]) -> None:
        ...

    def lease_lost(self, table_id: str) -> None:
        ...


def site_prefix(site: str) -> str:
    """What every channel and key of the site named ``site`` begins with."""
    return f"donjon:{site}:"


def new_site_name() -> str:
    """A site's name, made once when its database is first used with Redis (``store.setting``)."""
    return secrets.token_hex(6)


class Relay:
    """This process's publisher and subscriber for the site named ``site`` (its database's:
    ``new_site_name``). ``start`` subscribes before the process serves anyone (an unreachable
    Redis stops the start-up); ``close`` at shutdown."""

    def __init__(self, url: str, listener: Listener, site: str) -> None:
        self.client = aioredis.from_url(url, decode_responses=True)
        self.listener = listener
        self.site = site
        prefix = site_prefix(site)
        self.table_prefix = prefix + "table:"
        self.lobby_channel = prefix + "lobby"
        self.sessions_channel = prefix + "sessions"
        self.handover_channel = prefix + "handover"
        #: this process's name in its messages: its own are ignored when they come back
        self.origin = secrets.token_hex(8)
        self.outgoing: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.subscribed = False
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        #: which tables this process drives
        self.leases = RedisLeases(self.client, self.origin, on_lost=listener.lease_lost,
                                  prefix=prefix + "lease:")

    async def start(self) -> None:
        self._pubsub = await self._subscribe()
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._publish())]
        self.leases.start()

    async def hand_over(self) -> None:
        """At shutdown, once this process drives nothing any more: its leases are let go and
        the others told which tables to take over (sent now, not queued: the process is about
        to exit)."""
        tables = await self.leases.hand_over()
        if not tables:
            return
        message = json.dumps({"origin": self.origin, "tables": tables})
        try:
            await self.client.publish(self.handover_channel, message)
        except (RedisError, OSError) as error:  # the leases lapsed anyway: taken within ttl
            log.warning("relay: cannot announce the hand-over of %s tables (%s)", len(tables),
                        error)
        else:
            log.info("relay: handed over %s tables", len(tables))

    async def close(self) -> None:
        await self.leases.stop()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.client.aclose()

    # -- what this process says ------------------------------------------------------------------

    def table_changed(self, table_id: str, version: int, move: bool = False) -> None:
        message: dict[str, Any] = {"origin": self.origin, "table": table_id, "version": version}
        if move:  # only the log grew: the others read only its new entries
            message["move"] = True
        self.outgoing.put_nowait((self.table_prefix + table_id, json.dumps(message)))

    def lobby_changed(self) -> None:
        self.outgoing.put_nowait((self.lobby_channel, json.dumps({"origin": self.origin})))

    def chat_sent(self, table_id: str, message_id: int) -> None:
        message = {"origin": self.origin, "table": table_id, "chat": message_id}
        self.outgoing.put_nowait((self.table_prefix + table_id, json.dumps(message)))

    async def sessions_ended(self, user_id: int) -> None:
        """Sent before the logout is answered: the person's next request, wherever it lands,
        finds their sessions ended (``session.user_of`` reads them from the database)."""
        message = json.dumps({"origin": self.origin, "user": user_id})
        try:
            await self.client.publish(self.sessions_channel, message)
        except (RedisError, OSError) as error:
            # their sessions have ended in the database all the same; only sockets stay open
            log.warning("relay: cannot announce that user %s logged out (%s)", user_id, error)

    async def _publish(self) -> None:
        """Everything queued goes out in one round trip (a pipeline keeps the order): one
        publish awaited at a time could not keep up with a busy process, whose every move is
        news, once its event loop takes a few milliseconds a turn."""
        while True:
            batch = [await self.outgoing.get()]
            while not self.outgoing.empty() and len(batch) < PUBLISH_BATCH:
                batch.append(self.outgoing.get_nowait())
            for attempt in range(3):
                try:
                    if len(batch) == 1:  # a pipeline costs a third more CPU for one message
                        await self.client.publish(*batch[0])
                    else:
                        pipe = self.client.pipeline(transaction=False)
                        for channel, message in batch:
                            pipe.publish(channel, message)
                        await pipe.execute()
                    break
                except (RedisError, OSError) as error:
                    # sent again whole: news twice is harmless (a catch-up finds nothing new);
                    # after three failures the others catch up when they next act on the table
                    # or resubscribe
                    log.warning("relay: cannot publish %s messages (%s)", len(batch), error)
                    await asyncio.sleep(0.2 * (attempt + 1))

    # -- what the others say ---------------------------------------------------------------------

    async def _subscribe(self) -> Any:
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.lobby_channel, self.sessions_channel, self.handover_channel)
        await pubsub.psubscribe(self.table_prefix + "*")
        self.subscribed = True
        return pubsub

    async def _listen(self) -> None:
        backoff = 0.1
        while True:
            try:
                if self._pubsub is None:
                    self._pubsub = await self._subscribe()
                    log.info("relay: subscribed again; catching up every loaded table")
                    self.listener.catch_up_all()
                    backoff = 0.1
                async for message in self._pubsub.listen():
                    self.received(message)
            except (RedisError, OSError) as error:
                log.warning("relay: Redis went away (%s); subscribing again", error)
            self.subscribed = False
            if self._pubsub is not None:
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()
                self._pubsub = None
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, MAX_BACKOFF_SECONDS)

    def received(self, message: dict[str, Any]) -> None:
        """One message from Redis: another process's news is handed on, this one's ignored."""
        if message.get("type") not in ("message", "pmessage"):
            return
        try:
            body = json.loads(message["data"])
            if body.get("origin") == self.origin:
                return
            if message["channel"] == self.lobby_channel:
                self.listener.lobby_changed_elsewhere()
            elif message["channel"] == self.sessions_channel:
                user_id = body["user"]
                if type(user_id) is not int:
                    raise TypeError("user")
                self.listener.sessions_ended_elsewhere(user_id)
            elif message["channel"] == self.handover_channel:
                tables = body["tables"]
                if not isinstance(tables, list) or not all(isinstance(t, str) for t in tables):
                    raise TypeError("tables")
                self.listener.handed_over(tables)
            elif "chat" in body:
                table_id, message_id = body["table"], body["chat"]
                if not isinstance(table_id, str) or type(message_id) is not int:
                    raise TypeError("table or chat message")
                self.listener.chat_sent_elsewhere(table_id, message_id)
            else:
                table_id, version = body["table"], body["version"]
                if not isinstance(table_id, str) or type(version) is not int:
                    raise TypeError("table or version")
                self.listener.table_changed_elsewhere(table_id, version, body.get("move") is True)
        except (ValueError, TypeError, KeyError, AttributeError):
            log.warning("relay: a message that is not ours on %s", message.get("channel"))
