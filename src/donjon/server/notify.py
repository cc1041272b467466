"""Telling a player it is their turn when they are away from the table, at turn-based tables
they do not have open: an e-mail, for those who opted in (``notify_prefs``), and a web push
notice on each device that asked for one (``push_subscriptions``), even with the site closed.

The e-mail goes through ``mail.Mailer`` (the one SMTP setting of the server: ``DONJON_SMTP_*``,
``DONJON_MAIL_FROM``, and ``DONJON_PUBLIC_URL`` for the link to the table). Web push goes
through ``webpush.WebPush`` (the standard protocol, to the push service the browser chose: the
notice is encrypted for that device and signed with the server's VAPID key), in the language
of the page the device subscribed from; a push service that no longer knows a device (404, 410)
has it forgotten, any other failure is logged and counted (``push_failed``). Each goes at most
once per player and table every ``QUIET`` seconds (counters in the database, one for e-mail,
one for push), so that a fast exchange of moves is not a flood. Both run beside the table,
in worker threads with short timeouts: a mail server or a push service down never touches it.

In the browser, the table page notices the turn itself (title, sound, a notification while the
tab is hidden; ``js/table.js``); the service worker ``/sw.js`` shows the pushed notices.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from donjon.server.i18n import t
from donjon.server.mail import Mailer
from donjon.server.webpush import GIVE_UP, GONE, SENT, WebPush

if TYPE_CHECKING:
    from donjon.server.lifestore import LifeStore

log = logging.getLogger("donjon.server")

#: seconds between two e-mails (or two pushes) to one player about one table
QUIET = 600


class Notifier:
    def __init__(self, mailer: Mailer | None, push: WebPush | None = None):
        self.mailer = mailer if mailer is not None and mailer.enabled else None
        self.push = push
        #: e-mails sent; pushes a push service took, devices it had dropped, and failures
        self.sent = 0
        self.pushed = 0
        self.push_gone = 0
        self.push_failed = 0

    @property
    def smtp(self) -> Mailer | None:
        return self.mailer

    @classmethod
    def from_env(cls) -> Notifier:
        try:
            return cls(Mailer.from_env())
        except ValueError:  # a wrong setting: said when it is used for a reset; no notices
            log.exception("e-mail settings")
            return cls(None)

    async def your_turn(self, life: LifeStore, user_id: int, table_id: str, title: str) -> None:
        """Tell ``user_id`` it is their turn at ``table_id`` (a game of ``title``): by e-mail
        and by push, each if they asked for it and has not been told within ``QUIET``."""
        await asyncio.gather(self._mail(life, user_id, table_id, title),
                             self._push(life, user_id, table_id, title))

    async def _mail(self, life: LifeStore, user_id: int, table_id: str, title: str) -> None:
        mailer = self.mailer
        if mailer is None:
            return
        try:
            address = await asyncio.to_thread(life.turn_address, user_id)
            if not address:
                return
            period = int(time.time() // QUIET)
            if await asyncio.to_thread(life.hit, f"mail:{user_id}:{table_id}", period, QUIET) > 1:
                return
            link = mailer.link(f"/table/{table_id}")
            text = (f"It is your turn at {title}.\n\n{link}\n\n"
                    f"À vous de jouer à {title}.\n\n"
                    "(You get this e-mail because you asked for one when it is your turn; "
                    "turn it off in the lobby.)\n")
            await asyncio.to_thread(mailer.send, address, f"Your turn at {title} — donjon", text)
            self.sent += 1
        except Exception:  # noqa: BLE001 - a mail server down must not touch the table
            log.exception("could not tell user %s it is their turn at %s", user_id, table_id)

    async def _push(self, life: LifeStore, user_id: int, table_id: str, title: str) -> None:
        push = self.push
        if push is None:
            return
        try:
            devices = await asyncio.to_thread(push.store.subscriptions_of, user_id)
            if not devices:
                return
            period = int(time.time() // QUIET)
            if await asyncio.to_thread(life.hit, f"push:{user_id}:{table_id}", period, QUIET) > 1:
                return
            await asyncio.gather(*(self._push_one(push, device, table_id, title)
                                   for device in devices))
        except Exception:  # noqa: BLE001 - a push service down must not touch the table
            log.exception("could not push user %s their turn at %s", user_id, table_id)

    async def _push_one(self, push: WebPush, device: dict[str, Any], table_id: str,
                        title: str) -> None:
        lang = str(device.get("lang") or "en")
        payload = {"title": t(lang, "your_turn_notification", game=title),
                   "body": t(lang, "push_turn_body"), "url": f"/table/{table_id}",
                   "tag": f"turn-{table_id}"}
        outcome, why = await asyncio.to_thread(push.send, device, payload, f"turn-{table_id}")
        if outcome == SENT:
            if device.get("failures"):
                await asyncio.to_thread(push.store.delivered, device["id"])
            self.pushed += 1
        elif outcome == GONE:
            log.info("push device %s of user %s is gone (%s)", device["id"],
                     device["user_id"], why)
            await asyncio.to_thread(push.store.gone, device["id"])
            self.push_gone += 1
        else:
            log.warning("push to device %s of user %s failed: %s", device["id"],
                        device["user_id"], why)
            await asyncio.to_thread(push.store.failed, device["id"], why, GIVE_UP)
            self.push_failed += 1  # counted once stored: who reads the count finds the record
