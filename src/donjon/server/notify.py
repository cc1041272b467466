"""Telling a player it is their turn when they are away from the table: an e-mail, for those who
opted in (``notify_prefs``), at turn-based tables they do not have open.

The e-mail goes through ``mail.Mailer`` (the one SMTP setting of the server: ``DONJON_SMTP_*``,
``DONJON_MAIL_FROM``, and ``DONJON_PUBLIC_URL`` for the link to the table). At most one e-mail
per player and table every ``QUIET`` seconds (a counter in the database), so that a fast
exchange of moves is not a flood of e-mails.

In the browser, the table page notices the turn itself (title, sound, a notification while the
tab is hidden; ``js/table.js``). Web push (a notification with the site closed) needs a push
service that the browser chooses and the server must reach (Google's, Mozilla's, Apple's): not
reachable from this project's test machines, so not offered yet.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from donjon.server.mail import Mailer

if TYPE_CHECKING:
    from donjon.server.lifestore import LifeStore

log = logging.getLogger("donjon.server")

#: seconds between two e-mails to one player about one table
QUIET = 600


class Notifier:
    def __init__(self, mailer: Mailer | None):
        self.mailer = mailer if mailer is not None and mailer.enabled else None
        self.sent = 0

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
