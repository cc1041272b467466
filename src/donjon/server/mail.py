"""E-mail: password resets (``accounts``) and turn notices. One module, one setting.

The server sends through an SMTP relay named by settings (environment variables):

- ``DONJON_SMTP_HOST`` (no host: no e-mail; the features that need it say so), ``DONJON_SMTP_PORT``
  (25, or 465 with ``ssl``, 587 with ``starttls``), ``DONJON_SMTP_SECURITY`` (``none``,
  ``starttls``, ``ssl``), ``DONJON_SMTP_USER`` and ``DONJON_SMTP_PASSWORD`` (to log in, if set),
  ``DONJON_MAIL_FROM`` (the sender, ``donjon <noreply@localhost>`` by default);
- ``DONJON_PUBLIC_URL``: the site's address as players reach it (``https://donjon.example``),
  for the links an e-mail carries. Never taken from a request's ``Host``: a forged one would
  send a reset link to the forger's site.

``Mailer.send`` blocks (``smtplib``): call it from a worker thread. The tests send to a local
``aiosmtpd`` sink.
"""

from __future__ import annotations

import os
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid


@dataclass(frozen=True)
class Mailer:
    host: str | None = None
    port: int = 25
    security: str = "none"
    user: str | None = None
    password: str | None = None
    sender: str = formataddr(("donjon", "noreply@localhost"))
    public_url: str | None = None
    timeout: float = 20.0

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Mailer:
        env = dict(os.environ) if env is None else env
        security = env.get("DONJON_SMTP_SECURITY", "none").strip().lower() or "none"
        if security not in ("none", "starttls", "ssl"):
            raise ValueError("DONJON_SMTP_SECURITY is none, starttls or ssl")
        port = {"none": 25, "starttls": 587, "ssl": 465}[security]
        return cls(
            host=env.get("DONJON_SMTP_HOST") or None,
            port=int(env.get("DONJON_SMTP_PORT") or port),
            security=security,
            user=env.get("DONJON_SMTP_USER") or None,
            password=env.get("DONJON_SMTP_PASSWORD") or None,
            sender=env.get("DONJON_MAIL_FROM") or cls.sender,
            public_url=(env.get("DONJON_PUBLIC_URL") or "").rstrip("/") or None,
        )

    @property
    def enabled(self) -> bool:
        """Whether e-mail can be sent with links in it: a relay and the site's address."""
        return bool(self.host and self.public_url)

    def link(self, path: str) -> str:
        """The absolute address of ``path`` on this site, for an e-mail."""
        if not self.public_url:
            raise RuntimeError("DONJON_PUBLIC_URL is not set")
        return f"{self.public_url}{path}"

    def send(self, to: str, subject: str, text: str) -> None:
        """Send one plain-text message; raises ``OSError`` or ``smtplib.SMTPException``."""
        if not self.host:
            raise RuntimeError("DONJON_SMTP_HOST is not set")
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message["Message-ID"] = make_msgid(domain="donjon")
        message.set_content(text)
        smtp: smtplib.SMTP
        if self.security == "ssl":
            smtp = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout,
                                    context=ssl.create_default_context())
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        with smtp:
            if self.security == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message)
