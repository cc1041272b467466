"""A local SMTP server that keeps what it is sent (``aiosmtpd``), and an app that mails to it.

``mail_sink`` (a fixture every server test can ask for: conftest imports it) gives a ``Sink``
with ``.messages`` (``email.message.EmailMessage``) and ``.mailer`` (a ``mail.Mailer`` for it,
the site at ``http://testserver``)."""

from __future__ import annotations

import email
import email.policy
import threading
import time
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

from donjon.server.mail import Mailer
from donjon.server.spawned import free_port


class Sink:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.arrived = threading.Condition()
        self.mailer = Mailer()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.arrived:
            self.messages.append(message)  # type: ignore[arg-type]
            self.arrived.notify_all()
        return "250 OK"

    def wait(self, count: int = 1, timeout: float = 10.0) -> list[EmailMessage]:
        """The messages, once at least ``count`` have arrived."""
        deadline = time.monotonic() + timeout
        with self.arrived:
            while len(self.messages) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(self.messages)} e-mail(s) arrived, not {count}")
                self.arrived.wait(left)
            return list(self.messages)

    @staticmethod
    def text(message: EmailMessage) -> str:
        body = message.get_body(preferencelist=("plain",))
        assert body is not None
        return body.get_content()


@pytest.fixture
def mail_sink():
    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    sink.mailer = Mailer(host="127.0.0.1", port=port, public_url="http://testserver")
    try:
        yield sink
    finally:
        controller.stop()
